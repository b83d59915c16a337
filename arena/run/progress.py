"""Progress of a run: counts as matches finish, and the line or bar that shows them."""

from __future__ import annotations

import bisect
import heapq
import sys
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Sequence
from itertools import islice
from typing import TextIO

from arena.records import MatchRecord
from arena.run.match_errors import ERRORS_NAMED, MatchError

__all__ = ["REST_WINDOW", "EtaEstimator", "Progress", "ProgressPrinter", "match_kind"]

#: The matches whose time besides their thinking `EtaEstimator` takes the median of.
REST_WINDOW = 1000

#: A kind of match: the bots at the table, sorted (the seats' order and the deals aside).
Kind = tuple[str, ...]


def match_kind(names: Iterable[str]) -> Kind:
    """The kind of a match with these bots at the table: rotations of one table are one kind."""
    return tuple(sorted(names))


class Progress:
    """What a run has done so far: matches, deals, faults, speed, and the leader."""

    def __init__(self, total: int, done: int) -> None:
        self.total = total
        self.done = done
        self.already_done = done
        #: Matches this run left unplayed (or unsaved) because a bot in them had not started.
        self.left = 0
        #: Matches this run left unsaved because an internal error ended them, in order.
        self.errors: list[MatchError] = []
        self.deals = 0
        self.faults = 0
        self.started = time.monotonic()
        self._totals: dict[str, list[float]] = {}  # bot -> [score sum, deals] over this run
        #: The match added last (`ProgressPrinter` reads its bots and time for the ETA).
        self.last: MatchRecord | None = None

    def add(self, record: MatchRecord) -> None:
        self.last = record
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

    def fail(self, error: MatchError) -> None:
        """A match is left for a later run: `error` ended it (see arena.run.match_errors)."""
        self.errors.append(error)

    @property
    def ended(self) -> int:
        """Matches this run ended without saving them (a bot had not started, an error)."""
        return self.left + len(self.errors)

    @property
    def finished(self) -> bool:
        return self.done + self.ended >= self.total

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
        """Seconds left at this run's mean pace so far; None before its first match.

        The plain estimate, used when nobody told the printer the schedule
        (`ProgressPrinter.expect`); `EtaEstimator` is the better one."""
        played = self.done - self.already_done
        if played == 0:
            return None
        return (time.monotonic() - self.started) / played * (self.total - self.done - self.ended)


class EtaEstimator:
    """The time a run has left, from the measured time of each *kind* of match.

    A run's matches are not alike: a table with a slow search bot takes many times as
    long as one of random bots, and the schedule (`plan.todo`) says in advance which
    tables are still to come.  The mean time per match so far, times the matches left,
    is wrong whenever the kinds left are not the kinds played (it said 1m21s with two
    minutes left).  This estimator:

    1. measures how long each finished match held its slot: from its start (below) to
       the moment the run reported it saved, so the save, the starting of stdio bots
       and the CPU contention of the matches beside it are all in it (a match's own
       `MatchRecord.seconds` leaves the first two out, and on short matches they are
       half the time), and keeps the mean per kind (`match_kind`: the bots at the table);
    2. expects of a kind not yet measured (with one round, every table is a kind of its
       own, played only in its rotations) the sum of its seats' thinking plus the mean
       time a match spends besides: a turn-based match's time is mostly its bots'
       thinking one after another, so each bot's mean thinking per seat and match
       (`MatchRecord.latencies`, given to `finished`) is kept, and the rest of each
       match's time (slot time less thinking) kept too: its median, as the first matches
       of a run often take seconds more besides their thinking (the bots warm up); a bot not yet measured thinks
       as the measured bots do on average;
    3. follows which matches are under way: the runs start the matches of `todo` in
       order, `concurrency` at once, and one more each time one finishes or is left
       (`finished`, `left`), so each running match's kind and start time are known;
    4. simulates the rest: `concurrency` slots, each running match's slot free once
       its kind's expected duration has passed since its start (at once if it has
       run longer), then the matches not started, in order, each on the slot free
       first; the estimate is when the last slot is free.  The tail of the run, with
       fewer matches than slots, is so counted as it will happen.  Only the last
       `4 * concurrency` matches not yet started (at least 64) are placed one by one;
       those before them add their expected time evenly to all slots.

    Times are given explicitly (`at`, `now`: `time.monotonic()` in a run), so the
    estimator is deterministic.  A match left unplayed (a bot had not started) is taken
    to be the oldest one under way: the runs do not say which.
    """

    def __init__(self, todo: Sequence[Kind], concurrency: int, started: float) -> None:
        self.concurrency = max(1, concurrency)
        self._queue: deque[Kind] = deque(todo)
        self._queued: Counter[Kind] = Counter(todo)
        self._running: list[tuple[Kind, float]] = []  # under way: kind and start time, oldest first
        self._kinds: dict[Kind, list[float]] = {}  # kind -> [seconds summed, matches]
        self._think: dict[str, list[float]] = {}  # bot -> [thinking summed, seats played]
        # The last `REST_WINDOW` matches' slot time less their thinking: in the order
        # they finished, and sorted (for the median).
        self._rest_order: deque[float] = deque()
        self._rest: list[float] = []
        self._all = [0.0, 0]
        self._start(started)

    def _start(self, at: float) -> None:
        while self._queue and len(self._running) < self.concurrency:
            kind = self._queue.popleft()
            self._queued[kind] -= 1
            self._running.append((kind, at))

    def finished(self, kind: Kind, at: float, think: Sequence[float] = ()) -> None:
        """A match of `kind` finished (was saved) at time `at`; `think`: the seconds each
        seat thought, in the order of `kind` (without them, none is counted)."""
        if not self._running:
            return
        # The oldest match of that kind under way (else, not one of the schedule's: the oldest).
        index = next((i for i, (running, _) in enumerate(self._running) if running == kind), 0)
        seconds = at - self._running.pop(index)[1]
        for sums in (self._kinds.setdefault(kind, [0.0, 0]), self._all):
            sums[0] += seconds
            sums[1] += 1
        for bot, thought in zip(kind, think):
            sums = self._think.setdefault(bot, [0.0, 0])
            sums[0] += thought
            sums[1] += 1
        rest = max(0.0, seconds - sum(think))
        self._rest_order.append(rest)
        bisect.insort(self._rest, rest)
        if len(self._rest_order) > REST_WINDOW:
            del self._rest[bisect.bisect_left(self._rest, self._rest_order.popleft())]
        self._start(at)

    def left(self, at: float) -> None:
        """A match was left unplayed at time `at` (a bot in it had not started, or an
        internal error ended it)."""
        if self._running:
            del self._running[0]
        self._start(at)

    def expected(self, kind: Kind) -> float | None:
        """The seconds a match of `kind` is expected to take; None before any match finished."""
        if not self._all[1]:
            return None
        sums = self._kinds.get(kind)
        if sums:
            return sums[0] / sums[1]
        means = {bot: sums[0] / sums[1] for bot, sums in self._think.items() if sums[1]}
        if not means:  # no thinking measured: the mean of all matches
            return self._all[0] / self._all[1]
        unknown = sum(means.values()) / len(means)
        middle = len(self._rest) // 2
        rest = self._rest[middle] if len(self._rest) % 2 else (self._rest[middle - 1] + self._rest[middle]) / 2
        return rest + sum(means.get(bot, unknown) for bot in kind)

    def estimate(self, now: float) -> float | None:
        """Seconds until the last match is done; None before any match finished."""
        if not self._all[1]:
            return None
        expected: dict[Kind, float] = {}

        def cost(kind: Kind) -> float:
            if kind not in expected:
                expected[kind] = self.expected(kind) or 0.0
            return expected[kind]

        slots = [max(0.0, cost(kind) - (now - start)) for kind, start in self._running]
        slots += [0.0] * (self.concurrency - len(slots))
        placed = max(64, 4 * self.concurrency)
        tail = list(islice(reversed(self._queue), placed))[::-1]
        early = sum(cost(kind) * count for kind, count in self._queued.items()) - sum(map(cost, tail))
        if early > 0:
            slots = [slot + early / self.concurrency for slot in slots]
        heapq.heapify(slots)
        for kind in tail:
            heapq.heappush(slots, heapq.heappop(slots) + cost(kind))
        return max(slots, default=0.0)


