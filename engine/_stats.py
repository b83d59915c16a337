"""What a game's statistics are: per-seat counts, and the table columns they print as.

A game's `SeatStats` record (a frozen dataclass of counts) declares its table in
`COLUMNS`: each `StatsColumn` is a heading, its one-line explanation and the function
that writes its cell, together, so a column cannot be printed without being explained.
The record also says, one line each, what the game's deal score and match standing
mean, for the arena's result tables (`SCORE_EXPLANATION`, `STANDING_EXPLANATION`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

__all__ = ["SeatStats", "StatsColumn"]


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
