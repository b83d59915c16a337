"""Tournament files: read a TOML file, check all of it, and describe every problem at once.

A tournament file has a ``[tournament]`` table, an optional ``[game]`` table (the game's
options) and one ``[[bot]]`` block per bot::

    [tournament]
    name = "conto-zoo"        # required; letters, digits, _ . -
    game = "conto"            # required; see `arena games`
    seats = 4                 # default: the game's default number of players
    hands = 20                # deals per match; default 10
    rounds = 1                # times the whole schedule is played, on new deals; default 1
    seed = 1                  # default 0
    concurrency = 2           # matches at once; default 1
    move_time = 1.0           # seconds per decision; default 1.0
    duplicate = true          # replay each deal with the bots rotated; default true
    anchor = "random"         # optional: this bot's Elo is fixed at anchor_elo (default 0)
    results = "results/conto-zoo.sqlite"   # default results/<name>.sqlite
    logs = "logs/conto-zoo"                # default logs/<name>

    [game]
    hand_size = 6

    [[bot]]
    name = "random"
    command = ["python", "bots/random_bot.py"]   # an argv list, never a shell string
    args = ["--aggression=0.3"]                  # appended to command
    env = { SOME_VAR = "x" }
    protocol = "grpc"                            # or "stdio"
    # address = "localhost:50051"                # instead of command: a bot already running
    memory_limit = "2GiB"                        # bytes, or KiB/MiB/GiB, or "none"
    startup_timeout = 20

Decisions worth knowing:

- Relative paths (``results``, ``logs``, bot commands and their script arguments) are
  relative to the *current directory*, not to the tournament file, as on a command line.
  Bots run with the current directory as their working directory.
- A command starting with ``python`` or ``python3`` runs with the arena's own interpreter
  (``sys.executable``), so bots see the same packages as the arena.  The fingerprint
  records it as ``python``, so moving to another virtualenv does not count as a change.
- Every problem is collected before anything is reported: `ConfigError` lists them all,
  command-line problems first, then in file order.  Problems name the key as
  ``tournament.hands``, ``game.hand_size`` or ``bot[2].command``; bots are numbered from
  1 in file order.  Line numbers are found by scanning the text (tomllib gives none for
  a valid file): the key's line, else its table's header, else none.
- ``[game]`` options are checked one by one (unknown names, values outside the choices),
  then together by ``engine.load(game, players=seats, **options)``.
- Bot names follow the tournament name's rule (letters, digits, ``_ . -``): they become
  log file names.  Sane limits keep absurd numbers out: hands and rounds at most a
  million, concurrency 10 000, times one day, seeds 64 bits.
- The fingerprint covers what changes results (game, options with the engine's defaults
  filled in, seats, hands, rounds, seed, duplicate, move time, and each bot's name,
  full command, address, protocol and environment, in file order), so a results file is
  only resumed with the setup that produced it.  Concurrency, paths and the anchor are
  left out: they change no result.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import math
import os
import re
import shlex
import shutil
import sys
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

import engine
from arena.pool import BotEntry

__all__ = [
    "ConfigError",
    "Problem",
    "TournamentConfig",
    "load_tournament",
    "parse_memory",
    "DEFAULT_HANDS",
    "DEFAULT_MOVE_TIME",
    "DEFAULT_MEMORY_LIMIT",
]

DEFAULT_HANDS = 10
DEFAULT_MOVE_TIME = 1.0
DEFAULT_MEMORY_LIMIT = 2 * 1024**3
DEFAULT_STARTUP_TIMEOUT = 20.0
COMMAND_LINE = "command line"

_MAX_HANDS = 1_000_000
_MAX_ROUNDS = 1_000_000
_MAX_CONCURRENCY = 10_000
_MAX_SECONDS = 86_400
_MAX_MEMORY = 2**62

_NAME_RE = re.compile(r"[A-Za-z0-9_.-]+")
_SCRIPT_SUFFIXES = (".py", ".js", ".sh", ".awk", ".mjs")
_PYTHON_NAMES = ("python", "python3")

_TOP_KEYS = ("tournament", "game", "bot")
_TOURNAMENT_KEYS = (
    "name",
    "game",
    "seats",
    "hands",
    "rounds",
    "seed",
    "concurrency",
    "move_time",
    "duplicate",
    "anchor",
    "anchor_elo",
    "results",
    "logs",
)
_BOT_KEYS = (
    "name",
    "command",
    "args",
    "env",
    "protocol",
    "address",
    "memory_limit",
    "startup_timeout",
)
_PROTOCOLS = ("grpc", "stdio")


# --- problems -------------------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a tournament file, where it is, and what is wrong."""

    file: str
    line: int | None
    key: str
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.key}: {self.message}" if self.key else f"{where}: {self.message}"


