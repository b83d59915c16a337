"""Run the arena's trio work so that Ctrl-C, SIGTERM and SIGHUP stop it cleanly.

Trio's default turns SIGINT into a KeyboardInterrupt raised wherever the main thread
happens to be; with grpcio's threads and many bot processes that was seen to corrupt
trio's own state now and then.  Instead the signals are received as messages
(`trio.open_signal_receiver`) and turned into an ordinary cancellation, which unwinds
every nursery and stops every bot.  A second signal, or a shutdown that takes longer
than `SHUTDOWN_LIMIT`, kills the bots at once and exits.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Awaitable, Callable
from typing import TypeVar

import trio

from arena._process import kill_all_bot_processes

__all__ = ["Interrupted", "run_interruptibly", "SHUTDOWN_LIMIT"]

T = TypeVar("T")
SHUTDOWN_LIMIT = 30.0
EXIT_INTERRUPTED = 130
_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class Interrupted(Exception):
    """The run was stopped by a signal; what had finished is kept."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"interrupted by {signal.Signals(signum).name}")
        self.signum = signum


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
