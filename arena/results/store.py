"""The results file: one SQLite database per tournament, written match by match.

Every finished match is saved in one transaction that is committed (and fsynced:
``journal_mode=WAL``, ``synchronous=FULL``) before `ResultStore.save` returns, so a run
killed at any moment, even by ``kill -9`` or a power cut, leaves each match either fully
stored or absent, and the next run resumes by playing only the missing ones.

The file holds:

- ``meta``: the format, tournament name, game, the fingerprint of the setup and the data
  it was computed from (`TournamentConfig.fingerprint_data`), the creation time.  A run
  whose fingerprint differs is refused with `ResumeMismatch`, which says what changed.
- ``matches``: one row per match: key, round, table, rotation, seed, seat names, scores,
  ranks, native standing, deal results, the full history (JSON, see `arena._records`),
  faults (JSON), duration, finish time.
- ``deals``: one row per (match, deal, seat): bot, score, rank, forfeit, fault kinds, for
  exports and rating queries without decoding histories.

Readers (`ResultStore.open_readonly`: ``arena table``, ``export``, ``show``) may run while
a tournament is writing: WAL mode lets them read the last committed state.  Only one
writer at a time: `ResultStore.open` takes an exclusive lock (``<file>.lock`` beside it,
released by the kernel however the process ends), so a second run on the same file is
refused at once instead of playing the same matches twice.

Matches come out in schedule order (round, table, rotation, then key), whatever order they
finished in, so exports and tables do not depend on concurrency.
"""

from __future__ import annotations

import csv
import fcntl
import json
import os
import shlex
import sqlite3
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, TextIO

import engine
from arena._records import from_data, to_data
from arena.faults import Fault, FaultKind

if TYPE_CHECKING:
    from arena.config import TournamentConfig
    from arena.referee import MatchRecord

__all__ = [
    "StoreError",
    "ResumeMismatch",
    "StoredMatch",
    "StoreInfo",
    "ResultStore",
    "EXPORT_COLUMNS",
    "describe_changes",
]

FORMAT = "arena-results/1"
EXPORT_COLUMNS = (
    "key",
    "round",
    "table",
    "rotation",
    "seed",
    "deal",
    "seat",
    "bot",
    "score",
    "rank",
    "forfeit",
    "faults",
)
_BUSY_TIMEOUT_MS = 10_000
_PAGE = 200  # matches read at a time

_SCHEMA = """
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL              -- JSON
);
CREATE TABLE matches (
    key         TEXT PRIMARY KEY,    -- the scheduler's key, e.g. r1-t3-p2
    round       INTEGER NOT NULL,
    table_no    INTEGER NOT NULL,
    rotation    INTEGER NOT NULL,
    seed        TEXT NOT NULL,       -- decimal: seeds may exceed SQLite's 64-bit integers
    names       TEXT NOT NULL,       -- JSON list, bot per seat
    scores      TEXT NOT NULL,       -- JSON list per seat
    ranks       TEXT NOT NULL,
    standing    TEXT NOT NULL,
    deal_results TEXT NOT NULL,      -- JSON (arena._records) of the DealResults
    history     TEXT NOT NULL,       -- JSON (arena._records) of the full history
    faults      TEXT NOT NULL,       -- JSON list of {seat, bot, kind, reason, deal}
    seconds     REAL NOT NULL,
    finished_at TEXT NOT NULL        -- ISO 8601, UTC
);
CREATE INDEX matches_order ON matches (round, table_no, rotation, key);
CREATE TABLE deals (
    match   TEXT NOT NULL REFERENCES matches (key) ON DELETE CASCADE,
    deal    INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    bot     TEXT NOT NULL,
    score   REAL NOT NULL,
    rank    INTEGER NOT NULL,
    forfeit INTEGER NOT NULL,        -- 1 when this seat forfeited this deal
    faults  TEXT NOT NULL,           -- fault kinds of this seat in this deal, joined by ","
    PRIMARY KEY (match, deal, seat)
);
"""


class StoreError(Exception):
    """A results file that cannot be used as asked; the message is a full sentence."""


class ResumeMismatch(StoreError):
    """The results file was written by a different tournament setup; `changes` lists how."""

    def __init__(self, message: str, changes: tuple[str, ...]) -> None:
        super().__init__(message)
        self.changes = changes


@dataclass(frozen=True)
class StoredMatch:
    """One match as stored."""

    key: str
    round: int
    table: int
    rotation: int
    seed: int
    names: tuple[str, ...]
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    standing: tuple[float, ...]
    deals: tuple[engine.DealResult, ...]
    history: tuple[engine.Event, ...]
    faults: tuple[Fault, ...]
    seconds: float
    finished_at: str

    @property
    def result(self) -> engine.MatchResult:
        return engine.MatchResult(self.scores, self.ranks, self.deals)