class ConfigError(Exception):
    """A tournament file (or a command-line override) that cannot be used; see `problems`."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__(self._text())

    def _text(self) -> str:
        if len(self.problems) == 1:
            return str(self.problems[0])
        files = sorted({p.file for p in self.problems if p.file != COMMAND_LINE})
        source = files[0] if len(files) == 1 else "The tournament"
        lines = [f"{source} has {len(self.problems)} problems:"]
        lines += [f"  {p}" for p in self.problems]
        return "\n".join(lines)


# --- the configuration ------------------------------------------------------------------


@dataclass(frozen=True)
class TournamentConfig:
    """A checked tournament: everything the scheduler, referee and store need."""

    path: Path
    name: str
    game: str
    seats: int
    hands: int
    rounds: int
    seed: int
    concurrency: int
    move_time: float
    duplicate: bool
    anchor: tuple[str, float] | None
    options: Mapping[str, Any]
    bots: tuple[BotEntry, ...]
    results: Path
    logs: Path

    def fingerprint_data(self) -> dict[str, Any]:
        """Everything that changes results, as canonical JSON-able data (see the module doc)."""
        options: dict[str, Any] = dict(self.options)
        try:
            options = dict(engine.load(self.game, players=self.seats, **self.options).options)
        except Exception:  # noqa: BLE001 - a config built by hand; keep the options as given
            pass
        return {
            "game": self.game,
            "options": options,
            "seats": self.seats,
            "hands": self.hands,
            "rounds": self.rounds,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "move_time": float(self.move_time),
            "bots": [
                {
                    "name": bot.name,
                    "command": _portable_command(bot.command),
                    "address": bot.address,
                    "protocol": bot.protocol,
                    "env": dict(sorted(bot.env.items())),
                }
                for bot in self.bots
            ],
        }

    def fingerprint(self) -> str:
        """SHA-256 (hex) of the canonical JSON of `fingerprint_data()`."""
        return fingerprint_of(self.fingerprint_data())

    def bot(self, name: str) -> BotEntry:
        for bot in self.bots:
            if bot.name == name:
                return bot
        raise KeyError(name)


def fingerprint_of(data: Mapping[str, Any]) -> str:
    """The fingerprint of fingerprint data (as `TournamentConfig.fingerprint` computes it)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def _portable_command(command: Sequence[str]) -> list[str]:
    argv = list(command)
    if argv and argv[0] == sys.executable:
        argv[0] = "python"
    return argv


# --- memory sizes -----------------------------------------------------------------------

_UNITS = {"": 1, "b": 1, "kib": 1024, "mib": 1024**2, "gib": 1024**3, "tib": 1024**4}
_MEMORY_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([A-Za-z]*)\s*$")


def parse_memory(value: Any) -> int | None:
    """Bytes from an int or a text such as ``"512MiB"``; ``"none"`` means no limit (None).

    Raises ValueError with a sentence saying what is accepted.
    """
    if isinstance(value, bool):
        raise ValueError(f"expected a size such as \"2GiB\" or a number of bytes, found {_describe(value)}")
    if isinstance(value, int):
        if value <= 0:
            raise ValueError(f"must be a positive number of bytes, not {_repr(value)}")
        if value > _MAX_MEMORY:
            raise ValueError(f"must be at most 2**62 bytes, not {_repr(value)}")
        return value
    if not isinstance(value, str):
        raise ValueError(
            f"expected a size such as \"2GiB\", a number of bytes or \"none\", found {_describe(value)}"
        )
    if value.strip().lower() == "none":
        return None
    match = _MEMORY_RE.match(value)
    unit = match.group(2).lower() if match else ""
    if match is None or unit not in _UNITS:
        hint = ""
        if match and unit in ("k", "kb", "m", "mb", "g", "gb", "t", "tb"):
            hint = f"; write {match.group(1)}{unit[0].upper()}iB"
        raise ValueError(
            f"cannot read the size {value!r}: write a number with KiB, MiB or GiB "
            f"(\"512MiB\", \"2GiB\"), a number of bytes, or \"none\" for no limit{hint}"
        )
    number = float(match.group(1)) * _UNITS[unit]
    if not math.isfinite(number):
        raise ValueError(f"the size {value!r} is too large")
    size = int(number)
    if size <= 0:
        raise ValueError(f"must be a positive size, not {value!r}")
    if size > _MAX_MEMORY:
        raise ValueError(f"must be at most 2**62 bytes, not {value!r}")
    return size


