"""One cgroup per bot process, where the machine lets the arena make them: the kernel's own
count of all that a bot's processes use.

The watcher (arena/process/_watch.py) finds a bot's processes in /proc every 0.1 s and sums
what each of them shows.  That misses memory no process shows (a memfd written and never
mapped, SysV segments detached, kernel buffers) and the CPU of a process that lived between
two looks, unless a process it can see waited for it.  A cgroup misses neither: every page
charged to the bot (anonymous memory, tmpfs and shared memory, memfds, kernel memory) and
the CPU time of every process that ever ran in it, however short-lived or however reaped.

`hierarchy` finds, once per arena process, where cgroups can be made:

* cgroup v2: the nearest cgroup, from the arena's own up, that hands the memory controller
  to its children (``memory`` in its ``cgroup.subtree_control``) and whose
  ``cgroup.procs`` the arena may write (as root, or a delegated subtree);
* else cgroup v1: the arena's own cgroups in the ``cpuacct`` and ``memory`` hierarchies,
  both writable;
* else none (an unprivileged user with nothing delegated, or ``ARENA_CGROUP=off``): the
  watcher's own count is all there is.

Each bot process gets ``arena-<pid>-<start time>-<n>`` there (per hierarchy in v1), named
after the arena process as its run folder is (arena/process/_folders.py): the launcher
joins it before it execs the bot or bwrap (arena/process/_launch.py), so everything the bot
ever starts is in it, and it is removed once the bot is reaped.  The first bot of an arena
removes those of arenas that are gone (``kill -9``), killing what still runs in them.
"""

from __future__ import annotations

import errno
import functools
import itertools
import logging
import os
import re
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass

from arena.process._folders import left_by_gone_arenas, start_time

__all__ = ["CGROUP_ENV", "BotCgroup", "Hierarchy", "hierarchy", "make_bot_cgroup"]

logger = logging.getLogger(__name__)

#: The environment variable that turns cgroups off (``off``, ``0``, ``no`` or empty).
CGROUP_ENV = "ARENA_CGROUP"
_OFF = {"", "0", "off", "no", "false"}
_NAME = re.compile(r"arena-(\d+)-(\d+)-(\d+)")
# Seconds to wait for the processes of a cgroup to die once killed, so as to remove it.
_REMOVE_WAIT = 1.0
_numbers = itertools.count(1)
# The kernel's cap is at least this many bytes above the memory limit.
_CAP_MARGIN = 64 * 1024**2


@dataclass(frozen=True)
class Hierarchy:
    """Where the arena makes its bots' cgroups: cgroup `version` 1 or 2, and the folder in
    each hierarchy (v2: one; v1: the cpuacct one, then the memory one)."""

    version: int
    bases: tuple[str, ...]


@functools.cache
def hierarchy() -> Hierarchy | None:
    """Where bots' cgroups can be made here, or None (module docstring); found once."""
    if os.environ.get(CGROUP_ENV, "on").strip().lower() in _OFF:
        return None
    try:
        own = _own_cgroups()
        mounts = _mounts()
    except OSError:
        return None
    for found in (_v2(own, mounts), _v1(own, mounts)):
        if found is not None and _joinable(found):
            for base in dict.fromkeys(found.bases):
                _remove_stale(base)
            return found
    return None


# What the launcher does (arena/process/_launch.py): join the cgroups named.
_JOIN = "import os, sys\nfor procs in sys.argv[1:]:\n    fd = os.open(procs, os.O_WRONLY)\n    os.write(fd, b'0')\n"


def _joinable(where: Hierarchy) -> bool:
    """Whether a process the arena starts can join a cgroup made there, as a bot's launcher
    will (a probe, once: a machine that lets the arena make cgroups may still forbid the
    move, and then every bot would fail to start)."""
    try:
        probe = BotCgroup(where, f"arena-{os.getpid()}-{start_time(os.getpid())}-0")
    except OSError:
        return False
    try:
        joined = subprocess.run(
            [sys.executable, "-I", "-S", "-c", _JOIN, *probe.procs_files], capture_output=True, timeout=30
        )
    except (OSError, subprocess.SubprocessError):
        return False
    finally:
        probe.remove()
    if joined.returncode != 0:
        said = joined.stderr.decode("utf-8", "replace").strip().splitlines()
        logger.warning("Cannot move processes into cgroups in %s (%s).", where.bases[0], said[-1] if said else "")
    return joined.returncode == 0


