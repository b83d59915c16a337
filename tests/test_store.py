"""The results store: round trips, resume checks, read-only access, export, kill -9."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from types import MappingProxyType

import pytest

import engine
from arena.config import TournamentConfig, load_tournament
from arena.errors import OtherTournament, ResumeMismatch, StoreError
from arena.records import BotEntry, Comment, Fault, FaultKind, MatchRecord, MatchSlot, TimeUse
from arena.results import (
    DEAL_EXPORT_COLUMNS,
    EXPORT_COLUMNS,
    STATS_EXPORT_COLUMNS,
    ResultStore,
    export_deals,
    export_stats,
)
from arena.results.schema import MATCH_COLUMNS, SCHEMA
from arena.results.store import finished_rows

NAMES = ("ada", "bea", "cid", "dan")
ROOT = Path(__file__).resolve().parent.parent


def make_config(tmp_path: Path, **changes) -> TournamentConfig:
    bots = tuple(BotEntry(name=n, command=(sys.executable, f"bots/{n}.py")) for n in NAMES)
    config = TournamentConfig(
        path=tmp_path / "zoo.toml",
        name="zoo",
        game="conto",
        seats=4,
        deals=3,
        rounds=1,
        seed=1,
        concurrency=1,
        move_time=1.0,
        duplicate=True,
        anchor=None,
        options=MappingProxyType({}),
        bots=bots,
        results=tmp_path / "results" / "zoo.sqlite",
        logs=tmp_path / "logs",
    )
    return dataclasses.replace(config, **changes)


def play_record(seed: int, names=NAMES, deals: int = 3, fault_rate: float = 0.05) -> MatchRecord:
    """A conto match played at random by the engine, with some timeouts charged."""
    game = engine.load("conto", players=len(names))
    state = game.new_match(seed=seed, deals=deals)
    rng = random.Random(seed)
    faults = []
    while not state.is_terminal():
        seat = state.current_seat()
        if rng.random() < fault_rate:
            deal = len(state.deal_results()) + 1
            faults.append(Fault(seat, names[seat], FaultKind.TIMEOUT, "no answer within 1 s", deal))
            if rng.random() < 0.3:
                faults.append(Fault(seat, names[seat], FaultKind.STOPPED, "3 consecutive faults", deal))
            state.forfeit(seat, "timeout: no answer within 1 s")
        else:
            state.apply(rng.choice(state.legal_actions()))
    return MatchRecord(
        match_id=f"m{seed}",
        game="conto",
        players=len(names),
        options=dict(game.options),
        seed=seed,
        deals=deals,
        names=tuple(names),
        result=state.result(),
        standing=state.standing(),
        history=state.history,
        faults=tuple(faults),
        comments=(Comment(0, 1, "hello"),),
        latencies=tuple((0.01,) for _ in names),
        seconds=1.25,
    )


def rotated(names, k):
    return tuple(names[k:] + names[:k])


@pytest.fixture
def config(tmp_path):
    return make_config(tmp_path)


# --- round trip ---------------------------------------------------------------------------


def test_save_and_reload_round_trip(config):
    records = {}
    with ResultStore.open(config.results, config) as store:
        for rotation in range(4):
            record = play_record(100 + rotation, names=rotated(NAMES, rotation), fault_rate=0.1)
            key = f"r1-t1-p{rotation + 1}"
            store.save(MatchSlot(key, 1, 1, rotation, record.seed, record.names), record)
            records[key] = record
        assert store.completed_keys() == frozenset(records)
    assert config.results.exists()

    store = ResultStore.open(config.results, config)  # resume: same setup
    assert store.completed_keys() == frozenset(records)
    for key, record in records.items():
        stored = store.match(key)
        assert stored.key == key
        assert stored.names == record.names
        assert stored.seed == record.seed
        assert stored.scores == record.result.scores
        assert stored.ranks == record.result.ranks
        assert stored.standing == record.standing
        assert stored.deals == record.result.deals
        assert stored.history == record.history
        assert stored.faults == record.faults
        assert stored.seconds == record.seconds
        assert stored.time_use == record.time_use() == tuple(TimeUse(1, 0.01, 0.01) for _ in NAMES)
        assert stored.result == record.result
        assert stored.finished_at.endswith("+00:00")
        # the stored history replays to the same match
        game = engine.load("conto", players=4)
        assert game.replay(stored.history).result() == record.result
    store.close()


def test_the_deal_secret_is_made_with_the_file_kept_by_fresh_and_added_to_an_older_file(config):
    with ResultStore.open(config.results, config) as store:
        secret = store.deal_secret
    assert len(secret) == 64
    with ResultStore.open(config.results, dataclasses.replace(config, deals=9), fresh=True) as store:
        assert store.deal_secret == secret  # same file, same tournament: the same deals again
    with sqlite3.connect(config.results) as db:
        db.execute("DELETE FROM meta WHERE key = 'deal_secret'")
    with ResultStore.open(config.results, dataclasses.replace(config, deals=9)) as store:
        added = store.deal_secret
    assert len(added) == 64 and added != secret
    with ResultStore.open_readonly(config.results) as reader:
        assert reader.deal_secret == added
    other = dataclasses.replace(config, results=config.results.with_name("other.sqlite"))
    with ResultStore.open(other.results, other) as store:
        assert store.deal_secret not in (secret, added)


def test_a_file_written_before_time_use_is_read_and_resumed(config):
    with ResultStore.open(config.results, config) as store:
        record = play_record(5)
        store.save(MatchSlot("r1-t1-p1", 1, 1, 0, record.seed, record.names), record)
    with sqlite3.connect(config.results) as db:  # as the arena wrote it before thinking times were kept
        old_table = SCHEMA[SCHEMA.index("CREATE TABLE matches") : SCHEMA.index("CREATE INDEX")]
        old_table = old_table[: old_table.index(",", old_table.index("finished_at"))] + "\n);"
        columns = MATCH_COLUMNS.replace(", time_use", "")
        db.execute(old_table.replace("CREATE TABLE matches", "CREATE TABLE old"))
        db.execute(f"INSERT INTO old SELECT {columns} FROM matches")
        db.execute("DROP TABLE matches")
        db.execute("ALTER TABLE old RENAME TO matches")
    with ResultStore.open_readonly(config.results) as reader:
        old = reader.match("r1-t1-p1")
        assert old.time_use == () and old.history == record.history
    with ResultStore.open(config.results, config) as store:  # resumes, and keeps them from now on
        later = play_record(6)
        store.save(MatchSlot("r1-t1-p2", 1, 1, 1, later.seed, later.names), later)
        assert store.match("r1-t1-p1").time_use == ()
        assert store.match("r1-t1-p2").time_use == later.time_use()


def test_matches_come_in_schedule_order_whatever_the_saving_order(config, monkeypatch):
    monkeypatch.setattr("arena.results._reading._PAGE", 5)  # read in several pages
    keys = [(r, t, p) for r in (1, 2) for t in (1, 2, 10) for p in (0, 1)]
    shuffled = keys[:]
    random.Random(5).shuffle(shuffled)
    with ResultStore.open(config.results, config) as store:
        for i, (r, t, p) in enumerate(shuffled):
            store.save(MatchSlot(f"r{r}-t{t}-p{p + 1}", r, t, p, i, NAMES), play_record(i, deals=1))
        got = [(m.round, m.table, m.rotation) for m in store.matches()]
        assert got == keys
        light = list(store.matches(history=False))
        assert [m.key for m in light] == [m.key for m in store.matches()]
        assert all(m.history == () for m in light)
        assert all(m.deals for m in light)


def test_saving_a_key_twice_is_an_error(config):
    with ResultStore.open(config.results, config) as store:
        store.save(MatchSlot("r1-t1-p1", 1, 1, 0, 1, NAMES), play_record(1))
        with pytest.raises(
            StoreError, match=r"Match 'r1-t1-p1' is already stored in .*zoo\.sqlite; it was not saved again\."
        ):
            store.save(MatchSlot("r1-t1-p1", 1, 1, 0, 2, NAMES), play_record(2))
        assert store.match("r1-t1-p1").seed == 1
        assert len(store) == 1


def test_matches_saved_together_are_stored_whole_and_a_batch_with_a_stored_key_saves_none(config):
    # What a coordinator has back at one moment goes in one transaction (save_many).
    def rows(key, seed, rotation=0):
        record = play_record(seed, names=rotated(NAMES, rotation))
        return key, record.game, finished_rows(MatchSlot(key, 1, 1, rotation, seed, record.names), record)

    with ResultStore.open(config.results, config) as store:
        store.save_many([rows("r1-t1-p1", 1), rows("r1-t1-p2", 2, 1), rows("r1-t1-p3", 3, 2)])
        assert store.completed_keys() == {"r1-t1-p1", "r1-t1-p2", "r1-t1-p3"}
        assert store.match("r1-t1-p2").history == play_record(2, names=rotated(NAMES, 1)).history
        with pytest.raises(StoreError, match=r"Match 'r1-t1-p3' is already stored in .*; it was not saved again\."):
            store.save_many([rows("r1-t1-p4", 4, 3), rows("r1-t1-p3", 5, 2)])
        assert "r1-t1-p4" not in store.completed_keys()  # the batch is whole or absent
        assert store.match("r1-t1-p3").seed == 3
        assert len(store) == 3


def test_unknown_match_lists_existing_keys(config):
    with ResultStore.open(config.results, config) as store:
        with pytest.raises(StoreError, match="There is no match 'r9' in .*: it holds no matches yet."):
            store.match("r9")
        for p in range(7):
            store.save(MatchSlot(f"r1-t1-p{p + 1}", 1, 1, p, p, NAMES), play_record(p, deals=1))
        with pytest.raises(StoreError) as caught:
            store.match("r1-t1-p9")
        assert str(caught.value) == (
            f"There is no match 'r1-t1-p9' in {config.results}; its matches are "
            "r1-t1-p1, r1-t1-p2, r1-t1-p3, r1-t1-p4, r1-t1-p5, … (7 in all)."
        )


def test_info(config):
    with ResultStore.open(config.results, config) as store:
        store.save(MatchSlot("r1-t1-p1", 1, 1, 0, 1, NAMES), play_record(1))
        info = store.info()
    assert info.name == "zoo"
    assert info.game == "conto"
    assert info.seats == 4
    assert info.bots == NAMES
    assert dict(info.options) == {"hand_size": 6, "courses": 2, "oste": False}  # engine defaults filled in
    assert info.fingerprint == config.setup.fingerprint()
    assert dict(info.fingerprint_data) == config.setup.to_data()
    assert info.matches == 1
    assert info.created_at
    engine.load(info.game, players=info.seats, **info.options)


# --- resume checks ----------------------------------------------------------------------


def test_resume_with_other_concurrency_or_paths_is_fine(config, tmp_path):
    with ResultStore.open(config.results, config) as store:
        store.save(MatchSlot("r1-t1-p1", 1, 1, 0, 1, NAMES), play_record(1))
    other = dataclasses.replace(config, concurrency=8, logs=tmp_path / "elsewhere", anchor=("ada", 0.0))
    with ResultStore.open(config.results, other) as store:
        assert store.completed_keys() == {"r1-t1-p1"}


def mismatch(config, changed) -> ResumeMismatch:
    with ResultStore.open(config.results, config) as store:
        if not store.completed_keys():
            store.save(MatchSlot("r1-t1-p1", 1, 1, 0, 1, NAMES), play_record(1))
    with pytest.raises(ResumeMismatch) as caught:
        ResultStore.open(config.results, changed)
    return caught.value


def test_resume_mismatch_says_what_changed(config):
    error = mismatch(config, dataclasses.replace(config, seed=2))
    assert str(error) == (
        f"{config.results} holds 1 match of a different setup: seed changed from 1 to 2 — "
        "rerun with --fresh to start over (or give another results file)."
    )
    assert error.changes == ("seed changed from 1 to 2",)


def test_resume_mismatch_on_bot_arguments_and_several_changes(config):
    bots = list(config.bots)
    bots[1] = dataclasses.replace(bots[1], command=(*bots[1].command, "--aggression=0.5"))
    bots[2] = dataclasses.replace(bots[2], env=MappingProxyType({"LEVEL": "3"}))
    changed = dataclasses.replace(config, bots=tuple(bots), deals=5, options=MappingProxyType({"courses": 3}))
    error = mismatch(config, changed)
    assert error.changes == (
        "deals changed from 3 to 5",
        "game option 'courses' changed from 2 to 3",
        "bot 'bea' command changed from [python bots/bea.py] to [python bots/bea.py --aggression=0.5]",
        "bot 'cid' environment variable LEVEL='3' was added",
    )
    assert "deals changed from 3 to 5; game option 'courses' changed from 2 to 3; bot 'bea'" in str(error)
    assert str(error).endswith("— rerun with --fresh to start over (or give another results file).")


def test_resume_mismatch_on_bots_added_removed_reordered(config):
    eve = BotEntry(name="eve", command=(sys.executable, "bots/eve.py"))
    error = mismatch(config, dataclasses.replace(config, bots=(*config.bots[:3], eve)))
    assert error.changes == ("bot 'dan' was removed", "bot 'eve' was added")
    error = mismatch(config, dataclasses.replace(config, bots=config.bots[::-1]))
    assert error.changes == ("the order of the bots changed from ada, bea, cid, dan to dan, cid, bea, ada",)


def test_resume_mismatch_from_tournament_files(tmp_path, monkeypatch):
    """The message a user sees after editing a bot's args in the tournament file."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bots").mkdir()
    for name in NAMES:
        (tmp_path / "bots" / f"{name}.py").write_text("")

    def write(args: str, seed: int, concurrency: int) -> Path:
        bots = "".join(
            f'[[bot]]\nname = "{n}"\ncommand = ["python", "bots/{n}.py"]\n' + (f"args = {args}\n" if n == "bea" else "")
            for n in NAMES
        )
        path = tmp_path / "zoo.toml"
        path.write_text(
            f'[tournament]\nname = "zoo"\ngame = "conto"\nseed = {seed}\nconcurrency = {concurrency}\n{bots}'
        )
        return path

    first = load_tournament(write('["--aggression=0.3"]', 1, 1))
    with ResultStore.open(first.results, first) as store:
        store.save(MatchSlot("r1-t1-p1", 1, 1, 0, 1, NAMES), play_record(1))
    same = load_tournament(write('["--aggression=0.3"]', 1, 4))
    ResultStore.open(same.results, same).close()
    changed = load_tournament(write('["--aggression=0.5"]', 2, 1))
    with pytest.raises(ResumeMismatch) as caught:
        ResultStore.open(changed.results, changed)
    assert str(caught.value) == (
        "results/zoo.sqlite holds 1 match of a different setup: seed changed from 1 to 2; "
        "bot 'bea' command changed from [python bots/bea.py --aggression=0.3] to "
        "[python bots/bea.py --aggression=0.5] — rerun with --fresh to start over "
        "(or give another results file)."
    )


