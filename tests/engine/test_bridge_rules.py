"""RULINGS.md §bridge, rule by rule, and the choices engine/bridge/__init__.py states:
the board cycle, every auction legality rule with its refusal, declarer and dummy, the
play, forfeits, the match, notation and replay."""

from __future__ import annotations

import pytest

import engine
from engine.bridge import (
    BoardDealt,
    BoardScored,
    BridgeState,
    Contract,
    Doubling,
    DummyExposed,
    Phase,
    Strain,
    Vulnerability,
    dealer_of,
    vulnerability_of,
)

HANDS = ("AKQJ.AKQ.AKQ.AKQ", "T98.JT9.JT9.JT98", "765.876.876.7652", "432.5432.5432.43")


def deal(boards: int = 1) -> BridgeState:
    return engine.load("bridge").new_match(seed=1, deals=boards, hands=list(HANDS))


def say(state: BridgeState, calls: str) -> None:
    for call in calls.split():
        state.apply(call)


def refused(state: BridgeState, action: str) -> str:
    before = state.history
    with pytest.raises(engine.IllegalAction) as caught:
        state.apply(action)
    assert state.history == before  # a refused action leaves the state untouched
    return str(caught.value)


# --- 1. dealer and vulnerability by board number ----------------------------------------

LAW_2 = "None NS EW Both NS EW Both None EW Both None NS Both None NS EW".split()


@pytest.mark.parametrize("board", range(1, 33))
def test_board_number_fixes_dealer_and_vulnerability(board: int):
    assert dealer_of(board) == (board - 1) % 4
    expected = {"None": Vulnerability.NONE, "NS": Vulnerability.NS, "EW": Vulnerability.EW, "Both": Vulnerability.BOTH}
    assert vulnerability_of(board) is expected[LAW_2[(board - 1) % 16]]


def test_each_board_of_a_match_is_dealt_by_the_next_seat():
    state = engine.load("bridge").new_match(seed=3, deals=5)
    for board in range(1, 6):
        dealt = state.history[-1] if isinstance(state.history[-1], BoardDealt) else None
        assert dealt is not None and dealt.board == board and state.current_seat() == dealt.dealer == (board - 1) % 4
        assert dealt.vulnerability is vulnerability_of(board)
        say(state, "pass pass pass pass")
    assert state.is_terminal() and len(state.deal_results()) == 5


def test_vulnerability_changes_the_score():
    game = engine.load("bridge")
    cards = engine.bridge.check_deal(list(HANDS))
    state = BridgeState(game, 1, 2, [cards, cards])  # the same cards on both boards
    say(state, "pass pass pass pass")  # board 1 passed out; board 2: East deals, N-S vulnerable
    assert state.vulnerability is Vulnerability.NS and state.current_seat() == 1
    say(state, "pass pass pass 7NT pass pass pass")  # North declares
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert [e.score for e in state.history if isinstance(e, BoardScored)] == [0, 2220]


def test_new_match_can_start_at_any_board_with_its_dealer_and_vulnerability():
    game = engine.load("bridge")
    state = game.new_match(hands=list(HANDS), deals=2, board=5)
    (dealt,) = state.history
    assert (dealt.board, dealt.dealer, dealt.vulnerability) == (5, 0, Vulnerability.NS)
    assert [h.cards for h in dealt.hands] == list(engine.bridge.check_deal(list(HANDS)))
    assert (state.board, state.dealer, state.current_seat(), state.view(2).board) == (5, 0, 0, 5)
    say(state, "7NT pass pass pass")  # North deals and declares, vulnerable
    while state.board == 5:
        state.apply(state.legal_actions()[0])
    assert [e.score for e in state.history if isinstance(e, BoardScored)] == [2220]
    # The next board is 6 (East deals, E-W vulnerable), dealt from the seed as board 6 is;
    # the match still has its 2 boards, nothing forfeited before them.
    assert (state.dealer, state.vulnerability, state.current_seat()) == (1, Vulnerability.EW, 1)
    usual = game.new_match(seed=0, deals=6)
    for _ in range(5):
        say(usual, "pass pass pass pass")
    assert state.history[-1].hands == usual.history[-1].hands
    say(state, "pass pass pass pass")
    assert state.is_terminal() and [r.deal for r in state.deal_results()] == [5, 6]
    assert str(state.history[-1]).startswith("match over after 2 boards")
    assert game.replay(state.history).history == state.history
    boards = [dict(scene.table)["board"] for scene in game.scenes(state.history)]
    assert boards[0] == "5 (1 of 2)" and boards[-1] == "6 (2 of 2)"


