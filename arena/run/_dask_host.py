"""What runs on a Dask worker for `arena.run.cluster`: a run's *host* there (a thread
with its own trio loop and bot pool, the bots started once) and the tasks the
coordinator sends it (`open_host`, `play_on_host`, `close_hosts`).  See the docstring of
arena/run/cluster.py for the design."""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import math
import threading
from collections import deque
from dataclasses import dataclass, replace
from typing import Any

import trio

import engine
from arena.config import TournamentConfig
from arena.play.process import sandbox_status
from arena.records import MatchRecord, MatchSlot
from arena.results.store import finished_rows
from arena.run.tournament import StartedBots, StartProblem, open_started_bots, play_slot
from arena.run.workers import STOP_LIMIT

__all__ = ["HOST_IDLE", "Outcome", "open_host", "play_on_host", "close_hosts"]

log = logging.getLogger("arena.cluster")

#: Seconds a host keeps its bots without a match to play: a coordinator that was killed
#: never says the run is over.
HOST_IDLE = 300.0


class _HostGone(Exception):
    """The host stopped before it played the match: the task asks for a new one."""


class _Logs(logging.Handler):
    """Keeps a worker's arena log records until a task takes them to the coordinator."""

    def __init__(self) -> None:
        super().__init__()
        self._records: deque[tuple[str, int, str]] = deque(maxlen=10_000)

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self._records.append((record.name, record.levelno, self.format(record)))
        except Exception:  # noqa: BLE001 - logging must not fail a match
            self.handleError(record)

    def install(self, level: int) -> None:
        """From now on the arena's records at `level` and above are kept here."""
        arena = logging.getLogger("arena")
        if self not in arena.handlers:  # the first task in this worker
            arena.handlers[:] = [self]
            arena.propagate = False
        arena.setLevel(level)

    def take(self) -> tuple[tuple[str, int, str], ...]:
        """The records kept so far."""
        taken = []
        while self._records:
            taken.append(self._records.popleft())
        return tuple(taken)


_LOGS = _Logs()
_hosts: dict[str, _Host] = {}
_hosts_lock = threading.Lock()


class _Host:
    """A run's bots on one Dask worker, in a thread of their own (see the module docstring)."""

    def __init__(self, run_id: str, config: TournamentConfig) -> None:
        self.run_id = run_id
        self.config = config
        self.game = engine.load(config.game, players=config.seats, **config.options)
        #: The bots that did not start when the host opened.
        self.problems: tuple[StartProblem, ...] = ()
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self._token: trio.lowlevel.TrioToken | None = None
        self._requests: trio.MemorySendChannel[tuple[MatchSlot, str, concurrent.futures.Future[Any]]] | None = None
        self._scope: trio.CancelScope | None = None
        self._thread = threading.Thread(target=self._main, name=f"arena-host-{run_id[:8]}", daemon=True)

    def start(self) -> None:
        self._thread.start()
        self._ready.wait()
        if self._failure is not None:
            raise self._failure

    def _main(self) -> None:
        try:
            trio.run(self._serve)
        except BaseException as error:  # noqa: BLE001 - the task that started it raises it
            self._failure = error
        finally:
            self._ready.set()
            with _hosts_lock:
                if _hosts.get(self.run_id) is self:
                    del _hosts[self.run_id]

    async def _serve(self) -> None:
        send, receive = trio.open_memory_channel[tuple[MatchSlot, str, concurrent.futures.Future[Any]]](math.inf)
        problems: list[StartProblem] = []
        with trio.CancelScope() as self._scope:
            async with open_started_bots(self.config, allow_faulty=True, on_problem=problems.append) as bots:
                self.problems = tuple(problems)
                self._token = trio.lowlevel.current_trio_token()
                self._requests = send
                self._ready.set()
                async with trio.open_nursery() as nursery:
                    while True:
                        with trio.move_on_after(HOST_IDLE) as idle:
                            slot, match_id, reply = await receive.receive()
                        if not idle.cancelled_caught:
                            nursery.start_soon(self._play, bots, slot, match_id, reply)
                        elif not nursery.child_tasks:
                            log.info("no match for %.0f s: the bots of run %s stop", HOST_IDLE, self.run_id[:8])
                            break
        send.close()
        for _, _, reply in _drain(receive):  # sent while it stopped: played by a new host
            reply.set_exception(_HostGone())

    async def _play(
        self, bots: StartedBots, slot: MatchSlot, match_id: str, reply: concurrent.futures.Future[Any]
    ) -> None:
        try:
            record = await play_slot(self.game, self.config, bots, slot, match_id)
        except trio.Cancelled:
            reply.set_exception(_HostGone())
            raise
        except Exception as error:  # noqa: BLE001 - the task raises it, the coordinator reports it
            reply.set_exception(error)
        else:
            reply.set_result((record, bots.unstarted.get(record) if isinstance(record, str) else None))

    def play(self, slot: MatchSlot, match_id: str) -> tuple[MatchRecord | str, StartProblem | None]:
        """Play `slot` here (from a Dask task's thread): its record or the bot that did not start."""
        reply: concurrent.futures.Future[Any] = concurrent.futures.Future()
        assert self._requests is not None and self._token is not None
        try:
            trio.from_thread.run_sync(self._requests.send_nowait, (slot, match_id, reply), trio_token=self._token)
        except (trio.RunFinishedError, trio.ClosedResourceError, trio.BrokenResourceError):
            raise _HostGone() from None
        result: tuple[MatchRecord | str, StartProblem | None] = reply.result()
        return result

    def stop(self) -> None:
        """Stop the bots and the thread (from any other thread)."""
        if self._token is not None and self._scope is not None:
            try:
                trio.from_thread.run_sync(self._scope.cancel, trio_token=self._token)
            except trio.RunFinishedError:
                pass
        self._thread.join(STOP_LIMIT)


