"""The `arena` command.

    arena run tournaments/conto.toml      play a tournament (resumes if interrupted)
    arena run --game conto --bot a=CMD …  a round robin without a file
    arena run FILE --dry-run              the schedule, the bots' start, the time it would take
    arena table results/conto-zoo.sqlite  print its tables again, also mid-run
    arena play conto --bot a=CMD --bot b=CMD --bot c=CMD --seed 1 --deals 5
    arena list RESULTS                    the stored matches and their keys
    arena show RESULTS MATCH              a stored match as a transcript
    arena export RESULTS --format csv     one row per match, deal and seat
    arena recover RESULTS                 copy what a damaged results file still holds
    arena check-bot --game conto -- CMD   what a bot author runs before a tournament
    arena bench                           the full path against raw gRPC ping-pong
    arena games                           the games and their options

One module per command group (run, results, play, checkbot, bench), each adding its
own subcommands.  User mistakes end with a message and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from pathlib import Path

import engine
from arena.cli import bench, checkbot, play, report, results, run
from arena.cli._common import EXIT_USAGE, setup_logging
from arena.config import load_tournament
from arena.errors import Interrupted, ResultsDamaged, UsageError
from arena.play import settle_heap
from arena.process import EXIT_INTERRUPTED, install_termination_handlers
from arena.protocol import ARENA_VERSION
from arena.results import damage_words, readable_matches

__all__ = ["main", "build_parser"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="arena", description="A tournament arena for card-game bots.")
    parser.add_argument("--version", action="version", version=f"arena {ARENA_VERSION}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    run.add_parser(sub)
    results.add_parsers(sub)
    report.add_parser(sub)
    play.add_parser(sub)
    bench.add_parser(sub)
    checkbot.add_parser(sub)
    play.add_games_parser(sub)
    return parser


def _holds(error: BaseException, kind: type[BaseException]) -> bool:
    """`error` is a `kind`, or a group (trio's) holding one."""
    if isinstance(error, kind):
        return True
    if isinstance(error, BaseExceptionGroup):
        return error.subgroup(lambda e: isinstance(e, kind)) is not None
    return False


def _quiet_broken_pipe() -> int:
    # `arena export … | head`: the reader has seen enough; say nothing more.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _results_path(args: argparse.Namespace) -> Path | None:
    """The results file a command read: its RESULTS or --results, else the one its tournament file names."""
    if getattr(args, "results", None):
        return Path(args.results)
    if getattr(args, "file", None):  # arena run: the file had loaded, so it loads again
        try:
            return load_tournament(args.file).results
        except (UsageError, OSError):
            return None
    return None


def _damaged(args: argparse.Namespace, error: sqlite3.DatabaseError) -> str:
    """The message for a results file damaged on disk: what can still be read, and the way out."""
    path = _results_path(args)
    words = damage_words(error)
    if path is None:
        return f"the results file is damaged ({words}); run 'arena recover RESULTS' to copy what can still be read into a new file."
    return _damaged_file(path, words)


def _damaged_file(path: Path, words: str) -> str:
    """The message for the damaged results file `path` (`words`: how): what can still be read, and the way out."""
    try:
        salvage = readable_matches(path)
    except (UsageError, sqlite3.Error, OSError):
        return (
            f"{path} is damaged ({words}); run 'arena recover {path}' to copy what can still be read into a new file."
        )
    held = f"of {salvage.total}" if salvage.counted else "(how many it held cannot be told)"
    return (
        f"{path} is damaged ({words}); the matches that can still be read are {len(salvage.readable)} {held}; "
        f"run 'arena recover {path}' to copy them into a new file."
    )


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    install_termination_handlers()
    setup_logging(verbose=False)
    settle_heap()
    try:
        return int(args.func(args))
    except ResultsDamaged as error:
        print(f"arena: {_damaged_file(error.path, error.damage)}", file=sys.stderr)
        return EXIT_USAGE
    except (UsageError, engine.EngineError) as error:
        print(f"arena: {error}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        return _quiet_broken_pipe()
    except FileNotFoundError as error:
        print(f"arena: {error.strerror}: {error.filename}", file=sys.stderr)
        return EXIT_USAGE
    except sqlite3.DatabaseError as error:
        # A results file damaged on disk (the store's own checks name what they find).
        print(f"arena: {_damaged(args, error)}", file=sys.stderr)
        return EXIT_USAGE
    except Interrupted:
        print("\narena: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BaseException as error:
        if _holds(error, KeyboardInterrupt):  # a Ctrl-C outside the trio runs (start-up, the tables)
            print("\narena: interrupted", file=sys.stderr)
            return EXIT_INTERRUPTED
        if _holds(error, BrokenPipeError):  # `arena run … | head`: the pipe broke inside a trio run
            return _quiet_broken_pipe()
        raise
