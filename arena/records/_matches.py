"""The records of matches: one the schedule asks for (`MatchSlot`), what a played one
produced (`MatchRecord`, with its `Comment`s and each seat's `CpuUse` and `TimeUse`), and
one as the results file gives it back (`StoredMatch`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import engine
from arena.records._faults import Fault

__all__ = ["MatchSlot", "Comment", "MatchRecord", "StoredMatch", "TimeUse", "CpuUse"]


@dataclass(frozen=True)
class MatchSlot:
    """One match of the schedule: where it sits, the deals' seed, and who sits where."""

    key: str
    round: int
    table: int
    rotation: int
    seed: int
    names: tuple[str, ...]


@dataclass(frozen=True)
class Comment:
    """What a bot said along with a decision (kept to COMMENT_LIMIT characters)."""

    seat: int
    deal: int
    text: str


@dataclass(frozen=True)
class MatchRecord:
    """Everything a match produced: enough to store, rate, replay and show it."""

    match_id: str
    game: str
    players: int
    options: Mapping[str, Any]
    seed: int
    deals: int
    names: tuple[str, ...]
    result: engine.MatchResult
    standing: tuple[float, ...]
    history: tuple[engine.Event, ...]
    faults: tuple[Fault, ...]
    comments: tuple[Comment, ...]
    latencies: tuple[tuple[float, ...], ...] = field(repr=False)
    seconds: float = 0.0
    #: Per seat, the CPU its processes used (None: not measured, a remote bot's).
    cpu: tuple[CpuUse | None, ...] = ()

    @property
    def decisions(self) -> int:
        return sum(len(seat) for seat in self.latencies)

    def time_use(self) -> tuple[TimeUse, ...]:
        """Each seat's thinking time (answered decisions only: a timeout is a fault) and CPU."""
        cpu = self.cpu or (None,) * len(self.latencies)
        return tuple(
            TimeUse(len(seat), sum(seat), max(seat, default=0.0), used or CpuUse(0, 0.0, 0.0))
            for seat, used in zip(self.latencies, cpu)
        )


@dataclass(frozen=True)
class CpuUse:
    """The CPU time one seat's bot processes used in one match (seconds; arena/process/cpu.py).

    `decisions`: the decisions it was asked (answered or not); `seconds`: the CPU used
    on them, `off_turn` included; `off_turn`: the CPU used while nothing was asked of it,
    beyond the allowance, charged to its clock.
    """

    decisions: int
    seconds: float
    off_turn: float

    def __add__(self, other: CpuUse) -> CpuUse:
        return CpuUse(self.decisions + other.decisions, self.seconds + other.seconds, self.off_turn + other.off_turn)


@dataclass(frozen=True)
class TimeUse:
    """One seat's thinking time in one match, as the referee measured it (seconds), and
    its CPU time (no decisions when it was not measured)."""

    decisions: int
    total: float
    longest: float
    cpu: CpuUse = CpuUse(0, 0.0, 0.0)

    def __add__(self, other: TimeUse) -> TimeUse:
        return TimeUse(
            self.decisions + other.decisions,
            self.total + other.total,
            max(self.longest, other.longest),
            self.cpu + other.cpu,
        )

    @property
    def mean(self) -> float:
        return self.total / self.decisions if self.decisions else 0.0

    @property
    def mean_cpu(self) -> float:
        return self.cpu.seconds / self.cpu.decisions if self.cpu.decisions else 0.0


@dataclass(frozen=True)
class StoredMatch:
    """One match as stored."""

    key: str
    round: int
    table: int
    rotation: int
    seed: int
    names: tuple[str, ...]
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    standing: tuple[float, ...]
    deals: tuple[engine.DealResult, ...]
    history: tuple[engine.Event, ...]
    faults: tuple[Fault, ...]
    seconds: float
    finished_at: str
    #: Per seat; empty for a match stored before the arena kept thinking times.
    time_use: tuple[TimeUse, ...] = ()

    @property
    def result(self) -> engine.MatchResult:
        return engine.MatchResult(self.scores, self.ranks, self.deals)
