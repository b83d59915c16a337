"""The report's sections made from what `arena table` reads: the ratings, Elo over the
run, the head-to-head, the statistics, the scores, the SPRT over the run and the faults.

Each match's statistics counters and rated outcomes were stored with it when it was
saved (`arena.results.summaries`), so none of these reads a history: the Elo fits take
the stored outcomes (a game rated by board pairs two matches, and its outcomes are made
from the deals, as `arena table` makes them), the statistics table sums the stored counters.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Generic, TypeVar

import engine
from arena.records import StoredMatch
from arena.report._charts import RateChart, heat_map, ladder_svg, rate_charts
from arena.report._llr import llr_looks, llr_section
from arena.report._progress import POINTS, checkpoints, elo_over_run_svg
from arena.report._scores import scores_section
from arena.results import (
    BotStatistics,
    Observation,
    RatingError,
    RatingTable,
    elo_columns,
    elo_notes,
    elo_table,
    explain,
    fit,
    observations,
    render,
    statistics_columns,
)
from arena.results.bot_lines import summarize
from arena.results.crosstable import Outcome, bot_order, head_to_head, los_table, outcomes
from arena.results.ratings import CheckedObservation
from arena.results.store import StoreInfo
from arena.results.summaries import MatchSummary, stored_statistics
from arena.results.tables import fitted_table

__all__ = ["FAULTS_SHOWN", "StoredResults", "table_sections", "faults_section"]

#: Faults listed by the report; `arena list --fault KIND` lists every one.
FAULTS_SHOWN = 1000

_O = TypeVar("_O", Observation, CheckedObservation)  # an outcome as a fit takes it


@dataclass(frozen=True)
class StoredResults:
    """What the sections read of a results file: its matches in schedule order (no
    history) and their summaries in the order saved, the same matches in each."""

    info: StoreInfo
    matches: tuple[StoredMatch, ...]
    summaries: tuple[MatchSummary, ...]
    unsandboxed: tuple[str, ...]

    def saved_keys(self) -> list[str]:
        return [summary.key for summary in self.summaries]


class _Outcomes:
    """Each match's stored outcomes, by key (None: a game rated by board, whose outcomes
    are made from the deals of both rooms)."""

    def __init__(self, summaries: Sequence[MatchSummary], game: engine.Game) -> None:
        self.by_key: dict[str, tuple[Outcome, ...]] | None = None
        if game.spec.rate_by is not engine.RateBy.BOARD:
            self.by_key = {summary.key: summary.outcomes for summary in summaries}

    def of(self, matches: Sequence[StoredMatch], game: engine.Game, rated: Callable[[Outcome], _O]) -> _Rated[_O]:
        """The outcomes of `matches`, in their order, each as `rated` makes it, to fit
        any first part of them."""
        if self.by_key is None:
            return _Rated(matches, game, None, ())
        made: list[_O] = []
        ends = [0]
        for match in matches:
            made.extend(rated(outcome) for outcome in self.by_key[match.key])
            ends.append(len(made))
        return _Rated(matches, game, made, ends)


def _checked(outcome: Outcome) -> CheckedObservation:
    """An outcome as the fit takes it unchecked: the arena wrote it, as `arena table` reads
    it (file_tables); checking 120,000 of them was a third of a 10,000-match report's sections."""
    return CheckedObservation(outcome.sides, outcome.ranks, 1.0, outcome.family)


def _observation(outcome: Outcome) -> Observation:
    """An outcome as the SPRT takes it."""
    return Observation(outcome.sides, outcome.ranks, cluster=outcome.family)


