"""Invido rules (seed 003 and RULINGS.md §invido), scenario by scenario.

The manual's three worked examples are replayed move by move with the hands it gives.
Seat numbers: the first giocata is dealt by seat 1 (unless a test says otherwise), so
seat 0 leads it.  Cards: ranks A 2 3 6 7 F C R, suits b c d s.
"""

from __future__ import annotations

import random

import pytest

import engine
from engine.invido import (
    DECK,
    Answered,
    CardPlayed,
    EndReason,
    GiocataDealt,
    GiocataEnded,
    InvidoAction,
    InvidoState,
    Kind,
    MatchEnded,
    MatchReset,
    TrickEnded,
    giocata_winner,
    parse_hand,
)

GAME = engine.load("invido")


def new(hands: tuple[str, str] | None = None, **kw) -> InvidoState:
    return GAME.new_match(seed=kw.pop("seed", 7), hands=list(hands) if hands else None, **kw)


def run(state: InvidoState, *moves: tuple[int, str]) -> None:
    """Apply (seat, action text) moves, checking that each seat is the one to act."""
    for seat, text in moves:
        assert state.current_seat() == seat, f"expected seat {seat} to act before {text!r}"
        state.apply(text)


def ended(state: InvidoState, giocata: int = 1) -> GiocataEnded:
    found = [e for e in state.history if isinstance(e, GiocataEnded) and e.giocata == giocata]
    assert len(found) == 1
    return found[0]


def texts(state: InvidoState) -> list[str]:
    return [a.text for a in state.legal_actions()]


def refused(state: InvidoState, text: str, *words: str) -> str:
    """Check `text` is refused with a sentence naming it, and that nothing changed."""
    before = (state.history, state.legal_actions(), state.view(0), state.view(1))
    assert not state.can_apply(text)
    with pytest.raises(engine.IllegalAction) as info:
        state.apply(text)
    message = str(info.value)
    assert repr(state.parse_action(text).text) in message
    assert message.endswith(".")
    for word in words:
        assert word in message, message
    assert (state.history, state.legal_actions(), state.view(0), state.view(1)) == before
    return message


# --- the manual's worked examples ----------------------------------------------------


def test_example_1_a_monte_refused_twice_then_vado_via():
    # G2 leads, so G1 deals: G2 = seat 0, G1 = seat 1 (the default first dealer).
    g1, g2 = 1, 0
    state = new(("6s 7c Rd", "3c 2b As"))
    assert state.view(g2).hand == ("Rd", "7c", "6s")
    run(
        state,
        (g2, "a monte"),
        (g1, "no"),
        (g2, "play Rd"),
        (g1, "play As"),
    )
    trick = [e for e in state.history if isinstance(e, TrickEnded)]
    assert trick[-1].winner == g1
    # G1 won the first trick and holds a 3: G2 can no longer win the giocata.
    run(
        state,
        (g1, "call invido (3)"),
        (g2, "a monte"),  # a new trick, so G2 may call a monte again
        (g1, "no"),
    )
    # Back to G2 answering the invido, which is still pending.
    assert state.view(g2).pending_call == 3
    assert set(texts(state)) == {"call tras mas (6)", "va bene", "vado via"}
    run(state, (g2, "vado via"))
    end = ended(state)
    assert (end.winner, end.points, end.reason) == (g1, 1, EndReason.VADO_VIA)
    assert state.deal_results()[0].scores == (0.0, 1.0)
    assert state.standing() == (0.0, 1.0)


def test_example_2_read_per_ruling_7_void_by_a_monte():
    # G1 leads, so G2 deals: G1 = seat 0, G2 = seat 1.
    g1, g2 = 0, 1
    state = new(("Rs 2b 6c", "6s 3d Fb"))
    run(state, (g1, "play 2b"), (g2, "call invido (3)"))
    # As written, G2 would call a monte on its own call; but G1 must answer (ruling 7).
    assert state.current_seat() == g1
    run(state, (g1, "a monte"), (g2, "va bene"))
    end = ended(state)
    assert (end.winner, end.points, end.reason) == (None, 0, EndReason.A_MONTE)
    assert state.deal_results()[0].scores == (0.0, 0.0)
    assert state.deal_results()[0].ranks == (0, 0)
    assert state.standing() == (0.0, 0.0)
    assert not state.is_terminal()


