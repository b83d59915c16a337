"""What runs on a Dask worker for `arena.run.cluster`: a run's *host* there (a thread
with its own trio loop and bot pool, the bots started once) and the tasks the
coordinator sends it (`open_host`, `play_on_host`, `close_hosts`), and the bot logs it
takes to the coordinator when the worker does not share its logs folder (`WorkerLogs`).
See the docstring of arena/run/cluster.py for the design."""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import math
import os
import re
import threading
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any

import trio

import engine
from arena.config import TournamentConfig
from arena.process import sandbox_status
from arena.records import MatchRecord, MatchSlot
from arena.run.ledger import NotStarted
from arena.run.match_errors import MatchError, guarded, rows_or_error
from arena.run.tournament import StartedBots, StartProblem, open_started_bots, play_slot
from arena.run.workers import STOP_LIMIT

__all__ = [
    "HOST_IDLE",
    "LogBytes",
    "Opened",
    "Outcome",
    "WorkerLogs",
    "close_hosts",
    "open_host",
    "play_on_host",
    "run_marker",
    "worker_folder",
]

log = logging.getLogger("arena.cluster")

#: Seconds a host keeps its bots without a match to play: a coordinator that was killed
#: never says the run is over.
HOST_IDLE = 300.0
#: Most bytes of bot logs one task takes to the coordinator (the rest goes with the next):
#: each log is already capped by its bot's ``stderr_limit``, but a task may find many.
SHIP_LIMIT = 8 * 1024 * 1024
#: Most bytes of bot logs the end of a run takes (`close_hosts`); the rest stays on the worker.
LAST_SHIP_LIMIT = 64 * 1024 * 1024


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


# --- the bot logs of a worker that does not share the coordinator's logs folder -------------


def run_marker(run_id: str) -> str:
    """The file the coordinator puts in its logs folder for a run: a worker that sees it in
    its own ``config.logs`` shares that folder, and its bot logs are there already."""
    return f".arena-run-{run_id}"


def worker_folder(address: str) -> str:
    """A folder name for the Dask worker at `address` (tcp://10.0.0.5:40123 -> 10.0.0.5-40123)."""
    _, _, host_port = address.rpartition("://")
    return re.sub(r"[^A-Za-z0-9._-]+", "-", host_port).strip("-.") or "worker"


@dataclass(frozen=True)
class LogBytes:
    """Bytes of one bot log of a worker, from `offset` in its file."""

    name: str
    offset: int
    data: bytes


@dataclass(frozen=True)
class WorkerLogs:
    """New bytes of the bot logs of a worker that does not share the coordinator's logs
    folder.  Such a worker writes them into ``<logs>/<folder>/`` (`folder`: `worker_folder`),
    and the coordinator copies them to the same path on its side, so the "(see …)" of a
    fault names a file on both machines."""

    folder: str
    pieces: tuple[LogBytes, ...]
    #: Bytes not taken for lack of room (`SHIP_LIMIT`): they come with a later task.
    left: int = 0


def _log_names(folder: Path) -> list[str]:
    try:
        with os.scandir(folder) as entries:
            return [entry.name for entry in entries if entry.name.endswith(".log") and entry.is_file()]
    except FileNotFoundError:
        return []


class _LogShipper:
    """The bot logs a run's hosts write on this worker, and how much of each was taken."""

    def __init__(self, folder: str, path: Path) -> None:
        self.folder = folder
        self.path = path
        # The worker process outlives runs: the logs of its earlier runs are not this one's.
        self._earlier = set(_log_names(path))
        self._taken: dict[str, int] = {}
        self._lock = threading.Lock()  # tasks take from several threads

    def take(self, limit: int, held: Mapping[str, int] | None = None) -> WorkerLogs:
        """The bytes not taken yet, `limit` at most; with `held` (file -> bytes the
        coordinator holds from the start), also those taken whose task never came back."""
        with self._lock:
            if held is not None:
                self._taken = {name: min(taken, held[name]) for name, taken in self._taken.items() if name in held}
            pieces: list[LogBytes] = []
            room, left = limit, 0
            for name in sorted(set(_log_names(self.path)) - self._earlier):
                start = self._taken.get(name, 0)
                try:
                    with open(self.path / name, "rb") as file:
                        size = os.fstat(file.fileno()).st_size
                        file.seek(start)
                        data = file.read(min(room, max(0, size - start)))
                except OSError as error:  # removed by hand: nothing to copy
                    log.debug("cannot read the bot log %s: %s", self.path / name, error)
                    continue
                if data or name not in self._taken:  # an empty log is copied too: it says the bot said nothing
                    pieces.append(LogBytes(name, start, data))
                    self._taken[name] = start + len(data)
                    room -= len(data)
                left += max(0, size - start - len(data))
            return WorkerLogs(self.folder, tuple(pieces), left)


