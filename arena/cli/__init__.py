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
import difflib
import importlib
import os
import signal
import sqlite3
import sys
from pathlib import Path

import engine
from arena.cli._common import EXIT_USAGE, setup_logging
from arena.errors import Interrupted, ResultsDamaged, UsageError
from arena.protocol import ARENA_VERSION

__all__ = ["main", "build_parser"]

#: Each command's module (arena/cli/<module>.py) and the function that adds its parser,
#: in the order `arena --help` lists them.  Only the module of the command run is
#: imported: `arena table` loads no bot process, gRPC, trio or report.
_PARSERS = (
    ("run", "add_parser", ("run",)),
    ("results", "add_parsers", ("table", "list", "show", "export", "recover")),
    ("report", "add_parser", ("report",)),
    ("play", "add_parser", ("play",)),
    ("bench", "add_parser", ("bench",)),
    ("checkbot", "add_parser", ("check-bot",)),
    ("play", "add_games_parser", ("games",)),
)
#: The commands that start bots (or play in this process): the process's signal
#: handling and heap are the player's (`arena.process`, `arena.play.settle_heap`).
_PLAYING = {"run", "play", "bench", "check-bot"}
_EXIT_INTERRUPTED = 130  # as arena.process.EXIT_INTERRUPTED: a shell's code for SIGINT


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The `arena` command's parser: every command's, or only `command`'s when it names one."""
    parser = argparse.ArgumentParser(
        prog="arena", description="A tournament arena for card-game bots.", allow_abbrev=False
    )
    parser.add_argument("--version", action="version", version=f"arena {ARENA_VERSION}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    known = any(command in commands for _, _, commands in _PARSERS)
    for module, function, commands in _PARSERS:
        if not known or command in commands:
            getattr(importlib.import_module(f"arena.cli.{module}"), function)(sub)
    return parser


def _command(argv: list[str]) -> str | None:
    """The command word of `argv` (the first word not an option), if any."""
    return next((word for word in argv if not word.startswith("-")), None)


def _refuse_unknown(command: argparse.ArgumentParser, unknown: list[str]) -> None:
    """Exit 2 naming the arguments `command` (arena run, arena table…) does not take, and
    the flag of its own a mistyped one is closest to; argparse alone would blame `arena`."""
    # argparse keeps a parser's flags in a private table; --help lists the same ones.
    # Compared without their dashes, which every flag shares: "--bogus" is not near "--rounds".
    flags = {flag[2:]: flag for flag in command._option_string_actions if flag.startswith("--")}
    close = next(
        (
            difflib.get_close_matches(word.split("=")[0].lstrip("-"), flags, n=1)
            for word in unknown
            if word.startswith("-")
        ),
        [],
    )
    hint = f" (did you mean {flags[close[0]]}?)" if close else ""
    command.error(f"unrecognized arguments: {' '.join(unknown)}{hint}")


def _interrupt_on_termination() -> None:
    """SIGTERM and SIGHUP end a command that starts no bot as Ctrl-C does (the playing
    commands install `arena.process.install_termination_handlers`, which kills bots too)."""
    if signal.getsignal(signal.SIGINT) in (signal.SIG_IGN, signal.SIG_DFL):
        signal.signal(signal.SIGINT, signal.default_int_handler)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.default_int_handler)


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
        from arena.config import load_tournament  # arena run's, which has imported it

        try:
            return load_tournament(args.file).results
        except (UsageError, OSError):
            return None
    return None


def _damaged(args: argparse.Namespace, error: sqlite3.DatabaseError) -> str:
    """The message for a results file damaged on disk: what can still be read, and the way out."""
    from arena.results.recover import damage_words  # a damaged file's words, only when one is met

    path = _results_path(args)
    words = damage_words(error)
    if path is None:
        return f"the results file is damaged ({words}); run 'arena recover RESULTS' to copy what can still be read into a new file."
    return _damaged_file(path, words)


def _damaged_file(path: Path, words: str) -> str:
    """The message for the damaged results file `path` (`words`: how): what can still be read, and the way out."""
    from arena.results.recover import readable_matches  # only when a damaged file is met

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
    words = sys.argv[1:] if argv is None else argv
    parser = build_parser(_command(words))
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        _refuse_unknown(args.command_parser, unknown)
    args.words = words  # the command line as given, for a file that records it
    if args.command in _PLAYING:
        from arena.play import settle_heap
        from arena.process import install_termination_handlers

        install_termination_handlers()
        setup_logging(verbose=False)
        settle_heap()
    else:
        _interrupt_on_termination()
        setup_logging(verbose=False)
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
        return _EXIT_INTERRUPTED
    except BaseException as error:
        if _holds(error, KeyboardInterrupt):  # a Ctrl-C outside the trio runs (start-up, the tables)
            print("\narena: interrupted", file=sys.stderr)
            return _EXIT_INTERRUPTED
        if _holds(error, BrokenPipeError):  # `arena run … | head`: the pipe broke inside a trio run
            return _quiet_broken_pipe()
        raise
