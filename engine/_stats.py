"""What a game's statistics are: per-seat counts, and the table columns they print as.

A game's `SeatStats` record (a frozen dataclass of counts) declares its table in
`COLUMNS`: each `StatsColumn` is a heading, its one-line explanation and the function
that writes its cell, together, so a column cannot be printed without being explained.
The record also says, one line each, what the game's deal score and match standing
mean, for the arena's result tables (`SCORE_EXPLANATION`, `STANDING_EXPLANATION`).

The moves the counts are made of can be shown one by one: the record's `moments` marks
each (a `Moment`: the event, the seat, what it counts as, the number behind it), from
the same classifier the counts come from, so a replay's marks and the table agree.
`counted_moments(game, history)` asks a game's record for them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:  # _core imports this module
    from ._core import Event, Game

__all__ = ["Moment", "SeatStats", "StatsColumn", "counted_moments"]


@dataclass(frozen=True, slots=True)
class Moment:
    """One move a game's statistics count, as a replay marks it."""

    #: Its event's place in the match's full history (a replay's scene of the same number).
    event: int
    #: The seat the count goes to.
    seat: int
    #: What the statistics count it as (the game's own enum: "probably false", "weak bet").
    label: StrEnum
    #: The number behind it, in words: "23% true from seat 2's view".
    detail: str
    #: A bluff moment, which a replay's "bluff moments" filter steps between; False for a
    #: move marked with its number that is no bluff (an invido call with the odds for it).
    bluff: bool = True

    @property
    def text(self) -> str:
        return f"{self.label}: {self.detail}"


@dataclass(frozen=True)
class StatsColumn:
    """One column of a statistics table: its heading, what it means in one line, and its
    cell (`cell(stats)`: the text shown for one seat's statistics record)."""

    heading: str
    explanation: str
    cell: Callable[[Any], str]


class SeatStats:
    """Base of a game's per-seat statistics (frozen dataclasses of counts).

    Counts add up over deals and matches with `+`; `columns()` gives the table cells,
    rates computed from the counts, so re-analysing old results is just adding again.
    """

    __slots__ = ()

    #: The statistics table, column by column; `columns()` is written from it.
    COLUMNS: ClassVar[tuple[StatsColumn, ...]] = ()
    #: What the result tables' score column (`GameSpec.score_title`: the bot's mean deal
    #: score, times `score_factor`) means in this game; "" for the arena's generic words.
    SCORE_EXPLANATION: ClassVar[str] = ""
    #: What `State.standing` counts in this game (`arena play` shows it); "" likewise.
    STANDING_EXPLANATION: ClassVar[str] = ""

    def __add__(self, other: SeatStats) -> SeatStats:
        if type(other) is not type(self):
            return NotImplemented
        values = {
            f.name: getattr(self, f.name) + getattr(other, f.name)
            for f in dataclasses.fields(self)  # type: ignore[arg-type]
        }
        return type(self)(**values)

    def columns(self) -> tuple[tuple[str, str], ...]:
        """(heading, cell) pairs for a statistics table, one per entry of `COLUMNS`."""
        return tuple((column.heading, column.cell(self)) for column in self.COLUMNS)

    @classmethod
    def moments(cls, history: Sequence[Event], players: int, options: Mapping[str, Any]) -> tuple[Moment, ...]:
        """The moves of one match's full history these counts are made of, each marked
        with its number, in history order; () for a game that marks none."""
        return ()


def counted_moments(game: Game, history: Sequence[Event]) -> tuple[Moment, ...]:
    """The marked moves of one match of `game` (see `SeatStats.moments`)."""
    kind = game.statistics_kind()
    return () if kind is None else kind.moments(history, game.players, game.options)
