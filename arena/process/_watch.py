"""A bot's processes as a whole: finding them from outside, holding them to their limits.

Every process a bot starts counts, however it detaches (setsid, double fork):

* **Sandboxed** (`SandboxTree`): the processes of the bot's own pid namespace, found by
  comparing ``/proc/<pid>/ns/pid`` with the namespace bwrap reported.  bwrap's init is
  that namespace's first process: killing it (through a pidfd, so never a reused pid)
  makes the kernel kill every other one.  bwrap exits as soon as the bot does, before its
  init, which the arena, a child subreaper, then reaps: otherwise the init would be left
  to the machine's pid 1 (in a container, maybe nobody) and its CPU time to nobody.
* **Unsandboxed** (`LooseTree`, best effort): the bot's process group, its descendants,
  the processes in its cgroup when it has one (however they left the others), and the
  processes that left them but were seen before or carry its address in their
  environment.  The arena is a child subreaper (`become_subreaper`), so a process
  orphaned by a bot is re-parented to the arena, where it can be found, killed and
  reaped.  What the arena cannot do unsandboxed without a cgroup: outlive a ``kill -9``
  of itself (then a setsid'ed grandchild may survive; with one, the next arena kills it
  when it removes the cgroup, arena/process/_cgroup.py).

`watch_limits` looks every `WATCH_PERIOD` seconds: more than ``max_processes`` processes,
more memory than the limit, more CPU used while nothing was asked of it than it may owe
(arena/process/cpu.py), or an allocation that failed at the limit (its output said so:
a process that survives it would only time out), and it reports a `LimitBreach` (fault
``processes``, ``memory`` or ``cpu``) for the caller to stop the bot.  The memory is its
cgroup's where it has one (arena/process/_cgroup.py: everything charged to it, and the
kernel's own stops beyond the limit); otherwise the sum over its processes of what /proc
shows: their resident memory, the memfds they hold open, the files in the sandbox's
private /tmp and /dev/shm, and unsandboxed the SysV segments they made.
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

from arena.process._cgroup import BotCgroup
from arena.process._fate import format_bytes
from arena.process.cpu import OFF_TURN_LIMIT, CpuMeter
from arena.records import FaultKind

logger = logging.getLogger(__name__)

__all__ = ["WATCH_PERIOD", "LimitBreach", "LooseTree", "SandboxTree", "become_subreaper", "oom_breach", "watch_limits"]

#: Seconds between two looks at a bot's processes.
WATCH_PERIOD = 0.1
# One scan of /proc serves every bot's watcher for this long.
_CENSUS_TTL = 0.05
_PAGE = os.sysconf("SC_PAGE_SIZE")
_TICK = os.sysconf("SC_CLK_TCK")
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


def _usage(pid: int) -> tuple[int, float] | None:
    """(resident bytes, CPU seconds of the children it has reaped) of `pid`; None: gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        return int(fields[21]) * _PAGE, (int(fields[13]) + int(fields[14])) / _TICK
    except (OSError, IndexError, ValueError):
        return None


Usage = dict[int, tuple[int, float]]


def _memfds(pids: list[int]) -> int:
    """Bytes in the memfds the processes `pids` hold open (each counted once): memory no
    resident figure shows when it is written and never mapped."""
    held: dict[tuple[int, int], int] = {}
    for pid in pids:
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
        except OSError:
            continue
        for fd in fds:
            path = f"/proc/{pid}/fd/{fd}"
            try:
                if os.readlink(path).startswith("/memfd:"):
                    info = os.stat(path)
                    held[info.st_dev, info.st_ino] = info.st_blocks * 512
            except OSError:
                continue
    return sum(held.values())


