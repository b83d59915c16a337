"""The seed's and RULINGS §frederik's rules of the draft and of the battle's own-card
actions, each as a scenario: pass, draw, draw N, the pair and three discards, hide,
reveal (with and without an interrupt), the turn order and a short pile.

The swaps, discards and steals against another seat's card, their answers and interrupt
windows are in test_frederik_rules_targets.py; scoring, the deal rotation, forfeits and
what each view hides in test_frederik_rules_deal.py.  Positions are built with
tests/engine/frederik_tables.py (a tableau ``"Kh Th 2c 5d [9s]"``, the bracketed card
face down).
"""

from __future__ import annotations

import engine
from engine import DecisionKind
from engine.frederik import DECK, Acted, DealEnded, Drew, Kept, Outcome, Phase, Responded, nth_numbers
from tests.engine.frederik_tables import (
    acted,
    cards_of,
    legal,
    pass_rest,
    pile_bottom,
    play,
    refusal,
    resolved,
    row,
    table,
)


def fresh(players: int, pile: str = ""):
    """A match on a pile in the deck's standard order (2c 3c … Ac 2d …), unless given."""
    return engine.load("frederik", players=players).new_match(hands=[pile], deals=1)


# --- the draft --------------------------------------------------------------------------


def test_the_draft_is_five_rounds_of_five_cards_from_the_top_clockwise_from_the_starter():
    state = fresh(3)
    for _ in range(15):
        seat = state.current_seat()
        play(state, f"keep {state.view(seat).drawn[0]} down")
        play(state, "return " + " ".join(state.view(seat).drawn))
    draws = [e for e in state.history if isinstance(e, Drew)]
    assert [(e.round, e.seat) for e in draws] == [(r, s) for r in range(1, 6) for s in range(3)]
    # Ten draws of five take the first fifty cards of the pile, in order.
    assert [c for e in draws[:10] for c in e.cards] == list(DECK[:50])
    assert state.view(0).phase is Phase.BATTLE and state.current_seat() == 0
    assert [len(cards_of(state, s)) for s in range(3)] == [5, 5, 5]


def test_the_first_draw_keeps_one_card_face_down_or_all_five():
    state = fresh(2)
    assert legal(state) == ["keep 2c down", "keep 3c down", "keep 4c down", "keep 5c down", "keep 6c down", "keep all"]
    assert refusal(state, "keep 2c up") == (
        "In the first draft round the kept card goes face down: Seat 0 in draft round 1 may say "
        "'keep 2c down', not 'keep 2c up'."
    )
    assert refusal(state, "keep 7c down") == (
        "Seat 0 in draft round 1 drew 2c 3c 4c 5c 6c; 'keep 7c down' names a card it did not draw."
    )
    assert refusal(state, "return 3c 4c 5c 6c") == (
        "Seat 0 in draft round 1 has drawn 2c 3c 4c 5c 6c and must first keep one of them "
        "('keep <card> down' or 'up'), not 'return 3c 4c 5c 6c'."
    )
    play(state, "keep 4c down")
    assert row(state, 0) == [("4c", False)]
    assert row(state, 0, viewer=1) == [("", False)]


def test_the_other_four_go_to_the_bottom_in_the_chosen_order_and_come_back_in_it():
    state = fresh(3)
    play(state, "keep 2c down")
    assert len(legal(state)) == 24  # every order of the four
    assert refusal(state, "return 3c 4c 5c 7c") == (
        "Seat 0 in draft round 1 must return exactly the four other cards it drew, 3c 4c 5c 6c, each "
        "once, in any order; 'return 3c 4c 5c 7c' does not."
    )
    assert refusal(state, "pass").startswith("Seat 0 in draft round 1 has kept its card and must return")
    play(state, "return 6c 4c 3c 5c")
    # Under the pile in that order (6c first), known to the seat that returned them alone;
    # seat 1 has drawn its five since.
    assert state.view(0).pile_size == 52 - 5 + 4 - 5
    assert pile_bottom(state, 4, viewer=0) == ["6c", "4c", "3c", "5c"]
    assert pile_bottom(state, 4, viewer=1) == ["", "", "", ""]
    while state.view(0).round < 4 or state.current_seat() != 1:  # everyone keeps its first card
        seat = state.current_seat()
        drawn, how = state.view(seat).drawn, "down" if state.view(seat).round == 1 else "up"
        play(state, f"keep {drawn[0]} {how}", "return " + " ".join(drawn[1:]))
    # Ten draws took the pile down to its last two cards: seat 1's draw in round 4 is
    # those two and then the first three returned, in the order seat 0 chose.
    assert state.view(1).drawn == ("Ks", "As", "6c", "4c", "3c")