def test_example_3_counter_calls_up_to_partita_win_the_match():
    g1, g2 = 0, 1
    state = new(("Rs 2b Ac", "2s 3d Fb"))
    run(state, (g1, "play 2b"), (g2, "play 2s"))
    assert [e for e in state.history if isinstance(e, TrickEnded)][-1].winner is None
    # After a tie the same player leads again.
    run(
        state,
        (g1, "call invido (3)"),
        (g2, "va bene"),
        (g1, "play Ac"),
        (g2, "call tras mas (6)"),
        (g1, "call tras mas nof (9)"),
        (g2, "call fuori gioco (12)"),
    )
    # "The giocata is worth 9 and a call to 12 hangs": going away now loses 9.
    view = state.view(g1)
    assert (view.value, view.pending_call, view.pending_caller) == (9, 12, g2)
    probe = state.clone()
    probe.apply("vado via")
    assert ended(probe).points == 9 and ended(probe).winner == g2
    run(state, (g1, "call partita (24)"), (g2, "va bene"))
    assert state.view(g2).value == 24
    run(state, (g2, "play 3d"))
    end = ended(state)
    assert (end.winner, end.points, end.reason) == (g2, 24, EndReason.TRICKS)
    assert state.is_terminal()
    assert isinstance(state.history[-1], MatchEnded)
    result = state.result()
    assert result.scores == (0.0, 24.0)
    assert result.ranks == (1, 0)


# --- dealing and turn order ----------------------------------------------------------


def test_seat_1_deals_first_seat_0_leads_and_the_deal_alternates():
    state = GAME.new_match(seed=11)
    first = state.history[0]
    assert isinstance(first, GiocataDealt)
    assert (first.dealer, first.leader) == (1, 0)
    assert state.current_seat() == 0
    state.apply("vado via")
    dealt = [e for e in state.history if isinstance(e, GiocataDealt)]
    assert (dealt[1].dealer, dealt[1].leader) == (0, 1)
    assert state.current_seat() == 1
    state.apply("vado via")
    dealt = [e for e in state.history if isinstance(e, GiocataDealt)]
    assert (dealt[2].dealer, dealt[2].leader) == (1, 0)


def test_first_dealer_can_be_chosen():
    state = GAME.new_match(seed=11, first_dealer=0)
    assert state.current_seat() == 1
    assert state.history[0].dealer == 0


def test_deal_is_32_cards_without_4s_and_5s_and_from_the_seed():
    state = GAME.new_match(seed=5)
    seen = set()
    for _ in range(30):
        dealt = [e for e in state.history if isinstance(e, GiocataDealt)][-1]
        cards = [c for h in dealt.hands for c in h.cards]
        assert len(cards) == 6 == len(set(cards))
        assert not any(c[0] in "45" for c in cards)
        seen.update(cards)
        state.apply("vado via")
    assert len(seen) <= 32 and all(c[0] in "A2367FCR" and c[1] in "bcds" for c in seen)
    again = GAME.new_match(seed=5)
    assert again.history[0] == state.history[0]
    assert GAME.new_match(seed=6).history[0] != state.history[0]


def test_a_seed_deals_the_same_cards_forever():
    # SHA-256 based (engine/_rng.py): these hands must never change.
    state = GAME.new_match(seed=1)
    first = state.history[0]
    assert tuple(h.cards for h in first.hands) == (("2s", "Cs", "7s"), ("2b", "Ab", "6b"))
    state.apply("vado via")
    second = state.history[-1]
    assert isinstance(second, GiocataDealt) and second.giocata == 2
    assert tuple(h.cards for h in second.hands) == (("Ad", "Fc", "6b"), ("Cd", "Cs", "6c"))


