"""Matches on a Dask distributed cluster: ``arena run FILE --cluster tcp://host:8786`` (a
``dask scheduler`` with its ``dask worker``s, on other machines) or ``--cluster local:N``
(a LocalCluster of N worker processes started here).

    async with open_cluster(config, "local:2", allow_faulty=…, on_problem=…) as cluster:
        store = ResultStore.open(…); plan = plan_tournament(…)
        summary = await run_tournament(plan, store, runner=cluster, on_progress=…)

As with local workers (arena.run.workers), the process that runs ``arena run`` is the
coordinator: it schedules, shows the progress and is the only writer of the results
file, so everything downstream is unchanged.  Each match is one Dask task
(`play_on_host`), sent with the tournament's config, its slot and the match id the bots
are told; the results file's deal secret stays with the coordinator (a slot carries the
seed of its deals).  `concurrency` is the number of matches sent at once; a worker plays
as many at once as it has threads.

On each Dask worker a run has one *host* (`_Host`): a thread with its own trio loop and
bot pool, the bots started once (`open_started_bots`), that plays the matches the run's
tasks hand it, for the worker's life in the run, so the pool's fair play holds as in one
process (no bot process plays the same deals twice).  Before the first match the
coordinator starts a host on every worker (a task pinned to each): a bot that does not
start is reported as in a local run, before the results file is opened.  A worker that
joins later starts its host with its first match.  Each task returns the match's rows
ready to write (the costly part of a save) and the worker's arena log records, which the
coordinator logs to its own ``arena.log``.

Bot logs: a worker that shares the coordinator's logs folder (a LocalCluster, or a shared
filesystem at the same path: it sees there the file `run_marker` the coordinator wrote
before opening the hosts) writes them there, as a local run does.  Any other worker writes
its bots' logs into ``<logs>/<its address as a folder name>/`` (`worker_folder`), and
each of its tasks brings the bytes written since the last (`WorkerLogs`, `SHIP_LIMIT` at
most), which the coordinator writes at the same path on its side (`BotLogCopies`): a
"(see …)" in a reason names a file on both machines, and an interrupted run leaves the
logs of the matches it saved.  The end of the run brings the rest: the stopped bots' last
lines, and what a cancelled task had taken.  Each piece is written at its offset in the
worker's file, so one that comes twice is not doubled; a match played again on another
worker writes that worker's files, in its own folder.

Faults of the machinery:

* An unexpected error inside one match (a bug of the referee, say): the host catches it
  at the match's boundary (arena.run.match_errors), its task returns it, and the host
  plays on; the coordinator logs it and leaves the match unsaved, as in one process.
* A Dask worker that dies: the scheduler runs its tasks again on the others (the dead
  worker's bots die with it: PR_SET_PDEATHSIG); a match's result is saved once, by its
  key.  A match that was running on ``distributed.scheduler.allowed-failures`` + 1 dead
  workers (4 by default) stops the run (`WorkerFailed`).
* The coordinator killed (even with -9): a LocalCluster's workers end with it; on a
  cluster of its own each host stops its bots after `HOST_IDLE` seconds without a match.
  What was saved stays (and the run's `run_marker` file, harmless); the same command resumes.
* Ctrl-C: the coordinator cancels its tasks and stops every host, which stops its bots.
"""

from __future__ import annotations

import logging
import math
import os
import re
import uuid
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import trio

from arena.config import TournamentConfig
from arena.errors import BotStartError, UsageError
from arena.records import MatchRecord, MatchSlot
from arena.run._dask_host import (
    HOST_IDLE,
    Opened,
    Outcome,
    WorkerLogs,
    close_hosts,
    open_host,
    play_on_host,
    run_marker,
)
from arena.run.ledger import NotStarted, RunLedger
from arena.run.match_errors import MatchError
from arena.run.schedule import bot_match_id
from arena.run.tournament import StartProblem, start_failure_text
from arena.run.workers import WorkerFailed

__all__ = [
    "HOST_IDLE",
    "LOCAL_LIMIT",
    "BotLogCopies",
    "Cluster",
    "check_cluster_address",
    "open_cluster",
]

log = logging.getLogger("arena.cluster")

#: Most worker processes ``--cluster local:N`` starts.
LOCAL_LIMIT = 1000
#: Seconds to reach a scheduler, and then to wait for its first worker.
CONNECT_TIMEOUT = 10.0

