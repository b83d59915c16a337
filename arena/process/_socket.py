"""How the arena reaches a sandboxed bot's socket without going where the bot points it.

A sandboxed bot makes its socket in its socket folder, a tmpfs of its sandbox that it may
write (arena/process/_sandbox.py), and the arena reaches it from outside under the root of
the sandbox's init, ``/proc/<init>/root<folder>/bot.sock``.  Every name on that path past
the sandbox's root is the bot's to change: connecting by it, the kernel follows a symbolic
link the bot put there, and an absolute one out of the sandbox, to any socket of the
machine (tests/hostile/test_hostile_grpc.py: the arena's Hello went to a socket of the
test's on the host; a bot's other process, listening at a path the first one names, would
play its seats).  So the arena opens each name without following links (O_PATH,
O_NOFOLLOW), holds the socket's own inode once it is one, and connects through that fd
(``unix:/proc/self/fd/<n>``), which nothing the bot does afterwards can redirect.
"""

from __future__ import annotations

import os
import stat

import trio

from arena.errors import BotFault
from arena.protocol import ADDRESS_ENV
from arena.records import FaultKind

__all__ = ["SandboxSocket", "open_without_links"]

# Seconds between two looks for the socket of a starting bot (a start takes ~100 ms).
_POLL = 0.01
_SOCKET = "bot.sock"


class SandboxSocket:
    """The socket a sandboxed bot makes in `socket_dir`, seen from outside through its
    init's root (`init_pid`); `address` waits for it, `close` lets go of it."""

    def __init__(self, init_pid: int, socket_dir: str) -> None:
        self._init_pid, self._socket_dir = init_pid, socket_dir
        # Named in a fault as the bot sees it: the address it was given (ARENA_BOT_ADDRESS).
        self._path = f"{socket_dir}/{_SOCKET}"
        self._folder_fd: int | None = None
        self._socket_fd: int | None = None

    async def address(self, timeout: float) -> str:
        """``unix:/proc/self/fd/<n>``, the bot's socket once it is there; a BotFault (start)
        when it is not a socket, or not there within `timeout` seconds."""
        with trio.move_on_after(timeout):
            while self._socket_fd is None:
                self._socket_fd = self._open()
                if self._socket_fd is None:
                    await trio.sleep(_POLL)
            return f"unix:/proc/self/fd/{self._socket_fd}"
        raise BotFault(FaultKind.START, f"no socket at {self._path} (its {ADDRESS_ENV}) within {timeout:g} s")

    def _open(self) -> int | None:
        if self._folder_fd is None:
            self._folder_fd = self._open_folder()
        try:
            fd = os.open(_SOCKET, os.O_PATH | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=self._folder_fd)
        except FileNotFoundError:
            return None  # not made yet
        except OSError as error:
            raise BotFault(FaultKind.START, f"its socket {self._path} cannot be opened: {error}") from None
        mode = os.fstat(fd).st_mode
        if not stat.S_ISSOCK(mode):
            os.close(fd)
            kind = "a symbolic link" if stat.S_ISLNK(mode) else "not a socket"
            raise BotFault(FaultKind.START, f"its socket {self._path} is {kind}: the arena does not follow it")
        return fd

    def _open_folder(self) -> int:
        try:
            return open_without_links(self._init_pid, self._socket_dir)
        except OSError as error:
            raise BotFault(FaultKind.START, f"its socket folder {self._socket_dir} cannot be opened: {error}") from None

    def close(self) -> None:
        for fd in (self._socket_fd, self._folder_fd):
            if fd is not None:
                os.close(fd)
        self._socket_fd = self._folder_fd = None


def open_without_links(init_pid: int, folder: str) -> int:
    """An O_PATH fd of `folder` in the sandbox whose init is `init_pid`: the sandbox's root
    through the kernel's own link, then each name under it opened as a folder, never
    through a link; OSError when one is not a folder there."""
    fd = os.open(f"/proc/{init_pid}/root", os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for name in folder.strip("/").split("/"):
            inner = os.open(name, os.O_PATH | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=fd)
            os.close(fd)
            fd = inner
    except OSError:
        os.close(fd)
        raise
    return fd
