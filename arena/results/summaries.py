"""What the tables read of a match, computed once, when it is saved: its summary.

A match's summary (the ``summaries`` table, one row per match, deleted with it) holds,
per seat, the game's statistics counters (`engine.SeatStats`: conto's bluffs and their
exact odds, bridge's par, …: the costly part of a table, as it reads every history) and
the rated outcomes the fit takes (`crosstable.Outcome`: sides, ranks, deal family; none
for a game rated by board, whose outcomes pair two matches and are made from the deals).
Whoever plays the match makes its row (`summary_row`, called by `finished_rows`: the
worker process, the Dask host, the in-process runner), the file's writer stores it with
the match in the same transaction, and the readers — `arena table` and `--matrix`,
`--watch`, the report's statistics, the SPRT (`stored_observations`) — read these rows,
never the event logs, which stay for replays, `show` and `export`.  No statistic shown
today needs an interval over matches, so no sums of squares are kept (a board's interval
is made from the deals rows).

A file written before summaries existed gets them once, on its first open
(`fill_missing`: computed from the histories, with a progress line on stderr, and written
in one transaction); a reader that cannot write it then (a run holds it) computes the few
it lacks from their histories (`SummaryReader`), as it does for a row it cannot read.

Over 450 lines, as one format: a summary made, stored, upgraded, read back and summed
share its private pieces (the counts' order, the JSON of a row); a whole file's tables
read through these in `file_tables`.
"""

from __future__ import annotations

import functools
import json
import operator
import os
import sqlite3
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, cast

import engine
from arena.errors import StoreError
from arena.records import MatchRecord, MatchSlot, Setup, StoredMatch
from arena.results._lock import lock_writer
from arena.results.crosstable import Outcome, match_outcomes
from arena.results.ratings import Observation
from arena.results.schema import MATCH_COLUMNS, dumps, match_rows, now_text, stored_match
from arena.results.summary_seats import keep_seats, seats_kept
from arena.results.tables import BotStatistics, observations

if TYPE_CHECKING:
    from arena.results.store import ResultStore, StoreInfo

__all__ = [
    "SUMMARIES_TABLE",
    "MatchSummary",
    "MatchRows",
    "summary_row",
    "finished_rows",
    "fill_missing",
    "upgrade",
    "stored_summaries",
    "SummaryReader",
    "StatisticsTotals",
    "stored_statistics",
    "stored_observations",
    "summarised_observations",
    "FollowedResults",
]

SUMMARIES_TABLE = """
CREATE TABLE IF NOT EXISTS summaries (
    match    TEXT PRIMARY KEY REFERENCES matches (key) ON DELETE CASCADE,
    stats    TEXT NOT NULL,   -- JSON: per seat {count: value} of the game's SeatStats; null: the game has none
    outcomes TEXT NOT NULL,   -- JSON: [sides, [[ranks, family], ...]]; no finishes for a game rated by board
    faults   TEXT,            -- the match's faults and time use as ``matches`` holds them (summary_seats.py);
    time_use TEXT             -- null: not copied yet
)
"""

_FILL_PAGE = 200  # histories decoded at a time when an old file gets its summaries
_MISSING = "SELECT COUNT(*) FROM matches WHERE key NOT IN (SELECT match FROM summaries)"


class MatchRows(NamedTuple):
    """A finished match as the rows the writer stores (`finished_rows`)."""

    match: tuple
    deals: list[tuple]
    summary: tuple[str, str, str]


@dataclass(frozen=True)
class MatchSummary:
    """A stored match's summary: its key and seat names, each seat's statistics counts
    as stored, in the order of `kind`'s fields (None for a game without; `stats` makes
    the game's records of them: values alone keep a long file's summaries small), and
    its rated outcomes (empty for a game rated by board)."""

    key: str
    names: tuple[str, ...]
    kind: type[engine.SeatStats] | None
    counts: tuple[tuple[Any, ...], ...] | None
    outcomes: tuple[Outcome, ...]

    @property
    def stats(self) -> tuple[engine.SeatStats, ...] | None:
        if self.counts is None or self.kind is None:
            return None
        return tuple(_record(self.kind, seat) for seat in self.counts)


