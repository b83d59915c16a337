"""Duplicate boards: one deal compared across the two seatings of a table (bridge).

A game rated by board (`GameSpec.rate_by == "board"`) plays every table's deals twice,
the partnerships' seats swapped (arena.run.schedule).  A board's result for a side is
not its score at one table, which is mostly the cards', but its score against the other
table's score in the same seats with the same cards, converted by `Game.board_score`
(bridge: IMPs).  This module pairs the stored matches of each table, compares every
board both tables finished, and gives the rating observations (one per board: the side
with more IMPs ranks first, equal IMPs tie) and each partnership's IMPs.  The unit is
the partnership (`partnership_name`): a bot that holds both seats of its side, or two
bots named in the tournament's `pairs`.

A board with a fault at either table is not rated: the faulting side scores
average-minus (`AVERAGE_MINUS`, -3 IMPs) and the other side average-plus (+3), as a
director adjusts a board that could not be played normally; both sides faulting both
score average-minus.  A board whose other table is not stored (an interrupted run) is
not compared at all, and counted as unpaired.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import engine
from arena.records import StoredMatch
from arena.results.ratings import Observation

__all__ = [
    "BoardComparison",
    "BoardTotals",
    "AVERAGE_MINUS",
    "partnership_name",
    "partnership_of_seats",
    "compare_boards",
    "board_observations",
    "board_totals",
]

#: What a side that faulted on a board scores on it (bridge: 3 IMPs below average).
AVERAGE_MINUS = -3.0


@dataclass(frozen=True)
class BoardComparison:
    """One board of one table, compared between its two seatings.

    `sides` are the two partnerships as the first seating seats them (each the bot
    names of its seats, in seat order), `scores` what each side scored on the board
    (IMPs, summing to 0 unless both faulted), `points` the raw points the first side
    made at each table; `rated` False when a fault at either table decided it."""

    round: int
    table: int
    deal: int
    sides: tuple[tuple[str, ...], tuple[str, ...]]
    scores: tuple[float, float]
    points: tuple[float, float]
    rated: bool


@dataclass(frozen=True)
class BoardTotals:
    """A bot's boards compared and its board scores over them (sum and sum of squares,
    for the mean and its interval); `unpaired` boards whose other table is missing."""

    boards: int = 0
    total: float = 0.0
    squares: float = 0.0
    unpaired: int = 0

    @property
    def mean(self) -> float:
        return self.total / self.boards if self.boards else 0.0

    @property
    def half_width(self) -> float | None:
        """Half the 95% interval of the mean board score (normal approximation over the
        boards, which are independent deals); None under two boards."""
        n = self.boards
        if n < 2:
            return None
        variance = max(0.0, (self.squares - self.total * self.total / n) / (n - 1))
        return 1.96 * math.sqrt(variance / n)


def _side_seats(game: engine.Game, players: int) -> tuple[tuple[int, ...], ...]:
    teams: dict[int, list[int]] = {}
    for seat in range(players):
        teams.setdefault(game.team_of(seat), []).append(seat)
    return tuple(tuple(seats) for seats in teams.values())


def compare_boards(matches: Iterable[StoredMatch], game: engine.Game) -> tuple[list[BoardComparison], dict[str, int]]:
    """Every board both seatings of its table finished, compared; and per bot the
    boards it played whose other table is not stored."""
    tables: dict[tuple[int, int], dict[int, StoredMatch]] = defaultdict(dict)
    for match in matches:
        tables[(match.round, match.table)][match.rotation] = match
    out: list[BoardComparison] = []
    unpaired: dict[str, int] = defaultdict(int)
    for (round_, table), seatings in sorted(tables.items()):
        first, second = seatings.get(0), seatings.get(1)
        if first is None or second is None:
            for match in seatings.values():
                for held in _side_seats(game, len(match.names)):
                    unpaired[partnership_name([match.names[s] for s in held])] += len(match.deals)
            continue
        seats = _side_seats(game, len(first.names))
        if len(seats) != 2:
            raise ValueError(f"Boards compare two partnerships; {game.spec.name} seats {len(seats)} sides.")
        sides = (tuple(first.names[s] for s in seats[0]), tuple(first.names[s] for s in seats[1]))
        played = {deal.deal: deal for deal in second.deals}
        for deal in first.deals:
            other = played.get(deal.deal)
            if other is None:
                for names in sides:
                    unpaired[partnership_name(names)] += 1
                continue
            out.append(_compare(game, round_, table, deal, other, sides, seats))
        mine = {d.deal for d in first.deals}
        for deal in second.deals:
            if deal.deal not in mine:
                for names in sides:
                    unpaired[partnership_name(names)] += 1
    return out, dict(unpaired)


def _compare(
    game: engine.Game,
    round_: int,
    table: int,
    here: engine.DealResult,
    there: engine.DealResult,
    sides: tuple[tuple[str, ...], tuple[str, ...]],
    seats: tuple[tuple[int, ...], ...],
) -> BoardComparison:
    # The first side sits in seats[0] at the first table and seats[1] at the second.
    points = (here.scores[seats[0][0]], there.scores[seats[1][0]])
    faulted = [False, False]
    if here.forfeit is not None:
        faulted[0 if here.forfeit in seats[0] else 1] = True
    if there.forfeit is not None:
        faulted[1 if there.forfeit in seats[0] else 0] = True
    if any(faulted):
        scores = tuple(AVERAGE_MINUS if faulted[i] else -AVERAGE_MINUS for i in range(2))
        return BoardComparison(round_, table, here.deal, sides, (scores[0], scores[1]), points, False)
    # The same seats at both tables hold the same cards: the first side's result is its
    # points here less the second side's points there in those seats.
    won = game.board_score(here.scores[seats[0][0]] - there.scores[seats[0][0]])
    return BoardComparison(round_, table, here.deal, sides, (won, -won if won else 0.0), points, True)


def partnership_name(side: Sequence[str]) -> str:
    """A partnership as the tables name it: the bot when it holds both seats, else its
    two bots joined by '+' (North or East first).  Partners are fixed for a tournament,
    so the partnership is the unit rated, whatever its bots do in other partnerships."""
    return "+".join(dict.fromkeys(side))


def partnership_of_seats(matches: Iterable[StoredMatch], game: engine.Game) -> list[tuple[StoredMatch, list[str]]]:
    """Each match with the partnership name of each of its seats."""
    out = []
    for match in matches:
        names = [""] * len(match.names)
        for held in _side_seats(game, len(match.names)):
            name = partnership_name([match.names[s] for s in held])
            for seat in held:
                names[seat] = name
        out.append((match, names))
    return out


def board_observations(comparisons: Iterable[BoardComparison]) -> list[Observation]:
    """One rating observation per rated board: the side with more IMPs first."""
    out = []
    for board in comparisons:
        if not board.rated:
            continue
        a, b = board.scores
        ranks = (0, 0) if a == b else ((0, 1) if a > b else (1, 0))
        sides = ((partnership_name(board.sides[0]),), (partnership_name(board.sides[1]),))
        out.append(Observation(sides=sides, ranks=ranks, cluster=(board.round, board.table, board.deal)))
    return out


def board_totals(comparisons: Iterable[BoardComparison], unpaired: dict[str, int]) -> dict[str, BoardTotals]:
    """Each partnership's boards and board scores, by `partnership_name`."""
    sums: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    for board in comparisons:
        for side, score in zip(board.sides, board.scores):
            entry = sums[partnership_name(side)]
            entry[0] += 1
            entry[1] += score
            entry[2] += score * score
    names = set(sums) | set(unpaired)
    return {
        name: BoardTotals(int(sums[name][0]), sums[name][1], sums[name][2], unpaired.get(name, 0)) for name in names
    }