def test_fresh_starts_over_and_keeps_a_dated_copy_of_what_the_file_held(config):
    with ResultStore.open(config.results, config) as store:
        store.save(MatchSlot("r1-t1-p1", 1, 1, 0, 1, NAMES), play_record(1))
        store.save(MatchSlot("r1-t1-p2", 1, 1, 1, 2, NAMES), play_record(2))
        before = list(store.matches())
        secret = store.deal_secret
    changed = dataclasses.replace(config, seed=9)
    with ResultStore.open(config.results, changed, fresh=True) as store:
        assert store.completed_keys() == frozenset()
        assert list(store.matches()) == []
        assert store.info().fingerprint == changed.setup.fingerprint()
        assert store.deal_secret == secret  # the same file deals the same
        store.save(MatchSlot("r1-t1-p1", 1, 1, 0, 3, NAMES), play_record(3))
        first = store.fresh_copy
    assert first is not None and first.matches == 2
    assert (
        re.fullmatch(r"zoo\.\d{4}-\d\d-\d\d-\d{6}\.sqlite", first.path.name)
        and first.path.parent == config.results.parent
    )
    with ResultStore.open_readonly(first.path) as copy:  # the old matches, whole, with their setup
        assert list(copy.matches()) == before
        assert copy.info().fingerprint == config.setup.fingerprint()
    with ResultStore.open(config.results, changed) as store:  # the new setup resumes
        assert store.completed_keys() == {"r1-t1-p1"} and store.fresh_copy is None
    with ResultStore.open(config.results, changed, fresh=True) as store:  # same setup, fresh
        assert store.completed_keys() == frozenset()
        out = io.StringIO()
        assert export_deals(store, out, "csv") == 0
        second = store.fresh_copy
    assert second is not None and second.matches == 1 and second.path != first.path  # never over a copy
    with ResultStore.open_readonly(second.path) as copy:
        assert copy.completed_keys() == {"r1-t1-p1"}
    with ResultStore.open(config.results, changed, fresh=True) as store:  # nothing held: nothing to keep
        assert store.fresh_copy is None
    assert sorted(path.name for path in config.results.parent.glob("zoo.*.sqlite")) == sorted(
        [first.path.name, second.path.name]
    )


