"""The `arena` command.

    arena run tournaments/conto.toml      play a tournament (resumes if interrupted)
    arena table results/conto-zoo.sqlite  print its tables again, also mid-run
    arena play conto --bot a=CMD --bot b=CMD --bot c=CMD --seed 1 --hands 5
    arena show RESULTS MATCH              a stored match as a transcript
    arena export RESULTS --format csv     one row per match, deal and seat
    arena check-bot --game conto -- CMD   what a bot author runs before a tournament
    arena bench                           the full path against raw gRPC ping-pong
    arena games                           the games and their options

User mistakes end with a message and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import logging
import os
import shlex
from functools import partial
import sys
from pathlib import Path
from typing import Any

import engine
from arena._interrupt import Interrupted, run_interruptibly

__all__ = ["main"]

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class UserError(Exception):
    """A mistake on the command line or in a file: printed as is, exit code 2."""


def _is_interrupt(error: BaseException) -> bool:
    if isinstance(error, KeyboardInterrupt):
        return True
    if isinstance(error, BaseExceptionGroup):
        return error.subgroup(lambda e: isinstance(e, KeyboardInterrupt)) is not None
    return False


def _setup_logging(verbose: bool, log_file: Path | None = None) -> None:
    root = logging.getLogger("arena")
    root.setLevel(logging.INFO)
    root.handlers.clear()
    console = logging.StreamHandler(sys.stderr)
    console.setLevel(logging.INFO if verbose else logging.ERROR)
    console.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
    root.addHandler(console)
    if log_file is not None:
        log_file.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.FileHandler(log_file)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
        root.addHandler(handler)


# --- arena run ------------------------------------------------------------------------


def cmd_run(args: argparse.Namespace) -> int:
    from arena.config import load_tournament
    from arena.report import ProgressPrinter, elo_table, statistics_table
    from arena.store import ResultStore
    from arena.tournament import build_schedule, run_tournament

    config = load_tournament(
        args.file,
        hands=args.hands,
        concurrency=args.concurrency,
        results=args.results,
        rounds=args.rounds,
    )
    _setup_logging(args.verbose, config.logs / "arena.log")
    store = ResultStore.open(config.results, config, fresh=args.fresh)
    schedule = build_schedule(config)
    done = len(store.completed_keys())
    spec = engine.game_class(config.game).spec
    game = engine.load(config.game, players=config.seats, **config.options)
    print(
        f"{config.name}: {spec.title}, {len(config.bots)} bots, {config.seats} seats, "
        f"{len(schedule)} matches of {config.hands} hands"
        + (" (duplicate deals)" if config.duplicate else "")
        + f", concurrency {config.concurrency}, move time {config.move_time:g} s"
    )
    if done:
        print(f"Resuming: {done} of {len(schedule)} matches already in {config.results}.")
    printer = ProgressPrinter(len(schedule), done)
    printer.update(done, 0.0, None, None)
    totals: dict[str, list[float]] = {}  # bot -> [score sum, deals] over this run, for the leader

    def on_match(match, record, progress) -> None:
        for seat, name in enumerate(record.names):
            line = totals.setdefault(name, [0.0, 0])
            line[0] += record.result.scores[seat]
            line[1] += len(record.result.deals)
        leader = max(totals, key=lambda n: totals[n][0] / max(1, totals[n][1]))
        eta = progress.eta_seconds(progress.done - done, len(schedule) - progress.done)
        printer.update(progress.done, progress.hands_per_second, eta, leader)

    interrupted = False
    try:
        summary = run_interruptibly(partial(run_tournament, config, store, on_match=on_match))
    except Interrupted:
        interrupted = True
    saved = len(store.completed_keys())
    stored = list(store.matches())
    store.close()
    print()
    if interrupted:
        print(
            f"Interrupted: {saved} of {len(schedule)} matches are saved in {config.results}; "
            f"run the same command again to play the remaining {len(schedule) - saved}."
        )
    text, _ = elo_table(stored, game, config.anchor)
    print(text)
    stats = statistics_table(stored, game)
    if stats:
        print()
        print(stats)
    if not interrupted:
        print(f"\n{summary.played} matches played in {summary.seconds:.0f} s; results in {config.results}")
    return EXIT_INTERRUPTED if interrupted else 0


# --- arena table / show / export --------------------------------------------------------


def _open_results(path: str):
    from arena.store import ResultStore

    return ResultStore.open_readonly(Path(path))


def cmd_table(args: argparse.Namespace) -> int:
    from arena.report import elo_table, statistics_table

    store = _open_results(args.results)
    info = store.info()
    matches = list(store.matches())
    store.close()
    game = engine.load(info.game, players=info.seats, **info.options)
    anchor = (args.anchor, args.anchor_elo) if args.anchor else None
    print(f"{info.name}: {len(matches)} matches")
    text, _ = elo_table(matches, game, anchor, tablefmt=args.format)
    print(text)
    stats = statistics_table(matches, game, tablefmt=args.format)
    if stats:
        print()
        print(stats)
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from arena.transcript import transcript

    store = _open_results(args.results)
    match = store.match(args.match)
    store.close()
    print(f"match {match.key}: seed {match.seed}, seats {', '.join(match.names)}")
    print(transcript(match.history, match.names))
    for fault in match.faults:
        print(f"fault: {fault}")
    return 0


def _export_stats(store, out, format: str) -> int:
    """One row per match and seat: the game's statistics counts (e.g. conto's bluffs)."""
    import csv
    import dataclasses
    import json

    info = store.info()
    game = engine.load(info.game, players=info.seats, **info.options)
    writer = None
    rows = 0
    for match in store.matches():
        for seat, stats in enumerate(game.seat_statistics(match.history) or ()):
            row = {"key": match.key, "round": match.round, "table": match.table, "rotation": match.rotation,
                   "seat": seat, "bot": match.names[seat], **dataclasses.asdict(stats)}
            if format == "jsonl":
                out.write(json.dumps(row) + "\n")
            else:
                if writer is None:
                    writer = csv.DictWriter(out, fieldnames=list(row))
                    writer.writeheader()
                writer.writerow(row)
            rows += 1
    return rows


def cmd_export(args: argparse.Namespace) -> int:
    store = _open_results(args.results)

    def write(out) -> int:
        if args.table == "stats":
            return _export_stats(store, out, args.format)
        return store.export(out, args.format)

    try:
        if args.output:
            with open(args.output, "w", newline="") as out:
                rows = write(out)
            print(f"{rows} rows written to {args.output}", file=sys.stderr)
        else:
            write(sys.stdout)
    finally:
        store.close()
    return 0


# --- arena play -------------------------------------------------------------------------


def _parse_bot(text: str) -> tuple[str, tuple[str, ...]]:
    name, sep, command = text.partition("=")
    if not sep or not name or not command.strip():
        raise UserError(f"--bot takes NAME=COMMAND, e.g. --bot r=\"python bots/random_bot.py\"; got {text!r}.")
    argv = tuple(shlex.split(command))
    if argv[0] in ("python", "python3"):
        argv = (sys.executable, *argv[1:])
    return name, argv


def _parse_options(items: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise UserError(f"--option takes KEY=VALUE, e.g. --option courses=3; got {item!r}.")
        lowered = value.lower()
        options[key] = True if lowered == "true" else False if lowered == "false" else int(value) if value.lstrip("-").isdigit() else value
    return options


def cmd_play(args: argparse.Namespace) -> int:
    from arena.pool import BotEntry, open_bot_pool
    from arena.referee import play_match
    from arena.transcript import transcript

    _setup_logging(True)
    bots = [_parse_bot(text) for text in args.bot]
    if not bots:
        raise UserError("Name the players with --bot NAME=COMMAND, once per seat.")
    names = [name for name, _ in bots]
    entries = {}
    for name, argv in bots:
        entries.setdefault(name, BotEntry(name, command=argv, protocol="stdio" if args.stdio else "grpc"))
    game = engine.load(args.game, players=len(bots), **_parse_options(args.option))

    async def play():
        async with open_bot_pool(entries, Path(args.logs), game=args.game) as pool:
            return await play_match(
                game,
                [pool.seat(name) for name in names],
                seed=args.seed,
                deals=args.hands,
                move_time=args.move_time,
                match_id=f"play-{args.seed}",
            )

    record = run_interruptibly(play)
    print(transcript(record.history, record.names))
    print()
    from tabulate import tabulate

    headers = ["seat", "bot", "score", "standing", "rank"]
    rows = [
        [seat, name, f"{record.result.scores[seat]:g}", f"{record.standing[seat]:g}", record.result.ranks[seat] + 1]
        for seat, name in enumerate(record.names)
    ]
    print(tabulate(rows, headers=headers))
    for fault in record.faults:
        print(f"fault: {fault}")
    return 0


# --- arena bench / check-bot (their own modules) -----------------------------------------


def cmd_bench(args: argparse.Namespace) -> int:
    from arena import bench

    return bench.main(args)


def cmd_check_bot(args: argparse.Namespace) -> int:
    from arena import checkbot

    return checkbot.main(args)


# --- arena games ------------------------------------------------------------------------


def cmd_games(args: argparse.Namespace) -> int:
    for spec in engine.games():
        print(f"{spec.name}: {spec.title} — {spec.summary} ({spec.min_players}–{spec.max_players} players)")
        for option in spec.options:
            choices = ", ".join(repr(c) for c in option.choices)
            print(f"    {option.name} = {option.default!r}  ({choices}): {option.help}")
    return 0


# --- the parser -------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="arena", description="A tournament arena for card-game bots.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    run = sub.add_parser("run", help="play a tournament file (resumes an interrupted run)")
    run.add_argument("file", help="a tournament TOML file, e.g. tournaments/conto.toml")
    run.add_argument("--hands", type=int, help="deals per match (overrides the file)")
    run.add_argument("--concurrency", type=int, help="matches at once (overrides the file)")
    run.add_argument("--rounds", type=int, help="times the whole schedule is played (overrides the file)")
    run.add_argument("--results", help="results file (default results/<name>.sqlite)")
    run.add_argument("--fresh", action="store_true", help="discard earlier results and start over")
    run.add_argument("-v", "--verbose", action="store_true", help="print faults and bot comments as they happen")
    run.set_defaults(func=cmd_run)

    table = sub.add_parser("table", help="print the tables of a results file (also mid-run)")
    table.add_argument("results")
    table.add_argument("--anchor", help="fix this bot's Elo")
    table.add_argument("--anchor-elo", type=float, default=0.0)
    table.add_argument("--format", default="simple", help="a tabulate format: simple, github, latex…")
    table.set_defaults(func=cmd_table)

    show = sub.add_parser("show", help="print a stored match as a transcript")
    show.add_argument("results")
    show.add_argument("match", help="a match key such as r1-t2-p3")
    show.set_defaults(func=cmd_show)

    export = sub.add_parser("export", help="export results for pandas & co")
    export.add_argument("results")
    export.add_argument("--format", choices=("csv", "jsonl"), default="csv")
    export.add_argument("--table", choices=("deals", "stats"), default="deals",
                        help="deals: one row per match, deal and seat; stats: the game's statistics per match and seat")
    export.add_argument("-o", "--output", help="file to write (default: standard output)")
    export.set_defaults(func=cmd_export)

    play = sub.add_parser("play", help="play one match and print its transcript")
    play.add_argument("game", help="a game name (see arena games)")
    play.add_argument("--bot", action="append", default=[], metavar="NAME=COMMAND", help="one per seat, in seat order")
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--hands", type=int, default=3, help="deals in the match")
    play.add_argument("--move-time", type=float, default=2.0, help="seconds per decision")
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    play.add_argument("--stdio", action="store_true", help="the bots speak JSON lines on stdio, not gRPC")
    play.add_argument("--logs", default="logs/play", help="folder for the bots' stderr logs")
    play.set_defaults(func=cmd_play)

    bench = sub.add_parser("bench", help="measure the full path against raw gRPC ping-pong")
    bench.add_argument("--hands", type=int, default=30)
    bench.add_argument("--players", type=int, default=4)
    bench.set_defaults(func=cmd_bench)

    check = sub.add_parser("check-bot", help="check a bot before a tournament")
    check.add_argument("--game", default="conto")
    check.add_argument("--stdio", action="store_true", help="the bot speaks JSON lines on stdio")
    check.add_argument("--hands", type=int, default=5)
    check.add_argument("--move-time", type=float, default=1.0)
    check.add_argument("argv", nargs=argparse.REMAINDER, help="-- then the bot's command")
    check.set_defaults(func=cmd_check_bot)

    games = sub.add_parser("games", help="list the games and their options")
    games.set_defaults(func=cmd_games)
    return parser


def main(argv: list[str] | None = None) -> int:
    from arena._process import install_termination_handlers

    parser = build_parser()
    args = parser.parse_args(argv)
    install_termination_handlers()
    _setup_logging(verbose=False)
    from arena.config import ConfigError
    from arena.store import StoreError

    try:
        return args.func(args)
    except (ConfigError, StoreError, UserError, engine.EngineError) as error:
        print(f"arena: {error}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        # `arena export … | head`: the reader has seen enough; say nothing more.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except FileNotFoundError as error:
        print(f"arena: {error.strerror}: {error.filename}", file=sys.stderr)
        return EXIT_USAGE
    except Interrupted:
        print("\narena: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BaseException as error:  # noqa: BLE001
        if _is_interrupt(error):  # a Ctrl-C outside the trio runs (start-up, the tables)
            print("\narena: interrupted", file=sys.stderr)
            return EXIT_INTERRUPTED
        raise


if __name__ == "__main__":
    sys.exit(main())
