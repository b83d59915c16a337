"""Playing a tournament's matches in this process, and what every runner shares to play one.

    async with open_started_bots(config, allow_faulty=…, on_problem=…) as bots:
        summary = await run_tournament(plan, store, runner=InProcess(bots))

Concurrency: matches are trio tasks in this process (the referee is light; the bots are
separate processes).  Each finished match is committed to the results file in its own
transaction (in a worker thread: the fsync must not stall the referees) before the next
is counted, so an interrupted run resumes where it stopped.

Before the first match every bot is started (`open_started_bots`): a gRPC bot must answer
its Hello, a stdio bot must begin to read its stdin (or still run after its start-up
time).  One that does not stops the run with `BotStartError`, which names its command,
why (its exit status) and the last lines of its log; with `allow_faulty` the run goes on
and each such bot is tried again before each of its matches.  A match in which a bot
never started is not final (`play_slot` returns its `NotStarted`): it is not saved, and
the run's ledger notes it for the next run (arena.run.ledger).

Each match's play is a boundary (arena.run.match_errors): an unexpected error inside one
match ends that match only; it is logged, not saved (the next run plays it again), the
other matches go on, and the summary names it (`RunSummary.errors`, `RunSummary.notes`).
Worker processes and Dask hosts play each match with the same `play_slot`.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import trio

import engine
from arena.config import TournamentConfig
from arena.errors import BotFault, BotStartError
from arena.play import BotPool, SeatClient, open_bot_pool, play_match
from arena.play.stdio_seat import StdioSeat
from arena.process import sandbox_status
from arena.records import BotEntry, Fault, FaultKind, MatchRecord, MatchSlot
from arena.run.ledger import NotStarted, RunLedger
from arena.run.match_errors import MatchError, guarded, rows_or_error
from arena.run.schedule import bot_match_id
from arena.v1 import arena_pb2 as pb

__all__ = [
    "InProcess",
    "StartProblem",
    "StartedBots",
    "open_started_bots",
    "play_slot",
    "expect_slot",
    "LOG_TAIL_LINES",
    "start_failure_text",
]

# --- starting the bots ----------------------------------------------------------------------

#: Lines of a bot's log that a start problem shows.
LOG_TAIL_LINES = 10

# Where a start fault's reason names the bot's log: "(see logs/x/bot-1.log)".
_LOG_IN_REASON = re.compile(r"\(see (?P<path>[^()]+\.log)\)")


@dataclass(frozen=True)
class StartProblem:
    """A bot that did not start: its command, why, and the last lines of its log."""

    bot: str
    command: str
    reason: str
    log: Path | None = None
    log_tail: tuple[str, ...] = ()

    def __str__(self) -> str:
        lines = [f"bot {self.bot} did not start: {self.reason}", f"  its command: {self.command}"]
        if self.log_tail:
            lines.append(f"  the last lines of {self.log}:")
            lines += [f"    {line}" for line in self.log_tail]
        elif self.log is not None:
            lines.append(f"  its log {self.log} is empty")
        return "\n".join(lines)


def _start_problem(entry: BotEntry, reason: str, log_dir: Path) -> StartProblem:
    named = _LOG_IN_REASON.search(reason)
    if named is not None:
        log: Path | None = Path(named["path"])
    else:  # the process still ran (a Hello too slow): its newest log
        logs = sorted(log_dir.glob(f"{entry.name}-*.log"), key=lambda path: path.stat().st_mtime)
        log = logs[-1] if logs else None
    tail: tuple[str, ...] = ()
    if log is not None:
        try:
            lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            log = None
        else:
            tail = tuple(line for line in lines if line.strip())[-LOG_TAIL_LINES:]
    command = entry.address if entry.address is not None else shlex.join(entry.command)
    return StartProblem(entry.name, command, reason, log, tail)


class StartedBots:
    """The bots of a run in their pool, and those that have not started (see the module
    docstring); made by `open_started_bots`."""

    def __init__(self, pool: BotPool, config: TournamentConfig) -> None:
        self.pool = pool
        self.config = config
        self._entries = _entries(config)
        self._on_problem: Callable[[StartProblem], None] | None = None
        #: The bots that have not started: name -> their last problem.
        self.unstarted: dict[str, StartProblem] = {}
        self._told: set[str] = set()

    def report_to(self, on_problem: Callable[[StartProblem], None] | None) -> None:
        """From now on `on_problem` hears once of each bot that does not start, those
        known already first."""
        self._on_problem = on_problem
        for name in list(self.unstarted):
            self._tell(name)

    def _tell(self, name: str) -> None:
        if name not in self._told and self._on_problem is not None:
            self._told.add(name)
            self._on_problem(self.unstarted[name])

    async def check(self, names: Iterable[str]) -> list[StartProblem]:
        """Start (or try again) each of `names` at once; the problems, in their order."""
        names = list(dict.fromkeys(names))
        async with trio.open_nursery() as nursery:
            for name in names:
                nursery.start_soon(self._check, name)
        return [self.unstarted[name] for name in names if name in self.unstarted]

    async def _check(self, name: str) -> None:
        entry = self._entries[name]
        reason = await (self._stdio_start(entry) if entry.protocol == "stdio" else self._grpc_start(entry))
        if reason is None:
            self.unstarted.pop(name, None)
        else:
            self.failed(name, reason)

    async def _grpc_start(self, entry: BotEntry) -> str | None:
        try:
            await self.pool.hello(entry.name)
        except BotFault as fault:
            return fault.reason
        return None

    async def _stdio_start(self, entry: BotEntry) -> str | None:
        # A stdio bot is started anew for each match: this start is a check of its own,
        # ended (its stdin closed) as soon as the bot has begun to read.
        seat = self.pool.seat(entry.name)
        assert isinstance(seat, StdioSeat)
        config = self.config
        start = pb.MatchStart(
            match_id="start-check",
            game=config.game,
            players=config.seats,
            names=[entry.name] * config.seats,
            deals=config.deals,
        )
        try:
            async with seat.open_play(start) as stream:
                return await stream.started(entry.startup_timeout)
        except BotFault as fault:
            return fault.reason

    def failed(self, name: str, reason: str) -> None:
        """`name` did not start, for `reason` (see `report_to`)."""
        self.unstarted[name] = _start_problem(self._entries[name], reason, self.config.logs)
        self._tell(name)

    async def blocking(self, slot: MatchSlot) -> str | None:
        """The bot of `slot` that has not started, once each that had not is tried again;
        None when all have."""
        waiting = [name for name in slot.names if name in self.unstarted]
        if waiting:
            await self.check(waiting)
        return next((name for name in slot.names if name in self.unstarted), None)


@asynccontextmanager
async def open_started_bots(
    config: TournamentConfig,
    *,
    allow_faulty: bool = False,
    on_problem: Callable[[StartProblem], None] | None = None,
    humans: Callable[[BotEntry], SeatClient] | None = None,
) -> AsyncIterator[StartedBots]:
    """The bot pool of a run, every bot started before it is handed out.

    A bot that does not start raises `BotStartError` (the bots stopped first), unless
    `allow_faulty`: then the run goes on.  `on_problem` hears once of each bot that does
    not start, now or later in the run.  `humans` seats the people of the file (``human =
    true``: arena/human).
    """
    async with AsyncExitStack() as stack:
        pool = await stack.enter_async_context(
            open_bot_pool(_entries(config), config.logs, game=config.game, humans=humans)
        )
        bots = StartedBots(pool, config)
        problems = await bots.check(bot.name for bot in config.bots)
        if problems and not allow_faulty:
            await stack.aclose()  # the bots are stopped; the error leaves no nursery to wrap it
            raise BotStartError(start_failure_text(problems), [problem.bot for problem in problems])
        bots.report_to(on_problem)
        yield bots


def _entries(config: TournamentConfig) -> dict[str, BotEntry]:
    return {bot.name: bot for bot in config.bots}


def start_failure_text(problems: Sequence[StartProblem]) -> str:
    """The message of the `BotStartError` that `problems` stop a run with."""
    many = len(problems) > 1
    return "\n".join(
        [
            f"{f'{len(problems)} bots' if many else 'A bot'} did not start, so no match was played:",
            *map(str, problems),
            f"Fix {'them' if many else 'it'} and run again; 'arena run --allow-faulty' plays on, leaving "
            f"{'their' if many else 'its'} matches for a later run.",
        ]
    )


async def play_slot(
    game: engine.Game, config: TournamentConfig, bots: StartedBots, slot: MatchSlot, match_id: str
) -> MatchRecord | NotStarted:
    """Play `slot` with `bots` (the bots told `match_id`): its record, or the bot of it that
    has not started (the match is then not final: a later run plays it)."""
    waiting = await bots.blocking(slot)
    if waiting is not None:
        return NotStarted(waiting)
    record = await play_match(
        game,
        [bots.pool.seat(name, slot.seed) for name in slot.names],
        seed=slot.seed,
        deals=config.deals,
        time_controls=[config.time_control_of(name) for name in slot.names],
        match_id=slot.key,
        bot_match_id=match_id,
    )
    never = _start_fault(record)
    if never is not None:
        bots.failed(never.bot, never.reason)
        return NotStarted(never.bot)
    return record


def expect_slot(bots: StartedBots, slot: MatchSlot) -> None:
    """Tell the pool the seats of `slot`, which is to start next (see `BotPool.expect`)."""
    for name in slot.names:
        bots.pool.expect(name, slot.seed)


def _start_fault(record: MatchRecord) -> Fault | None:
    """The fault of a seat that never started in `record`, if any."""
    return next((fault for fault in record.faults if fault.kind is FaultKind.START), None)


# --- the run in this process -------------------------------------------------------------


class InProcess:
    """The runner of a run in this process (arena.run.runner): `bots` play the matches,
    `concurrency` at a time, as trio tasks; each is saved as it ends."""

    def __init__(self, bots: StartedBots) -> None:
        self.bots = bots

    @property
    def where(self) -> str:
        return ""

    @property
    def sandbox(self) -> str | None:
        return sandbox_status(self.bots.config.bots)

    async def play(self, ledger: RunLedger) -> None:
        plan, store, bots = ledger.plan, ledger.store, self.bots

        def save(slot: MatchSlot, record: MatchRecord) -> MatchError | None:
            rows = rows_or_error(slot, record)
            if isinstance(rows, MatchError):
                return rows
            store.save_rows(slot.key, record.game, rows)
            return None

        async def play(slot: MatchSlot, limiter: trio.Semaphore) -> None:
            try:
                match_id = bot_match_id(slot.key, plan.secret)
                record = await guarded(slot.key, partial(play_slot, plan.game, plan.config, bots, slot, match_id))
                if isinstance(record, NotStarted):
                    ledger.left(slot.key, record)
                    return
                if isinstance(record, MatchError):
                    ledger.failed(record)
                    return
                error = await trio.to_thread.run_sync(save, slot, record)
                if error is not None:
                    ledger.failed(error)
                    return
                ledger.saved(record)
            finally:
                limiter.release()

        limiter = trio.Semaphore(plan.config.concurrency)
        todo = plan.todo
        if todo:
            expect_slot(bots, todo[0])
        async with trio.open_nursery() as nursery:
            for index, slot in enumerate(todo):
                await limiter.acquire()
                if ledger.stopped():
                    limiter.release()
                    break
                nursery.start_soon(play, slot, limiter)
                if index + 1 < len(todo):
                    # Its bots' processes start while the matches under way play.
                    expect_slot(bots, todo[index + 1])
