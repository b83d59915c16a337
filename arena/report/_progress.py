"""Elo over the run: the table's ratings as the matches came in, each bot a line with its
95% band, fitted on the first matches at a few points of the run (the same fit as the
table's, so the last point is the table)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from arena.report._axes import nice_range, ticks
from arena.results import RatingTable

__all__ = ["POINTS", "Checkpoint", "checkpoints", "elo_over_run_svg"]

#: Points of the run fitted: each a fit of every match before it.
POINTS = 8
_LEFT = 48  # px for the Elo ticks
_PLOT_WIDTH = 560
_PLOT_HEIGHT = 220


@dataclass(frozen=True)
class Checkpoint:
    """The table fitted on the first `matches` matches of the run."""

    matches: int
    table: RatingTable


def checkpoints(total: int, fit_first: Callable[[int], RatingTable | None], points: int = POINTS) -> list[Checkpoint]:
    """The tables of the first k matches at `points` k's spread evenly up to `total`
    (those where the data rate the bots: `fit_first` gives None where they do not)."""
    firsts = sorted({max(1, round(total * i / points)) for i in range(1, points + 1)}) if total else []
    tables = ((k, fit_first(k)) for k in firsts)
    return [Checkpoint(k, table) for k, table in tables if table is not None]


def _colour(index: int, count: int) -> str:
    return f"hsl({round(360 * index / max(count, 1))} 65% 42%)"


def elo_over_run_svg(points: Sequence[Checkpoint], order: Sequence[str]) -> str:
    """One line per bot of `order` through its Elo at each checkpoint, over a shaded band
    of its 95% interval (none where the data only bound it), and a legend in `order`."""
    if len(points) < 2:
        return ""
    total = points[-1].matches
    ends = [
        end
        for point in points
        for r in point.table.ratings
        for end in ((r.elo,) if r.name in point.table.design.one_sided else (r.elo, r.low, r.high))
        if math.isfinite(end)
    ]
    low, high = nice_range(min(ends), max(ends))
    height = _PLOT_HEIGHT + 30

    def x(matches: int) -> float:
        return _LEFT + matches / total * _PLOT_WIDTH

    def y(elo: float) -> float:
        return 8 + (high - elo) / (high - low) * _PLOT_HEIGHT

    parts = [
        f'<svg class="progress" role="img" aria-label="Elo over the run" xmlns="http://www.w3.org/2000/svg" '
        f'width="{_LEFT + _PLOT_WIDTH + 20}" height="{height}" viewBox="0 0 {_LEFT + _PLOT_WIDTH + 20} {height}">',
    ]
    for tick in ticks(low, high):
        parts.append(
            f'<line class="grid" x1="{_LEFT}" x2="{_LEFT + _PLOT_WIDTH}" y1="{y(tick):.1f}" y2="{y(tick):.1f}"/>'
            f'<text class="tick" x="{_LEFT - 6}" y="{y(tick) + 4:.1f}" text-anchor="end">{tick:+.0f}</text>'
        )
    parts.append(
        f'<text class="tick" x="{_LEFT}" y="{height - 6}">0</text>'
        f'<text class="tick" x="{_LEFT + _PLOT_WIDTH}" y="{height - 6}" text-anchor="end">{total} matches</text>'
    )
    legend = []
    for index, name in enumerate(order):
        colour = _colour(index, len(order))
        rated = [
            (p.matches, r, name in p.table.design.one_sided) for p in points for r in p.table.ratings if r.name == name
        ]
        if not rated:
            continue
        band = [(k, r) for k, r, bounded in rated if not bounded and math.isfinite(r.low) and math.isfinite(r.high)]
        bot = escape(name)
        parts.append(f'<g class="run-line" data-bot="{bot}">')
        if len(band) >= 2:
            upper = " ".join(f"{x(k):.1f},{y(r.high):.1f}" for k, r in band)
            lower = " ".join(f"{x(k):.1f},{y(r.low):.1f}" for k, r in reversed(band))
            parts.append(f'<polygon class="band" points="{upper} {lower}" fill="{colour}" fill-opacity="0.12"/>')
        line = " ".join(f"{x(k):.1f},{y(r.elo):.1f}" for k, r, _ in rated)
        last = rated[-1][1]
        parts.append(
            f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2">'
            f"<title>{bot}: {last.elo:+.0f} after {rated[-1][0]} matches</title></polyline>"
        )
        parts.append("</g>")
        legend.append(f'<li><span class="swatch" style="background:{colour}"></span>{bot}</li>')
    parts.append("</svg>")
    return "".join(parts) + f'<ul class="run-legend">{"".join(legend)}</ul>'
