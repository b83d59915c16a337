"""The writer lock of a results file: one run writes a file at a time."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from arena.errors import StoreError

__all__ = ["lock_writer"]


def lock_writer(path: Path) -> int:
    """Take the exclusive writer lock of a results file (its sidecar ``.lock`` file).

    Two runs writing one file would play the same matches twice; the second is refused at
    once.  The kernel drops the lock when the process dies, even by kill -9.  (A separate
    file: SQLite's own POSIX locks on the database would be dropped by closing any other
    descriptor of it.)
    """
    lock_path = path.with_name(path.name + ".lock")
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as error:
        raise StoreError(f"Cannot create the lock file {lock_path}: {error.strerror or error}.") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = os.read(fd, 64).decode(errors="replace").strip()
        os.close(fd)
        who = f" (process {holder})" if holder.isdigit() else ""
        raise StoreError(
            f"Another arena run{who} is writing {path}; wait for it to finish, stop it, or give another results file."
        ) from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return fd