def test_fresh_refuses_the_file_of_another_tournament_and_leaves_it_as_it_was(config):
    with ResultStore.open(config.results, config) as store:
        store.save(MatchSlot("r1-t1-p1", 1, 1, 0, 1, NAMES), play_record(1))
    with sqlite3.connect(f"file:{config.results}?mode=ro", uri=True) as db:
        before = db.execute(f"SELECT {MATCH_COLUMNS} FROM matches").fetchall()
    other = dataclasses.replace(config, name="quick", seed=2)
    with pytest.raises(OtherTournament) as refused:
        ResultStore.open(config.results, other, fresh=True)
    assert str(refused.value) == (
        f"{config.results} holds 1 match of another tournament, 'zoo' (conto), not of 'quick' (conto); --fresh "
        "starts over only a tournament's own results file, and was refused so as not to throw them away. Give this "
        f"run a results file of its own (--results PATH), or move {config.results} away first."
    )
    with pytest.raises(ResumeMismatch) as mismatch:  # without --fresh, --fresh is not offered
        ResultStore.open(config.results, other)
    assert str(mismatch.value) == (
        f"{config.results} holds 1 match of another tournament, 'zoo' (conto), not of 'quick' (conto): give this "
        "run a results file of its own (--results PATH)."
    )
    with ResultStore.open_readonly(config.results) as store:
        assert store.info().name == "zoo" and store.info().fingerprint == config.setup.fingerprint()
    with sqlite3.connect(f"file:{config.results}?mode=ro", uri=True) as db:
        assert db.execute(f"SELECT {MATCH_COLUMNS} FROM matches").fetchall() == before
    assert list(config.results.parent.glob("zoo.*.sqlite")) == []


