"""The walker of the schema: checks one key's value by its type, and collects problems.

A `Reporter` belongs to one file.  `Reporter.value(table, path, key)` gives the key's
value: the command-line override when there is one, else the table's, else the key's
default.  Each type of `schema.TYPES` has one check here, which raises `_Wrong` with
the problem's message (an env table reports each wrong entry at its own key).  A value
that fails is reported and comes back as None: a value counts only when no problem was
reported.
"""

from __future__ import annotations

import json
import math
import os
import shlex
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import engine
from arena.clock import TimeControl
from arena.config.lines import LineIndex, key_text
from arena.config.schema import Key, Table, name_problem
from arena.config.values import describe, did_you_mean, ordinal, parse_memory, safe_repr, seconds_problem, toml_literal
from arena.errors import COMMAND_LINE, Problem

__all__ = ["Reporter"]

#: report(message, *subkeys): one problem at the key being checked (or at a key inside it).
Report = Callable[..., None]

# The TOML type each key type needs first, and how "expected ..." says it.
_TOML_TYPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "int": (lambda v: isinstance(v, int) and not isinstance(v, bool), "an integer"),
    "number": (lambda v: isinstance(v, (int, float)) and not isinstance(v, bool), "a number"),
    "bool": (lambda v: isinstance(v, bool), "a boolean (true or false)"),
    "str": (lambda v: isinstance(v, str), "a string"),
    "table": (lambda v: isinstance(v, dict), "a table"),
}
_BASE = {
    "str": "str", "name": "str", "game": "str", "path": "str", "address": "str",
    "int": "int", "number": "number", "seconds": "number", "bool": "bool", "env": "table",
    "timecontrol": "str",
}  # fmt: skip


class Reporter:
    """The problems found in one file, each with the line of the key it is about."""

    def __init__(self, file: str, text: str) -> None:
        self.file = file
        self.index = LineIndex(text)
        self.problems: list[Problem] = []

    def problem(self, path: tuple, message: str, *, line_of: tuple | None = None) -> None:
        line = self.index.line(line_of if line_of is not None else path)
        self.problems.append(Problem(self.file, line, key_text(path), message))

    def override_problem(self, flag: str, message: str) -> None:
        self.problems.append(Problem(COMMAND_LINE, None, flag, message))

    def unknown_keys(self, table: Mapping[str, Any], path: tuple, schema: Table) -> None:
        known = schema.names
        old = {old: key.name for key in schema.keys for old in key.old_names}
        for key in table:
            if key in old and old[key] in table:
                self.problem(
                    (*path, key),
                    f"{key!r} is the old name of {old[key]!r}, which is also given; keep only {old[key]!r}.",
                )
            elif key not in known and key not in old:
                close = did_you_mean(key, [*known, *old])
                for was, now in old.items():
                    close = close.replace(repr(was), repr(now))
                self.problem(
                    (*path, key),
                    f"unknown key {key!r} in {schema.title}.{close} The known keys are {', '.join(known)}.",
                )

    def value(self, table: Mapping[str, Any] | None, path: tuple, key: Key, override: Any = None) -> Any:
        """The checked value of `key` in `table` (None: a table that is missing or wrong).

        `override`, when not None, is the command-line value that replaces the file's.
        """
        if override is not None:
            flag = key.flag
            assert flag is not None, f"{key.name} has no command-line flag"
            return _checked(key, override, lambda message, *_: self.override_problem(flag, message), True)
        name = key.name
        if table is not None and name not in table:
            name = next((old for old in key.old_names if old in table), name)
        if table is None or name not in table:
            if key.required and table is not None:
                self.problem((*path, key.name), f"the required key {key.name!r} is missing{_where(path)}.")
            return key.default
        report = lambda message, *sub: self.problem((*path, name, *sub), message)  # noqa: E731
        return _checked(key, table[name], report, False)


def _where(path: tuple) -> str:
    if not path:
        return ""
    if path[0] == "bot" and len(path) > 1:
        return f" in the {ordinal(path[1] + 1)} [[bot]] block"
    return f" in [{key_text(path)}]"


# --- the types ------------------------------------------------------------------------------


class _Wrong(Exception):
    """A value that fails its key's check; the message is the problem's."""


def _checked(key: Key, value: Any, report: Report, command_line: bool) -> Any:
    """`value` checked as `key` says, or None when a problem was reported."""
    try:
        if command_line and key.type == "path":
            if not isinstance(value, (str, os.PathLike)) or not os.fspath(value):
                raise _Wrong(f"expected a file path, found {describe(value)}.")
            return Path(value)
        base = _BASE.get(key.type)
        if base is not None:
            fits, text = _TOML_TYPES[base]
            if not fits(value):
                raise _Wrong(f"expected {text}, found {describe(value)}.")
        return _CHECKS.get(key.type, _as_is)(key, value, report)
    except _Wrong as wrong:
        report(str(wrong))
        return None


def _as_is(key: Key, value: Any, report: Report) -> Any:
    return value


def _str(key: Key, value: str, report: Report) -> str:
    if key.choices and value not in key.choices:
        use = " or ".join(json.dumps(choice) for choice in key.choices)
        raise _Wrong(f"unknown {key.noun} {value!r}.{did_you_mean(value, key.choices)} Use {use}.")
    return value


def _name(key: Key, value: str, report: Report) -> str:
    problem = name_problem(value, key.noun)
    if problem is not None:
        raise _Wrong(problem)
    return value


def _game(key: Key, value: str, report: Report) -> str:
    known = [spec.name for spec in engine.games()]
    if value not in known:
        raise _Wrong(f"there is no game {value!r}.{did_you_mean(value, known)} The games are {', '.join(known)}.")
    return value


