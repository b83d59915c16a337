"""`arena check-bot`: what a bot author runs before entering a tournament.

    arena check-bot --game conto -- node bots/node/bot.js
    arena check-bot --game conto --stdio -- bash bots/stdio/random.sh

Starts the bot, checks its Hello, plays a few matches against random bots with the bot
in every seat, then reports in words every problem found, the latency of its answers,
and exits 0 (ready) or 1 (not ready).  The game asked for plays --deals deals a
match; every other game the bot claims in Hello is tried too, one deal a match.
"""

from __future__ import annotations

import argparse
import logging
import shlex
import shutil
import statistics
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import engine
from arena.cli._common import PROJECT_ROOT, add_command, add_deals_flag, seconds
from arena.config.bots import check_command_line_bots, module_of
from arena.errors import BotFault, UsageError
from arena.play import BotPool, as_said, open_bot_pool, play_match
from arena.process import run_interruptibly
from arena.protocol import DEFAULT_STARTUP_TIMEOUT
from arena.records import BotEntry, Fault, FaultKind, MatchRecord

__all__ = ["add_parser", "main", "check_bot", "CheckReport", "CheckSettings"]

CANDIDATE = "candidate"
OPPONENT = "random"


@dataclass(frozen=True)
class CheckSettings:
    """How a bot is checked: its transport, the deals a match of the game asked for, the
    seconds per decision and the seconds its Hello may take (a gRPC bot's)."""

    stdio: bool = False
    deals: int = 5
    move_time: float = 1.0
    startup_timeout: float = DEFAULT_STARTUP_TIMEOUT


@dataclass
class CheckReport:
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    decisions: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems


async def _matches(game: engine.Game, pool: BotPool, deals: int, move_time: float) -> list[MatchRecord]:
    """The candidate in every seat once, random bots in the others."""
    records = []
    for seat in range(game.players):
        names = [OPPONENT] * game.players
        names[seat] = CANDIDATE
        records.append(
            await play_match(
                game,
                [pool.seat(name, seat + 1) for name in names],
                seed=seat + 1,
                deals=deals,
                move_time=move_time,
                match_id=f"check-{game.spec.name}-{seat}",
            )
        )
    return records