# --- where keys are: line numbers from the raw text ----------------------------------------


class _LineIndex:
    """Best-effort line numbers of tables and keys, found by scanning the TOML text.

    Paths are tuples such as ("tournament", "hands"), ("bot", 0, "command") (the first
    [[bot]] block) or ("game",) (the header).  `line(path)` falls back to the nearest
    enclosing key or table, so a missing key points at its table.
    """

    _BARE = r"[A-Za-z0-9_-]+"
    _QUOTED = r'"(?:[^"\\]|\\.)*"|\'[^\']*\''
    _KEY = rf"(?:{_BARE}|{_QUOTED})(?:\s*\.\s*(?:{_BARE}|{_QUOTED}))*"
    _ARRAY_HEADER = re.compile(rf"^\s*\[\[\s*({_KEY})\s*\]\]")
    _HEADER = re.compile(rf"^\s*\[\s*({_KEY})\s*\]")
    _ASSIGN = re.compile(rf"^\s*({_KEY})\s*=")
    _PART = re.compile(rf"{_BARE}|{_QUOTED}")

    def __init__(self, text: str) -> None:
        self.lines: dict[tuple, int] = {}
        self.last_line = text.count("\n") + 1
        arrays: dict[tuple, int] = {}
        table: tuple = ()
        depth = 0  # open brackets/braces of a multi-line value
        in_string: str | None = None  # the delimiter of an open multi-line string
        for number, line in enumerate(text.splitlines(), start=1):
            if in_string is None and depth == 0:
                header = self._ARRAY_HEADER.match(line)
                if header:
                    parts = self._parts(header.group(1))
                    path = (*self._resolve(parts[:-1], arrays), parts[-1])
                    arrays[path] = arrays.get(path, 0) + 1
                    table = (*path, arrays[path] - 1)
                    self.lines.setdefault(table, number)
                    continue
                header = self._HEADER.match(line)
                if header:
                    table = self._resolve(self._parts(header.group(1)), arrays)
                    self.lines.setdefault(table, number)
                    continue
                assign = self._ASSIGN.match(line)
                if assign:
                    self.lines.setdefault((*table, *self._parts(assign.group(1))), number)
                    rest = line[assign.end() :]
                else:
                    rest = line
            else:
                rest = line
            depth, in_string = self._scan(rest, depth, in_string)

    @classmethod
    def _parts(cls, key: str) -> tuple[str, ...]:
        parts = []
        for token in cls._PART.findall(key):
            if token[:1] in "\"'":
                token = token[1:-1]
            parts.append(token)
        return tuple(parts)

    @staticmethod
    def _resolve(parts: tuple[str, ...], arrays: dict[tuple, int]) -> tuple:
        path: tuple = ()
        for part in parts:
            path = (*path, part)
            if path in arrays:
                path = (*path, arrays[path] - 1)
        return path

    @staticmethod
    def _scan(text: str, depth: int, in_string: str | None) -> tuple[int, str | None]:
        """Track brackets and multi-line strings through one line of a value."""
        i = 0
        while i < len(text):
            if in_string is not None:
                end = text.find(in_string, i)
                if end < 0:
                    return depth, in_string
                if in_string == '"""' and end > 0 and text[end - 1] == "\\":
                    i = end + 1
                    continue
                i = end + 3
                in_string = None
                continue
            char = text[i]
            if char == "#":
                break
            if text.startswith('"""', i) or text.startswith("'''", i):
                in_string = text[i : i + 3]
                i += 3
                continue
            if char == '"':
                i += 1
                while i < len(text) and text[i] != '"':
                    i += 2 if text[i] == "\\" else 1
                i += 1
                continue
            if char == "'":
                end = text.find("'", i + 1)
                i = len(text) if end < 0 else end + 1
                continue
            if char in "[{":
                depth += 1
            elif char in "]}":
                depth = max(0, depth - 1)
            i += 1
        return depth, in_string

    def line(self, path: tuple) -> int | None:
        if path in self.lines:
            return self.lines[path]
        # A table written only through its sub-keys ("env.A = ..."), or an array of tables.
        inside = [line for key, line in self.lines.items() if key[: len(path)] == path]
        if path and inside:
            return min(inside)
        while path:
            path = path[:-1]
            if path in self.lines:
                return self.lines[path]
        return None


def _key_text(path: tuple) -> str:
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part + 1}]"
        else:
            text += f".{part}" if text else str(part)
    return text


# --- describing values --------------------------------------------------------------------


