"""Esempio 4 and Esempio 5 of the seed (seeds/000), replayed move by move.

The tables are copied from the seed as they are written there (Italian declarations and
the "Rivela" column); the test translates each declaration into a plate and checks that
the engine offers exactly that move, reveals exactly that card and reaches the seed's
verdict.  A, B, C, D are seats 0..3; the first dealer is the last seat, so A opens.
"""

from __future__ import annotations

import pytest

import engine
from engine.conto import BillCalled, Declared, Move, Portata, Showdown

# --- the seed's tables, verbatim ---------------------------------------------------------

ESEMPIO_4_HANDS = {
    "A": "2 6 7 T Q Q",
    "B": "4 4 T T K W",
    "C": "3 5 7 J J A",
    "D": "2 3 4 9 K A",
}
ESEMPIO_4 = [
    # turno, giocatore, azione, dichiarazione, rivela
    (1, "A", "Ordina il primo", "Un Q", "Q"),
    (2, "B", "Ordina il secondo", "Un Q e un K", "K"),
    (3, "C", "Speziare", "Un A e un K", "A"),
    (4, "D", "Abbondare", "Due A e un K", "-"),
    (5, "A", "Abbondare", "Due A e due Q", "-"),
    (6, "B", "Abbondare", "Due A e tre T", "T"),
    (7, "C", "Speziare", "Due A e tre J", "J"),
    (8, "D", "Speziare", "Due A e tre K", "-"),
    (9, "A", "Chiedere il conto", "Il conto, prego!", "-"),
]

ESEMPIO_5_HANDS = {
    "A": "2 3 3 5 9 A",
    "B": "6 7 9 J Q Q",
    "C": "2 4 5 6 9 A",
}
ESEMPIO_5 = [
    (1, "A", "Ordina il primo", "Un 2", "2"),
    (2, "B", "Ordina il secondo", "Un 2 e un Q", "Q"),
    (3, "C", "Abbondare", "Due 2 e un Q", "-"),
    (4, "A", "Speziare", "Due 2 e un A", "A"),
    (5, "B", "Abbondare", "Due 2 e due Q", "-"),
    (6, "C", "Speziare", "Due 2 e due A", "-"),
    (7, "A", "Abbondare", "Tre 3 e due A", "3"),
    (8, "B", "Chiedere il conto", "Il conto, prego!", "-"),
]

_NUMBERS = {"un": 1, "una": 1, "due": 2, "tre": 3}
_KINDS = {
    "Ordina il primo": Move.ORDINAZIONE,
    "Ordina il secondo": Move.ORDINAZIONE,
    "Speziare": Move.SPEZIARE,
    "Abbondare": Move.ABBONDARE,
    "Chiedere il conto": Move.CONTO,
}


def italian_plate(text: str) -> tuple[Portata, ...]:
    """'Due A e tre T' -> (2A, 3T), as the seed writes its declarations."""
    plate = []
    for part in text.split(" e "):
        number, rank = part.split()
        plate.append(Portata(rank, _NUMBERS[number.lower()]))
    return tuple(plate)


def test_italian_plate_reader() -> None:
    assert italian_plate("Due A e tre T") == (Portata("A", 2), Portata("T", 3))
    assert italian_plate("Un 2") == (Portata("2", 1),)


def action_text(kind: Move, plate: tuple[Portata, ...], reveal: str) -> str:
    if kind is Move.CONTO:
        return "il conto"
    reveals = "" if reveal == "-" else f", reveals {reveal}"
    return f"{kind.name.lower()} → {' '.join(p.text for p in plate)}{reveals}"


def replay_example(hands: dict[str, str], table: list[tuple]) -> engine.State:
    letters = list(hands)
    game = engine.load("conto", players=len(hands))
    state = game.new_match(hands=[hands[letter] for letter in letters])
    revealed: list[tuple[int, str]] = []
    for turn, player, azione, dichiarazione, rivela in table:
        seat = letters.index(player)
        assert state.current_seat() == seat, f"turn {turn}: {player} should act"
        kind = _KINDS[azione]
        plate = () if kind is Move.CONTO else italian_plate(dichiarazione)
        text = action_text(kind, plate, rivela)
        action = state.parse_action(text)
        assert action.kind is kind
        if kind is not Move.CONTO:
            assert action.plate == plate
            # "Ordina il primo / il secondo" name the slot that is added.
            if azione == "Ordina il primo":
                assert action.slot == 0
            if azione == "Ordina il secondo":
                assert action.slot == 1
        assert action in state.legal_actions(), f"turn {turn}: {text!r} must be legal"
        event = state.apply(action)
        if kind is Move.CONTO:
            assert isinstance(event, BillCalled)
            assert event.seat == seat
            continue
        assert isinstance(event, Declared)
        assert event.seat == seat
        assert event.action.plate == plate
        assert event.action.reveals == (None if rivela == "-" else rivela)
        if rivela != "-":
            revealed.append((seat, rivela))
        for viewer in range(len(hands)):
            view = state.view(viewer)
            assert view.plate == plate
            assert [(r.seat, r.rank) for r in view.revealed] == revealed
            assert view.cameriere == seat
    return state


def showdown_of(state: engine.State) -> Showdown:
    (showdown,) = [e for e in state.history if isinstance(e, Showdown)]
    return showdown


def test_esempio_4_is_legal_and_the_capotavola_loses() -> None:
    state = replay_example(ESEMPIO_4_HANDS, ESEMPIO_4)
    showdown = showdown_of(state)
    # "Ci sono in tutto: due Assi, due K, e un Jolly."
    assert showdown.plate == italian_plate("Due A e tre K")
    assert showdown.natural == (2, 2)
    assert showdown.jokers == 1
    assert showdown.plate_true is True
    assert showdown.capotavola == 0 and showdown.cameriere == 3
    assert showdown.loser == 0  # A, the capotavola
    assert state.is_terminal()
    assert state.standing() == (1.0, 0.0, 0.0, 0.0)
    result = state.result()
    assert result.scores == (-1.0, 0.0, 0.0, 0.0)
    assert result.ranks == (3, 0, 0, 0)
    assert state.view(2).points == (1, 0, 0, 0)


def test_esempio_5_is_legal_and_the_cameriere_loses() -> None:
    state = replay_example(ESEMPIO_5_HANDS, ESEMPIO_5)
    showdown = showdown_of(state)
    # "In tutto ci sono solo: due 3, e due Assi."
    assert showdown.plate == italian_plate("Tre 3 e due A")
    assert showdown.natural == (2, 2)
    assert showdown.jokers == 0
    assert showdown.plate_true is False
    assert showdown.capotavola == 1 and showdown.cameriere == 0
    assert showdown.loser == 0  # A, the cameriere
    assert state.is_terminal()
    assert state.standing() == (1.0, 0.0, 0.0)
    assert state.result().ranks == (2, 0, 0)


@pytest.mark.parametrize(("hands", "table"), [(ESEMPIO_4_HANDS, ESEMPIO_4), (ESEMPIO_5_HANDS, ESEMPIO_5)])
def test_examples_replay_from_their_history(hands, table) -> None:
    state = replay_example(hands, table)
    again = state.game.replay(state.history)
    assert again.history == state.history
    assert again.result() == state.result()


def test_esempio_4_showdown_shows_every_hand_to_everybody() -> None:
    state = replay_example(ESEMPIO_4_HANDS, ESEMPIO_4)
    for seat in range(4):
        (showdown,) = [e for e in state.events_for(seat) if isinstance(e, Showdown)]
        shown = [" ".join(h.cards) for h in showdown.hands]
        assert shown == list(ESEMPIO_4_HANDS.values())