def _own_cgroups() -> dict[str, str]:
    """The arena's cgroup per controller (v1), and under "" its v2 cgroup."""
    own: dict[str, str] = {}
    with open("/proc/self/cgroup", encoding="utf-8") as lines:
        for line in lines:
            number, controllers, path = line.rstrip("\n").split(":", 2)
            if number == "0" and not controllers:
                own[""] = path
            for controller in controllers.split(","):
                if controller:
                    own[controller] = path
    return own


def _mounts() -> list[tuple[str, str, str, set[str]]]:
    """The cgroup file systems mounted here: (type, root, mount point, options)."""
    mounts = []
    with open("/proc/self/mountinfo", encoding="utf-8") as lines:
        for line in lines:
            fields = line.split()
            kind = fields[fields.index("-") + 1]
            if kind in ("cgroup", "cgroup2"):
                point = re.sub(r"\\([0-7]{3})", lambda m: chr(int(m[1], 8)), fields[4])
                mounts.append((kind, fields[3], point, set(fields[-1].split(","))))
    return mounts


def _inside_mount(path: str, root: str, point: str) -> str | None:
    relative = os.path.relpath(path, root)
    return None if relative.startswith("..") else os.path.normpath(os.path.join(point, relative))


def _v2(own: dict[str, str], mounts: list[tuple[str, str, str, set[str]]]) -> Hierarchy | None:
    for kind, root, point, _options in mounts:
        if kind != "cgroup2" or "" not in own:
            continue
        folder = _inside_mount(own[""], root, point)
        while folder is not None and folder.startswith(point):
            try:
                with open(os.path.join(folder, "cgroup.subtree_control"), encoding="ascii") as control:
                    delegated = "memory" in control.read().split()
            except OSError:
                delegated = False
            if delegated and os.access(folder, os.W_OK) and os.access(os.path.join(folder, "cgroup.procs"), os.W_OK):
                return Hierarchy(2, (folder,))
            folder = None if folder == point else os.path.dirname(folder)
    return None


def _v1(own: dict[str, str], mounts: list[tuple[str, str, str, set[str]]]) -> Hierarchy | None:
    bases = []
    for controller in ("cpuacct", "memory"):
        for kind, root, point, options in mounts:
            if kind == "cgroup" and controller in options and controller in own:
                folder = _inside_mount(own[controller], root, point)
                if folder is not None and os.access(folder, os.W_OK):
                    bases.append(folder)
                    break
        else:
            return None
    return Hierarchy(1, tuple(bases))


def _remove_stale(base: str) -> None:
    """Remove the cgroups of arena processes that are gone, killing what runs in them."""
    for path in left_by_gone_arenas(base, _NAME):
        if _remove(path):
            logger.warning("removed the cgroup %s of an arena that is gone", path)


def _read(path: str) -> str:
    with open(path, encoding="ascii") as file:
        return file.read()


def _procs(folder: str) -> list[int]:
    try:
        return [int(pid) for pid in _read(os.path.join(folder, "cgroup.procs")).split()]
    except OSError:
        return []


def _remove(folder: str) -> bool:
    """Kill every process in `folder`'s cgroup, then remove it (waiting up to _REMOVE_WAIT
    for them to die); whether it is gone."""
    deadline = time.monotonic() + _REMOVE_WAIT
    while True:
        for pid in _procs(folder):
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            os.rmdir(folder)
            return True
        except FileNotFoundError:
            return True
        except OSError as error:
            if error.errno != errno.EBUSY or time.monotonic() > deadline:
                logger.warning("cannot remove the cgroup %s: %s", folder, error)
                return False
        time.sleep(0.005)  # SIGKILLed processes die in a moment; not a trio context here


