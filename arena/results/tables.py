"""What the arena prints as tables: the Elo table and the game's statistics, each column
with its explanation (the list of stored matches and a played match's result are
match_tables.py's).

Every table is written from a tuple of `Column`s: a heading, its one-line explanation
and its cell, declared together, so no column is printed unexplained; `explain` lists a
table's explanations (`arena table --explain`).  A game's statistics columns are the
game's own (`engine.StatsColumn`, in engine/<game>/stats.py).  The tables of stored
matches are computed from them alone, so `arena table` gives the same table mid-run,
after the run, or years later.  (The live progress of a run is `arena.run.progress`.)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from tabulate import tabulate

import engine
from arena.errors import RatingError
from arena.records import StoredMatch, TimeUse
from arena.results.bot_lines import BoardLines, BotLine, summarize
from arena.results.crosstable import outcomes
from arena.results.ratings import CheckedObservation, Observation, Rating, RatingTable, fit, plus_minus

__all__ = [
    "Align",
    "Column",
    "render",
    "explain",
    "observations",
    "BotLine",
    "summarize",
    "EloLine",
    "elo_columns",
    "elo_table",
    "fitted_table",
    "BotStatistics",
    "bot_statistics",
    "statistics_columns",
    "statistics_table",
]

Row = TypeVar("Row")


class Align(enum.Enum):
    """How a column's cells line up."""

    LEFT = "left"
    RIGHT = "right"


@dataclass(frozen=True)
class Column(Generic[Row]):
    """One column of a printed table: its heading, what it means in one line, and its
    cell (`cell(row)`, the value shown for one row).

    `align`: the column's cells printed exactly as given, lined up so; None lets tabulate
    read numbers in them (and print 78.0 as 78, so a column of one-decimal figures
    declares its alignment)."""

    heading: str
    explanation: str
    cell: Callable[[Row], object]
    align: Align | None = None


def render(
    columns: Sequence[Column[Row]], rows: Iterable[Row], tablefmt: str = "simple", *, aligned: bool = False
) -> str:
    """The table of `rows`, one line each, written column by column.

    A column with an `align` (every column when `aligned`, left where it has none) prints
    its cells exactly as given; tabulate reads numbers in the others and lines them up on
    the right itself.
    """
    body = [[column.cell(row) for column in columns] for row in rows]
    headers = [column.heading for column in columns]
    verbatim = [index for index, column in enumerate(columns) if aligned or column.align is not None]
    if not verbatim:
        return tabulate(body, headers=headers, tablefmt=tablefmt)
    colalign = tuple(
        (column.align or Align.LEFT).value if index in verbatim else "global" for index, column in enumerate(columns)
    )
    # tabulate takes a list of columns only when there are rows to index.
    unparsed: bool | list[int] = verbatim if body and len(verbatim) < len(columns) else True
    return tabulate(body, headers=headers, tablefmt=tablefmt, disable_numparse=unparsed, colalign=colalign)


def explain(columns: Sequence[Column[Row]]) -> str:
    """What a table's columns mean, one "heading: explanation" line each."""
    return "\n".join(f"{column.heading}: {column.explanation}" for column in columns)


def observations(matches: Iterable[StoredMatch], game: engine.Game) -> list[Observation]:
    """Rating observations: per deal, match or board (spec.rate_by), seats grouped by team,
    each in its deal family (`crosstable.outcomes`), whose results the cards' luck ties."""
    return [Observation(o.sides, o.ranks, cluster=o.family) for o in outcomes(matches, game)]


def _score_text(value: float, factor: float) -> str:
    # Percentages read well with one decimal, raw per-deal scores need two.
    text = f"{value:.1f}" if abs(factor) >= 10 else f"{value:.2f}"
    return "0" + text[2:] if text.startswith("-0") and float(text) == 0 else text


