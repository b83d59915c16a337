"""`arena run FILE.toml`: play a tournament, resuming what an earlier run left."""

from __future__ import annotations

import argparse
from functools import partial

from arena.cli._common import add_command, seconds, setup_logging, whole_number
from arena.config import load_tournament
from arena.errors import Interrupted
from arena.play import run_interruptibly
from arena.play.signals import EXIT_INTERRUPTED
from arena.results import ResultStore, elo_table, statistics_table
from arena.run import ProgressPrinter, plan_tournament, run_tournament

__all__ = ["add_parser"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    run = add_command(
        sub,
        "run",
        "play a tournament file (resumes an interrupted run)",
        (
            "arena run tournaments/conto.toml",
            "arena run tournaments/conto.toml --deals 6 --concurrency 2 --fresh",
        ),
    )
    run.add_argument("file", help="a tournament TOML file, e.g. tournaments/conto.toml")
    run.add_argument("--deals", "--hands", type=whole_number(1), help="deals per match (overrides the file)")
    run.add_argument("--concurrency", type=whole_number(1), help="matches at once (overrides the file)")
    run.add_argument("--rounds", type=whole_number(1), help="times the whole schedule is played (overrides the file)")
    run.add_argument("--seed", type=int, help="the deals' seed (overrides the file)")
    run.add_argument("--move-time", type=seconds, help="seconds per decision (overrides the file)")
    run.add_argument("--results", help="results file (default results/<name>.sqlite)")
    run.add_argument("--fresh", action="store_true", help="discard earlier results and start over")
    run.add_argument("-v", "--verbose", action="store_true", help="print faults and bot comments as they happen")
    run.set_defaults(func=cmd_run)


def cmd_run(args: argparse.Namespace) -> int:
    config = load_tournament(
        args.file,
        deals=args.deals,
        concurrency=args.concurrency,
        results=args.results,
        rounds=args.rounds,
        seed=args.seed,
        move_time=args.move_time,
    )
    setup_logging(args.verbose, config.logs / "arena.log")
    store = ResultStore.open(config.results, config, fresh=args.fresh)
    plan = plan_tournament(config, store.completed_keys())
    total = len(plan.schedule)
    print(
        f"{config.name}: {plan.game.spec.title}, {len(config.bots)} bots, {config.seats} seats, "
        f"{total} matches of {config.deals} deals"
        + (" (duplicate deals)" if config.duplicate else "")
        + f", concurrency {config.concurrency}, move time {config.move_time:g} s"
    )
    if plan.already_done:
        print(f"Resuming: {plan.already_done} of {total} matches already in {config.results}.")

    interrupted = False
    try:
        summary = run_interruptibly(partial(run_tournament, plan, store, on_progress=ProgressPrinter().show))
    except Interrupted:
        interrupted = True
    saved = len(store)
    stored = list(store.matches())
    store.close()
    print()
    if interrupted:
        print(
            f"Interrupted: {saved} of {total} matches are saved in {config.results}; "
            f"run the same command again to play the remaining {total - saved}."
        )
    text, _ = elo_table(stored, plan.game, config.anchor)
    print(text)
    stats = statistics_table(stored, plan.game)
    if stats:
        print()
        print(stats)
    if not interrupted:
        print(f"\n{summary.played} matches played in {summary.seconds:.0f} s; results in {config.results}")
    return EXIT_INTERRUPTED if interrupted else 0
