"""A tournament given on the command line (`arena run --game G --bot NAME=CMD …`), as a file.

The flags become the text of an ordinary tournament file, written beside the results
(``results/<name>.toml``), and the run reads that file like any other: the same checks,
the same fingerprint, so the same command resumes, and ``arena run results/<name>.toml``
repeats it.  A file already there that says something else is never overwritten
silently: `AdhocFileExists` says how to keep it or replace it (``--fresh``, which
replaces only the same tournament's file: one of another name or game is refused).
"""

from __future__ import annotations

import os
import re
import shlex
import sqlite3
import tomllib
from collections.abc import Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arena.config.bots import module_of
from arena.config.values import toml_literal
from arena.errors import COMMAND_LINE, ConfigError, Problem, UsageError

__all__ = ["AdhocTournament", "AdhocFileExists", "AdhocFiles", "write_adhoc_file", "forget_unplayed", "named_by_flags"]


class AdhocFileExists(UsageError):
    """The tournament file of an ad-hoc run exists and holds another tournament."""


@dataclass(frozen=True)
class AdhocTournament:
    """What the flags say; None leaves a key to the file's default."""

    game: str
    bots: tuple[tuple[str, tuple[str, ...]], ...]  # (name, command as typed, split; or module:…, see module_of)
    name: str | None = None
    seats: int | None = None
    deals: int | None = None
    rounds: int | None = None
    seed: int | None = None
    concurrency: int | None = None
    workers: int | None = None
    move_time: float | None = None
    tc: str | None = None
    protocol: str = "grpc"
    options: Mapping[str, Any] = field(default_factory=dict)
    results: str | None = None

    @property
    def tournament_name(self) -> str:
        return self.name or f"{self.game}-adhoc"

    @property
    def results_path(self) -> Path:
        return Path(self.results) if self.results else Path("results") / f"{self.tournament_name}.sqlite"

    @property
    def file_path(self) -> Path:
        return self.results_path.with_suffix(".toml")

    def text(self, command_line: Sequence[str]) -> str:
        """The tournament file these flags make."""
        lines = [
            "# Written by: arena " + shlex.join(command_line),
            f"# Run it again (resumes): arena run {shlex.quote(str(self.file_path))}",
            "[tournament]",
            f"name = {toml_literal(self.tournament_name)}",
            f"game = {toml_literal(self.game)}",
        ]
        keys = ("seats", "deals", "rounds", "seed", "concurrency", "workers", "move_time", "tc")
        lines += [f"{key} = {toml_literal(getattr(self, key))}" for key in keys if getattr(self, key) is not None]
        lines.append(f"results = {toml_literal(str(self.results_path))}")
        if self.options:
            lines += ["", "[game]"]
            lines += [f"{key} = {toml_literal(value)}" for key, value in self.options.items()]
        for name, argv in self.bots:
            lines += ["", "[[bot]]", f"name = {toml_literal(name)}"]
            module = module_of(argv)
            if module is not None:  # in-process: its args are its parameters, it speaks no protocol
                lines.append(f"module = {toml_literal(module)}")
                if argv[1:]:
                    lines.append("args = [" + ", ".join(toml_literal(arg) for arg in argv[1:]) + "]")
                continue
            lines.append("command = [" + ", ".join(toml_literal(arg) for arg in argv) + "]")
            if self.protocol != "grpc":
                lines.append(f"protocol = {toml_literal(self.protocol)}")
        return "\n".join(lines) + "\n"


