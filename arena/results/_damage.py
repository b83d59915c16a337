"""A results file damaged on disk, told from a file that is no results file at all.

A file that begins as every SQLite file does (``SQLite format 3``) but cannot be read is
damaged: a page overwritten, a bad sector, a copy cut short.  Such a file is never called
"not an Arena results file": `ResultsDamaged` names the damage, and the commands point to
``arena recover``, which copies every match the file still holds whole.

A file cut short is the one damage SQLite cannot read around: its first page counts the
pages SQLite wrote, and a file with fewer is refused whole ("database disk image is
malformed").  `cut_short` compares that count with the bytes left, from the file format
(https://www.sqlite.org/fileformat.html, "The Database Header"), so that the message says
what happened, and so that a file whose last page is only partly gone, which SQLite would
read without a word, is not resumed (and written) as if whole.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from arena.errors import ResultsDamaged, StoreError

__all__ = ["Cut", "cut_short", "refuse_cut", "is_damage", "damage_words", "closed_on_failure"]

#: The first 16 bytes of every SQLite database file.
MAGIC = b"SQLite format 3\x00"
_HEADER = 100
#: sqlite's result codes for a damaged file (its extended codes keep them in the low byte).
_CORRUPT, _NOTADB = 11, 26
#: How much of sqlite's words a message quotes (a text it cannot decode comes with it, whole).
_WORDS = 120


@dataclass(frozen=True)
class Cut:
    """A results file shorter than its own header says it is."""

    size: int  # the bytes left
    expected: int | None  # the bytes the header counts (page size × pages); None: the header itself is cut

    def __str__(self) -> str:
        if self.expected is None:
            return f"cut short: only its first {self.size:,} bytes are left, less than its header"
        return f"cut short: {self.size:,} of its {self.expected:,} bytes are left"


def cut_short(path: Path) -> Cut | None:
    """How the SQLite file at `path` is cut short, or None (whole as far as its header
    tells, not an SQLite file, or not readable here).

    The header's page count is trusted only when SQLite marks it valid (the change counter
    at offset 24 equals the one at offset 92); otherwise only a partial last page shows.
    A file with a write-ahead log beside it is not judged: until a checkpoint ends, its
    newest pages may live in the log alone.
    """
    if _measure(path) is None:
        return None
    try:
        wal = Path(f"{path}-wal")
        if wal.exists() and wal.stat().st_size > 0:
            return None
    except OSError:
        return None
    # Measured again: a checkpoint that ended meanwhile (and removed its log) has made the file whole.
    return _measure(path)


def _measure(path: Path) -> Cut | None:
    try:
        with open(path, "rb") as file:
            header = file.read(_HEADER)
            size = os.fstat(file.fileno()).st_size
    except OSError:
        return None
    if not header.startswith(MAGIC):
        return None
    if len(header) < _HEADER:
        return Cut(size, None)
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        return None  # a damaged header: not a cut SQLite can tell
    pages = int.from_bytes(header[28:32], "big")
    if pages == 0 or header[24:28] != header[92:96]:
        pages = -(-size // page_size)  # no valid count: the whole pages the file spans
    expected = pages * page_size
    return Cut(size, expected) if size < expected else None


def refuse_cut(path: Path) -> None:
    """ResultsDamaged if the results file at `path` is cut short."""
    cut = cut_short(path)
    if cut is not None:
        raise ResultsDamaged(path, str(cut))


def is_damage(path: Path, error: sqlite3.DatabaseError) -> bool:
    """Whether `error` (met reading `path`) is damage to an SQLite file, not a file of another kind."""
    code = getattr(error, "sqlite_errorcode", None)
    if code is None or code & 0xFF not in (_CORRUPT, _NOTADB):
        return False
    try:
        with open(path, "rb") as file:
            return file.read(len(MAGIC)) == MAGIC
    except OSError:
        return False


def damage_words(error: BaseException) -> str:
    """sqlite's words for a damage, short: its first line, without the text it could not decode."""
    lines = [line for line in str(error).splitlines() if line.strip() and not line.startswith("*** in database")]
    words = (lines[0] if lines else str(error)).split(" with text '")[0]
    return words if len(words) <= _WORDS else words[: _WORDS - 1] + "…"


class _Store(Protocol):
    path: Path

    def close(self) -> None: ...


@contextmanager
def closed_on_failure(store: _Store, problem: Callable[[sqlite3.DatabaseError], str]) -> Iterator[None]:
    """Close `store` if the block fails.  A database error becomes ResultsDamaged when the
    file is a damaged SQLite file (cut short, or pages garbled), else a StoreError saying
    `problem`."""
    try:
        yield
    except sqlite3.DatabaseError as error:
        store.close()
        if is_damage(store.path, error):
            cut = cut_short(store.path)
            raise ResultsDamaged(store.path, str(cut) if cut is not None else damage_words(error)) from None
        raise StoreError(problem(error)) from None
    except BaseException:
        store.close()
        raise