_LOCAL = re.compile(r"local:(?P<workers>[0-9]+)")
_ADDRESS = re.compile(r"(tcp|tls|ws|wss|ucx)://[^\s/]+")


def check_cluster_address(text: str) -> str:
    """`text` if it is a ``--cluster`` value (``local:N`` or a scheduler's address), else
    a ValueError that says what is wrong."""
    local = _LOCAL.fullmatch(text)
    if local is not None:
        if not 1 <= int(local["workers"]) <= LOCAL_LIMIT:
            raise ValueError(f"local:{local['workers']} must start from 1 to {LOCAL_LIMIT} worker processes")
    elif _ADDRESS.fullmatch(text) is None:
        raise ValueError(
            f"{text!r} is neither local:N (a cluster of N worker processes on this machine) "
            "nor a Dask scheduler's address such as tcp://scheduler:8786"
        )
    return text


def _outcome(future: Any, slot: MatchSlot) -> Outcome:
    """What a finished task returned; WorkerFailed when the cluster failed it."""
    from distributed import KilledWorker

    try:
        return future.result()
    except KilledWorker:
        raise WorkerFailed(
            f"Match {slot.key} was being played by Dask workers that died, again and again; giving up."
        ) from None
    except Exception as error:  # noqa: BLE001 - a worker's failure, told to the user
        raise WorkerFailed(f"Match {slot.key} failed on a Dask worker: {type(error).__name__}: {error}") from None


# --- the coordinator ------------------------------------------------------------------------

# What a worker's log folder and file may be called here: no path, nothing hidden.
_SAFE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")


class BotLogCopies:
    """The coordinator's copies of the bot logs of workers that do not share its logs
    folder, at ``<logs>/<worker folder>/<file>``.  Each piece is written at its offset in
    the worker's file, so one that comes twice is not doubled and pieces may come in any
    order; a retried match's logs are another worker's files, in that worker's folder."""

    def __init__(self, logs: Path) -> None:
        self.logs = logs
        #: (worker folder, file) -> the spans [start, end) written, merged and sorted.
        self._spans: dict[tuple[str, str], list[tuple[int, int]]] = {}
        self._failed = False

    def write(self, bot_logs: Iterable[WorkerLogs | None]) -> None:
        for logs in bot_logs:
            if logs is None:
                continue
            if not _SAFE_NAME.fullmatch(logs.folder):
                log.warning("bot logs from a Dask worker ignored: %r is not a folder name", logs.folder)
                continue
            for piece in logs.pieces:
                if not _SAFE_NAME.fullmatch(piece.name):
                    log.warning("a bot log from Dask worker %s ignored: %r is not a file name", logs.folder, piece.name)
                    continue
                self._write(logs.folder, piece.name, piece.offset, piece.data)

    def _write(self, folder: str, name: str, offset: int, data: bytes) -> None:
        path = self.logs / folder / name
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC, 0o644)
            try:
                os.pwrite(descriptor, data, offset)
            finally:
                os.close(descriptor)
        except OSError as error:  # a full disk loses the copies, not the run
            if not self._failed:
                self._failed = True
                log.warning("cannot copy the bot logs of Dask workers here (%s): they stay on the workers", error)
            return
        spans = [*self._spans.get((folder, name), []), (offset, offset + len(data))]
        merged: list[tuple[int, int]] = []
        for start, end in sorted(spans):
            if merged and start <= merged[-1][1]:
                merged[-1] = (merged[-1][0], max(merged[-1][1], end))
            else:
                merged.append((start, end))
        self._spans[folder, name] = merged

    def held(self) -> dict[str, dict[str, int]]:
        """Worker folder -> file -> the bytes held from its start without a gap."""
        held: dict[str, dict[str, int]] = {}
        for (folder, name), spans in self._spans.items():
            held.setdefault(folder, {})[name] = spans[0][1] if spans[0][0] == 0 else 0
        return held


