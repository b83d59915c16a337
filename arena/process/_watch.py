"""A bot's processes as a whole: finding them from outside, holding them to their limits.

Every process a bot starts counts, however it detaches (setsid, double fork):

* **Sandboxed** (`SandboxTree`): the processes of the bot's own pid namespace, found by
  comparing ``/proc/<pid>/ns/pid`` with the namespace bwrap reported.  bwrap's init is
  that namespace's first process: killing it (through a pidfd, so never a reused pid)
  makes the kernel kill every other one.  bwrap exits as soon as the bot does, before its
  init, which the arena, a child subreaper, then reaps: otherwise the init would be left
  to the machine's pid 1 (in a container, maybe nobody) and its CPU time to nobody.
* **Unsandboxed** (`LooseTree`, best effort): the bot's process group, its descendants,
  and the processes that left them but were seen before or carry its address in their
  environment.  The arena is a child subreaper (`become_subreaper`), so a process
  orphaned by a bot is re-parented to the arena, where it can be found, killed and
  reaped.  What the arena cannot do unsandboxed: outlive a ``kill -9`` of itself (then
  a setsid'ed grandchild may survive).

`watch_limits` looks every `WATCH_PERIOD` seconds: more than ``max_processes`` processes,
more resident memory than the limit summed over all of them (and the files in the
sandbox's private /tmp and /dev/shm, which are memory too), or more CPU used while
nothing was asked of it than it may owe (arena/process/cpu.py), and it reports a
`LimitBreach` (fault ``processes``, ``memory`` or ``cpu``) for the caller to stop the bot.
"""

from __future__ import annotations

import ctypes
import logging
import os
import select
import signal
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import trio

from arena.process.cpu import OFF_TURN_LIMIT, CpuMeter
from arena.records import FaultKind

logger = logging.getLogger(__name__)

__all__ = ["WATCH_PERIOD", "LimitBreach", "LooseTree", "SandboxTree", "become_subreaper", "watch_limits"]

#: Seconds between two looks at a bot's processes.
WATCH_PERIOD = 0.1
# One scan of /proc serves every bot's watcher for this long.
_CENSUS_TTL = 0.05
_PAGE = os.sysconf("SC_PAGE_SIZE")
_PR_SET_CHILD_SUBREAPER = 36


@dataclass(frozen=True)
class LimitBreach:
    """Why the watcher stopped a bot: the fault kind and its reason, in words."""

    kind: FaultKind
    reason: str


# --- reading /proc ---------------------------------------------------------------------------


def _pids() -> list[int]:
    return [int(entry) for entry in os.listdir("/proc") if entry.isdigit()]


_census: tuple[float, dict[str, list[int]]] = (-1.0, {})


def _namespace_members(namespace: str, not_before: float) -> list[int]:
    """The pids (as the host sees them) of the processes in the pid namespace `namespace`
    (``pid:[4026532180]``), from a scan of /proc shared by every watcher for a moment, and
    taken at `not_before` or later (a namespace's number is reused once it is gone)."""
    global _census
    taken, by_namespace = _census
    now = time.monotonic()
    if taken < not_before or now - taken > _CENSUS_TTL:
        by_namespace = {}
        for pid in _pids():
            try:
                by_namespace.setdefault(os.readlink(f"/proc/{pid}/ns/pid"), []).append(pid)
            except OSError:
                continue  # gone, or not ours to look at
        _census = (now, by_namespace)
    return by_namespace.get(namespace, [])


def _stat(pid: int) -> tuple[str, int, int, int] | None:
    """(state, ppid, process group, start time) of `pid`, None when it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return fields[0].decode(), int(fields[1]), int(fields[2]), int(fields[19])


def _resident(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm", "rb") as statm:
            return int(statm.read().split()[1]) * _PAGE
    except (OSError, IndexError, ValueError):
        return 0


#: Seconds to wait for bwrap's init to die once killed, so as to reap it.
INIT_DEATH_WAIT = 0.2


def _signal(pid: int, signum: int) -> None:
    try:
        os.kill(pid, signum)
    except (ProcessLookupError, PermissionError):
        pass


def become_subreaper() -> None:
    """Make this process the child subreaper of everything it starts (Linux ≥ 3.4)."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except (OSError, AttributeError):  # pragma: no cover - not glibc
        pass


# --- the trees -------------------------------------------------------------------------------


