"""Progress of a run: counts as matches finish, and the line or bar that shows them."""

from __future__ import annotations

import sys
import time
from typing import TextIO

from arena.records import MatchRecord

__all__ = ["Progress", "ProgressPrinter"]


class Progress:
    """What a run has done so far: matches, deals, faults, speed, and the leader."""

    def __init__(self, total: int, done: int) -> None:
        self.total = total
        self.done = done
        self.already_done = done
        #: Matches this run left unplayed (or unsaved) because a bot in them had not started.
        self.left = 0
        self.deals = 0
        self.faults = 0
        self.started = time.monotonic()
        self._totals: dict[str, list[float]] = {}  # bot -> [score sum, deals] over this run

    def add(self, record: MatchRecord) -> None:
        self.done += 1
        self.deals += len(record.result.deals)
        self.faults += len(record.faults)
        for seat, name in enumerate(record.names):
            line = self._totals.setdefault(name, [0.0, 0])
            line[0] += record.result.scores[seat]
            line[1] += len(record.result.deals)

    def leave(self) -> None:
        """A match is left for a later run: a bot in it had not started."""
        self.left += 1

    @property
    def finished(self) -> bool:
        return self.done + self.left >= self.total

    @property
    def leader(self) -> str | None:
        """The bot with the best mean deal score over the matches of this run."""
        if not self._totals:
            return None
        return max(self._totals, key=lambda n: self._totals[n][0] / max(1, self._totals[n][1]))

    @property
    def deals_per_second(self) -> float:
        elapsed = time.monotonic() - self.started
        return self.deals / elapsed if elapsed > 0 else 0.0

    def eta_seconds(self) -> float | None:
        """Seconds left at this run's pace so far; None before its first match."""
        played = self.done - self.already_done
        if played == 0:
            return None
        return (time.monotonic() - self.started) / played * (self.total - self.done - self.left)


class ProgressPrinter:
    """A live bar on a terminal; plain lines every few seconds otherwise."""

    def __init__(self, stream: TextIO | None = None, interval: float = 10.0) -> None:
        self.stream = stream or sys.stdout
        self.tty = self.stream.isatty()
        self.interval = interval
        self._last = 0.0
        self.leader = "-"

    def show(self, progress: Progress) -> None:
        if progress.leader:
            self.leader = progress.leader
        now = time.monotonic()
        done, total = progress.done, progress.total
        finished = progress.finished
        if not self.tty and not finished and now - self._last < self.interval:
            return
        self._last = now
        eta = progress.eta_seconds()
        eta_text = "--" if eta is None else _duration(eta)
        status = (
            f"{done}/{total} matches  {progress.deals_per_second:.1f} deals/s  ETA {eta_text}  leader: {self.leader}"
        )
        if progress.left:
            status += f"  ({progress.left} left: a bot had not started)"
        if self.tty:
            width = 24
            filled = int(width * done / total) if total else width
            self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {status}\x1b[K")
            if finished:
                self.stream.write("\n")
        else:
            self.stream.write(status + "\n")
        self.stream.flush()

    def note(self, text: str) -> None:
        """Print `text` on lines of its own (on a terminal, over the bar: the next `show`
        draws it again below)."""
        self.stream.write(("\r\x1b[K" if self.tty else "") + text + "\n")
        self.stream.flush()
        self._last = 0.0  # the next show draws the bar again at once


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