def _sysv_segments(pids: set[int]) -> int:
    """Bytes in the SysV shared memory segments (of this IPC namespace) that one of `pids`
    made or last attached, attached or not."""
    held = 0
    try:
        with open("/proc/sysvipc/shm", "rb") as segments:
            rows = segments.read().splitlines()[1:]
    except OSError:
        return 0
    for row in rows:
        fields = row.split()
        try:
            if int(fields[4]) in pids or int(fields[5]) in pids:
                held += int(fields[14]) + int(fields[15])  # resident and swapped
        except (IndexError, ValueError):
            continue
    return held


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

    def usage(self, members: list[int]) -> Usage:
        """`_usage` of its processes (and of bwrap's init, which reaps the orphans: no memory)."""
        found = {pid: usage for pid in members if self._still_member(pid) and (usage := _usage(pid)) is not None}
        init = _usage(self.init_pid)
        if init is not None:
            found[self.init_pid] = (0, init[1])
        return found

    def memory(self, members: list[int], usage: Usage) -> int:
        if not members:
            return 0  # its first process comes once bwrap has made the sandbox
        held = sum(resident for resident, _ in usage.values()) + _memfds(members)
        root = f"/proc/{self.init_pid}/root"
        try:
            if os.path.samestat(os.stat(root), os.stat("/")):
                return held  # not set up yet: bwrap's init still sees the arena's own /tmp
        except OSError:
            return held
        for folder in ("tmp", "dev/shm"):  # tmpfs: files there are memory too
            try:
                files = os.statvfs(f"{root}/{folder}")
            except OSError:
                continue
            held += (files.f_blocks - files.f_bfree) * files.f_frsize
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

    def __init__(self, pid: int, marker: bytes, in_cgroup: Callable[[], list[int]] | None = None) -> None:
        self.pid = pid
        self._marker = marker  # b"ARENA_BOT_ADDRESS=unix:/…": in its descendants' environment
        self._in_cgroup = in_cgroup  # the processes in its cgroup, if it has one
        self._seen: dict[int, int] = {}  # pid -> start time, of processes found before
        self._zombies: list[int] = []

    def members(self, fresh: bool = True) -> list[int]:
        """The bot's processes as far as they can be found (always as they are now)."""
        stats = {pid: info for pid in _pids() if (info := _stat(pid)) is not None}
        me = os.getpid()
        found = {self.pid} if self.pid in stats else set()
        if self._in_cgroup is not None:
            found.update(pid for pid in self._in_cgroup() if pid in stats)
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

    def usage(self, members: list[int]) -> Usage:
        return {pid: usage for pid in members if (usage := _usage(pid)) is not None}

    def memory(self, members: list[int], usage: Usage) -> int:
        held = sum(resident for resident, _ in usage.values()) + _memfds(members)
        return held + _sysv_segments(set(members) | set(self._seen))

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
    cgroup: BotCgroup | None = None,
    out_of_memory: Callable[[], bool] = lambda: False,
) -> None:
    """Look at the bot's processes every WATCH_PERIOD, telling `meter` which they are; on a
    breach call `breached` once and return.  Runs until cancelled otherwise.  `cgroup`: the
    bot's, if it has one; `out_of_memory`: whether its output said an allocation failed.

    A look at /proc that fails (a bug) ends the watch, said in the bot's log through `note`
    and in the arena's: the bot's match goes on, where the error would have ended it."""
    try:
        await _watch(tree, memory_limit, max_processes, meter, breached, cgroup, out_of_memory)
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
    cgroup: BotCgroup | None,
    out_of_memory: Callable[[], bool],
) -> None:
    while (breach := _look(tree, memory_limit, max_processes, meter, cgroup, out_of_memory)) is None:
        tree.reap()
        await trio.sleep(WATCH_PERIOD)
    breached(breach)


def _look(
    tree: SandboxTree | LooseTree,
    memory_limit: int | None,
    max_processes: int,
    meter: CpuMeter,
    cgroup: BotCgroup | None,
    out_of_memory: Callable[[], bool],
) -> LimitBreach | None:
    """One look at the bot's processes: the limit they break, if any."""
    members = tree.members()
    usage = tree.usage(members) if cgroup is None else {}
    meter.track(members, {pid: waited for pid, (_, waited) in usage.items()})
    owed = meter.owed()
    if owed > OFF_TURN_LIMIT:
        return LimitBreach(
            FaultKind.CPU,
            f"its processes used {owed:.1f} s of CPU while nothing was asked of it, more than the "
            f"{OFF_TURN_LIMIT:g} s it may owe",
        )
    if len(members) > max_processes:
        return LimitBreach(
            FaultKind.PROCESSES, f"it ran {len(members)} processes at once, over its limit of {max_processes}"
        )
    if memory_limit is None:
        return None
    held = tree.memory(members, usage) if cgroup is None else cgroup.memory()
    if held > memory_limit:
        return LimitBreach(
            FaultKind.MEMORY, f"its processes held {_about(held)}, over its {_about(memory_limit)} limit"
        )
    if cgroup is not None and (stopped := oom_breach(cgroup, memory_limit)) is not None:
        return stopped
    if out_of_memory():
        return LimitBreach(
            FaultKind.MEMORY,
            f"an allocation failed at its memory limit ({format_bytes(memory_limit)}) in one of its processes",
        )
    return None


def oom_breach(cgroup: BotCgroup, memory_limit: int) -> LimitBreach | None:
    """The breach of a bot whose cgroup's memory the kernel capped, if it stopped one of its
    processes there (it may have been the bot itself, before the watcher looked)."""
    if not cgroup.oom_kills():
        return None
    cap = _about(cgroup.memory_cap or memory_limit)
    return LimitBreach(
        FaultKind.MEMORY, f"its processes held {cap}, over its {_about(memory_limit)} limit: the kernel stopped one"
    )


def _about(n: int) -> str:
    """A size as people say it: 2.1 GiB, 230 MiB, 2 GiB."""
    for unit, size in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if n >= size:
            value = n / size
            text = f"{value:.1f}" if value < 10 else f"{value:.0f}"
            return f"{text.removesuffix('.0')} {unit}"
    return f"{n} bytes"
