"""Reading stored matches back from a results file: in schedule order a page at a time,
those saved after a mark, one by its key, and the deals export's rows.  `ResultStore`
(store.py) is this and the opening and writing of the file."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from arena.errors import StoreError
from arena.records import StoredMatch
from arena.results.schema import stored_match
from arena.results.summary_seats import SEAT_COLUMNS

__all__ = ["MatchReader"]

_PAGE = 200  # matches read at a time


class MatchReader:
    """The reading half of `ResultStore`: its connection, lock and the columns of a match it reads."""

    path: Path
    _db: sqlite3.Connection
    _lock: threading.Lock
    _match_columns: str

    def matches(self, *, history: bool = True) -> Iterator[StoredMatch]:
        """Every stored match in schedule order (round, table, rotation, key).

        With `history=False` histories are not decoded (StoredMatch.history is empty),
        which is much faster for tables and ratings.
        """
        columns = self._match_columns if history else self._match_columns.replace("history", "'[]'")
        for page in self._pages(columns, _PAGE if history else 20 * _PAGE):
            for row in page:
                yield self._stored(row)

    def matches_saved_after(self, mark: int = 0) -> tuple[list[StoredMatch], int]:
        """The matches saved after `mark` (0: all), histories not decoded, in the order
        they were saved, and the mark to read on from (SQLite's rowid, which grows)."""
        columns = self._match_columns.replace("history", "'[]'")
        with self._lock:
            rows = self._db.execute(
                f"SELECT {columns}, rowid FROM matches WHERE rowid > ? ORDER BY rowid", (mark,)
            ).fetchall()
        return [self._stored(row[:-1]) for row in rows], (rows[-1][-1] if rows else mark)

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """Every read inside sees the file as it was at the first (one read transaction),
        though a run saves matches meanwhile: a table made of several reads adds up."""
        with self._lock:
            self._db.execute("BEGIN")
        try:
            yield
        finally:
            with self._lock:
                self._db.execute("COMMIT")

    def summarised_pages(self, size: int = 10 * _PAGE) -> Iterator[list[tuple]]:
        """Every match in schedule order, `size` at a time, as what the tables read of it
        (no history, no deal results): key, round, table_no, rotation, seed, names,
        faults, time_use (as stored) and its summary's stats and outcomes (None when it
        has none: `summaries.SummaryReader` makes it again).  The faults and time use
        are read from the summary's copy (summary_seats.py), which spares reading the
        history stored before them, or from the match when it has none."""
        with self._lock:
            summary_columns = {row[1] for row in self._db.execute("PRAGMA table_info(summaries)")}
        time_use = "matches.time_use" if "time_use" in self._match_columns else "'[]'"
        faults = "matches.faults"
        if all(column in summary_columns for column in SEAT_COLUMNS):
            time_use, faults = f"COALESCE(summaries.time_use, {time_use})", "COALESCE(summaries.faults, matches.faults)"
        columns = f"key, round, table_no, rotation, seed, names, {faults}, {time_use}, stats, outcomes"
        joined = (
            "LEFT JOIN summaries ON match = key"
            if summary_columns
            else "LEFT JOIN (SELECT NULL AS stats, NULL AS outcomes)"
        )
        return self._pages(columns, size, joined)

    def deal_totals(self) -> list[tuple[str, int, float]]:
        """Per bot: the deals it played, one per seat held, and its score summed over them."""
        with self._lock:
            return self._db.execute("SELECT bot, COUNT(*), SUM(score) FROM deals GROUP BY bot").fetchall()

    def _pages(self, columns: str, size: int, joined: str = "") -> Iterator[list[tuple]]:
        """Matches in schedule order, `size` rows at a time (keyset paging: bounded memory).

        `columns` must start with key, round, table_no, rotation; `joined`, a join on
        ``matches`` whose columns `columns` may name.
        """
        after: tuple | None = None
        while True:
            where, params = "", ()
            if after is not None:
                where, params = "WHERE (round, table_no, rotation, key) > (?, ?, ?, ?)", after
            with self._lock:
                page = self._db.execute(
                    f"SELECT {columns} FROM matches {joined} {where} ORDER BY round, table_no, rotation, key LIMIT {int(size)}",
                    params,
                ).fetchall()
            if not page:
                return
            yield page
            key, round_, table, rotation = page[-1][:4]
            after = (round_, table, rotation, key)

    def match(self, key: str) -> StoredMatch:
        with self._lock:
            row = self._db.execute(f"SELECT {self._match_columns} FROM matches WHERE key = ?", (key,)).fetchone()
            if row is None:
                keys = [
                    k
                    for (k,) in self._db.execute(
                        "SELECT key FROM matches ORDER BY round, table_no, rotation, key LIMIT 6"
                    )
                ]
                total = self._db.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
        if row is None:
            if not keys:
                raise StoreError(f"There is no match {key!r} in {self.path}: it holds no matches yet.")
            shown = ", ".join(keys[:5]) + (f", … ({total} in all)" if total > 5 else "")
            raise StoreError(f"There is no match {key!r} in {self.path}; its matches are {shown}.")
        return self._stored(row)

    def fetch(self, query: str, parameters: Sequence[object] = ()) -> list[tuple]:
        """The rows of one read query, for the modules that read their own tables (summaries)."""
        with self._lock:
            return self._db.execute(query, parameters).fetchall()

    def _stored(self, row: tuple) -> StoredMatch:
        try:
            return stored_match(row)
        except (ValueError, KeyError, TypeError) as error:
            raise StoreError(f"Match {row[0]!r} in {self.path} cannot be read: {error}") from None

    def rows(self) -> Iterator[dict[str, Any]]:
        """One dict per (match, deal, seat), keys as EXPORT_COLUMNS, in schedule order.

        Read from the ``deals`` table, without decoding histories; `arena.results.export`
        writes them as CSV or JSON lines.
        """
        for page in self._pages("key, round, table_no, rotation, seed", _PAGE):
            keys = [row[0] for row in page]
            marks = ", ".join("?" * len(keys))
            with self._lock:
                found = self._db.execute(
                    "SELECT match, deal, seat, bot, score, rank, forfeit, faults FROM deals "
                    f"WHERE match IN ({marks}) ORDER BY match, deal, seat",
                    keys,
                ).fetchall()
            deals: dict[str, list[tuple]] = {}
            for row in found:
                deals.setdefault(row[0], []).append(row[1:])
            for key, round_, table, rotation, seed in page:
                for deal, seat, bot, score, rank, forfeit, faults in deals.get(key, ()):
                    yield {
                        "key": key,
                        "round": round_,
                        "table": table,
                        "rotation": rotation,
                        "seed": int(seed),
                        "deal": deal,
                        "seat": seat,
                        "bot": bot,
                        "score": score,
                        "rank": rank,
                        "forfeit": bool(forfeit),
                        "faults": faults,
                    }