@dataclass(frozen=True)
class StoreInfo:
    """What a results file says about the tournament that wrote it."""

    path: Path
    name: str
    game: str
    options: Mapping[str, Any]
    seats: int
    bots: tuple[str, ...]
    fingerprint: str
    fingerprint_data: Mapping[str, Any]
    created_at: str
    matches: int


def _lock_writer(path: Path) -> int:
    """Take the exclusive writer lock of a results file (its sidecar ``.lock`` file).

    Two runs writing one file would play the same matches twice; the second is refused at
    once.  The kernel drops the lock when the process dies, even by kill -9.  (A separate
    file: SQLite's own POSIX locks on the database would be dropped by closing any other
    descriptor of it.)
    """
    lock_path = path.with_name(path.name + ".lock")
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as error:
        raise StoreError(f"Cannot create the lock file {lock_path}: {error.strerror or error}.") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = os.read(fd, 64).decode(errors="replace").strip()
        os.close(fd)
        who = f" (process {holder})" if holder.isdigit() else ""
        raise StoreError(
            f"Another arena run{who} is writing {path}; wait for it to finish, stop it, "
            "or give another results file."
        ) from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return fd


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class ResultStore:
    """A results file; open with `ResultStore.open` (to write) or `open_readonly`."""

    def __init__(self, path: Path, connection: sqlite3.Connection, readonly: bool, writer_lock: int | None = None) -> None:
        self.path = path
        self._db = connection
        self._readonly = readonly
        self._lock = threading.Lock()
        self._writer_lock = writer_lock
        self._game: str | None = None

    # --- opening ----------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path, config: TournamentConfig, *, fresh: bool = False) -> ResultStore:
        """Open (creating it and its directories if needed) the results file of `config`.

        A file written by a different setup raises ResumeMismatch, unless `fresh`: then its
        matches are deleted and it starts over with this setup.
        """
        path = Path(path)
        if path.is_dir():
            raise StoreError(f"The results path {path} is a directory; give a file name such as {path / 'results.sqlite'}.")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(f"Cannot create the directory {path.parent} for the results: {error.strerror or error}.") from None
        writer_lock = _lock_writer(path)
        try:
            db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            os.close(writer_lock)
            raise StoreError(f"Cannot open the results file {path}: {error}.") from None
        store = cls(path, db, readonly=False, writer_lock=writer_lock)
        try:
            if store._tables():  # refuse a foreign database before changing its journal mode
                store._check_format()
            store._setup_writer()
            store._prepare(config, fresh)
            store._game = config.game
        except sqlite3.DatabaseError as error:
            store.close()
            raise StoreError(f"{path} is not a usable results file: {error}.") from None
        except BaseException:
            store.close()
            raise
        return store

    @classmethod
    def open_readonly(cls, path: Path) -> ResultStore:
        """Open an existing results file for reading, even while a run is writing it."""
        path = Path(path)
        if not path.exists():
            raise StoreError(f"There is no results file at {path}.")
        if path.is_dir():
            raise StoreError(f"{path} is a directory, not a results file.")
        try:
            db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False)
            db.isolation_level = None
            db.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
        except sqlite3.Error as error:
            raise StoreError(f"Cannot open the results file {path}: {error}.") from None
        store = cls(path, db, readonly=True)
        try:
            store._check_format()
        except sqlite3.DatabaseError as error:
            db.close()
            raise StoreError(f"{path} is not an Arena results file ({error}).") from None
        except BaseException:
            db.close()
            raise
        return store

    def _setup_writer(self) -> None:
        db = self._db
        db.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
        mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise StoreError(f"Cannot switch the results file {self.path} to WAL mode (it stays {mode}).")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("PRAGMA foreign_keys = ON")

    def _tables(self) -> set[str]:
        rows = self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        return {name for (name,) in rows}

    def _check_format(self) -> None:
        tables = self._tables()
        if not {"meta", "matches", "deals"} <= tables:
            raise StoreError(f"{self.path} is not an Arena results file (it has no results tables).")
        stored = self._meta().get("format")
        if stored != FORMAT:
            raise StoreError(
                f"{self.path} is in the results format {stored!r}, which this arena does not "
                f"read (it reads {FORMAT!r})."
            )

    def _prepare(self, config: TournamentConfig, fresh: bool) -> None:
        fingerprint = config.fingerprint()
        data = config.fingerprint_data()
        with self._transaction():
            tables = self._tables()
            if not tables:
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        self._db.execute(statement)
                self._write_meta(config, fingerprint, data, _now())
                return
        self._check_format()
        meta = self._meta()
        if meta.get("fingerprint") == fingerprint and not fresh:
            if meta.get("name") != config.name:
                with self._transaction():
                    self._set_meta("name", config.name)
            return
        if not fresh:
            changes = describe_changes(meta.get("fingerprint_data") or {}, data)
            done = self._db.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
            raise ResumeMismatch(
                f"{self.path} holds {done} match{'es' if done != 1 else ''} of a different "
                f"setup: {'; '.join(changes)} — rerun with --fresh to start over "
                "(or give another results file).",
                changes,
            )
        with self._transaction():
            self._db.execute("DELETE FROM deals")
            self._db.execute("DELETE FROM matches")
            self._write_meta(config, fingerprint, data, _now())

    def _write_meta(self, config: TournamentConfig, fingerprint: str, data: dict, created: str) -> None:
        values = {
            "format": FORMAT,
            "name": config.name,
            "game": config.game,
            "fingerprint": fingerprint,
            "fingerprint_data": data,
            "created_at": created,
        }
        for key, value in values.items():
            self._set_meta(key, value)

    def _set_meta(self, key: str, value: Any) -> None:
        self._db.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, _dumps(value)),
        )

    def _meta(self) -> dict[str, Any]:
        return {key: json.loads(value) for key, value in self._db.execute("SELECT key, value FROM meta")}

    class _Transaction:
        def __init__(self, store: ResultStore) -> None:
            self.store = store

        def __enter__(self) -> None:
            self.store._lock.acquire()
            try:
                self.store._db.execute("BEGIN IMMEDIATE")
            except BaseException:
                self.store._lock.release()
                raise

        def __exit__(self, kind, value, traceback) -> None:
            try:
                if kind is None:
                    self.store._db.execute("COMMIT")
                else:
                    self.store._db.execute("ROLLBACK")
            finally:
                self.store._lock.release()

    def _transaction(self) -> ResultStore._Transaction:
        return ResultStore._Transaction(self)

    # --- reading ----------------------------------------------------------------------

    def info(self) -> StoreInfo:
        with self._lock:
            meta = self._meta()
            count = self._db.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
        data = meta.get("fingerprint_data") or {}
        return StoreInfo(
            path=self.path,
            name=meta.get("name", ""),
            game=meta.get("game", data.get("game", "")),
            options=MappingProxyType(dict(data.get("options") or {})),
            seats=int(data.get("seats") or 0),
            bots=tuple(bot.get("name", "") for bot in data.get("bots") or ()),
            fingerprint=meta.get("fingerprint", ""),
            fingerprint_data=MappingProxyType(data),
            created_at=meta.get("created_at", ""),
            matches=count,
        )

    def completed_keys(self) -> frozenset[str]:
        with self._lock:
            return frozenset(key for (key,) in self._db.execute("SELECT key FROM matches"))

    def __len__(self) -> int:
        with self._lock:
            return self._db.execute("SELECT COUNT(*) FROM matches").fetchone()[0]

    _COLUMNS = (
        "key, round, table_no, rotation, seed, names, scores, ranks, standing, "
        "deal_results, history, faults, seconds, finished_at"
    )

    def matches(self, *, history: bool = True) -> Iterator[StoredMatch]:
        """Every stored match in schedule order (round, table, rotation, key).

        With `history=False` histories are not decoded (StoredMatch.history is empty),
        which is much faster for tables and ratings.
        """
        columns = self._COLUMNS if history else self._COLUMNS.replace("history", "'[]'")
        for page in self._pages(columns, _PAGE if history else 20 * _PAGE):
            for row in page:
                yield self._stored(row)

    def _pages(self, columns: str, size: int) -> Iterator[list[tuple]]:
        """Matches in schedule order, `size` rows at a time (keyset paging: bounded memory).

        `columns` must start with key, round, table_no, rotation.
        """
        after: tuple | None = None
        while True:
            where, params = "", ()
            if after is not None:
                where, params = "WHERE (round, table_no, rotation, key) > (?, ?, ?, ?)", after
            with self._lock:
                page = self._db.execute(
                    f"SELECT {columns} FROM matches {where} "
                    f"ORDER BY round, table_no, rotation, key LIMIT {int(size)}",
                    params,
                ).fetchall()
            if not page:
                return
            yield page
            key, round_, table, rotation = page[-1][:4]
            after = (round_, table, rotation, key)

    def match(self, key: str) -> StoredMatch:
        with self._lock:
            row = self._db.execute(f"SELECT {self._COLUMNS} FROM matches WHERE key = ?", (key,)).fetchone()
            if row is None:
                keys = [k for (k,) in self._db.execute(
                    "SELECT key FROM matches ORDER BY round, table_no, rotation, key LIMIT 6"
                )]
                total = self._db.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
        if row is None:
            if not keys:
                raise StoreError(f"There is no match {key!r} in {self.path}: it holds no matches yet.")
            shown = ", ".join(keys[:5]) + (f", … ({total} in all)" if total > 5 else "")
            raise StoreError(f"There is no match {key!r} in {self.path}; its matches are {shown}.")
        return self._stored(row)

    def _stored(self, row: tuple) -> StoredMatch:
        (key, round_, table, rotation, seed, names, scores, ranks, standing,
         deals, history, faults, seconds, finished_at) = row
        try:
            return StoredMatch(
                key=key,
                round=round_,
                table=table,
                rotation=rotation,
                seed=int(seed),
                names=tuple(json.loads(names)),
                scores=tuple(json.loads(scores)),
                ranks=tuple(json.loads(ranks)),
                standing=tuple(json.loads(standing)),
                deals=from_data(json.loads(deals)),
                history=from_data(json.loads(history)),
                faults=tuple(
                    Fault(f["seat"], f["bot"], FaultKind(f["kind"]), f["reason"], f["deal"])
                    for f in json.loads(faults)
                ),
                seconds=seconds,
                finished_at=finished_at,
            )
        except (ValueError, KeyError, TypeError) as error:
            raise StoreError(f"Match {key!r} in {self.path} cannot be read: {error}") from None

    # --- writing ----------------------------------------------------------------------

    def save(self, key: str, round: int, table: int, rotation: int, record: MatchRecord) -> None:
        """Store one finished match, durably, in one transaction (StoreError if `key` exists)."""
        if self._readonly:
            raise StoreError(f"{self.path} was opened read-only; matches cannot be saved to it.")
        if self._game is not None and record.game != self._game:
            raise StoreError(
                f"Match {key!r} was played at {record.game}, but {self.path} holds {self._game} "
                "results; it was not saved."
            )
        result = record.result
        players = len(record.names)
        if len(result.scores) != players or len(result.ranks) != players:
            raise StoreError(
                f"Match {key!r} has {players} names but {len(result.scores)} scores; it was not saved."
            )
        faults_by = {}
        for fault in record.faults:
            faults_by.setdefault((fault.deal, fault.seat), []).append(fault.kind.value)
        deal_rows = []
        for deal in result.deals:
            if len(deal.scores) != players or len(deal.ranks) != players:
                raise StoreError(
                    f"Deal {deal.deal} of match {key!r} has {len(deal.scores)} scores for "
                    f"{players} seats; the match was not saved."
                )
            for seat in range(players):
                deal_rows.append(
                    (
                        key,
                        deal.deal,
                        seat,
                        record.names[seat],
                        float(deal.scores[seat]),
                        int(deal.ranks[seat]),
                        int(deal.forfeit == seat),
                        ",".join(faults_by.get((deal.deal, seat), ())),
                    )
                )
        faults = [
            {"seat": f.seat, "bot": f.bot, "kind": f.kind.value, "reason": f.reason, "deal": f.deal}
            for f in record.faults
        ]
        match_row = (
            key,
            int(round),
            int(table),
            int(rotation),
            str(int(record.seed)),
            _dumps(list(record.names)),
            _dumps(to_data(tuple(result.scores))),
            _dumps(to_data(tuple(result.ranks))),
            _dumps(to_data(tuple(record.standing))),
            _dumps(to_data(tuple(result.deals))),
            _dumps(to_data(tuple(record.history))),
            _dumps(faults),
            float(record.seconds),
            _now(),
        )
        try:
            with self._transaction():
                self._db.execute(
                    "INSERT INTO matches (key, round, table_no, rotation, seed, names, scores, ranks, "
                    "standing, deal_results, history, faults, seconds, finished_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    match_row,
                )
                self._db.executemany("INSERT INTO deals VALUES (?, ?, ?, ?, ?, ?, ?, ?)", deal_rows)
        except sqlite3.IntegrityError as error:
            if key in self.completed_keys():
                raise StoreError(f"Match {key!r} is already stored in {self.path}; it was not saved again.") from None
            raise StoreError(f"Cannot save match {key!r} to {self.path}: {error}.") from None
        except sqlite3.Error as error:
            raise StoreError(f"Cannot save match {key!r} to {self.path}: {error}.") from None

    # --- export -----------------------------------------------------------------------

    def rows(self) -> Iterator[dict[str, Any]]:
        """One dict per (match, deal, seat), columns as EXPORT_COLUMNS, in schedule order."""
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

    def export(self, out: TextIO, format: Literal["csv", "jsonl"]) -> int:
        """Write one row per (match, deal, seat) to `out`; returns the number of rows.

        Columns: key, round, table, rotation, seed, deal, seat, bot, score, rank, forfeit,
        faults (the kinds of that seat's faults in that deal, joined by ",").  CSV has a
        header line and writes forfeit as true/false; JSON lines are objects with the
        same keys (forfeit a boolean).
        """
        if format not in ("csv", "jsonl"):
            raise StoreError(f"Cannot export as {format!r}; the formats are csv and jsonl.")
        count = 0
        if format == "csv":
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow(EXPORT_COLUMNS)
            for row in self.rows():
                row["forfeit"] = "true" if row["forfeit"] else "false"
                writer.writerow(row[c] for c in EXPORT_COLUMNS)
                count += 1
        else:
            for row in self.rows():
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
                count += 1
        return count

    # --- closing ----------------------------------------------------------------------

    def close(self) -> None:
        """Close the file (committed matches are already safe); closing twice is harmless."""
        with self._lock:
            self._db.close()
            if self._writer_lock is not None:
                os.close(self._writer_lock)  # releases the writer lock
                self._writer_lock = None

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# --- what changed -------------------------------------------------------------------------


