"""`arena run --workers N`: the matches in worker processes, the coordinator the only writer
(and, where the same holds, `--cluster local:2`: a Dask LocalCluster's).

The same tournament gives the same table in one process and in two workers; a worker
killed mid-match has its matches played again, each saved once; the coordinator killed
with -9 leaves no worker or bot behind and the same command resumes; Ctrl-C stops the
workers and their bots; a bot that does not start in a worker is reported as in one
process; bad `workers` values are refused with the key or flag named.
"""

import logging
import os
import re
import shutil
import signal
import sqlite3
import subprocess
from pathlib import Path

import pytest
import trio

from arena.config import WORKERS_ENV, load_tournament
from arena.run import workers
from tests.test_live_table import assert_live_tables_after_5_and_10, final_part
from tests.test_shutdown import alive, children, wait_until
from tests.test_startup_failures import BROKEN, MATCHES, WITH_ONE_BOT, tournament
from tests.test_tournament import (
    ARENA,
    ROOT,
    arena,
    arena_here,
    results_of,
    saved_matches,
    table_lines,
    tournament_file,
)

DEALS = 12  # 12 matches of 12 deals: long enough to kill a worker in the middle


def same_deals(reference, tmp_path: Path, name: str) -> tuple[Path, Path]:
    """The tournament file `name` and its results file: a copy of the reference's, emptied
    of its matches (the same results file deals the same: its secret is in the deals)."""
    folder, _ = reference
    path = tournament_file(tmp_path, name, deals=DEALS)
    results = tmp_path / f"{name}.sqlite"
    shutil.copy(folder / "whole.sqlite", results)
    with sqlite3.connect(results) as db:
        db.execute("DELETE FROM deals")
        db.execute("DELETE FROM matches")
    return path, results


def descendants(pid: int) -> set[int]:
    found = children(pid)
    for child in list(found):
        found |= descendants(child)
    return found


def workers_of(pid: int) -> list[int]:
    """The worker processes of the arena `pid` (multiprocessing's spawned interpreters)."""
    found = []
    for child in children(pid):
        try:
            command = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"spawn_main" in command:
            found.append(child)
    return sorted(found)


def keys(results: Path) -> list[str]:
    with sqlite3.connect(f"file:{results}?mode=ro", uri=True) as db:
        return [row[0] for row in db.execute("select key from matches")]


#: The two ways of spreading the matches: local worker processes, and a Dask LocalCluster
#: (arena.run.cluster, whose own tests are in test_cluster.py).
SPREADS = pytest.mark.parametrize("spread", [("--workers", "2"), ("--cluster", "local:2")], ids=["workers", "cluster"])


def test_two_workers_give_the_same_table_as_one_process(reference, tmp_path):
    path, results = same_deals(reference, tmp_path, "two")
    run = arena("run", path, "--workers", "2", "--table-every", "5")
    assert "concurrency 2 in 2 worker processes" in run.stdout
    assert "12 matches played" in run.stdout
    assert results_of(table_lines(final_part(run.stdout))) == reference[1]  # after the live tables
    assert sorted(keys(results)) == sorted(keys(reference[0] / "whole.sqlite"))
    # The live table in worker processes (test_live_table.py's, in the same run).
    assert_live_tables_after_5_and_10(run.stdout, results)


