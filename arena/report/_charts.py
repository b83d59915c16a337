"""The report's pictures, as inline SVG and HTML with no script: the Elo ladder with its
intervals, the head-to-head heat map, the game's rates per bot."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from arena.report._axes import nice_range, ticks
from arena.results import RatingTable
from arena.results.crosstable import Pairing
from arena.results.ratings import plus_minus

__all__ = ["RateChart", "ladder_svg", "heat_map", "rate_charts"]

_ROW = 26  # px per bot in the ladder and per bar in a rate chart
_LABEL = 140  # px for the bot names left of the plot
_PLOT = 520  # px of the plot itself


def ladder_svg(table: RatingTable) -> str:
    """Each rated bot on one line, best first: its Elo as a dot and its 95% interval as a
    bar; a bot the data only bound (it won or lost every time) has a hollow dot and no bar."""
    ratings = table.ratings
    one_sided = table.design.one_sided
    ends = [r.elo for r in ratings]
    ends += [end for r in ratings if r.name not in one_sided for end in (r.low, r.high) if math.isfinite(end)]
    low, high = nice_range(min(ends), max(ends))
    height = _ROW * len(ratings) + 40

    def x(elo: float) -> float:
        return _LABEL + (elo - low) / (high - low) * _PLOT

    parts = [
        f'<svg class="ladder" role="img" aria-label="Elo ladder" xmlns="http://www.w3.org/2000/svg" '
        f'width="{_LABEL + _PLOT + 20}" height="{height}" viewBox="0 0 {_LABEL + _PLOT + 20} {height}">',
    ]
    for tick in ticks(low, high):
        parts.append(
            f'<line class="grid" x1="{x(tick):.1f}" x2="{x(tick):.1f}" y1="4" y2="{height - 24}"/>'
            f'<text class="tick" x="{x(tick):.1f}" y="{height - 8}" text-anchor="middle">{tick:+.0f}</text>'
        )
    for index, rating in enumerate(ratings):
        y = 16 + index * _ROW
        name = escape(rating.name)
        parts.append(f'<g class="rung" data-bot="{name}">')
        parts.append(f'<text class="bot" x="{_LABEL - 8}" y="{y + 4}" text-anchor="end">{name}</text>')
        bounded = rating.name in one_sided
        if not bounded and math.isfinite(rating.low) and math.isfinite(rating.high):
            parts.append(
                f'<line class="interval" x1="{x(rating.low):.1f}" x2="{x(rating.high):.1f}" y1="{y}" y2="{y}"/>'
            )
        label = f"{rating.elo:+.0f}"
        if not bounded:
            spread = plus_minus(rating)  # "75", or "+240/-150" for a lopsided likelihood
            label += f" {spread}" if "/" in spread else f" ± {spread}"
        parts.append(
            f'<circle class="{"bounded" if bounded else "elo"}" cx="{x(rating.elo):.1f}" cy="{y}" r="5">'
            f"<title>{name}: {label}{' (won or lost every time: no interval)' if bounded else ''}</title></circle>"
        )
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def heat_map(pairings: dict[tuple[str, str], Pairing], names: Sequence[str], corner: str) -> str:
    """The head-to-head matrix as a table whose cells are coloured by the row bot's score:
    red below 50%, white at 50%, green above."""
    head = "".join(f'<th scope="col">{escape(name)}</th>' for name in names)
    rows = []
    for row in names:
        cells = [f'<th scope="row">{escape(row)}</th>']
        for column in names:
            pairing = pairings.get((row, column))
            if row == column:
                cells.append('<td class="self"></td>')
            elif pairing is None or not pairing.shared:
                cells.append('<td class="never" title="never met">-</td>')
            else:
                percent = pairing.percent
                cells.append(
                    f'<td style="background:{_heat(percent)}" title="{escape(row)} against {escape(column)}: '
                    f'{percent:.1f}% over {pairing.shared}">{percent:.1f}%<small> ({pairing.shared})</small></td>'
                )
        rows.append(f"<tr>{''.join(cells)}</tr>")
    return (
        f'<table class="heat"><thead><tr><th scope="col">{escape(corner)}</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


@dataclass(frozen=True)
class RateChart:
    """One statistic given as a percentage, per bot (None: the bot had no case)."""

    heading: str
    explanation: str
    values: tuple[tuple[str, float | None], ...]


def rate_charts(charts: Sequence[RateChart]) -> str:
    """One small bar chart per rate, the bots in the same order in each."""
    return "".join(_rate_chart(chart) for chart in charts)


def _rate_chart(chart: RateChart) -> str:
    width = _LABEL + 220
    height = _ROW * len(chart.values) + 8
    parts = [
        f'<figure class="rate"><figcaption title="{escape(chart.explanation)}">{escape(chart.heading)}</figcaption>'
        f'<svg role="img" aria-label="{escape(chart.heading)}" xmlns="http://www.w3.org/2000/svg" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
    ]
    for index, (name, value) in enumerate(chart.values):
        y = 4 + index * _ROW
        parts.append(f'<text class="bot" x="{_LABEL - 8}" y="{y + 15}" text-anchor="end">{escape(name)}</text>')
        if value is None:
            parts.append(f'<text class="none" x="{_LABEL}" y="{y + 15}">-</text>')
            continue
        bar = max(0.0, min(100.0, value)) * 1.6
        parts.append(
            f'<rect class="bar" x="{_LABEL}" y="{y + 3}" width="{bar:.1f}" height="{_ROW - 8}"/>'
            f'<text class="value" x="{_LABEL + bar + 4:.1f}" y="{y + 15}">{value:.1f}%</text>'
        )
    parts.append("</svg></figure>")
    return "".join(parts)


def _heat(percent: float) -> str:
    """White at 50%, shading to red at 0% and to green at 100%."""
    strength = min(1.0, abs(percent - 50.0) / 50.0)
    hue = 130 if percent >= 50 else 5
    lightness = 100 - 38 * strength
    return f"hsl({hue} 70% {lightness:.0f}%)"
