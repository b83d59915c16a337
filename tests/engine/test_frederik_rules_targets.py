"""The swaps, discards and steals against another seat's face-up card (seed 004's list,
RULINGS §frederik 5–6), each legal and illegal with its refusal, with and without the
target's protecting answer, with and without an interrupt; the interrupt window's order.

Positions come from tests/engine/frederik_tables.py: a tableau ``"Td 9h 8h 7c [6c]"``,
the bracketed card face down; seat 0 plays first.  In the three base tables seat 0's
card C meets seat 1's face-up Td, and no seat holds a card of C's suit or number, so
no interrupt window opens unless a test adds one.
"""

from __future__ import annotations

import pytest

from engine import DecisionKind
from engine.frederik import Outcome, Responded, Window
from tests.engine.frederik_tables import legal, pile_bottom, play, refusal, resolved, row, table

HIGH = ("As Th 2c 3c [4d]", "Td 9h 8h 7c [6c]")  # C = As: higher, any suit
LOW = ("Th Ts 3c 5d [2d]", "Td Kh 9h 8c [7c]")  # C = 2d (face down): lower, Td's suit
EQUAL = ("Th 2c 3c 4c [5s]", "Td 9s 8s 7c [6c]")  # C = Th: Td's number
#: A third seat holding one card of C's suit or number (face down), for an interrupt.
INTERRUPTER = {"As": "Qc Jc 9c 5c [Ks]", "2d": "Qc Jc 9c 5c [2h]", "Th": "Qc Jc 9c 5c [5h]"}


def up(*cards: str) -> list[tuple[str, bool]]:
    """A row written like a tableau: bracketed cards face down."""
    return [(c.strip("[]"), not c.startswith("[")) for c in cards]


# (base table, action, seat 0's row after, seat 1's row after, the pile's bottom after)
DONE = {
    "swap-higher As Td": (HIGH, up("Th", "2c", "3c", "[4d]", "Td"), up("9h", "8h", "7c", "[6c]", "As"), []),
    "discard-higher As Td": (HIGH, up("Th", "2c", "3c", "[4d]"), up("9h", "8h", "7c", "[6c]"), ["As", "Td"]),
    "steal-higher As Td with 4d Th": (HIGH, up("Th", "2c", "3c", "[4d]", "Td"), up("9h", "8h", "7c", "[6c]"), ["As"]),
    "swap-lower 2d Td": (LOW, up("Th", "Ts", "3c", "5d", "Td"), up("Kh", "9h", "8c", "[7c]", "2d"), []),
    "discard-lower 2d Td": (LOW, up("Th", "Ts", "3c", "5d"), up("Kh", "9h", "8c", "[7c]"), ["2d", "Td"]),
    "steal-lower 2d Td with 5d Th Ts": (LOW, up("Th", "Ts", "3c", "5d", "Td"), up("Kh", "9h", "8c", "[7c]"), ["2d"]),
    "swap-equal Th Td": (EQUAL, up("2c", "3c", "4c", "[5s]", "Td"), up("9s", "8s", "7c", "[6c]", "Th"), []),
    "discard-equal Th Td": (EQUAL, up("2c", "3c", "4c", "[5s]"), up("9s", "8s", "7c", "[6c]"), ["Th", "Td"]),
}


@pytest.mark.parametrize("action", list(DONE))
def test_each_action_takes_effect_when_nobody_protects_or_interrupts(action):
    tableaux, mine, theirs, bottom = DONE[action]
    state = table(*tableaux)
    assert action in legal(state)
    play(state, action)
    done = resolved(state)
    assert (done.outcome, done.seat, done.target_seat, done.by) == (Outcome.DONE, 0, 1, None)
    assert not [e for e in state.history if isinstance(e, Responded)]  # nobody was asked
    assert row(state, 0) == mine and row(state, 1) == theirs
    assert pile_bottom(state, len(bottom), viewer=1) == bottom  # C first, then T
    assert state.current_seat() == 1 and state.turn().kind is DecisionKind.TURN


def test_a_steal_shows_its_matching_cards_to_every_seat():
    state = table(*HIGH)
    assert row(state, 0, viewer=1)[-1] == ("", False)
    play(state, "steal-higher As Td with 4d Th")
    assert row(state, 0, viewer=1)[-2] == ("4d", False)  # shown, and still face down


