"""Time controls: how long a bot may think, and each seat's clock during a match.

A `TimeControl` is one of

- a fixed time per move (``move_time = 1.0``, or ``tc = "1/move"``): every decision may take
  that long, and nothing carries over;
- a bank per match with an increment (``tc = "60+0.5"``): 60 s for the whole match, and
  0.5 s more credited as each decision is asked;
- a bank per deal (``tc = "10+0.5/deal"``): the same, the bank refilled when a deal starts.

The increment is credited when a decision is asked, so a decision may take the bank left
plus the increment, and ``tc = "0+1"`` is the same as one second per move.  Time is measured
by the referee, from sending the request to receiving the answer (transport included, as a
chess clock runs while the move travels).  A decision that runs out of time is a `timeout`
fault like any other; the clock is then empty, and a seat whose clock is empty and that gets
no increment is not asked again in that period: each decision is a `timeout` at once, until
the seat is stopped.

CPU time a bot's processes use while nothing is asked of it is owed (arena/process/cpu.py):
`Clock.charge` takes it from the next decision's time, whatever the control.
"""

from __future__ import annotations

import enum
import math
import re
from dataclasses import dataclass

__all__ = ["Period", "TimeControl", "Clock", "MAX_SECONDS"]

#: The longest time a control may name: a day.
MAX_SECONDS = 86_400.0

_NUMBER = r"(\d+(?:\.\d*)?|\.\d+)"
_TEXT = re.compile(rf"\s*{_NUMBER}\s*(?:\+\s*{_NUMBER}\s*)?(?:/\s*(move|deal|match)\s*)?", re.IGNORECASE)


class Period(enum.Enum):
    """What the clock's bank lasts for."""

    MOVE = "move"
    DEAL = "deal"
    MATCH = "match"


@dataclass(frozen=True)
class TimeControl:
    """How long a seat may think: `base` seconds per move, deal or match, plus `increment`
    seconds credited with every decision asked (only with a bank)."""

    base: float
    increment: float = 0.0
    period: Period = Period.MATCH

    def __post_init__(self) -> None:
        for name in ("base", "increment"):
            value = getattr(self, name)
            if not math.isfinite(value) or not 0 <= value <= MAX_SECONDS:
                raise ValueError(f"a time control's {name} must be from 0 to {MAX_SECONDS:g} seconds, not {value!r}")
        if self.period is Period.MOVE and self.increment:
            raise ValueError("a fixed time per move has no increment")
        if self.base + self.increment <= 0:
            raise ValueError("a time control must give some time: its base and increment are both 0")

    @classmethod
    def per_move(cls, seconds: float) -> TimeControl:
        return cls(float(seconds), 0.0, Period.MOVE)

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """Read ``"60+0.5"`` (per match), ``"10+0.5/deal"``, ``"1/move"``; ValueError says why not."""
        found = _TEXT.fullmatch(text)
        if found is None:
            raise ValueError(
                f"{text!r} is not a time control; write BASE+INCREMENT in seconds for a bank per match "
                '("60+0.5"), add "/deal" for a bank refilled every deal ("10+0.5/deal"), or "SECONDS/move" '
                'for a fixed time per move ("1/move")'
            )
        base, increment, period = found.groups()
        return cls(float(base), float(increment or 0), Period((period or "match").lower()))

    @property
    def text(self) -> str:
        """The form a tournament file writes: ``"60+0.5"``, ``"10+0.5/deal"``, ``"1/move"``."""
        if self.period is Period.MOVE:
            return f"{_number(self.base)}/move"
        suffix = "/deal" if self.period is Period.DEAL else ""
        return f"{_number(self.base)}+{_number(self.increment)}{suffix}"

    def __str__(self) -> str:
        if self.period is Period.MOVE:
            return f"{_number(self.base)} s per move"
        plus = f" + {_number(self.increment)} s per decision" if self.increment else ""
        return f"{_number(self.base)} s per {self.period.value}{plus}"


def _number(seconds: float) -> str:
    """Seconds as written, exactly (60.0 → "60", 0.125 → "0.125")."""
    text = repr(float(seconds))
    return text[:-2] if text.endswith(".0") else text


class Clock:
    """One seat's clock during one match."""

    __slots__ = ("control", "left", "owed")

    def __init__(self, control: TimeControl) -> None:
        self.control = control
        self.left = control.base  # the bank; unused under a fixed time per move
        self.owed = 0.0  # seconds charged to the next decision

    def new_deal(self) -> None:
        if self.control.period is Period.DEAL:
            self.left = self.control.base

    def limit(self) -> float:
        """The time the next decision may take, in seconds (0: the clock is spent)."""
        control = self.control
        time = control.base if control.period is Period.MOVE else self.left + control.increment
        return max(0.0, time - self.owed)

    def charge(self, seconds: float) -> None:
        """Take `seconds` from the next decision's time (and so from the bank's)."""
        self.owed += seconds

    def spend(self, seconds: float) -> None:
        """A decision took `seconds` (at most `limit()`: a longer one is a timeout)."""
        if self.control.period is not Period.MOVE:
            self.left = max(0.0, self.limit() - seconds)
        self.owed = 0.0

    def run_out(self) -> None:
        """A timeout: nothing is left of the bank."""
        self.left = 0.0
        self.owed = 0.0
