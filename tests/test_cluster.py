"""`arena run --cluster`: the matches on a Dask cluster, the coordinator the only writer.

A cluster started by hand (``dask scheduler`` and ``dask worker``) gives the same table
as one process; bad ``--cluster`` values and a scheduler that does not answer are refused
with the flag named.  A LocalCluster of two worker processes (``--cluster local:2``) is
tested with the local workers' tests, in test_workers.py: the same table as one process
(all its matches played on it, a Dask worker killed mid-match, and after the coordinator
was killed with -9, resumed), and a bot that does not start on a worker.

Bot logs: a worker started from another folder (another machine, as far as the logs
folder goes) has its bots' logs copied to the coordinator as the matches come back, and
a fault's "(see …)" names the copy; a LocalCluster, which shares the folder, copies none.
"""

import os
import socket
import subprocess
import sys
import textwrap
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
import trio

from arena.config import load_tournament
from arena.errors import UsageError
from arena.results import ResultStore
from arena.run import RunSummary, plan_tournament, run_tournament
from arena.run import cluster as arena_cluster
from arena.run._dask_host import LogBytes, WorkerLogs, _LogShipper
from arena.run.cluster import BotLogCopies
from arena.run.progress import Progress
from arena.run.tournament import StartProblem
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
    with _scheduler_and_worker(tmp_path, ROOT) as started:
        yield started


@contextmanager
def _scheduler_and_worker(tmp_path, worker_folder):
    """A scheduler, and a worker started in `worker_folder` without bwrap: (address, worker)."""
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
        cwd=worker_folder,
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


# --- bot logs -----------------------------------------------------------------------------

# A gRPC bot that says a line on stderr; a stdio bot that says one and dies at its first
# decision (a CRASH fault); one that says why it cannot start and exits (a start problem,
# whose reason names its log).
CHATTY = """\
import sys

from arena import sdk

print("chatty: hello from the worker", file=sys.stderr, flush=True)


class Chatty(sdk.Bot):
    def act(self, request):
        return 0


sdk.run(Chatty)
"""

CRASHER = """\
import sys

print("crasher: about to fail", file=sys.stderr, flush=True)
for line in sys.stdin:
    if line.startswith('{"type":"decision_request"'):
        sys.exit(3)
"""

BROKEN = """\
import sys

print("broken: cannot open my model file", file=sys.stderr, flush=True)
sys.exit(3)
"""


def _logs_tournament(tmp_path: Path, logs: str) -> Path:
    """Four bots at three seats (twelve matches of two deals, three without the broken
    bot); their programs given by absolute paths, so that a worker finds them from any
    folder; `logs` as written."""
    programs = {"chatty": CHATTY, "crasher": CRASHER, "broken": BROKEN}
    for name, source in programs.items():
        (tmp_path / f"{name}.py").write_text(source)
    path = tmp_path / "logs.toml"
    path.write_text(
        textwrap.dedent(
            f"""
            [tournament]
            name = "logs"
            game = "conto"
            seats = 3
            deals = 2
            seed = 5
            concurrency = 2
            move_time = 2.0
            results = "{tmp_path / "logs.sqlite"}"
            logs = "{logs}"

            [[bot]]
            name = "chatty"
            command = ["python", "{tmp_path / "chatty.py"}"]

            [[bot]]
            name = "crasher"
            command = ["python", "{tmp_path / "crasher.py"}"]
            protocol = "stdio"

            [[bot]]
            name = "broken"
            command = ["python", "{tmp_path / "broken.py"}"]

            [[bot]]
            name = "random"
            command = ["python", "{ROOT / "bots" / "random_bot.py"}"]
            """
        )
    )
    return path


def _said(path: Path, words: str) -> bool:
    return path.is_file() and words in path.read_text()