def test_a_return_that_cannot_be_read_is_refused_as_false_and_the_state_stays():
    state = fresh(3)
    play(state, "keep 2c down")
    before = (state.history, state.view(0))
    for text in ("return", "return 3c 4c", "return 3c 4c 5c 6c 7c", "return 3c 4c 5c Zz", "return 3c 4c 5c 10"):
        assert not state.can_apply(text), text
        try:
            state.apply(text)
        except engine.NotationError as error:
            assert repr(text) in str(error) and "'return <4 cards>'" in str(error)
        else:
            raise AssertionError(f"{text!r} was accepted")
        assert (state.history, state.view(0)) == before
    assert state.can_apply("return 3c 4c 5c 6c") and not state.can_apply("return 3c 4c 5c 7c")


def test_at_most_one_face_down_card_in_the_draft():
    state = table("Kh Th 2c 5d [9s]", "[Qc] 3d 4d 6h 7h")
    # Keeping down turns the older face-down card up; keeping up leaves it down.
    kept = [(e.seat, e.action.text, e.turned_up) for e in state.history if isinstance(e, Kept)]
    assert kept[0::2] == [
        (0, "keep Kh down", None),
        (0, "keep Th down", "Kh"),
        (0, "keep 2c down", "Th"),
        (0, "keep 5d down", "2c"),
        (0, "keep 9s down", "5d"),
    ]
    assert kept[1::2] == [
        (1, "keep Qc down", None),
        (1, "keep 3d up", "3d"),
        (1, "keep 4d up", "4d"),
        (1, "keep 6h up", "6h"),
        (1, "keep 7h up", "7h"),
    ]
    assert [up for _, up in row(state, 1)] == [False, True, True, True, True]
    # The limit is the draft's alone: in the battle a seat may hide a second card.
    play(state, "hide Kh")
    assert [up for _, up in row(state, 0)] == [False, True, True, True, False]


def test_keeping_all_five_face_down_ends_that_seats_draft_and_the_battle_is_still_open():
    state = table("[2c] [3c] [4c] [5c] [6c]", "Kh Th 2d 5d [9s]")
    draws = [(e.round, e.seat) for e in state.history if isinstance(e, Drew)]
    assert draws == [(1, 0), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1)]
    assert row(state, 0) == [(c, False) for c in ("2c", "3c", "4c", "5c", "6c")]
    assert row(state, 0, viewer=1) == [("", False)] * 5
    assert state.view(1).all_down == (True, False)
    assert state.current_seat() == 0 and "reveal 2c seat 1 slot 4" in legal(state)


def test_keep_all_is_for_the_first_draw_only():
    state = fresh(2)
    play(state, "keep 2c down", "return 3c 4c 5c 6c", "keep 7c down", "return 8c 9c Tc Jc")
    assert "keep all" not in legal(state)
    assert refusal(state, "keep all") == (
        "Only the first draw may keep all five cards face down (RULINGS §frederik 3); Seat 0 in draft round 2 "
        "keeps one of Qc Kc Ac 2d 3d."
    )
    assert legal(state)[:2] == ["keep Qc down", "keep Qc up"]


# --- the battle's turns -----------------------------------------------------------------


def test_two_battle_turns_each_clockwise_from_the_starter_and_passing_is_allowed():
    state = table("2c 3c 4c 5c [6c]", "2d 3d 4d 5d [6d]", "2h 3h 4h 5h [6h]")
    assert state.turn().kind is DecisionKind.TURN
    assert legal(state)[0] == "pass"
    ended = pass_rest(state)
    turns = [(e.round, e.seat, e.action.text) for e in state.history if isinstance(e, Acted)]
    assert turns == [(r, s, "pass") for r in (1, 2) for s in range(3)]
    assert isinstance(ended, DealEnded) and state.is_terminal()


def test_draw_takes_the_top_card_face_up():
    state = table("2c 3c 4c 5c [6c]", "2d 3d 4d 5d [6d]", battle="Qs Js")
    play(state, "draw")
    assert acted(state).drawn == ("Qs",)
    assert row(state, 0)[-1] == ("Qs", True) and row(state, 0, viewer=1)[-1] == ("Qs", True)
    assert state.view(1).pile_size == 41