def test_explicit_hands_are_checked():
    with pytest.raises(engine.NotationError, match="'4c'.*no 4s and 5s"):
        new(("4c 2b As", "6s 7c Rd"))
    with pytest.raises(engine.NotationError, match="'Xq'"):
        new(("3c 2b Xq", "6s 7c Rd"))
    with pytest.raises(engine.NotationError, match="twice"):
        new(("3c 2b As", "3c 7c Rd"))
    with pytest.raises(engine.NotationError, match="has 2 cards"):
        new(("3c 2b", "6s 7c Rd"))
    with pytest.raises(engine.NotationError, match="two hands"):
        GAME.new_match(hands=["3c 2b As"])
    assert parse_hand("6s rd 3C") == ("3c", "Rd", "6s")


def test_only_two_players_and_the_options():
    with pytest.raises(engine.OptionError):
        engine.load("invido", players=3)
    assert [o.name for o in GAME.spec.options] == ["vado_dentro"]
    assert GAME.options == {"vado_dentro": False}


# --- tricks and ties -----------------------------------------------------------------

TRICK_CASES = [
    # name, hands (seat 0, seat 1), cards in the order played, winner, tricks played
    ("win win", ("3c 2b 6s", "Ac Rb 7s"), ["3c", "Ac", "2b", "Rb"], 0, 2),
    ("lose lose", ("Ac Rb 7s", "3c 2b 6s"), ["Ac", "3c", "2b", "Rb"], 1, 2),
    ("tie then win", ("3c Rb 6s", "3d Cb 7s"), ["3c", "3d", "Rb", "Cb"], 0, 2),
    ("tie then lose", ("3c Cb 6s", "3d Rb 7s"), ["3c", "3d", "Cb", "Rb"], 1, 2),
    ("win then tie", ("3c Rb 6s", "2d Rc 7s"), ["3c", "2d", "Rb", "Rc"], 0, 2),
    ("lose then tie", ("2c Rb 6s", "3d Rc 7s"), ["2c", "3d", "Rc", "Rb"], 1, 2),
    ("tie tie win", ("3c 2b Rs", "3d 2c Cs"), ["3c", "3d", "2b", "2c", "Rs", "Cs"], 0, 3),
    ("tie tie lose", ("3c 2b Cs", "3d 2c Rs"), ["3c", "3d", "2b", "2c", "Cs", "Rs"], 1, 3),
    ("tie tie tie", ("3c 2b Rs", "3d 2c Rd"), ["3c", "3d", "2b", "2c", "Rs", "Rd"], None, 3),
    ("win lose win", ("3c 6b Rs", "2c 7b Cs"), ["3c", "2c", "6b", "7b", "Cs", "Rs"], 0, 3),
    ("lose win lose", ("2c 7b Cs", "3c 6b Rs"), ["2c", "3c", "6b", "7b", "Cs", "Rs"], 1, 3),
    # A third trick tied after one trick each: the first trick's winner takes it.
    ("win lose tie", ("3c 6b Rs", "2c 7b Rd"), ["3c", "2c", "6b", "7b", "Rd", "Rs"], 0, 3),
    ("lose win tie", ("2c 7b Rs", "3c 6b Rd"), ["2c", "3c", "6b", "7b", "Rs", "Rd"], 1, 3),
]


@pytest.mark.parametrize("name, hands, cards, winner, tricks", TRICK_CASES, ids=[c[0] for c in TRICK_CASES])
def test_trick_resolution(name, hands, cards, winner, tricks):
    state = new(hands)
    holder = {c: s for s, h in enumerate(hands) for c in h.split()}
    leaders = []
    for i, card in enumerate(cards):
        assert state.current_seat() == holder[card], f"{name}: {card} played out of turn"
        if i % 2 == 0:
            leaders.append(holder[card])
        state.apply(f"play {card}")
    ends = [e for e in state.history if isinstance(e, TrickEnded)]
    assert len(ends) == tricks
    assert [e.leader for e in ends] == leaders
    # The trick winner leads next; after a tie the same player leads again.
    for before, after in zip(ends, ends[1:]):
        expected = before.leader if before.winner is None else before.winner
        assert after.leader == expected
    end = ended(state)
    assert end.winner == winner
    assert end.reason is (EndReason.TIES if winner is None else EndReason.TRICKS)
    assert end.points == (0 if winner is None else 1)
    # Hands are shown at the end only when every card was played.
    assert bool(end.hands) == (tricks == 3)
    if end.hands:
        assert tuple(" ".join(h.cards) for h in end.hands) == tuple(" ".join(parse_hand(h)) for h in hands)