def _type_name(value: Any) -> str:
    if hasattr(value, "isoformat"):
        return "a date/time"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return f"a {type(value).__name__}"


def _repr(value: Any) -> str:
    """repr, safe for integers too long to print (Python refuses over 4300 digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"a number of about {int(value.bit_length() * math.log10(2)) + 1} digits"
    if isinstance(value, (list, dict)):
        try:
            return repr(value)
        except ValueError:
            return "[...]" if isinstance(value, list) else "{...}"
    return repr(value)


def _describe(value: Any) -> str:
    shown = _repr(value) if not isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    if hasattr(value, "isoformat"):
        shown = value.isoformat()
    if isinstance(value, bool):
        shown = "true" if value else "false"
    if len(shown) > 60:
        shown = shown[:57] + "..."
    if isinstance(value, dict):
        return "a table"
    return f"{_type_name(value)} ({shown})"


def _did_you_mean(word: str, known: Sequence[str]) -> str:
    """" Did you mean 'x'?" or "": goes between two sentences."""
    close = difflib.get_close_matches(word, known, n=1, cutoff=0.6)
    return f" Did you mean {close[0]!r}?" if close else ""


# --- the checker --------------------------------------------------------------------------


class _Checker:
    def __init__(self, file: str, text: str, data: dict[str, Any], cwd: Path) -> None:
        self.file = file
        self.index = _LineIndex(text)
        self.data = data
        self.cwd = cwd
        self.problems: list[Problem] = []

    # -- reporting
    def problem(self, path: tuple, message: str, *, line_of: tuple | None = None) -> None:
        line = self.index.line(line_of if line_of is not None else path)
        self.problems.append(Problem(self.file, line, _key_text(path), message))

    def override_problem(self, option: str, message: str) -> None:
        self.problems.append(Problem(COMMAND_LINE, None, option, message))

    def unknown_keys(self, table: Mapping[str, Any], path: tuple, known: Sequence[str], what: str) -> None:
        for key in table:
            if key not in known:
                self.problem(
                    (*path, key),
                    f"unknown key {key!r} in {what}.{_did_you_mean(key, known)} "
                    f"The known keys are {', '.join(known)}.",
                )

    def unknown_top_level(self) -> None:
        for key, value in self.data.items():
            if key in _TOP_KEYS:
                continue
            if key in _TOURNAMENT_KEYS and not isinstance(value, dict):
                self.problem((key,), f"the key {key!r} is outside any table; move it under [tournament].")
                continue
            if key in _BOT_KEYS and not isinstance(value, dict):
                self.problem((key,), f"the key {key!r} is outside any table; move it into a [[bot]] block.")
                continue
            what = "table" if isinstance(value, (dict, list)) else "key"
            self.problem(
                (key,),
                f"unknown {what} {key!r}.{_did_you_mean(key, _TOP_KEYS)} "
                "A tournament file has the tables [tournament], [game] and [[bot]].",
            )

    # -- typed getters: each returns the value or `default`, reporting wrong types
    def get(self, table: Mapping[str, Any], path: tuple, key: str, kind: str, default: Any = None, *, required: bool = False) -> Any:
        if key not in table:
            if required:
                self.problem((*path, key), f"the required key {key!r} is missing{self._where(path)}.")
            return default
        value = table[key]
        if not self._is(value, kind):
            self.problem((*path, key), f"expected {self._kind_text(kind)}, found {_describe(value)}.")
            return default
        if kind == "number":
            try:
                return float(value)
            except OverflowError:
                self.problem((*path, key), f"the number {_repr(value)} is too large.")
                return default
        return value

    def _where(self, path: tuple) -> str:
        if not path:
            return ""
        if path[0] == "bot" and len(path) > 1:
            return f" in the {_ordinal(path[1] + 1)} [[bot]] block"
        return f" in [{_key_text(path)}]"

    @staticmethod
    def _is(value: Any, kind: str) -> bool:
        if kind == "int":
            return isinstance(value, int) and not isinstance(value, bool)
        if kind == "number":
            return isinstance(value, (int, float)) and not isinstance(value, bool)
        if kind == "bool":
            return isinstance(value, bool)
        if kind == "str":
            return isinstance(value, str)
        if kind == "table":
            return isinstance(value, dict)
        raise AssertionError(kind)

    @staticmethod
    def _kind_text(kind: str) -> str:
        return {
            "int": "an integer",
            "number": "a number",
            "bool": "a boolean (true or false)",
            "str": "a string",
            "table": "a table",
        }[kind]

    # -- the file
    def check(self, overrides: Mapping[str, Any]) -> TournamentConfig | None:
        data = self.data
        self.unknown_top_level()

        tournament = data.get("tournament")
        present = isinstance(tournament, dict)
        if tournament is None:
            self.problem(("tournament",), "the [tournament] table is missing; it needs at least name and game.")
            tournament = {}
        elif not isinstance(tournament, dict):
            self.problem(("tournament",), f"expected the table [tournament], found {_describe(tournament)}.")
            tournament = {}
        t = ("tournament",)
        self.unknown_keys(tournament, t, _TOURNAMENT_KEYS, "[tournament]")

        name = self.get(tournament, t, "name", "str", required=present)
        if name is not None and not _NAME_RE.fullmatch(name):
            self.problem((*t, "name"), f"the name {name!r} may only use letters, digits, '_', '.' and '-'.")
            name = None

        spec = None
        game = self.get(tournament, t, "game", "str", required=present)
        if game is not None:
            known = [s.name for s in engine.games()]
            if game not in known:
                self.problem(
                    (*t, "game"),
                    f"there is no game {game!r}.{_did_you_mean(game, known)} The games are {', '.join(known)}.",
                )
                game = None
            else:
                spec = engine.game_class(game).spec

        seats = self.get(tournament, t, "seats", "int")
        if seats is None and spec is not None and "seats" not in tournament:
            seats = spec.default_players
        if seats is not None and spec is not None and not spec.min_players <= seats <= spec.max_players:
            players = (
                f"exactly {spec.min_players} players"
                if spec.min_players == spec.max_players
                else f"{spec.min_players} to {spec.max_players} players"
            )
            self.problem((*t, "seats"), f"{spec.name} is for {players}; seats = {_repr(seats)} is outside that range.")
            seats = None

        hands = self.positive_int(tournament, t, "hands", DEFAULT_HANDS, overrides, "--hands", _MAX_HANDS)
        rounds = self.positive_int(tournament, t, "rounds", 1, overrides, "--rounds", _MAX_ROUNDS)
        concurrency = self.positive_int(
            tournament, t, "concurrency", 1, overrides, "--concurrency", _MAX_CONCURRENCY
        )
        seed = self.get(tournament, t, "seed", "int", 0)
        if seed is not None and not -(2**63) <= seed < 2**63:
            self.problem((*t, "seed"), f"must fit in 64 bits (from -2**63 to 2**63 - 1), not {_repr(seed)}.")

        move_time = self.get(tournament, t, "move_time", "number", DEFAULT_MOVE_TIME)
        if move_time is not None and (wrong := _seconds_problem(move_time, tournament.get("move_time", move_time))):
            self.problem((*t, "move_time"), wrong)
            move_time = None
        duplicate = self.get(tournament, t, "duplicate", "bool", True)

        anchor_name = self.get(tournament, t, "anchor", "str")
        anchor_elo = self.get(tournament, t, "anchor_elo", "number", 0.0)
        if anchor_elo is not None and not math.isfinite(anchor_elo):
            self.problem((*t, "anchor_elo"), f"must be a finite number, not {_toml_literal(tournament['anchor_elo'])}.")
        if "anchor_elo" in tournament and "anchor" not in tournament:
            self.problem((*t, "anchor_elo"), "anchor_elo needs anchor, the name of the bot whose Elo is fixed.")

        results = self.path_value(tournament, t, "results", overrides)
        logs = self.path_value(tournament, t, "logs", {})

        options = self.check_game(spec, seats)
        bots = self.check_bots()

        blocks = self.data.get("bot")
        names = [b.get("name") for b in blocks if isinstance(b, dict)] if isinstance(blocks, list) else []
        names = list(dict.fromkeys(n for n in names if isinstance(n, str)))
        if anchor_name is not None and names and anchor_name not in names:
            self.problem(
                (*t, "anchor"),
                f"the anchor {anchor_name!r} is not one of the bots.{_did_you_mean(anchor_name, names)} "
                f"The bots are {', '.join(names)}.",
            )

        if self.problems:
            return None
        assert name is not None and game is not None and seats is not None
        return TournamentConfig(
            path=Path(self.file),
            name=name,
            game=game,
            seats=seats,
            hands=hands,
            rounds=rounds,
            seed=seed,
            concurrency=concurrency,
            move_time=float(move_time),
            duplicate=duplicate,
            anchor=(anchor_name, float(anchor_elo)) if anchor_name is not None else None,
            options=MappingProxyType(dict(options)),
            bots=tuple(bots),
            results=results if results is not None else Path("results") / f"{name}.sqlite",
            logs=logs if logs is not None else Path("logs") / name,
        )

    def positive_int(self, table, path, key, default, overrides, option, limit) -> int | None:
        if overrides.get(key) is not None:
            value = overrides[key]
            if isinstance(value, bool) or not isinstance(value, int):
                self.override_problem(option, f"expected an integer, found {_describe(value)}.")
                return None
            report = lambda message: self.override_problem(option, message)  # noqa: E731
        else:
            value = self.get(table, path, key, "int", default)
            report = lambda message: self.problem((*path, key), message)  # noqa: E731
        if value is None:
            return None
        if value < 1:
            report(f"must be at least 1, not {_repr(value)}.")
            return None
        if value > limit:
            report(f"must be at most {limit:_}, not {_repr(value)}.")
            return None
        return value

    def path_value(self, table, path, key, overrides) -> Path | None:
        if overrides.get(key) is not None:
            value = overrides[key]
            if not isinstance(value, (str, os.PathLike)) or not os.fspath(value):
                self.override_problem(f"--{key}", f"expected a file path, found {_describe(value)}.")
                return None
            return Path(value)
        value = self.get(table, path, key, "str")
        if value is not None and not value.strip():
            self.problem((*path, key), "must be a path, not an empty string.")
            return None
        return Path(value) if value is not None else None

    def check_game(self, spec: engine.GameSpec | None, seats: int | None) -> dict[str, Any]:
        options = self.data.get("game", {})
        g = ("game",)
        if not isinstance(options, dict):
            self.problem(g, f"expected the table [game] of game options, found {_describe(options)}.")
            return {}
        if spec is None:
            return dict(options)
        known = [o.name for o in spec.options]
        fine = True
        for key, value in options.items():
            if key == "players":
                self.problem((*g, key), "the number of players is set by seats in [tournament], not in [game].")
                fine = False
                continue
            if key not in known:
                listed = ", ".join(known) if known else "none"
                self.problem(
                    (*g, key),
                    f"{spec.name} has no option {key!r}.{_did_you_mean(key, known)} Its options are {listed}.",
                )
                fine = False
                continue
            option = spec.option(key)
            try:
                option.check(value)
            except ValueError:
                allowed = ", ".join(_toml_literal(c) for c in option.choices)
                self.problem(
                    (*g, key),
                    f"{spec.name} option {key!r} cannot be {_toml_literal(value)}; allowed values are "
                    f"{allowed} ({option.help}).",
                )
                fine = False
        if fine and seats is not None:
            try:
                engine.load(spec.name, players=seats, **options)
            except ValueError as error:
                self.problem(g, f"the game refuses these options: {error}")
        return dict(options)

    def check_bots(self) -> list[BotEntry]:
        blocks = self.data.get("bot")
        if blocks is None:
            self.problem(("bot",), "there are no bots: add at least two [[bot]] blocks.")
            return []
        if isinstance(blocks, dict):
            self.problem(("bot",), "bots are written as [[bot]] blocks (double brackets), one per bot, not as one [bot] table.")
            return []
        if not isinstance(blocks, list):
            self.problem(("bot",), f"expected [[bot]] blocks, found {_describe(blocks)}.")
            return []
        bots: list[BotEntry] = []
        seen: dict[str, int] = {}
        valid = 0
        for index, block in enumerate(blocks):
            path = ("bot", index)
            if not isinstance(block, dict):
                self.problem(path, f"expected a [[bot]] table, found {_describe(block)}.")
                continue
            valid += 1
            entry = self.check_bot(block, path)
            name = block.get("name")
            if isinstance(name, str):
                if name in seen:
                    first = seen[name]
                    line = self.index.line(("bot", first, "name"))
                    at = f" (line {line})" if line is not None else ""
                    self.problem(
                        (*path, "name"),
                        f"the name {name!r} is already used by bot[{first + 1}]{at}; bot names must be unique.",
                    )
                    entry = None
                else:
                    seen[name] = index
            if entry is not None:
                bots.append(entry)
        if valid < 2:
            self.problem(("bot",), f"a tournament needs at least 2 bots; the file has {valid}.", line_of=("bot", 0))
        return bots

    def check_bot(self, block: Mapping[str, Any], path: tuple) -> BotEntry | None:
        errors = len(self.problems)
        self.unknown_keys(block, path, _BOT_KEYS, "a [[bot]] block")
        name = self.get(block, path, "name", "str", required=True)
        if name is not None and not _NAME_RE.fullmatch(name):
            self.problem((*path, "name"), f"the bot name {name!r} may only use letters, digits, '_', '.' and '-'.")
        who = f"bot {name!r}" if name else f"bot[{path[1] + 1}]"

        protocol = self.get(block, path, "protocol", "str", "grpc")
        if protocol is not None and protocol not in _PROTOCOLS:
            self.problem(
                (*path, "protocol"),
                f"unknown protocol {protocol!r}.{_did_you_mean(protocol, _PROTOCOLS)} Use \"grpc\" or \"stdio\".",
            )
        command = self.argv(block, path, "command")
        args = self.argv(block, path, "args", allow_empty=True)
        address = self.get(block, path, "address", "str")
        if address is not None and not address.strip():
            self.problem((*path, "address"), "must be an address such as \"localhost:50051\", not an empty string.")
        has_command, has_address = "command" in block, "address" in block
        if has_command and has_address:
            self.problem(
                (*path, "address"),
                f"{who} has both command and address; give command to start the bot, "
                "or address to connect to one already running, not both.",
            )
        elif not has_command and not has_address:
            self.problem(
                path,
                f"{who} needs command (the program to start, e.g. command = [\"python\", \"bots/my_bot.py\"]) "
                "or address (a bot already running, e.g. address = \"localhost:50051\").",
            )
        if "args" in block and not has_command:
            self.problem((*path, "args"), f"{who} has args but no command to append them to.")
        if protocol == "stdio" and has_address:
            self.problem((*path, "protocol"), f"{who} uses the stdio protocol, which needs command, not address.")

        env: dict[str, str] = {}
        raw_env = self.get(block, path, "env", "table", {})
        for key, value in (raw_env or {}).items():
            if not isinstance(value, str):
                plain = isinstance(value, (int, float)) and not isinstance(value, dict)
                hint = f" (write {key} = {json.dumps(_toml_literal(value))})" if plain else ""
                self.problem(
                    (*path, "env", key),
                    f"environment values must be strings; found {_describe(value)}{hint}.",
                )
            else:
                env[key] = value

        memory: int | None = DEFAULT_MEMORY_LIMIT
        if "memory_limit" in block:
            try:
                memory = parse_memory(block["memory_limit"])
            except ValueError as error:
                self.problem((*path, "memory_limit"), f"{error}.")
        startup = self.get(block, path, "startup_timeout", "number", DEFAULT_STARTUP_TIMEOUT)
        if startup is not None and (wrong := _seconds_problem(startup, block.get("startup_timeout", startup))):
            self.problem((*path, "startup_timeout"), wrong)

        argv: tuple[str, ...] = ()
        if command:
            argv = (*command, *(args or ()))
            if argv[0] in _PYTHON_NAMES:
                argv = (sys.executable, *argv[1:])
            else:
                self.check_program(argv[0], path, who)
            self.check_scripts(argv, len(command), path, who)

        if len(self.problems) > errors:
            return None
        return BotEntry(
            name=name,
            command=argv,
            address=address,
            env=MappingProxyType(env),
            cwd=None,
            protocol=protocol,
            memory_limit=memory,
            startup_timeout=float(startup),
        )

    def argv(self, block, path, key, *, allow_empty: bool = False) -> list[str] | None:
        if key not in block:
            return None
        value = block[key]
        if isinstance(value, str):
            try:
                suggestion = json.dumps(shlex.split(value))
            except ValueError:
                suggestion = '["program", "argument", ...]'
            self.problem(
                (*path, key),
                f"expected a list of arguments, found a string ({json.dumps(value)}); "
                f"use a list: {key} = {suggestion}",
            )
            return None
        if not isinstance(value, list):
            self.problem((*path, key), f"expected a list of strings, found {_describe(value)}.")
            return None
        bad = [i for i, item in enumerate(value) if not isinstance(item, str)]
        if bad:
            shown = ", ".join(f"element {i + 1} is {_describe(value[i])}" for i in bad[:3])
            self.problem((*path, key), f"every element must be a string; {shown}.")
            return None
        if not value and not allow_empty:
            self.problem((*path, key), f"is empty; give the program to run, e.g. {key} = [\"python\", \"bots/my_bot.py\"].")
            return None
        if value and not allow_empty and not value[0].strip():
            self.problem((*path, key), "the program (the first element) is an empty string.")
            return None
        return value

    def check_program(self, program: str, path: tuple, who: str) -> None:
        where = (*path, "command")
        if os.sep in program or (os.altsep and os.altsep in program):
            candidate = Path(program)
            shown = candidate if candidate.is_absolute() else self.cwd / candidate
            if not candidate.exists():
                self.problem(where, f"the program {program!r} of {who} does not exist (looked for {shown}).{self.nearby(candidate)}")
            elif candidate.is_dir():
                self.problem(where, f"the program {program!r} of {who} is a directory, not a program.")
            elif not os.access(candidate, os.X_OK):
                self.problem(
                    where,
                    f"the program {program!r} of {who} is not executable; run chmod +x {shlex.quote(program)}, "
                    "or start it through its interpreter.",
                )
        elif shutil.which(program) is None:
            self.problem(
                where,
                f"the program {program!r} of {who} was not found (looked for it in the directories of PATH).",
            )

    def check_scripts(self, argv: Sequence[str], command_length: int, path: tuple, who: str) -> None:
        for position, arg in enumerate(argv[1:], start=1):
            if arg.startswith("-") or not arg.endswith(_SCRIPT_SUFFIXES):
                continue
            candidate = Path(arg)
            if candidate.is_file():
                continue
            key = "command" if position < command_length else "args"
            shown = candidate if candidate.is_absolute() else self.cwd / candidate
            state = "is a directory, not a file" if candidate.is_dir() else "does not exist"
            self.problem(
                (*path, key),
                f"the script {arg!r} of {who} {state} (looked for {shown}; relative paths are "
                f"relative to the current directory).{self.nearby(candidate)}",
            )

    @staticmethod
    def nearby(candidate: Path) -> str:
        try:
            siblings = [p.name for p in candidate.parent.iterdir()] if candidate.parent.is_dir() else []
        except OSError:
            return ""
        close = difflib.get_close_matches(candidate.name, siblings, n=1)
        if not close:
            return ""
        return f" Did you mean {str(candidate.parent / close[0])!r}?"


def _seconds_problem(seconds: float, written: Any) -> str | None:
    if math.isfinite(seconds) and 0 < seconds <= _MAX_SECONDS:
        return None
    if seconds > _MAX_SECONDS:
        return f"must be at most {_MAX_SECONDS} seconds (a day), not {_toml_literal(written)}."
    return f"must be a positive number of seconds, not {_toml_literal(written)}."


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _toml_literal(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "a table"
    return _repr(value)


_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")


def _syntax_problem(file: str, text: str, error: tomllib.TOMLDecodeError) -> Problem:
    message = str(error)
    match = _TOML_POSITION.search(message)
    if match:
        line: int | None = int(match.group(1))
    elif "end of document" in message:
        line = text.count("\n") + (0 if text.endswith("\n") else 1) or 1
    else:
        line = None
    return Problem(file, line, "", f"this is not valid TOML: {message}.")


# --- loading ------------------------------------------------------------------------------


def load_tournament(
    path: str | Path,
    *,
    hands: int | None = None,
    concurrency: int | None = None,
    results: str | Path | None = None,
    rounds: int | None = None,
) -> TournamentConfig:
    """Read and check a tournament file; ConfigError lists every problem found.

    The keyword arguments are command-line overrides: when not None they replace the
    file's values and are checked the same way.
    """
    file = os.fspath(path)
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise ConfigError([Problem(file, None, "", "there is no such file.")]) from None
    except IsADirectoryError:
        raise ConfigError([Problem(file, None, "", "this is a directory, not a tournament file.")]) from None
    except OSError as error:
        raise ConfigError([Problem(file, None, "", f"cannot read the file: {error.strerror or error}.")]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise ConfigError([Problem(file, line, "", "this is not UTF-8 text (TOML files must be UTF-8).")]) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError([_syntax_problem(file, text, error)]) from None
    except ValueError as error:  # tomllib lets int()'s digit limit through
        raise ConfigError([Problem(file, None, "", f"this is not valid TOML: {error}.")]) from None
    except RecursionError:
        raise ConfigError([Problem(file, None, "", "this is not valid TOML: it nests too deeply.")]) from None

    overrides = {"hands": hands, "concurrency": concurrency, "results": results, "rounds": rounds}
    checker = _Checker(file, text, data, Path.cwd())
    config = checker.check(overrides)
    if checker.problems:
        raise ConfigError(_in_order(checker.problems))
    assert config is not None
    return config


def _in_order(problems: list[Problem]) -> list[Problem]:
    """Command-line problems first, then by line (problems without a line last)."""

    def order(item: tuple[int, Problem]) -> tuple:
        position, problem = item
        if problem.file == COMMAND_LINE:
            return (0, 0, position)
        return (1, problem.line if problem.line is not None else math.inf, position)

    return [p for _, p in sorted(enumerate(problems), key=order)]