def _drain(receive: trio.MemoryReceiveChannel[Any]) -> list[Any]:
    out = []
    while True:
        try:
            out.append(receive.receive_nowait())
        except (trio.WouldBlock, trio.EndOfChannel):
            return out


def _host(run_id: str, config: TournamentConfig) -> _Host:
    with _hosts_lock:
        host = _hosts.get(run_id)
        if host is None:
            host = _hosts[run_id] = _Host(run_id, config)
            try:
                host.start()
            except BaseException:
                _hosts.pop(run_id, None)
                raise
    return host


def open_host(run_id: str, config: TournamentConfig, level: int) -> tuple[Any, ...]:
    """A Dask task: this worker's host of the run started; its start problems, logs and sandbox_status."""
    _LOGS.install(level)
    return _host(run_id, config).problems, _LOGS.take(), sandbox_status(config.bots)


@dataclass(frozen=True)
class Outcome:
    """What a match task sends back: a record with its rows, or the bot that did not start."""

    record: MatchRecord | None
    rows: Any
    unstarted: str | None
    problem: StartProblem | None
    logs: tuple[tuple[str, int, str], ...]


def play_on_host(run_id: str, config: TournamentConfig, slot: MatchSlot, match_id: str, level: int) -> Outcome:
    """A Dask task: play `slot` with this worker's host of the run."""
    _LOGS.install(level)
    for _ in range(3):
        try:
            record, problem = _host(run_id, config).play(slot, match_id)
            break
        except _HostGone:
            continue
    else:
        raise RuntimeError("the bots' host on this worker stopped three times while the match was sent to it")
    if isinstance(record, str):
        return Outcome(None, None, record, problem, _LOGS.take())
    rows = finished_rows(slot, record)
    return Outcome(replace(record, history=()), rows, None, None, _LOGS.take())


async def close_hosts(run_id: str) -> None:
    """Run on every worker at the end of a run (``Client.run``): stop its host of the run."""
    with _hosts_lock:
        host = _hosts.pop(run_id, None)
    if host is not None:
        await asyncio.to_thread(host.stop)  # Dask's own loop is asyncio's
