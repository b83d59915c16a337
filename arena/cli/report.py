"""`arena report`: a results file as one self-contained HTML page."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from arena.cli._common import add_anchor_flags, add_command, anchor_flags, prior_games
from arena.report import DEFAULT_REPLAYS, Ratings, write_report

__all__ = ["add_parser", "replay_count"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    report = add_command(
        sub,
        "report",
        "write a results file as one HTML page: ladder, crosstable, statistics, every match replayable",
        (
            "arena report results/conto-zoo.sqlite -o report.html",
            "arena report results/conto-zoo.sqlite --anchor random",
            "arena report results/conto-zoo.sqlite --replays all",
        ),
    )
    report.add_argument("results", help="a results file (also mid-run)")
    report.add_argument(
        "-o", "--output", help="the HTML file to write (default: RESULTS with .html for its ending, e.g. x.html)"
    )
    add_anchor_flags(report)
    report.add_argument(
        "--prior-games",
        type=prior_games,
        default=None,
        metavar="G",
        help="the fit's prior: G virtual draws per bot against the pool mean (default: the tournament file's, else 2), as arena table takes it",
    )
    report.add_argument(
        "--replays",
        type=replay_count,
        default=DEFAULT_REPLAYS,
        metavar="all|N",
        help="how many matches the page makes replayable (every match stays listed with its result): those "
        "with a fault, the SPRT's last, the rest spread over the run; all: every match",
    )
    report.set_defaults(func=cmd_report)


def cmd_report(args: argparse.Namespace) -> int:
    results = Path(args.results)
    output = Path(args.output) if args.output else results.with_suffix(".html")
    anchor = anchor_flags(args)
    written = write_report(results, output, Ratings(anchor, args.prior_games), replays=args.replays)
    size = output.stat().st_size
    print(
        f"{written} match{'es' if written != 1 else ''} written to {output} ({size / 1e6:.1f} MB); open it in a browser."
    )
    sys.stdout.flush()
    return 0


def replay_count(text: str) -> int | None:
    """--replays: "all" (None) or a whole number of matches, 0 or more."""
    if text.strip().lower() == "all":
        return None
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is neither 'all' nor a whole number of matches") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 'all' or 0 or more matches, not {text}")
    return value
