"""`arena table`, `arena list`, `arena show`, `arena export`: read a results file, also
while a run writes it; `arena recover`: copy what a damaged one still holds into a new file."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TextIO

from tabulate import tabulate_formats

import engine
from arena.cli._common import add_anchor_flags, add_command, anchor_flags, cycle_collection_paused, prior_games
from arena.errors import StoreError, UsageError
from arena.records import FaultKind
from arena.results import (
    DEAL_EXPORT_COLUMNS,
    MATCH_LIST_COLUMNS,
    STATS_EXPORT_COLUMNS,
    ResultStore,
    Salvage,
    annotated_transcript,
    elo_columns,
    elo_notes,
    explain,
    export_deals,
    export_stats,
    match_result_columns,
    recover_results,
    render,
    statistics_columns,
)
from arena.results.crosstable import pairings_table
from arena.results.export import export_pbn
from arena.results.file_tables import held_tables, read_file_tables
from arena.results.summaries import FollowedResults
from arena.results.tables import fitted_table

__all__ = ["add_parsers"]

_LOST_SHOWN = 10  # lost matches named by key; the rest are counted


def add_parsers(sub: argparse._SubParsersAction) -> None:
    table = add_command(
        sub,
        "table",
        "print the tables of a results file (also mid-run)",
        (
            "arena table results/conto-zoo.sqlite",
            "arena table results/conto-zoo.sqlite --anchor random --format github",
            "arena table results/conto-zoo.sqlite --explain",
            "arena table results/conto-zoo.sqlite --matrix",
            "arena table results/conto-zoo.sqlite --watch 10",
            "arena table --explain --game conto",
        ),
    )
    table.add_argument("results", nargs="?", help="a results file (optional with --explain)")
    table.add_argument(
        "--explain",
        action="store_true",
        help="under each table, what its columns mean; without RESULTS, the columns of every table the arena prints",
    )
    table.add_argument(
        "--game",
        choices=engine.game_names(),
        help="with --explain and no RESULTS: only this game's tables",
    )
    add_anchor_flags(table)
    table.add_argument(
        "--prior-games",
        type=prior_games,
        default=None,
        metavar="G",
        help="the fit's prior: G virtual draws per bot against the pool mean (default: the tournament file's, else 2; 0: plain maximum "
        "likelihood, which rates no bot that never lost or never won)",
    )
    table.add_argument(
        "--format",
        default="simple",
        choices=tabulate_formats,
        metavar="FORMAT",
        help="a tabulate format: simple, github, latex…",
    )
    table.add_argument(
        "--matrix",
        action="store_true",
        help="after the Elo table, the crosstable: each pair's head-to-head score and their LOS",
    )
    table.add_argument(
        "--watch",
        nargs="?",
        const=_WATCH_SECONDS,
        type=_watch_seconds,
        metavar="SECONDS",
        help=f"print the tables again every SECONDS (default {_WATCH_SECONDS:g}) until Ctrl-C, "
        "to follow a run writing RESULTS",
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
        sub,
        "show",
        "print a stored match as a transcript, or write it as a replay page",
        (
            "arena show results/conto-zoo.sqlite r1-t1-p1",
            "arena show results/conto-zoo.sqlite r1-t1-p1 --html -o match.html",
        ),
    )
    show.add_argument("results")
    show.add_argument("match", help="a match key such as r1-t2-p3")
    show.add_argument(
        "--html",
        action="store_true",
        help="the match as an HTML page with its step-by-step replay (to --output, or standard output)",
    )
    show.add_argument("-o", "--output", help="with --html: the file to write")
    show.set_defaults(func=cmd_show)

    export = add_command(
        sub,
        "export",
        "export results for pandas & co",
        (
            "arena export results/conto-zoo.sqlite --format csv -o deals.csv",
            "arena export results/conto-zoo.sqlite --table stats --format jsonl",
            "arena export results/bridge.sqlite --format pbn -o boards.pbn",
        ),
    )
    export.add_argument("results")
    export.add_argument(
        "--format",
        choices=("csv", "jsonl", "pbn"),
        default="csv",
        help="pbn (bridge only): every board of every match as a PBN 2.1 game, for bridge programs",
    )
    export.add_argument(
        "--table",
        choices=("deals", "stats"),
        default="deals",
        help="deals: one row per match, deal and seat; stats: the game's statistics per match and seat",
    )
    export.add_argument("-o", "--output", help="file to write (default: standard output)")
    export.set_defaults(func=cmd_export)

    recover = add_command(
        sub,
        "recover",
        "copy the matches a damaged results file still holds into a new results file",
        (
            "arena recover results/conto-zoo.sqlite",
            "arena recover results/conto-zoo.sqlite -o results/conto-zoo.saved.sqlite",
        ),
    )
    recover.add_argument("results")
    recover.add_argument(
        "-o", "--output", help="the new file, which must not exist (default: RESULTS ending .recovered.sqlite)"
    )
    recover.set_defaults(func=cmd_recover)


def _open(path: str) -> ResultStore:
    return ResultStore.open_readonly(Path(path))


_WATCH_SECONDS = 5.0


def _watch_seconds(text: str) -> float:
    """--watch's SECONDS: a positive number."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"takes a number of seconds, not {text!r} (write RESULTS before --watch: arena table RESULTS --watch 5)"
        ) from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"takes a positive number of seconds, not {text!r}")
    return value


