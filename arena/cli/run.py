"""`arena run FILE.toml`: play a tournament, resuming what an earlier run left.

Also `arena run --game G --bot NAME=CMD …` (a round robin given by flags, written as a
file beside the results: `arena.config.adhoc`) and `--dry-run` (`arena.run.dryrun`).
"""

from __future__ import annotations

import argparse
import atexit
import shutil
import sqlite3
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import engine
from arena.cli._common import (
    add_command,
    add_deals_flag,
    parse_options,
    seconds,
    setup_logging,
    split_bot,
    time_control,
    whole_number,
)
from arena.cli._preview import deals_text, print_dry_run, time_controls
from arena.cli._run_end import report_end
from arena.config import TournamentConfig, load_tournament
from arena.config.adhoc import AdhocFiles, AdhocTournament, forget_unplayed, named_by_flags, write_adhoc_file
from arena.config.schema import name_problem
from arena.errors import BotStartError, ConfigError, Interrupted, UsageError
from arena.process import EXIT_INTERRUPTED, run_interruptibly
from arena.results import ResultStore
from arena.run import (
    LiveTable,
    ProgressPrinter,
    Runner,
    RunPolicy,
    RunSummary,
    SprtStop,
    TournamentPlan,
    open_runner,
    plan_tournament,
    run_tournament,
)
from arena.run.cluster import check_cluster_address
from arena.run.ledger import read_unstarted_note, unstarted_note
from arena.run.tournament import StartProblem
from arena.run.workers import WorkerFailed

__all__ = ["add_parser"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    run = add_command(
        sub,
        "run",
        "play a tournament file, or bots given with --game and --bot (resumes an interrupted run)",
        (
            "arena run tournaments/conto.toml",
            "arena run tournaments/conto.toml --deals 6 --concurrency 2 --fresh",
            "arena run tournaments/conto.toml --dry-run",
            'arena run --game conto --bot r="python bots/random_bot.py" --bot h="python bots/conto_honest.py" '
            '--bot b="python bots/conto_bluffer.py" --seats 3 --deals 20',
        ),
    )
    run.add_argument("file", nargs="?", help="a tournament TOML file, e.g. tournaments/conto.toml")
    add_deals_flag(run, "deals per match (overrides the file)")
    run.add_argument("--concurrency", type=whole_number(1), help="matches at once (overrides the file)")
    run.add_argument(
        "--workers",
        type=whole_number(1),
        help="worker processes the matches run in, each with its own referee and bots (overrides the file; "
        "1: all in this process)",
    )
    run.add_argument(
        "--cluster",
        type=_cluster_address,
        metavar="ADDRESS",
        help="play the matches on a Dask cluster: a scheduler's address (tcp://host:8786), or local:N for N "
        "worker processes on this machine (see the README)",
    )
    run.add_argument("--rounds", type=whole_number(1), help="times the whole schedule is played (overrides the file)")
    run.add_argument("--seed", type=int, help="the deals' seed (overrides the file)")
    run.add_argument("--move-time", type=seconds, help="seconds per decision (overrides the file's move_time and tc)")
    run.add_argument(
        "--tc",
        type=time_control,
        metavar="BASE+INC[/deal]",
        help='a bank of time instead: "60+0.5" is 60 s per match and 0.5 s more per decision; "10+0.5/deal" '
        "refills it every deal (overrides the file's move_time and tc)",
    )
    run.add_argument("--results", help="results file (default results/<name>.sqlite)")
    run.add_argument(
        "--fresh",
        action="store_true",
        help="start the results file over; the matches it held are kept in a dated copy beside it (a file of "
        "another tournament, by name or game, is refused)",
    )
    run.add_argument(
        "--allow-faulty",
        action="store_true",
        help="play on when a bot does not start: it is tried again before each of its matches, and those it "
        "misses are left for a later run (without this flag such a bot stops the run before the first match)",
    )
    run.add_argument(
        "--dry-run",
        action="store_true",
        help="show the schedule, start every bot, time a short sample match and estimate the run's time; write nothing",
    )
    run.add_argument(
        "--table-every",
        type=whole_number(1),
        metavar="N",
        help="print the Elo table so far after every N matches this run saves (not after the last: the final "
        "table follows)",
    )
    run.add_argument("-v", "--verbose", action="store_true", help="print faults and bot comments as they happen")
    adhoc = run.add_argument_group(
        "without a file",
        "Bots given here play a round robin; the equivalent tournament file is written beside the results "
        "(results/NAME.toml), so the same command resumes and 'arena run results/NAME.toml' repeats it.",
    )
    adhoc.add_argument("--game", choices=engine.game_names(), help="the game")
    adhoc.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="NAME=COMMAND",
        help="a bot; at least two; NAME=module:package.module:Class [--key=value …] plays an SDK Bot class inside "
        "the arena's process (trusted, not sandboxed), its parameters after it",
    )
    adhoc.add_argument("--seats", type=whole_number(1), help="players per table (default: the game's)")
    adhoc.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    adhoc.add_argument("--stdio", action="store_true", help="the bots speak JSON lines on stdio, not gRPC")
    adhoc.add_argument("--name", type=_name, help="the tournament's name (default GAME-adhoc)")
    run.set_defaults(func=cmd_run)