# --- opening errors -----------------------------------------------------------------------


def test_one_writer_at_a_time(config):
    first = ResultStore.open(config.results, config)
    with pytest.raises(StoreError) as caught:
        ResultStore.open(config.results, config)
    assert str(caught.value) == (
        f"Another arena run (process {os.getpid()}) is writing {config.results}; wait for it to "
        "finish, stop it, or give another results file."
    )
    with ResultStore.open_readonly(config.results) as reader:  # readers are welcome
        assert reader.completed_keys() == frozenset()
    first.close()
    first.close()  # harmless
    ResultStore.open(config.results, config).close()


def test_saving_a_match_of_another_game_is_refused(config):
    game = engine.load("invido")
    state = game.new_match(seed=1, deals=1)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    record = dataclasses.replace(play_record(1), game="invido", names=("ada", "bea"), result=state.result())
    with ResultStore.open(config.results, config) as store:
        with pytest.raises(
            StoreError, match=r"Match 'k' was played at invido, but .* holds conto results; it was not saved\."
        ):
            store.save(MatchSlot("k", 1, 1, 0, record.seed, record.names), record)
        assert store.completed_keys() == frozenset()


def test_open_creates_directories(tmp_path):
    config = make_config(tmp_path, results=tmp_path / "a" / "b" / "c.sqlite")
    ResultStore.open(config.results, config).close()
    assert (tmp_path / "a" / "b" / "c.sqlite").is_file()


