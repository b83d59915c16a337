"""The go: a sandboxed bot starts only once nothing of it can outlive the arena.

bwrap runs the bot's first process, the shim (arena/process/_sandbox.py), which waits for
one byte on its go pipe before it execs the bot.  `release_sandbox` sends it once bwrap's
init has armed its death signal; `end_strays` ends what an arena killed before that left.
"""

from __future__ import annotations

import logging
import os
import signal
from collections.abc import Mapping

import trio

__all__ = ["release_sandbox", "end_strays"]

logger = logging.getLogger(__name__)

# Seconds bwrap's init may take to set its death signal (normally a few ms).
_RELEASE_TIMEOUT = 30.0


def _status(pid: int | str) -> dict[str, str]:
    try:
        with open(f"/proc/{pid}/status", encoding="utf-8", errors="replace") as status:
            return dict(line.split(":\t", 1) for line in status.read().splitlines() if ":\t" in line)
    except OSError:
        return {}


def _armed(init: Mapping[str, str], own: Mapping[str, str]) -> bool:
    """Whether bwrap's init (`init`, its /proc status) has applied `BOT_FILTER`, as the
    arena (`own`) has not: it does just after it sets its death signal."""
    if "Seccomp_filters" in init and "Seccomp_filters" in own:  # Linux 5.9 and later
        return int(init["Seccomp_filters"]) > int(own["Seccomp_filters"])
    if own.get("Seccomp") == "2":
        # Filtered already (a container's seccomp) on a kernel that counts no filters: the
        # moment cannot be seen, so the go waits for bwrap's init only, as before it.
        return True
    return init.get("Seccomp") == "2"


async def release_sandbox(bwrap_pid: int, init_pid: int | None, go_fd: int) -> bool:
    """Let the bot start (a byte on `go_fd`, see `_SHIM`) once nothing of it can outlive the
    arena; False when bwrap's init is orphaned, or does not set its death signal in time.
    With no `init_pid` (bwrap's init is gone already, and the bot with it), True.

    bwrap sets its own death signal (``--die-with-parent``) just after it clones its init,
    then reports on its info fd, then lets the init go on; the init sets its death signal
    only after making the sandbox and forking the bot's first process.  bwrap killed in
    between (the arena gone) leaves the init waiting forever, or orphaned with no death
    signal, the bot with it.  So the bot waits for the go, given only once the init has set
    its death signal (seen in /proc: the seccomp program it applies right after) with bwrap
    still its parent; the arena gone before, the go pipe reads EOF and the bot never runs,
    and the init ends with its only child.  The launcher sets no death signal on bwrap
    (arena/process/_launch.py): bwrap outliving a dead arena runs on to that end, and holds
    the other end of its info pipe, so that its report cannot kill it (SIGPIPE)."""
    if init_pid is None:
        return True
    own = _status("self")
    with trio.move_on_after(_RELEASE_TIMEOUT):
        # Polled: nothing wakes the arena when a process's /proc status changes.  A few ms.
        while (init := _status(init_pid)) and not _armed(init, own):  # noqa: ASYNC110
            await trio.sleep(0.001)
    if not init or not _armed(init, own) or init.get("PPid") != str(bwrap_pid):
        return False
    try:
        os.write(go_fd, b"g")
    except BrokenPipeError:  # the bot is gone already, as its reaper sees
        pass
    return True


def end_strays(run_folder: str) -> int:
    """Kill the processes of this user whose command line names `run_folder`, the run
    folder of an arena that is gone; how many.  Its sandboxes' processes all name it
    (bwrap's ``--bind`` of the socket folder).  One can outlive the arena: a bwrap init
    left waiting for a bwrap killed in the few writes between bwrap's death signal and
    its go (`release_sandbox`; no bot has run in it).  The next arena ends it."""
    mark = os.fsencode(run_folder.rstrip("/")) + b"/"
    ended = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            if os.stat(f"/proc/{entry}").st_uid != os.geteuid():
                continue
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                if mark not in cmdline.read():
                    continue
            os.kill(int(entry), signal.SIGKILL)
        except (OSError, ValueError):
            continue  # gone meanwhile
        ended += 1
    if ended:
        logger.warning("ended %d process(es) left by an arena that is gone (its run folder %s)", ended, run_folder)
    return ended
