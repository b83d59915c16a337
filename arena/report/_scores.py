"""The distribution of each bot's scores, as a histogram per bot on one shared scale.

What is counted is what the result tables average (`GameSpec.score_title`, times
`score_factor`): a bot's mean deal score in each match it played (conto: the share of
its deals it lost, vegas: chips per hand…), so the spread behind the table's one mean
shows; a game rated by board (bridge) counts each board's IMPs to each partnership, as
the duplicate comparison gives them (arena.results.boards).  The mean marked is the
table's: over every deal, not over the matches' means, which differ where matches are
not all as long (invido's, to 24 points: 1.53 against the table's 1.11 points/giocata).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

import engine
from arena.records import StoredMatch
from arena.results.boards import compare_boards, partnership_name

__all__ = ["scores_section", "scores_by_bot", "Scores"]

#: Bars per histogram: enough to show a shape, few enough to read at a glance.
BINS = 12
_LABEL = 120
_WIDTH = 360
_ROW = 34


@dataclass(frozen=True)
class Scores:
    """What is counted (its title), each bot's (or partnership's) values, one a match
    (bridge: a board), and each one's mean as the result table gives it."""

    title: str
    values: dict[str, list[float]]
    means: dict[str, float]


def scores_by_bot(matches: Sequence[StoredMatch], game: engine.Game) -> Scores:
    """Each bot's scores, match by match (bridge: board by board), and its mean."""
    values: dict[str, list[float]] = defaultdict(list)
    if game.spec.rate_by is engine.RateBy.BOARD:
        comparisons, _ = compare_boards(matches, game)
        for board in comparisons:
            for side, score in zip(board.sides, board.scores):
                values[partnership_name(side)].append(score)
        return Scores("IMPs per board", dict(values), {name: sum(v) / len(v) for name, v in values.items()})
    factor = game.spec.score_factor
    totals: dict[str, float] = defaultdict(float)
    deals: dict[str, int] = defaultdict(int)
    for match in matches:
        if not match.deals:
            continue
        for seat, name in enumerate(match.names):
            total = sum(deal.scores[seat] for deal in match.deals)
            values[name].append(factor * total / len(match.deals))
            totals[name] += total
            deals[name] += len(match.deals)
    means = {name: factor * totals[name] / deals[name] for name in values}
    return Scores(f"{game.spec.score_title}, per match", dict(values), means)


def scores_section(matches: Sequence[StoredMatch], game: engine.Game, order: Sequence[str]) -> str:
    """The section: a histogram per bot, in `order` (the ladder's) and then the rest."""
    scores = scores_by_bot(matches, game)
    title, values = scores.title, scores.values
    if not values:
        return ""
    names = [name for name in order if name in values] + sorted(set(values) - set(order))
    low = min(min(v) for v in values.values()) + 0.0  # + 0.0: no "-0" at the axis
    high = max(max(v) for v in values.values()) + 0.0
    if high - low < 1e-9:
        low, high = low - 0.5, high + 0.5
    step = (high - low) / BINS
    height = _ROW * len(names) + 24
    parts = [
        f'<svg role="img" aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg" '
        f'width="{_LABEL + _WIDTH + 150}" height="{height}" viewBox="0 0 {_LABEL + _WIDTH + 150} {height}">'
    ]
    for row, name in enumerate(names):
        counts = [0] * BINS
        for value in values[name]:
            counts[min(BINS - 1, int((value - low) / step))] += 1
        top = max(counts)
        y = row * _ROW
        mean = scores.means[name] + 0.0  # + 0.0: no "-0"
        parts.append(f'<text class="bot" x="{_LABEL - 8}" y="{y + 22}" text-anchor="end">{escape(name)}</text>')
        for index, count in enumerate(counts):
            if count:
                tall = (_ROW - 8) * count / top
                x = _LABEL + index * _WIDTH / BINS
                parts.append(
                    f'<rect class="bar" data-bot="{escape(name)}" data-count="{count}" x="{x:.1f}" '
                    f'y="{y + _ROW - 4 - tall:.1f}" width="{_WIDTH / BINS - 2:.1f}" height="{tall:.1f}"/>'
                )
        x = _LABEL + (mean - low) / (high - low) * _WIDTH
        parts.append(f'<line class="mean" x1="{x:.1f}" x2="{x:.1f}" y1="{y + 4}" y2="{y + _ROW - 2}"/>')
        parts.append(
            f'<text class="value" x="{_LABEL + _WIDTH + 8}" y="{y + 22}">mean {mean:.3g} ({len(values[name])})</text>'
        )
    axis = height - 6
    parts.append(f'<text class="tick" x="{_LABEL}" y="{axis}">{low:.3g}</text>')
    parts.append(f'<text class="tick" x="{_LABEL + _WIDTH}" y="{axis}" text-anchor="end">{high:.3g}</text>')
    parts.append("</svg>")
    return (
        '<section id="scores"><h2>Scores</h2>'
        f'<p class="note">The distribution of each bot\'s {escape(title)} ({BINS} bars from the lowest to the '
        "highest; the line marks the mean; in brackets how many).</p>"
        f"{''.join(parts)}</section>"
    )
