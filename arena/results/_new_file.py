"""A new file written whole or not at all, never over an existing one: written beside its
target under a temporary name, fsynced, then linked into place (`arena recover`'s copy)."""

from __future__ import annotations

import os
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path

from arena.errors import StoreError

__all__ = ["write_new_file"]


def write_new_file(target: Path, write: Callable[[Path], None], never_over: str) -> None:
    """`write` a file at a temporary path beside `target`, then put it at `target`, whole or
    not at all; a `target` that exists is refused with `never_over`, the sentence why."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        os.close(handle)
    except OSError as error:
        raise StoreError(f"Cannot write {target}: {error.strerror or error}.") from None
    try:
        write(Path(temporary))
        with open(temporary, "rb+") as written:
            os.fsync(written.fileno())
        _link_into_place(Path(temporary), target, never_over)
    except (OSError, sqlite3.Error) as error:
        raise StoreError(f"Cannot write {target}: {getattr(error, 'strerror', None) or error}.") from None
    finally:
        Path(temporary).unlink(missing_ok=True)


def _link_into_place(temporary: Path, target: Path, never_over: str) -> None:
    """A hard link puts the file in place only if `target` does not exist, atomically."""
    try:
        os.link(temporary, target)
    except FileExistsError:
        raise StoreError(f"{target} already exists, and {never_over}.") from None
    except OSError:  # a file system without hard links: check, then rename
        if target.exists():
            raise StoreError(f"{target} already exists, and {never_over}.") from None
        os.rename(temporary, target)
    try:
        folder = os.open(target.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(folder)  # the new name itself survives a power cut
    except OSError:
        pass
    finally:
        os.close(folder)
