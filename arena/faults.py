"""Bot faults: what can go wrong with a bot, named, so logs and tables can count them."""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = ["FaultKind", "Fault", "BotFault"]


class FaultKind(enum.Enum):
    """Named terminations, as cutechess-cli users know them (time forfeit, disconnect…)."""

    TIMEOUT = "timeout"        # no answer before the deadline
    CRASH = "crash"            # the process died or the stream broke
    ILLEGAL = "illegal"        # an action index out of range
    MALFORMED = "malformed"    # bytes that are not a BotMessage, or a message of the wrong kind
    OVERSIZED = "oversized"    # a message over the size limit
    FLOOD = "flood"            # messages nobody asked for
    START = "start"            # no valid Hello within the start-up deadline
    STOPPED = "stopped"        # stopped for the rest of the match after repeated faults


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


class BotFault(Exception):
    """Raised at the gRPC (or stdio) boundary when a bot misbehaves."""

    def __init__(self, kind: FaultKind, reason: str) -> None:
        super().__init__(f"{kind.value}: {reason}")
        self.kind = kind
        self.reason = reason
