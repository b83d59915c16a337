"""Bot faults: what can go wrong with a bot, named, so logs and tables can count them."""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = ["FaultKind", "Fault", "BotFault", "late_answer_note"]


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


def late_answer_note(bot: str, decision_id: int, seconds: float | None, limit: float | None) -> str:
    """What the log says of an answer that came after its request had timed out.

    The timeout fault stands and the answer is dropped; the delay tells the bot's author
    by how much it missed the deadline.  `seconds` None: no timed-out request had that id.
    """
    if seconds is None or limit is None:
        return f"bot {bot}: dropped an answer to decision {decision_id}, which was not waiting for one"
    return (
        f"bot {bot}: its answer to decision {decision_id} came {seconds * 1000:.0f} ms after the "
        f"request, past the {limit * 1000:.0f} ms limit; the timeout stands and the answer was dropped"
    )
