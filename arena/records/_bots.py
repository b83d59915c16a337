"""A bot as the tournament file (or `arena play --bot`) names it (`BotEntry`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from arena.clock import TimeControl
from arena.protocol import DEFAULT_MEMORY_LIMIT, DEFAULT_STARTUP_TIMEOUT

__all__ = ["DEFAULT_MAX_PROCESSES", "BotEntry"]

#: How many processes a bot may run at once unless its tournament entry says otherwise.
DEFAULT_MAX_PROCESSES = 64


@dataclass(frozen=True)
class BotEntry:
    """A bot as the tournament file (or `arena play --bot`) names it."""

    name: str
    command: tuple[str, ...] = ()
    address: str | None = None
    env: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    cwd: str | None = None
    protocol: str = "grpc"
    memory_limit: int | None = DEFAULT_MEMORY_LIMIT
    startup_timeout: float = DEFAULT_STARTUP_TIMEOUT
    #: This bot's own time control; None: the tournament's.
    time_control: TimeControl | None = None
    #: Run it in a sandbox (arena/process/_sandbox.py); false: as the arena's own user sees the machine.
    sandbox: bool = True
    #: Inside the sandbox: keep the network (a sandboxed bot has none by default).
    network: bool = False
    #: Inside the sandbox: more paths it may read, besides the folder of its program or script.
    files: tuple[str, ...] = ()
    #: Processes it may run at once, all of its own counted.
    max_processes: int = DEFAULT_MAX_PROCESSES

    def describe(self) -> str:
        return self.address or " ".join(self.command)