@lru_cache(maxsize=16)
def _game(name: str, players: int, options: str) -> engine.Game:
    return engine.load(name, players=players, **json.loads(options))


def _game_of(record: MatchRecord) -> engine.Game:
    return _game(record.game, record.players, dumps(dict(record.options)))


def summary_row(slot: MatchSlot, record: MatchRecord) -> tuple[str, str, str]:
    """The ``summaries`` row of a finished match: its statistics and outcomes, computed now."""
    game = _game_of(record)
    return _row(slot.key, game, record.names, (slot.round, slot.table), record.result, record.history)


def finished_rows(slot: MatchSlot, record: MatchRecord) -> MatchRows:
    """Every row `ResultStore.save` writes for `record`, finished now: made where the match
    was played (a worker process, the Dask host), so the writer only writes."""
    match_row, deal_rows = match_rows(slot, record, now_text())
    return MatchRows(match_row, deal_rows, summary_row(slot, record))


def upgrade(path: Path, probe: sqlite3.Connection) -> None:
    """Give a file opened read-only (on `probe`) the summaries it lacks, once, when no run
    holds it (a run's own open does it then); a file that cannot be written is left as it is."""
    has_table = probe.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'summaries'").fetchone()
    if (
        has_table
        and not probe.execute(_MISSING).fetchone()[0]
        and not _stale(probe, _stored_game(probe))
        and seats_kept(probe)
    ):
        return
    try:
        lock = lock_writer(path)
    except StoreError:
        return  # a run writes it, and its readers compute the few summaries it lacks
    try:
        db = sqlite3.connect(path, isolation_level=None)
        try:
            db.execute("PRAGMA busy_timeout = 10000")
            fill_missing(db, path)
        finally:
            db.close()
    except sqlite3.Error:
        pass  # e.g. a file on a read-only disk: read as it is, summaries made in memory
    finally:
        os.close(lock)


def _row(
    key: str,
    game: engine.Game,
    names: Sequence[str],
    where: tuple[int, int],
    result: engine.MatchResult,
    history: Sequence[engine.Event],
) -> tuple[str, str, str]:
    stats = game.seat_statistics(history)
    finishes = []
    sides: tuple[tuple[str, ...], ...] = ()
    if game.spec.rate_by != engine.RateBy.BOARD:
        outcomes = match_outcomes(game, names, where, result.ranks, result.deals)
        finishes = [[list(o.ranks), list(o.family)] for o in outcomes]
        sides = outcomes[0].sides if outcomes else ()
    stats_data = None if stats is None else [asdict(cast(Any, seat)) for seat in stats]  # each game's is a dataclass
    return key, dumps(stats_data), dumps([[list(side) for side in sides], finishes])


def _summary(
    key: str, names: tuple[str, ...], stats: str, outcomes: str, kind: type[engine.SeatStats] | None
) -> MatchSummary:
    """A stored row read back (ValueError, TypeError or KeyError if it does not fit `kind`)."""
    stats_data = json.loads(stats)
    counts = None
    if stats_data is not None and kind is not None:
        order = _count_order(kind)
        expected, values = set(order), _values(order)
        for seat in stats_data:
            if seat.keys() != expected:
                raise KeyError(f"counts {sorted(seat)} are not {kind.__name__}'s {sorted(order)}")
        counts = tuple(values(seat) for seat in stats_data)
    side_data, finishes = json.loads(outcomes)
    sides = tuple(tuple(side) for side in side_data)
    return MatchSummary(
        key,
        names,
        kind,
        counts,
        tuple(Outcome(sides, tuple(ranks), tuple(family)) for ranks, family in finishes),
    )


_COUNT_ORDER: dict[type, tuple[str, ...]] = {}


