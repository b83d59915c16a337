"""Matches across worker processes: `workers = N` (``--workers N``) with N > 1.

    async with open_workers(config, allow_faulty=…, on_problem=…) as workers:
        store = ResultStore.open(…); plan = plan_tournament(…)
        summary = await run_tournament(plan, store, runner=workers, on_progress=…)

The process that runs `arena run` is the coordinator: it starts N worker processes
("spawn": a fresh interpreter, no trio or grpcio threads copied by a fork), schedules the
matches, shows the progress and is the only writer of the results file.  Each worker has
its own trio loop and its own bot pool (`open_started_bots`, the bots started in the
worker, so the pool's fair play holds in each: no bot process plays the same deals
twice), plays the matches it is sent (`play_slot`, as a run in one process does) and
sends each finished `MatchRecord` back with its rows already made (`finished_rows`: the
history's JSON is most of a save's cost); the coordinator writes the first result of
each match key only, the matches back at one moment in one transaction
(`ResultStore.save_many`: one fsync for all, each match whole), and sends the next
match once they are saved and the run has seen them (its policies: the SPRT stop among
others; arena.run.runner).
`concurrency` is the number of matches at once over all the workers; each match goes to
the ready worker with the fewest, which is then told the match it will play next, so its
pool starts the bot processes that one needs meanwhile (`BotPool.expect`).

Faults of the machinery:

* An unexpected error inside one match (a bug of the referee, say): the worker catches it
  at the match's boundary (arena.run.match_errors) and plays on; the coordinator logs it
  and leaves the match unsaved for a later run, as in one process.
* A bot that does not start in a worker is reported as in one process: `BotStartError`
  before the results file is opened, or with `allow_faulty` a `StartProblem` (each bot's
  once) and its matches left for a later run (the unstarted-bot note).
* A worker that dies: the matches it was playing are played again by the others and by
  a fresh worker started in its place (one with every bot started again); a match's
  result is saved once, by its key.  A match whose workers died `ATTEMPTS` times stops
  the run (`WorkerFailed`), as does a worker that dies before its bots have started.
* The coordinator killed (even with -9): every worker has PR_SET_PDEATHSIG, so the
  kernel kills it, and its bots die with it (theirs).  What was saved stays; the same
  command resumes.  Ctrl-C, SIGTERM and SIGHUP reach only the coordinator (workers
  ignore SIGINT, which a terminal sends to the whole process group): its cancellation
  tells every worker to stop, which stops its bots as a run in one process does.

A worker's log records (faults, late answers) are sent to the coordinator and logged
there, to the same ``arena.log`` and console.  What runs in a worker process is in
`arena.run._worker_process`.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import signal
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

import trio

from arena.config import TournamentConfig
from arena.errors import BotStartError, UsageError
from arena.process import sandbox_status
from arena.records import MatchRecord, MatchSlot
from arena.run._assign import Assigner
from arena.run._worker_process import receive, worker_main
from arena.run.ledger import RunLedger
from arena.run.schedule import bot_match_id
from arena.run.tournament import StartProblem

__all__ = ["ATTEMPTS", "STOP_LIMIT", "WorkerFailed", "Workers", "open_workers"]

log = logging.getLogger("arena.workers")

#: Times a match is tried on workers that die before the run gives up.
ATTEMPTS = 3
#: Seconds a stopping worker gets to stop its bots before it is killed.
STOP_LIMIT = 15.0
#: Seconds to read what the stopped workers sent last (their pipes end as they do).
_DRAIN_LIMIT = 2.0

_CONTEXT = multiprocessing.get_context("spawn")


class WorkerFailed(UsageError):
    """The worker processes cannot go on (a match kept killing them, or one died starting);
    a message for the user, as a bot that does not start is."""


# --- the coordinator ------------------------------------------------------------------------


@dataclass(eq=False)
class _Worker:
    number: int
    process: BaseProcess
    conn: Connection
    ready: bool = False
    ended: bool = False
    #: Its pipe is read to the end: all it sent is in `Workers.events`.
    read: bool = False
    #: The matches it is playing: key -> slot.
    playing: dict[str, MatchSlot] = field(default_factory=dict)


class Workers:
    """The worker processes of a run, each with its bots started; made by `open_workers`."""

    def __init__(self, nursery: trio.Nursery, config: TournamentConfig, count: int, allow_faulty: bool) -> None:
        self._nursery = nursery
        self.config = config
        self.count = count
        self._allow_faulty = allow_faulty
        self._send, self.events = trio.open_memory_channel[tuple[_Worker, tuple[Any, ...] | None]](float("inf"))
        self.workers: list[_Worker] = []
        self._told: set[str] = set()
        self.on_problem: Callable[[StartProblem], None] | None = None
        self.started = 0

    def start(self, allow_faulty: bool) -> _Worker:
        """Start one more worker process (from the trio thread: its death signal is this thread's)."""
        mine, theirs = _CONTEXT.Pipe()
        level = logging.getLogger("arena").getEffectiveLevel()
        process = _CONTEXT.Process(
            target=worker_main,
            args=(theirs, self.config, allow_faulty, os.getpid(), level),
            name=f"arena-worker-{self.started + 1}",
            daemon=True,
        )
        process.start()
        theirs.close()
        self.started += 1
        worker = _Worker(self.started, process, mine)
        self.workers.append(worker)
        self._nursery.start_soon(self._read, worker)
        return worker

    async def _read(self, worker: _Worker) -> None:
        while True:
            message = await receive(worker.conn)
            worker.read = message is None
            await self._send.send((worker, message))
            if message is None:
                return

    def common(self, worker: _Worker, message: tuple[Any, ...]) -> bool:
        """Handle a message any phase may get (a log record, a start problem); True if it was one."""
        kind = message[0]
        if kind == "log":
            record: logging.LogRecord = message[1]
            logging.getLogger(record.name).handle(record)
        elif kind == "problem":
            problem: StartProblem = message[1]
            if problem.bot not in self._told and self.on_problem is not None:
                self._told.add(problem.bot)
                self.on_problem(problem)
        elif kind == "error":
            raise WorkerFailed(f"worker {worker.number} failed:\n{message[1]}")
        else:
            return False
        return True

    def ended(self, worker: _Worker) -> str:
        """Mark `worker` as ended; how it ended, in words."""
        worker.ended = True
        worker.ready = False
        worker.conn.close()
        worker.process.join(5)
        code = worker.process.exitcode
        if code is not None and code < 0:
            return f"was killed by {signal.Signals(-code).name}"
        return f"exited with status {code}"

    def send_match(self, worker: _Worker, slot: MatchSlot, match_id: str) -> None:
        worker.playing[slot.key] = slot
        with contextlib.suppress(OSError):  # it has just died: its end is on the way, and the match is played again
            worker.conn.send(("play", slot, match_id))

    def expect(self, worker: _Worker, slot: MatchSlot) -> None:
        with contextlib.suppress(OSError):  # it has just died (see `send_match`)
            worker.conn.send(("expect", slot))

    def replace(self, worker: _Worker) -> None:
        """Start a worker in place of `worker`, which died (WorkerFailed when too many have)."""
        if self.started >= self.count * (ATTEMPTS + 1):
            raise WorkerFailed(f"{self.started} worker processes were started for {self.count} and they keep dying.")
        self.start(True)  # a bot that does not start now leaves its matches for a later run

    async def stop(self) -> None:
        """Tell every worker to stop, and kill those that have not within `STOP_LIMIT`."""
        for worker in self.workers:
            if worker.process.exitcode is None:
                try:
                    worker.conn.send(("stop",))
                except (OSError, ValueError):
                    pass
        deadline = trio.current_time() + STOP_LIMIT
        for worker in self.workers:
            with trio.move_on_at(deadline):
                await trio.lowlevel.wait_readable(worker.process.sentinel)  # readable: it has ended
            worker.process.join(1)
            if worker.process.exitcode is None:
                log.warning("worker %d did not stop in %.0f s; killing it", worker.number, STOP_LIMIT)
                worker.process.kill()
            worker.process.join(5)
        # What they said last (as their bots stopped) is in their pipes: logged, not lost.
        with trio.move_on_after(_DRAIN_LIMIT):
            while not all(worker.read for worker in self.workers) or self.events.statistics().current_buffer_used:
                worker, message = await self.events.receive()
                if message is not None and message[0] == "log":
                    self.common(worker, message)

    def close(self) -> None:
        """Close the pipes (once no task reads them)."""
        for worker in self.workers:
            if not worker.conn.closed:
                worker.conn.close()

    # --- the runner (arena.run.runner) --------------------------------------------------------

    @property
    def where(self) -> str:
        return f" in {self.count} worker processes"

    @property
    def sandbox(self) -> str | None:
        return sandbox_status(self.config.bots)

    async def play(self, ledger: RunLedger) -> None:
        """Play every match of the plan, `concurrency` at a time over the workers, saving each
        as it comes back.  What the workers have sent when one message arrives is handled
        together, the matches back saved in one transaction (one fsync for all, each match
        whole); the next match is sent once they are saved and the ledger has told the
        run's policies, as in one process: an SPRT test decides before another match starts."""
        plan, store, config = ledger.plan, ledger.store, self.config
        todo = Assigner(plan.todo, plan.schedule, self.count)
        attempts: dict[str, int] = {}  # match key -> the workers that died playing it
        # Of the matches played again (those of `attempts`), those whose result came back:
        # another match is sent once only, so one result, and a long run keeps no key of it.
        received: set[str] = set()
        back: list[tuple[MatchSlot, MatchRecord, Any]] = []  # results to save, in the order they came

        def dispatch() -> None:
            while todo and not ledger.stopped():
                ready = [worker for worker in self.workers if worker.ready]
                busy = sum(len(worker.playing) for worker in self.workers)
                if not ready or busy >= config.concurrency:
                    return
                worker = min(ready, key=lambda worker: len(worker.playing))
                slot, told, coming = todo.take(worker.number)
                if not told:  # its seats are counted before they ask, as those of a match told
                    self.expect(worker, slot)
                self.send_match(worker, slot, bot_match_id(slot.key, plan.secret))
                if coming is not None:
                    self.expect(worker, coming)

        async def save_back() -> None:
            if not back:
                return
            batch = [(slot.key, record.game, rows) for slot, record, rows in back]
            await trio.to_thread.run_sync(store.save_many, batch)
            for _, record, _ in back:
                ledger.saved(record)
            back.clear()

        def handle(worker: _Worker, message: tuple[Any, ...] | None) -> None:
            if message is None:
                if not worker.ended:
                    died(worker)
            elif self.common(worker, message):
                pass
            elif message[0] == "ready":
                worker.ready = True
            elif message[0] == "start_failed":  # not from a fresh worker (allow_faulty)
                raise BotStartError(message[1], message[2])
            else:
                kind, key = message[0], message[1]
                slot = worker.playing.pop(key)
                if kind == "left":
                    ledger.left(key, message[2])
                elif kind == "failed" and key not in received:  # the worker plays on
                    ledger.failed(message[2])
                elif kind == "record" and key not in received:  # each match's result is saved once
                    if key in attempts:
                        received.add(key)
                    back.append((slot, message[2], message[3]))

        def died(worker: _Worker) -> None:
            how = self.ended(worker)
            lost = list(worker.playing.values())
            worker.playing.clear()
            lost_text = "its match is" if len(lost) == 1 else f"its {len(lost)} matches are"
            log.warning("worker %d %s; %s played again", worker.number, how, lost_text)
            for slot in lost:
                attempts[slot.key] = attempts.get(slot.key, 0) + 1
                if attempts[slot.key] >= ATTEMPTS:
                    raise WorkerFailed(f"Match {slot.key} was being played by {ATTEMPTS} workers that died; giving up.")
            todo.put_back(lost, worker.number)
            self.replace(worker)

        dispatch()
        while (todo and not ledger.stopped()) or any(worker.playing for worker in self.workers):
            try:
                handle(*await self.events.receive())
                while True:  # and whatever else has come meanwhile
                    try:
                        handle(*self.events.receive_nowait())
                    except trio.WouldBlock:
                        break
            finally:  # what came back is saved, even when a message stops the run
                with trio.CancelScope(shield=True):
                    await save_back()
            dispatch()


@asynccontextmanager
async def open_workers(
    config: TournamentConfig,
    *,
    allow_faulty: bool = False,
    on_problem: Callable[[StartProblem], None] | None = None,
) -> AsyncIterator[Workers]:
    """`config.workers` worker processes, each with every bot started (see `open_started_bots`:
    `BotStartError` unless `allow_faulty`, `on_problem` hears once of each bot that does
    not start); on leaving, every worker is stopped."""
    failure: BaseException | None = None
    async with trio.open_nursery() as nursery:
        workers = Workers(nursery, config, config.workers, allow_faulty)
        workers.on_problem = on_problem
        try:
            for _ in range(config.workers):
                workers.start(allow_faulty)
            waiting = config.workers
            while waiting:
                worker, message = await workers.events.receive()
                if message is None:
                    raise WorkerFailed(f"worker {worker.number} {workers.ended(worker)} before its bots started.")
                if workers.common(worker, message):
                    continue
                if message[0] == "start_failed":
                    raise BotStartError(message[1], message[2])
                if message[0] == "ready":
                    worker.ready = True
                    waiting -= 1
            yield workers
        except BaseException as error:  # raised once the workers are stopped, outside the nursery
            failure = error
        finally:
            with trio.CancelScope(shield=True):
                await workers.stop()
            nursery.cancel_scope.cancel()
    workers.close()
    if failure is not None:
        raise failure