def test_giocata_winner_function():
    assert giocata_winner([0]) is None
    assert giocata_winner([None]) is None
    assert giocata_winner([0, 0]) == 0
    assert giocata_winner([0, 1]) is None
    assert giocata_winner([None, 1]) == 1
    assert giocata_winner([1, None]) == 1
    assert giocata_winner([None, None]) is None
    assert giocata_winner([None, None, 0]) == 0
    assert giocata_winner([None, None, None]) is None
    assert giocata_winner([0, 1, 1]) == 1
    assert giocata_winner([1, 0, None]) == 1


def test_suits_do_not_matter_and_strength_order():
    order = ["3", "2", "A", "R", "C", "F", "7", "6"]
    for hi, lo in zip(order, order[1:]):
        spare = [c for c in DECK if c not in (f"{lo}b", f"{hi}d")]
        state = new((f"{lo}b {spare[0]} {spare[1]}", f"{hi}d {spare[2]} {spare[3]}"))
        state.apply(f"play {lo}b")
        state.apply(f"play {hi}d")
        assert [e for e in state.history if isinstance(e, TrickEnded)][0].winner == 1


# --- the call ladder -----------------------------------------------------------------


def test_only_the_next_step_may_be_called():
    state = new(("3c 2b As", "6s 7c Rd"))
    assert [t for t in texts(state) if t.startswith("call")] == ["call invido (3)"]
    refused(state, "call tras mas (6)", "next step", "invido (3)")
    refused(state, "call partita (24)", "next step")
    run(state, (0, "call invido (3)"))
    assert [t for t in texts(state) if t.startswith("call")] == ["call tras mas (6)"]
    refused(state, "call invido (3)", "counter-call must be tras mas (6)")
    refused(state, "call tras mas nof (9)", "next step")


def test_the_last_accepted_raiser_may_not_raise_again():
    state = new(("3c 2b As", "6s 7c Rd"))
    run(state, (0, "call invido (3)"), (1, "va bene"))
    assert state.current_seat() == 0
    view = state.view(1)
    assert (view.value, view.last_raiser, view.pending_call) == (3, 0, None)
    assert not any(t.startswith("call") for t in texts(state))
    refused(state, "call tras mas (6)", "last raise", "seat 1")
    run(state, (0, "play 3c"))
    # Seat 1 may raise before playing its card, mid-trick.
    assert "call tras mas (6)" in texts(state)
    run(state, (1, "call tras mas (6)"), (0, "va bene"))
    assert state.current_seat() == 1  # seat 1 still has to play its card
    assert state.view(0).last_raiser == 1
    assert not any(t.startswith("call") for t in texts(state))
    run(state, (1, "play 6s"))
    # Seat 0 won the trick and leads: it may raise, the last raise being seat 1's.
    assert "call tras mas nof (9)" in texts(state)


def test_saying_va_bene_then_raising_at_ones_turn_is_allowed():
    state = new(("3c 2b As", "6s 7c Rd"))
    run(state, (0, "call invido (3)"), (1, "call tras mas (6)"), (0, "va bene"))
    assert state.current_seat() == 0 and state.view(0).value == 6
    assert "call tras mas nof (9)" in texts(state)


def test_counter_call_implicitly_accepts():
    state = new(("3c 2b As", "6s 7c Rd"))
    run(state, (0, "call invido (3)"))
    assert state.view(0).value == 1
    event = state.apply("call tras mas (6)")
    assert event.accepted == 3
    view = state.view(0)
    assert (view.value, view.last_raiser, view.pending_call, view.pending_caller) == (3, 0, 6, 1)
    assert state.current_seat() == 0