def _count_order(kind: type[engine.SeatStats]) -> tuple[str, ...]:
    """The names of `kind`'s counts in field order, which a stored seat's counts must be exactly."""
    if kind not in _COUNT_ORDER:
        _COUNT_ORDER[kind] = tuple(field.name for field in fields(cast(Any, kind)))
    return _COUNT_ORDER[kind]


@lru_cache(maxsize=16)
def _values(order: tuple[str, ...]) -> Callable[[Mapping[str, Any]], tuple[Any, ...]]:
    """A seat's stored counts in `order`, as one tuple."""
    if len(order) == 1:  # itemgetter of one name gives the value, not a tuple
        return lambda seat: (seat[order[0]],)
    return operator.itemgetter(*order)


def _record(kind: type[engine.SeatStats], values: Sequence[Any]) -> engine.SeatStats:
    return kind(**_tuples(dict(zip(_count_order(kind), values))))


def _tuples(counts: Mapping[str, Any]) -> dict[str, Any]:
    """A seat's counts as JSON gave them back: its lists (frederik's hands by category)
    as the tuples the frozen statistics hold."""
    return {name: _tuple(value) for name, value in counts.items()}


def _tuple(value: object) -> object:
    return tuple(_tuple(item) for item in value) if isinstance(value, list) else value


def _summary_of(match: StoredMatch, game: engine.Game) -> MatchSummary:
    """The summary of a stored match computed from its history (a row missing or unreadable)."""
    row = _row(match.key, game, match.names, (match.round, match.table), match.result, match.history)
    return _summary(match.key, match.names, row[1], row[2], game.statistics_kind())


def _stored_game(db: sqlite3.Connection) -> engine.Game:
    meta = {key: json.loads(value) for key, value in db.execute("SELECT key, value FROM meta")}
    setup = Setup.from_data(meta.get("fingerprint_data") or {})
    return _game(meta.get("game", setup.game or ""), int(setup.seats or 0), dumps(dict(setup.options)))


def fill_missing(db: sqlite3.Connection, path: object, *, progress: Callable[[str], None] | None = None) -> int:
    """Give every match of an open, writable results file that has no summary its summary,
    computed from its history, all written in one transaction; the number made.

    The first open of a file written before summaries were kept does this once; `progress`
    (default: a line on stderr, rewritten in place) hears how far it is."""
    db.execute(SUMMARIES_TABLE)
    game = _stored_game(db)
    stale = _stale(db, game)  # the game's counts changed since they were stored: all made again
    (missing,) = db.execute("SELECT COUNT(*) FROM matches" if stale else _MISSING).fetchone()
    if not missing:
        _note_counts(db, game)
        keep_seats(db)
        return 0
    say = progress or _on_stderr
    say(f"{path}: computing the statistics of {missing} stored matches once (kept from now on): 0/{missing}")
    rows: list[tuple[str, str, str]] = []
    after = ""
    while True:
        page = db.execute(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE key > ? "
            + ("" if stale else "AND key NOT IN (SELECT match FROM summaries) ")
            + f"ORDER BY key LIMIT {_FILL_PAGE}",
            (after,),
        ).fetchall()
        if not page:
            break
        for raw in page:
            match = stored_match(raw)
            rows.append(_row(match.key, game, match.names, (match.round, match.table), match.result, match.history))
        after = page[-1][0]
        say(
            f"{path}: computing the statistics of {missing} stored matches once (kept from now on): {len(rows)}/{missing}"
        )
    db.execute("BEGIN IMMEDIATE")
    try:
        db.executemany("INSERT OR REPLACE INTO summaries (match, stats, outcomes) VALUES (?, ?, ?)", rows)
        _set_counts(db, game)
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
    keep_seats(db, again=True)
    if progress is None:
        print(file=sys.stderr, flush=True)
    return len(rows)


#: The meta key naming the counts the stored summaries hold (the game's SeatStats fields).
_COUNTS_KEY = "summary_counts"


