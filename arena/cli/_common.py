"""What every command shares: exit codes, logging, the project's folder, flag readers."""

from __future__ import annotations

import argparse
import contextlib
import gc
import logging
import math
import shlex
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from arena.clock import TimeControl
from arena.errors import UsageError

__all__ = [
    "EXIT_USAGE",
    "PROJECT_ROOT",
    "setup_logging",
    "parse_bot",
    "split_bot",
    "parse_options",
    "whole_number",
    "add_deals_flag",
    "seconds",
    "time_control",
    "add_command",
    "prior_games",
    "cycle_collection_paused",
    "add_anchor_flags",
    "anchor_flags",
]

EXIT_USAGE = 2
#: The repository's root: the shipped bots (bots/random_bot.py) are found from here.
PROJECT_ROOT = Path(__file__).resolve().parents[2]


def setup_logging(verbose: bool, log_file: Path | None = None) -> None:
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


def split_bot(text: str) -> tuple[str, tuple[str, ...]]:
    """NAME=COMMAND of `--bot`: the name, and the command split as a shell would (never
    run by one), as typed (``module:package.module:Class --key=value``: an in-process bot,
    arena.config.bots.module_of)."""
    name, sep, command = text.partition("=")
    if not sep or not name or not command.strip():
        raise UsageError(f'--bot takes NAME=COMMAND, e.g. --bot r="python bots/random_bot.py"; got {text!r}.')
    from arena.config.schema import name_problem  # the tournament files' package: a playing command's

    problem = name_problem(name, "bot name")  # as a tournament file's: names become file names and columns
    if problem is not None:
        raise UsageError(f"--bot: {problem}")
    try:
        return name, tuple(shlex.split(command))
    except ValueError as error:
        raise UsageError(f"--bot {text}: the command cannot be split into arguments ({error}).") from None


def parse_bot(text: str) -> tuple[str, tuple[str, ...]]:
    """As `split_bot`, with ``python`` the arena's own interpreter, ready to start."""
    name, argv = split_bot(text)
    if argv[0] in ("python", "python3"):
        argv = (sys.executable, *argv[1:])
    return name, argv


def parse_options(items: list[str]) -> dict[str, Any]:
    """KEY=VALUE game options of `--option`: true/false and integers are typed."""
    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise UsageError(f"--option takes KEY=VALUE, e.g. --option courses=3; got {item!r}.")
        lowered = value.lower()
        options[key] = (
            True
            if lowered == "true"
            else False
            if lowered == "false"
            else int(value)
            if value.lstrip("-").isascii() and value.lstrip("-").isdigit()  # not '²', which int() refuses
            else value
        )
    return options


def whole_number(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least `minimum` (argparse names the flag)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be {minimum} or more, not {value}")
        return value

    return parse


def add_deals_flag(parser: argparse.ArgumentParser, help: str, default: int | None = None) -> None:
    """`--deals N`, and `--hands N`, its old name, still read but left out of --help so
    that one name is shown (a deal was once a "hand")."""
    parser.add_argument("--deals", type=whole_number(1), default=default, help=help)
    parser.add_argument(
        "--hands", dest="deals", type=whole_number(1), default=argparse.SUPPRESS, help=argparse.SUPPRESS
    )


def seconds(text: str) -> float:
    """An argparse type: a number of seconds, more than zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, not {text}")
    return value


def time_control(text: str) -> TimeControl:
    """An argparse type: a time control such as 60+0.5, 10+0.5/deal or 1/move."""
    try:
        return TimeControl.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


class _HelpFormatter(argparse.ArgumentDefaultsHelpFormatter, argparse.RawDescriptionHelpFormatter):
    """Defaults after each flag's help (where there is one to say); the examples printed
    as written."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.default is None or isinstance(action.default, bool) or action.default == []:
            return action.help
        return super()._get_help_string(action)


def add_command(
    sub: argparse._SubParsersAction, name: str, summary: str, examples: tuple[str, ...]
) -> argparse.ArgumentParser:
    """A subcommand whose --help shows every default and ends with examples."""
    epilog = "examples:\n" + "\n".join(f"  {example}" for example in examples)
    # No abbreviations: "--round 3" would run as "--rounds 3" unasked; refused, it gets the
    # suggestion of `arena.cli._refuse_unknown` instead.
    parser = sub.add_parser(
        name, help=summary, description=summary, epilog=epilog, formatter_class=_HelpFormatter, allow_abbrev=False
    )
    parser.set_defaults(command_parser=parser)  # so that a flag it does not know is refused in its name
    return parser


def prior_games(text: str) -> float:
    """--prior-games's G: a number from 0 to 1000."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 <= value <= 1000:
        raise argparse.ArgumentTypeError(f"must be from 0 to 1000, not {text}")
    return value


@contextlib.contextmanager
def cycle_collection_paused() -> Iterator[None]:
    """Python's cycle collector off for the block, then back as it was.

    For a command that reads a whole results file into many small acyclic objects
    (tuples, dicts: 200,000 merged outcomes at 100,000 matches), which reference
    counting frees alone: the collector's passes over them, ever longer as they grow,
    cost `arena table` a quarter of its time there (reading 7.5 -> 5.4 s, the fit's
    observations 0.86 -> 0.10 s of CPU) and find nothing to collect."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def add_anchor_flags(parser: argparse.ArgumentParser) -> None:
    """--anchor NAME and --anchor-elo E, which `anchor_flags` reads back."""
    parser.add_argument(
        "--anchor", help="fix this bot's Elo (default: the anchor of the tournament file that wrote RESULTS)"
    )
    parser.add_argument("--anchor-elo", type=float, metavar="E", help="the Elo --anchor fixes its bot at (default 0)")


def anchor_flags(args: argparse.Namespace) -> tuple[str, float] | None:
    """The anchor --anchor and --anchor-elo give, or None for the file's own; --anchor-elo
    alone is refused, as it fixes no bot (it was ignored)."""
    if args.anchor_elo is not None and not args.anchor:
        raise UsageError("--anchor-elo fixes the Elo of the bot --anchor names; give --anchor NAME with it.")
    return (args.anchor, args.anchor_elo if args.anchor_elo is not None else 0.0) if args.anchor else None
