"""PBN's text layer: a PBN text split into games, each a list of tags and words with
the lines they stand on, comments (``;`` to the end of the line, ``{…}`` over lines) and
``%`` lines dropped, and the first thing in a game that could not be read kept as its
error (`pbn_read` turns the games into boards)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["PbnGame", "split_games"]

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_WORD = re.compile(r"[^\s;{\[]+")


@dataclass
class PbnGame:
    """One game's tokens (kind "tag" with value "name\\0value", or "word"), the line it
    starts on, and the first thing in it that could not be read."""

    line: int
    tokens: list[tuple[str, str, int]] = field(default_factory=list)
    error: str | None = None
    tags: dict[str, tuple[str, int]] = field(default_factory=dict)
    sections: dict[str, list[tuple[str, int]]] = field(default_factory=dict)


def split_games(text: str) -> list[PbnGame]:
    """The games of a PBN text, comments, % lines and escapes dropped."""
    games = [PbnGame(0)]
    in_comment = 0  # the line a {comment} that is still open began on, in `opened`
    opened = games[0]
    open_tag, tag_line = "", 0  # a tag pair not closed on its line (§3.3), and its line
    for number, line in enumerate(text.splitlines(), 1):
        game = games[-1]
        joined = bool(open_tag) and bool(line.strip()) and not line.startswith("%")
        if joined:
            line, open_tag = open_tag + " " + line, ""
        elif open_tag:  # the game ends (or a % line comes) inside the tag
            _unclosed(game, open_tag, tag_line)
            open_tag = ""
        if in_comment:
            end = line.find("}")
            if end < 0:
                continue
            in_comment, line = 0, line[end + 1 :]
        elif line.startswith("%"):
            continue
        elif not line.strip():
            if game.tokens or game.error:
                games.append(PbnGame(0))
            continue
        i = 0
        while i < len(line):
            c = line[i]
            if c.isspace():
                i += 1
            elif c == ";":
                break
            elif c == "{":
                end = line.find("}", i)
                if end < 0:
                    in_comment, opened = number, game
                    break
                i = end + 1
            elif c == "[":
                m = _TAG.match(line, i)
                if m is None and "]" not in line[i:]:  # the tag goes on on the next line
                    open_tag, tag_line = line[i:], tag_line if joined and i == 0 else number
                    break
                if m is None:
                    game.line = game.line or number
                    if game.error is None:
                        game.error = (
                            f'line {number}: cannot read the tag {line[i:].strip()!r}: a tag is [Name "value"].'
                        )
                    break
                value = re.sub(r"\\(.)", r"\1", m.group(2))
                game.tokens.append(("tag", f"{m.group(1)}\0{value}", tag_line if joined and i == 0 else number))
                i = m.end()
            else:
                m = _WORD.match(line, i)
                assert m is not None
                game.tokens.append(("word", m.group(0), number))
                i = m.end()
        if game.tokens and not game.line:
            game.line = game.tokens[0][2]
    if open_tag:
        _unclosed(games[-1], open_tag, tag_line)
    if in_comment:
        opened.line = opened.line or in_comment
        opened.error = (
            opened.error or f"line {in_comment}: the text ends inside a {{comment}} opened here: a '}}' is missing."
        )
    return [g for g in games if g.tokens or g.error]


def _unclosed(game: PbnGame, tag: str, line: int) -> None:
    game.line = game.line or line
    game.error = game.error or f'line {line}: the tag {tag.strip()!r} is not closed by "]".'
