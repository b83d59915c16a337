"""Every rule of the seed and of RULINGS.md §vegas, each as a scenario on dealt hands.

A deal is written as the seats' hands (seat 0 first) and then the four centre cards in
the order they are flipped.  Seat n−1 deals the first hand, so seat 0 acts first.
"""

from __future__ import annotations

import pytest

import engine
from engine.vegas import (
    Acted,
    Bet,
    CardFlipped,
    Discard,
    Forfeited,
    HandDealt,
    HandEnd,
    HandEnded,
    MatchEnded,
    Payout,
    ShownHand,
    VegasState,
    split_chips,
)


def deal(*hands: str, centre: str, deals: int = 1, **options) -> VegasState:
    game = engine.load("vegas", players=len(hands), **options)
    return game.new_match(seed=1, deals=deals, hands=[*hands, centre])


def play(state: VegasState, *texts: str) -> None:
    for text in texts:
        state.apply(text)


def legal(state: VegasState) -> list[str]:
    return [action.text for action in state.legal_actions()]


def ended(state: VegasState) -> HandEnded:
    return next(e for e in reversed(state.history) if isinstance(e, HandEnded))


def flips(state: VegasState) -> list[CardFlipped]:
    return [e for e in state.history if isinstance(e, CardFlipped)]


# Four hands nobody empties and a centre that touches nobody: betting scenarios.
# Written lowest first, as a view sorts them.  Totals 6, 12, 29, 25.
QUIET = ("Ab 2b 3b", "4b 4c 4d", "Cb Rb Rc", "Fb Fc Cc")
QUIET_CENTRE = "5b 5c 6b 6c"


# --- antes, the deal, the order of play ----------------------------------------------


def test_everyone_antes_and_the_pot_starts_with_the_antes():
    state = deal(*QUIET, centre=QUIET_CENTRE, ante=2)
    view = state.view(0)
    assert view.pot == 8 and view.put_in == (2, 2, 2, 2)
    dealt = state.history[0]
    assert isinstance(dealt, HandDealt) and dealt.ante == 2 and dealt.pot == 8
    assert view.cards == ("Ab", "2b", "3b") and view.hand_sizes == (3, 3, 3, 3)
    assert view.flipped == () and view.round == 1


def test_action_starts_at_the_dealers_left_every_round_and_the_deal_rotates():
    state = deal(*QUIET, centre=QUIET_CENTRE, deals=2)
    assert state.view(0).dealer == 3 and state.current_seat() == 0
    play(state, "busso", "busso", "busso", "busso")  # round 1: a flip, round 2 starts
    assert state.view(0).round == 2 and state.current_seat() == 0
    play(state, "busso", "punta 2", "vedi", "vedi", "lascia")  # seat 0 folds: round 3 starts at seat 1
    assert state.view(0).round == 3 and state.current_seat() == 1
    for _ in range(3):  # rounds 3 to 5, everyone still in checks
        play(state, "busso", "busso", "busso")
    assert ended(state).end is HandEnd.SHOWDOWN
    # Hand 2: seat 0 deals, seat 1 on its left acts first.
    assert state.view(0).hand == 2 and state.view(0).dealer == 0 and state.current_seat() == 1


def test_with_nothing_bet_a_seat_may_check_or_bet_and_not_fold():
    state = deal(*QUIET, centre=QUIET_CENTRE)
    assert legal(state) == ["busso", "punta 2"]
    before = state.history
    with pytest.raises(
        engine.IllegalAction, match="Nothing has been bet in this round, so seat 0 in betting round 1 may not fold"
    ):
        state.apply("lascia")
    with pytest.raises(engine.IllegalAction, match="nothing to call"):
        state.apply("vedi")
    assert state.history == before, "a refused action leaves the state untouched"


def test_once_someone_has_bet_checking_is_no_longer_possible():
    state = deal(*QUIET, centre=QUIET_CENTRE)
    play(state, "busso", "punta 2")
    assert legal(state) == ["vedi", "rilancia 4", "lascia"]
    with pytest.raises(engine.IllegalAction, match="Once someone has bet, checking is no longer possible: seat 2"):
        state.apply("busso")
    with pytest.raises(engine.IllegalAction, match="opening bet is made already"):
        state.apply("punta 2")


