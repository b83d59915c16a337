"""A bot's processes as a whole, found from outside and stopped together.

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
"""

from __future__ import annotations

import ctypes
import os
import select
import signal
import time
from collections.abc import Callable, Mapping
from typing import Any

from arena.process._proc import (
    Usage,
    all_pids,
    memfd_bytes,
    namespace_members,
    process_stat,
    process_usage,
    sysv_bytes,
)
from arena.process._socket import open_without_links

__all__ = ["INIT_DEATH_WAIT", "INODE_BYTES", "LooseTree", "SandboxTree", "become_subreaper"]

_PR_SET_CHILD_SUBREAPER = 36
#: What a file or folder in a tmpfs costs the kernel however empty (its inode and name),
#: about: 400,000 empty files, with names of 200 characters, took 494 MiB of its memory.
INODE_BYTES = 1024

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


class SandboxTree:
    """The processes of a sandboxed bot: its pid namespace, bwrap's init excluded."""

    def __init__(self, init_pid: int, init_pidfd: int, namespace: int, socket_dir: str = "") -> None:
        self.init_pid = init_pid
        self.init_pidfd: int | None = init_pidfd
        self._namespace = f"pid:[{namespace}]"
        self._born = time.monotonic()
        # Its tmpfs folders (arena/process/_sandbox.py), as its init sees them.
        self._tmpfs = ("tmp", "dev/shm", *([socket_dir.strip("/")] if socket_dir else []))

    @classmethod
    def from_report(cls, report: Mapping[str, Any], socket_dir: str = "") -> SandboxTree | None:
        """The tree bwrap's ``--info-fd`` report names, with its socket folder `socket_dir`;
        None when its init is gone already (then the bot is gone too, which its reaper sees)."""
        init, namespace = report.get("child-pid"), report.get("pid-namespace")
        if not isinstance(init, int) or not isinstance(namespace, int):
            return None
        try:
            return cls(init, os.pidfd_open(init), namespace, socket_dir)
        except OSError:
            return None

    def members(self, fresh: bool = False) -> list[int]:
        """The bot's processes; `fresh`: as they are now, not as a look a moment ago saw them."""
        not_before = time.monotonic() if fresh else self._born
        return [pid for pid in namespace_members(self._namespace, not_before) if pid != self.init_pid]

    def usage(self, members: list[int]) -> Usage:
        """`process_usage` of its processes (and of bwrap's init, which reaps the orphans: no memory)."""
        found = {pid: usage for pid in members if self._still_member(pid) and (usage := process_usage(pid)) is not None}
        init = process_usage(self.init_pid)
        if init is not None:
            found[self.init_pid] = (0, init[1])
        return found

    def memory(self, members: list[int], usage: Usage) -> int:
        if not members:
            return 0  # its first process comes once bwrap has made the sandbox
        held = sum(resident for resident, _ in usage.values()) + memfd_bytes(members)
        root = f"/proc/{self.init_pid}/root"
        try:
            if os.path.samestat(os.stat(root), os.stat("/")):
                return held  # not set up yet: bwrap's init still sees the arena's own /tmp
        except OSError:
            return held
        for folder in self._tmpfs:  # files there are memory, the empty ones too
            # Not by its path: a link the bot made there could point at any mount, a hung one too.
            try:
                fd = open_without_links(self.init_pid, folder)
            except OSError:
                continue
            try:
                files = os.statvfs(fd)
            finally:
                os.close(fd)
            held += (files.f_blocks - files.f_bfree) * files.f_frsize + (files.f_files - files.f_ffree) * INODE_BYTES
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
        stats = {pid: info for pid in all_pids() if (info := process_stat(pid)) is not None}
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
        return {pid: usage for pid in members if (usage := process_usage(pid)) is not None}

    def memory(self, members: list[int], usage: Usage) -> int:
        held = sum(resident for resident, _ in usage.values()) + memfd_bytes(members)
        return held + sysv_bytes(set(members) | set(self._seen))

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
