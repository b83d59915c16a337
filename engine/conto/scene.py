"""Conto as a spectator watches it (`engine.Scene`, for replays): each seat's hand and
the cards it revealed, the plate on the table and who declared it, the bills paid."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .._core import Event
from .._scene import Scene, SeatScene, spectator_texts
from .records import BillCalled, Declared, Forfeited, HandDealt, Showdown

__all__ = ["conto_scenes"]


def conto_scenes(history: Sequence[Event], players: int) -> Iterator[Scene]:
    """One scene after each event of a full history."""
    hands: list[list[str]] = [[] for _ in range(players)]
    revealed: list[list[str]] = [[] for _ in range(players)]
    bills = [0] * players
    dealer: int | None = None
    oste: int | None = None
    cameriere: int | None = None
    plate = ""
    deal_line = ""
    verdict = ""
    open_hands = False
    for event in history:
        actor: int | None = None
        to_act: int | None = None
        if isinstance(event, HandDealt):
            hands = [list(hand.cards) for hand in event.hands]
            revealed = [[] for _ in range(players)]
            dealer, oste, cameriere = event.dealer, event.oste, None
            plate, verdict, open_hands = "", "", False
            deal_line = f"{event.hand_number} of {event.hands_in_match}"
            to_act = (event.dealer + 1) % players
        elif isinstance(event, Declared):
            actor, action = event.seat, event.action
            if action.reveals is not None:
                hands[actor].remove(action.reveals)
                revealed[actor].append(action.reveals)
            plate = " ".join(portata.text for portata in action.plate)
            cameriere = actor
            to_act = (actor + 1) % players
        elif isinstance(event, BillCalled):
            actor = event.seat
            verdict = f"seat {event.seat} calls il conto on seat {event.cameriere}'s plate"
        elif isinstance(event, Showdown):
            open_hands = True
            bills[event.loser] += 1
            truth = "true" if event.plate_true else "false"
            verdict = f"{truth}: seat {event.loser} pays"
        elif isinstance(event, Forfeited):
            actor = event.seat
            bills[event.seat] += 1
            verdict = f"seat {event.seat} forfeits and pays"
        table = (("deal", deal_line), ("plate", plate), ("cameriere", _seat(cameriere)), ("showdown", verdict))
        text, secret_text = spectator_texts(event)
        yield Scene(
            text=text,
            actor=actor,
            seats=tuple(
                SeatScene(
                    hand=tuple(hands[seat]),
                    open=open_hands,
                    shown=tuple(revealed[seat]),
                    status=_status(seat, dealer, oste, cameriere, bills[seat]),
                )
                for seat in range(players)
            ),
            table=table,
            to_act=to_act,
            secret_text=secret_text,
        )


def _seat(seat: int | None) -> str:
    return "" if seat is None else f"seat {seat}"


def _status(seat: int, dealer: int | None, oste: int | None, cameriere: int | None, bills: int) -> str:
    roles = [
        role
        for role, holder in (("dealer", dealer), ("oste", oste), ("cameriere", cameriere))
        if holder is not None and holder == seat
    ]
    roles.append(f"{bills} bill{'s' if bills != 1 else ''} paid")
    return " · ".join(roles)