def _int(key: Key, value: int, report: Report) -> int:
    if key.bits is not None and not -(2 ** (key.bits - 1)) <= value < 2 ** (key.bits - 1):
        bound = key.bits - 1
        raise _Wrong(f"must fit in {key.bits} bits (from -2**{bound} to 2**{bound} - 1), not {safe_repr(value)}.")
    if key.min is not None and value < key.min:
        raise _Wrong(f"must be at least {key.min}, not {safe_repr(value)}.")
    if key.max is not None and value > key.max:
        raise _Wrong(f"must be at most {key.max:_}, not {safe_repr(value)}.")
    return value


def _float(value: int | float) -> float:
    try:
        return float(value)
    except OverflowError:
        raise _Wrong(f"the number {safe_repr(value)} is too large.") from None


def _number(key: Key, value: int | float, report: Report) -> float:
    number = _float(value)
    if not math.isfinite(number):
        raise _Wrong(f"must be a finite number, not {toml_literal(value)}.")
    if key.min is not None and number < key.min or key.max is not None and number > key.max:
        raise _Wrong(f"must be from {key.min} to {key.max}, not {toml_literal(value)}.")
    return number


def _seconds(key: Key, value: int | float, report: Report) -> float:
    seconds = _float(value)
    if wrong := seconds_problem(seconds, value):
        raise _Wrong(wrong)
    return seconds


def _path(key: Key, value: str, report: Report) -> Path:
    if not value.strip():
        raise _Wrong("must be a path, not an empty string.")
    return Path(value)


#: gRPC's own schemes, which its channel reads as they are (unix:/path, dns:///host:port…).
_ADDRESS_SCHEMES = ("unix:", "unix-abstract:", "dns:", "ipv4:", "ipv6:")


def _address(key: Key, value: str, report: Report) -> str:
    if not value.strip():
        raise _Wrong('must be an address such as "localhost:50051", not an empty string.')
    if value.startswith(_ADDRESS_SCHEMES):
        return value
    # Without its port an address was tried for the whole start-up deadline ("no Hello
    # from localhost within 20 s"), and the port that was left out went unnamed.
    host, _, port = value.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise _Wrong(
            f'must be HOST:PORT, such as "localhost:50051" (or unix:/path/to/bot.sock), not {json.dumps(value)}.'
        )
    return value


def _argv(key: Key, value: Any, report: Report) -> list[str]:
    program = key.type == "command"  # a command needs its program; args may be empty
    if isinstance(value, str):
        try:
            suggestion = json.dumps(shlex.split(value))
        except ValueError:
            suggestion = '["program", "argument", ...]'
        raise _Wrong(
            f"expected a list of arguments, found a string ({json.dumps(value)}); use a list: {key.name} = {suggestion}"
        )
    if not isinstance(value, list):
        raise _Wrong(f"expected a list of strings, found {describe(value)}.")
    bad = [i for i, item in enumerate(value) if not isinstance(item, str)]
    if bad:
        shown = ", ".join(f"element {i + 1} is {describe(value[i])}" for i in bad[:3])
        raise _Wrong(f"every element must be a string; {shown}.")
    if program and not value:
        raise _Wrong(f'is empty; give the program to run, e.g. {key.name} = ["python", "bots/my_bot.py"].')
    if program and not value[0].strip():
        raise _Wrong("the program (the first element) is an empty string.")
    return value


def _env(key: Key, value: dict[str, Any], report: Report) -> dict[str, str] | None:
    env: dict[str, str] = {}
    for name, item in value.items():
        if not isinstance(item, str):
            plain = isinstance(item, (int, float)) and not isinstance(item, dict)
            hint = f" (write {name} = {json.dumps(toml_literal(item))})" if plain else ""
            report(f"environment values must be strings; found {describe(item)}{hint}.", name)
        else:
            env[name] = item
    return env if len(env) == len(value) else None


def _memory(key: Key, value: Any, report: Report) -> int | None:
    try:
        return parse_memory(value)
    except ValueError as error:
        raise _Wrong(f"{error}.") from None


def _time_control(key: Key, value: str, report: Report) -> TimeControl:
    try:
        return TimeControl.parse(value)
    except ValueError as error:
        raise _Wrong(f"{error}.") from None


def _pairs(key: Key, value: Any, report: Report) -> tuple[tuple[str, str], ...]:
    def fits(pair: Any) -> bool:
        return isinstance(pair, list) and len(pair) == 2 and all(isinstance(name, str) for name in pair)

    if not isinstance(value, list) or not value or not all(fits(pair) for pair in value):
        raise _Wrong(
            "expected a list of partnerships, each a list of two bot names (the first plays North or East, "
            f'the second South or West), e.g. [["natural", "dd"], ["dd", "dd"]]; found {describe(value)}.'
        )
    return tuple((pair[0], pair[1]) for pair in value)


def _names(key: Key, value: Any, report: Report) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(name, str) for name in value):
        raise _Wrong(f'expected a list of bot names, e.g. ["search"]; found {describe(value)}.')
    if len(set(value)) != len(value):
        raise _Wrong(f"names a bot twice: {', '.join(value)}.")
    return tuple(value)


_CHECKS: dict[str, Callable[[Key, Any, Report], Any]] = {
    "pairs": _pairs,
    "names": _names,
    "str": _str,
    "name": _name,
    "game": _game,
    "int": _int,
    "number": _number,
    "seconds": _seconds,
    "path": _path,
    "address": _address,
    "command": _argv,
    "args": _argv,
    "env": _env,
    "memory": _memory,
    "timecontrol": _time_control,
}
