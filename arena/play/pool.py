"""The bots of a run: processes started on demand, reused, restarted after a crash.

A gRPC bot process serves several matches, each on its own Play stream, which keeps
process starts out of most of the tournament's time, but **never two matches dealt from
the same deals**: the rotations of one table (and copies of one bot at one table) go to
different processes of that bot, so no process has seen a deal's showdown before it
plays that deal.  A seat asks for its bot with the match's `deals` (the table's deal
seed); the pool gives a process that has never played them, starting one when none is
free.  A bot given by `address` is already running elsewhere: one connection, whatever
the deals (it is outside the arena's control, and the tables say so).  The pool owns its
processes through a trio nursery: leaving `open_bot_pool` stops every one of them.

A run that knows its next match says so (`BotPool.expect`): the processes that match will
need and the pool lacks are started then, in the background, so the next rotation of a
table does not wait for its bots to start (about 130 ms each for a Python bot, several at
once).  Only processes a coming seat needs are started, so a run starts no more of them.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections import Counter
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path

import trio

from arena.errors import BotFault, BotStartError
from arena.play.grpc_bot import GrpcBot
from arena.play.inprocess import InProcessSeat, in_process_hello
from arena.play.referee import SeatClient
from arena.play.stdio_seat import StdioSeat
from arena.process import BotCommand, BotProcess, open_bot_process
from arena.protocol import HUMAN, IN_PROCESS
from arena.records import BotEntry, FaultKind
from arena.v1 import arena_pb2 as pb

__all__ = ["BotPool", "open_bot_pool"]

log = logging.getLogger("arena.pool")


class _Running:
    def __init__(self, grpc_bot: GrpcBot, hello: pb.HelloReply, process: BotProcess | None) -> None:
        self.grpc = grpc_bot
        self.hello = hello
        self.process = process
        self.stop = trio.Event()
        self.done = trio.Event()
        #: The deals (table seeds) this process has played or is playing.
        self.deals: set[int] = set()

    def alive(self) -> bool:
        return self.process is None or self.process.returncode() is None


class BotPool:
    """Hands out seat clients for named bots; see `open_bot_pool`."""

    def __init__(
        self,
        nursery: trio.Nursery,
        entries: Mapping[str, BotEntry],
        log_dir: Path,
        game: str | None,
        humans: Callable[[BotEntry], SeatClient] | None = None,
    ) -> None:
        self._nursery = nursery
        self._humans = humans  # the seat of a person (protocol HUMAN), made by the run
        self._entries = dict(entries)
        self._log_dir = log_dir
        self._game = game
        self._running: dict[str, list[_Running]] = {name: [] for name in entries}
        self._locks = {name: trio.Lock() for name in entries}
        self.starts: dict[str, int] = {name: 0 for name in entries}
        self._start_failures: dict[str, BotFault] = {}
        #: Seats announced by `expect` and not yet claimed, by bot and deals.
        self._expected: dict[str, Counter[int]] = {name: Counter() for name in entries}
        #: Processes on their way (started by a claim or by `expect`), by bot: none has
        #: played anything yet, so each will do for any deals.
        self._starting: dict[str, int] = {name: 0 for name in entries}
        #: Set when a process started by `expect` joins the pool (then replaced).
        self._joined = {name: trio.Event() for name in entries}

    def entry(self, name: str) -> BotEntry:
        return self._entries[name]

    def seat(self, name: str, deals: int | None = None) -> SeatClient:
        """A SeatClient for the referee (see arena.play.referee), for a match dealt from
        `deals` (its table's deal seed; None: deals no other match shares)."""
        if self._entries[name].protocol == "stdio":
            return StdioSeat(self._entries[name], self._log_dir)  # a process per match already
        if self._entries[name].protocol == IN_PROCESS:
            return InProcessSeat(self._entries[name])  # no process: an instance per match
        if self._entries[name].protocol == HUMAN:
            if self._humans is None:
                raise BotStartError(f"{name} is a person (human = true), and this run cannot seat one", [name])
            return self._humans(self._entries[name])
        return _PooledSeat(self, name, deals)

    def expect(self, name: str, deals: int) -> None:
        """Say that a seat of `name` will soon ask for a process for a match dealt from
        `deals`: if the bot's processes that have never played them (and those on their
        way) are fewer than the seats announced for them, one is started now, in the
        background.  Each seat announced is counted until it asks (`seat`); a bot whose
        last start failed, or that is not a process of the pool's, is left alone."""
        entry = self._entries[name]
        if entry.protocol in ("stdio", IN_PROCESS, HUMAN) or entry.address is not None or name in self._start_failures:
            return
        self._expected[name][deals] += 1
        fresh = sum(1 for r in self._running[name] if r.alive() and deals not in r.deals)
        if fresh + self._starting[name] < self._expected[name][deals]:
            self._starting[name] += 1
            self._nursery.start_soon(self._start_ahead, name)

    async def _start_ahead(self, name: str) -> None:
        try:
            running = await self._nursery.start(self._serve, self._entries[name])
        except BotFault as fault:
            # Claims that waited for it share the fault, as they do a claim's; a later
            # claim starts the bot anew and reports its own.
            log.debug("bot %s: a start ahead of its match failed: %s", name, fault.reason)
            self._start_failures.setdefault(name, fault)
        else:
            self._running[name].append(running)
        finally:
            self._starting[name] -= 1
            self._joined[name].set()
            self._joined[name] = trio.Event()

    async def hello(self, name: str) -> pb.HelloReply:
        """Start the bot if none of its processes runs, and return its Hello (raises BotFault).
        An in-process bot's class is loaded instead, and answers for itself."""
        if self._entries[name].protocol == IN_PROCESS:
            return in_process_hello(self._entries[name], self._game)
        if self._entries[name].protocol == HUMAN:  # a person starts nothing, and plays any game
            return pb.HelloReply(name=name, games=[self._game] if self._game else [], protocol_version=1)
        return (await self._claim(name, None)).hello

    def processes(self, name: str | None = None) -> list[BotProcess]:
        """The processes the pool has running, of one bot or of all."""
        names = [name] if name is not None else list(self._running)
        return [r.process for n in names for r in self._running[n] if r.process is not None]

    async def _claim(self, name: str, deals: int | None) -> _Running:
        """A running process of the bot that has never played `deals`, marked as playing
        them; started when there is none (a dead one is cleared away first)."""
        attempts = self.starts[name]  # to tell a start that failed while this claim waited
        while True:
            async with self._locks[name]:
                instances = self._running[name]
                for running in [r for r in instances if not r.alive()]:
                    assert running.process is not None  # only a process can stop being alive
                    log.warning("bot %s: %s; starting another", name, running.process.exit_description())
                    instances.remove(running)
                    running.stop.set()
                    with trio.move_on_after(5):
                        await running.done.wait()
                remote = self._entries[name].address is not None
                for running in instances:
                    if remote or deals is None or deals not in running.deals:
                        return self._claimed(name, running, deals)
                failed = self._start_failures.get(name)
                if failed is not None and self.starts[name] != attempts:
                    # It failed to start while this claim waited: share that failure rather
                    # than wait as long again.  A later match tries anew.
                    raise BotFault(FaultKind.START, failed.reason)
                if not self._starting[name]:
                    self._starting[name] += 1
                    try:
                        running = await self._nursery.start(self._serve, self._entries[name])
                    except BotFault as fault:
                        self._start_failures[name] = fault
                        raise
                    finally:
                        self._starting[name] -= 1
                    self._start_failures.pop(name, None)
                    instances.append(running)
                    return self._claimed(name, running, deals)
                joined = self._joined[name]
            # A process started ahead is on its way: it may be this seat's.
            await joined.wait()

    def _claimed(self, name: str, running: _Running, deals: int | None) -> _Running:
        if deals is not None:
            running.deals.add(deals)
            expected = self._expected[name]
            if expected[deals] > 1:
                expected[deals] -= 1
            else:  # none left: a long run's tables would otherwise each leave a 0 behind
                expected.pop(deals, None)
        return running

    async def _serve(self, entry: BotEntry, task_status=trio.TASK_STATUS_IGNORED) -> None:
        self.starts[entry.name] += 1
        if entry.address is not None:
            bot = GrpcBot(entry.name, entry.address)
            try:
                running = _Running(bot, await self._hello(bot, entry), None)
                task_status.started(running)
                await running.stop.wait()
            finally:
                bot.close()
            return
        command = BotCommand.for_entry(entry)
        started = False
        try:
            async with open_bot_process(command, self._log_dir) as process:
                bot = GrpcBot(entry.name, process.address)
                try:
                    answer: list[pb.HelloReply | BotFault] = []
                    # Nursery bodies wrap exceptions in groups, so both tasks report
                    # through `answer` and the first to finish ends the wait.
                    async with trio.open_nursery() as waiting:

                        async def ask() -> None:
                            try:
                                bot.address = await process.socket_address(entry.startup_timeout)
                                answer.append(await self._hello(bot, entry))
                            except BotFault as fault:
                                answer.append(fault)
                            waiting.cancel_scope.cancel()

                        async def exit_ends_wait() -> None:
                            await process.wait()
                            waiting.cancel_scope.cancel()

                        waiting.start_soon(ask)
                        waiting.start_soon(exit_ends_wait)
                    if not answer or isinstance(answer[0], BotFault):
                        reason = answer[0].reason if answer else "no Hello"
                        if process.returncode() is not None:
                            reason = f"{reason}; the process {process.exit_description()} (see {process.log_path})"
                        raise BotFault(FaultKind.START, reason)
                    hello = answer[0]
                    running = _Running(bot, hello, process)
                    task_status.started(running)
                    started = True
                    with trio.CancelScope() as scope:
                        async with trio.open_nursery() as watch:

                            async def on_exit() -> None:
                                await process.wait()
                                # gRPC can take seconds to notice a dead peer.
                                bot.fail_streams(BotFault(FaultKind.CRASH, f"the process {process.exit_description()}"))
                                scope.cancel()

                            watch.start_soon(on_exit)
                            await running.stop.wait()
                            scope.cancel()
                    running.done.set()
                finally:
                    bot.close()
        except BotStartError as error:
            raise BotFault(FaultKind.START, str(error)) from None
        except BotFault:
            raise
        except Exception as error:
            if not started:
                # The arena's own failure while starting it: a start fault the run reports
                # (and arena.log explains with -v), not a traceback.
                log.warning("bot %s: the arena failed while starting it: %r", entry.name, error)
                log.debug("the failure while starting bot %s", entry.name, exc_info=True)
                raise BotFault(
                    FaultKind.START, f"the arena failed while starting it: {type(error).__name__}: {error}"
                ) from None
            raise

    async def _hello(self, bot: GrpcBot, entry: BotEntry) -> pb.HelloReply:
        hello = await bot.hello(entry.startup_timeout)
        if self._game is not None and self._game not in hello.games:
            plays = ", ".join(hello.games) or "nothing"
            raise BotFault(FaultKind.START, f"the bot says it plays {plays}, not {self._game}")
        return hello

    def exit_description(self, name: str) -> str | None:
        """How the bot's last process to end ended, if one of them has ended."""
        for running in self._running[name]:
            if running.process is not None and running.process.returncode() is not None:
                return running.process.exit_description()
        return None


class _PooledSeat:
    """A seat client backed by one of the pool's processes for one bot."""

    def __init__(self, pool: BotPool, name: str, deals: int | None) -> None:
        self._pool = pool
        self.name = name
        self._deals = deals

    @asynccontextmanager
    async def open_play(self, start: pb.MatchStart) -> AsyncIterator[_ExplainingStream]:
        running = await self._pool._claim(self.name, self._deals)
        async with running.grpc.open_play(start) as stream:
            yield _ExplainingStream(stream, running)


class _ExplainingStream:
    """Adds the process's fate ("killed by signal 9…") to a crash fault's reason."""

    def __init__(self, stream, running: _Running) -> None:
        self._stream = stream
        self._running = running
        self.cpu_meter = running.process.cpu_meter if running.process is not None else None
        self.request_format = stream.request_format
        self._trio_token = trio.lowlevel.current_trio_token()

    def send(self, message: pb.RefereeMessage | bytes) -> None:
        self._stream.send(message)

    def cancel(self) -> None:
        self._stream.cancel()

    async def decide(self, request: bytes, decision_id: int, time_limit: float) -> pb.Decision:
        try:
            return await self._stream.decide(request, decision_id, time_limit)
        except BotFault as fault:
            if fault.kind is FaultKind.CRASH:
                raise await self._explained(fault) from None
            raise

    async def decide_on_loop(self, request: bytes, decision_id: int, time_limit: float) -> pb.Decision:
        """As `decide`, on the gRPC loop (see arena.play.referee)."""
        try:
            return await self._stream.decide_on_loop(request, decision_id, time_limit)
        except BotFault as fault:
            if fault.kind is FaultKind.CRASH:
                # The explanation waits in trio for the process's exit; a thread asks it
                # there, so the loop's other matches go on meanwhile.
                ask = functools.partial(trio.from_thread.run, self._explained, fault, trio_token=self._trio_token)
                try:
                    explained = await asyncio.get_running_loop().run_in_executor(None, ask)
                except trio.RunFinishedError:
                    raise fault from None
                raise explained from None
            raise

    async def _explained(self, fault: BotFault) -> BotFault:
        process = self._running.process
        if process is None:
            return fault
        # The stream may break a moment before the exit status can be read.
        with trio.move_on_after(0.5):
            await process.wait()
        if process.limit_fault is not None:  # the watcher stopped it: memory or processes
            return process.limit_fault
        fate = process.exit_description() if process.returncode() is not None else None
        if fate and fate not in fault.reason:
            return BotFault(fault.kind, f"{fault.reason}; the process {fate}")
        return fault


@asynccontextmanager
async def open_bot_pool(
    entries: Mapping[str, BotEntry],
    log_dir: Path,
    game: str | None = None,
    humans: Callable[[BotEntry], SeatClient] | None = None,
) -> AsyncIterator[BotPool]:
    """A pool whose processes all stop when the block is left, however it is left.
    `humans` makes the seat of a person (an entry of protocol HUMAN: arena/human)."""
    await trio.Path(log_dir).mkdir(parents=True, exist_ok=True)
    async with trio.open_nursery() as nursery:
        pool = BotPool(nursery, entries, log_dir, game, humans)
        try:
            yield pool
        finally:
            nursery.cancel_scope.cancel()