def _counts_of(game: engine.Game) -> list[str] | None:
    kind = game.statistics_kind()
    return None if kind is None else sorted(_count_order(kind))


def _stale(db: sqlite3.Connection, game: engine.Game) -> bool:
    """Whether the stored summaries hold other counts than the game's statistics now have
    (a count added or renamed since): a file that names none holds the current ones."""
    row = db.execute("SELECT value FROM meta WHERE key = ?", (_COUNTS_KEY,)).fetchone()
    return row is not None and json.loads(row[0]) != _counts_of(game)


def _set_counts(db: sqlite3.Connection, game: engine.Game) -> None:
    db.execute(
        "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (_COUNTS_KEY, dumps(_counts_of(game))),
    )


def _note_counts(db: sqlite3.Connection, game: engine.Game) -> None:
    """Name the counts the summaries hold, once (nothing is written when it is already so)."""
    row = db.execute("SELECT value FROM meta WHERE key = ?", (_COUNTS_KEY,)).fetchone()
    if row is None or json.loads(row[0]) != _counts_of(game):
        db.execute("BEGIN IMMEDIATE")
        try:
            _set_counts(db, game)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")


def _on_stderr(line: str) -> None:
    print(f"\r{line}", end="", file=sys.stderr, flush=True)


def stored_summaries(store: ResultStore, game: engine.Game, after: int = 0) -> tuple[list[MatchSummary], int]:
    """The summaries of the matches saved after `after` (0: all; a mark this returned
    before: only the new ones), in the order they were saved, and the mark to read on
    from.  A match whose summary is missing or unreadable has it computed from its history."""
    kept = store.fetch("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'summaries'")
    joined = (
        "LEFT JOIN summaries AS s ON s.match = m.key"
        if kept
        else "LEFT JOIN (SELECT NULL AS stats, NULL AS outcomes) AS s"
    )
    rows = store.fetch(
        f"SELECT m.rowid, m.key, m.names, s.stats, s.outcomes FROM matches AS m {joined} WHERE m.rowid > ? ORDER BY m.rowid",
        (after,),
    )
    reader = SummaryReader(store, game)
    out = [reader.read(key, names, stats, outcomes) for _, key, names, stats, outcomes in rows]
    return out, (rows[-1][0] if rows else after)


class SummaryReader:
    """Stored summary rows of `game`'s matches read back (`read`), each computed from its
    match's history instead when it has none, or an older arena's that does not fit."""

    def __init__(self, store: ResultStore, game: engine.Game) -> None:
        self._store, self._game, self._kind = store, game, game.statistics_kind()
        self._seatings: dict[str, tuple[str, ...]] = {}  # a tournament repeats a few hundred

    def seating(self, names: str) -> tuple[str, ...]:
        """A match's ``names`` column read, one tuple shared by the matches of one seating."""
        seating = self._seatings.get(names)
        if seating is None:
            seating = self._seatings[names] = tuple(json.loads(names))
        return seating

    def read(self, key: str, names: str, stats: str | None, outcomes: str | None) -> MatchSummary:
        """The summary of match `key`: `names` and the summary's columns as stored (None: it has none)."""
        try:
            if stats is None or outcomes is None:
                raise ValueError("no summary")
            return _summary(key, self.seating(names), stats, outcomes, self._kind)
        except (ValueError, TypeError, KeyError):  # an older arena's row, or none: made again
            return _summary_of(self._store.match(key), self._game)