def test_a_bet_and_each_raise_are_fixed_and_a_call_matches_the_round_bet():
    state = deal(*QUIET, centre=QUIET_CENTRE, bet=3)
    play(state, "punta 3")
    with pytest.raises(engine.IllegalAction, match="the raise is 'rilancia 6', not 'rilancia 9'"):
        state.apply("rilancia 9")
    play(state, "rilancia 6", "vedi")
    view = state.view(0)
    assert view.level == 6 and view.put_in_round == (3, 6, 6, 0) and view.pot == 4 + 15
    assert state.parse_action("rilancia").text == "rilancia 9", "a raise without its number is the legal one"
    acted = [e for e in state.history if isinstance(e, Acted)]
    assert [(e.seat, e.action, e.paid, e.level) for e in acted] == [
        (0, Bet.PUNTA, 3, 3),
        (1, Bet.RILANCIA, 6, 6),
        (2, Bet.VEDI, 6, 6),
    ]


def test_a_round_allows_one_bet_then_at_most_raises_raises():
    state = deal(*QUIET, centre=QUIET_CENTRE, raises=2)
    play(state, "punta 2", "rilancia 4", "rilancia 6")
    assert legal(state) == ["vedi", "lascia"]
    with pytest.raises(engine.IllegalAction, match="This round has had its 2 raises"):
        state.apply("rilancia 8")
    play(state, "vedi", "vedi", "vedi")  # seat 3 and then the earlier bettors match 6
    assert state.view(0).round == 2 and state.view(0).put_in == (7, 7, 7, 7)


def test_the_round_ends_only_when_every_seat_in_has_acted_and_matched():
    state = deal(*QUIET, centre=QUIET_CENTRE)
    play(state, "busso", "busso", "punta 2")
    # Seats 0 and 1 checked: they act again, after seat 3.
    assert state.current_seat() == 3
    play(state, "vedi", "vedi")
    assert state.current_seat() == 1 and state.view(0).round == 1
    play(state, "rilancia 4")
    assert [state.current_seat()] == [2]
    play(state, "vedi", "vedi", "vedi")
    assert state.view(0).round == 2 and len(flips(state)) == 1


# --- flips and forced discards -------------------------------------------------------


def test_every_flip_makes_every_seat_still_in_discard_all_cards_of_its_rank():
    state = deal("5b 5c Rb", "5d 7b 7c", "Ab 2b 3b", centre="5s 7s Cb Cc")
    play(state, "busso", "busso", "busso")
    (first,) = flips(state)
    assert first.card == "5s" and first.discards == (Discard(0, ("5b", "5c"), 1), Discard(1, ("5d",), 2))
    assert state.view(0).cards == ("Rb",) and state.view(2).hand_sizes == (1, 2, 3)
    play(state, "busso", "busso", "busso")
    assert flips(state)[1].discards == (Discard(1, ("7b", "7c"), 0),)
    assert ended(state).end is HandEnd.LAS_VEGAS  # seat 1 emptied


def test_a_folded_seat_discards_nothing_and_cannot_win_by_a_flip():
    state = deal("7b 7c 7d", "Ab 2b 3b", "Rb Rc Cb", centre="7s 5c 6b 6c")
    play(state, "punta 2", "vedi", "vedi")  # everyone in: then seat 0 folds in round 2
    # Round 1 over: the 7 emptied seat 0's hand at once.
    assert ended(state).end is HandEnd.LAS_VEGAS
    state = deal("Ab 2b 7d", "7b 7c 3b", "Rb Rc Cb", centre="7s 5c 6b 6c")
    play(state, "busso", "punta 2", "vedi", "lascia")  # seat 0 folds before the 7 is flipped
    (flip,) = flips(state)
    assert flip.discards == (Discard(1, ("7b", "7c"), 1),)
    assert state.view(2).cards == ("Cb", "Rb", "Rc") and state.view(1).folded == (True, False, False)


# --- Las Vegas -----------------------------------------------------------------------


def test_las_vegas_takes_the_whole_pot_at_once_and_ends_the_hand():
    state = deal("5b 5c 5d", "Ab 2b 3b", "Rb Rc Cb", centre="5s 6c 6b 7c", deals=2)
    play(state, "punta 2", "vedi", "rilancia 4", "vedi", "vedi")
    end = ended(state)
    assert end.end is HandEnd.LAS_VEGAS and end.pot == 3 + 12
    assert end.payouts == (Payout(0, 15, "las vegas"),) and end.shown == ()
    assert end.net == (10, -5, -5) and sum(end.net) == 0
    assert len(flips(state)) == 1, "no further flips"
    assert state.view(0).hand == 2


def test_las_vegas_on_the_fourth_flip_ends_the_hand_before_the_fifth_round():
    state = deal("Ab 2b 3b", "Rb Rc 5d", "6b 6c 7b", centre="Cb Cc Rd 5s")
    for _ in range(3):
        play(state, "busso", "busso", "busso")
    assert not state.deal_results() and state.view(1).cards == ("5d",)
    play(state, "busso", "busso", "busso")  # round 4; then the 5s flip empties seat 1
    end = ended(state)
    assert end.end is HandEnd.LAS_VEGAS and end.payouts == (Payout(1, 3, "las vegas"),)
    assert state.is_terminal() and not any(isinstance(e, Acted) and e.round == 5 for e in state.history)


