"""Copy the matches a damaged results file still holds into a new results file.

A results file damaged on disk (bytes overwritten, a bad sector, a copy cut short) is
read here match by match, through every access path SQLite offers: each table by ranges
of rowids, a range that fails halved until the damage is pinned to single rows, and the
indexes of ``matches`` on their own, so that the keys of rows the table no longer gives
back are still known.  A file cut short is read as far as it goes (SQLite would refuse
all of it: see `arena.results._damage`), so every match on the pages that survive is
found, however the file was cut.

A match is kept only whole: its ``matches`` row decodes (SQLite gives a row back only
with all of its pages), and its ``deals`` rows agree with it.  Those rows are the
match's per-deal results, which its row holds too: the ones lost with their pages are
made again from it, exactly as they were saved, but a ``deals`` row that disagrees with
its match means one of them is garbled, and the match is lost.  A partial match would
corrupt the ratings; a missing one is replayed by the next ``arena run``, which plays
whatever the file lacks.

`readable_matches` says what can still be read (the message of a command that met the
damage); `recover_results` copies it, with the ``meta`` table, into a new file of the same
format, atomically: a temporary file beside the new one, fsynced, then linked into place,
never over an existing file.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypeGuard

import engine
from arena.errors import ArenaError, StoreError
from arena.records import MatchRecord, MatchSlot
from arena.results._damage import cut_short, damage_words
from arena.results._new_file import write_new_file
from arena.results.schema import FORMAT, MATCH_COLUMNS, SCHEMA, match_rows, stored_match
from arena.results.summaries import fill_missing

__all__ = ["Salvage", "readable_matches", "recover_results", "recovered_path", "damage_words"]

#: Rowids read at a time; a range that fails is halved down to single rowids.
_RANGE = 256
_DEAL_COLUMNS = "match, deal, seat, bot, score, rank, forfeit, faults"
#: The meta entries a results file cannot be resumed without.
_NEEDED_META = ("format", "fingerprint", "fingerprint_data")
#: What decoding a garbled row may raise: such a match is lost, never fatal.
_GARBLED = (ArenaError, engine.EngineError, ValueError, KeyError, TypeError, AttributeError, IndexError)


@dataclass(frozen=True)
class Salvage:
    """What a results file still holds, match by match (and where it was copied)."""

    source: Path
    name: str  # the tournament's name, from the file's meta table
    readable: tuple[str, ...]  # keys of the matches read whole, in schedule order
    lost: tuple[str, ...]  # keys of stored matches that cannot be read whole
    unreadable_rows: int  # further ``matches`` rows lost with their key
    damage: str | None  # how the file is cut short, else sqlite's words for the first damage met; None: whole
    target: Path | None = None  # the new file, once `recover_results` wrote it
    #: Keys of readable matches whose ``deals`` rows were lost with their pages: rebuilt
    #: from the match's own row, exactly as `arena.results.schema.match_rows` wrote them.
    rebuilt: tuple[str, ...] = ()
    #: False when the damage hid how many matches the file held (the pages that end the
    #: ``matches`` table and every index of it are lost): `total` then counts those known.
    counted: bool = True
    #: The matches of the schedule of the file's last run (None: not kept), for scale.
    scheduled: int | None = None

    @property
    def total(self) -> int:
        """The matches the file held, as far as can be told."""
        return len(self.readable) + len(self.lost) + self.unreadable_rows


@dataclass
class _Found:
    """The rows read whole, to be copied as they are."""

    meta: list[tuple[str, str]]
    matches: dict[str, tuple[tuple, list[tuple]]]  # key → (its matches row, its deal rows), schedule order


def _is_key(value: object) -> TypeGuard[str]:
    """Whether `value` can be a match key as saved: text with no NUL. A page cut short
    inside reads as zeros past the cut, so a key that ran across it comes back ending in
    NULs; it cannot say which match it was, so it names none."""
    return isinstance(value, str) and "\x00" not in value


def recovered_path(path: str | Path) -> Path:
    """Where `recover_results` writes by default: beside `path`, suffix ``.recovered.sqlite``."""
    return Path(path).with_suffix(".recovered.sqlite")


def readable_matches(path: str | Path) -> Salvage:
    """Which matches of the results file at `path` can still be read whole (nothing written).

    StoreError if it is not a results file, or too damaged to say (its schema or its
    ``meta`` table unreadable).
    """
    salvage, _ = _read(Path(path))
    return salvage


def recover_results(path: str | Path, target: str | Path | None = None) -> Salvage:
    """Copy every match of `path` that reads whole into the new results file `target`.

    `target` defaults to `recovered_path(path)` and must not exist (StoreError); the
    returned Salvage says what was copied and what was lost.
    """
    source = Path(path)
    new = Path(target) if target is not None else recovered_path(source)
    _check_source(source)
    if new.exists() or new.is_symlink():
        raise StoreError(
            f"{new} already exists, and arena recover never overwrites a file: move it away, or give another."
        )
    salvage, found = _read(source)
    write_new_file(new, lambda path: _write(path, found), _NEVER_OVER)
    return replace(salvage, target=new)


# --- reading ----------------------------------------------------------------------------


def _check_source(path: Path) -> None:
    if not path.exists():
        raise StoreError(f"There is no results file at {path}.")
    if path.is_dir():
        raise StoreError(f"{path} is a directory, not a results file.")


def _read(path: Path) -> tuple[Salvage, _Found]:
    _check_source(path)
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        # As sqlite3's own .recover does: with the schema writable (never written here: the
        # connection is read-only), SQLite reads a file cut short up to where it ends
        # instead of refusing all of it, and passes over a schema entry it cannot parse.
        db.execute("PRAGMA writable_schema = ON")
    except sqlite3.Error as error:
        raise StoreError(f"Cannot open the results file {path}: {error}.") from None
    try:
        cut = cut_short(path)
        return _DamagedFile(path, db, str(cut) if cut is not None else None).salvage()
    finally:
        db.close()


class _DamagedFile:
    """One read of a possibly damaged results file; `damage` keeps how it is cut short, or
    else sqlite's first complaint."""

    def __init__(self, path: Path, db: sqlite3.Connection, cut: str | None = None) -> None:
        self.path = path
        self.db = db
        self.damage: str | None = cut
        #: Whether the end of the ``matches`` table, or an index of it, was read: how many it held is known.
        self.counted = False

    def _noted(self, error: sqlite3.DatabaseError) -> None:
        if self.damage is None:
            self.damage = damage_words(error)

    def salvage(self) -> tuple[Salvage, _Found]:
        indexes = self._schema()
        meta = self._meta()
        keys_by_rowid = self._index_entries(indexes)
        rows, failed = self._rows("matches", self._match_columns(), max(keys_by_rowid, default=0))
        deal_rows, _ = self._rows("deals", _DEAL_COLUMNS)
        deals_by_key: dict[object, list[tuple]] = {}
        # A row read from a damaged page may hold NULLs where numbers were: sorted last.
        for deal_row in sorted(deal_rows.values(), key=lambda row: [(v is None, v or 0) for v in row[1:3]]):
            deals_by_key.setdefault(deal_row[0], []).append(deal_row)
        game = json.loads(dict(meta).get("game", '""'))
        # A match and its deals are saved in one transaction, so deals rows missing from a
        # whole match row were lost to the damage: they are rebuilt only then.
        whole, rebuilt = _whole_matches(rows, deals_by_key, game, rebuild=self.damage is not None)
        found = _Found(meta, whole)
        keys_by_rowid.update((rowid, row[0]) for rowid, row in rows.items() if _is_key(row[0]))
        known = set(keys_by_rowid.values()) | {key for key in deals_by_key if _is_key(key)}
        # A damaged page may give a row a rowid no match has (0): no match lies behind it.
        garbled_keys = {rowid for rowid, row in rows.items() if not _is_key(row[0]) and rowid >= 1}
        self._quick_check()
        salvage = Salvage(
            source=self.path,
            name=str(json.loads(dict(meta).get("name", '""'))),
            readable=tuple(found.matches),
            lost=tuple(sorted(known - found.matches.keys())),
            unreadable_rows=len((failed | garbled_keys) - keys_by_rowid.keys()),
            damage=self.damage,
            rebuilt=tuple(key for key in found.matches if key in rebuilt),
            counted=self.counted,
            scheduled=_scheduled(dict(meta).get("scheduled")),
        )
        return salvage, found

    def _schema(self) -> list[str]:
        """The names of the indexes of ``matches`` (StoreError if this is no results file)."""
        cut = self.damage  # before any read: how the file is cut short, if it is
        try:
            entries = self.db.execute("SELECT type, name, tbl_name FROM sqlite_master").fetchall()
        except sqlite3.DatabaseError as error:
            if cut is not None:
                raise StoreError(self._first_page_lost(cut)) from None
            raise StoreError(
                f"{self.path} is not an Arena results file, or its first page is damaged ({error}); "
                "nothing can be read from it."
            ) from None
        tables = {name for kind, name, _ in entries if kind == "table"}
        if not {"meta", "matches", "deals"} <= tables:
            if cut is not None:
                raise StoreError(self._first_page_lost(cut))
            raise StoreError(f"{self.path} is not an Arena results file (it has no results tables).")
        return [name for kind, name, table in entries if kind == "index" and table == "matches"]

    def _first_page_lost(self, cut: str) -> str:
        return (
            f"{self.path} is damaged ({cut}): its first page, which lists its tables, is not whole; "
            "nothing can be read from it."
        )

    def _match_columns(self) -> str:
        """MATCH_COLUMNS as this file gives them: a column SCHEMA gained after the file was
        written reads as the default SCHEMA gives it, as `ResultStore` adds it."""
        present = {row[1] for row in self.db.execute("PRAGMA table_info(matches)")}
        scratch = sqlite3.connect(":memory:")
        try:
            scratch.executescript(SCHEMA)
            defaults = {row[1]: row[4] for row in scratch.execute("PRAGMA table_info(matches)")}
        finally:
            scratch.close()
        names = [name.strip() for name in MATCH_COLUMNS.split(",")]
        return ", ".join(name if name in present else defaults.get(name) or "NULL" for name in names)

    def _meta(self) -> list[tuple[str, str]]:
        """The ``meta`` rows, as stored (StoreError if the setup cannot be read, or is foreign)."""
        rows, _ = self._rows("meta", "key, value")
        meta: dict[str, str] = {}
        for key, value in rows.values():
            try:
                json.loads(value)
            except (TypeError, ValueError):
                continue
            if isinstance(key, str):
                meta[key] = value
        missing = [key for key in _NEEDED_META if key not in meta]
        if missing:
            raise StoreError(
                f"{self.path} is damaged where it keeps the tournament's setup ({self.damage or 'no ' + missing[0]}); "
                "a copy of its matches could never be resumed, so none was made."
            )
        stored = json.loads(meta["format"])
        if stored != FORMAT:
            raise StoreError(
                f"{self.path} is in the results format {stored!r}, which this arena does not read (it reads {FORMAT!r})."
            )
        return sorted(meta.items())

    def _index_entries(self, indexes: Iterable[str]) -> dict[int, str]:
        """rowid → key of the ``matches`` rows each index lists, read until its damage.

        An index keeps each key with its rowid, so a row the table cannot give back is still
        known by its key.
        """
        entries: dict[int, str] = {}
        for index in indexes:
            quoted = '"' + index.replace('"', '""') + '"'
            try:
                for rowid, key in self.db.execute(f"SELECT rowid, key FROM matches INDEXED BY {quoted}"):
                    if _is_key(key):
                        entries[rowid] = key
                self.counted = True  # the index lists every match
            except sqlite3.DatabaseError as error:
                self._noted(error)
        return entries

    def _rows(self, table: str, columns: str, last_known: int = 0) -> tuple[dict[int, tuple], set[int]]:
        """rowid → row of every row of `table` that reads, and the rowids that fail.

        Read up to the largest rowid known (the table's own maximum, or `last_known` when
        the path to it is damaged), then on while ranges beyond still hold rows.
        """
        try:
            last = max(self.db.execute(f"SELECT max(rowid) FROM {table}").fetchone()[0] or 0, last_known)
            self.counted = self.counted or table == "matches"  # rowids are dense: the last counts them
        except sqlite3.DatabaseError as error:
            self._noted(error)
            last = last_known
        rows: dict[int, tuple] = {}
        failed: set[int] = set()
        self._read_range(table, columns, 1, last, rows, failed)
        start = last + 1
        while True:  # past the last known rowid: rows a damaged path to the maximum hid
            before = len(rows)
            self._read_range(table, columns, start, start + _RANGE - 1, rows, failed)
            if len(rows) == before:
                break
            start += _RANGE
        return rows, {rowid for rowid in failed if rowid <= max(last, *rows, 0)}

    def _read_range(
        self, table: str, columns: str, first: int, last: int, rows: dict[int, tuple], failed: set[int]
    ) -> None:
        pending = [(low, min(low + _RANGE - 1, last)) for low in range(first, last + 1, _RANGE)]
        while pending:
            low, high = pending.pop()
            # One rowid is sought, not scanned: a scan steps on past it, into the next page.
            # A range stops at its size for the same reason: its rows need not be followed.
            where = "rowid = ?" if low == high else f"rowid BETWEEN ? AND ? ORDER BY rowid LIMIT {high - low + 1}"
            try:
                found = self.db.execute(
                    f"SELECT rowid, {columns} FROM {table} WHERE {where}", (low,) if low == high else (low, high)
                ).fetchall()
            except sqlite3.DatabaseError as error:
                self._noted(error)
                if low == high:
                    failed.add(low)
                else:
                    middle = (low + high) // 2
                    pending += [(middle + 1, high), (low, middle)]
                continue
            rows.update((row[0], row[1:]) for row in found)

    def _quick_check(self) -> None:
        """Damage the matches did not show (an index, the free pages) is damage all the same."""
        try:
            verdict = self.db.execute("PRAGMA quick_check").fetchone()[0]
        except sqlite3.DatabaseError as error:
            self._noted(error)
            return
        if verdict != "ok":
            self._noted(sqlite3.DatabaseError(verdict))