def test_a_worker_in_another_folder_has_its_bot_logs_copied_as_the_matches_come_back(tmp_path, monkeypatch):
    coordinator, elsewhere = tmp_path / "coordinator", tmp_path / "worker"
    coordinator.mkdir()
    elsewhere.mkdir()
    path = _logs_tournament(tmp_path, "logs/run")  # relative: each machine's own folder
    monkeypatch.chdir(coordinator)
    config = load_tournament(path)
    problems: list[tuple[StartProblem, bool]] = []
    copied_during_the_run: list[bool] = []

    def on_problem(problem: StartProblem) -> None:
        problems.append((problem, problem.log is not None and _said(problem.log, "cannot open my model file")))

    def on_progress(progress: Progress) -> None:
        if progress.done:  # the crasher sat in every match played so far
            copies = Path("logs/run").glob("*/crasher-*.log")
            copied_during_the_run.append(any(_said(copy, "crasher: about to fail") for copy in copies))

    async def run(address: str) -> RunSummary:
        async with arena_cluster.open_cluster(config, address, allow_faulty=True, on_problem=on_problem) as cluster:
            store = ResultStore.open(config.results, config)
            try:
                plan = plan_tournament(config, store.completed_keys(), store.deal_secret, store.bot_generations)
                return await run_tournament(plan, store, runner=cluster, on_progress=on_progress)
            finally:
                store.close()

    with _scheduler_and_worker(tmp_path, elsewhere) as (address, _):
        summary = trio.run(run, address)

    assert summary.played == 3 and len(summary.unstarted) == 9
    assert copied_during_the_run and all(copied_during_the_run)
    # The start problem named a log that was here, with the bot's words, when it was told.
    ((problem, said),) = problems
    assert problem.bot == "broken" and f"(see {problem.log})" in problem.reason and said, problem
    # The worker wrote into a folder of its own, which the coordinator holds a copy of, byte for byte.
    (worker_folder,) = (elsewhere / "logs" / "run").iterdir()
    assert worker_folder.name.startswith("127.0.0.1-")
    assert problem.log.parent == Path("logs/run") / worker_folder.name
    originals = sorted(worker_folder.glob("*.log"))
    copies = sorted((coordinator / "logs" / "run" / worker_folder.name).glob("*.log"))
    assert [copy.name for copy in copies] == [original.name for original in originals]
    assert [copy.read_bytes() for copy in copies] == [original.read_bytes() for original in originals]
    assert _said(copies[0].parent / "chatty-1.log", "chatty: hello from the worker")
    assert {"random-1.log", "broken-1.log", "crasher-1.log"} <= {copy.name for copy in copies}
    # Nothing else in the coordinator's folder: no bot log of its own, no marker left.
    assert sorted(entry.name for entry in (coordinator / "logs" / "run").iterdir()) == [worker_folder.name]


def test_a_local_cluster_shares_the_logs_folder_and_copies_nothing(tmp_path):
    path = _logs_tournament(tmp_path, str(tmp_path / "logs"))
    run = arena("run", path, "--cluster", "local:1", "--allow-faulty")
    logs = tmp_path / "logs"
    assert f"(see {logs / 'broken-1.log'})" in run.stdout + run.stderr
    # Each bot log once, where the worker wrote it: no worker folder, no marker left.
    assert all(entry.is_file() and not entry.name.startswith(".") for entry in logs.iterdir())
    assert _said(logs / "chatty-1.log", "chatty: hello from the worker")
    assert _said(logs / "broken-1.log", "cannot open my model file")
    assert _said(logs / "crasher-1.log", "crasher: about to fail")


def test_bot_log_pieces_that_come_twice_out_of_order_or_never_are_copied_once(tmp_path):
    worker = tmp_path / "worker" / "10.0.0.5-40123"
    worker.mkdir(parents=True)
    (worker / "old-1.log").write_text("an earlier run's\n")
    shipper = _LogShipper("10.0.0.5-40123", worker)
    (worker / "bot-1.log").write_bytes(b"first line\n")
    (worker / "quiet-1.log").write_bytes(b"")
    first = shipper.take(limit=6)
    assert [(piece.name, piece.offset, piece.data) for piece in first.pieces] == [
        ("bot-1.log", 0, b"first "),
        ("quiet-1.log", 0, b""),
    ]
    assert first.left == 5
    with (worker / "bot-1.log").open("ab") as log:
        log.write(b"second line\n")
    second, third = shipper.take(limit=1000), shipper.take(limit=1000)
    assert third.pieces == () and third.left == 0
    copies = BotLogCopies(tmp_path / "coordinator")
    copies.write([second, first, None, second])  # the later first, one twice
    copy = tmp_path / "coordinator" / "10.0.0.5-40123"
    assert (copy / "bot-1.log").read_bytes() == b"first line\nsecond line\n"
    assert sorted(entry.name for entry in copy.iterdir()) == ["bot-1.log", "quiet-1.log"]
    # A task's pieces that never came back (its match cancelled): the end of the run asks
    # for what the coordinator does not hold, after the last line a stopped bot wrote.
    (worker / "bot-2.log").write_bytes(b"lost\n")
    shipper.take(limit=1000)
    with (worker / "bot-2.log").open("ab") as log:
        log.write(b"stopped\n")
    assert copies.held() == {"10.0.0.5-40123": {"bot-1.log": 23, "quiet-1.log": 0}}
    copies.write([shipper.take(limit=1000, held=copies.held()["10.0.0.5-40123"])])
    assert (copy / "bot-2.log").read_bytes() == b"lost\nstopped\n"
    assert (copy / "bot-1.log").read_bytes() == b"first line\nsecond line\n"
    # A worker's folder or file name that would reach outside the copies is refused.
    copies.write([WorkerLogs("..", (LogBytes("x.log", 0, b"x"),)), WorkerLogs("w", (LogBytes("../x.log", 0, b"x"),))])
    assert not (tmp_path / "x.log").exists() and not (tmp_path / "coordinator" / "x.log").exists()