def test_several_hands_emptied_on_one_flip_share_the_pot_odd_chip_from_the_dealers_left():
    # Seat 2 deals; on the third flip (7s) seats 0 and 1 both empty.  Pot 3: 1 each, and
    # the odd chip to seat 0, the first of them to the dealer's left.
    state = deal("5b 5c 7b", "7c 7d 5d", "Rb Rc Cb", centre="Ab 5s 7s Cc")
    for _ in range(3):
        play(state, "busso", "busso", "busso")
    end = ended(state)
    assert end.end is HandEnd.LAS_VEGAS
    assert end.payouts == (Payout(0, 2, "las vegas"), Payout(1, 1, "las vegas"))
    assert end.net == (1, 0, -1)


# --- the showdown --------------------------------------------------------------------


def test_the_showdown_splits_the_pot_between_the_lowest_and_the_highest_total():
    # Totals: seat 0 1+2+3 = 6, seat 1 10+10+9 = 29, seat 2 4+4+4 = 12, seat 3 8+8+9 = 25.
    state = deal(*QUIET, centre=QUIET_CENTRE)
    play(state, "punta 2", "vedi", "vedi", "vedi")
    for _ in range(4):
        play(state, "busso", "busso", "busso", "busso")
    end = ended(state)
    assert end.end is HandEnd.SHOWDOWN and end.pot == 12
    assert end.payouts == (Payout(0, 6, "low"), Payout(2, 6, "high"))
    assert [(s.seat, s.total) for s in end.shown] == [(0, 6), (1, 12), (2, 29), (3, 25)]
    assert end.net == (3, -3, 3, -3)


def test_an_odd_pot_gives_its_extra_chip_to_the_high_half():
    state = deal("Ab 2b 3b", "Rb Rc Cb", "6b 6c 7b", centre="5b 5c 4b 4c")
    for _ in range(5):
        play(state, "busso", "busso", "busso")
    assert ended(state).payouts == (Payout(0, 1, "low"), Payout(1, 2, "high"))


def test_tied_totals_split_their_half_odd_chips_to_the_first_from_the_dealers_left():
    # Seats 1 and 2 both total 29: the high half (2 of a 3-chip pot) is 1 each.  Seats 0
    # and 3 both total 6 at a 4-seat table: pot 4, the low half 2 is 1 each.
    state = deal("Ab 2b 3b", "Rb Rc Cb", "Rd Rs Cc", "Ac 2c 3c", centre="5b 5c 4b 4c")
    for _ in range(5):
        play(state, "busso", "busso", "busso", "busso")
    end = ended(state)
    assert end.payouts == (Payout(0, 1, "low"), Payout(1, 1, "high"), Payout(2, 1, "high"), Payout(3, 1, "low"))
    # Three ways: a low half of 1 among two ties goes to the first left of the dealer.
    assert split_chips(1, [3, 0], dealer=3, players=4) == {0: 1, 3: 0}
    assert split_chips(5, [2, 1], dealer=1, players=3) == {2: 3, 1: 2}


def test_one_player_can_take_both_halves():
    # Everyone left holds the same total: both halves are shared by both, each "low+high".
    state = deal("Ab 2b 3b", "Ac 2c 3c", centre="5b 5c 4b 4c", ante=2)
    for _ in range(5):
        play(state, "busso", "busso")
    assert ended(state).payouts == (Payout(0, 2, "low+high"), Payout(1, 2, "low+high"))
    # With an ante of 1 each half is a single chip: both go to seat 0, on the dealer's
    # left, and seat 1, which tied for both, takes nothing (and is not listed).
    state = deal("Ab 2b 3b", "Ac 2c 3c", centre="5b 5c 4b 4c")
    for _ in range(5):
        play(state, "busso", "busso")
    assert ended(state).payouts == (Payout(0, 2, "low+high"),)
    # Alone at the showdown after folds is impossible: the last one in takes it at once.


# --- folds, the lone survivor, forfeits ----------------------------------------------


def test_the_last_player_in_takes_the_whole_pot_at_once_and_nothing_is_shown():
    state = deal(*QUIET, centre=QUIET_CENTRE, deals=2)
    play(state, "punta 2", "lascia", "lascia", "lascia")
    end = ended(state)
    assert end.end is HandEnd.FOLDS and end.payouts == (Payout(0, 6, "last in"),) and end.shown == ()
    assert end.net == (3, -1, -1, -1) and flips(state) == []
    assert state.deal_results()[0].ranks == (0, 1, 1, 1)


