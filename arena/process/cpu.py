"""The CPU time a bot's processes use, decision by decision, and what it owes when it
uses CPU while nothing is asked of it.

A bot is timed by the wall clock, as a chess clock runs: that is what its opponents
wait.  But on a shared machine a bot that keeps computing after it has answered (a
spinning thread, a search it never stopped) slows its neighbours, whose wall-clock
time then grows through no fault of theirs.  So each bot process has a `CpuMeter`:

* **thinking**: the CPU its processes use while a decision is asked of it is that
  decision's (split evenly between the decisions outstanding at the same moment, when
  one process serves several matches at once);
* **off turn**: the CPU used while no decision is asked of it is owed, beyond an
  allowance of `OFF_TURN_ALLOWANCE` of the off-turn wall time and `OFF_TURN_SLACK`
  seconds in all (a runtime's housekeeping: sending the answer, a garbage collection).
  What it owes is charged to the clock of the next decision asked of it (see
  `arena.clock.Clock.charge`), and when it owes more than `OFF_TURN_LIMIT` seconds the
  watcher stops the process (fault ``cpu``): its neighbours are not kept waiting for
  longer than that.

Off-turn accounting starts when the first decision is asked: what a bot does between
its start and its first decision (loading tables, warming up) is free.

Where the bot has a cgroup (arena/process/_cgroup.py), the figure is the kernel's count of
the CPU of every process that has been in it, read in one system call.  Otherwise it comes
from each process's CPU clock (what ``clock_getcpuclockid`` gives: user + system time of
all its threads, in nanoseconds), read by pid with one system call, a tenth of what
parsing ``/proc/<pid>/stat`` costs on every decision.  A pidfd kept for each process
confirms after every reading that the pid was still that process (a live process's pid is
never reused), so a reused pid is never counted.  The watcher tells the meter which
processes are the bot's (`track`) and, from their ``/proc/<pid>/stat``, the CPU time of
the children each has waited for (``cutime`` + ``cstime``; bwrap's init waits for every
orphan of the sandbox): what a process too short-lived for the watcher's looks used is
counted when its parent, or the init, reaps it.  A process that ends between two looks is
counted up to the last time it was read, or whole if a process the meter knows reaps it.
What a child reaped by nobody used (its parent ignores SIGCHLD) is lost without a cgroup.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Mapping

__all__ = ["OFF_TURN_ALLOWANCE", "OFF_TURN_SLACK", "OFF_TURN_LIMIT", "CpuMeter", "DecisionCpu"]

#: Off turn, this share of the wall time may be spent on the CPU without owing it.
OFF_TURN_ALLOWANCE = 0.1
#: And this many seconds of CPU in all, over the process's life.
OFF_TURN_SLACK = 0.05
#: Owing more than this many seconds of CPU, the process is stopped (fault ``cpu``).
OFF_TURN_LIMIT = 2.0


def _cpu_clock(pid: int) -> int:
    """The clock id of a process's CPU time, all its threads (Linux's
    ``MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED)``, as glibc's clock_getcpuclockid)."""
    return (~pid << 3) | 2


class DecisionCpu:
    """One decision's share of the meter, from `CpuMeter.asked` to `CpuMeter.answered`."""

    __slots__ = ("start", "owed")

    def __init__(self, start: float, owed: float) -> None:
        self.start = start
        #: CPU seconds used off turn before this decision, charged to it.
        self.owed = owed