def cmd_table(args: argparse.Namespace) -> int:
    if args.watch is not None:
        if args.results is None:
            raise UsageError("--watch needs a results file to follow: arena table RESULTS --watch.")
        return _watch(args, args.watch)
    return _print_tables(args)


def _watch(args: argparse.Namespace, seconds: float) -> int:
    """The tables again every `seconds`, read-only (the writer is not disturbed), until
    Ctrl-C, which ends it with exit 0; the screen is cleared first only on a terminal."""
    clear = sys.stdout.isatty()
    seen = FollowedResults()
    try:
        while True:
            if clear:
                print("\033[H\033[2J", end="")
            if not Path(args.results).exists():
                print(f"{args.results} does not exist yet; waiting for a run to write it (Ctrl-C ends).")
            else:
                try:
                    _print_tables(args, seen)
                except StoreError as error:  # e.g. a file the run is creating this very moment
                    print(f"arena: {error} Trying again in {seconds:g} s.")
            print(f"\n{time.strftime('%H:%M:%S')}: printed again every {seconds:g} s; Ctrl-C ends.", flush=True)
            time.sleep(seconds)
    except KeyboardInterrupt:
        print(flush=True)
        return 0


def _print_tables(args: argparse.Namespace, seen: FollowedResults | None = None) -> int:
    if args.results is None:
        if not args.explain:
            raise UsageError("arena table needs a results file (or --explain, to read what the tables' columns mean).")
        if args.anchor:
            raise UsageError("--anchor needs a results file to rate.")
        print(_every_explanation([args.game] if args.game else [spec.name for spec in engine.games()]))
        return 0
    if args.game:
        raise UsageError("--game is for --explain without a results file; a results file already says its game.")
    with cycle_collection_paused():
        store = _open(args.results)
        try:
            info = store.info()
            game = engine.load(info.game, players=info.seats, **info.options)
            if seen is None:  # what the tables need was stored with each match: no history is read
                made = read_file_tables(store, game, pairings=args.matrix)
            else:
                made = held_tables(*seen.read(store, info, game), game, pairings=args.matrix)
            unsandboxed = store.unsandboxed()
        finally:
            store.close()
        if args.anchor and args.anchor not in info.bots:
            bots = ", ".join(info.bots)
            raise UsageError(f"--anchor {args.anchor!r} is not a bot of {info.name}; its bots are {bots}.")
        anchor = anchor_flags(args) or info.anchor
        prior = info.prior_games if args.prior_games is None else args.prior_games
        print(f"{info.name}: {made.tally.matches} matches")
        text, rated = fitted_table(
            made.lines,
            made.observations(),
            game,
            anchor,
            args.format,
            prior,
            notes=made.board_notes,
            played=bool(made.tally.matches),
        )
    print(text)
    for note in elo_notes(made.tally, info.setup.public_deals, unsandboxed, scheduled=info.scheduled):
        print(note)
    if args.explain and rated is not None:
        print(f"\n{explain(elo_columns(game))}")
    if made.pairings is not None:
        print()
        print(pairings_table(made.pairings, game, rated, tablefmt=args.format))
    if made.statistics:
        print()
        print(render(statistics_columns(game), made.statistics, args.format))
        if args.explain:
            print(f"\n{explain(statistics_columns(game))}")
    return 0


def _every_explanation(game_names: list[str]) -> str:
    """What the columns of every table the arena prints mean, for these games."""
    parts = []
    for name in game_names:
        game = engine.load(name)
        parts.append(f"The Elo table of {name} (arena run, arena table):\n{explain(elo_columns(game))}")
        if statistics_columns(game):
            parts.append(f"The statistics table of {name}:\n{explain(statistics_columns(game))}")
        parts.append(f"A match of {name} (arena play):\n{explain(match_result_columns(game))}")
    parts.append(f"The stored matches (arena list):\n{explain(MATCH_LIST_COLUMNS)}")
    parts.append(f"The deals export (arena export --table deals):\n{explain(DEAL_EXPORT_COLUMNS)}")
    parts.append(
        f"The statistics export (arena export --table stats):\n{explain(STATS_EXPORT_COLUMNS)}\n"
        "then one column per count of the game's statistics record, named as its fields "
        "(engine/<game>/stats.py defines each)"
    )
    return "\n\n".join(parts)