def test_the_conditions_of_each_kind_and_their_refusals():
    state = table(*HIGH)
    assert (
        refusal(state, "swap-higher 2c Td")
        == "'swap-higher 2c Td' needs a card higher than Td (the ace is high); 2c is not."
    )
    assert refusal(state, "discard-higher Th Td").startswith("'discard-higher Th Td' needs a card higher than Td")
    # "Lower" needs the suit, "higher" does not; one's own face-down card may be used.
    assert (
        refusal(state, "swap-lower 2c Td") == "'swap-lower 2c Td' needs a card of Td's suit lower than it; 2c is not."
    )
    assert {"swap-lower 4d Td", "discard-lower 4d Td", "swap-higher As Td"} <= set(legal(state))
    assert refusal(state, "swap-equal 2c Td") == "'swap-equal 2c Td' needs a card of Td's number; 2c is not."
    assert refusal(state, "swap-higher As 6c") == (
        "6c is face down in front of seat 1: face-down cards cannot be targeted."
    )
    for target in ("Th", "Kd"):  # one's own card, a card of the pile
        assert refusal(state, f"swap-higher As {target}") == (
            f"'swap-higher As {target}' needs another seat's face-up card as its target; "
            f"{target} is not in front of another seat."
        )
    assert refusal(state, "swap-higher As Td with Th 4d") == (
        "'swap-higher As Td with 4d Th' cannot be played by seat 0: it must name one card, without 'with'."
    )
    assert refusal(state, "steal-higher As Td with 2c 3c") == (
        "'steal-higher As Td with 2c 3c' must show 2 of seat 0's other cards with the suit or number of Td, "
        "each once; 2c 3c are not (it holds Th 4d)."
    )
    assert refusal(state, "steal-higher As Td with Th").endswith("Th are not (it holds Th 4d).")


def test_a_steal_lower_shows_three_and_the_discarded_card_is_not_one_of_them():
    state = table(*LOW)
    steals = ["steal-lower 5d Td with 2d Th Ts", "steal-lower 2d Td with 5d Th Ts"]
    assert [t for t in legal(state) if t.startswith("steal")] == steals
    assert refusal(state, "steal-lower 2d Td with Th Ts") == (
        "'steal-lower 2d Td with Th Ts' must show 3 of seat 0's other cards with the suit or number of Td, "
        "each once; Th Ts are not (it holds Th Ts 5d)."
    )
    state = table("Ad Th 2c 3c [4s]", "Td 9h 8h 7c [6c]")  # Ad matches Td but is the card discarded
    assert not [t for t in legal(state) if t.startswith("steal") and " Td " in t]
    assert refusal(state, "steal-higher Ad Td with Ad Th").endswith("Th Ad are not (it holds Th).")


def test_highest_is_judged_among_the_targets_own_face_up_cards():
    # Seat 2's face-up Kd does not protect seat 1's Td; seat 1's face-up Qd would.
    state = table(*HIGH, "Kd Qc Jc 9c [5c]")
    assert "swap-higher As Td" in legal(state)
    state = table("As Th 2c 3c [4d]", "Td Qd 8h 7c [6c]")
    assert refusal(state, "steal-higher As Td with 4d Th") == (
        "Td is not the highest face-up diamond of seat 1, so it is protected from 'steal-higher As Td with 4d Th'."
    )
    state = table("Th Ts 3c 5d [2d]", "Td 4d 9h 8c [7c]")
    assert refusal(state, "discard-lower 2d Td") == (
        "Td is not the lowest face-up diamond of seat 1, so it is protected from 'discard-lower 2d Td'."
    )


def test_equal_actions_cannot_be_protected():
    # Seat 1's face-up Jd and face-down Qd are higher diamonds: no matter for an equal swap.
    state = table("Th 2c 3c 4c [5s]", "Td Jd 9s 8s [Qd]")
    play(state, "swap-equal Th Td")
    assert resolved(state).outcome is Outcome.DONE
    assert not [e for e in state.history if isinstance(e, Responded)]


# --- the target's answer ----------------------------------------------------------------

# (tableaux with a face-down protector, the action, the protecting card, C)
PROTECTED = {
    "swap-higher As Td": ("Qd", "As"),
    "discard-higher As Td": ("Qd", "As"),
    "steal-higher As Td with 4d Th": ("Qd", "As"),
    "swap-lower 2d Td": ("4d", "2d"),
    "discard-lower 2d Td": ("4d", "2d"),
    "steal-lower 2d Td with 5d Th Ts": ("4d", "2d"),
}


def _with_protector(action: str, face_up: bool) -> tuple[str, str]:
    card, mine = PROTECTED[action]
    base = HIGH if mine == "As" else LOW
    other = base[1].split()
    hidden = f"[{card}]"
    theirs = ["Td", card, *other[2:5]] if face_up else [*other[:4], hidden]
    return base[0], " ".join(theirs)


