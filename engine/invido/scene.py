"""Invido as a spectator watches it (`engine.Scene`, for replays): each seat's hand and
its card in the trick, what the giocata is worth and what is pending, the tricks, the
match score."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .._core import Event
from .._scene import Scene, SeatScene, spectator_texts
from .records import (
    Answered,
    Called,
    CardPlayed,
    Forfeited,
    GiocataDealt,
    GiocataEnded,
    MatchEnded,
    MatchReset,
    MonteCalled,
    TrickEnded,
    WentAway,
    call_name,
)

__all__ = ["invido_scenes"]

#: A card played face down whose face even the full history does not hold.
FACE_DOWN = "?"


def invido_scenes(history: Sequence[Event], players: int) -> Iterator[Scene]:
    """One scene after each event of a full history."""
    hands: list[list[str]] = [[] for _ in range(players)]
    in_trick: list[list[str]] = [[] for _ in range(players)]
    in_down: list[list[int]] = [[] for _ in range(players)]  # places in in_trick of face-down cards
    trick_shown = 0
    points, goal = [0] * players, 0
    dealer: int | None = None
    giocata, value = "", 1
    pending, monte, tricks, outcome = "", "", "", ""
    open_hands = False
    for event in history:
        actor = getattr(event, "seat", None)
        if isinstance(event, GiocataDealt):
            hands = [list(hand.cards) for hand in event.hands]
            in_trick, in_down = [[] for _ in range(players)], [[] for _ in range(players)]
            trick_shown, points, goal, dealer = 1, list(event.points), event.goal, event.dealer
            giocata, value = str(event.giocata), 1
            pending, monte, tricks, outcome, open_hands = "", "", "", "", False
        elif isinstance(event, CardPlayed):
            if event.trick != trick_shown:
                in_trick, trick_shown = [[] for _ in range(players)], event.trick
                in_down = [[] for _ in range(players)]
            if event.card is not None:
                hands[event.seat].remove(event.card)
            if event.face_down:
                in_down[event.seat].append(len(in_trick[event.seat]))
            in_trick[event.seat].append(FACE_DOWN if event.card is None else str(event.card))
        elif isinstance(event, TrickEnded):
            won = "tied" if event.winner is None else f"seat {event.winner}"
            tricks = f"{tricks}, {event.trick}: {won}" if tricks else f"{event.trick}: {won}"
        elif isinstance(event, Called):
            if event.accepted is not None:
                value = event.accepted
            pending = f"seat {event.seat} calls {call_name(event.value)}"
        elif isinstance(event, MonteCalled):
            monte = f"seat {event.seat} calls a monte"
        elif isinstance(event, Answered):
            if event.to_monte:
                monte = ""
            else:
                value, pending = event.value, ""
        elif isinstance(event, (WentAway, Forfeited)):
            pending, monte = "", ""
        elif isinstance(event, GiocataEnded):
            points = list(event.match_points)
            outcome = "void" if event.winner is None else f"seat {event.winner} wins {event.points}"
            open_hands = bool(event.hands)
            actor = None
        elif isinstance(event, MatchReset):
            points, goal, actor = [0] * players, event.goal, None
        elif isinstance(event, MatchEnded):
            points, actor = list(event.points), None
            outcome = event.text
        text, secret_text = spectator_texts(event)
        yield Scene(
            text=text,
            actor=actor,
            seats=tuple(
                SeatScene(
                    hand=tuple(hands[seat]),
                    open=open_hands,
                    shown=tuple(in_trick[seat]),
                    face_down=tuple(in_down[seat]),
                    status=("dealer · " if seat == dealer else "") + f"{points[seat]} of {goal} points",
                )
                for seat in range(players)
            ),
            table=(
                ("giocata", giocata),
                ("worth", str(value)),
                ("call", " · ".join(part for part in (pending, monte) if part)),
                ("tricks", tricks),
                ("ended", outcome),
            ),
            secret_text=secret_text,
        )