def test_no_card_while_a_call_is_unanswered():
    state = new(("3c 2b As", "6s 7c Rd"))
    run(state, (0, "play 3c"), (1, "call invido (3)"))
    assert state.current_seat() == 0
    assert not any(t.startswith("play") for t in texts(state))
    refused(state, "play 2b", "must answer", "invido (3)")
    assert texts(state) == ["call tras mas (6)", "va bene", "vado via", "a monte"]
    run(state, (0, "va bene"))
    # The card turn goes back to seat 1, which called before playing.
    assert state.current_seat() == 1
    assert texts(state)[:3] == ["play Rd", "play 7c", "play 6s"]


def test_partita_is_the_top_of_the_ladder():
    state = new(("3c 2b As", "6s 7c Rd"))
    run(
        state,
        (0, "call invido (3)"),
        (1, "call tras mas (6)"),
        (0, "call tras mas nof (9)"),
        (1, "call fuori gioco (12)"),
        (0, "call partita (24)"),
    )
    assert texts(state) == ["va bene", "vado via", "a monte"]
    refused(state, "call 24", "top of the ladder")
    run(state, (1, "va bene"))
    assert state.view(0).value == 24
    run(state, (0, "play As"))
    assert not any(t.startswith("call") for t in texts(state))
    refused(state, "call partita (24)")


def test_answers_without_a_call_are_refused():
    state = new(("3c 2b As", "6s 7c Rd"))
    refused(state, "va bene", "no call")
    refused(state, "no", "a monte")
    run(state, (0, "call invido (3)"))
    refused(state, "no", "answers only an a monte")


# --- vado via ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "moves, goer, value",
    [
        ([], 0, 1),  # nothing pending: the opponent takes the current value
        (["call invido (3)", "va bene"], 0, 3),
        (["call invido (3)"], 1, 1),  # refusing a call: the caller takes the value before it
        (["call invido (3)", "call tras mas (6)"], 0, 3),  # the manual's own example
        (["call invido (3)", "call tras mas (6)", "call tras mas nof (9)"], 1, 6),
        (
            [
                "call invido (3)",
                "call tras mas (6)",
                "call tras mas nof (9)",
                "call fuori gioco (12)",
                "call partita (24)",
            ],
            1,
            12,
        ),
        (["play 3c", "call invido (3)", "va bene"], 1, 3),  # mid-trick, at one's card turn
    ],
)
def test_vado_via_values(moves, goer, value):
    state = new(("3c 2b As", "6s 7c Rd"))
    for text in moves:
        state.apply(text)
    assert state.current_seat() == goer
    event = state.apply("vado via")
    assert event.value == value
    end = ended(state)
    assert (end.winner, end.points, end.reason) == (1 - goer, value, EndReason.VADO_VIA)
    scores = [0.0, 0.0]
    scores[1 - goer] = float(value)
    assert state.deal_results()[0].scores == tuple(scores)


# --- a monte -------------------------------------------------------------------------


def test_a_monte_at_most_once_per_player_per_trick():
    state = new(("3c 2b As", "6s 7c Rd"))
    run(state, (0, "a monte"), (1, "no"))
    assert state.view(1).monte_used == (True, False)
    assert "a monte" not in texts(state)
    refused(state, "a monte", "at most once per trick")
    run(state, (0, "play 3c"))
    # The other player still has its own a monte in this trick.
    run(state, (1, "a monte"), (0, "no"))
    refused(state, "a monte", "once per trick")
    run(state, (1, "play 6s"))
    # A new trick: both may call it again.
    assert state.view(0).monte_used == (False, False)
    assert "a monte" in texts(state)
    run(state, (0, "a monte"), (1, "no"))
    refused(state, "a monte")


def test_a_monte_pending_allows_only_va_bene_or_no():
    state = new(("3c 2b As", "6s 7c Rd"))
    run(state, (0, "a monte"))
    assert state.current_seat() == 1
    assert texts(state) == ["va bene", "no"]
    for text in ("play Rd", "vado via", "call invido (3)", "a monte"):
        refused(state, text, "'va bene' or 'no'")
    run(state, (1, "va bene"))
    assert ended(state).reason is EndReason.A_MONTE
    assert ended(state).points == 0