@SPREADS
def test_a_worker_killed_mid_match_has_its_matches_played_again_and_saved_once(reference, tmp_path, spread):
    path, results = same_deals(reference, tmp_path, "killed")
    process = subprocess.Popen(
        [*ARENA, "run", str(path), *spread, "--concurrency", "4"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        # Both workers play two matches at a time while four or more are left to play.
        wait_until(lambda: saved_matches(results) >= 2 or process.poll() is not None, 120, "no match was saved")
        victim = workers_of(process.pid)[0]
        bots = descendants(victim)
        assert bots, "the worker has no bots"
        assert saved_matches(results) <= 8, "too late to kill a worker mid-match: fewer than four matches left"
        subprocess.run(["kill", "-9", str(victim)], check=True)
        out, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, out + err
    wait_until(lambda: not any(alive(pid) for pid in bots), 10, f"the dead worker's bots {bots} outlived it")
    if spread[0] == "--workers":  # Dask replays them itself
        log = (tmp_path / "logs" / "killed" / "arena.log").read_text()
        replayed = re.search(r"worker \d was killed by SIGKILL; its (match is|(\d) matches are) played again", log)
        assert replayed is not None and int(replayed[2] or 1) >= 1, log
    assert "12 matches played" in out
    assert sorted(keys(results)) == sorted(keys(reference[0] / "whole.sqlite"))  # each once
    assert results_of(table_lines(out)) == reference[1]


@SPREADS
def test_the_coordinator_killed_leaves_nothing_behind_and_the_same_command_resumes(reference, tmp_path, spread):
    path, results = same_deals(reference, tmp_path, "coordinator")
    process = subprocess.Popen(
        [*ARENA, "run", str(path), *spread], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        wait_until(lambda: saved_matches(results) >= 3 or process.poll() is not None, 120, "no match was saved")
        assert process.poll() is None, "the run ended before it could be killed"
        everything = descendants(process.pid)
        process.send_signal(signal.SIGKILL)
        process.wait()
    finally:
        if process.poll() is None:
            process.kill()
    wait_until(lambda: not any(alive(pid) for pid in everything), 20, f"{everything} outlived the arena")
    interrupted_at = saved_matches(results)
    assert 3 <= interrupted_at < MATCHES
    resumed = arena("run", path, *spread)
    assert f"Resuming: {interrupted_at} of 12" in resumed.stdout
    assert f"{12 - interrupted_at} matches played" in resumed.stdout
    assert results_of(table_lines(resumed.stdout)) == reference[1]
    assert len(keys(results)) == len(set(keys(results))) == 12
    # The resumed run, every match of the file played on the cluster (or the workers): what
    # test_cluster.py's run on a LocalCluster checked of its output.
    if spread[0] == "--cluster":
        assert "concurrency 2 on the Dask cluster local:2 (2 workers, 2 threads)" in resumed.stdout
    else:
        assert "concurrency 2 in 2 worker processes" in resumed.stdout
    # The note under the table: its prior, and intervals over the 48 deal families (4 tables x 12 deals).
    assert "with a prior of 2 virtual draws per bot against the pool mean" in resumed.stdout
    assert "±95% cluster-robust over 48 deal families" in resumed.stdout


def test_ctrl_c_stops_the_workers_and_their_bots(tmp_path):
    path = tournament_file(tmp_path, "stopped", deals=400)
    process = subprocess.Popen(
        [*ARENA, "run", str(path), "--workers", "2"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_until(
            lambda: sum(len(children(worker)) > 0 for worker in workers_of(process.pid)) == 2, 60, "no bots started"
        )
        everything = descendants(process.pid)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    wait_until(lambda: not any(alive(pid) for pid in everything), 10, f"{everything} outlived the arena")
    assert process.returncode == 130, (out, err)
    assert "Interrupted" in out and "run the same command again" in out
    assert "Traceback" not in err


@SPREADS
def test_a_bot_that_does_not_start_in_a_worker_is_reported_as_in_one_process(tmp_path, spread):
    path = tournament(tmp_path, "broken", BROKEN)
    result = arena("run", path, *spread, check=False)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "bot broken did not start" in result.stderr and "exited with status 1" in result.stderr
    assert "SyntaxError" in result.stderr and "--allow-faulty" in result.stderr
    assert not (tmp_path / "starts.sqlite").exists()
    faulty = arena("run", path, *spread, "--allow-faulty")
    assert faulty.stdout.count("bot broken did not start") == 1, faulty.stdout  # once, not once per worker
    assert f"{MATCHES - WITH_ONE_BOT} matches played" in faulty.stdout
    assert f"{WITH_ONE_BOT} matches left unplayed because a bot had not started" in faulty.stdout


@pytest.mark.parametrize(
    ("where", "value", "said"),
    [
        ("file", "0", "tournament.workers"),
        ("file", '"two"', "tournament.workers"),
        ("file", "100000", "tournament.workers"),
        ("flag", "0", "--workers"),
        ("flag", "two", "--workers"),
    ],
)
def test_bad_workers_values_are_refused_naming_the_key(tmp_path, capsys, where, value, said):
    path = tournament_file(tmp_path, "bad")
    if where == "file":
        path.write_text(path.read_text().replace("concurrency = 2", f"concurrency = 2\nworkers = {value}"))
        code, out, err = arena_here(capsys, "run", path)
    else:
        code, out, err = arena_here(capsys, "run", path, "--workers", value)
    assert code == 2, out + err
    assert said in err and "Traceback" not in err, err
    assert not (tmp_path / "bad.sqlite").exists()


@pytest.mark.parametrize(
    ("concurrency", "cores", "env", "workers"),
    [(2, 8, None, 2), (16, 8, None, 8), (1, 8, None, 1), (4, 1, None, 1), (4, 8, "3", 3), (1, 8, "5", 5)],
)
def test_the_default_is_a_worker_per_core_at_most_concurrency_or_arena_workers(
    tmp_path, monkeypatch, concurrency, cores, env, workers
):
    """Without `workers` in the file or --workers: one worker per core this process may
    use, no more than the matches at once; ARENA_WORKERS (the test suite's 1) replaces
    that default, not a value the file or the flag gives."""
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(cores)))
    if env is None:
        monkeypatch.delenv(WORKERS_ENV, raising=False)
    else:
        monkeypatch.setenv(WORKERS_ENV, env)
    path = tournament_file(tmp_path, "default")
    path.write_text(path.read_text().replace("concurrency = 2", f"concurrency = {concurrency}"))
    assert load_tournament(path).workers == workers
    assert load_tournament(path, workers=2).workers == 2
    path.write_text(
        path.read_text().replace(f"concurrency = {concurrency}", f"concurrency = {concurrency}\nworkers = 4")
    )
    assert load_tournament(path).workers == 4


@pytest.mark.parametrize("value", ["0", "two", "1001", "-1", "²"])
def test_a_bad_arena_workers_is_refused_naming_it(tmp_path, capsys, monkeypatch, value):
    monkeypatch.setenv(WORKERS_ENV, value)
    code, out, err = arena_here(capsys, "run", tournament_file(tmp_path, "bad"))
    assert code == 2, out + err
    assert f"environment: ARENA_WORKERS: must be a whole number from 1 to 1000, not {value!r}." in err
    assert "Traceback" not in err
    assert not (tmp_path / "bad.sqlite").exists()


def _says_goodbye(conn) -> None:
    """A stand-in worker process: on "stop", it logs a last line and ends."""
    conn.recv()
    record = logging.LogRecord("arena.pool", logging.WARNING, __file__, 1, "bot b: its last words", None, None)
    conn.send(("log", record))
    conn.close()


def test_what_a_worker_logs_as_it_stops_is_logged_by_the_coordinator(tmp_path, caplog):
    config = load_tournament(tournament_file(tmp_path, "goodbye"))

    async def main() -> None:
        async with trio.open_nursery() as nursery:
            pool = workers.Workers(nursery, config, 1, False)
            mine, theirs = workers._CONTEXT.Pipe()
            process = workers._CONTEXT.Process(target=_says_goodbye, args=(theirs,), daemon=True)
            process.start()
            theirs.close()
            worker = workers._Worker(1, process, mine)
            pool.workers.append(worker)
            nursery.start_soon(pool._read, worker)
            await pool.stop()
            nursery.cancel_scope.cancel()
        pool.close()

    with caplog.at_level(logging.WARNING, logger="arena"):
        trio.run(main)
    assert "bot b: its last words" in caplog.messages