class BotCgroup:
    """One bot process's cgroup: joined by its launcher, read by its watcher and CPU meter,
    removed when the bot is reaped."""

    def __init__(self, where: Hierarchy, name: str) -> None:
        self.version = where.version
        self.folders = tuple(os.path.join(base, name) for base in dict.fromkeys(where.bases))
        made: list[str] = []
        try:
            for folder in self.folders:
                os.mkdir(folder)
                made.append(folder)
        except OSError:
            for folder in made:
                os.rmdir(folder)
            raise
        cpu, memory = self.folders[0], self.folders[-1]
        if self.version == 2:
            self._cpu, self._memory, self._events = f"{cpu}/cpu.stat", f"{memory}/memory.current", "memory.events"
        else:
            self._cpu, self._memory, self._events = (
                f"{cpu}/cpuacct.usage",
                f"{memory}/memory.usage_in_bytes",
                "memory.oom_control",
            )
        self._fds: dict[str, int] = {}
        self._lock = threading.Lock()  # the CPU meter reads it from the threads that drive matches
        self._removed = False
        self._cpu_seconds = 0.0
        self._oom_kills = 0
        #: The kernel's cap on its memory (`cap_memory`), if it has one.
        self.memory_cap: int | None = None

    @property
    def procs_files(self) -> tuple[str, ...]:
        """The ``cgroup.procs`` files a process writes 0 to, to join it."""
        return tuple(os.path.join(folder, "cgroup.procs") for folder in self.folders)

    def cap_memory(self, cap: int) -> None:
        """Let the kernel stop the bot's processes (its OOM killer) beyond `cap` bytes in all."""
        memory = self.folders[-1]
        names = (
            ("memory.max", "memory.swap.max")
            if self.version == 2
            else ("memory.limit_in_bytes", "memory.memsw.limit_in_bytes")
        )
        for name in names:  # memory first: v1's memory+swap limit may not be below it
            try:
                with open(os.path.join(memory, name), "w", encoding="ascii") as control:
                    control.write(str(cap if name != "memory.swap.max" else 0))
            except OSError:
                if name in ("memory.max", "memory.limit_in_bytes"):
                    raise
                # no swap accounting here
        self.memory_cap = cap

    def _value(self, path: str) -> bytes | None:
        """The contents of one of its files (kept open), None once it is removed."""
        with self._lock:
            if self._removed:
                return None
            fd = self._fds.get(path)
            if fd is None:
                fd = self._fds[path] = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
            return os.pread(fd, 65536, 0)

    def cpu_seconds(self) -> float:
        """CPU seconds used by every process that has been in it (the last figure once it
        is removed)."""
        try:
            text = self._value(self._cpu)
        except OSError:  # gone behind the arena's back: the last figure stands
            return self._cpu_seconds
        if text is not None:
            used = (
                int(text.split(b"usage_usec", 1)[1].split(None, 1)[0]) / 1e6 if self.version == 2 else int(text) / 1e9
            )
            self._cpu_seconds = max(self._cpu_seconds, used)
        return self._cpu_seconds

    def memory(self) -> int:
        """Bytes charged to it that the kernel cannot simply drop: all of it (anonymous and
        shared memory, tmpfs files, memfds, kernel memory) but the cache of files on disk;
        0 once it is removed."""
        current, stat = self._value(self._memory), self._value(f"{self.folders[-1]}/memory.stat")
        if current is None or stat is None:
            return 0
        return max(0, int(current) - _field(stat, b"active_file") - _field(stat, b"inactive_file"))

    def oom_kills(self) -> int:
        """How many of its processes the kernel has killed for going beyond `cap_memory`
        (the last figure once it is removed)."""
        try:
            events = self._value(f"{self.folders[-1]}/{self._events}")
        except OSError:  # gone behind the arena's back: the last figure stands
            return self._oom_kills
        if events is not None:
            self._oom_kills = max(self._oom_kills, _field(events, b"oom_kill"))
        return self._oom_kills

    def pids(self) -> list[int]:
        """The processes in it now."""
        return _procs(self.folders[-1])

    def kill(self) -> None:
        for pid in self.pids():
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass

    def remove(self) -> None:
        """Kill what is left in it and remove it (its last CPU and OOM figures stay readable)."""
        if self._removed:
            return
        self.cpu_seconds()
        self.oom_kills()
        with self._lock:
            self._removed = True
            for fd in self._fds.values():
                os.close(fd)
            self._fds.clear()
        for folder in self.folders:
            _remove(folder)


def _field(text: bytes, name: bytes) -> int:
    """The number on the line ``<name> <number>`` of a cgroup's key-value file; 0 if none."""
    at = text.find(b"\n" + name + b" ")
    if at < 0:
        if not text.startswith(name + b" "):
            return 0
        at = -1
    return int(text[at + len(name) + 2 :].split(b"\n", 1)[0])


_failed = False


def make_bot_cgroup(memory_limit: int | None) -> BotCgroup | None:
    """A new cgroup for one bot process whose processes may hold `memory_limit` bytes in
    all, which the kernel caps at half as much again (the watcher names the fault before);
    None where none can be made (said once in the log)."""
    global _failed
    where = hierarchy()
    if where is None or _failed:
        return None
    pid = os.getpid()
    try:
        cgroup = BotCgroup(where, f"arena-{pid}-{start_time(pid)}-{next(_numbers)}")
    except OSError as error:
        _failed = True
        logger.warning("Cannot make cgroups in %s (%s); bots are measured from /proc only.", where.bases[0], error)
        return None
    if memory_limit is not None:
        try:
            cgroup.cap_memory(memory_limit + max(memory_limit // 2, _CAP_MARGIN))
        except OSError as error:
            logger.warning("Cannot cap the memory of the cgroup %s: %s", cgroup.folders[-1], error)
    return cgroup
