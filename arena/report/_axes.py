"""The Elo axis the report's charts share: a range with a margin, rounded out to a
tick step, and its ticks."""

from __future__ import annotations

import math

__all__ = ["nice_range", "ticks"]


def nice_range(low: float, high: float) -> tuple[float, float]:
    """The plot's Elo range: the data with a margin, rounded out to a tick step."""
    if high - low < 1:
        low, high = low - 50, high + 50
    step = _step(high - low)
    return math.floor(low / step) * step - step / 2, math.ceil(high / step) * step + step / 2


def _step(span: float) -> float:
    for step in (10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 8:
            return float(step)
    return 10 ** math.ceil(math.log10(span / 8))


def ticks(low: float, high: float) -> list[float]:
    step = _step(high - low)
    first = math.ceil(low / step) * step
    return [first + i * step for i in range(int((high - first) // step) + 1)]
