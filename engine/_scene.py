"""A match as a spectator watches it: one scene after each event of its full history.

Replays (`arena report`, `arena show --html`) draw these; nothing else reads them.  A
scene says what lies where, as card texts in the game's notation, and which cards are
private: a seat's `hand` is seen by that seat alone unless the scene says it is `open`
(a showdown, bridge's dummy), and a viewer draws the other hands face down unless asked
to show all hands.  The scene itself is the referee's, so it holds every card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # _records imports this module
    from ._records import Event

__all__ = ["SeatScene", "Scene", "spectator_texts"]

#: Whom `Event.visible_to` is asked for a spectator: no seat, so no hidden card shows.
_NO_SEAT = -1


@dataclass(frozen=True, slots=True)
class SeatScene:
    """One seat at one moment of the match."""

    #: The cards in its hand, in the game's notation.
    hand: tuple[str, ...]
    #: Everyone sees `hand` now (a showdown, a hand laid down), not only the seat.
    open: bool = False
    #: Cards face up in front of the seat: revealed, played to the current trick.
    shown: tuple[str, ...] = ()
    #: A short public line about the seat: its role and its points ("dealer · 2 bills").
    status: str = ""
    #: The places in `shown` of cards lying face down (invido's vado dentro): a viewer
    #: draws their backs unless asked to show all hands.
    face_down: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Scene:
    """The table right after one event."""

    #: The event as everyone at the table saw it (an action's canonical text within).
    text: str
    #: The seat that acted, if a seat did (None for a deal, a showdown, a trick's end).
    actor: int | None
    seats: tuple[SeatScene, ...]
    #: What lies on the table, each a title and its text, e.g. ("plate", "2A 3T").
    table: tuple[tuple[str, str], ...]
    #: The seat to act next, if any.
    to_act: int | None = None
    #: The event as the referee's transcript prints it, when that tells more than
    #: `text` (the cards dealt, a card played face down); "" when it does not.
    secret_text: str = ""


def spectator_texts(event: Event) -> tuple[str, str]:
    """`Scene.text` and `Scene.secret_text` of `event`: as a spectator sees it (seen by
    no seat in particular), and the referee's full text when that tells more, else ""."""
    public = event.visible_to(_NO_SEAT)
    text = public.text if public is not None else ""
    return text, event.text if text != event.text else ""