@dataclass(eq=False)
class Cluster:
    """A run's connection to its Dask cluster, the hosts started; made by `open_cluster`."""

    client: Any
    address: str
    run_id: str
    #: Workers and their threads when the run began.
    workers: int
    threads: int
    on_problem: Callable[[StartProblem], None] | None = None
    sandbox: str | None = None  #: a worker's "unsandboxed: …" line (None: every bot sandboxed everywhere)
    bot_logs: BotLogCopies | None = None
    _told: set[str] = field(default_factory=set)
    _seen: set[str] = field(default_factory=set)

    def tell(self, problem: StartProblem | None) -> None:
        if problem is not None and problem.bot not in self._told and self.on_problem is not None:
            self._told.add(problem.bot)
            self.on_problem(problem)

    def watch(self) -> None:
        """Log the workers that left or joined the cluster since the last look."""
        now = set(self.client.scheduler_info()["workers"])
        for gone in sorted(self._seen - now):
            log.warning("Dask worker %s left the cluster; the matches it was playing are played again", gone)
        for new in sorted(now - self._seen):
            if self._seen:
                log.info("Dask worker %s joined the cluster", new)
        self._seen = now

    # --- the runner (arena.run.runner) --------------------------------------------------------

    @property
    def where(self) -> str:
        workers = f"{self.workers} worker{'' if self.workers == 1 else 's'}"
        threads = f"{self.threads} thread{'' if self.threads == 1 else 's'}"
        return f" on the Dask cluster {self.address} ({workers}, {threads})"

    async def play(self, ledger: RunLedger) -> None:
        """Every match of the plan, `concurrency` at a time, each one Dask task, each saved
        as it comes back; what comes back together is saved in one transaction and told
        to the ledger at once."""
        from distributed import as_completed

        plan, store, config = ledger.plan, ledger.store, ledger.plan.config
        level = logging.getLogger("arena").getEffectiveLevel()
        todo = deque(plan.todo)
        running: dict[Any, MatchSlot] = {}
        finished = as_completed()
        saved: set[str] = set()

        def send() -> None:
            while todo and len(running) < config.concurrency and not ledger.stopped():
                slot = todo.popleft()
                match_id = bot_match_id(slot.key, plan.secret)
                key = f"arena-match-{self.run_id}-{slot.key}"
                future = self.client.submit(
                    play_on_host, self.run_id, config, slot, match_id, level, key=key, pure=False
                )
                running[future] = slot
                finished.add(future)

        try:
            send()
            while running:
                done = await trio.to_thread.run_sync(finished.next_batch, abandon_on_cancel=True)
                self.watch()
                back: list[tuple[str, str, Any]] = []  # saved in one transaction, each match whole
                records: list[MatchRecord] = []
                errors: list[MatchError] = []
                left: list[tuple[str, NotStarted]] = []
                bot_logs: list[WorkerLogs | None] = []
                problems: list[StartProblem | None] = []  # told once their logs are copied: they name them
                try:
                    for future in done:
                        slot = running.pop(future)
                        outcome = _outcome(future, slot)
                        _relay(outcome.logs)
                        bot_logs.append(outcome.bot_logs)
                        if outcome.error is not None:  # this match only: the host plays on
                            if slot.key not in saved:
                                errors.append(outcome.error)
                        elif outcome.record is None:
                            assert outcome.unstarted is not None
                            left.append((slot.key, outcome.unstarted))
                            problems.append(outcome.problem)
                        elif slot.key not in saved:  # each match's result is saved once
                            saved.add(slot.key)
                            back.append((slot.key, outcome.record.game, outcome.rows))
                            records.append(outcome.record)
                finally:  # what came back is saved, even when a failure stops the run
                    with trio.CancelScope(shield=True):
                        if self.bot_logs is not None and any(logs is not None for logs in bot_logs):
                            await trio.to_thread.run_sync(self.bot_logs.write, bot_logs)
                        if back:
                            await trio.to_thread.run_sync(store.save_many, back)
                for problem in problems:
                    self.tell(problem)
                with ledger.batch():
                    for error in errors:
                        ledger.failed(error)
                    for key, why in left:
                        ledger.left(key, why)
                    for record in records:
                        ledger.saved(record)
                send()
        finally:
            if running:
                with trio.CancelScope(shield=True):
                    await trio.to_thread.run_sync(self.client.cancel, list(running))


def _relay(records: Sequence[tuple[str, int, str]]) -> None:
    for name, level, message in records:
        logging.getLogger(name).log(level, "%s", message)


