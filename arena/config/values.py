"""Values in words: how messages show what a file holds, and the readers of sizes and times.

`describe` says what a value is ("a string (\"x\")"), `toml_literal` writes it as the file
would, `did_you_mean` suggests the closest known word.  `parse_memory` and
`seconds_problem` read the two units a tournament file uses beyond plain numbers.
"""

from __future__ import annotations

import difflib
import json
import math
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = [
    "MAX_MEMORY",
    "MAX_SECONDS",
    "describe",
    "did_you_mean",
    "logs_folder_problem",
    "ordinal",
    "parse_memory",
    "safe_repr",
    "seconds_problem",
    "toml_literal",
    "type_name",
]

#: The largest memory limit (bytes).
MAX_MEMORY = 2**62
#: The longest time a tournament file may give anything: a day.
MAX_SECONDS = 86_400


# --- describing values --------------------------------------------------------------------


_TYPE_NAMES: tuple[tuple[type, str], ...] = (
    (bool, "a boolean"),  # before int: a bool is an int
    (int, "an integer"),
    (float, "a number"),
    (str, "a string"),
    (list, "a list"),
    (dict, "a table"),
)


def type_name(value: Any) -> str:
    if hasattr(value, "isoformat"):
        return "a date/time"
    for kind, name in _TYPE_NAMES:
        if isinstance(value, kind):
            return name
    return f"a {type(value).__name__}"


def safe_repr(value: Any) -> str:
    """repr, safe for integers too long to print (Python refuses over 4300 digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"a number of about {int(value.bit_length() * math.log10(2)) + 1} digits"
    if isinstance(value, (list, dict)):
        try:
            return repr(value)
        except ValueError:
            return "[...]" if isinstance(value, list) else "{...}"
    return repr(value)


def describe(value: Any) -> str:
    """What a value is, for "found ...": ``a string ("x")``, ``an integer (3)``, ``a table``."""
    shown = safe_repr(value) if not isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    if hasattr(value, "isoformat"):
        shown = value.isoformat()
    if isinstance(value, bool):
        shown = "true" if value else "false"
    if len(shown) > 60:
        shown = shown[:57] + "..."
    if isinstance(value, dict):
        return "a table"
    return f"{type_name(value)} ({shown})"


def toml_literal(value: Any) -> str:
    """A value as a TOML file writes it (true, "text", 3); a table is "a table"."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "a table"
    return safe_repr(value)


def did_you_mean(word: str, known: Sequence[str]) -> str:
    """ " Did you mean 'x'?" or "": goes between two sentences."""
    close = difflib.get_close_matches(word, known, n=1, cutoff=0.6)
    return f" Did you mean {close[0]!r}?" if close else ""


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# --- times ----------------------------------------------------------------------------------


def seconds_problem(seconds: float, written: Any) -> str | None:
    """What is wrong with a time in seconds (`written` as the file has it), or None."""
    if math.isfinite(seconds) and 0 < seconds <= MAX_SECONDS:
        return None
    if seconds > MAX_SECONDS:
        return f"must be at most {MAX_SECONDS} seconds (a day), not {toml_literal(written)}."
    return f"must be a positive number of seconds, not {toml_literal(written)}."


# --- memory sizes ---------------------------------------------------------------------------

_UNITS = {"": 1, "b": 1, "kib": 1024, "mib": 1024**2, "gib": 1024**3, "tib": 1024**4}
_MEMORY_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([A-Za-z]*)\s*$")


def parse_memory(value: Any) -> int | None:
    """Bytes from an int or a text such as ``"512MiB"``; ``"none"`` means no limit (None).

    Raises ValueError with a sentence saying what is accepted.
    """
    if isinstance(value, bool):
        raise ValueError(f'expected a size such as "2GiB" or a number of bytes, found {describe(value)}')
    if isinstance(value, int):
        if value <= 0:
            raise ValueError(f"must be a positive number of bytes, not {safe_repr(value)}")
        if value > MAX_MEMORY:
            raise ValueError(f"must be at most 2**62 bytes, not {safe_repr(value)}")
        return value
    if not isinstance(value, str):
        raise ValueError(f'expected a size such as "2GiB", a number of bytes or "none", found {describe(value)}')
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
            f'("512MiB", "2GiB"), a number of bytes, or "none" for no limit{hint}'
        )
    number = float(match.group(1)) * _UNITS[unit]
    if not math.isfinite(number):
        raise ValueError(f"the size {value!r} is too large")
    size = int(number)
    if size <= 0:
        raise ValueError(f"must be a positive size, not {value!r}")
    if size > MAX_MEMORY:
        raise ValueError(f"must be at most 2**62 bytes, not {value!r}")
    return size


def logs_folder_problem(path: str | Path) -> str | None:
    """What is wrong with `path` as the folder bots' logs go to (made if missing), or None."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        return f"{folder} is a file; give the folder the bots' logs are written to (made if missing)."
    return None