class StatisticsTotals:
    """Each bot's statistics summed over its seats, summary by summary as they are read
    (`stored_statistics` of a list of them, made as a file is read through)."""

    def __init__(self) -> None:
        self._kind: type[engine.SeatStats] | None = None
        self._seats: dict[str, list[Sequence[Any]]] = {}  # per bot: its running total, or each seat
        self._each = False

    def add(self, summary: MatchSummary) -> None:
        if self._kind is None and summary.kind is not None:
            self._kind = summary.kind
            # e.g. frederik's, which adds its own way: its seats are kept and added by its `+`
            self._each = summary.kind.__add__ is not engine.SeatStats.__add__
        for name, counts in zip(summary.names, summary.counts or ()):
            seats = self._seats.get(name)
            if seats is None:
                self._seats[name] = [counts]
            elif self._each:
                seats.append(counts)
            else:  # added field by field as SeatStats does, on the stored counts (no record per seat)
                seats[0] = list(map(operator.add, seats[0], counts))

    def lines(self) -> list[BotStatistics]:
        """Each bot's statistics, by name; [] when the game has none."""
        kind = self._kind
        if kind is None:
            return []
        return [BotStatistics(name, _total(kind, self._seats[name])) for name in sorted(self._seats)]


def stored_statistics(summaries: Sequence[MatchSummary]) -> list[BotStatistics]:
    """Each bot's statistics summed over its seats, by name, from stored summaries (as
    `tables.bot_statistics` computes them from the histories); [] when the game has none."""
    totals = StatisticsTotals()
    for summary in summaries:
        totals.add(summary)
    return totals.lines()


def _total(kind: type[engine.SeatStats], seats: Sequence[Sequence[Any]]) -> engine.SeatStats:
    """The sum of seats' counts as `kind`'s `+` makes it (one seat: the running total
    `StatisticsTotals` keeps for a kind that adds field by field)."""
    return functools.reduce(operator.add, (_record(kind, seat) for seat in seats))


def summarised_observations(summaries: Sequence[MatchSummary], game: engine.Game) -> list[Observation] | None:
    """The rating observations the summaries hold, in their order; None for a game rated
    by board, whose observations pair two matches (`tables.observations` makes them)."""
    if game.spec.rate_by == engine.RateBy.BOARD:
        return None
    return [Observation(o.sides, o.ranks, cluster=o.family) for s in summaries for o in s.outcomes]


def stored_observations(store: ResultStore, game: engine.Game, after: int = 0) -> tuple[list[Observation], int]:
    """The rating observations of the matches saved after `after` (as `stored_summaries`),
    read from their summaries, never from their histories; and the mark to read on from.

    For the SPRT and any reader that follows a run: pass the mark back to get only what
    was saved since.  A game rated by board pairs two matches per board, so its
    observations are not a match's own: it gets those of every match whatever `after`
    (`tables.observations`, from the deals), to replace what it had."""
    if game.spec.rate_by == engine.RateBy.BOARD:
        matches, mark = store.matches_saved_after(0)
        return observations(matches, game), mark
    summaries, mark = stored_summaries(store, game, after)
    return summarised_observations(summaries, game) or [], mark


class FollowedResults:
    """A results file followed as a run writes it (`arena table --watch`; any table made
    again and again): each `read` reads only the matches and summaries saved since the
    last, histories left out, and starts over when the file was started over (--fresh)."""

    def __init__(self) -> None:
        self._run: tuple[str, str] | None = None
        self._matches: list[StoredMatch] = []
        self._summaries: list[MatchSummary] = []
        self._marks = (0, 0)

    def read(
        self, store: ResultStore, info: StoreInfo, game: engine.Game
    ) -> tuple[list[StoredMatch], list[MatchSummary]]:
        """Every stored match (no history), in schedule order as `ResultStore.matches`
        gives them, and every summary, in the order saved."""
        if self._run != (info.created_at, info.fingerprint):  # a --fresh run rewrote the file
            self._run, self._matches, self._summaries, self._marks = (info.created_at, info.fingerprint), [], [], (0, 0)
        matches, match_mark = store.matches_saved_after(self._marks[0])
        summaries, summary_mark = stored_summaries(store, game, self._marks[1])
        self._marks = (match_mark, summary_mark)
        if matches:
            self._matches = sorted([*self._matches, *matches], key=lambda m: (m.round, m.table, m.rotation, m.key))
        self._summaries.extend(summaries)
        return self._matches, self._summaries