def _faults_text(faults: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(f"{kind} {count}" for kind, count in faults) if faults else "-"


@dataclass(frozen=True)
class EloLine:
    """One line of the Elo table: the bot's place, its rating, the LOS over the next
    line (None on the last) and its totals."""

    place: int
    rating: Rating
    los: float | None
    totals: BotLine
    #: "won" or "lost" when the bot finished ahead of (behind) every other side every
    #: time: its rating is only bounded by the data, and shows no interval.
    one_sided: str | None = None


def elo_columns(game: engine.Game) -> tuple[Column[EloLine], ...]:
    """The Elo table's columns for `game` (its score column is the game's)."""
    spec = game.spec
    unit = {engine.RateBy.DEAL: "deals", engine.RateBy.MATCH: "matches", engine.RateBy.BOARD: "boards"}[spec.rate_by]
    kind = game.statistics_kind()
    scaled = "" if spec.score_factor == 1 else f" times {spec.score_factor:g}"
    score_explanation = f"the bot's mean score per deal{scaled}"
    if kind is not None and kind.SCORE_EXPLANATION:
        score_explanation = kind.SCORE_EXPLANATION
    return (
        Column("#", "the bot's place by Elo, 1 = best", lambda line: line.place, Align.RIGHT),
        Column("bot", "the bot's name in the tournament file", lambda line: line.rating.name),
        Column(
            "Elo",
            f"the rating, from one maximum-likelihood fit over all stored {unit}; 0 is the pool's "
            "mean (of the bots the data rate, when one won or lost every time), unless --anchor fixes a bot's Elo",
            lambda line: f"{line.rating.elo:+.0f}",
            Align.RIGHT,
        ),
        Column(
            "±95%",
            "how far the rating's 95% interval reaches from the Elo: 75 either way, or +240/-150, 240 above and "
            "150 below, for a bot with fewer than 5 results one way, whose likelihood is lopsided (the note under "
            "the table says how it was computed); - for a bot that won or lost every time, whose rating the data "
            "only bound",
            lambda line: "-" if line.one_sided else plus_minus(line.rating),
            Align.RIGHT,
        ),
        Column(
            "LOS next",
            "likelihood of superiority: the probability, from the fit, that this bot is stronger than "
            "the one on the next line; - on the last line",
            lambda line: "-" if line.los is None else f"{line.los * 100:.0f}%",
            Align.RIGHT,
        ),
        _count_column(spec.rate_by),
        Column(
            spec.score_title,
            score_explanation,
            lambda line: (
                _score_text(line.totals.mean_score * spec.score_factor, spec.score_factor)
                + (
                    ""
                    if line.totals.half_width is None
                    else f" ± {line.totals.half_width * abs(spec.score_factor):.2f}"
                )
            ),
            Align.RIGHT,
        ),
        Column(
            "ms/decision",
            "the bot's mean thinking time per decision answered, in milliseconds, as the referee "
            "measured it (the round trip included); - when no time was recorded",
            lambda line: _milliseconds(line.totals.time_use, line.totals.time_use.mean),
            Align.RIGHT,
        ),
        Column(
            "max ms",
            "the bot's longest decision, in milliseconds",
            lambda line: _milliseconds(line.totals.time_use, line.totals.time_use.longest),
            Align.RIGHT,
        ),
        Column(
            "cpu ms",
            "the CPU time the bot's processes used per decision asked, in milliseconds (all their "
            "threads; what they used while nothing was asked of them, beyond the allowance, included "
            "and charged to the bot's clock); - when the arena does not run the bot",
            lambda line: _cpu_milliseconds(line.totals.time_use),
            Align.RIGHT,
        ),
        Column(
            "faults",
            "the bot's faults by kind, with their count (timeout, crash, illegal…: each one forfeits "
            "the deal); - for none",
            lambda line: _faults_text(line.totals.faults),
        ),
    )


def _count_column(rate_by: engine.RateBy) -> Column[EloLine]:
    """How much the bot played, counted in the unit the fit rates."""
    title, explanation, count = _COUNTS[rate_by]
    return Column(title, explanation, count, Align.RIGHT)


#: Per unit the fit rates: the count column's title, its explanation and its value.
_COUNTS: dict[str, tuple[str, str, Callable[[EloLine], int]]] = {
    "board": (
        "boards",
        "the boards the bot's partnership played at both tables of a duplicate pair, each counted once",
        lambda line: line.totals.deals,
    ),
    "match": (
        "matches",
        "the matches the bot played, one per seat it held (forfeited deals included), the fit's unit",
        lambda line: line.totals.matches,
    ),
    "deal": (
        "deals",
        "the deals the bot played, one per seat it held (forfeited ones included)",
        lambda line: line.totals.deals,
    ),
}


def _milliseconds(use: TimeUse, seconds: float) -> str:
    return _ms_text(seconds) if use.decisions else "-"


def _cpu_milliseconds(use: TimeUse) -> str:
    return _ms_text(use.mean_cpu) if use.cpu.decisions else "-"


def _ms_text(seconds: float) -> str:
    return f"{seconds * 1000:.1f}" if seconds < 0.01 else f"{seconds * 1000:.0f}"


def elo_table(
    matches: Sequence[StoredMatch],
    game: engine.Game,
    anchor: tuple[str, float] | None = None,
    tablefmt: str = "simple",
    prior_games: float = 2.0,
    rated: Sequence[Observation] | None = None,
) -> tuple[str, RatingTable | None]:
    """The ranking table as text, and the fit behind it (None when nothing is rated yet).

    `rated`: the matches' observations when the caller has them (stored with each match:
    `summaries.stored_observations`), instead of making them again from the deals."""
    notes: list[str] = []
    if game.spec.rate_by == "board":
        # The boards are compared once, for the totals and the fit alike.
        boards = BoardLines(game)
        boards.add_table(matches)
        (totals, notes), rated = boards.lines(), boards.observations()
    else:
        totals, rated = summarize(matches), observations(matches, game) if rated is None else rated
    return fitted_table(totals, rated, game, anchor, tablefmt, prior_games, notes=notes, played=bool(matches))


def fitted_table(
    totals: dict[str, BotLine],
    rated: Iterable[Observation | CheckedObservation],
    game: engine.Game,
    anchor: tuple[str, float] | None = None,
    tablefmt: str = "simple",
    prior_games: float = 2.0,
    *,
    notes: Sequence[str] = (),
    played: bool = True,
) -> tuple[str, RatingTable | None]:
    """`elo_table` of matches already summed: each bot's `totals`, the observations the fit
    rates (read once), the `notes` under the table; `played` False when there is no match."""
    try:
        if not played:
            raise RatingError("no match has been played.")
        table = fit(rated, anchor=anchor, prior_games=prior_games)
    except RatingError as error:
        return "\n".join([f"No ratings yet: {error}", *notes]), None
    design = table.design
    lines = [
        EloLine(
            place,
            rating,
            los,
            totals.get(rating.name, BotLine(rating.name, 0, 0.0, ())),
            design.one_sided.get(rating.name),
        )
        for place, (rating, los) in enumerate(zip(table.ratings, table.los), start=1)
    ]
    text = render(elo_columns(game), lines, tablefmt, aligned=True)
    return "\n".join([text, *table.footer(game.spec.rate_by, anchor), *notes]), table


@dataclass(frozen=True)
class BotStatistics:
    """One line of the statistics table: a bot and its statistics over the matches."""

    name: str
    stats: engine.SeatStats


def statistics_columns(game: engine.Game) -> tuple[Column[BotStatistics], ...]:
    """The statistics table's columns: the bot, then the game's own, their cells printed as
    the game writes them (a percentage's one decimal kept: 78.0 beside 62.4, as the Elo
    table's); () if it has none."""
    kind = game.statistics_kind()
    if kind is None:
        return ()
    bot: Column[BotStatistics] = Column("bot", "the bot's name in the tournament file", lambda line: line.name)
    return (
        bot,
        *(Column(stat.heading, stat.explanation, _line_cell(stat.cell), Align.RIGHT) for stat in kind.COLUMNS),
    )


def _line_cell(cell: Callable[[engine.SeatStats], str]) -> Callable[[BotStatistics], str]:
    """A game's statistics cell, read from a statistics table line."""
    return lambda line: cell(line.stats)


def bot_statistics(matches: Sequence[StoredMatch], game: engine.Game) -> list[BotStatistics]:
    """Each bot's statistics summed over its seats in `matches`, by name; [] when the game has none."""
    totals: dict[str, engine.SeatStats] = {}
    for match in matches:
        for seat, stats in enumerate(game.seat_statistics(match.history) or ()):
            name = match.names[seat]
            totals[name] = stats if name not in totals else totals[name] + stats
    return [BotStatistics(name, totals[name]) for name in sorted(totals)]


def statistics_table(matches: Sequence[StoredMatch], game: engine.Game, tablefmt: str = "simple") -> str | None:
    """The game's own per-bot statistics (e.g. conto's bluffing), when the game has any."""
    lines = bot_statistics(matches, game)
    return render(statistics_columns(game), lines, tablefmt) if lines else None