@dataclass(frozen=True)
class _Rated(Generic[_O]):
    """The outcomes of a list of matches, in its order (None: made from the deals)."""

    matches: Sequence[StoredMatch]
    game: engine.Game
    outcomes: Sequence[_O] | None
    ends: Sequence[int]  # ends[k]: how many outcomes the first k matches hold

    def first(self, count: int) -> Sequence[_O | Observation]:
        if self.outcomes is None:
            return observations(self.matches[:count], self.game)
        return self.outcomes[: self.ends[count]]

    def fit_first(self, count: int, anchor: tuple[str, float] | None, prior: float) -> RatingTable | None:
        """The Elo table's fit on the first `count` matches (None: they rate nobody yet)."""
        if self.outcomes is None:  # by board: the boards of both rooms, as the table pairs them
            return elo_table(self.matches[:count], self.game, anchor, prior_games=prior)[1]
        try:
            return fit(self.first(count), anchor=anchor, prior_games=prior)
        except RatingError:
            return None


def table_sections(
    results: StoredResults, game: engine.Game, anchor: tuple[str, float] | None, prior: float
) -> list[str]:
    """The sections before the match list, in the page's order."""
    info, matches = results.info, results.matches
    stored = _Outcomes(results.summaries, game)
    rated = stored.of(matches, game, _checked)
    if rated.outcomes is None:
        text, table = elo_table(matches, game, anchor, tablefmt="html", prior_games=prior)
    else:  # elo_table's own way with the outcomes given, which it would check one by one
        text, table = fitted_table(
            summarize(matches), rated.outcomes, game, anchor, "html", prior, played=bool(matches)
        )
    notes = elo_notes(matches, info.setup.public_deals, results.unsandboxed, scheduled=info.scheduled)
    if rated.outcomes is None:
        played = outcomes(matches, game)
    else:
        played = [o for summary in results.summaries for o in summary.outcomes]
    return [
        _ratings_section(text, notes, table, game),
        _progress_section(rated, game, anchor, prior, table),
        _crosstable_section(played, table),
        _statistics_section(stored_statistics(results.summaries), game),
        scores_section(matches, game, [rating.name for rating in table.ratings] if table else info.bots),
        _sprt_section(results, stored, game),
        faults_section(matches),
    ]


def _ratings_section(text: str, notes: list[str], table: RatingTable | None, game: engine.Game) -> str:
    html_table, _, rest = text.partition("</table>")
    lines = [line for line in rest.splitlines() if line.strip()] + notes
    if table is None:  # nothing rated: elo_table's text is the reason
        return f'<section id="ratings"><h2>Ratings</h2>{paragraphs(text.splitlines() + notes)}</section>'
    return (
        '<section id="ratings"><h2>Ratings</h2>'
        f'<div id="ladder">{ladder_svg(table)}</div>'
        f"{html_table}</table>{paragraphs(lines)}"
        f"<details><summary>What the columns mean</summary>{paragraphs(explain(elo_columns(game)).splitlines())}"
        "</details></section>"
    )


def _progress_section(
    rated: _Rated[CheckedObservation],
    game: engine.Game,
    anchor: tuple[str, float] | None,
    prior: float,
    table: RatingTable | None,
) -> str:
    """The ratings as the matches came in: the table's fit on the first matches, at a
    few points of the run (nothing for a run too short to show a course)."""
    if table is None:
        return ""

    def fit_first(count: int) -> RatingTable | None:
        # The last point is every match: the table's own fit, not made a second time.
        return table if count == len(rated.matches) else rated.fit_first(count, anchor, prior)

    points = checkpoints(len(rated.matches), fit_first)
    chart = elo_over_run_svg(points, [r.name for r in table.ratings])
    if not chart:  # said where the chart would be, so that its absence is not a puzzle
        return (
            '<section id="progress"><h2>Elo over the run</h2>'
            f'<p class="note">No chart: the table\'s fit on the first matches of the run rates the bots at '
            f"{len(points)} of its {POINTS} points, and a course needs two; the table above is the whole "
            f"run's ({len(rated.matches)} match{'' if len(rated.matches) == 1 else 'es'}).</p></section>"
        )
    return (
        '<section id="progress"><h2>Elo over the run</h2>'
        f'<p class="note">The table\'s fit on the first matches, at {POINTS} points of the run (the last is '
        "the table above); the shaded band is each bot's 95% interval, none where the data only "
        "bound it.</p>"
        f"{chart}</section>"
    )