class _DroppedAnswers(logging.Handler):
    """Collects what the clients log of the candidate's dropped answers (late, or repeated)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.notes: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if text.startswith(f"bot {CANDIDATE}: "):
            self.notes.append(text.removeprefix(f"bot {CANDIDATE}: "))


async def check_bot(argv: list[str], game_name: str, settings: CheckSettings, log_dir: Path) -> CheckReport:
    dropped = _DroppedAnswers()
    logger = logging.getLogger("arena")
    logger.addHandler(dropped)
    try:
        report = await _check(argv, game_name, settings, log_dir, dropped)
    finally:
        logger.removeHandler(dropped)
    if dropped.notes:
        count = len(dropped.notes)
        report.problems.append(f"{count} answer{'s were' if count > 1 else ' was'} dropped, first: {dropped.notes[0]}.")
    return report


async def _check(
    argv: list[str], game_name: str, settings: CheckSettings, log_dir: Path, dropped: _DroppedAnswers
) -> CheckReport:
    stdio, deals, move_time = settings.stdio, settings.deals, settings.move_time
    report = CheckReport()
    typed = list(argv)  # as the author typed it, for the commands suggested
    if argv and argv[0] in ("python", "python3"):
        argv = [sys.executable, *argv[1:]]
    entries = {
        CANDIDATE: BotEntry(
            CANDIDATE,
            command=tuple(argv),
            protocol="stdio" if stdio else "grpc",
            startup_timeout=settings.startup_timeout,
        ),
        OPPONENT: BotEntry(OPPONENT, command=(sys.executable, str(PROJECT_ROOT / "bots" / "random_bot.py"))),
    }
    games = [game_name]
    all_faults: set[FaultKind] = set()
    async with open_bot_pool(entries, log_dir, game=None) as pool:
        if not stdio:
            try:
                hello = await pool.hello(CANDIDATE)
            except BotFault as fault:
                report.problems.append(
                    f"No valid Hello: {fault.reason.rstrip('.')}." + _stdio_hint(fault.reason, typed, game_name)
                )
                return report
            report.notes.append(
                f"Hello: {hello.name!r} version {hello.version!r}, protocol {hello.protocol_version}, "
                f"plays {as_said(', '.join(hello.games)) or 'nothing'}"
                + (f" — {as_said(hello.description, 300)}" if hello.description else " (no description)")
            )
            if game_name not in hello.games:
                report.problems.append(
                    f"Hello does not list {game_name!r} among the games it plays ({as_said(', '.join(hello.games)) or 'none'})."
                )
            known = {spec.name for spec in engine.games()}
            for claimed in hello.games:
                if claimed not in known:
                    report.problems.append(
                        f"Hello claims the game {claimed!r}, which the arena does not have ({', '.join(sorted(known))})."
                    )
                elif claimed not in games:
                    games.append(claimed)
        for name in games:
            game = engine.load(name)
            # A game the bot also claims is only tried, one deal a match, so that claiming
            # every game does not make the check of the one asked for five times as long.
            records = await _matches(game, pool, deals if name == game_name else 1, move_time)
            faults = [f for r in records for f in r.faults if f.bot == CANDIDATE]
            all_faults |= {f.kind for f in faults}
            for record in records:
                seat = record.names.index(CANDIDATE)
                report.latencies.extend(record.latencies[seat])
                report.decisions += len(record.latencies[seat])
            report.notes.append(
                f"{name}: {len(records)} matches, the bot in every seat, {sum(len(r.result.deals) for r in records)} deals"
                + (
                    ""
                    if name == game_name
                    else f" (1 a match: a game it also claims is only tried; --game {name} checks it)"
                )
            )
            by_kind: dict[str, list[Fault]] = {}
            for charged in faults:
                by_kind.setdefault(charged.kind.value, []).append(charged)
            for kind, group in by_kind.items():
                first = group[0]
                times = f"{len(group)} times, first" if len(group) > 1 else "once"
                report.problems.append(
                    f"{name}: {kind} {times} in seat {first.seat}, deal {first.deal}: {first.reason}."
                )
    if stdio and not report.latencies and all_faults and all_faults <= _SILENT:
        if dropped.notes:  # its answers came, all too late: written, but held in its output buffer
            report.problems.append(
                "No answer came in time, yet its answers arrived later: it does not flush its output after each "
                "line (print(..., flush=True), fflush(stdout), $| = 1, STDOUT.sync = true …)."
            )
        else:
            report.problems.append(
                "It answered no request, on any line: if it is a gRPC bot (a server on $ARENA_BOT_ADDRESS that "
                f"answers Hello), check it without --stdio: arena check-bot --game {game_name} -- {shlex.join(typed)}"
            )
    if report.latencies:
        late = [t for t in report.latencies if t > move_time * 0.8]
        if late:
            report.problems.append(
                f"{len(late)} answers took over 80% of the {move_time:g} s move time: they risk timeouts in a tournament."
            )
    return report


# The faults of a bot that writes nothing on its stdout: a gRPC bot started as stdio.
_SILENT = {FaultKind.TIMEOUT, FaultKind.CRASH, FaultKind.STOPPED}


def _stdio_hint(reason: str, argv: list[str], game_name: str) -> str:
    """A Hello that never came from a bot that ended at once, content (a stdio bot ends
    at the end of its input, and a gRPC bot's stdin is empty), or that stayed silent (in
    the sandbox: it never made its socket): it may be a stdio bot, and the author is told
    how to check it as one."""
    silent = reason.startswith(("no Hello from", "no socket at"))
    if "exited with status 0" not in reason and not silent:
        return ""
    return (
        " It never answered Hello, the gRPC start: if it is a stdio bot (JSON lines on stdin and stdout),"
        f" check it with --stdio: arena check-bot --game {game_name} --stdio -- {shlex.join(argv)}"
    )


def _latency_line(latencies: list[float]) -> str:
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"latency over {len(ordered)} decisions: median {statistics.median(ordered) * 1000:.1f} ms, "
        f"p99 {p99 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms"
    )


def add_parser(sub: argparse._SubParsersAction) -> None:
    check = add_command(
        sub,
        "check-bot",
        "check a bot before a tournament",
        (
            "arena check-bot --game conto -- python bots/random_bot.py",
            "arena check-bot --game conto --stdio -- bash bots/stdio/random.sh",
        ),
    )
    check.add_argument("--game", default="conto", help="the game to check it at (see arena games)")
    check.add_argument("--stdio", action="store_true", help="the bot speaks JSON lines on stdio")
    add_deals_flag(check, "deals per match", default=5)
    check.add_argument("--move-time", type=seconds, default=1.0, help="seconds per decision")
    check.add_argument(
        "--startup-timeout",
        type=seconds,
        default=DEFAULT_STARTUP_TIMEOUT,
        help="seconds a gRPC bot has to answer its Hello (a tournament file's startup_timeout)",
    )
    check.add_argument("argv", nargs=argparse.REMAINDER, help="-- then the bot's command")
    check.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    argv = list(args.argv)
    if argv and argv[0] == "--":
        argv = argv[1:]
    if not argv:
        print(
            "arena check-bot: give the bot's command after --, e.g. arena check-bot --game conto -- python bots/random_bot.py",
            file=sys.stderr,
        )
        return 2
    engine.game_class(args.game)  # an unknown game is a usage error, said clearly
    # A mistyped command is the author's typo, not the bot's failure: named as arena play names it, exit 2.
    if module_of(argv) is not None:
        raise UsageError(
            f"arena check-bot starts a bot's program and talks to it as a tournament does; {argv[0]!r} is a class "
            "played in the arena's own process, with no process to check: try it with arena play (--bot NAME="
            f"{argv[0]}), or check the script that runs it (-- python path/to/bot.py)."
        )
    runs = [sys.executable, *argv[1:]] if argv[0] in ("python", "python3") else argv
    check_command_line_bots([("the bot's command", "the bot", runs)], Path.cwd())
    log_dir = Path(tempfile.mkdtemp(prefix="arena-check-"))
    keep = False  # the bot's output is kept for its author only when something is wrong
    try:
        report = run_interruptibly(
            lambda: check_bot(
                argv,
                args.game,
                CheckSettings(args.stdio, args.deals, args.move_time, args.startup_timeout),
                log_dir,
            )
        )
        print(f"Checking {' '.join(argv)} ({'stdio' if args.stdio else 'gRPC'}) for {args.game}")
        for note in report.notes:
            print(f"  {note}")
        if report.latencies:
            print(f"  {_latency_line(report.latencies)}")
        if report.ok:
            print("OK: no problems found.")
            return 0
        keep = True
        print(f"  the bot's output is in {log_dir}")
        print(f"{len(report.problems)} problem{'s' if len(report.problems) > 1 else ''}:")
        for problem in report.problems:
            print(f"  - {problem}")
        return 1
    finally:
        if not keep:
            shutil.rmtree(log_dir, ignore_errors=True)