def test_a_monte_refused_resumes_exactly_where_play_stopped():
    state = new(("3c 2b As", "6s 7c Rd"))
    run(state, (0, "call invido (3)"), (1, "call tras mas (6)"))
    before = state.view(0)
    legal = [t for t in texts(state) if t != "a monte"]
    run(state, (0, "a monte"), (1, "no"))
    after = state.view(0)
    assert state.current_seat() == 0
    assert (
        (after.value, after.pending_call, after.pending_caller, after.last_raiser)
        == (
            before.value,
            before.pending_call,
            before.pending_caller,
            before.last_raiser,
        )
        == (3, 6, 1, 0)
    )
    assert texts(state) == legal  # the same answers, minus the a monte already used
    assert [e for e in state.history if isinstance(e, Answered)][-1].to_monte


def test_a_monte_mid_trick_refused_resumes_with_the_follower():
    state = new(("3c 2b As", "6s 7c Rd"))
    run(state, (0, "play 2b"), (1, "a monte"), (0, "no"))
    assert state.current_seat() == 1
    assert texts(state)[:3] == ["play Rd", "play 7c", "play 6s"]
    run(state, (1, "play Rd"))
    assert [e for e in state.history if isinstance(e, TrickEnded)][0].winner == 0


def test_a_monte_accepted_while_a_call_is_pending_voids_the_giocata():
    state = new(("3c 2b As", "6s 7c Rd"))
    run(state, (0, "call invido (3)"), (1, "call tras mas (6)"), (0, "a monte"), (1, "va bene"))
    end = ended(state)
    assert (end.winner, end.points, end.reason, end.value) == (None, 0, EndReason.A_MONTE, 3)


# --- match, resets, forfeits ---------------------------------------------------------


def forfeits(state: InvidoState, seat: int, count: int) -> None:
    for _ in range(count):
        state.forfeit(seat, "test")


def test_23_23_resets_to_0_and_the_goal_becomes_8_then_7_7_resets_again():
    state = GAME.new_match(seed=1)
    forfeits(state, 0, 23)
    forfeits(state, 1, 22)
    assert state.standing() == (22.0, 23.0)
    assert not any(isinstance(e, MatchReset) for e in state.history)
    state.forfeit(1, "test")
    resets = [e for e in state.history if isinstance(e, MatchReset)]
    assert len(resets) == 1 and resets[0].points_before == (23, 23) and resets[0].goal == 8
    assert state.standing() == (0.0, 0.0)
    view = state.view(0)
    assert (view.goal, view.reset_rule, view.points) == (8, True, (0, 0))
    forfeits(state, 0, 7)
    forfeits(state, 1, 7)
    assert state.standing() == (0.0, 0.0)
    assert len([e for e in state.history if isinstance(e, MatchReset)]) == 2
    assert state.view(0).goal == 8
    forfeits(state, 0, 7)
    forfeits(state, 1, 6)
    assert state.standing() == (6.0, 7.0) and not state.is_terminal()
    state.forfeit(1, "test")
    assert state.standing() == (0.0, 0.0)  # a 7-7 again
    assert len([e for e in state.history if isinstance(e, MatchReset)]) == 3
    forfeits(state, 0, 8)
    assert state.is_terminal()
    assert state.result().ranks == (1, 0)
    assert state.result().scores == (0.0, 8.0)
    assert state.history[-1] == MatchEnded(state.giocata, 1, (0, 8), 8, False)


def test_7_7_before_any_23_23_does_not_reset():
    state = GAME.new_match(seed=1)
    forfeits(state, 0, 7)
    forfeits(state, 1, 7)
    assert state.standing() == (7.0, 7.0)
    assert not any(isinstance(e, MatchReset) for e in state.history)
    assert state.view(0).goal == 24


