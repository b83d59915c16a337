"""Where things are in a tournament file's text: line numbers that tomllib does not give.

`LineIndex` scans the TOML text for table headers and keys; `key_text` writes a key's
path the way problems name it; `syntax_problem` turns tomllib's error into a Problem
on the line it names.
"""

from __future__ import annotations

import re
import tomllib

from arena.errors import Problem

__all__ = ["LineIndex", "key_text", "syntax_problem"]


class LineIndex:
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


def key_text(path: tuple) -> str:
    """A path as problems name it: ("bot", 1, "command") is bot[2].command."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part + 1}]"
        else:
            text += f".{part}" if text else str(part)
    return text


_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")


def syntax_problem(file: str, text: str, error: tomllib.TOMLDecodeError) -> Problem:
    message = str(error)
    match = _TOML_POSITION.search(message)
    if match:
        line: int | None = int(match.group(1))
    elif "end of document" in message:
        line = text.count("\n") + (0 if text.endswith("\n") else 1) or 1
    else:
        line = None
    return Problem(file, line, "", f"this is not valid TOML: {message}.")