@pytest.mark.parametrize("action", list(PROTECTED))
def test_a_face_up_protector_makes_the_action_illegal(action):
    state = table(*_with_protector(action, face_up=True))
    assert action not in legal(state)
    side = "highest" if "higher" in action else "lowest"
    assert refusal(state, action) == (
        f"Td is not the {side} face-up diamond of seat 1, so it is protected from '{action}'."
    )


@pytest.mark.parametrize("action", list(PROTECTED))
def test_a_face_down_protector_is_revealed_in_answer_the_actor_discards_and_the_target_keeps(action):
    card, mine = PROTECTED[action]
    state = table(*_with_protector(action, face_up=False))
    before = row(state, 1)
    play(state, action)
    turn = state.turn()
    assert (turn.seat, turn.kind, turn.responding_to) == (1, DecisionKind.RESPONSE, 0)
    assert state.view(1).answering.text == action and state.view(1).answering_seat == 0
    assert legal(state) == ["pass", f"protect {card}"]
    play(state, f"protect {card}")
    done = resolved(state)
    assert (done.outcome, done.by, done.target_seat) == (Outcome.PROTECTED, 1, 1)
    assert mine not in [c for c, _ in row(state, 0)]
    assert pile_bottom(state, 1, viewer=1) == [mine]
    assert row(state, 1) == [(c, True) for c, _ in before]  # Td kept, the protector face up
    assert row(state, 1, viewer=0)[-1] == (card, True)
    assert state.current_seat() == 1 and state.turn().kind is DecisionKind.TURN  # no window


def test_a_target_that_lets_it_pass_can_still_interrupt_and_the_window_follows():
    state = table("Th Ts 3c 5d [2d]", "Td Kh 9h 8c [4d]")
    play(state, "swap-lower 2d Td", "pass")
    turn = state.turn()
    assert (turn.seat, turn.kind, turn.responding_to) == (1, DecisionKind.INTERRUPT, 0)
    assert legal(state) == ["pass", "interrupt 4d"]  # 4d has 2d's suit; Td is the target
    assert refusal(state, "interrupt Td") == (
        "Seat 1 cannot interrupt seat 0's 'swap-lower 2d Td' with Td, the card it aims at: an interrupt "
        "leaves the target its card (seat 1 could use 4d)."
    )
    play(state, "pass")
    assert resolved(state).outcome is Outcome.DONE
    windows = [(e.seat, e.window) for e in state.history if isinstance(e, Responded)]
    assert windows == [(1, Window.ANSWER), (1, Window.INTERRUPT)]


def test_answers_are_refused_with_a_reason():
    state = table("As Th 2c 3c [4d]", "Td 9h 8h 7c [Qd]")
    play(state, "swap-higher As Td")
    assert refusal(state, "protect 7c") == (
        "Only a face-down card of Td's suit, higher than it, protects against seat 0's 'swap-higher As Td'; "
        "7c does not (seat 1 could protect with Qd)."
    )
    assert refusal(state, "protect Kd") == "Seat 1 has no Kd to protect seat 0's 'swap-higher As Td' with."
    for text in ("interrupt 7c", "draw"):
        assert refusal(state, text) == (
            f"Seat 1 is answering seat 0's 'swap-higher As Td': it may 'protect <card>' or 'pass', not '{text}'."
        )


def test_a_revealed_protector_counts_from_then_on():
    state = table("As Ks 2c 3c [4d]", "Td 9h 8h 7c [Qd]")
    play(state, "discard-higher As Td", "protect Qd", "pass")
    assert refusal(state, "discard-higher Ks Td").startswith("Td is not the highest face-up diamond of seat 1")
    assert "discard-higher Ks Qd" in legal(state)


# --- interrupts -------------------------------------------------------------------------

INTERRUPTED = {action: DONE[action][0] for action in DONE}


