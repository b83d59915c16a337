"""The axes the report's charts share: a range with a margin, rounded out to a tick step,
and its ticks; Elo's steps by default, the SPRT's LLR its own (`LLR_STEPS`)."""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["ELO_STEPS", "LLR_STEPS", "nice_range", "ticks"]

#: Tick steps on the Elo axis, the finest that gives at most 8 ticks.
ELO_STEPS = (10.0, 20.0, 25.0, 50.0, 100.0, 200.0, 250.0, 500.0, 1000.0)
#: Tick steps on the LLR axis (its bounds are about ±3 at the usual error rates).
LLR_STEPS = (0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0)


def nice_range(low: float, high: float, steps: Sequence[float] = ELO_STEPS) -> tuple[float, float]:
    """The plot's range: the data with a margin, rounded out to a tick step."""
    if high - low < steps[0] / 10:
        low, high = low - 5 * steps[0], high + 5 * steps[0]
    step = _step(high - low, steps)
    return math.floor(low / step) * step - step / 2, math.ceil(high / step) * step + step / 2


def _step(span: float, steps: Sequence[float]) -> float:
    for step in steps:
        if span / step <= 8:
            return step
    return 10 ** math.ceil(math.log10(span / 8))


def ticks(low: float, high: float, steps: Sequence[float] = ELO_STEPS) -> list[float]:
    step = _step(high - low, steps)
    first = math.ceil(low / step) * step
    return [first + i * step for i in range(int((high - first) // step) + 1)]
