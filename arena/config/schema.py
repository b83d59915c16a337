"""What a tournament file may say: every key of [tournament], [[bot]] and [sprt], declared once.

Each key is a frozen `Key`: its name, its type (one of `TYPES`), its default, its limits,
the command-line flag that overrides it, and a line of help.  The checker
(`arena.config.check`) walks these records: it knows how to check each type, not each
key.  The "unknown key ... The known keys are ..." messages list the names in the order
declared here.  What one key cannot say alone (seats against the game, anchor_elo
without anchor, command or address) the table's own checker adds after the walk.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from arena.protocol import DEFAULT_MEMORY_LIMIT, DEFAULT_STARTUP_TIMEOUT
from arena.records import DEFAULT_MAX_PROCESSES

__all__ = [
    "DEFAULT_DEALS",
    "DEFAULT_MOVE_TIME",
    "NAME_RE",
    "NAME_MAX",
    "name_problem",
    "TABLES",
    "TYPES",
    "Key",
    "Table",
    "TOURNAMENT",
    "BOT",
    "SPRT",
]

DEFAULT_DEALS = 10
DEFAULT_MOVE_TIME = 1.0

#: Tournament and bot names become file names (results, logs), TOML keys, report ids and
#: table columns: ASCII letters and digits, _ . -, and no longer than NAME_MAX.
NAME_RE = re.compile(r"[A-Za-z0-9_.-]+")
NAME_MAX = 40
#: Names shown in a message longer than this are cut, with an ellipsis.
_NAME_SHOWN = 24


def name_problem(value: str, noun: str = "name") -> str | None:
    """What is wrong with `value` as a tournament or bot name (`noun`: how to call it), or None."""
    shown = repr(value if len(value) <= _NAME_SHOWN else value[: _NAME_SHOWN - 4] + "…")
    if not value:
        return f"the {noun} is empty; a name is ASCII letters (A-Z, a-z), digits, '_', '.' and '-'."
    if len(value) > NAME_MAX:
        return f"the {noun} {shown} is {len(value)} characters long; a name may have at most {NAME_MAX}."
    if not NAME_RE.fullmatch(value):
        others = ", ".join(repr(c) for c in dict.fromkeys(c for c in value if not NAME_RE.fullmatch(c)))
        return f"the {noun} {shown} may only use ASCII letters (A-Z, a-z), digits, '_', '.' and '-', not {others}."
    return None


#: The tables a tournament file may have, in the order messages name them.
TABLES = ("tournament", "game", "bot", "sprt")

#: The types a key may have, and what each accepts.
TYPES = MappingProxyType(
    {
        "str": "a string (one of `choices` when they are given)",
        "name": f"a string of ASCII letters, digits, '_', '.' and '-', at most {NAME_MAX} characters",
        "game": "the name of a game the engine has",
        "int": "an integer, from `min` to `max`, or within `bits` signed bits",
        "number": "a finite number (an integer or a float)",
        "seconds": "a positive number of seconds, at most a day",
        "bool": "true or false",
        "path": "a file path, not empty",
        "address": "a host:port address, not empty",
        "command": "a list of strings: the program, then its arguments",
        "args": "a list of strings, maybe empty",
        "env": "a table of string values",
        "pairs": "a list of partnerships, each a list of two bot names",
        "names": "a list of bot names, not empty",
        "memory": 'a size: bytes, or a number with KiB, MiB, GiB or TiB, or "none"',
        "timecontrol": 'a time control: "60+0.5" (a bank per match, plus an increment per decision), '
        '"10+0.5/deal" (a bank per deal) or "1/move"',
    }
)


@dataclass(frozen=True)
class Key:
    """One key of a table: what it holds, what it defaults to, and the limits it keeps."""

    name: str
    type: str
    default: Any = None
    help: str = ""
    required: bool = False
    min: int | None = None
    max: int | None = None
    bits: int | None = None
    choices: tuple[str, ...] = ()
    #: The command-line option that replaces the file's value, such as "--deals".
    flag: str | None = None
    #: How messages name the value ("the bot name 'x' ..."); the key's name if empty.
    label: str = ""
    #: Names the key had before, still read (files written for an older arena keep working).
    old_names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.type not in TYPES:
            raise ValueError(f"key {self.name!r}: unknown type {self.type!r}")

    @property
    def noun(self) -> str:
        return self.label or self.name


@dataclass(frozen=True)
class Table:
    """The keys of one table, and how messages name the table."""

    title: str
    keys: tuple[Key, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(key.name for key in self.keys)


TOURNAMENT = Table(
    "[tournament]",
    (
        Key("name", "name", required=True, help="names the results and log files"),
        Key("game", "game", required=True, help="the game played; see `arena games`"),
        Key("seats", "int", help="players per table; default: the game's default number of players"),
        Key(
            "deals",
            "int",
            DEFAULT_DEALS,
            min=1,
            max=1_000_000,
            flag="--deals",
            old_names=("hands",),
            help="deals per match (a deal: the cards dealt once, played out, scored)",
        ),
        Key(
            "rounds",
            "int",
            1,
            min=1,
            max=1_000_000,
            flag="--rounds",
            help="times the whole schedule is played, on new deals",
        ),
        Key("seed", "int", 0, bits=64, flag="--seed", help="the deals' seed: same file and seed, same deals"),
        Key("concurrency", "int", 1, min=1, max=10_000, flag="--concurrency", help="matches at once"),
        Key(
            "workers",
            "int",
            min=1,
            max=1_000,
            flag="--workers",
            help="worker processes the matches run in, each with its own referee and bots; 1: in the arena's own "
            "process; default one per core, at most concurrency (the environment's ARENA_WORKERS: another default)",
        ),
        Key("move_time", "seconds", DEFAULT_MOVE_TIME, flag="--move-time", help="seconds per decision"),
        Key(
            "tc",
            "timecontrol",
            flag="--tc",
            help='instead of move_time: a bank of seconds per match ("60+0.5": +0.5 s per decision) or per deal '
            '("10+0.5/deal")',
        ),
        Key("duplicate", "bool", True, help="replay each table's deals with the bots rotated through the seats"),
        Key(
            "pairs",
            "pairs",
            help="a partnership game's partnerships, each two bot names (North or East first); default: "
            "every bot partners itself",
        ),
        Key(
            "public_deals",
            "bool",
            False,
            help="deal from the seed alone, so two fresh runs deal the same (and anyone with the file can compute "
            "the deals); by default the results file's secret is mixed in",
        ),
        Key("sandbox", "bool", True, help="run every bot in a sandbox (bubblewrap); a bot's own sandbox key wins"),
        Key(
            "format",
            "str",
            "round-robin",
            choices=("round-robin", "gauntlet"),
            help='"round-robin": every table of bots; "gauntlet": only the tables where one of the gauntlet '
            "bots meets the field",
        ),
        Key(
            "gauntlet",
            "names",
            help='with format = "gauntlet": the bots that play the field, each at its tables with bots of the '
            "field only (default: the first bot)",
        ),
        Key("anchor", "str", help="the bot whose Elo is fixed at anchor_elo"),
        Key("anchor_elo", "number", 0.0, help="the anchor's Elo"),
        Key(
            "prior_games",
            "number",
            2.0,
            min=0,
            max=1000,
            help="the rating fit's prior: virtual draws per bot against the pool mean, which keep a bot that "
            "never lost (or never won) finite; 0: plain maximum likelihood, no rating then for such a bot",
        ),
        Key("results", "path", flag="--results", help="the results file; default results/<name>.sqlite"),
        Key("logs", "path", help="the bots' log folder; default logs/<name>"),
    ),
)

BOT = Table(
    "a [[bot]] block",
    (
        Key("name", "name", required=True, label="bot name", help="unique; names the bot's log file"),
        Key("command", "command", help='the program to start, as a list: ["python", "bots/my_bot.py"]'),
        Key("args", "args", help="arguments appended to command"),
        Key("env", "env", MappingProxyType({}), help="environment variables for the bot"),
        Key("protocol", "str", "grpc", choices=("grpc", "stdio"), help="how the bot talks to the referee"),
        Key("address", "address", help="instead of command: a bot already running, such as localhost:50051"),
        Key(
            "module",
            "str",
            help='instead of command: an SDK Bot class played inside the arena\'s process, "package.module:Class" '
            "(trusted code: not sandboxed, and never interrupted); args become its parameters",
        ),
        Key(
            "human",
            "bool",
            False,
            help="a person plays this seat, in the browser (arena run prints the address): no command; "
            "no clock unless tc or move_time is given; the run waits for them at their tables",
        ),
        Key("memory_limit", "memory", DEFAULT_MEMORY_LIMIT, help="the bot's memory limit"),
        Key("startup_timeout", "seconds", DEFAULT_STARTUP_TIMEOUT, help="seconds to answer the Hello"),
        Key("move_time", "seconds", help="this bot's seconds per decision, instead of the tournament's"),
        Key("tc", "timecontrol", help="this bot's time control, instead of the tournament's"),
        Key("sandbox", "bool", help="run the bot in a sandbox (bubblewrap); default: the tournament's sandbox"),
        Key("network", "bool", False, help="in the sandbox, keep the network (a sandboxed bot has none)"),
        Key(
            "files",
            "args",
            (),
            help="more files and folders the sandboxed bot may read (the folder of its program is always there)",
        ),
        Key(
            "max_processes",
            "int",
            DEFAULT_MAX_PROCESSES,
            min=1,
            max=100_000,
            help="processes the bot may run at once, all counted",
        ),
    ),
)

SPRT = Table(
    "[sprt]",
    (
        Key("candidate", "name", required=True, label="bot name", help="the bot tested: is it stronger?"),
        Key("baseline", "name", required=True, label="bot name", help="the bot it is tested against"),
        Key("elo0", "number", required=True, help="H0: the candidate's Elo over the baseline is elo0 (or less)"),
        Key("elo1", "number", required=True, help="H1: the candidate's Elo over the baseline is elo1 (or more)"),
        Key("alpha", "number", 0.05, min=0, max=1, help="the chance of accepting H1 when H0 holds"),
        Key("beta", "number", 0.05, min=0, max=1, help="the chance of accepting H0 when H1 holds"),
    ),
)
