"""What a state hands out and takes: actions, events, views, turns, and the results of
a deal and a match (every game's records derive from these)."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

__all__ = ["Action", "Event", "View", "DecisionKind", "Turn", "DealResult", "MatchResult", "ranks_from_scores"]


class Action:
    """Base of every game's action records (frozen dataclasses).

    `str(action)` is the canonical text; `State.parse_action` reads it back.
    """

    __slots__ = ()

    @property
    def text(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text


class Event:
    """Base of the records appended to a state's history (frozen dataclasses).

    The history is the full, referee-side log.  `visible_to(seat)` is the same event as
    that seat may see it (hidden cards of other seats removed); `None` means the seat
    may not see it at all.
    """

    __slots__ = ()

    #: True for the event that opens a deal (conto's HandDealt, invido's GiocataDealt):
    #: a view's `deal_events` start there, so a request never grows with the match.
    starts_deal: ClassVar[bool] = False

    def visible_to(self, seat: int) -> Event | None:
        return self

    @property
    def text(self) -> str:
        raise NotImplementedError

    def columns(self) -> tuple[tuple[str, str], ...] | None:
        """For a seat's move: (title, value) cells of a transcript row, like the seed's
        tables (conto: action, declaration, reveal).  None for other events, which a
        transcript prints as a line of text."""
        return None

    def __str__(self) -> str:
        return self.text


class View:
    """Base of every game's per-seat view (frozen dataclasses): all a seat may know of
    the current deal, its events so far in a field `deal_events` (earlier deals are the
    seat's memory: it saw them as events)."""

    __slots__ = ()


class DecisionKind(enum.Enum):
    """Why a seat is asked.  Decisions come one seat at a time: a window in which several
    seats may act out of turn asks them one after another, "pass" among the actions."""

    #: The seat's turn in the order of play.
    TURN = 1
    #: An answer owed to another seat's action (invido: a call to accept, raise or refuse).
    RESPONSE = 2
    #: A chance to act out of turn after another seat's action (frederik's interrupts).
    INTERRUPT = 3


@dataclass(frozen=True, slots=True)
class Turn:
    """The decision awaited: who decides, why, and for whom.

    `seat` is whose bot decides (`State.current_seat`); `acting_seat` whose cards and
    turn the decision plays, the same seat except where one seat plays for another
    (bridge: declarer plays dummy's cards); `responding_to` the seat whose action an
    answer or an interrupt follows, None on a plain turn.
    """

    seat: int
    kind: DecisionKind = DecisionKind.TURN
    acting_seat: int = -1
    responding_to: int | None = None

    def __post_init__(self) -> None:
        if self.acting_seat < 0:
            object.__setattr__(self, "acting_seat", self.seat)


@dataclass(frozen=True)
class DealResult:
    """How one deal ended.

    `scores` are per seat, higher is better, in the game's own unit.  `ranks` give the
    finishing order per seat, 0 = best, equal numbers = tie: this is what ratings use.
    `forfeit` names the seat that faulted, when the deal ended that way.
    """

    deal: int
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    forfeit: int | None = None


@dataclass(frozen=True)
class MatchResult:
    """How a match ended: totals per seat (higher is better), ranks, and every deal."""

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    deals: tuple[DealResult, ...]


def ranks_from_scores(scores: Sequence[float]) -> tuple[int, ...]:
    """Competition ranks, 0 = best; equal scores share a rank."""
    return tuple(sum(1 for other in scores if other > mine) for mine in scores)
