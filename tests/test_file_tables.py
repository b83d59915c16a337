"""`arena table` reads a whole results file in one pass (arena/results/file_tables.py):
its tables, crosstable and statistics are the same text as the tables made of the list
of stored matches, histories included, for a game rated by deal (conto), one that plays
a faulted seat's deal on (vegas) and one rated by board (bridge); and the command loads
none of what it does not use (gRPC, trio, the report)."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from arena.cli import main
from arena.records import BotEntry, CpuUse, MatchRecord, MatchSlot
from arena.results import ResultStore, elo_notes, elo_table, statistics_table
from arena.results._lock import lock_writer
from arena.results.crosstable import crosstable
from arena.results.summary_seats import has_seat_columns, seats_kept
from tests.test_explain import played
from tests.test_store import make_config

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("ada", "bea", "cid", "dan", "eve", "fay")


def _played(game: engine.Game, seed: int, names: tuple[str, ...]) -> MatchRecord:
    """A match played at random with timeouts charged (`test_explain.played`: each
    forfeits its deal), and thinking times and CPU charged off turn of its own."""
    rng = random.Random(seed)
    return dataclasses.replace(
        played(game.spec.name, seed, names),
        latencies=tuple(tuple(rng.uniform(0.001, 0.05) for _ in range(rng.randint(0, 4))) for _ in names),
        cpu=tuple(CpuUse(3, rng.uniform(0.0, 0.02), rng.uniform(0.0, 0.04)) for _ in names),
    )


def _results(game_name: str, tmp_path: Path) -> Path:
    """A file of a game's matches over rounds, tables and seatings, saved out of schedule
    order; a game rated by board also has a table whose other seating is not played."""
    game = engine.load(game_name)
    players = game.players
    bots = tuple(BotEntry(name=n, command=(sys.executable, "x.py")) for n in NAMES[: players + 1])
    config = make_config(tmp_path, game=game_name, seats=players, bots=bots, deals=4)
    names = [bot.name for bot in bots]
    slots = []
    for round_ in (1, 2, 3):
        for table in (1, 2):
            seated = names[table - 1 :] + names[: table - 1]
            for rotation in (0, 1):
                seating = tuple(seated[rotation:] + seated[:rotation])[:players]
                seed = 100 * round_ + table
                slots.append(MatchSlot(f"r{round_}-t{table}-p{rotation + 1}", round_, table, rotation, seed, seating))
    slots.pop()  # r3-t2's second seating is not played
    random.Random(1).shuffle(slots)
    with ResultStore.open(config.results, config) as store:
        for slot in slots:
            store.save(slot, _played(game, slot.seed, slot.names))
    return config.results


def _tables_of_the_matches(path: Path) -> str:
    """What `arena table RESULTS --matrix` printed when it held every stored match."""
    with ResultStore.open_readonly(path) as store:
        info = store.info()
        game = engine.load(info.game, players=info.seats, **info.options)
        matches = list(store.matches())
        unsandboxed = store.unsandboxed()
    text, table = elo_table(matches, game, info.anchor, prior_games=info.prior_games)
    notes = elo_notes(matches, info.setup.public_deals, unsandboxed, scheduled=info.scheduled)
    statistics = statistics_table(matches, game)
    lines = [f"{info.name}: {len(matches)} matches", text, *notes, "", crosstable(matches, game, table)]
    return "\n".join([*lines, *(["", statistics] if statistics else [])]) + "\n"


@pytest.mark.parametrize("game_name", ["conto", "vegas", "bridge"])
def test_arena_table_prints_the_tables_of_every_stored_match(
    game_name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _results(game_name, tmp_path)
    with ResultStore.open_readonly(path) as store:  # the file has what the tables show
        faults = [json.loads(text) for (text,) in store.fetch("SELECT faults FROM matches")]
        assert any(faults) and store.fetch("SELECT 1 FROM deals WHERE forfeit = 1")
    expected = _tables_of_the_matches(path)
    capsys.readouterr()
    assert main(["table", str(path), "--matrix"]) == 0
    printed = capsys.readouterr().out
    assert printed == expected
    assert "CPU used while nothing was asked of them" in printed and "timeout" in printed
    if game_name == "bridge":
        assert "Boards whose other table is not played yet" in printed


def test_arena_table_loads_no_grpc_trio_or_report(tmp_path: Path) -> None:
    path = _results("conto", tmp_path)
    # The command as a user runs it, then what its process had imported.
    program = (
        "import runpy, sys\n"
        f"sys.argv = ['arena', 'table', {str(path)!r}, '--matrix']\n"
        "try:\n"
        "    runpy.run_module('arena', run_name='__main__')\n"
        "except SystemExit as end:\n"
        "    assert end.code == 0, end.code\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, cwd=ROOT, check=True)
    loaded = set(done.stdout.splitlines()[-1].split())
    assert "arena.results.ratings" in loaded  # it did rate the matches
    assert not {"grpc", "trio", "arena.report", "arena.play", "arena.process", "arena.run"} & loaded


def test_a_file_whose_summaries_lack_the_seats_gets_them_once_and_reads_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _results("conto", tmp_path)
    expected = _tables_of_the_matches(path)
    db = sqlite3.connect(path)  # as an arena before summary_seats.py wrote it
    db.executescript(
        "CREATE TABLE older (match TEXT PRIMARY KEY REFERENCES matches (key) ON DELETE CASCADE, "
        "stats TEXT NOT NULL, outcomes TEXT NOT NULL);"
        "INSERT INTO older SELECT match, stats, outcomes FROM summaries;"
        "DROP TABLE summaries; ALTER TABLE older RENAME TO summaries;"
        "DELETE FROM meta WHERE key = 'summary_seats';"
    )
    db.close()
    held = lock_writer(path)  # a run holds it: read from the matches as they are
    try:
        assert main(["table", str(path), "--matrix"]) == 0
    finally:
        os.close(held)
    assert capsys.readouterr().out == expected
    assert not has_seat_columns(sqlite3.connect(path))
    assert main(["table", str(path), "--matrix"]) == 0  # no one holds it: copied now, once
    assert capsys.readouterr().out == expected
    with sqlite3.connect(path) as db:
        assert has_seat_columns(db) and seats_kept(db)
        assert db.execute("SELECT COUNT(*) FROM summaries WHERE time_use IS NULL OR faults IS NULL").fetchone() == (0,)
    db.close()


def test_a_bot_seated_twice_has_its_notes_count_reconciled_with_the_tables(tmp_path, capsys) -> None:
    """Three bots at vegas's four seats: `a` holds two seats of every match.  The table
    counts its matches one per seat held (8, as it counts its hands), the notes under it
    the matches it played (4, the fit's unit): the notes say both, so neither reads as a
    mistake."""
    from tests.test_tournament import arena_here_ok

    bots = [item for name in "abc" for item in ("--bot", f"{name}=module:bots.random_bot:RandomBot")]
    results = tmp_path / "v.sqlite"
    arena_here_ok(capsys, "run", "--game", "vegas", "--seats", "4", *bots, "--deals", "2", "--results", results)
    table = arena_here_ok(capsys, "table", results)
    assert table.splitlines()[0] == "vegas-adhoc: 4 matches"
    rows = {line.split()[1]: line.split() for line in table.splitlines()[3:6]}
    assert {name: row[5] for name, row in rows.items()} == {"a": "8", "b": "4", "c": "4"}
    # With 4 matches every bot has fewer than 5 results one way: each is in a note, with its count.
    aside = ", 8 in the table, which counts one per seat it held"
    counted = re.findall(
        rf"\b([abc]) \(?(?:finished|never finished)[a-z0-9 ]+? (?:of|in) its (\d+) matches({aside})?", table
    )
    assert sorted(counted) == [("a", "4", aside), ("b", "4", ""), ("c", "4", "")]
