"""`arena run --cluster`: the matches on a Dask cluster, the coordinator the only writer.

A cluster started by hand (``dask scheduler`` and ``dask worker``) gives the same table
as one process; bad ``--cluster`` values and a scheduler that does not answer are refused
with the flag named.  A LocalCluster of two worker processes (``--cluster local:2``) is
tested with the local workers' tests, in test_workers.py: the same table as one process
(all its matches played on it, a Dask worker killed mid-match, and after the coordinator
was killed with -9, resumed), and a bot that does not start on a worker.
"""

import os
import socket
import subprocess
import sys
import time

import pytest

from arena.config import load_tournament
from arena.errors import UsageError
from arena.run import cluster as arena_cluster
from tests.test_shutdown import wait_until
from tests.test_tournament import ROOT, arena, arena_here, results_of, table_lines, tournament_file
from tests.test_workers import descendants, keys, same_deals


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def scheduler_and_worker(tmp_path):
    """A ``dask scheduler`` and one ``dask worker`` with two threads, started as the README
    says (the worker from the project's folder, on a "machine" without bwrap); their address."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    scheduler = subprocess.Popen(
        [sys.executable, "-m", "distributed.cli.dask_scheduler", "--port", str(port), "--no-dashboard"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=open(tmp_path / "scheduler.log", "w"),  # noqa: SIM115 - closed with the process
    )
    worker = subprocess.Popen(
        [sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "2", "--no-dashboard"],
        cwd=ROOT,
        env=dict(os.environ, ARENA_BWRAP=""),  # no sandbox there, whatever the coordinator has
        stdout=subprocess.DEVNULL,
        stderr=open(tmp_path / "worker.log", "w"),  # noqa: SIM115 - closed with the process
    )
    try:
        yield address, worker
    finally:
        # The worker first: its nanny, with the scheduler gone, spends 8 s trying to reach it.
        for process in (worker, scheduler):
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()


def test_a_cluster_started_by_hand_gives_the_same_table_and_stops_its_bots(reference, tmp_path, scheduler_and_worker):
    address, worker = scheduler_and_worker
    path, results = same_deals(reference, tmp_path, "remote")
    run = arena("run", path, "--cluster", address)
    assert f"on the Dask cluster {address} (1 worker, 2 threads)" in run.stdout
    assert results_of(table_lines(run.stdout)) == reference[1]
    # The bots ran where the worker is, outside any sandbox: the run and the table say so.
    unsandboxed = "unsandboxed: bubblewrap (bwrap) is not installed"
    assert unsandboxed in run.stdout and unsandboxed in arena("table", results).stdout
    assert sorted(keys(results)) == sorted(keys(reference[0] / "whole.sqlite"))
    # The run is over: the worker stays up for the next, its bots do not.
    wait_until(
        lambda: not descendants(worker.pid) - _dask_processes(worker.pid), 20, "the worker's bots outlived the run"
    )
    assert worker.poll() is None


def _dask_processes(pid: int) -> set[int]:
    """The worker's own processes (a nanny's worker, multiprocessing's helpers), not bots."""
    return {child for child in descendants(pid) if _command(child).startswith(sys.executable)}


def _command(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as file:
            return file.read().replace(b"\0", b" ").decode()
    except OSError:
        return ""


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (["--cluster", "local:0"], "local:0 must start from 1 to 1000 worker processes"),
        (["--cluster", "scheduler:8786"], "neither local:N"),
        (["--cluster", "local:2", "--workers", "2"], "--cluster and --workers: give one"),
    ],
)
def test_bad_cluster_values_are_refused_naming_the_flag(tmp_path, capsys, flags, said):
    path = tournament_file(tmp_path, "bad")
    code, out, err = arena_here(capsys, "run", path, *flags)
    assert code == 2, out + err
    assert said in err and "Traceback" not in err, err
    assert not (tmp_path / "bad.sqlite").exists()


def test_a_scheduler_that_does_not_answer_is_named(tmp_path, monkeypatch):
    monkeypatch.setattr(arena_cluster, "CONNECT_TIMEOUT", 1.0)
    config = load_tournament(tournament_file(tmp_path, "nowhere"))
    address = f"tcp://127.0.0.1:{_free_port()}"
    started = time.monotonic()
    with pytest.raises(UsageError, match=rf"--cluster {address}: no Dask scheduler answered there within 1 s"):
        arena_cluster._connect(address, config)
    assert time.monotonic() - started < 30
    assert not (tmp_path / "nowhere.sqlite").exists()