class ProgressPrinter:
    """A live bar on a terminal; plain lines every few seconds otherwise."""

    def __init__(
        self, stream: TextIO | None = None, interval: float = 10.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.stream = stream or sys.stdout
        self.tty = self.stream.isatty()
        self.interval = interval
        self.clock = clock
        self._last = 0.0
        self.leader = "-"
        self.eta: EtaEstimator | None = None
        self._seen: tuple[int, int] | None = None  # (done, ended) at the last show
        self._errors = 0  # match errors told so far

    def expect(self, todo: Iterable[Iterable[str]], concurrency: int) -> None:
        """The matches the run will play, in order (each its bots' names), and how many at
        once: the ETA is then `EtaEstimator`'s, not the mean pace's."""
        self.eta = EtaEstimator([match_kind(names) for names in todo], concurrency, self.clock())
        self._seen = None

    def _follow(self, progress: Progress, now: float) -> None:
        """Tell the estimator what finished since the last show (each show follows one)."""
        if self.eta is None:
            return
        if self._seen is not None:
            done, left = self._seen
            for _ in range(progress.done - done):
                last = progress.last
                if last is not None:
                    seats = sorted(zip(last.names, map(sum, last.latencies or ((),) * len(last.names))))
                    self.eta.finished(tuple(name for name, _ in seats), now, [seconds for _, seconds in seats])
            for _ in range(progress.ended - left):
                self.eta.left(now)
        self._seen = (progress.done, progress.ended)

    def show(self, progress: Progress) -> None:
        self._tell_errors(progress)
        if progress.leader:
            self.leader = progress.leader
        now = self.clock()
        self._follow(progress, now)
        done, total = progress.done, progress.total
        finished = progress.finished
        if not self.tty and not finished and now - self._last < self.interval:
            return
        self._last = now
        eta = progress.eta_seconds() if self.eta is None else self.eta.estimate(now)
        eta_text = "--" if eta is None else _duration(eta)
        status = f"{done}/{total} matches  {progress.deals_per_second:.1f} deals/s  ETA {eta_text}"
        if not finished:
            # A glance by mean score a deal, not the Elo fit: the final table, which
            # follows the last line, ranks (and may put another first).
            status += f"  leading (live): {self.leader}"
        if progress.left:
            status += f"  ({progress.left} left: a bot had not started)"
        if progress.errors:
            status += f"  ({len(progress.errors)} ended by an internal error)"
        if self.tty:
            width = 24
            filled = int(width * done / total) if total else width
            self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {status}\x1b[K")
            if finished:
                self.stream.write("\n")
        else:
            self.stream.write(status + "\n")
        self.stream.flush()

    def _tell_errors(self, progress: Progress) -> None:
        """A line for each match an internal error ended since the last show (the first
        `ERRORS_NAMED`; then one line that says the others are only logged)."""
        for error in progress.errors[self._errors :]:
            self._errors += 1
            if self._errors <= ERRORS_NAMED:
                self.note(error.line())
            elif self._errors == ERRORS_NAMED + 1:
                self.note("More matches ended by an internal error: arena.log has each, and the run's end counts them.")

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