class SandboxTree:
    """The processes of a sandboxed bot: its pid namespace, bwrap's init excluded."""

    def __init__(self, init_pid: int, init_pidfd: int, namespace: int) -> None:
        self.init_pid = init_pid
        self.init_pidfd: int | None = init_pidfd
        self._namespace = f"pid:[{namespace}]"
        self._born = time.monotonic()

    @classmethod
    def from_report(cls, report: Mapping[str, Any]) -> SandboxTree | None:
        """The tree bwrap's ``--info-fd`` report names; None when its init is gone already
        (then the bot is gone too, which its reaper sees)."""
        init, namespace = report.get("child-pid"), report.get("pid-namespace")
        if not isinstance(init, int) or not isinstance(namespace, int):
            return None
        try:
            return cls(init, os.pidfd_open(init), namespace)
        except OSError:
            return None

    def members(self, fresh: bool = False) -> list[int]:
        """The bot's processes; `fresh`: as they are now, not as a look a moment ago saw them."""
        not_before = time.monotonic() if fresh else self._born
        return [pid for pid in _namespace_members(self._namespace, not_before) if pid != self.init_pid]

    def memory(self, members: list[int]) -> int:
        if not members:
            return 0  # its first process comes once bwrap has made the sandbox
        held = sum(_resident(pid) for pid in members if self._still_member(pid))
        root = f"/proc/{self.init_pid}/root"
        try:
            if os.path.samestat(os.stat(root), os.stat("/")):
                return held  # not set up yet: bwrap's init still sees the arena's own /tmp
        except OSError:
            return held
        for folder in ("tmp", "dev/shm"):  # tmpfs: files there are memory too
            try:
                usage = os.statvfs(f"{root}/{folder}")
            except OSError:
                continue
            held += (usage.f_blocks - usage.f_bfree) * usage.f_frsize
        return held

    def _still_member(self, pid: int) -> bool:
        # The census is a moment old: a pid gone since may be another process's now.
        try:
            return os.readlink(f"/proc/{pid}/ns/pid") == self._namespace
        except OSError:
            return False

    def terminate(self) -> None:
        """SIGTERM every process of the bot (bwrap's init ignores it anyway)."""
        for pid in self.members(fresh=True):
            _signal(pid, signal.SIGTERM)

    def kill(self) -> None:
        """SIGKILL bwrap's init: the kernel then kills everything in the namespace."""
        if self.init_pidfd is not None:
            try:
                signal.pidfd_send_signal(self.init_pidfd, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass

    def reap(self, wait: float = 0.0) -> None:
        """Reap bwrap's init if it became this process's child, waiting at most `wait`
        seconds for it to die (in the caller's thread): once it is killed, its death (the
        kernel's killing every process of its namespace) takes a moment."""
        if self.init_pidfd is not None:
            if wait > 0:
                waiting = select.poll()
                waiting.register(self.init_pidfd, select.POLLIN)
                waiting.poll(wait * 1000)  # readable once it has exited
            try:
                os.waitid(os.P_PIDFD, self.init_pidfd, os.WEXITED | os.WNOHANG)
            except ChildProcessError:  # reaped by bwrap, still bwrap's, or not ours
                pass

    def close(self) -> None:
        if self.init_pidfd is not None:
            fd, self.init_pidfd = self.init_pidfd, None
            os.close(fd)


class LooseTree:
    """The processes of an unsandboxed bot, as far as they can be found (module docstring)."""

    def __init__(self, pid: int, marker: bytes) -> None:
        self.pid = pid
        self._marker = marker  # b"ARENA_BOT_ADDRESS=unix:/…": in its descendants' environment
        self._seen: dict[int, int] = {}  # pid -> start time, of processes found before
        self._zombies: list[int] = []

    def members(self, fresh: bool = True) -> list[int]:
        """The bot's processes as far as they can be found (always as they are now)."""
        stats = {pid: info for pid in _pids() if (info := _stat(pid)) is not None}
        me = os.getpid()
        found = {self.pid} if self.pid in stats else set()
        for pid, (_state, _ppid, group, start) in stats.items():
            if group == self.pid or self._seen.get(pid) == start:
                found.add(pid)
        children: dict[int, list[int]] = {}
        for pid, (_state, ppid, _group, _start) in stats.items():
            children.setdefault(ppid, []).append(pid)
        for pid, (_state, ppid, _group, _start) in stats.items():
            if ppid == me and pid != self.pid and pid not in found and self._carries_marker(pid):
                found.add(pid)  # orphaned into the arena before a look found it
        todo = list(found)
        while todo:
            for child in children.get(todo.pop(), ()):
                if child not in found:
                    found.add(child)
                    todo.append(child)
        self._seen = {pid: stats[pid][3] for pid in found}
        self._zombies = [pid for pid in found if stats[pid][0] == "Z" and stats[pid][1] == me and pid != self.pid]
        return sorted(found)

    def _carries_marker(self, pid: int) -> bool:
        try:
            with open(f"/proc/{pid}/environ", "rb") as environ:
                return self._marker in environ.read().split(b"\0")
        except OSError:
            return False

    def memory(self, members: list[int]) -> int:
        return sum(_resident(pid) for pid in members)

    def terminate(self) -> None:
        _killpg(self.pid, signal.SIGTERM)
        for pid in self.members():
            _signal(pid, signal.SIGTERM)

    def kill(self, *, group: bool = True) -> None:
        """SIGKILL every process found; `group`: the process group too (only while the
        bot itself is not reaped, so that its pid is still its group's id)."""
        if group:
            _killpg(self.pid, signal.SIGKILL)
        for pid in self.members():
            if pid != self.pid or group:
                _signal(pid, signal.SIGKILL)

    def reap(self) -> None:
        """Reap the bot's orphans that died as this process's children."""
        for pid in self._zombies:
            try:
                os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                pass
        self._zombies = []

    def close(self) -> None:
        """Kill and reap what is left of it (the bot itself is reaped already)."""
        deadline = time.monotonic() + 1.0
        while True:
            self.kill(group=False)
            self.reap()
            if not [pid for pid in self.members() if pid != self.pid] or time.monotonic() > deadline:
                return
            time.sleep(0.01)  # SIGKILLed processes die in a moment; not a trio context here


def _killpg(pgid: int, signum: int) -> None:
    try:
        os.killpg(pgid, signum)
    except (ProcessLookupError, PermissionError):
        pass


# --- the watcher -----------------------------------------------------------------------------


async def watch_limits(
    tree: SandboxTree | LooseTree,
    memory_limit: int | None,
    max_processes: int,
    meter: CpuMeter,
    breached: Callable[[LimitBreach], None],
    note: Callable[[str], None],
) -> None:
    """Look at the bot's processes every WATCH_PERIOD, telling `meter` which they are; on a
    breach call `breached` once and return.  Runs until cancelled otherwise.

    A look at /proc that fails (a bug) ends the watch, said in the bot's log through `note`
    and in the arena's: the bot's match goes on, where the error would have ended it."""
    try:
        await _watch(tree, memory_limit, max_processes, meter, breached)
    except Exception as error:
        note(f"its limits are no longer watched: {type(error).__name__}: {error}")
        logger.warning("A bot's limits are no longer watched: %r.", error)
        logger.debug("the watch's failure", exc_info=True)


async def _watch(
    tree: SandboxTree | LooseTree,
    memory_limit: int | None,
    max_processes: int,
    meter: CpuMeter,
    breached: Callable[[LimitBreach], None],
) -> None:
    while True:
        members = tree.members()
        meter.track(members)
        owed = meter.owed()
        if owed > OFF_TURN_LIMIT:
            breached(
                LimitBreach(
                    FaultKind.CPU,
                    f"its processes used {owed:.1f} s of CPU while nothing was asked of it, more than the "
                    f"{OFF_TURN_LIMIT:g} s it may owe",
                )
            )
            return
        if len(members) > max_processes:
            breached(
                LimitBreach(
                    FaultKind.PROCESSES,
                    f"it ran {len(members)} processes at once, over its limit of {max_processes}",
                )
            )
            return
        if memory_limit is not None:
            held = tree.memory(members)
            if held > memory_limit:
                breached(
                    LimitBreach(
                        FaultKind.MEMORY,
                        f"its processes held {_about(held)}, over its {_about(memory_limit)} limit",
                    )
                )
                return
        tree.reap()
        await trio.sleep(WATCH_PERIOD)


def _about(n: int) -> str:
    """A size as people say it: 2.1 GiB, 230 MiB, 2 GiB."""
    for unit, size in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if n >= size:
            value = n / size
            text = f"{value:.1f}" if value < 10 else f"{value:.0f}"
            return f"{text.removesuffix('.0')} {unit}"
    return f"{n} bytes"