def _scheduled(text: str | None) -> int | None:
    """The ``scheduled`` meta entry, if it reads as a number of matches."""
    try:
        value = json.loads(text) if text is not None else None
    except ValueError:
        return None
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _whole_matches(
    rows: dict[int, tuple], deals_by_key: dict[object, list[tuple]], game: str, *, rebuild: bool
) -> tuple[dict[str, tuple[tuple, list[tuple]]], set[str]]:
    """key → (row, deal rows) of the matches read whole, in schedule order, and the keys
    whose deal rows were rebuilt (see `_deal_rows`)."""
    whole: dict[str, tuple[tuple, list[tuple]]] = {}
    doubled: set[str] = set()
    rebuilt: set[str] = set()
    for row in rows.values():
        key = row[0]
        if not _is_key(key):
            continue
        if key in whole:  # two rows with one key: one of them is garbled, and which is unknowable
            doubled.add(key)
            continue
        stored = deals_by_key.get(key, [])
        deal_rows = _deal_rows(row, stored, game, rebuild)
        if deal_rows is not None:
            whole[key] = (row, deal_rows)
            if deal_rows is not stored:
                rebuilt.add(key)
    ordered = sorted(whole.items(), key=lambda item: (*item[1][0][1:4], item[0]))
    return {key: rows_of_match for key, rows_of_match in ordered if key not in doubled}, rebuilt - doubled