def _show(value: Any) -> str:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "[" + " ".join(shlex.quote(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return json.dumps(value, sort_keys=True, ensure_ascii=False)
    if isinstance(value, str):
        return repr(value)
    return str(value)


def _entry_changes(
    old: Mapping[str, Any], new: Mapping[str, Any], *, removed: str, added: str, changed: str, show,
    **context: Any,
) -> list[str]:
    """One sentence per key removed, added or changed between two mappings, in key order.

    The templates get `key`, the `old` / `new` values formatted by `show`, and `context`."""
    out = []
    for key in sorted(set(old) | set(new)):
        if key not in new:
            out.append(removed.format(key=key, old=show(old[key]), **context))
        elif key not in old:
            out.append(added.format(key=key, new=show(new[key]), **context))
        elif old[key] != new[key]:
            out.append(changed.format(key=key, old=show(old[key]), new=show(new[key]), **context))
    return out


def describe_changes(old: Mapping[str, Any], new: Mapping[str, Any]) -> tuple[str, ...]:
    """Sentences saying how fingerprint data `new` differs from `old`."""
    changes: list[str] = []
    for key in ("game", "seats", "hands", "rounds", "seed", "duplicate", "move_time"):
        if old.get(key) != new.get(key):
            changes.append(f"{key.replace('_', ' ')} changed from {_show(old.get(key))} to {_show(new.get(key))}")
    changes += _entry_changes(
        old.get("options") or {},
        new.get("options") or {},
        removed="game option {key!r} was removed (it was {old})",
        added="game option {key!r} was added ({new})",
        changed="game option {key!r} changed from {old} to {new}",
        show=_show,
    )
    old_bots = {b.get("name"): b for b in old.get("bots") or ()}
    new_bots = {b.get("name"): b for b in new.get("bots") or ()}
    for name in old_bots:
        if name not in new_bots:
            changes.append(f"bot {name!r} was removed")
    for name in new_bots:
        if name not in old_bots:
            changes.append(f"bot {name!r} was added")
    for name, bot in new_bots.items():
        before = old_bots.get(name)
        if before is None:
            continue
        for field in ("command", "address", "protocol"):
            if before.get(field) != bot.get(field):
                changes.append(
                    f"bot {name!r} {field} changed from {_show(before.get(field))} to {_show(bot.get(field))}"
                )
        changes += _entry_changes(
            before.get("env") or {},
            bot.get("env") or {},
            removed="bot {name!r} environment variable {key} was removed",
            added="bot {name!r} environment variable {key}={new} was added",
            changed="bot {name!r} environment variable {key} changed from {old} to {new}",
            show=repr,
            name=name,
        )
    common_old = [n for n in old_bots if n in new_bots]
    common_new = [n for n in new_bots if n in old_bots]
    if common_old != common_new:
        changes.append(f"the order of the bots changed from {', '.join(common_old)} to {', '.join(common_new)}")
    if not changes:
        changes.append("the tournament setup changed (the results file was written by another version of the arena)")
    return tuple(changes)
