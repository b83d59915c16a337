"""Signals and the last resort: Ctrl-C, SIGTERM and SIGHUP stop the arena cleanly, and no
bot process outlives it.

Two phases, one policy (a signal stops the run; what finished is kept):

* **Inside a run** (`run_interruptibly`, around every trio.run of the CLI): the signals
  are received as messages (`trio.open_signal_receiver`) and turned into an ordinary
  cancellation, which unwinds every nursery and stops every bot gracefully; then
  `Interrupted` is raised.  Trio's default, a KeyboardInterrupt raised wherever the main
  thread happens to be, was seen to corrupt trio's state now and then with grpcio's
  threads and many bot processes.  A second signal, or a shutdown that takes longer
  than `SHUTDOWN_LIMIT`, kills the bots at once and exits.
* **Outside a run** (start-up, printing tables): `install_termination_handlers`, called
  once by the CLI, makes SIGTERM and SIGHUP act like Ctrl-C (a KeyboardInterrupt), and
  registers `kill_all_bot_processes` with ``atexit``.

Every bot process group the arena starts is in a registry here, with a way to kill the
bot's processes outside it (its sandbox's namespace, its orphans), so
`kill_all_bot_processes` can SIGKILL them from a signal handler or ``atexit``.  If the
arena itself is killed with SIGKILL, PR_SET_PDEATHSIG (set by the launcher,
arena/process/_launch.py) kills its bots, and a sandboxed bot's whole namespace with bwrap
(``--die-with-parent``); nothing needs installing for that.  An unsandboxed bot's
setsid'ed grandchild can survive a SIGKILL of the arena: only the sandbox prevents it.
"""

from __future__ import annotations

import atexit
import os
import signal
import sys
import threading
import types
from collections.abc import Awaitable, Callable
from typing import TypeVar

import trio

from arena.errors import Interrupted

__all__ = [
    "run_interruptibly",
    "install_termination_handlers",
    "kill_all_bot_processes",
    "SHUTDOWN_LIMIT",
    "EXIT_INTERRUPTED",
]

T = TypeVar("T")
SHUTDOWN_LIMIT = 30.0
EXIT_INTERRUPTED = 130
_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


# --- the registry of live bot process groups ------------------------------------------------


class BotGroup:
    """A live bot process group started by this process (registry entry)."""

    __slots__ = ("owner", "name", "killed", "kill_tree")

    def __init__(self, name: str) -> None:
        self.owner = os.getpid()  # the arena process that started it
        self.name = name
        self.killed = False  # SIGKILLed by kill_all_bot_processes()
        #: SIGKILLs the bot's processes outside its group (its sandbox, its orphans).
        self.kill_tree: Callable[[], None] | None = None


# pgid (== the bot's pid) -> BotGroup.  A plain dict, no lock: it is read from
# signal handlers, which run in the main thread between bytecodes, and a lock
# held by the interrupted code would deadlock.  An entry is removed just
# before the bot is reaped, so a registered pgid is never a recycled one.
live_groups: dict[int, BotGroup] = {}


def _forget_registry_in_child() -> None:
    # A forked copy of the arena (multiprocessing, tests) must not kill the
    # original's bots from its own atexit.
    live_groups.clear()


os.register_at_fork(after_in_child=_forget_registry_in_child)


def kill_all_bot_processes() -> None:
    """SIGKILL every live bot process group started by this process.

    Synchronous, idempotent and safe to call from a signal handler or
    ``atexit``: it only sends signals (it does not reap; the
    ``open_bot_process`` contexts still do that if they get to run, and
    otherwise init does once the arena has exited).  This is the last resort;
    normally leaving the contexts stops the bots gracefully.
    """
    me = os.getpid()
    for pgid, group in list(live_groups.items()):
        if group.owner != me:
            continue
        group.killed = True
        try:
            if group.kill_tree is not None:
                group.kill_tree()
        except Exception:  # noqa: BLE001 - the last resort goes on to the group whatever happens
            pass
        try:
            os.killpg(pgid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


_handlers_installed = False


def install_termination_handlers() -> None:
    """Make SIGTERM and SIGHUP act like Ctrl-C outside the trio runs; kill bots at exit.

    For the CLI: call it once from the main thread, before anything starts a bot.

    * SIGTERM and SIGHUP call whatever SIGINT handler is current: Python's default,
      which raises KeyboardInterrupt.  (Inside `run_interruptibly`, trio's signal
      receiver has replaced all three handlers, and they are put back afterwards.)
    * A second SIGTERM/SIGHUP SIGKILLs all bots at once, then is delivered like the first.
    * If SIGINT is ignored or at its OS default (a background job of a non-interactive
      shell), it is reset to Python's default handler first.  If, when a signal
      arrives, SIGINT has no Python handler after all, the handler SIGKILLs all bots
      and lets the signal kill the arena.
    * ``atexit`` gets `kill_all_bot_processes`, for any group still alive when the
      interpreter exits.

    Idempotent.
    """
    global _handlers_installed
    if threading.current_thread() is not threading.main_thread():
        raise RuntimeError("install_termination_handlers() must be called from the main thread.")
    if _handlers_installed:
        return
    if signal.getsignal(signal.SIGINT) in (signal.SIG_IGN, signal.SIG_DFL):
        signal.signal(signal.SIGINT, signal.default_int_handler)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _termination_handler)
    atexit.register(kill_all_bot_processes)
    _handlers_installed = True


_termination_signals_received = 0


def _termination_handler(signum: int, frame: types.FrameType | None) -> None:
    global _termination_signals_received
    _termination_signals_received += 1
    if _termination_signals_received > 1:
        kill_all_bot_processes()
    handler = signal.getsignal(signal.SIGINT)
    if callable(handler):
        # trio's SIGINT handler asserts that it is called for SIGINT.
        handler(signal.SIGINT, frame)
        return
    kill_all_bot_processes()
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


# --- inside a run ---------------------------------------------------------------------------


def _hard_exit(reason: str) -> None:
    kill_all_bot_processes()
    sys.stderr.write(f"\narena: {reason}; bots killed.\n")
    sys.stderr.flush()
    os._exit(EXIT_INTERRUPTED)


def _start_shutdown_watchdog() -> None:
    def watchdog() -> None:
        if not finished.wait(SHUTDOWN_LIMIT):
            _hard_exit(f"shutting down took more than {SHUTDOWN_LIMIT:g} s")

    finished = threading.Event()
    threading.Thread(target=watchdog, name="arena-shutdown-watchdog", daemon=True).start()
    _watchdogs.append(finished)


_watchdogs: list[threading.Event] = []


def run_interruptibly(work: Callable[[], Awaitable[T]]) -> T:
    """trio.run(work); a signal cancels it and raises Interrupted once it has unwound."""
    received: list[int] = []

    async def main() -> T | None:
        result: list[T] = []
        async with trio.open_nursery() as nursery:
            work_scope = trio.CancelScope()

            async def watch() -> None:
                with trio.open_signal_receiver(*_SIGNALS) as signals:
                    async for signum in signals:
                        if received:
                            _hard_exit("interrupted twice")
                        received.append(signum)
                        _start_shutdown_watchdog()
                        work_scope.cancel()

            nursery.start_soon(watch)
            with work_scope:
                result.append(await work())
            nursery.cancel_scope.cancel()
        return result[0] if result else None

    try:
        value = trio.run(main)
    finally:
        for finished in _watchdogs:
            finished.set()
        _watchdogs.clear()
    if received:
        raise Interrupted(received[0])
    return value  # type: ignore[return-value]
