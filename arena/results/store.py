"""The results file: one SQLite database per tournament, written match by match.

Every finished match is saved in one transaction that is committed (and fsynced: ``journal_mode=WAL``,
``synchronous=FULL``) before `ResultStore.save` returns, so a run killed at any moment, even by ``kill -9`` or
a power cut, leaves each match either fully stored or absent, and the next run resumes by playing only the
missing ones.

The file holds:

- ``meta``: the format, tournament name, game, the fingerprint of the setup and the data it was computed from
  (`arena.records.Setup.to_data`), the creation time, and the deals' secret (`ResultStore.deal_secret`, made
  when the file is, kept by ``--fresh``). A run whose fingerprint differs is refused with `ResumeMismatch`,
  which says what changed (`Setup.changes_from`), unless it only adds bots (`Setup.grown_from`,
  `ResultStore.bot_generations`): then only their new tables are played.
- ``matches``: one row per match: key, round, table, rotation, seed, seat names, scores, ranks, native
  standing, deal results, the full history (JSON, see `arena.results.codec`), faults (JSON, `Fault.to_data`),
  duration, finish time.
- ``rating``, in ``meta``: the last run's anchor and prior (`StoreInfo.anchor`), which the tables use unless told
  otherwise; not part of the fingerprint, as they change no result.  ``scheduled``: the matches of the last
  run's schedule (`StoreInfo.scheduled`), so a table of fewer can say it is partial.  ``sprt``: the
  hypotheses the last run tested (`StoreInfo.sprt`), for the report's LLR over the run; ``sprt_decided``: the
  matches saved when it first reached a bound (`StoreInfo.sprt_decided`), where its decision was made.
- ``deals``: one row per (match, deal, seat): bot, score, rank, forfeit, fault kinds, for exports
  (`ResultStore.rows`, `arena.results.export`) and rating queries without decoding histories.
- ``summaries``: one row per match, saved with it: each seat's statistics and the match's rated
  outcomes, computed once where it was played (`arena.results.summaries`), which the tables read
  instead of the histories; a file from before them gets them on its first open.

Reading the matches back is `arena.results._reading.MatchReader`, which `ResultStore` extends.

Readers (`ResultStore.open_readonly`: ``arena table``, ``export``, ``show``) may run while a tournament is
writing: WAL mode lets them read the last committed state. Only one writer at a time: `ResultStore.open` takes
an exclusive lock (``<file>.lock`` beside it, released by the kernel however the process ends), so a second
run on the same file is refused at once instead of playing the same matches twice.

Matches come out in schedule order (round, table, rotation, then key), whatever order they
finished in, so exports and tables do not depend on concurrency.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import MappingProxyType
from typing import Any

from arena.errors import StoreError
from arena.records import MatchRecord, MatchSlot, Setup, SprtTest
from arena.results._damage import closed_on_failure, refuse_cut
from arena.results._fresh import FreshCopy, keep_before_fresh, resume_refused
from arena.results._info import StoreInfo, Tournament
from arena.results._lock import lock_writer
from arena.results._reading import MatchReader
from arena.results.schema import (
    EXPORT_COLUMNS,
    FORMAT,
    MATCH_COLUMNS,
    SCHEMA,
    TIME_USE_COLUMN,
    dumps,
    now_text,
)
from arena.results.summaries import MatchRows, fill_missing, finished_rows, upgrade

__all__ = ["Tournament", "StoreInfo", "ResultStore", "EXPORT_COLUMNS", "MatchRows", "finished_rows"]

_BUSY_TIMEOUT_MS = 10_000
# Where a ``matches`` row (schema.match_rows) holds the faults and time use its summary copies.
_FAULTS, _TIME_USE = 11, 14


class ResultStore(MatchReader):
    """A results file; open with `ResultStore.open` (to write) or `open_readonly`."""

    def __init__(
        self, path: Path, connection: sqlite3.Connection, readonly: bool, writer_lock: int | None = None
    ) -> None:
        self.path = path
        self._db = connection
        self._readonly = readonly
        self._lock = threading.Lock()
        self._writer_lock = writer_lock
        self._game: str | None = None
        self._match_columns = MATCH_COLUMNS
        #: Where --fresh kept the matches the file held before it started over (`arena.results._fresh`).
        self.fresh_copy: FreshCopy | None = None

    # --- opening ----------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path, config: Tournament, *, fresh: bool = False) -> ResultStore:
        """Open (creating it and its directories if needed) the results file of `config`.

        A file written by a different setup raises ResumeMismatch, unless `fresh`: then its
        matches are copied beside it (`fresh_copy`) and deleted, and it starts over with this
        setup; `fresh` on another tournament's file raises OtherTournament.  A file damaged
        on disk raises ResultsDamaged, and is never written.
        """
        path = Path(path)
        if path.is_dir():
            raise StoreError(
                f"The results path {path} is a directory; give a file name such as {path / 'results.sqlite'}."
            )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(
                f"Cannot create the directory {path.parent} for the results: {error.strerror or error}."
            ) from None
        writer_lock = lock_writer(path)
        try:
            db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            os.close(writer_lock)
            raise StoreError(f"Cannot open the results file {path}: {error}.") from None
        store = cls(path, db, readonly=False, writer_lock=writer_lock)
        with closed_on_failure(store, lambda error: f"{path} is not a usable results file: {error}."):
            refuse_cut(path)  # never resumed (and written) as if whole
            if store._tables():  # refuse a foreign database before changing its journal mode
                store._check_format()
            store._setup_writer()
            store._prepare(config, fresh)
            store._game = config.game
            fill_missing(db, path)  # a file from before summaries: once
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
        with closed_on_failure(store, lambda error: f"{path} is not an Arena results file ({error})."):
            refuse_cut(path)
            store._check_format()
            upgrade(path, db)  # a file from before summaries, if no run holds it: once
            if not store._has_time_use():
                store._match_columns = MATCH_COLUMNS.replace("time_use", "'[]'")
        return store

    def _setup_writer(self) -> None:
        db = self._db
        db.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
        mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise StoreError(f"Cannot switch the results file {self.path} to WAL mode (it stays {mode}).")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("PRAGMA foreign_keys = ON")

    def _has_time_use(self) -> bool:
        return any(row[1] == "time_use" for row in self._db.execute("PRAGMA table_info(matches)"))

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

    def _prepare(self, config: Tournament, fresh: bool) -> None:
        self._prepare_setup(config, fresh)
        anchor = list(config.anchor) if config.anchor else None
        with self._transaction():
            self._set_meta("rating", {"anchor": anchor, "prior_games": config.prior_games})

    def _prepare_setup(self, config: Tournament, fresh: bool) -> None:
        setup = config.setup
        fingerprint = setup.fingerprint()
        data = setup.to_data()
        with self._transaction():
            tables = self._tables()
            if not tables:
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        self._db.execute(statement)
                self._write_meta(config, fingerprint, data, now_text())
                return
        self._check_format()
        if not self._meta().get("deal_secret"):  # a file written before deals were secret
            with self._transaction():
                self._set_meta("deal_secret", secrets.token_hex(32))
        if not self._has_time_use():
            with self._transaction():
                self._db.execute(f"ALTER TABLE matches ADD COLUMN {TIME_USE_COLUMN}")
        meta = self._meta()
        if meta.get("fingerprint") == fingerprint and not fresh:
            if meta.get("name") != config.name:
                with self._transaction():
                    self._set_meta("name", config.name)
            return
        stored = Setup.from_data(meta.get("fingerprint_data") or {})
        grown = None if fresh else setup.grown_from(stored, self.bot_generations)
        if grown is not None:  # bots were added: the tables so far keep their keys and deals
            with self._transaction():
                for key, value in {
                    "bot_generations": grown,
                    "fingerprint": fingerprint,
                    "fingerprint_data": data,
                }.items():
                    self._set_meta(key, value)
            return
        done = self._db.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
        if not fresh:
            raise resume_refused(self.path, meta, done, setup.changes_from(stored), config)
        self.fresh_copy = keep_before_fresh(self._db, self.path, meta, done, config)
        with self._transaction():
            self._db.execute("DELETE FROM deals")
            self._db.execute("DELETE FROM matches")
            self._write_meta(config, fingerprint, data, now_text())

    def _write_meta(self, config: Tournament, fingerprint: str, data: dict, created: str) -> None:
        # The deals' secret outlives --fresh: the same file, tournament and seed deal the same.
        secret = self._meta().get("deal_secret") or secrets.token_hex(32)
        values = {
            "deal_secret": secret,
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
            "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, dumps(value)),
        )

    def _meta(self) -> dict[str, Any]:
        return {key: json.loads(value) for key, value in self._db.execute("SELECT key, value FROM meta")}

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    # --- reading ----------------------------------------------------------------------

    def info(self) -> StoreInfo:
        with self._lock:
            meta = self._meta()
            count = self._db.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
        data = meta.get("fingerprint_data") or {}
        setup = Setup.from_data(data)
        rating = meta.get("rating") or {}
        return StoreInfo(
            path=self.path,
            name=meta.get("name", ""),
            game=meta.get("game", setup.game or ""),
            options=setup.options,
            seats=int(setup.seats or 0),
            bots=tuple(bot.name or "" for bot in setup.bots),
            setup=setup,
            fingerprint=meta.get("fingerprint", ""),
            fingerprint_data=MappingProxyType(data),
            created_at=meta.get("created_at", ""),
            matches=count,
            anchor=(str(rating["anchor"][0]), float(rating["anchor"][1])) if rating.get("anchor") else None,
            prior_games=float(rating.get("prior_games", 2.0)),
            scheduled=int(meta["scheduled"]) if meta.get("scheduled") is not None else None,
            sprt=SprtTest.from_data(meta["sprt"]) if meta.get("sprt") else None,
            sprt_decided=int(meta["sprt_decided"]) if meta.get("sprt_decided") is not None else None,
        )

    @property
    def bot_generations(self) -> tuple[tuple[str, ...], ...]:
        """The first bots, then each group added (`build_schedule`); () if none was added."""
        with self._lock:
            return tuple(tuple(names) for names in self._meta().get("bot_generations") or ())

    @property
    def deal_secret(self) -> str:
        """The secret every deal's seed is mixed with (unless the deals are public): kept
        here, where no bot can read it, so a bot cannot compute a deal it has not seen."""
        with self._lock:
            return str(self._meta().get("deal_secret") or "")

    def note_unsandboxed(self, status: str) -> None:
        """Remember that a run of this file played bots outside the sandbox (`status`
        says which and why), so every later table says so too."""
        with self._transaction():
            notes = self._meta().get("unsandboxed") or []
            if status not in notes:
                self._set_meta("unsandboxed", [*notes, status])

    def note_scheduled(self, matches: int) -> None:
        """The number of matches the run's schedule holds (`StoreInfo.scheduled`)."""
        with self._transaction():
            self._set_meta("scheduled", matches)

    def note_sprt(self, test: SprtTest | None) -> None:
        """The SPRT the run tests (`StoreInfo.sprt`), or none: the report draws its LLR
        from the stored matches with these hypotheses.  Another test than the one noted
        before forgets that one's decision (`note_sprt_decided`)."""
        with self._transaction():
            meta = self._meta()
            if meta.get("sprt") != (test.to_data() if test is not None else None):
                self._db.execute("DELETE FROM meta WHERE key = 'sprt_decided'")
            if test is None:
                self._db.execute("DELETE FROM meta WHERE key = 'sprt'")
            else:
                self._set_meta("sprt", test.to_data())

    def note_sprt_decided(self, matches: int) -> None:
        """The noted SPRT reached a bound over the first `matches` matches saved
        (`StoreInfo.sprt_decided`): its decision stands, whatever the matches then under
        way and saved after it do to the LLR, and a later run of the file starts none."""
        with self._transaction():
            self._set_meta("sprt_decided", matches)

    def unsandboxed(self) -> tuple[str, ...]:
        """What `note_unsandboxed` kept: one line per distinct status, oldest first."""
        with self._lock:
            return tuple(self._meta().get("unsandboxed") or ())

    def completed_keys(self) -> frozenset[str]:
        with self._lock:
            return frozenset(key for (key,) in self._db.execute("SELECT key FROM matches"))

    def __len__(self) -> int:
        with self._lock:
            return self._db.execute("SELECT COUNT(*) FROM matches").fetchone()[0]

    # --- writing ----------------------------------------------------------------------

    def save(self, slot: MatchSlot, record: MatchRecord) -> None:
        """Store one finished match, durably, in one transaction (StoreError if its key exists).

        Where the match sits (key, round, table, rotation) comes from `slot`; what it
        produced (seed, seat names, results, history, faults) from `record`.
        """
        self._refuse_other_game(slot.key, record.game)  # before its rows are made for a game it is not
        self.save_rows(slot.key, record.game, finished_rows(slot, record))

    def save_rows(self, key: str, game: str, rows: MatchRows) -> None:
        """`save` of a match's rows made by `finished_rows` (in a worker process: the writer only writes)."""
        self.save_many([(key, game, rows)])

    def save_many(self, matches: Sequence[tuple[str, str, MatchRows]]) -> None:
        """Matches' rows, each as `save_rows` takes them, in one transaction: one commit
        and one fsync for all the matches a coordinator has back at once.  Each match is
        whole or absent, and so is the batch."""
        if self._readonly:
            raise StoreError(f"{self.path} was opened read-only; matches cannot be saved to it.")
        for key, game, _ in matches:
            self._refuse_other_game(key, game)
        named = ", ".join(f"match {key!r}" for key, _, _ in matches)
        try:
            with self._transaction():
                for _, _, (match_row, deal_rows, summary_row) in matches:
                    self._db.execute(
                        "INSERT INTO matches (key, round, table_no, rotation, seed, names, scores, ranks, "
                        "standing, deal_results, history, faults, seconds, finished_at, time_use) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        match_row,
                    )
                    self._db.executemany("INSERT INTO deals VALUES (?, ?, ?, ?, ?, ?, ?, ?)", deal_rows)
                    # A summary whose match is not stored is stale (its match was removed by
                    # hand, without the cascade): the new one replaces it.
                    self._db.execute(
                        "INSERT OR REPLACE INTO summaries (match, stats, outcomes, faults, time_use) "
                        "VALUES (?, ?, ?, ?, ?)",
                        (*summary_row, match_row[_FAULTS], match_row[_TIME_USE]),  # where the tables read them
                    )
        except sqlite3.IntegrityError as error:
            stored = self.completed_keys()
            for key, _, _ in matches:
                if key in stored:
                    raise StoreError(
                        f"Match {key!r} is already stored in {self.path}; it was not saved again."
                    ) from None
            raise StoreError(f"Cannot save {named} to {self.path}: {error}.") from None
        except sqlite3.Error as error:
            raise StoreError(f"Cannot save {named} to {self.path}: {error}.") from None

    def _refuse_other_game(self, key: str, game: str) -> None:
        if self._game is not None and game != self._game:
            raise StoreError(
                f"Match {key!r} was played at {game}, but {self.path} holds {self._game} results; it was not saved."
            )

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
