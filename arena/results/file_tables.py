"""The tables of a whole results file, read in one pass that holds none of its matches:
`arena table`, its --matrix and its statistics table on a file of any size.

`read_file_tables` reads, in one read transaction (a run may be writing the file), each
match in schedule order, a page at a time, as the tables need it: its seats, faults and
time use (copied beside its summary, which spares reading past its history:
`summary_seats`), and its summary (each seat's statistics counts and the rated outcomes, stored
when it was saved: `summaries`), never its history nor its deal results; and each bot's
deals and score sum as one aggregate over the ``deals`` rows.  A game rated by board
compares its boards table by table instead (the two seatings of a table are read
together, their deal results decoded, then let go).  What is kept is what the fit and
the notes need: each rated outcome's sides and ranks (shared between the outcomes that
repeat them) and its deal family, merged with the outcomes of its family that finished
alike, and for the notes the matches' count, seats and time off turn, summed as they are
read (`notes.MatchTally`).

The tables printed are the same as `tables.elo_table`, `crosstable.crosstable` and
`tables.statistics_table` make of the list of stored matches (a test compares them).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import engine
from arena.records import Fault, StoredMatch
from arena.results.bot_lines import BoardLines, BotLine, BotTotals, summarize
from arena.results.crosstable import HeadToHead, Pairing, head_to_head, outcomes
from arena.results.notes import MatchTally
from arena.results.ratings import CheckedObservation, Observation
from arena.results.store import ResultStore
from arena.results.summaries import (
    MatchSummary,
    StatisticsTotals,
    SummaryReader,
    stored_statistics,
    summarised_observations,
)
from arena.results.tables import BotStatistics, observations

__all__ = ["FileTables", "read_file_tables", "held_tables"]


@dataclass(slots=True)  # one per rated outcome kept: 200,000 of them at 100,000 matches
class _Alike:
    """The rated outcomes of one deal family that finished alike, as kept for the fit:
    the sides and ranks of the first, their family, and how many."""

    sides: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]
    family: tuple[int, ...]
    count: int = 1


@dataclass(frozen=True)
class FileTables:
    """What the tables of a results file are made of: each bot's totals and statistics,
    what the fit rates, the pairs of the crosstable (when asked for), and what the notes
    under the table read of the matches (`tally`: their number, seats and time use)."""

    lines: dict[str, BotLine]
    statistics: list[BotStatistics]
    #: The notes of a game rated by board on the boards left out; () for any other.
    board_notes: tuple[str, ...]
    pairings: dict[tuple[str, str], Pairing] | None
    tally: MatchTally
    _rated: Iterable[_Alike] | list[Observation]

    def observations(self) -> Iterator[Observation | CheckedObservation]:
        """The rating observations, in schedule order, made as the fit reads them: the
        outcomes of one deal family that finished alike (the same sides in the same
        places, whatever their seats) as one, weighted by their number, as the fit merges
        them (a weight within a family counts copies); the file's own, as the arena wrote
        them, taken unchecked."""
        for rated in self._rated:
            if isinstance(rated, Observation):
                yield rated
            else:
                yield CheckedObservation(rated.sides, rated.ranks, float(rated.count), rated.family)


def read_file_tables(store: ResultStore, game: engine.Game, *, pairings: bool = False) -> FileTables:
    """The tables' makings of every match `store` holds, read in one pass (see the module
    doc); `pairings`: sum the crosstable's head to head too."""
    with store.snapshot():
        if game.spec.rate_by == engine.RateBy.BOARD:
            return _boards(store, game, pairings)
        return _outcomes(store, game, pairings)


def _read(store: ResultStore, game: engine.Game, tally: MatchTally) -> Iterator[tuple[MatchSummary, _Seats]]:
    """Each match in schedule order: its summary, faults and time use, its seats and
    time use added to `tally` for the notes."""
    summaries = SummaryReader(store, game)
    no_faults: tuple[Fault, ...] = ()
    for page in store.summarised_pages():
        for key, _, _, _, _, names, faults, time_use, stats, finishes in page:
            summary = summaries.read(key, names, stats, finishes)
            faulted = no_faults if faults == "[]" else tuple(Fault.from_data(fault) for fault in json.loads(faults))
            used = json.loads(time_use)  # per seat as stored (schema.stored_time_use): summed with no record made
            tally.add(summary.names, [seat[_OFF_TURN] if len(seat) > _OFF_TURN else 0.0 for seat in used])
            yield summary, _Seats(faulted, used)