@pytest.mark.parametrize("action", list(INTERRUPTED))
def test_an_interrupt_makes_the_actor_discard_and_the_target_keep_its_card(action):
    tableaux = INTERRUPTED[action]
    mine = action.split()[1]
    third = INTERRUPTER[mine]
    card = third.split()[-1].strip("[]")
    state = table(*tableaux, third)
    before = row(state, 1)
    play(state, action)
    turn = state.turn()
    assert (turn.seat, turn.kind, turn.responding_to) == (2, DecisionKind.INTERRUPT, 0)
    assert legal(state) == ["pass", f"interrupt {card}"]
    play(state, f"interrupt {card}")
    done = resolved(state)
    assert (done.outcome, done.by, done.target_seat) == (Outcome.INTERRUPTED, 2, 1)
    assert row(state, 1) == before  # the target keeps its card, face up
    assert mine not in [c for c, _ in row(state, 0)]
    assert len(row(state, 0)) == 4
    assert card not in [c for c, _ in row(state, 2)]
    assert pile_bottom(state, 2, viewer=1) == [card, mine]  # the interrupt's card, then C
    assert state.current_seat() == 1 and state.turn().kind is DecisionKind.TURN


def test_interrupts_are_refused_with_a_reason():
    state = table(*HIGH, "Qc Jc 9c 5c [Ks]")
    play(state, "swap-higher As Td")
    assert refusal(state, "interrupt 9c") == (
        "An interrupt discards a card of the suit or the number of As; 9c is neither (seat 2 could use Ks)."
    )
    assert refusal(state, "interrupt Kd") == "Seat 2 has no Kd to interrupt seat 0's 'swap-higher As Td' with."
    assert refusal(state, "protect Ks") == (
        "Seat 2 may interrupt seat 0's 'swap-higher As Td' ('interrupt <card>') or 'pass', not 'protect Ks'."
    )


@pytest.mark.parametrize("action", ["swap-lower 2d Td", "discard-equal Th Td"])
def test_the_target_cannot_interrupt_with_the_targeted_card_itself(action):
    # The interrupt's consequence is that the target keeps its card: Td, which has C's
    # suit (lower) or number (equal), is not a card to interrupt with.
    state = table(*(LOW if "lower" in action else EQUAL))
    play(state, action)
    assert resolved(state).outcome is Outcome.DONE
    assert not [e for e in state.history if isinstance(e, Responded)]


# --- the interrupt window's order -------------------------------------------------------

# Seat 2 swaps its As for seat 0's Td; seats 3, 0 and 1 each hold a spade face down.
ORDER = ("Td 9h 8h 7c [2s]", "Qc Jc 9c 5c [3s]", "As Th 2c 3c [4d]", "Kh Qh Jh 2h [4s]")


def _window(*tableaux):
    state = table(*tableaux)
    play(state, "pass", "pass", "swap-higher As Td")  # seats 0 and 1 pass, seat 2 acts
    return state


def _asked(state):
    return [(e.seat, e.action.text) for e in state.history if isinstance(e, Responded)]


def test_the_window_asks_clockwise_from_the_actors_left_and_the_first_taker_wins():
    state = _window(*ORDER)
    for seat in (3, 0):
        turn = state.turn()
        assert (turn.seat, turn.kind, turn.responding_to) == (seat, DecisionKind.INTERRUPT, 2)
        play(state, "pass" if seat == 3 else "interrupt 2s")  # the target interrupts too
    assert _asked(state) == [(3, "pass"), (0, "interrupt 2s")]  # seat 1 is not asked
    done = resolved(state)
    assert (done.outcome, done.by, done.target_seat) == (Outcome.INTERRUPTED, 0, 0)
    # Interrupts use no turn: seat 3 plays its own turn next, and every seat has two.
    assert state.current_seat() == 3 and state.turn().kind is DecisionKind.TURN
    play(state, "pass", "pass", "pass", "pass", "pass")
    assert state.is_terminal()


def test_the_first_seat_to_interrupt_ends_the_window():
    state = _window(*ORDER)
    play(state, "interrupt 4s")
    assert _asked(state) == [(3, "interrupt 4s")]
    assert resolved(state).by == 3 and state.current_seat() == 3


def test_when_every_seat_lets_it_pass_the_action_takes_effect():
    state = _window(*ORDER)
    play(state, "pass", "pass", "pass")
    assert _asked(state) == [(3, "pass"), (0, "pass"), (1, "pass")]
    assert resolved(state).outcome is Outcome.DONE
    assert row(state, 0)[-1] == ("As", True)


def test_only_seats_holding_a_matching_card_are_asked_and_a_pass_is_seen_by_its_seat_alone():
    state = _window(ORDER[0], ORDER[1], ORDER[2], "Kh Qh Jh 2h [Kd]")
    assert state.current_seat() == 0
    play(state, "pass")
    assert state.current_seat() == 1
    assert [e.seat for e in state.events_for(1) if isinstance(e, Responded)] == []
    assert [e.seat for e in state.events_for(0) if isinstance(e, Responded)] == [0]