def test_a_fault_folds_the_seat_which_loses_what_it_put_in_and_the_hand_goes_on():
    state = deal(*QUIET, centre=QUIET_CENTRE)
    play(state, "punta 2")
    event = state.forfeit(1, "timeout")
    assert isinstance(event, Forfeited) and state.view(0).folded == (False, True, False, False)
    assert state.current_seat() == 2
    play(state, "vedi", "vedi")
    for _ in range(4):
        play(state, "busso", "busso", "busso")
    end = ended(state)
    assert end.net[1] == -1 and state.deal_results()[0].forfeit == 1
    assert 1 not in [s.seat for s in end.shown]
    with pytest.raises(engine.IllegalAction, match="The match is over"):
        state.forfeit(0, "late")


def test_a_seat_that_folded_cannot_forfeit_and_a_forfeit_can_leave_one_seat_in():
    state = deal("Ab 2b 3b", "Ac 2c 3c", "Rb Rc Cb", centre=QUIET_CENTRE)
    play(state, "punta 2", "lascia")
    with pytest.raises(engine.IllegalAction, match="Seat 1 has folded this hand already"):
        state.forfeit(1, "crash")
    state.forfeit(2, "crash")
    assert ended(state).end is HandEnd.FOLDS and ended(state).payouts == (Payout(0, 5, "last in"),)


# --- what each seat sees -------------------------------------------------------------


def test_a_seat_sees_its_own_cards_and_the_public_table_nothing_else():
    state = deal(*QUIET, centre=QUIET_CENTRE)
    play(state, "busso", "busso", "busso", "busso")
    for seat in range(4):
        view = state.view(seat)
        assert view.cards == tuple(QUIET[seat].split())
        assert view.flipped == ("5b",)
        (dealt, *rest) = view.deal_events
        assert isinstance(dealt, HandDealt) and dealt.centre == ()
        assert [h.cards for h in dealt.hands if h.seat != seat] == [(), (), ()]
        assert all(h.size == 3 for h in dealt.hands)
        shown = " ".join(str(e) for e in view.deal_events)
        for other in range(4):
            if other != seat:
                assert not any(card in shown for card in QUIET[other].split())
        assert "5c" not in shown and "6b" not in shown, "the face-down centre cards stay hidden"


def test_the_showdown_shows_the_hands_still_in_to_everyone():
    state = deal("Ab 2b 3b", "Cb Rb Rc", centre="5b 5c 4b 4c")
    for _ in range(5):
        play(state, "busso", "busso")
    end = ended(state)
    assert end.shown == (ShownHand(0, ("Ab", "2b", "3b"), 6), ShownHand(1, ("Cb", "Rb", "Rc"), 29))
    assert end.visible_to(1) == end


# --- the match -----------------------------------------------------------------------


def test_a_match_is_deals_hands_and_its_score_is_the_net_chips():
    game = engine.load("vegas", players=3)
    state = game.new_match(seed=4, deals=3)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])  # everyone checks: three showdowns
    assert [type(e) for e in state.history[-1:]] == [MatchEnded]
    assert len(state.deal_results()) == 3
    result = state.result()
    assert result.scores == tuple(float(c) for c in state.history[-1].chips)
    assert sum(result.scores) == 0
    assert state.standing() == result.scores


def test_actions_read_and_write_their_canonical_texts():
    state = deal(*QUIET, centre=QUIET_CENTRE)
    assert state.parse_action("punta").text == "punta 2"
    assert state.parse_action("  PUNTA 2 ").text == "punta 2"
    with pytest.raises(engine.NotationError, match="Cannot read the action 'check'"):
        state.parse_action("check")
    with pytest.raises(engine.IllegalAction, match="may open with 'punta 2', not 'punta 5'"):
        state.apply("punta 5")


def test_a_deal_given_by_hand_is_checked():
    game = engine.load("vegas", players=2)
    with pytest.raises(engine.NotationError, match="The card Ab is given twice"):
        game.new_match(hands=["Ab 2b 3b", "Ab 2c 3c", "4b 4c 5b 5c"])
    with pytest.raises(engine.NotationError, match="2 hands of 3 cards"):
        game.new_match(hands=["Ab 2b 3b", "4b 4c 5b 5c"])
    with pytest.raises(engine.NotationError, match="Cannot read the card 'Xb'"):
        game.new_match(hands=["Xb 2b 3b", "Ac 2c 3c", "4b 4c 5b 5c"])
