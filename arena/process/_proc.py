"""What /proc tells of processes, read for a bot's watcher (arena/process/_watch.py) and
its trees (arena/process/_trees.py): which processes there are and in which pid
namespace, each one's state, parent, group and start, its resident memory and the CPU of
the children it reaped, and the memory no resident figure shows (memfds, SysV segments).
Each reader returns None or nothing for a process that is gone or not ours to read.
"""

from __future__ import annotations

import os
import time

__all__ = [
    "Usage",
    "all_pids",
    "namespace_members",
    "process_stat",
    "process_usage",
    "thread_count",
    "memfd_bytes",
    "sysv_bytes",
]

# One scan of /proc serves every bot's watcher for this long.
_CENSUS_TTL = 0.05
_PAGE = os.sysconf("SC_PAGE_SIZE")
_TICK = os.sysconf("SC_CLK_TCK")


def all_pids() -> list[int]:
    return [int(entry) for entry in os.listdir("/proc") if entry.isdigit()]


_census: tuple[float, dict[str, list[int]]] = (-1.0, {})


def namespace_members(namespace: str, not_before: float) -> list[int]:
    """The pids (as the host sees them) of the processes in the pid namespace `namespace`
    (``pid:[4026532180]``), from a scan of /proc shared by every watcher for a moment, and
    taken at `not_before` or later (a namespace's number is reused once it is gone)."""
    global _census
    taken, by_namespace = _census
    now = time.monotonic()
    if taken < not_before or now - taken > _CENSUS_TTL:
        by_namespace = {}
        for pid in all_pids():
            try:
                by_namespace.setdefault(os.readlink(f"/proc/{pid}/ns/pid"), []).append(pid)
            except OSError:
                continue  # gone, or not ours to look at
        _census = (now, by_namespace)
    return by_namespace.get(namespace, [])


def process_stat(pid: int) -> tuple[str, int, int, int] | None:
    """(state, ppid, process group, start time) of `pid`, None when it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return fields[0].decode(), int(fields[1]), int(fields[2]), int(fields[19])


def process_usage(pid: int) -> tuple[int, float] | None:
    """(resident bytes, CPU seconds of the children it has reaped) of `pid`; None: gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        return int(fields[21]) * _PAGE, (int(fields[13]) + int(fields[14])) / _TICK
    except (OSError, IndexError, ValueError):
        return None


Usage = dict[int, tuple[int, float]]


def thread_count(pids: list[int]) -> int:
    """How many threads the processes `pids` run, all told (a process gone counts none)."""
    threads = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat", "rb") as stat:
                threads += int(stat.read().rsplit(b")", 1)[1].split()[17])
        except (OSError, IndexError, ValueError):
            continue
    return threads


def memfd_bytes(pids: list[int]) -> int:
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


def sysv_bytes(pids: set[int]) -> int:
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