@pytest.mark.parametrize("board", [0, -1, "5"])
def test_a_first_board_that_is_not_a_board_number_is_refused(board):
    with pytest.raises(engine.OptionError, match=rf"cannot be number {board!r}: boards are numbered 1, 2, 3"):
        engine.load("bridge").new_match(board=board)


# --- 2. the auction -----------------------------------------------------------------------


def test_an_insufficient_bid_is_refused_with_the_rule():
    state = deal()
    say(state, "1S")
    assert "insufficient" in refused(state, "1H") and "1S" in refused(state, "1H")
    assert "1H" not in {a.text for a in state.legal_actions()}
    say(state, "1NT")  # same level, higher strain: sufficient
    assert refused(state, "1NT").startswith("Bid '1NT' by S is insufficient")


def test_double_only_the_opponents_last_bid():
    state = deal()
    assert "nobody has bid" in refused(state, "X")
    say(state, "1H")
    assert "X" in {a.text for a in state.legal_actions()}  # East, an opponent
    say(state, "pass")
    assert "own side's bid" in refused(state, "X")  # South: partner's bid
    say(state, "pass")
    say(state, "X")  # West, after two passes: still the opponents' last bid
    assert state.auction[-1].text == "X"
    assert "own side's bid" in refused(state, "X")  # North: its own bid
    say(state, "pass")
    assert "doubled already" in refused(state, "X")  # East: doubled by its partner already


def test_redouble_only_an_opponents_double_of_ones_own_bid():
    state = deal()
    assert "cannot redouble" in refused(state, "XX")
    say(state, "1H")
    assert "has not been doubled" in refused(state, "XX")
    say(state, "X")
    assert "XX" in {a.text for a in state.legal_actions()}  # South, partner of the bidder
    say(state, "pass")
    assert "own side's" in refused(state, "XX")  # West cannot redouble its partner's double
    say(state, "pass XX")  # North, the bidder, redoubles
    assert "redoubled already" in refused(state, "XX")


def test_a_new_bid_cancels_double_and_redouble():
    state = deal()
    say(state, "1H X XX 1S pass pass pass")
    assert state.contract == Contract(1, Strain.SPADES, Doubling.UNDOUBLED, 3)


def test_the_auction_goes_on_after_three_opening_passes():
    state = deal()
    say(state, "pass pass pass")
    assert state.phase is Phase.AUCTION and state.current_seat() == 3
    say(state, "1C pass pass pass")
    assert state.contract == Contract(1, Strain.CLUBS, Doubling.UNDOUBLED, 3)


def test_three_passes_after_a_double_end_the_auction_doubled():
    state = deal()
    say(state, "4S X pass pass pass")
    assert state.contract == Contract(4, Strain.SPADES, Doubling.DOUBLED, 0)


def test_four_passes_pass_the_board_out_for_zero():
    state = deal()
    say(state, "pass pass pass pass")
    result = state.deal_results()[0]
    assert result.scores == (0.0, 0.0, 0.0, 0.0) and result.ranks == (0, 0, 0, 0)


def test_calls_in_the_play_and_cards_in_the_auction_are_refused():
    state = deal()
    assert "must call" in refused(state, "SA")
    say(state, "1NT pass pass pass")
    assert "must play a card" in refused(state, "pass")
    assert "does not hold" in refused(state, "SA")  # East leads; North holds the ace


# --- 3. declarer, dummy and the play --------------------------------------------------------


def test_declarer_is_the_first_of_the_side_to_name_the_final_strain():
    state = deal()
    say(state, "1H pass 2C pass 2H pass 4H pass pass pass")
    assert state.contract is not None and state.contract.declarer == 0  # North bid hearts first
    other = deal()
    say(other, "1C pass 1H pass 2H pass pass pass")
    assert other.contract is not None and other.contract.declarer == 2


def test_the_opponents_strain_does_not_make_a_declarer():
    state = deal()
    say(state, "1H 2H 3H pass pass pass")  # East named hearts (a cue bid); North's side plays it
    assert state.contract is not None and state.contract.declarer == 0