def test_not_a_results_file(tmp_path, config):
    text = tmp_path / "notes.sqlite"
    text.write_text("hello, this is not a database\n" * 50)
    with pytest.raises(StoreError, match="notes.sqlite is not"):
        ResultStore.open_readonly(text)
    with pytest.raises(StoreError, match="notes.sqlite is not"):
        ResultStore.open(text, config)
    assert text.read_text().startswith("hello")

    other = tmp_path / "other.sqlite"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE people (name TEXT)")
    db.commit()
    db.close()
    message = f"{other} is not an Arena results file (it has no results tables)."
    with pytest.raises(StoreError) as caught:
        ResultStore.open(other, config)
    assert str(caught.value) == message
    with pytest.raises(StoreError) as caught:
        ResultStore.open_readonly(other)
    assert str(caught.value) == message

    with pytest.raises(StoreError) as caught:
        ResultStore.open_readonly(tmp_path / "missing.sqlite")
    assert str(caught.value) == f"There is no results file at {tmp_path / 'missing.sqlite'}."
    assert not (tmp_path / "missing.sqlite").exists()
    with pytest.raises(StoreError, match="is a directory"):
        ResultStore.open(tmp_path, config)


# --- read-only access -------------------------------------------------------------------


def test_readonly_while_a_writer_is_open(config):
    writer = ResultStore.open(config.results, config)
    writer.save(MatchSlot("r1-t1-p1", 1, 1, 0, 1, NAMES), play_record(1))
    reader = ResultStore.open_readonly(config.results)
    assert reader.completed_keys() == {"r1-t1-p1"}
    assert reader.info().name == "zoo"

    writer.save(MatchSlot("r1-t1-p2", 1, 1, 1, 2, NAMES), play_record(2))
    assert reader.completed_keys() == {"r1-t1-p1", "r1-t1-p2"}
    assert reader.match("r1-t1-p2").history == play_record(2).history

    # A write transaction in progress does not block readers (WAL), who see the last commit.
    writer._db.execute("BEGIN IMMEDIATE")
    writer._db.execute("DELETE FROM deals")
    started = time.monotonic()
    assert reader.completed_keys() == {"r1-t1-p1", "r1-t1-p2"}
    assert export_deals(reader, io.StringIO(), "jsonl") == 2 * 3 * 4
    assert time.monotonic() - started < 2
    writer._db.execute("ROLLBACK")
    with pytest.raises(StoreError, match="opened read-only"):
        reader.save(MatchSlot("r1-t1-p3", 1, 1, 2, 3, NAMES), play_record(3))
    reader.close()
    writer.close()


