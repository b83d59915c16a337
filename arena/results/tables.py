"""What a tournament prints: the Elo table and the game's statistics.

Everything here is computed from stored matches, so `arena table` gives the same table
mid-run, after the run, or years later.  (The live progress of a run is
`arena.run.progress`.)
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tabulate import tabulate

import engine
from arena.errors import RatingError
from arena.records import StoredMatch
from arena.results.ratings import Observation, RatingTable, fit

__all__ = ["observations", "BotLine", "summarize", "elo_table", "statistics_table"]


def observations(matches: Iterable[StoredMatch], game: engine.Game) -> list[Observation]:
    """Rating observations: per deal or per match (spec.rate_by), seats grouped by team."""
    out = []
    for match in matches:
        teams: dict[int, list[int]] = {}
        for seat in range(len(match.names)):
            teams.setdefault(game.team_of(seat), []).append(seat)
        sides = tuple(tuple(match.names[s] for s in seats) for seats in teams.values())
        firsts = [seats[0] for seats in teams.values()]
        outcomes = [match.ranks] if game.spec.rate_by == "match" else [d.ranks for d in match.deals]
        for ranks in outcomes:
            out.append(Observation(sides=sides, ranks=tuple(ranks[s] for s in firsts)))
    return out


@dataclass(frozen=True)
class BotLine:
    """A bot's totals over stored matches."""

    name: str
    deals: int
    score_sum: float
    faults: tuple[tuple[str, int], ...]

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.deals if self.deals else 0.0


def summarize(matches: Sequence[StoredMatch]) -> dict[str, BotLine]:
    """Each bot's deals, score sum and faults over `matches`."""
    deals: Counter[str] = Counter()
    scores: dict[str, float] = defaultdict(float)
    faults: dict[str, Counter[str]] = {}
    for match in matches:
        for deal in match.deals:
            for seat, name in enumerate(match.names):
                deals[name] += 1
                scores[name] += deal.scores[seat]
        for fault in match.faults:
            faults.setdefault(fault.bot, Counter())[fault.kind.value] += 1
    names = set(deals) | set(faults)
    return {
        name: BotLine(name, deals[name], scores[name], tuple(sorted(faults.get(name, Counter()).items())))
        for name in names
    }


def _score_text(value: float, factor: float) -> str:
    # Percentages read well with one decimal, raw per-deal scores need two.
    text = f"{value:.1f}" if abs(factor) >= 10 else f"{value:.2f}"
    return "0" + text[2:] if text.startswith("-0") and float(text) == 0 else text


def _faults_text(faults: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(f"{kind} {count}" for kind, count in faults) if faults else "-"


def elo_table(
    matches: Sequence[StoredMatch],
    game: engine.Game,
    anchor: tuple[str, float] | None = None,
    tablefmt: str = "simple",
) -> tuple[str, RatingTable | None]:
    """The ranking table as text, and the fit behind it (None when nothing is rated yet)."""
    spec = game.spec
    lines = summarize(matches)
    try:
        table = fit(observations(matches, game), anchor=anchor)
    except RatingError as error:
        return f"No ratings yet: {error}", None
    rows = []
    for rank, (rating, los) in enumerate(zip(table.ratings, table.los), start=1):
        line = lines.get(rating.name, BotLine(rating.name, 0, 0.0, ()))
        rows.append(
            [
                rank,
                rating.name,
                f"{rating.elo:+.0f}",
                f"{(rating.high - rating.low) / 2:.0f}",
                "-" if los is None else f"{los * 100:.0f}%",
                line.deals,
                _score_text(line.mean_score * spec.score_factor, spec.score_factor),
                _faults_text(line.faults),
            ]
        )
    headers = ["#", "bot", "Elo", "±95%", "LOS next", "deals", spec.score_title, "faults"]
    text = tabulate(
        rows,
        headers=headers,
        tablefmt=tablefmt,
        disable_numparse=True,
        colalign=("right", "left", "right", "right", "right", "right", "right", "left"),
    )
    unit = "matches" if spec.rate_by == "match" else "deals"
    note = (
        f"Elo: {table.model} fit over all {unit}, centred on "
        + (f"{anchor[0]} = {anchor[1]:+g}" if anchor else "the pool mean")
        + "; ±95% from the inverse Hessian; LOS next = likelihood of superiority over the bot below."
    )
    return f"{text}\n{note}", table


def statistics_table(matches: Sequence[StoredMatch], game: engine.Game, tablefmt: str = "simple") -> str | None:
    """The game's own per-bot statistics (e.g. conto's bluffing), when the game has any."""
    totals: dict[str, object] = {}
    for match in matches:
        for seat, stats in enumerate(game.seat_statistics(match.history) or ()):
            name = match.names[seat]
            totals[name] = stats if name not in totals else totals[name] + stats  # type: ignore[operator]
    if not totals:
        return None
    rows, headers = [], None
    for name in sorted(totals):
        columns = totals[name].columns()  # type: ignore[attr-defined]
        headers = ["bot", *(title for title, _ in columns)]
        rows.append([name, *(value for _, value in columns)])
    return tabulate(rows, headers=headers, tablefmt=tablefmt)