def test_draw_n_sums_face_up_cards_ace_one_king_thirteen_face_down_cards_not_counted():
    pile = "8s 9s Ts Js Qs Ks As 2h 3h 4h 5h 6h 7h 8h 9h"
    state = table("Ac Kc 2d 3d [Qd]", "4c 5c 6c 7c [8c]", battle=pile)
    numbers = [int(t.split()[1]) for t in legal(state) if t.startswith("draw ")]
    assert numbers == [1, 2, 3, 4, 5, 6, 13, 14, 15, 16, 17, 18, 19]  # {1, 2, 3, 13}'s sums; Qd (12) is down
    assert refusal(state, "draw 12") == (
        "The N-th card's N must be the sum of some of seat 0 in battle round 1's face-up cards (A 1 … K 13) and "
        "at most the pile's 42 cards; 12 is not (it may draw 1, 2, 3, 4, 5, 6, 13, 14, 15, 16, 17, 18, 19)."
    )
    play(state, "draw 14")  # K + A
    assert acted(state).drawn == ("8h",)  # the 14th card
    assert row(state, 0)[-1] == ("8h", True)
    assert state.view(1).pile_size == 41
    play(state, "pass", "draw")  # the cards above it did not move: the top is still 8s
    assert acted(state).drawn == ("8s",)


def test_draw_n_is_at_most_the_pile():
    state = table("Kc Qc Jc Tc [2d]", "4h 5h 6h 7h [8h]")
    assert state.view(0).pile_size == 42
    numbers = [int(t.split()[1]) for t in legal(state) if t.startswith("draw ")]
    assert max(numbers) == 36 and 46 not in numbers  # K+Q+J+T = 46 is past the pile
    assert 46 in nth_numbers(["Kc", "Qc", "Jc", "Tc"], 52)
    assert "at most the pile's 42 cards; 46 is not" in refusal(state, "draw 46")
    assert nth_numbers(["Ah", "Kh"], 20) == [1, 13, 14]
    assert nth_numbers(["Kh", "Qh"], 20) == [12, 13]
    assert nth_numbers([], 20) == []


def test_discarding_a_pair_sends_it_under_in_the_chosen_order_and_draws_four():
    state = table("7h 2c 3c 4c [7s]", "2d 3d 4d 5d [6d]", battle="Qd Jd Td 9d 8d")
    assert {"discard 7h 7s", "discard 7s 7h"} <= set(legal(state))  # the face-down 7s may pair
    play(state, "discard 7s 7h")
    assert acted(state).drawn == ("Qd", "Jd", "Td", "9d")
    assert cards_of(state, 0) == ["2c", "3c", "4c", "Qd", "Jd", "Td", "9d"]
    assert all(up for _, up in row(state, 0))
    # Every seat saw them go under, 7s first.
    assert pile_bottom(state, 2, viewer=1) == pile_bottom(state, 2, viewer=0) == ["7s", "7h"]


def test_discarding_three_of_a_number_draws_six():
    state = table("7h 7d 2c 3c [7s]", "2d 3d 4d 5d [6d]", battle="Qd Jd Td 9d 8d 7c 6c")
    play(state, "discard 7d 7s 7h")
    assert acted(state).drawn == ("Qd", "Jd", "Td", "9d", "8d", "7c")
    assert pile_bottom(state, 3, viewer=1) == ["7d", "7s", "7h"]
    assert len(cards_of(state, 0)) == 8


def test_discards_of_a_set_need_one_number_and_own_cards():
    state = table("7h 2c 3c 4c [7s]", "2d 3d 4d 5d [6d]")
    assert refusal(state, "discard 7h 2c") == (
        "'discard 7h 2c' must discard two or three cards of the same number, each once; 7h 2c are not."
    )
    assert refusal(state, "discard 7h 7c") == "Seat 0 has no 7c in front of it, so 'discard 7h 7c' cannot be played."
    assert refusal(state, "discard 7h 7s 7d").startswith("Seat 0 has no 7d")