def test_readonly_in_another_process_while_writing(config):
    writer = ResultStore.open(config.results, config)
    writer.save(MatchSlot("r1-t1-p1", 1, 1, 0, 1, NAMES), play_record(1))
    code = textwrap.dedent(
        f"""
        from arena.results import ResultStore
        store = ResultStore.open_readonly({str(config.results)!r})
        print(sorted(store.completed_keys()), store.info().game)
        """
    )
    writer._lock.acquire()
    writer._db.execute("BEGIN IMMEDIATE")  # a writer mid-transaction
    try:
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    finally:
        writer._db.execute("ROLLBACK")
        writer._lock.release()
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['r1-t1-p1'] conto"
    writer.close()


def test_readonly_after_the_writer_closed(config):
    with ResultStore.open(config.results, config) as store:
        store.save(MatchSlot("r1-t1-p1", 1, 1, 0, 1, NAMES), play_record(1))
    assert not Path(f"{config.results}-wal").exists()  # checkpointed on close
    with ResultStore.open_readonly(config.results) as reader:
        assert reader.completed_keys() == {"r1-t1-p1"}


# --- export -------------------------------------------------------------------------------


def saved_store(config):
    store = ResultStore.open(config.results, config)
    records = {}
    for p in range(4):
        key = f"r1-t1-p{p + 1}"
        records[key] = play_record(40 + p, names=rotated(NAMES, p), fault_rate=0.15)
        store.save(MatchSlot(key, 1, 1, p, records[key].seed, records[key].names), records[key])
    return store, records


