"""The SPRT's LLR over the run: the test a results file keeps (`StoreInfo.sprt`), computed
as the run computed it (`arena.results.sprt.SprtTracker`: the table's fit over every
match saved so far, its looks the matches of the candidate or the baseline), at a
bounded number of points of the run, drawn as one line between its two stopping bounds.

Each point is a fit of every outcome saved before it, so the points cost in sum about
points / 2 fits of the whole file: every match is a point up to `MOST_POINTS` matches,
and a long run gets as many as `FIT_BUDGET` observations fitted in all allow, never
fewer than `FEWEST_POINTS` (at 10,000 conto matches of 12 deals, 9 points).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from arena.records import SprtTest
from arena.report._axes import LLR_STEPS, nice_range, ticks
from arena.results import Observation
from arena.results.sprt import Decision, SprtState, SprtTracker

__all__ = ["MOST_POINTS", "FEWEST_POINTS", "FIT_BUDGET", "Look", "llr_looks", "llr_section"]

#: At most this many points of the run; a run of fewer matches gets one per match.
MOST_POINTS = 50
#: At least this many points, however long the run.
FEWEST_POINTS = 8
#: The observations fitted over all the points together (a fit costs about 5.5 µs an
#: observation on the 2-core machine Arena is developed on: this is about 3.5 s).
FIT_BUDGET = 600_000
_LEFT = 48
_PLOT_WIDTH = 560
_PLOT_HEIGHT = 200


@dataclass(frozen=True)
class Look:
    """The test over the first `matches` matches saved."""

    matches: int
    state: SprtState


def _points(matches: int, observed: int) -> list[int]:
    """The numbers of matches the test is computed after: evenly spread, the last all."""
    if matches <= MOST_POINTS:
        return list(range(1, matches + 1))
    affordable = 2 * FIT_BUDGET // max(observed, 1) - 1
    count = max(FEWEST_POINTS, min(MOST_POINTS, affordable))
    return sorted({max(1, round(matches * i / count)) for i in range(1, count + 1)})


def llr_looks(
    test: SprtTest,
    names: Sequence[Sequence[str]],
    rated_first: Callable[[int], Sequence[Observation]],
    observed: int,
    decided: int | None = None,
) -> list[Look]:
    """The test after the first k matches saved, at the points of the run: `names` each
    saved match's bots, in the order saved; `rated_first(k)` the outcomes of the first k;
    `observed` how many outcomes all of them hold; `decided` the matches saved when the
    run's test decided (`StoreInfo.sprt_decided`), a point of its own.  The last look is
    the whole file's, as the run's own last look and `sprt_state` give it."""
    tracker = SprtTracker(test)
    looks: list[Look] = []
    before = 0
    points = _points(len(names), observed)
    if decided is not None and 0 < decided <= len(names):
        points = sorted({*points, decided})
    for count in points:
        tracker.standing(
            sum(1 for seated in names[before:count] if test.candidate in seated or test.baseline in seated)
        )
        before = count
        looks.append(Look(count, tracker.refit(rated_first(count))))
    return looks


def llr_section(looks: Sequence[Look], decided_at: int | None = None) -> str:
    """The section: the chart, where the test decided (at `decided_at` matches when the
    run noted it, else the first point past a bound), and its last line as the run
    printed it."""
    if not looks:
        return ""
    last = looks[-1].state
    decided = next((look for look in looks if look.matches == decided_at), None) or next(
        (look for look in looks if look.state.decision is not Decision.CONTINUE), None
    )
    if decided is None:
        verdict = f"Undecided after {looks[-1].matches} matches."
    else:
        where = (
            "where the run's test decided: the matches under way then were saved after it"
            if decided.matches == decided_at
            else "the first point of the chart past a bound"
        )
        verdict = f"Decided {decided.state.decision.value} after {decided.matches} matches ({where}): {decided.state.verdict()}"
    every = "every match" if looks[-1].matches == len(looks) else f"{len(looks)} points of the run"
    return (
        '<section id="sprt"><h2>SPRT over the run</h2>'
        f'<p class="note">The test the run made, {escape(last.test.candidate)} against {escape(last.test.baseline)} '
        f"(H0: {last.test.elo0:g} Elo, H1: {last.test.elo1:g} Elo, alpha {last.test.alpha:g}, beta {last.test.beta:g}): its "
        f"log-likelihood ratio over the matches saved so far, at {every}, between its stopping bounds "
        "(Wald's, moved in by the overshoot of the run's steps); above the upper bound it accepts H1, "
        "below the lower H0.</p>"
        f"{_chart(looks, decided)}"
        f'<p class="llr-last">{escape(last.line())}</p><p class="note">{escape(verdict)}</p></section>'
    )


def _chart(looks: Sequence[Look], decided: Look | None) -> str:
    total = looks[-1].matches
    values = [v for look in looks for v in (look.state.llr, *look.state.bounds)]
    low, high = nice_range(min(values), max(values), LLR_STEPS)
    height = _PLOT_HEIGHT + 30

    def x(matches: int) -> float:
        return _LEFT + matches / total * _PLOT_WIDTH

    def y(value: float) -> float:
        return 8 + (high - value) / (high - low) * _PLOT_HEIGHT

    width = _LEFT + _PLOT_WIDTH + 60
    parts = [
        f'<svg class="llr" role="img" aria-label="SPRT LLR over the run" xmlns="http://www.w3.org/2000/svg" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
    ]
    for tick in ticks(low, high, LLR_STEPS):
        parts.append(
            f'<line class="grid" x1="{_LEFT}" x2="{_LEFT + _PLOT_WIDTH}" y1="{y(tick):.1f}" y2="{y(tick):.1f}"/>'
            f'<text class="tick" x="{_LEFT - 6}" y="{y(tick) + 4:.1f}" text-anchor="end">{tick:g}</text>'
        )
    parts.append(
        f'<text class="tick" x="{_LEFT}" y="{height - 6}">0</text>'
        f'<text class="tick" x="{_LEFT + _PLOT_WIDTH}" y="{height - 6}" text-anchor="end">{total} matches</text>'
    )
    for side, name in ((0, "H0"), (1, "H1")):
        bound = " ".join(f"{x(look.matches):.1f},{y(look.state.bounds[side]):.1f}" for look in looks)
        end = looks[-1].state.bounds[side]
        parts.append(
            f'<polyline class="bound" data-bound="{name}" points="{bound}" fill="none"/>'
            f'<text class="tick" x="{_LEFT + _PLOT_WIDTH + 4}" y="{y(end) + 4:.1f}">{name} {end:.2f}</text>'
        )
    line = " ".join(f"{x(look.matches):.1f},{y(look.state.llr):.1f}" for look in looks)
    parts.append(f'<polyline class="llr-line" points="{line}" fill="none"/>')
    for look in looks:
        parts.append(
            f'<circle class="look" cx="{x(look.matches):.1f}" cy="{y(look.state.llr):.1f}" r="2.5" '
            f'data-matches="{look.matches}" data-llr="{look.state.llr:.2f}">'
            f"<title>LLR {look.state.llr:.2f} after {look.matches} matches</title></circle>"
        )
    if decided is not None:
        parts.append(
            f'<circle class="decided" cx="{x(decided.matches):.1f}" cy="{y(decided.state.llr):.1f}" r="6" '
            f'data-matches="{decided.matches}"><title>decided {decided.state.decision.value} after '
            f"{decided.matches} matches</title></circle>"
        )
    parts.append("</svg>")
    return "".join(parts)