def _sprt_section(results: StoredResults, stored: _Outcomes, game: engine.Game) -> str:
    """The LLR of the SPRT the run tested, over the matches in the order saved (none
    when the run tested none)."""
    test = results.info.sprt
    if test is None or not results.summaries:
        return ""
    by_key = {match.key: match for match in results.matches}
    saved = [by_key[key] for key in results.saved_keys()]
    rated = stored.of(saved, game, _observation)
    observed = len(rated.first(len(saved)))
    decided = results.info.sprt_decided
    looks = llr_looks(test, [match.names for match in saved], rated.first, observed, decided)
    return llr_section(looks, decided)


def _crosstable_section(played: Sequence[Outcome], table: RatingTable | None) -> str:
    pairings = head_to_head(played)
    names = bot_order(pairings, table)
    if not names:
        return '<section id="crosstable"><h2>Head to head</h2><p>No rated outcome stored yet.</p></section>'
    los = los_table(table, names, tablefmt="html")
    los_html, _, los_footer = los.partition("</table>")
    return (
        '<section id="crosstable"><h2>Head to head</h2>'
        f"{heat_map(pairings, names, 'row against column')}"
        '<p class="note">The row bot\'s score against the column bot over the outcomes both took part in: '
        "1 ahead, 1/2 tied, 0 behind, as a percentage; in brackets the shared outcomes. "
        "Green: the row bot scores above 50%; red: below.</p>"
        f"<h3>Likelihood of superiority</h3>{los_html}</table>{paragraphs(los_footer.splitlines())}</section>"
    )


def _statistics_section(lines: Sequence[BotStatistics], game: engine.Game) -> str:
    if not lines:
        return ""
    columns = statistics_columns(game)
    charts = [
        RateChart(column.heading, column.explanation, tuple((line.name, _percent(column.cell(line))) for line in lines))
        for column in columns
        if column.heading.endswith("%")
    ]
    return (
        '<section id="statistics"><h2>Statistics</h2>'
        f'<div class="rates">{rate_charts(charts)}</div>{render(columns, lines, "html")}'
        f"<details><summary>What the columns mean</summary>{paragraphs(explain(columns).splitlines())}</details>"
        "</section>"
    )


def _percent(cell: object) -> float | None:
    try:
        return float(str(cell).rstrip("%"))
    except ValueError:
        return None


def faults_section(matches: Sequence[StoredMatch]) -> str:
    faults = [(match.key, fault) for match in matches for fault in match.faults]
    if not faults:
        return '<section id="faults"><h2>Faults</h2><p>No bot faulted.</p></section>'
    rows = "".join(
        f"<tr><td>{escape(key)}</td><td>{fault.seat}</td><td>{escape(fault.bot)}</td><td>{fault.kind.value}</td>"
        f"<td>{fault.deal}</td><td>{escape(fault.reason)}</td></tr>"
        for key, fault in faults[:FAULTS_SHOWN]
    )
    more = (
        f'<p class="note">{len(faults) - FAULTS_SHOWN} more not listed here: arena list RESULTS --fault KIND.</p>'
        if len(faults) > FAULTS_SHOWN
        else ""
    )
    return (
        f'<section id="faults"><h2>Faults</h2><p>{len(faults)} fault{"s" if len(faults) != 1 else ""}; '
        "each forfeits the deal it happened in.</p>"
        '<table class="faults"><thead><tr><th>match</th><th>seat</th><th>bot</th><th>kind</th><th>deal</th>'
        f"<th>reason</th></tr></thead><tbody>{rows}</tbody></table>{more}</section>"
    )


def paragraphs(lines: Sequence[str]) -> str:
    return "".join(f'<p class="note">{escape(line)}</p>' for line in lines)