def expected_rows(records):
    rows = []
    for p, (key, record) in enumerate(records.items()):
        for deal in record.result.deals:
            for seat in range(4):
                kinds = [f.kind.value for f in record.faults if f.deal == deal.deal and f.seat == seat]
                rows.append(
                    {
                        "key": key,
                        "round": 1,
                        "table": 1,
                        "rotation": p,
                        "seed": record.seed,
                        "deal": deal.deal,
                        "seat": seat,
                        "bot": record.names[seat],
                        "score": deal.scores[seat],
                        "rank": deal.ranks[seat] + 1,  # 1-based: 1 = best
                        "forfeit": deal.forfeit == seat,
                        "faults": ",".join(kinds) or "-",
                    }
                )
    return rows


@pytest.mark.parametrize("page", [1, 3, 200])
def test_export_jsonl(config, monkeypatch, page):
    monkeypatch.setattr("arena.results._reading._PAGE", page)
    store, records = saved_store(config)
    out = io.StringIO()
    count = export_deals(store, out, "jsonl")
    lines = out.getvalue().splitlines()
    assert count == len(lines) == 4 * 3 * 4
    rows = [json.loads(line) for line in lines]
    assert all(list(row) == list(EXPORT_COLUMNS) for row in rows)
    assert rows == expected_rows(records)
    assert any(row["forfeit"] for row in rows) and any(row["faults"] for row in rows)
    assert {row["faults"] for row in rows} >= {"-", "timeout"}
    assert {row["rank"] for row in rows} == {1, 4}  # conto: one loser in four, 1-based
    store.close()


def test_export_csv(config):
    store, records = saved_store(config)
    out = io.StringIO()
    count = export_deals(store, out, "csv")
    text = out.getvalue()
    assert "\r" not in text and text.endswith("\n")  # LF line ends
    assert text.splitlines()[0] == "key,round,table,rotation,seed,deal,seat,bot,score,rank,forfeit,faults"
    rows = list(csv.DictReader(io.StringIO(text)))
    assert count == len(rows) == 4 * 3 * 4
    expected = expected_rows(records)
    for got, want in zip(rows, expected):
        assert got["key"] == want["key"]
        assert int(got["seed"]) == want["seed"]
        assert (int(got["deal"]), int(got["seat"]), got["bot"]) == (want["deal"], want["seat"], want["bot"])
        assert float(got["score"]) == want["score"]
        assert int(got["rank"]) == want["rank"]
        assert got["forfeit"] == ("true" if want["forfeit"] else "false")
        assert got["faults"] == want["faults"]
    with pytest.raises(StoreError, match="the formats are csv and jsonl"):
        export_deals(store, out, "xml")
    store.close()


def test_a_clean_match_exports_a_dash_for_no_faults_and_1_based_ranks(config):
    """An empty `faults` cell would load into pandas as NaN (a float column in a clean
    tournament); "-" is not among pandas' NA strings, so the column stays text."""
    record = play_record(7, fault_rate=0.0)
    assert not record.faults
    with ResultStore.open(config.results, config) as store:
        store.save(MatchSlot("r1-t1-p1", 1, 1, 0, record.seed, record.names), record)
        out = io.StringIO()
        export_deals(store, out, "csv")
        rows = list(csv.DictReader(io.StringIO(out.getvalue())))
        assert len(rows) == 3 * 4
        assert {row["faults"] for row in rows} == {"-"}
        assert {row["forfeit"] for row in rows} == {"false"}
        for deal in record.result.deals:
            ranks = sorted(int(row["rank"]) for row in rows if int(row["deal"]) == deal.deal)
            assert ranks == [1, 1, 1, 4]  # the three winners share the best rank
        out = io.StringIO()
        export_deals(store, out, "jsonl")
        lines = [json.loads(line) for line in out.getvalue().splitlines()]
        assert [(line["rank"], line["faults"]) for line in lines] == [(int(r["rank"]), r["faults"]) for r in rows]