def test_going_past_23_wins_without_reset():
    state = GAME.new_match(seed=1)
    forfeits(state, 1, 22)  # seat 0: 22
    forfeits(state, 0, 23)  # seat 1: 23
    assert state.giocata == 46 and state.current_seat() == 1
    # Seat 0 (22) takes a 3-point giocata: 25, the match is over without any reset.
    run(state, (1, "call invido (3)"), (0, "va bene"), (1, "vado via"))
    assert state.is_terminal() and state.standing() == (25.0, 23.0)
    assert state.result().ranks == (0, 1)
    assert not any(isinstance(e, MatchReset) for e in state.history)


def test_forfeit_is_the_seats_vado_via():
    state = new(("3c 2b As", "6s 7c Rd"))
    run(state, (0, "call invido (3)"), (1, "call tras mas (6)"))
    # Seat 0 must answer; it faults.  Seat 1 takes the value in force (3), not 6.
    event = state.forfeit(0, "timeout")
    assert event.seat == 0 and event.reason == "timeout"
    end = ended(state)
    assert (end.winner, end.points, end.reason) == (1, 3, EndReason.FORFEIT)
    result = state.deal_results()[0]
    assert result.scores == (0.0, 3.0) and result.forfeit == 0 and result.ranks == (1, 0)
    # The match goes on with the next giocata, dealt by the other seat.
    assert not state.is_terminal()
    assert state.history[-1].giocata == 2 and state.history[-1].dealer == 0
    # A seat that is not the one to act can fault too.
    assert state.current_seat() == 1
    state.forfeit(0, "disconnected")
    assert state.deal_results()[1].scores == (0.0, 1.0)


def test_forfeit_with_an_a_monte_pending():
    state = new(("3c 2b As", "6s 7c Rd"))
    run(state, (0, "call invido (3)"), (1, "va bene"), (0, "a monte"))
    state.forfeit(1, "crash")
    assert ended(state).winner == 0 and ended(state).points == 3


def test_forfeit_after_the_match_is_refused():
    state = GAME.new_match(seed=2)
    forfeits(state, 0, 24)
    assert state.is_terminal()
    with pytest.raises(engine.IllegalAction):
        state.forfeit(1, "late")


def test_a_full_match_to_24_by_random_play():
    for seed in range(5):
        state = GAME.new_match(seed=seed)
        chooser = random.Random(seed)
        steps = 0
        while not state.is_terminal():
            state.apply(chooser.choice(state.legal_actions()))
            steps += 1
            assert steps < 20000
        points = state.standing()
        winner = 0 if points[0] > points[1] else 1
        assert points[winner] >= state.view(0).goal
        assert points[1 - winner] < state.view(0).goal
        result = state.result()
        assert result.ranks[winner] == 0 and result.ranks[1 - winner] == 1
        assert result.scores == points
        assert len(result.deals) == state.giocata
        if not any(isinstance(e, MatchReset) for e in state.history):
            totals = tuple(sum(d.scores[s] for d in result.deals) for s in (0, 1))
            assert totals == points
        assert state.legal_actions() == ()
        assert state.current_seat() is None


def test_deals_caps_the_number_of_giocate():
    state = GAME.new_match(seed=3, deals=2)
    state.forfeit(0, "x")
    state.apply("vado via")  # seat 1 leads giocata 2 and goes away: 1-1
    assert state.is_terminal()
    assert state.result().ranks == (0, 0)
    assert state.history[-1].capped
    assert state.history[-1].text == "match stopped at the cap of 2 giocate, 1–1 (level)"
    with pytest.raises(ValueError):
        GAME.new_match(deals=0)


def test_a_cap_of_one_giocata_is_said_in_the_singular():
    state = GAME.new_match(seed=3, deals=1)
    state.forfeit(0, "x")
    assert state.history[-1].text == "match stopped at the cap of 1 giocata, 0–1 (seat 1 ahead)"


# --- views, texts, errors ------------------------------------------------------------


def test_view_shows_own_hand_and_public_table_only():
    state = new(("3c 2b As", "6s 7c Rd"))
    run(state, (0, "play 2b"))
    view = state.view(1)
    assert view.hand == ("Rd", "7c", "6s")
    assert view.hand_sizes == (2, 3)
    assert view.tricks[-1].cards[0].card == "2b" and not view.tricks[-1].finished
    dealt = view.deal_events[0]
    assert dealt.hands[0].cards == () and dealt.hands[0].size == 3
    assert dealt.hands[1].cards == ("Rd", "7c", "6s")
    text = repr(state.view(1))
    for hidden in ("3c", "As"):
        assert f"'{hidden}'" not in text


