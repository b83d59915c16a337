"""The crosstable (`arena table RESULTS --matrix`): who beat whom, and how sure the fit is.

Two matrices, the bots in the Elo table's order, printed under it:

* head to head: the row bot's score against the column bot over the outcomes both took
  part in, an outcome being what one rating observation is (`GameSpec.rate_by`: a deal,
  a match, or a board against the other table); per outcome 1 if the row bot finished
  ahead of the column bot, 1/2 if tied, 0 if behind, by the same finishing order the fit
  rates.  A bot holding several seats of one outcome is compared seat by seat with the
  other's seats and the comparisons averaged, so each shared outcome counts once and the
  two directions of a pairing always add up to 100%.  Partners (one side) are not
  opponents and are not compared.
* LOS: the likelihood of superiority of the row bot over the column bot from the rating
  fit (`RatingTable.los_between`, with the fit's full covariance).

Both are computed from the stored matches alone, as the Elo table is.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tabulate import tabulate

import engine
from arena.errors import RatingError
from arena.records import StoredMatch
from arena.results.boards import compare_boards, partnership_name
from arena.results.ratings import RatingTable

__all__ = [
    "Outcome",
    "Pairing",
    "outcomes",
    "match_outcomes",
    "HeadToHead",
    "head_to_head",
    "bot_order",
    "head_to_head_table",
    "los_table",
    "crosstable",
    "pairings_table",
]


@dataclass(frozen=True)
class Outcome:
    """One rated outcome: the sides that finish in one place each (the bot names of the
    side's seats, or one partnership name for a game rated by board) and their ranks,
    0 = best, equal = tie."""

    sides: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]
    #: Its deal family: the same deal at every rotation of its table in its round (for a
    #: game rated by match, the table's rotations; by board, the board).
    family: tuple[int, ...] = ()


@dataclass(frozen=True)
class Pairing:
    """The row bot's score against the column bot and the outcomes they shared."""

    score: float
    shared: int

    @property
    def percent(self) -> float:
        return 100.0 * self.score / self.shared if self.shared else 0.0


def _teams(game: engine.Game, players: int) -> list[list[int]]:
    teams: dict[int, list[int]] = {}
    for seat in range(players):
        teams.setdefault(game.team_of(seat), []).append(seat)
    return list(teams.values())


def outcomes(matches: Iterable[StoredMatch], game: engine.Game) -> list[Outcome]:
    """Every rated outcome of `matches`, as the rating fit sees them: per deal, per match
    or per board (`GameSpec.rate_by`); a board decided by a fault is not rated, so not here."""
    out: list[Outcome] = []
    if game.spec.rate_by == "board":
        for board in compare_boards(matches, game)[0]:
            if not board.rated:
                continue
            a, b = board.scores
            order = (0, 0) if a == b else ((0, 1) if a > b else (1, 0))
            pairs = ((partnership_name(board.sides[0]),), (partnership_name(board.sides[1]),))
            out.append(Outcome(pairs, order, (board.round, board.table, board.deal)))
        return out
    for match in matches:
        out.extend(match_outcomes(game, match.names, (match.round, match.table), match.ranks, match.deals))
    return out


def match_outcomes(
    game: engine.Game,
    names: Sequence[str],
    where: tuple[int, int],
    ranks: Sequence[int],
    deals: Sequence[engine.DealResult],
) -> list[Outcome]:
    """The rated outcomes of one match of a game rated by deal or by match: `where` is
    its (round, table), `ranks` its seats' match ranks."""
    teams = _teams(game, len(names))
    sides = tuple(tuple(names[seat] for seat in seats) for seats in teams)
    finishes: list[tuple[tuple[int, ...], Sequence[int]]]
    if game.spec.rate_by == "match":
        finishes = [(where, ranks)]
    else:
        finishes = [((*where, number), deal.ranks) for number, deal in enumerate(deals)]
    return [Outcome(sides, tuple(finish[seats[0]] for seats in teams), family) for family, finish in finishes]


class HeadToHead:
    """`head_to_head` summed outcome by outcome as they are read (`add`), so a whole
    file's crosstable holds its pairs, not its outcomes."""

    def __init__(self) -> None:
        self._scores: dict[tuple[str, str], float] = defaultdict(float)
        self._shared: dict[tuple[str, str], int] = defaultdict(int)
        # A tournament repeats a few thousand seatings and finishes: each one's points, once.
        self._points: dict[tuple, list[tuple[tuple[str, str], float]]] = {}

    def add(self, sides: tuple[tuple[str, ...], ...], ranks: tuple[int, ...]) -> None:
        """One outcome: every side of the row bot against every side of the column bot
        (1 ahead, 0.5 tied, 0 behind), averaged: one point per shared outcome."""
        points = self._points.get((sides, ranks))
        if points is None:
            points = self._points[(sides, ranks)] = _points(sides, ranks)
        for pair, point in points:
            self._scores[pair] += point
            self._shared[pair] += 1

    def pairings(self) -> dict[tuple[str, str], Pairing]:
        return {pair: Pairing(self._scores[pair], self._shared[pair]) for pair in self._shared}


def _points(sides: tuple[tuple[str, ...], ...], ranks: tuple[int, ...]) -> list[tuple[tuple[str, str], float]]:
    """Per ordered pair of bots on different sides of one outcome, the row bot's point."""
    points: dict[tuple[str, str], list[float]] = defaultdict(list)
    for i, j in itertools.permutations(range(len(sides)), 2):
        mine, theirs = ranks[i], ranks[j]
        point = 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
        for a in dict.fromkeys(sides[i]):
            for b in dict.fromkeys(sides[j]):
                if a != b:
                    points[(a, b)].append(point)
    return [(pair, sum(values) / len(values)) for pair, values in points.items()]


def head_to_head(played: Iterable[Outcome]) -> dict[tuple[str, str], Pairing]:
    """For each ordered pair of bots that met, (row, column): the row bot's score and the
    outcomes shared (`HeadToHead`)."""
    pairs = HeadToHead()
    for outcome in played:
        pairs.add(outcome.sides, outcome.ranks)
    return pairs.pairings()


def bot_order(pairings: dict[tuple[str, str], Pairing], table: RatingTable | None) -> list[str]:
    """The bots as the Elo table orders them, then any it does not rate, by name."""
    rated = [rating.name for rating in table.ratings] if table is not None else []
    met = {name for pair in pairings for name in pair}
    return rated + sorted(met - set(rated))


def _unit(game: engine.Game) -> tuple[str, str, str]:
    """The outcome's name (one, many) and how 'ahead' is decided, for the footers."""
    rate_by = game.spec.rate_by
    if rate_by == "board":
        return (
            "board",
            "boards",
            (
                "ahead = more IMPs than the other table in the same seats; boards decided by a fault are left out, "
                "as the fit leaves them out"
            ),
        )
    if rate_by == "match":
        return "match", "matches", "ahead = a better place in the match's final standing"
    return "deal", "deals", "ahead = a better place in the deal's finishing order"


def head_to_head_table(
    pairings: dict[tuple[str, str], Pairing], names: Sequence[str], game: engine.Game, tablefmt: str = "simple"
) -> str:
    """The head-to-head matrix as text, with its footer."""
    one, many, ahead = _unit(game)
    rows = []
    for row in names:
        cells: list[str] = [row]
        for column in names:
            pairing = pairings.get((row, column))
            cells.append(
                "" if row == column else "-" if pairing is None else f"{pairing.percent:.1f}% ({pairing.shared})"
            )
        rows.append(cells)
    text = _render(rows, names, "head to head", tablefmt)
    footer = (
        f"Head to head: the row bot's score against the column bot over the {many} where both took part: per {one}, "
        f"1 if the row bot finished ahead of the column bot, 1/2 if tied, 0 if behind ({ahead}; a bot holding several "
        f"seats: each of its seats against each of the other's, averaged), as a percentage; in brackets the number "
        f"of shared {many}; - never met."
    )
    return f"{text}\n{footer}"


def los_table(table: RatingTable | None, names: Sequence[str], tablefmt: str = "simple") -> str:
    """The LOS matrix as text, with its footer; a line saying why there is none without a fit."""
    if table is None:
        return "LOS: no matrix, nothing is rated yet."
    place = {rating.name: index for index, rating in enumerate(table.ratings)}
    rows = []
    for row in names:
        cells: list[str] = [row]
        for column in names:
            cells.append("" if row == column else _los_cell(table, place, row, column))
        rows.append(cells)
    text = _render(rows, names, "LOS", tablefmt)
    footer = (
        "LOS: likelihood of superiority, the probability from the rating fit (its full covariance) that the row "
        "bot is stronger than the column bot; LOS(a, b) + LOS(b, a) = 100%; - for a bot the fit does not rate."
    )
    return f"{text}\n{footer}"


def _los_cell(table: RatingTable, place: dict[str, int], row: str, column: str) -> str:
    if row not in place or column not in place:
        return "-"
    # Rounded once, for the better-placed bot, so the two directions print as adding to 100%.
    better, worse = (row, column) if place[row] < place[column] else (column, row)
    try:
        percent = round(table.los_between(better, worse) * 100)
    except RatingError:
        return "-"
    return f"{percent if row == better else 100 - percent}%"


def _render(rows: list[list[str]], names: Sequence[str], corner: str, tablefmt: str) -> str:
    colalign = ("left", *("right" for _ in names))
    return tabulate(rows, headers=[corner, *names], tablefmt=tablefmt, disable_numparse=True, colalign=colalign)


def crosstable(
    matches: Sequence[StoredMatch], game: engine.Game, table: RatingTable | None, tablefmt: str = "simple"
) -> str:
    """Both matrices, head to head then LOS, the bots in the Elo table's order."""
    return pairings_table(head_to_head(outcomes(matches, game)), game, table, tablefmt)


def pairings_table(
    pairings: dict[tuple[str, str], Pairing], game: engine.Game, table: RatingTable | None, tablefmt: str = "simple"
) -> str:
    """`crosstable` of the pairs already summed (`HeadToHead`)."""
    names = bot_order(pairings, table)
    if not names:
        return "Head to head: no rated outcome stored yet."
    return f"{head_to_head_table(pairings, names, game, tablefmt)}\n\n{los_table(table, names, tablefmt)}"
