"""The seed's worked examples (seed 004, "Ulteriori regole e chiarimenti"): cards of one
suit protect each other from swaps, steals and discards in numerical order.

- "non puoi scambiare un 2 di cuori con il K di cuori di un avversario ma l'avversario
  ha un 10 di cuori" (a swap-lower: 2h for Kh, and Th is lower than Kh);
- "non puoi usare un asso far scartare un 10 di picche all'avversario se l'avversario
  ha un J di picche" (a discard-higher: the ace on Ts, and Js is higher than Ts).

Each twice: the protecting card face up (the action is not legal, and its refusal says
why) and face down (the action is legal; the target answers by revealing the card, the
actor discards its own and the target keeps its card).
"""

from __future__ import annotations

from engine import DecisionKind
from engine.frederik import Outcome, Phase, Responded, Window
from tests.engine.frederik_tables import legal, pile_bottom, play, refusal, resolved, row, table


def _answer_turn(state, seat, actor):
    turn = state.turn()
    assert turn is not None
    assert (turn.seat, turn.kind, turn.responding_to) == (seat, DecisionKind.RESPONSE, actor)


def test_two_of_hearts_cannot_swap_for_the_king_when_the_ten_of_hearts_is_face_up():
    state = table("2h 5c 6c 7d [8d]", "Kh Th 9c 8c [7s]")
    assert "swap-lower 2h Kh" not in legal(state)
    assert refusal(state, "swap-lower 2h Kh") == (
        "Kh is not the lowest face-up heart of seat 1, so it is protected from 'swap-lower 2h Kh'."
    )
    # Th itself is the lowest heart there: the two may swap for it.
    assert "swap-lower 2h Th" in legal(state)


def test_two_of_hearts_swap_for_the_king_is_protected_by_the_ten_of_hearts_face_down():
    state = table("2h 5c 6c 7d [8d]", "Kh 9c 8c 7s [Th]")
    assert "swap-lower 2h Kh" in legal(state)  # Kh is the only face-up heart
    play(state, "swap-lower 2h Kh")
    _answer_turn(state, seat=1, actor=0)
    assert legal(state) == ["pass", "protect Th"]
    assert state.view(1).answering.text == "swap-lower 2h Kh"
    play(state, "protect Th")
    done = resolved(state)
    assert (done.outcome, done.by, done.target_seat) == (Outcome.PROTECTED, 1, 1)
    # The actor discards its two; the target keeps its king and the ten stays face up.
    assert row(state, 0) == [("5c", True), ("6c", True), ("7d", True), ("8d", False)]
    assert row(state, 1) == [("Kh", True), ("9c", True), ("8c", True), ("7s", True), ("Th", True)]
    assert row(state, 1, viewer=0)[-1] == ("Th", True)  # public now
    assert pile_bottom(state, 1, viewer=1) == ["2h"]
    # No interrupt window follows a protection: it is seat 1's own battle turn now.
    assert state.turn().seat == 1 and state.turn().kind is DecisionKind.TURN
    answers = [e for e in state.history if isinstance(e, Responded)]
    assert [(e.seat, e.window, e.action.text) for e in answers] == [(1, Window.ANSWER, "protect Th")]


def test_the_ace_cannot_discard_the_ten_of_spades_when_the_jack_of_spades_is_face_up():
    state = table("Ah 5c 6c 7d [8d]", "Ts Js 9c 8c [4d]")
    assert "discard-higher Ah Ts" not in legal(state)
    assert refusal(state, "discard-higher Ah Ts") == (
        "Ts is not the highest face-up spade of seat 1, so it is protected from 'discard-higher Ah Ts'."
    )
    assert "discard-higher Ah Js" in legal(state)  # the jack is the highest spade there


def test_the_ace_discarding_the_ten_of_spades_is_protected_by_the_jack_of_spades_face_down():
    state = table("Ah 5c 6c 7d [8d]", "Ts 9c 8c 4d [Js]")
    assert "discard-higher Ah Ts" in legal(state)
    play(state, "discard-higher Ah Ts")
    _answer_turn(state, seat=1, actor=0)
    assert legal(state) == ["pass", "protect Js"]
    play(state, "protect Js")
    done = resolved(state)
    assert (done.outcome, done.by) == (Outcome.PROTECTED, 1)
    assert row(state, 0) == [("5c", True), ("6c", True), ("7d", True), ("8d", False)]
    assert row(state, 1) == [("Ts", True), ("9c", True), ("8c", True), ("4d", True), ("Js", True)]
    assert pile_bottom(state, 1, viewer=1) == ["Ah"]
    assert state.view(0).phase is Phase.BATTLE and state.current_seat() == 1