def test_the_dummy_is_exposed_after_the_opening_lead_only():
    state = deal()
    say(state, "1NT pass pass pass")  # North declares, East leads, South is dummy
    for seat in range(4):
        view = state.view(seat)
        assert view.dummy == () and view.dummy_seat == 2
        assert not any(isinstance(e, DummyExposed) for e in view.deal_events)
    state.apply("HJ")
    exposed = [e for e in state.history if isinstance(e, DummyExposed)]
    assert len(exposed) == 1 and exposed[0].seat == 2 and len(exposed[0].cards) == 13
    for seat in range(4):
        assert state.view(seat).dummy == state.view(2).hand


def test_only_the_declarers_bot_is_asked_and_for_both_hands():
    state = deal()
    say(state, "1NT pass pass pass")
    asked = []
    while not state.is_terminal():
        turn = state.turn()
        assert turn is not None
        asked.append((turn.seat, turn.acting_seat))
        state.apply(state.legal_actions()[-1])
    assert all(seat != 2 for seat, _ in asked)  # the dummy's own bot never decides
    assert {acting for seat, acting in asked if seat == 0} == {0, 2}
    assert all(seat == acting for seat, acting in asked if seat != 0)


def test_the_declarers_view_names_the_hand_to_play():
    state = deal()
    say(state, "1NT pass pass pass HJ")
    view = state.view(0)
    assert view.to_play == 2 and view.hand == state.view(0).hand and "H8" in view.dummy


# --- forfeits and the match -------------------------------------------------------------------


def test_a_fault_ends_the_board_with_its_side_last():
    state = deal(boards=2)
    say(state, "1NT pass")
    state.forfeit(2, "timeout")
    result = state.deal_results()[0]
    assert result.forfeit == 2 and result.ranks == (1, 0, 1, 0) and result.scores == (0.0,) * 4
    assert state.board == 2 and state.current_seat() == 1  # the next board goes on


def test_the_declarer_can_fault_while_playing_for_the_dummy():
    state = deal()
    say(state, "1NT pass pass pass HJ")
    assert state.turn().acting_seat == 2  # type: ignore[union-attr]
    state.forfeit(0, "crash")
    assert state.is_terminal() and state.deal_results()[0].ranks == (1, 0, 1, 0)
    with pytest.raises(engine.IllegalAction, match="match is over"):
        state.forfeit(1, "late")


def test_the_match_ends_after_its_boards_with_the_sides_totals():
    state = engine.load("bridge").new_match(seed=2, deals=2, hands=list(HANDS))
    say(state, "7NT pass pass pass")
    while state.board == 1:
        state.apply(state.legal_actions()[0])
    say(state, "pass pass pass pass")
    assert state.is_terminal()
    assert state.standing() == (1520.0, -1520.0, 1520.0, -1520.0)
    assert state.history[-1].text == "match over after 2 boards; N-S +1520, E-W -1520"


# --- notation and replay ---------------------------------------------------------------------


def test_action_texts_read_back():
    state = deal()
    for text, canonical in [("p", "pass"), ("PASS", "pass"), ("1nt", "1NT"), ("3n", "3NT"), ("x", "X"), ("xx", "XX")]:
        assert state.parse_action(text).text == canonical
    assert state.parse_action("h10").text == "HT"
    with pytest.raises(engine.NotationError, match="'8NT'"):
        state.parse_action("8NT")


def test_a_deal_with_a_card_twice_is_refused():
    with pytest.raises(engine.NotationError, match="twice"):
        engine.load("bridge").new_match(hands=[HANDS[0], HANDS[0], HANDS[2], HANDS[3]])
    with pytest.raises(engine.NotationError, match="12 cards"):
        engine.load("bridge").new_match(hands=["AKQJ.AKQ.AKQ.AK", *HANDS[1:]])


def test_replay_rebuilds_the_match():
    state = engine.load("bridge").new_match(seed=8, deals=3)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[len(legal) // 3])
    again = engine.load("bridge").replay(state.history)
    assert again.history == state.history and again.deal_results() == state.deal_results()
    with pytest.raises(ValueError, match="hidden"):
        engine.load("bridge").replay(state.events_for(0))