def _name(text: str) -> str:
    problem = name_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem.rstrip("."))
    return text


def _cluster_address(text: str) -> str:
    try:
        return check_cluster_address(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _adhoc_file(args: argparse.Namespace) -> tuple[str, AdhocFiles | None]:
    """The tournament file of a run given by flags (written beside the results), and the
    files this command makes anew, None when it makes none."""
    if args.file is not None and (args.game or args.bot):
        raise UsageError("Give a tournament file, or --game and --bot without one, not both.")
    if args.file is not None:
        for flag in ("seats", "name"):
            if getattr(args, flag) is not None:
                raise UsageError(f"--{flag} is for a run without a file; in a file, set it in [tournament].")
        if args.option or args.stdio:
            raise UsageError("--option and --stdio are for a run without a file; set them in the file.")
        return str(args.file), None
    if args.game is None:
        raise UsageError(
            "Give a tournament file (arena run tournaments/conto.toml), or the game and the bots: "
            'arena run --game conto --bot a="python bots/random_bot.py" --bot b="python bots/conto_honest.py" …'
        )
    adhoc = AdhocTournament(
        game=args.game,
        bots=tuple(split_bot(text) for text in args.bot),
        name=args.name,
        seats=args.seats,
        protocol="stdio" if args.stdio else "grpc",
        options=parse_options(args.option),
        **_overrides(args),
    )
    command_line = list(getattr(args, "words", sys.argv[1:]))
    made: AdhocFiles | None = None
    if args.dry_run:  # nothing written: the text is checked from a temporary folder
        scratch = tempfile.mkdtemp(prefix="arena-dry-run-")
        atexit.register(shutil.rmtree, scratch, True)
        path = Path(scratch) / adhoc.file_path.name
        path.write_text(adhoc.text(command_line), encoding="utf-8")
    else:
        new = not adhoc.file_path.exists() and not adhoc.results_path.exists()
        missing = [folder for folder in adhoc.file_path.parents if not folder.exists()]
        folder = missing[-1] if missing else None
        path = write_adhoc_file(adhoc, command_line, replace=args.fresh)
        made = AdhocFiles(path, adhoc.results_path, folder) if new else None
    # The flags are in the file now; none of them overrides it.
    for flag in _OVERRIDES:
        setattr(args, flag, None)
    return str(path), made


#: The flags that override a tournament file's keys (and make an ad-hoc run's).
_OVERRIDES = ("deals", "concurrency", "workers", "rounds", "seed", "move_time", "tc", "results")


def _overrides(args: argparse.Namespace) -> dict[str, Any]:
    values = {flag: getattr(args, flag) for flag in _OVERRIDES}
    values["tc"] = args.tc.text if args.tc is not None else None
    return values


class _Run:
    """One `arena run`, in the order that writes nothing when a bot does not start: every
    bot started first, then the results file opened, then the matches played."""

    def __init__(self, config: TournamentConfig, args: argparse.Namespace) -> None:
        self.config = config
        self.args = args
        self.printer = ProgressPrinter()
        self.store: ResultStore | None = None
        self.plan: TournamentPlan | None = None
        self.summary: RunSummary | None = None
        #: An error for the user met inside the trio run, raised again outside it (where
        #: trio's nurseries do not wrap it in a group).
        self.error: UsageError | sqlite3.DatabaseError | None = None

    async def __call__(self) -> None:
        config, args = self.config, self.args
        try:
            async with open_runner(
                config, cluster=args.cluster, allow_faulty=args.allow_faulty, on_problem=self._not_started
            ) as runner:
                try:
                    self.store = ResultStore.open(config.results, config, fresh=args.fresh)
                except (UsageError, sqlite3.DatabaseError) as error:
                    self.error = error
                    return
                store = self.store
                self.plan = plan_tournament(config, store.completed_keys(), store.deal_secret, store.bot_generations)
                store.note_scheduled(len(self.plan.schedule))
                if config.sprt is None:  # the SPRT policy notes its test when it starts
                    store.note_sprt(None)
                self._say_what_is_played(self.plan, runner)
                self.printer.expect((slot.names for slot in self.plan.todo), config.concurrency)
                self.summary = await run_tournament(
                    self.plan, store, runner=runner, policies=self._policies(), on_progress=self.printer.show
                )
        except (BotStartError, WorkerFailed, UsageError) as error:
            self.error = error

    def _policies(self) -> list[RunPolicy]:
        """The live table every `--table-every` saved matches, then the [sprt] test: both
        print above the progress line."""
        policies: list[RunPolicy] = []
        if self.args.table_every:
            policies.append(LiveTable(self.args.table_every, on_table=self.printer.note))
        if self.config.sprt is not None:
            policies.append(SprtStop(self.config.sprt, on_line=self.printer.note))
        return policies

    def _not_started(self, problem: StartProblem) -> None:
        self.printer.note(
            f"{problem}\n  It is tried again before each of its matches; those it misses are left for a later run."
        )

    def _say_what_is_played(self, plan: TournamentPlan, runner: Runner) -> None:
        config = self.config
        total = len(plan.schedule)
        print(
            f"{config.name}: {plan.game.spec.title}, {len(config.bots)} bots, {config.seats} seats, "
            f"{total} matches of {deals_text(plan, config)}"
            + (" (duplicate deals)" if config.duplicate else "")
            + (f", a gauntlet: {', '.join(config.gauntlet)} against the field" if config.gauntlet else "")
            + f", concurrency {config.concurrency}"
            + runner.where
            + f", time {time_controls(config)}"
        )
        if plan.already_done:
            print(f"Resuming: {plan.already_done} of {total} matches already in {config.results}.")
        kept = self.store.fresh_copy if self.store is not None else None
        if kept is not None:
            held = f"{kept.matches} match{'es' if kept.matches != 1 else ''}"
            print(f"--fresh: the {held} {config.results} held are kept in {kept.path}; it starts over.")
        status = runner.sandbox  # where the bots run
        if status is not None:
            print(status)
            assert self.store is not None
            self.store.note_unsandboxed(status)
        if self.args.fresh:
            unstarted_note(config.results).unlink(missing_ok=True)
        todo = {slot.key for slot in plan.todo}
        again = Counter(bot for key, bot in read_unstarted_note(config.results).items() if key in todo)
        for bot, count in sorted(again.items()):
            matches = f"{count} match is" if count == 1 else f"{count} matches are"
            print(f"{matches} played again: their bot {bot} had not started.")


def cmd_run(args: argparse.Namespace) -> int:
    if args.cluster is not None and args.workers is not None:
        raise UsageError("--cluster and --workers: give one (a cluster's workers are its own, started with it).")
    file, made = _adhoc_file(args)
    try:
        code = _run_file(file, args)
    except ConfigError as error:
        forget_unplayed(made)
        if made is None or made.tournament.exists():
            raise
        raise named_by_flags(error, made.tournament, args.bot) from None
    except BaseException:
        forget_unplayed(made)
        raise
    if code != 0:
        forget_unplayed(made)
    return code


def _run_file(file: str, args: argparse.Namespace) -> int:
    config = load_tournament(file, **_overrides(args))
    if args.dry_run:
        return print_dry_run(config, args.cluster, args.fresh)
    setup_logging(args.verbose, config.logs / "arena.log")
    run = _Run(config, args)
    interrupted = False
    try:
        run_interruptibly(run)
    except Interrupted:
        interrupted = True
    if run.error is not None:
        raise run.error
    store, plan = run.store, run.plan
    if store is None or plan is None:
        print("\nInterrupted while the bots started: no match was played; run the same command again to play.")
        return EXIT_INTERRUPTED
    return report_end(config, store, plan, run.summary, interrupted)