def _deal_rows(row: tuple, deal_rows: list[tuple], game: str, rebuild: bool) -> list[tuple] | None:
    """The ``deals`` rows to copy with a ``matches`` row that decodes, or None if the match is not whole.

    `deal_rows` (those read) when they are exactly the ones the row implies; when
    `rebuild` (the file is damaged) and the ones read are all among them, the ones it
    implies, made as `ResultStore.save` made them.  A row read that the match does not
    imply is garbled: the match is lost.
    """
    expected = _implied_deal_rows(row, game)
    if expected is None:
        return None
    read, implied = Counter(deal_rows), Counter(expected)
    if read == implied:
        return deal_rows
    return expected if rebuild and read <= implied else None


def _implied_deal_rows(row: tuple, game: str) -> list[tuple] | None:
    """The ``deals`` rows a ``matches`` row implies, or None if it does not decode."""
    try:
        match = stored_match(row)
        if not all(isinstance(number, int) for number in (match.round, match.table, match.rotation)):
            return None
        slot = MatchSlot(match.key, match.round, match.table, match.rotation, match.seed, match.names)
        record = MatchRecord(
            match_id=match.key,
            game=game,
            players=len(match.names),
            options={},
            seed=match.seed,
            deals=len(match.deals),
            names=match.names,
            result=match.result,
            standing=match.standing,
            history=match.history,
            faults=match.faults,
            comments=(),
            latencies=(),
            seconds=match.seconds,
        )
        _, expected = match_rows(slot, record, match.finished_at)
    except _GARBLED:
        return None
    return expected


#: Why a target that exists is refused.
_NEVER_OVER = "arena recover never overwrites a file"


# --- writing ----------------------------------------------------------------------------


def _write(path: Path, found: _Found) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.executescript(SCHEMA)
        db.execute("BEGIN")
        db.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", found.meta)
        marks = ", ".join("?" * len(MATCH_COLUMNS.split(",")))
        for row, deal_rows in found.matches.values():
            db.execute(f"INSERT INTO matches ({MATCH_COLUMNS}) VALUES ({marks})", row)
            db.executemany(f"INSERT INTO deals ({_DEAL_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", deal_rows)
        db.execute("COMMIT")
        # The copy is a file of today's format: each match's summary made now, not at its
        # first open (from the histories just copied; silent, the copy is not yet in place).
        fill_missing(db, path, progress=lambda line: None)
    finally:
        db.close()