@pytest.mark.parametrize("format", ["csv", "jsonl"])
def test_the_stats_export_ends_lines_with_lf(config, format):
    store, records = saved_store(config)
    out = io.StringIO()
    count = export_stats(store, out, format)
    text = out.getvalue()
    assert count == 4 * 4 and "\r" not in text and text.endswith("\n")
    lines = text.splitlines()
    if format == "csv":
        rows = list(csv.DictReader(io.StringIO(text)))
        assert list(rows[0])[:6] == [column.heading for column in STATS_EXPORT_COLUMNS]
        assert "rank" not in rows[0]  # per match and seat: no rank to shift
        assert len(lines) == 1 + count
    else:
        assert len(lines) == count
        row = json.loads(lines[0])
        # The count of deals under its one name, and under "hands", its old name, for old readers.
        assert row["deals"] == row["hands"] == 3
    store.close()


def test_every_export_column_is_explained():
    assert [column.heading for column in DEAL_EXPORT_COLUMNS] == list(EXPORT_COLUMNS)
    assert all(column.explanation for column in (*DEAL_EXPORT_COLUMNS, *STATS_EXPORT_COLUMNS))


def test_export_of_an_empty_store(config):
    with ResultStore.open(config.results, config) as store:
        out = io.StringIO()
        assert export_deals(store, out, "csv") == 0
        assert out.getvalue() == ",".join(EXPORT_COLUMNS) + "\n"
        out = io.StringIO()
        assert export_deals(store, out, "jsonl") == 0
        assert out.getvalue() == ""


# --- kill -9 ------------------------------------------------------------------------------

WRITER = """
import dataclasses, sys
sys.path[:0] = [{tests!r}, {root!r}]
from test_store import make_config, play_record, rotated, NAMES
from arena.results import ResultStore
from arena.records import MatchSlot
from pathlib import Path
config = make_config(Path({tmp!r}))
store = ResultStore.open(config.results, config)
done = store.completed_keys()
records = [play_record(s, names=rotated(NAMES, s % 4), deals=12, fault_rate=0.05) for s in range(6)]
print("ready", flush=True)
i = 0
while True:
    i += 1
    key = f"r{{i}}-t1-p1"
    if key in done:
        continue
    record = records[i % len(records)]
    store.save(MatchSlot(key, i, 1, 0, record.seed, record.names), record)
    print("saved", key, flush=True)
"""


def check_integrity(path: Path, confirmed: set[str]) -> int:
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    db.close()
    game = engine.load("conto", players=4)
    with ResultStore.open_readonly(path) as store:
        keys = store.completed_keys()
        assert confirmed <= keys, "a save that returned was lost"
        rows = list(store.rows())
        for match in store.matches():
            assert len(match.deals) == 12
            assert sum(1 for r in rows if r["key"] == match.key) == 12 * 4
            assert game.replay(match.history).result().deals == match.deals
        assert {r["key"] for r in rows} == keys
    return len(keys)


def test_kill_9_leaves_every_match_whole_or_absent(tmp_path):
    config = make_config(tmp_path)
    script = tmp_path / "writer.py"
    script.write_text(WRITER.format(tests=str(ROOT / "tests"), root=str(ROOT), tmp=str(tmp_path)))
    rng = random.Random(9)
    confirmed: set[str] = set()
    stored = 0
    for _attempt in range(6):
        child = subprocess.Popen(
            [sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        try:
            assert child.stdout.readline().strip() == "ready", child.stderr.read()
            for _ in range(rng.randint(1, 8)):
                line = child.stdout.readline().split()
                assert line and line[0] == "saved", child.stderr.read()
                confirmed.add(line[1])
            time.sleep(rng.uniform(0, 0.02))  # land somewhere inside a save
            os.kill(child.pid, signal.SIGKILL)
            child.wait(timeout=30)
            rest = child.stdout.read().split("\n")
            confirmed |= {line.split()[1] for line in rest if line.startswith("saved ")}
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
            child.stdout.close()
            child.stderr.close()
        assert child.returncode == -signal.SIGKILL
        now = check_integrity(config.results, confirmed)
        assert now >= stored
        stored = now
    # And a normal resume works on the file afterwards.
    with ResultStore.open(config.results, config) as store:
        assert len(store.completed_keys()) == stored
        store.save(MatchSlot("after", 99, 1, 0, 1, NAMES), play_record(1))
