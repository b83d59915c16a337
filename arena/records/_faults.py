"""A fault charged to a seat (`Fault`), of a named kind (`FaultKind`): the seat forfeits
the deal it happened in."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["FaultKind", "Fault"]


class FaultKind(enum.Enum):
    """Named terminations, as cutechess-cli users know them (time forfeit, disconnect…)."""

    TIMEOUT = "timeout"  # no answer before the deadline
    CRASH = "crash"  # the process died or the stream broke
    ILLEGAL = "illegal"  # an action index out of range
    MALFORMED = "malformed"  # bytes that are not a BotMessage, or a message of the wrong kind
    OVERSIZED = "oversized"  # a message over the size limit
    FLOOD = "flood"  # messages nobody asked for
    START = "start"  # no valid Hello within the start-up deadline
    STOPPED = "stopped"  # stopped for the rest of the match after repeated faults
    MEMORY = "memory"  # its processes together held more than its memory limit
    PROCESSES = "processes"  # it ran more processes at once than its max_processes
    CPU = "cpu"  # it kept using the CPU while nothing was asked of it


@dataclass(frozen=True)
class Fault:
    """One fault charged to a seat: the seat forfeits the deal it happened in."""

    seat: int
    bot: str
    kind: FaultKind
    reason: str
    deal: int

    def __str__(self) -> str:
        return f"seat {self.seat} ({self.bot}) {self.kind.value} in deal {self.deal}: {self.reason}"

    def to_data(self) -> dict[str, Any]:
        return {"seat": self.seat, "bot": self.bot, "kind": self.kind.value, "reason": self.reason, "deal": self.deal}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Fault:
        return cls(data["seat"], data["bot"], FaultKind(data["kind"]), data["reason"], data["deal"])