def _shipper(run_id: str, config: TournamentConfig) -> _LogShipper | None:
    """The run's shipper on this worker (made with the run's first host here); None when
    the worker shares the coordinator's logs folder (`run_marker`)."""
    shipper = _shippers.get(run_id)
    if shipper is None and not (config.logs / run_marker(run_id)).exists():
        from distributed import get_worker

        folder = worker_folder(get_worker().address)
        shipper = _shippers[run_id] = _LogShipper(folder, config.logs / folder)
    return shipper


def _new_bot_logs(run_id: str, limit: int = SHIP_LIMIT) -> WorkerLogs | None:
    shipper = _shippers.get(run_id)
    return None if shipper is None else shipper.take(limit)


_LOGS = _Logs()
_hosts: dict[str, _Host] = {}
# A run's shippers outlive its hosts (one that stopped idle leaves its logs to the next).
_shippers: dict[str, _LogShipper] = {}
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
        try:  # an error inside the match is its MatchError (the task returns it): the host plays on
            record = await guarded(slot.key, partial(play_slot, self.game, self.config, bots, slot, match_id))
        except trio.Cancelled:
            reply.set_exception(_HostGone())
            raise
        reply.set_result((record, bots.unstarted.get(record.bot) if isinstance(record, NotStarted) else None))

    def play(self, slot: MatchSlot, match_id: str) -> tuple[MatchRecord | NotStarted | MatchError, StartProblem | None]:
        """Play `slot` here (from a Dask task's thread): its record, the bot that did not
        start, or the internal error that ended it."""
        reply: concurrent.futures.Future[Any] = concurrent.futures.Future()
        assert self._requests is not None and self._token is not None
        try:
            trio.from_thread.run_sync(self._requests.send_nowait, (slot, match_id, reply), trio_token=self._token)
        except (trio.RunFinishedError, trio.ClosedResourceError, trio.BrokenResourceError):
            raise _HostGone() from None
        result: tuple[MatchRecord | NotStarted | MatchError, StartProblem | None] = reply.result()
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
            shipper = _shipper(run_id, config)
            if shipper is not None:  # its bots' logs in a folder of its own, copied as they are
                config = replace(config, logs=shipper.path)
            host = _hosts[run_id] = _Host(run_id, config)
            try:
                host.start()
            except BaseException:
                _hosts.pop(run_id, None)
                raise
    return host


@dataclass(frozen=True)
class Opened:
    """What `open_host` sends back."""

    problems: tuple[StartProblem, ...]
    logs: tuple[tuple[str, int, str], ...]
    sandbox: str | None  #: `sandbox_status` here
    bot_logs: WorkerLogs | None  #: None: the worker shares the coordinator's logs folder


def open_host(run_id: str, config: TournamentConfig, level: int) -> Opened:
    """A Dask task: this worker's host of the run started."""
    _LOGS.install(level)
    problems = _host(run_id, config).problems
    return Opened(problems, _LOGS.take(), sandbox_status(config.bots), _new_bot_logs(run_id))


@dataclass(frozen=True)
class Outcome:
    """What a match task sends back: a record with its rows, the bot that did not start, or
    the internal error that ended the match (`error`)."""

    record: MatchRecord | None
    rows: Any
    unstarted: NotStarted | None
    problem: StartProblem | None
    logs: tuple[tuple[str, int, str], ...]
    bot_logs: WorkerLogs | None = None  #: None: the worker shares the coordinator's logs folder
    error: MatchError | None = None


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
    if isinstance(record, NotStarted):
        return Outcome(None, None, record, problem, _LOGS.take(), _new_bot_logs(run_id))
    if isinstance(record, MatchError):  # this match only: the host plays on
        return Outcome(None, None, None, None, _LOGS.take(), _new_bot_logs(run_id), record)
    rows = rows_or_error(slot, record)
    if isinstance(rows, MatchError):
        return Outcome(None, None, None, None, _LOGS.take(), _new_bot_logs(run_id), rows)
    return Outcome(replace(record, history=()), rows, None, None, _LOGS.take(), _new_bot_logs(run_id))


async def close_hosts(run_id: str, held: Mapping[str, Mapping[str, int]]) -> WorkerLogs | None:
    """Run on every worker at the end of a run (``Client.run``): stop its host of the run;
    the bot logs the coordinator does not hold yet (`held`: worker folder -> file -> bytes
    it holds from the start), their last lines written as the bots stopped."""
    with _hosts_lock:
        host = _hosts.pop(run_id, None)
        shipper = _shippers.pop(run_id, None)
    if host is not None:
        await asyncio.to_thread(host.stop)  # Dask's own loop is asyncio's
    if shipper is None:
        return None
    return await asyncio.to_thread(shipper.take, LAST_SHIP_LIMIT, held.get(shipper.folder, {}))
