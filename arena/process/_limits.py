"""A bot's processes held together: where they are, what they use, and which limit they broke.

One `BotLimits` per bot process (arena/process/bot.py), from its spawn to its reaping:

* its **cgroup**, where the machine lets the arena make them (arena/process/_cgroup.py):
  made before the spawn, joined by the launcher, so that the kernel counts the memory and
  CPU of everything the bot starts, and stops it (its OOM killer) well beyond its limit;
* its **tree** (arena/process/_watch.py): its processes as /proc shows them, found from
  its sandbox's pid namespace or, unsandboxed, its process group, its descendants and
  the processes in its cgroup, to count them and kill them;
* its **CPU meter** (arena/process/cpu.py), which reads the cgroup when there is one;
* the **watch** that holds them to their limits, and the **breach** that stopped the bot.

Without a cgroup (none can be made here, or ``ARENA_CGROUP=off``) the watcher's own count
from /proc is all there is; the README's "Known limits" says what it misses.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from arena.errors import BotFault
from arena.process._cgroup import BotCgroup, make_bot_cgroup
from arena.process._fate import format_bytes
from arena.process._output import OutputLog
from arena.process._trees import INIT_DEATH_WAIT, LooseTree, SandboxTree
from arena.process._watch import LimitBreach, oom_breach, watch_limits
from arena.process.cpu import CpuMeter
from arena.records import FaultKind

__all__ = ["BotLimits", "make_bot_cgroup"]

# Seconds after an out-of-memory message in its output that a crash is put down to memory.
_MEMORY_SAID_RECENTLY = 5.0


class BotLimits:
    """One bot process's tree, cgroup, CPU meter and breach (module docstring)."""

    def __init__(self, memory_limit: int | None, max_processes: int, cgroup: BotCgroup | None, log: OutputLog) -> None:
        self.memory_limit = memory_limit
        self.max_processes = max_processes
        self.cgroup = cgroup
        self.log = log
        self.tree: SandboxTree | LooseTree | None = None
        self.meter = CpuMeter(None if cgroup is None else cgroup.cpu_seconds)
        self.breach: LimitBreach | None = None

    def loose_tree(self, pid: int, marker: bytes) -> LooseTree:
        """The tree of an unsandboxed bot whose first process is `pid` (see LooseTree)."""
        return LooseTree(pid, marker, None if self.cgroup is None else self.cgroup.pids)

    def fault(self) -> BotFault | None:
        """The fault the watcher stopped the bot for (``memory``, ``processes``, ``cpu``), or
        ``memory`` when the kernel stopped one of its processes at its cgroup's cap, or when
        its output said a moment ago that an allocation failed (at the RLIMIT_AS of one
        process); None otherwise."""
        if self.breach is not None:
            return BotFault(self.breach.kind, f"the arena stopped it: {self.breach.reason}")
        stopped = self.kernel_breach()
        if stopped is not None:
            return BotFault(stopped.kind, stopped.reason)
        said = self.log.memory_marker_at
        if said is not None and self.memory_limit is not None and time.monotonic() - said < _MEMORY_SAID_RECENTLY:
            limit = format_bytes(self.memory_limit)
            return BotFault(
                FaultKind.MEMORY, f"an allocation failed at its memory limit ({limit}) in one of its processes"
            )
        return None

    def kernel_breach(self) -> LimitBreach | None:
        """The kernel's stop of one of its processes at its cgroup's cap (the bot itself,
        maybe, gone before the watcher looked), if there was one."""
        if self.cgroup is None or self.memory_limit is None:
            return None
        return oom_breach(self.cgroup, self.memory_limit)

    async def watch(self, breached: Callable[[LimitBreach], None]) -> None:
        """Hold the bot's processes together to its limits until cancelled or `breached`."""
        tree = self.tree
        if tree is None:  # reaped (a bot that exited at once) before this task first ran
            return
        limits = (self.memory_limit, self.max_processes)
        said = self.log
        await watch_limits(
            tree, *limits, self.meter, breached, said.note, self.cgroup, lambda: said.memory_marker_at is not None
        )

    def release(self) -> None:
        """After the bot is reaped: kill and reap what the arena adopted of it, let go, and
        remove its cgroup (killing what is left in it)."""
        tree, self.tree = self.tree, None
        self.meter.close()
        if tree is not None:
            if isinstance(tree, SandboxTree):
                tree.kill()
                tree.reap(wait=INIT_DEATH_WAIT)
            tree.close()
        self.remove_cgroup()

    def remove_cgroup(self) -> None:
        if self.cgroup is not None:
            self.cgroup.remove()