def _connect(address: str, config: TournamentConfig) -> tuple[Any, Any]:
    """A client of the cluster at `address` (and the LocalCluster it started, if any)."""
    from distributed import Client, LocalCluster  # a second's import, for runs on a cluster only

    local = _LOCAL.fullmatch(address)
    if local is not None:
        workers = int(local["workers"])
        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=max(1, math.ceil(config.concurrency / workers)),
            processes=True,
            dashboard_address=None,
            # Its own workers log an error with a traceback when a heartbeat meets the
            # scheduler already closed as the run ends (seen in CI: "Stream is closed");
            # what matters in a run the arena says itself (a lost worker, a bot's fault).
            silence_logs=logging.CRITICAL,
        )
        return Client(cluster), cluster
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError) as error:
        raise UsageError(
            f"--cluster {address}: no Dask scheduler answered there within {CONNECT_TIMEOUT:.0f} s ({error}). "
            "Start one with 'dask scheduler' and its workers with 'dask worker ADDRESS' (see the README)."
        ) from None
    try:
        client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
    except TimeoutError:
        client.close()
        raise UsageError(
            f"--cluster {address}: the scheduler has no worker after {CONNECT_TIMEOUT:.0f} s; start one with "
            f"'dask worker {address}' from the project's folder (see the README)."
        ) from None
    return client, None


def _open_hosts(client: Any, run_id: str, config: TournamentConfig, level: int) -> tuple[int, int, list[Opened]]:
    """A host started on every worker: (workers, threads, what each one's open_host said)."""
    # A worker that finds this file in its own logs folder shares ours: its bot logs are here.
    config.logs.mkdir(parents=True, exist_ok=True)
    (config.logs / run_marker(run_id)).touch()
    workers = client.scheduler_info()["workers"]
    futures = [
        client.submit(open_host, run_id, config, level, workers=[address], pure=False, key=f"arena-open-{run_id}-{i}")
        for i, address in enumerate(workers)
    ]
    threads = sum(int(info.get("nthreads", 1)) for info in workers.values())
    return len(workers), threads, client.gather(futures)


def _close(client: Any, local: Any, run_id: str, copies: BotLogCopies) -> None:
    try:
        last = client.run(close_hosts, run_id, copies.held())
    except Exception as error:  # noqa: BLE001 - the hosts also stop when idle
        log.warning("cannot tell the Dask workers to stop the bots: %s", error)
    else:
        copies.write(last.values())
        for logs in last.values():
            if logs is not None and logs.left:
                log.warning(
                    "%d bytes of bot logs stay on Dask worker %s, in its folder %s",
                    logs.left,
                    logs.folder,
                    copies.logs / logs.folder,
                )
    with suppress(OSError):
        (copies.logs / run_marker(run_id)).unlink()
    client.close()
    if local is not None:
        local.close()


@asynccontextmanager
async def open_cluster(
    config: TournamentConfig,
    address: str,
    *,
    allow_faulty: bool = False,
    on_problem: Callable[[StartProblem], None] | None = None,
) -> AsyncIterator[Cluster]:
    """The Dask cluster at `address` (``local:N`` starts one), every worker's bots started
    (`BotStartError` when one does not, unless `allow_faulty`; `on_problem` hears once of
    each bot that does not start); on leaving, every worker's bots are stopped."""
    level = logging.getLogger("arena").getEffectiveLevel()
    client, local = await trio.to_thread.run_sync(_connect, address, config)
    run_id = uuid.uuid4().hex
    copies = BotLogCopies(config.logs)
    try:
        workers, threads, opened = await trio.to_thread.run_sync(_open_hosts, client, run_id, config, level)
        # Before the start problems are told: they name these logs.
        await trio.to_thread.run_sync(copies.write, [host.bot_logs for host in opened])
        problems: dict[str, StartProblem] = {}
        for host in opened:
            _relay(host.logs)
            problems.update((problem.bot, problem) for problem in host.problems if problem.bot not in problems)
        if problems and not allow_faulty:
            raise BotStartError(start_failure_text(list(problems.values())), list(problems))
        unsandboxed = next((host.sandbox for host in opened if host.sandbox is not None), None)
        cluster = Cluster(client, address, run_id, workers, threads, on_problem, unsandboxed, copies)
        for problem in problems.values():
            cluster.tell(problem)
        cluster.watch()
        yield cluster
    finally:
        with trio.CancelScope(shield=True):
            await trio.to_thread.run_sync(_close, client, local, run_id, copies)
