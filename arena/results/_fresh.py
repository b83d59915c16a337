"""``arena run --fresh``: what starting a results file over may throw away, and the copy it keeps.

``--fresh`` empties a results file of its matches and starts it over with the run's setup
(the deals' secret stays: the same file, tournament and seed deal the same).  Nothing
stored is lost by it:

- a file that holds matches of **another tournament** (another name, or another game) is
  refused with `OtherTournament`, and left as it was: given a bridge file, a conto run
  says whose file it is and how to go on, instead of replacing it;
- a tournament's **own** file is first copied whole beside it, the copy named after the
  moment (``results/conto-zoo.2025-11-27-174012.sqlite``), and `FreshCopy` says where.

A file that holds no match is started over as before: there is nothing to keep.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from arena.errors import OtherTournament, ResumeMismatch, StoreError
from arena.results._info import Tournament

__all__ = ["FreshCopy", "keep_before_fresh", "resume_refused"]


@dataclass(frozen=True)
class FreshCopy:
    """Where ``--fresh`` kept the matches a results file held before it started over."""

    path: Path
    matches: int


def keep_before_fresh(
    db: sqlite3.Connection, path: Path, meta: Mapping[str, Any], matches: int, config: Tournament
) -> FreshCopy | None:
    """Before `config`'s run starts the file at `path` (open as `db`, `meta` its meta table,
    holding `matches`) over: OtherTournament if it is another tournament's, else its dated
    copy (None if it holds no match)."""
    if matches == 0:
        return None
    name, game = meta.get("name"), meta.get("game")
    if (name, game) != (config.name, config.game):
        held = f"{matches} match{'es' if matches != 1 else ''}"
        raise OtherTournament(
            f"{path} holds {held} of another tournament, {name!r} ({game}), not of {config.name!r} "
            f"({config.game}); --fresh starts over only a tournament's own results file, and was refused so as "
            f"not to throw them away. Give this run a results file of its own (--results PATH), or move {path} "
            "away first."
        )
    return FreshCopy(_dated_copy(db, path), matches)


def resume_refused(
    path: Path, meta: Mapping[str, Any], matches: int, changes: tuple[str, ...], config: Tournament
) -> ResumeMismatch:
    """The refusal of `config`'s run to resume the file at `path`, written by another setup
    (`changes`: how): --fresh starts over a tournament's own file; another's needs a file of its own."""
    held = f"{matches} match{'es' if matches != 1 else ''}"
    name, game = meta.get("name"), meta.get("game")
    if matches and (name, game) != (config.name, config.game):
        return ResumeMismatch(
            f"{path} holds {held} of another tournament, {name!r} ({game}), not of {config.name!r} "
            f"({config.game}): give this run a results file of its own (--results PATH).",
            changes,
        )
    return ResumeMismatch(
        f"{path} holds {held} of a different setup: {'; '.join(changes)} — rerun with --fresh to start over "
        "(or give another results file).",
        changes,
    )


def _dated_copy(db: sqlite3.Connection, path: Path) -> Path:
    """A whole copy of the database `db` (also what its write-ahead log holds), beside
    `path`, named after this moment; never over an existing file."""
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
    try:
        handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        os.close(handle)
    except OSError as error:
        raise StoreError(f"--fresh cannot copy {path} before it starts over: {error.strerror or error}.") from None
    temporary = Path(name)
    try:
        copy = sqlite3.connect(temporary)
        try:
            db.backup(copy)
        finally:
            copy.close()
        with open(temporary, "rb+") as written:
            os.fsync(written.fileno())
        for number in range(1, 1000):
            target = path.with_name(f"{path.stem}.{stamp}{'' if number == 1 else f'-{number}'}{path.suffix}")
            try:
                os.link(temporary, target)  # only if no such file: never over one
            except FileExistsError:
                continue
            except OSError:  # a file system without hard links: check, then rename
                if target.exists():
                    continue
                os.rename(temporary, target)
            return target
        raise StoreError(f"--fresh cannot name a copy of {path}: {target} and the names before it exist.")
    except (OSError, sqlite3.Error) as error:
        why = getattr(error, "strerror", None) or error
        raise StoreError(
            f"--fresh cannot copy {path} before it starts over ({why}); its matches are left as they were."
        ) from None
    finally:
        temporary.unlink(missing_ok=True)
