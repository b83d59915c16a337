"""`arena table`, `arena list`, `arena show`, `arena export`: read a results file, also
while a run writes it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from tabulate import tabulate, tabulate_formats

import engine
from arena.cli._common import add_command
from arena.errors import UserError
from arena.records import FaultKind
from arena.results import (
    ResultStore,
    elo_table,
    export_deals,
    export_stats,
    statistics_table,
    transcript,
)

__all__ = ["add_parsers"]


def add_parsers(sub: argparse._SubParsersAction) -> None:
    table = add_command(
        sub,
        "table",
        "print the tables of a results file (also mid-run)",
        (
            "arena table results/conto-zoo.sqlite",
            "arena table results/conto-zoo.sqlite --anchor random --format github",
        ),
    )
    table.add_argument("results")
    table.add_argument("--anchor", help="fix this bot's Elo")
    table.add_argument("--anchor-elo", type=float, default=0.0)
    table.add_argument(
        "--format",
        default="simple",
        choices=tabulate_formats,
        metavar="FORMAT",
        help="a tabulate format: simple, github, latex…",
    )
    table.set_defaults(func=cmd_table)

    listing = add_command(
        sub,
        "list",
        "list the stored matches with their keys (for arena show)",
        (
            "arena list results/conto-zoo.sqlite",
            "arena list results/conto-zoo.sqlite --bot search --fault timeout",
        ),
    )
    listing.add_argument("results")
    listing.add_argument("--bot", help="only the matches this bot played in")
    listing.add_argument(
        "--fault", choices=[kind.value for kind in FaultKind], help="only the matches with a fault of this kind"
    )
    listing.add_argument("--format", default="simple", choices=tabulate_formats, metavar="FORMAT")
    listing.set_defaults(func=cmd_list)

    show = add_command(
        sub, "show", "print a stored match as a transcript", ("arena show results/conto-zoo.sqlite r1-t1-p1",)
    )
    show.add_argument("results")
    show.add_argument("match", help="a match key such as r1-t2-p3")
    show.set_defaults(func=cmd_show)

    export = add_command(
        sub,
        "export",
        "export results for pandas & co",
        (
            "arena export results/conto-zoo.sqlite --format csv -o deals.csv",
            "arena export results/conto-zoo.sqlite --table stats --format jsonl",
        ),
    )
    export.add_argument("results")
    export.add_argument("--format", choices=("csv", "jsonl"), default="csv")
    export.add_argument(
        "--table",
        choices=("deals", "stats"),
        default="deals",
        help="deals: one row per match, deal and seat; stats: the game's statistics per match and seat",
    )
    export.add_argument("-o", "--output", help="file to write (default: standard output)")
    export.set_defaults(func=cmd_export)


def _open(path: str) -> ResultStore:
    return ResultStore.open_readonly(Path(path))


def cmd_table(args: argparse.Namespace) -> int:
    store = _open(args.results)
    info = store.info()
    matches = list(store.matches())
    store.close()
    game = engine.load(info.game, players=info.seats, **info.options)
    if args.anchor and args.anchor not in info.bots:
        raise UserError(f"--anchor {args.anchor!r} is not a bot of {info.name}; its bots are {', '.join(info.bots)}.")
    anchor = (args.anchor, args.anchor_elo) if args.anchor else None
    print(f"{info.name}: {len(matches)} matches")
    text, _ = elo_table(matches, game, anchor, tablefmt=args.format)
    print(text)
    stats = statistics_table(matches, game, tablefmt=args.format)
    if stats:
        print()
        print(stats)
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    store = _open(args.results)
    info = store.info()
    matches = sorted(store.matches(history=False), key=lambda m: (m.round, m.table, m.rotation))
    store.close()
    if args.bot and args.bot not in info.bots:
        raise UserError(f"--bot {args.bot!r} is not a bot of {info.name}; its bots are {', '.join(info.bots)}.")
    rows = []
    for match in matches:
        if args.bot and args.bot not in match.names:
            continue
        if args.fault and not any(fault.kind.value == args.fault for fault in match.faults):
            continue
        faults = ", ".join(f"{fault.bot} {fault.kind.value} (deal {fault.deal})" for fault in match.faults)
        rows.append((match.key, " ".join(match.names), len(match.deals), faults or "-", match.finished_at))
    chosen = [part for part in (args.bot, args.fault and f"a {args.fault} fault") if part]
    which = f" with {' and '.join(chosen)}" if chosen else ""
    print(f"{info.name}: {len(rows)} of {len(matches)} stored matches{which}")
    if rows:
        headers = ("match", "seats, in order", "deals", "faults", "finished")
        print(tabulate(rows, headers=headers, tablefmt=args.format))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    store = _open(args.results)
    match = store.match(args.match)
    store.close()
    print(f"match {match.key}: seed {match.seed}, seats {', '.join(match.names)}")
    print(transcript(match.history, match.names))
    for fault in match.faults:
        print(f"fault: {fault}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    store = _open(args.results)
    export = export_stats if args.table == "stats" else export_deals

    def write(out: TextIO) -> int:
        return export(store, out, args.format)

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
