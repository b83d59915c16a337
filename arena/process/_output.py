"""A bot's log file: its output copied in, capped, never blocking the bot; the arena's notes.

The bot's output is read as fast as it comes (a bot never blocks on a full pipe), kept
up to a limit with one line noting the truncation, and scanned for the messages runtimes
print when an allocation fails (arena/process/_fate.py words the exit with them).
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

import trio

from arena.process._fate import find_memory_marker

__all__ = ["OutputLog"]

logger = logging.getLogger("arena.process.bot")

_READ_SIZE = 65536


class OutputLog:
    """The log file of one bot process."""

    def __init__(self, name: str, path: Path, file: Any, limit: int, scan_for_memory: bool) -> None:
        self.name = name
        self.path = path
        self._file = file
        self._limit = limit
        self._scan = scan_for_memory
        #: Whether the output carried an out-of-memory message, and when it last did.
        self.memory_marker_seen = False
        self.memory_marker_at: float | None = None
        #: Set once the output has reached its end (or the copy was stopped).
        self.drained = trio.Event()

    async def copy(self, stream: trio.lowlevel.FdStream) -> None:
        """Copy `stream` into the file, up to the limit, until its end; then close it."""
        limit = self._limit
        written = 0
        truncated = False
        log_ok = True
        tail = b""
        try:
            while True:
                data = await stream.receive_some(_READ_SIZE)
                if not data:
                    break
                if self._scan:
                    found, tail = find_memory_marker(tail, data)
                    if found:
                        self.memory_marker_seen, self.memory_marker_at = True, time.monotonic()
                if truncated or not log_ok:
                    continue
                keep = data[: limit - written]
                try:
                    if keep:
                        self._file.write(keep)
                        written += len(keep)
                    if len(keep) < len(data):
                        truncated = True
                        newline = b"" if keep.endswith(b"\n") or written == 0 else b"\n"
                        self._file.write(
                            newline + f"[arena: output truncated after {limit} bytes; the rest is discarded]\n".encode()
                        )
                except OSError as exc:
                    log_ok = False
                    logger.warning("Cannot write the log of bot %r (%s): %s", self.name, self.path, exc)
        finally:
            stream.close()
            self.drained.set()

    def note(self, message: str) -> None:
        """One line of the arena's own in the log: ``[arena: message]``."""
        try:
            self._file.write(f"[arena: {message}]\n".encode())
        except (OSError, ValueError):  # pragma: no cover - disk full, closed
            pass

    def last_line_starting(self, prefix: str) -> str | None:
        """The last line of the log so far that starts with `prefix`."""
        try:
            lines = self.path.read_text(errors="replace").splitlines()
        except OSError:  # pragma: no cover
            return None
        found = [line for line in lines if line.startswith(prefix)]
        return found[-1] if found else None

    def close(self) -> None:
        try:
            self._file.close()
        except OSError:  # pragma: no cover
            pass