def test_action_texts_and_parsing():
    state = new(("3c 2b As", "6s 7c Rd"))
    assert texts(state) == [
        "play 3c",
        "play 2b",
        "play As",
        "call invido (3)",
        "vado via",
        "a monte",
    ]
    for action in GAME.every_action():
        assert state.parse_action(action.text) is action
    assert state.parse_action("  Call   Invido ") is GAME.calls[3]
    assert state.parse_action("trasmas") is GAME.calls[6]
    assert state.parse_action("call 9") is GAME.calls[9]
    assert state.parse_action("PLAY rd") is GAME.plays["Rd"]
    assert state.parse_action("As") is GAME.plays["As"]
    assert state.parse_action("Va Bene") is GAME.va_bene
    with pytest.raises(engine.NotationError, match="'5d'"):
        state.parse_action("play 5d")
    with pytest.raises(engine.NotationError, match="worth 3"):
        state.parse_action("call invido (6)")
    with pytest.raises(engine.NotationError, match="Cannot read the call"):
        state.parse_action("call 4")
    with pytest.raises(engine.NotationError, match="Cannot read the action"):
        state.parse_action("fold")
    assert InvidoAction(Kind.CALL, None, 12).text == "call fuori gioco (12)"


def test_illegal_actions_name_the_action_and_leave_the_state_alone():
    state = new(("3c 2b As", "6s 7c Rd"))
    refused(state, "play Rd", "does not hold Rd")
    refused(state, "vado dentro 3c", "option vado_dentro")
    assert not state.can_apply(InvidoAction(Kind.PLAY, "3c", 3))
    assert not state.can_apply(InvidoAction(Kind.VA_BENE, "3c"))
    with pytest.raises(engine.IllegalAction, match="not an invido action"):
        state.verify("play 3c")  # type: ignore[arg-type]
    state = GAME.new_match(seed=1)
    forfeits(state, 0, 24)
    with pytest.raises(engine.IllegalAction, match="match is over"):
        state.apply("vado via")


# --- vado dentro (option) ------------------------------------------------------------

DENTRO = engine.load("invido", vado_dentro=True)


def test_vado_dentro_face_down_card_loses_and_stays_hidden():
    state = DENTRO.new_match(seed=1, hands=["3c 2b As", "6s 7c Rd"])
    assert "vado dentro 3c" in texts(state)
    run(state, (0, "vado dentro 3c"))
    view = state.view(1)
    assert view.tricks[-1].cards[0].card is None and view.tricks[-1].cards[0].face_down
    assert "'3c'" not in repr(view)
    assert [e for e in view.deal_events if isinstance(e, CardPlayed)][0].card is None
    assert state.view(0).tricks[-1].cards[0].card == "3c"
    run(state, (1, "play 6s"))
    assert [e for e in state.history if isinstance(e, TrickEnded)][0].winner == 1
    run(state, (1, "play 7c"), (0, "play As"), (0, "play 2b"), (1, "play Rd"))
    end = ended(state)
    assert end.winner == 0  # tricks to seat 1, seat 0, seat 0
    assert end.hands == ()  # a face-down card was played: nothing is shown


def test_vado_dentro_both_face_down_tie():
    state = DENTRO.new_match(seed=1, hands=["3c 2b As", "6s 7c Rd"])
    run(state, (0, "vado dentro As"), (1, "vado dentro 6s"))
    assert [e for e in state.history if isinstance(e, TrickEnded)][0].winner is None
    assert state.current_seat() == 0


def test_vado_dentro_follower_concedes():
    state = DENTRO.new_match(seed=1, hands=["6s 7c Rd", "3c 2b As"])
    run(state, (0, "play 6s"), (1, "vado dentro 3c"))
    assert [e for e in state.history if isinstance(e, TrickEnded)][0].winner == 0