#: Where a seat's stored time use holds the CPU charged off turn (absent: not measured).
_OFF_TURN = 5


class _Seats(NamedTuple):
    """A match's faults, and its seats' time use as stored."""

    faults: tuple[Fault, ...]
    time_use: list[list[float]]


def _outcomes(store: ResultStore, game: engine.Game, pairings: bool) -> FileTables:
    """A game rated by deal or match: its outcomes are its matches' own, summarised."""
    totals, statistics, head_to_head = BotTotals(), StatisticsTotals(), HeadToHead() if pairings else None
    tally = MatchTally()
    rated: dict[tuple, _Alike] = {}  # in the order first finished so
    shared: dict[tuple, tuple] = {}  # one copy of each seating's sides and of each ranking
    for summary, seats in _read(store, game, tally):
        statistics.add(summary)
        totals.add_stored(summary.names, seats.faults, seats.time_use)
        for outcome in summary.outcomes:
            sides = shared.setdefault(outcome.sides, outcome.sides)
            ranks = shared.setdefault(outcome.ranks, outcome.ranks)
            alike = (tuple(sorted(zip(sides, ranks))), outcome.family)
            if alike in rated:
                rated[alike].count += 1
            else:
                rated[alike] = _Alike(sides, ranks, outcome.family)
            if head_to_head is not None:
                head_to_head.add(sides, ranks)
    for name, deals, score_sum in store.deal_totals():
        totals.add_deals(name, deals, score_sum)
    return FileTables(
        totals.lines(),
        statistics.lines(),
        (),
        None if head_to_head is None else head_to_head.pairings(),
        tally,
        rated.values(),
    )


def _boards(store: ResultStore, game: engine.Game, pairings: bool) -> FileTables:
    """A game rated by board: its boards compared table by table, both seatings read
    with their deal results, then let go."""
    boards, statistics, tally = BoardLines(game), StatisticsTotals(), MatchTally()
    for summary, _ in _read(store, game, tally):
        statistics.add(summary)
    # Schedule order puts a table's seatings together.
    for _, seatings in itertools.groupby(store.matches(history=False), key=lambda match: (match.round, match.table)):
        boards.add_table(list(seatings))
    lines, notes = boards.lines()
    head_to_head = None
    if pairings:
        head_to_head = HeadToHead()
        for observation in boards.observations():
            head_to_head.add(observation.sides, observation.ranks)
    return FileTables(
        lines,
        statistics.lines(),
        tuple(notes),
        None if head_to_head is None else head_to_head.pairings(),
        tally,
        boards.observations(),
    )


def held_tables(
    matches: Sequence[StoredMatch], summaries: Sequence[MatchSummary], game: engine.Game, *, pairings: bool = False
) -> FileTables:
    """The same makings of matches already held, with their summaries (in any order), as
    a follower of a run has them (`summaries.FollowedResults`, `arena table --watch`)."""
    notes: list[str] = []
    if game.spec.rate_by == engine.RateBy.BOARD:
        boards = BoardLines(game)
        boards.add_table(matches)
        (lines, notes), rated = boards.lines(), boards.observations()
    else:
        by_key = {summary.key: summary for summary in summaries}
        whole = all(match.key in by_key for match in matches)  # else one saved between the two reads
        observed = summarised_observations([by_key[match.key] for match in matches], game) if whole else None
        lines, rated = summarize(matches), observations(matches, game) if observed is None else observed
    return FileTables(
        lines,
        stored_statistics(summaries),
        tuple(notes),
        head_to_head(outcomes(matches, game)) if pairings else None,
        MatchTally.of(matches),
        rated,
    )