class CpuMeter:
    """The CPU time of one bot's processes (module docstring).  Thread-safe: decisions
    are asked from the threads that drive matches, the watcher runs in trio."""

    def __init__(self, counter: Callable[[], float] | None = None) -> None:
        self._lock = threading.Lock()
        #: The CPU seconds of all the bot's processes in one reading (its cgroup's), if any.
        self._counter = counter
        self._processes: dict[int, tuple[int, int]] = {}  # pid -> (its pidfd, its CPU clock id)
        self._seen: dict[int, float] = {}  # pid -> its CPU seconds when last read
        self._ended = 0.0  # CPU seconds of the processes that have ended
        self._waited: dict[int, float] = {}  # pid -> CPU seconds of the children it has reaped
        self._gone: dict[int, float] = {}  # pid -> its last CPU seconds, ended since the last look
        self._reaped = 0.0  # CPU seconds of children reaped by the bot's processes, not seen alive
        self._outstanding = 0
        self._share = 0.0  # CPU seconds per outstanding decision, added up
        self._at: float | None = None  # the total at the last event; None before the first decision
        self._off_since = 0.0  # monotonic time the process last had nothing asked of it
        self._off_cpu = 0.0  # CPU seconds used off turn, in all
        self._off_wall = 0.0  # wall seconds spent off turn, in all
        self._owed_paid = 0.0  # CPU seconds already charged to decisions

    # --- the processes --------------------------------------------------------------
    def track(self, pids: list[int], waited: Mapping[int, float] | None = None) -> None:
        """The bot's processes as the watcher found them now, and (without a counter) the
        CPU seconds of the children that each of them (and bwrap's init) has reaped."""
        if self._counter is not None:
            return  # the cgroup counts them all
        with self._lock:
            for pid in pids:
                if pid not in self._processes:
                    try:
                        self._processes[pid] = (os.pidfd_open(pid), _cpu_clock(pid))
                    except OSError:
                        continue  # gone already
                    self._seen[pid] = 0.0
            current = set(pids)
            for pid in [pid for pid in self._processes if pid not in current]:
                self._read_one(pid)  # its last figure, if it can still be read
                self._forget(pid)
            if waited is not None:
                self._count_reaped(waited)

    def _count_reaped(self, waited: Mapping[int, float]) -> None:
        # What the processes' reaped children grew by, less what the processes that ended
        # since the last look had been counted for (their reaper's figure holds it now):
        # what ran unseen.  Each process's own figure is counted until its end already.
        grown = sum(seconds - self._waited.get(pid, 0.0) for pid, seconds in waited.items())
        for pid in [pid for pid in self._waited if pid not in waited]:
            if pid in self._processes:
                self._read_one(pid)
                self._forget(pid)
            grown -= self._waited.pop(pid) + self._gone.pop(pid, 0.0)
        self._reaped += max(0.0, grown)
        self._waited = dict(waited)
        self._gone.clear()

    def close(self) -> None:
        with self._lock:
            for pid in list(self._processes):
                self._forget(pid)

    def total(self) -> float:
        """CPU seconds used by the bot's processes so far."""
        with self._lock:
            return self._total()

    # --- decisions ------------------------------------------------------------------
    def asked(self) -> DecisionCpu:
        """A decision is asked of the bot now; what it owes from off turn is charged to it."""
        with self._lock:
            now = time.monotonic()
            self._advance(now)
            if self._outstanding == 0:
                self._off_wall += now - self._off_since
            owed = self._owed()
            self._owed_paid += owed
            self._outstanding += 1
            return DecisionCpu(self._share, owed)

    def answered(self, decision: DecisionCpu) -> float:
        """The decision got its answer (or failed): the CPU seconds it used."""
        with self._lock:
            now = time.monotonic()
            self._advance(now)
            self._outstanding -= 1
            if self._outstanding == 0:
                self._off_since = now
            return self._share - decision.start

    def owed(self) -> float:
        """CPU seconds used off turn and not charged yet (read now, when nothing is asked)."""
        with self._lock:
            now = time.monotonic()
            if self._at is None or self._outstanding:
                return 0.0
            self._advance(now)
            wall = self._off_wall + now - self._off_since
            return max(0.0, self._off_cpu - OFF_TURN_ALLOWANCE * wall - OFF_TURN_SLACK - self._owed_paid)

    # --- inside the lock ------------------------------------------------------------
    def _owed(self) -> float:
        return max(0.0, self._off_cpu - OFF_TURN_ALLOWANCE * self._off_wall - OFF_TURN_SLACK - self._owed_paid)

    def _advance(self, now: float) -> None:
        total = self._total()
        if self._at is None:  # the first decision: accounting starts here
            self._at = total
            self._off_since = now
            return
        used, self._at = total - self._at, total
        if self._outstanding:
            self._share += used / self._outstanding
        else:
            self._off_cpu += used

    def _total(self) -> float:
        if self._counter is not None:
            return self._counter()
        for pid in list(self._processes):
            self._read_one(pid)
        return self._ended + sum(self._seen.values()) + self._reaped

    def _read_one(self, pid: int) -> None:
        pidfd, clock = self._processes[pid]
        try:
            used = time.clock_gettime(clock)
            # Read by pid: it counts only if the pid was still this process afterwards.
            signal.pidfd_send_signal(pidfd, 0)
        except OSError:
            self._forget(pid)  # reaped: its last figure stands
            return
        self._seen[pid] = used

    def _forget(self, pid: int) -> None:
        process = self._processes.pop(pid, None)
        if process is not None:
            os.close(process[0])
        last = self._seen.pop(pid, 0.0)
        self._ended += last
        if pid in self._waited:
            self._gone[pid] = last