def cmd_list(args: argparse.Namespace) -> int:
    store = _open(args.results)
    info = store.info()
    matches = sorted(store.matches(history=False), key=lambda m: (m.round, m.table, m.rotation))
    store.close()
    if args.bot and args.bot not in info.bots:
        raise UsageError(f"--bot {args.bot!r} is not a bot of {info.name}; its bots are {', '.join(info.bots)}.")
    rows = []
    for match in matches:
        if args.bot and args.bot not in match.names:
            continue
        if args.fault and not any(fault.kind.value == args.fault for fault in match.faults):
            continue
        rows.append(match)
    chosen = [part for part in (args.bot, args.fault and f"a {args.fault} fault") if part]
    which = f" with {' and '.join(chosen)}" if chosen else ""
    print(f"{info.name}: {len(rows)} of {len(matches)} stored matches{which}")
    if rows:
        print(render(MATCH_LIST_COLUMNS, rows, args.format))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    if args.output and not args.html:
        raise UsageError("--output is for --html: arena show RESULTS MATCH --html -o match.html.")
    if args.html:
        from arena.report import match_page, write_page  # the page's makings, for this command alone

        page = match_page(Path(args.results), args.match)
        if args.output:
            write_page(Path(args.output), page)
            print(f"match {args.match} written to {args.output}; open it in a browser.")
        else:
            sys.stdout.write(page)
        return 0
    store = _open(args.results)
    match = store.match(args.match)
    info = store.info()
    store.close()
    game = engine.load(info.game, players=info.seats, **info.options)
    print(f"match {match.key}: seed {match.seed}, seats {', '.join(match.names)}")
    print(annotated_transcript(match.history, match.names, game))
    for fault in match.faults:
        print(f"fault: {fault}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    if args.format == "pbn" and args.table == "stats":
        raise UsageError("--format pbn writes the boards themselves; --table stats has only csv and jsonl.")
    store = _open(args.results)
    game = store.info().game
    if args.format == "pbn" and game != "bridge":
        store.close()
        raise UsageError(f"--format pbn writes bridge boards, and {args.results} holds {game} matches.")
    export = export_stats if args.table == "stats" else export_deals
    unit = "boards" if args.format == "pbn" else "rows"

    def write(out: TextIO) -> int:
        if args.format == "pbn":
            return export_pbn(store, out)
        return export(store, out, args.format)

    try:
        if args.output:
            try:
                out = open(args.output, "w", newline="")
            except OSError as error:  # a folder, a missing folder, no permission: the user's path
                raise UsageError(f"Cannot write {args.output}: {error.strerror or error}.") from None
            with out:
                rows = write(out)
            print(f"{rows} {unit} written to {args.output}", file=sys.stderr)
        else:
            write(sys.stdout)
    finally:
        store.close()
    return 0


def cmd_recover(args: argparse.Namespace) -> int:
    salvage = recover_results(Path(args.results), Path(args.output) if args.output else None)
    print(_recovery_report(salvage))
    return 0


def _recovery_report(salvage: Salvage) -> str:
    """What `arena recover` copied and lost, and what to do next."""
    source, target, copied = salvage.source, salvage.target, len(salvage.readable)
    if salvage.damage is None:
        return f"{source} is not damaged: it reads whole. All {copied} of its matches were copied to {target} anyway."
    lines = [f"{source} is damaged ({salvage.damage})."]
    if salvage.counted:
        lines.append(f"Copied {copied} of {salvage.total} matches to {target}.")
    else:
        scheduled = f"; its last run scheduled {salvage.scheduled}" if salvage.scheduled is not None else ""
        lines.append(
            f"Copied {copied} match{'es' if copied != 1 else ''} to {target}; how many {source} held cannot be "
            f"told: the pages that list its matches are lost{scheduled}."
        )
    if salvage.rebuilt:
        rebuilt = len(salvage.rebuilt)
        lines.append(
            f"Of those, {rebuilt} had lost {'its' if rebuilt == 1 else 'their'} per-deal rows with their pages; "
            f"each was made again from its match's own record, as it was saved."
        )
    lost = len(salvage.lost) + salvage.unreadable_rows
    if not lost and salvage.counted:
        lines.append("Lost none: every match was read whole (the damage is elsewhere in the file).")
        lines.append(f"Next: move {target} over {source}.")
        return "\n".join(lines)
    if lost:
        named = list(salvage.lost[:_LOST_SHOWN])
        if len(salvage.lost) > _LOST_SHOWN:
            named.append(f"{len(salvage.lost) - _LOST_SHOWN} more")
        if salvage.unreadable_rows:
            named.append(f"{salvage.unreadable_rows} whose key cannot be read")
        known = "" if salvage.counted else " known"
        lines.append(
            f"Lost {lost}{known} match{'es' if lost != 1 else ''}, which cannot be read whole: {', '.join(named)}."
        )
    which = f" (the file that ran {salvage.name})" if salvage.name else ""
    lines.append(
        f"Next: 'arena run TOURNAMENT.toml --results {target}'{which} plays only the lost matches; "
        f"or move {target} over {source}, and the same arena run as before does."
    )
    return "\n".join(lines)
