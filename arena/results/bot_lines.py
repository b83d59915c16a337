"""Each bot's totals under the Elo table (`BotLine`: matches, deals, score, faults,
thinking time), summed match by match as the matches are read: `BotTotals` for a game
rated by deal or match, `BoardLines` by partnership for a game rated by board.  A whole
file's tables add its matches one at a time (`file_tables`), so none is held; `summarize`
is the same sum over a list of matches."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import engine
from arena.records import CpuUse, Fault, StoredMatch, TimeUse
from arena.results.boards import (
    AVERAGE_MINUS,
    BoardComparison,
    BoardTotals,
    board_observations,
    board_totals,
    compare_boards,
    partnership_of_seats,
)
from arena.results.ratings import Observation

__all__ = ["BotLine", "BotTotals", "summarize", "BoardLines"]


@dataclass(frozen=True)
class BotLine:
    """A bot's totals over stored matches."""

    name: str
    deals: int
    score_sum: float
    faults: tuple[tuple[str, int], ...]
    time_use: TimeUse = TimeUse(0, 0.0, 0.0)
    #: Half the 95% interval of the mean score, where the table shows one (boards).
    half_width: float | None = None
    #: The matches played, one per seat held.
    matches: int = 0

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.deals if self.deals else 0.0


def _no_time() -> TimeUse:
    return TimeUse(0, 0.0, 0.0)


class _TimeSum:
    """A bot's time use summed seat by seat as `TimeUse`'s `+` sums it (the same
    additions in the same order, so the same floats), with no record made per seat."""

    __slots__ = ("decisions", "total", "longest", "cpu_decisions", "cpu_seconds", "off_turn")

    def __init__(self) -> None:
        # The counts as stored may be floats (JSON); `time_use` makes them ints again.
        self.decisions: float = 0
        self.total, self.longest = 0.0, 0.0
        self.cpu_decisions: float = 0
        self.cpu_seconds, self.off_turn = 0.0, 0.0

    def add(
        self,
        decisions: float,
        total: float,
        longest: float,
        cpu_decisions: float = 0,
        cpu_seconds: float = 0.0,
        off_turn: float = 0.0,
    ) -> None:
        """One seat's time use, in the order the results file stores it (`schema.stored_time_use`)."""
        self.decisions += decisions
        self.total += total
        self.longest = max(self.longest, longest)
        self.cpu_decisions += cpu_decisions
        self.cpu_seconds += cpu_seconds
        self.off_turn += off_turn

    def add_use(self, use: TimeUse) -> None:
        self.add(use.decisions, use.total, use.longest, use.cpu.decisions, use.cpu.seconds, use.cpu.off_turn)

    def time_use(self) -> TimeUse:
        cpu = CpuUse(int(self.cpu_decisions), float(self.cpu_seconds), float(self.off_turn))
        return TimeUse(int(self.decisions), float(self.total), float(self.longest), cpu)


class BotTotals:
    """Each bot's `BotLine` of a game rated by deal or match, summed match by match."""

    def __init__(self) -> None:
        self._played: Counter[str] = Counter()
        self._deals: Counter[str] = Counter()
        self._scores: dict[str, float] = defaultdict(float)
        self._faults: dict[str, Counter[str]] = {}
        self._time_use: dict[str, _TimeSum] = defaultdict(_TimeSum)

    def add_match(self, names: Sequence[str], faults: Iterable[Fault], time_use: Sequence[TimeUse]) -> None:
        """A match's seats, faults and time use (its deals' scores: `add_deals`)."""
        self.add_stored(names, faults, ())
        for name, use in zip(names, time_use):
            self._time_use[name].add_use(use)

    def add_stored(self, names: Sequence[str], faults: Iterable[Fault], time_use: Sequence[Sequence[float]]) -> None:
        """`add_match` of a match's time use as the results file stores it, per seat."""
        self._played.update(names)
        for name, use in zip(names, time_use):
            self._time_use[name].add(*use)
        for fault in faults:
            self._faults.setdefault(fault.bot, Counter())[fault.kind.value] += 1

    def add_deals(self, name: str, deals: int, score_sum: float) -> None:
        """`deals` more deals played by `name`, who scored `score_sum` in them."""
        self._deals[name] += deals
        self._scores[name] += score_sum

    def lines(self) -> dict[str, BotLine]:
        names = set(self._deals) | set(self._faults)
        return {
            name: BotLine(
                name,
                self._deals[name],
                self._scores[name],
                tuple(sorted(self._faults.get(name, Counter()).items())),
                self._time_use[name].time_use(),
                matches=self._played[name],
            )
            for name in names
        }


def summarize(matches: Sequence[StoredMatch]) -> dict[str, BotLine]:
    """Each bot's matches, deals, score sum, faults and thinking time over `matches`."""
    totals = BotTotals()
    for match in matches:
        totals.add_match(match.names, match.faults, match.time_use)
        for deal in match.deals:
            for seat, name in enumerate(match.names):
                totals.add_deals(name, 1, deal.scores[seat])
    return totals.lines()


class BoardLines:
    """For a game rated by board: its boards compared table by table (`add_table`: the
    matches of one or more whole tables), and each partnership's boards and mean board
    score (± its 95% interval) instead of its seats' deal scores, with notes on the
    boards left out."""

    def __init__(self, game: engine.Game) -> None:
        self._game = game
        self.comparisons: list[BoardComparison] = []
        self._unpaired: Counter[str] = Counter()
        # Faults and times by partnership: a bot may play in more than one.
        self._faults: dict[str, Counter[str]] = defaultdict(Counter)
        self._time_use: dict[str, TimeUse] = defaultdict(_no_time)

    def add_table(self, matches: Sequence[StoredMatch]) -> None:
        """The stored seatings of whole tables (a table's other seating not among them
        counts its boards as unpaired)."""
        comparisons, unpaired = compare_boards(matches, self._game)
        self.comparisons.extend(comparisons)
        self._unpaired.update(unpaired)
        for match, names in partnership_of_seats(matches, self._game):
            for seat, use in enumerate(match.time_use):
                self._time_use[names[seat]] += use
            for fault in match.faults:
                self._faults[names[fault.seat]][fault.kind.value] += 1

    def observations(self) -> list[Observation]:
        return board_observations(self.comparisons)

    def lines(self) -> tuple[dict[str, BotLine], list[str]]:
        unpaired = dict(self._unpaired)
        boards = board_totals(self.comparisons, unpaired)
        lines = {}
        for name in set(boards) | set(self._faults):
            mine = boards.get(name, BoardTotals())
            kinds = tuple(sorted(self._faults[name].items()))
            lines[name] = BotLine(name, mine.boards, mine.total, kinds, self._time_use[name], mine.half_width)
        notes = []
        adjusted = sum(1 for board in self.comparisons if not board.rated)
        if adjusted:
            notes.append(
                f"{adjusted} board(s) with a fault: the faulting side scored {AVERAGE_MINUS:+g} "
                f"(average-minus), the other {-AVERAGE_MINUS:+g}; such boards are not rated."
            )
        waiting = sum(unpaired.values())
        if waiting:
            notes.append(
                "Boards whose other table is not played yet are neither rated nor counted: "
                + ", ".join(f"{name} {count}" for name, count in sorted(unpaired.items()))
                + " (an interrupted run; run again to finish them)."
            )
        return lines, notes