def write_adhoc_file(adhoc: AdhocTournament, command_line: Sequence[str], *, replace: bool) -> Path:
    """Write the tournament file of `adhoc` beside its results; returns its path.

    The same text already there is left as it is; another text is replaced only with
    `replace` (``--fresh``), else AdhocFileExists.
    """
    path = adhoc.file_path
    text = adhoc.text(command_line)
    body = _without_comments(text)
    if path.exists():
        try:
            old = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise UsageError(f"Cannot read {path}: {error}.") from None
        if _without_comments(old) == body:
            return path
        if not replace:
            raise AdhocFileExists(
                f"{path} holds another tournament (its results are in {adhoc.results_path}). Give --name NAME for "
                f"a new one, --fresh to replace it, or run 'arena run {path}' to go on with it."
            )
        whose = _tournament_of(old)
        if whose != (adhoc.tournament_name, adhoc.game):  # --fresh starts over only this tournament's own file
            named = f", {whose[0]!r} ({whose[1]})" if whose is not None else ""
            raise AdhocFileExists(
                f"{path} holds another tournament{named}, not {adhoc.tournament_name!r} ({adhoc.game}); --fresh "
                "replaces only a tournament's own file, and was refused so as not to lose it. Give --name NAME "
                f"(or --results PATH) for a new one, or move {path} away first."
            )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
    except OSError as error:
        raise UsageError(f"Cannot write the tournament file {path}: {error.strerror or error}.") from None
    return path


@dataclass(frozen=True)
class AdhocFiles:
    """What an ad-hoc run's command makes anew: its tournament file, its results file, and
    the outermost folder it creates for them (None when their folder was there)."""

    tournament: Path
    results: Path
    folder: Path | None


def forget_unplayed(made: AdhocFiles | None) -> None:
    """After a failed run, the files (tournament, results) its command made anew, when no
    match was saved: a run that never was leaves no tournament file behind, nor an empty
    results file that would refuse the next setup under its name, nor the empty folder
    it made for them."""
    if made is None:
        return
    toml, results = made.tournament, made.results
    try:
        if results.exists():
            with closing(sqlite3.connect(f"file:{results}?mode=ro", uri=True)) as db:
                if db.execute("SELECT COUNT(*) FROM matches").fetchone()[0]:
                    return
    except sqlite3.Error:
        return  # not clearly empty: kept
    for path in (toml, results, results.with_name(results.name + ".lock")):
        path.unlink(missing_ok=True)
    if made.folder is None:
        return
    for folder in (made.tournament.parent, *made.tournament.parent.parents):
        try:
            folder.rmdir()
        except OSError:
            return  # not empty: something else was put there meanwhile
        if folder == made.folder:
            return


def named_by_flags(error: ConfigError, file: Path, bots: Sequence[str]) -> ConfigError:
    """`error`'s problems in the ad-hoc file `file`, which `forget_unplayed` removed, named
    by the flags they came from (`bots`: the --bot texts in order): a message pointing
    at a line of a file that is gone would send the user looking for it."""

    def named(match: re.Match[str]) -> str:
        number = int(match[1])
        return f"--bot {bots[number - 1]}" if 1 <= number <= len(bots) else match[0]

    def words(message: str) -> str:
        # "already used by bot[1] (line 9)": the bot by its flag, not a line of the file that is gone.
        message = re.sub(r"bot\[(\d+)\] \(line \d+\)", named, message)
        return message.replace("; the file has ", "; the command line gives ")

    def flag(key: str) -> str:
        if key == "bot":
            return "--bot"
        bot = re.fullmatch(r"bot\[(\d+)\](?:\..*)?", key)
        if bot is not None and 1 <= int(bot[1]) <= len(bots):
            return f"--bot {bots[int(bot[1]) - 1]}"
        section, _, name = key.partition(".")
        if section == "game" and name:
            return f"--option {name}"
        if section == "tournament" and name:
            return "--" + name.replace("_", "-")
        return key

    return ConfigError(
        [
            Problem(COMMAND_LINE, None, flag(problem.key), words(problem.message))
            if problem.file == str(file)
            else problem
            for problem in error.problems
        ]
    )


def _tournament_of(text: str) -> tuple[str, str] | None:
    """The name and game a tournament file's text gives (None if it does not read as one)."""
    try:
        table = tomllib.loads(text).get("tournament")
    except tomllib.TOMLDecodeError:
        return None
    if not isinstance(table, dict) or not isinstance(table.get("name"), str) or not isinstance(table.get("game"), str):
        return None
    return table["name"], table["game"]


def _without_comments(text: str) -> str:
    """The file's keys, whatever command line wrote them (the first lines are comments)."""
    return "\n".join(line for line in text.splitlines() if not line.startswith("#"))