def test_a_short_pile_gives_what_is_left():
    # Six seats, each with three of a number: six sets of three take the pile from 22
    # cards to 4; seat 0 sends another three under and draws six (1 left); seat 1's
    # three make the pile 4, and it draws those 4.
    tableaux = [f"{r}c {r}d {r}h {r}s [{x}]" for r, x in zip("234567", ("Ts", "Js", "Qs", "Ks", "As", "Th"))]
    battle = "8c 8d 8h Ac Ad Ah 9c 9d 9h"
    state = table(*tableaux, battle=battle)
    assert state.view(0).pile_size == 22
    for rank in "234567":
        play(state, f"discard {rank}c {rank}d {rank}h")
    assert state.view(0).pile_size == 4
    play(state, "discard 8c 8d 8h")
    assert len(acted(state).drawn) == 6 and state.view(0).pile_size == 1
    play(state, "discard 9c 9d 9h")
    assert len(acted(state).drawn) == 4 and state.view(0).pile_size == 0
    # An empty pile gives nothing to draw.
    assert "draw" not in legal(state)
    assert refusal(state, "draw") == "The pile is empty, so seat 2 in battle round 2 cannot draw."


def test_hide_turns_a_face_up_card_down_and_the_table_still_knows_it():
    state = table("Qd 2c 3c 4c [5h]", "2d 3d 4d 6d [7d]")
    assert [t for t in legal(state) if t.startswith("hide")] == ["hide Qd", "hide 2c", "hide 3c", "hide 4c"]
    assert refusal(state, "hide 5h") == "5h is face down already: 'hide' turns a face-up card face down."
    play(state, "hide Qd")
    assert row(state, 0)[0] == ("Qd", False)
    assert row(state, 0, viewer=1)[0] == ("Qd", False)  # seat 1 saw it face up
    assert row(state, 0, viewer=1)[-1] == ("", False)


# --- reveal -----------------------------------------------------------------------------


def test_reveal_turns_own_card_up_and_makes_the_chosen_seat_turn_up_the_chosen_card():
    state = table("2c 3c 4c 5c [Kh]", "9d 8d 7d 6d [Qs]")
    assert [t for t in legal(state) if t.startswith("reveal")] == ["reveal Kh seat 1 slot 4"]
    play(state, "reveal Kh seat 1 slot 4")  # nobody holds a heart or a king: no window
    done = resolved(state)
    assert (done.outcome, done.target_seat, done.turned_up) == (Outcome.DONE, 1, "Qs")
    assert row(state, 0)[-1] == ("Kh", True)
    assert row(state, 1, viewer=0)[-1] == ("Qs", True)
    assert state.current_seat() == 1 and state.turn().kind is DecisionKind.TURN


def test_reveal_needs_own_face_down_card_and_another_seats_face_down_slot():
    state = table("[Kh] [Ah] [2c] [3c] [4c]", "9d 8d 7d 6d [Qs]")
    assert refusal(state, "reveal Kh seat 1 slot 0") == "Seat 1's face-down cards are at slots 4; slot 0 is not one."
    assert refusal(state, "reveal Kh seat 0 slot 1") == (
        "'reveal' makes another seat turn a card up; 0 is not another seat at this table."
    )
    assert refusal(state, "reveal Qs seat 1 slot 4").startswith("Seat 0 has no Qs in front of it")
    play(state, "reveal Kh seat 1 slot 4", "pass")
    assert refusal(state, "reveal Kh seat 1 slot 4") == (
        "Kh is face up already: 'reveal' turns one of seat 0's face-down cards up."
    )
    assert refusal(state, "reveal Ah seat 1 slot 4") == "Seat 1 has no face-down card to turn up."


def test_an_interrupted_reveal_leaves_the_revealed_card_up_and_the_target_turns_nothing():
    state = table("2c 3c 4c 5c [Kh]", "9d 8d 7d 6d [Qs]", "Jc Tc 9c 8c [2h]")
    play(state, "reveal Kh seat 1 slot 4")
    turn = state.turn()
    assert (turn.seat, turn.kind, turn.responding_to) == (2, DecisionKind.INTERRUPT, 0)
    assert legal(state) == ["pass", "interrupt 2h"]  # the target cannot protect a reveal
    play(state, "interrupt 2h")
    done = resolved(state)
    assert (done.outcome, done.by, done.turned_up) == (Outcome.INTERRUPTED, 2, None)
    assert row(state, 0)[-1] == ("Kh", True)  # stays face up, not discarded
    assert row(state, 1) == [("9d", True), ("8d", True), ("7d", True), ("6d", True), ("Qs", False)]
    assert row(state, 1, viewer=0)[-1] == ("", False)
    assert pile_bottom(state, 1, viewer=0) == ["2h"]
    # The interrupt used no turn: seat 1 plays next, and seat 2 after it.
    assert state.current_seat() == 1
    play(state, "pass")
    assert state.current_seat() == 2 and state.turn().kind is DecisionKind.TURN
    assert [e.seat for e in state.history if isinstance(e, Responded)] == [2]
