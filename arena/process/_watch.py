"""Holding a bot's processes to their limits (its trees: arena/process/_trees.py).

`watch_limits` looks every `WATCH_PERIOD` seconds: more than ``max_processes`` processes
or more threads than `max_threads` allows them (each is a pid of the machine's; 500 in one
process went unseen), more memory than the limit, more CPU used while nothing was asked of it than it may owe
(arena/process/cpu.py), or an allocation that failed at the limit (its output said so:
a process that survives it would only time out), and it reports a `LimitBreach` (fault
``processes``, ``memory`` or ``cpu``) for the caller to stop the bot.  The memory is its
cgroup's where it has one (arena/process/_cgroup.py: everything charged to it, and the
kernel's own stops beyond the limit); otherwise the sum over its processes of what /proc
shows: their resident memory, the memfds they hold open, the files in the sandbox's
private /tmp and /dev/shm, and unsandboxed the SysV segments they made.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

import trio

from arena.process._cgroup import BotCgroup
from arena.process._fate import format_bytes
from arena.process._proc import thread_count
from arena.process._trees import LooseTree, SandboxTree
from arena.process.cpu import OFF_TURN_LIMIT, CpuMeter
from arena.records import FaultKind

logger = logging.getLogger(__name__)

__all__ = ["WATCH_PERIOD", "THREADS_PER_PROCESS", "LimitBreach", "max_threads", "oom_breach", "watch_limits"]

#: Seconds between two looks at a bot's processes.
WATCH_PERIOD = 0.1
#: Threads a bot may run, all told, for each process it may run (at least `_MIN_THREADS`):
#: a gRPC server or a JVM runs tens of them, a thread bomb thousands.
THREADS_PER_PROCESS = 16
_MIN_THREADS = 256


def max_threads(max_processes: int) -> int:
    """How many threads, all its processes' together, a bot of `max_processes` may run."""
    return max(_MIN_THREADS, THREADS_PER_PROCESS * max_processes)


@dataclass(frozen=True)
class LimitBreach:
    """Why the watcher stopped a bot: the fault kind and its reason, in words."""

    kind: FaultKind
    reason: str


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
    if (threads := thread_count(members)) > (allowed := max_threads(max_processes)):
        return LimitBreach(
            FaultKind.PROCESSES,
            f"it ran {threads} threads at once, over its limit of {allowed} "
            f"({THREADS_PER_PROCESS} for each of the {max_processes} processes it may run, at least {_MIN_THREADS})",
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
