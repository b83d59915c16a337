"""The process's gRPC loop: one asyncio event loop, in a thread of its own, that owns
every gRPC channel and Play stream of the process (grpc.aio) and drives the matches
whose seats are all gRPC.

Blocking grpcio streams cost two thread hand-overs a decision (a writer thread takes
the request, a reader thread brings the answer back), and the threads of matches
played side by side contend for the interpreter's lock.  On this loop a decision is a
write and an awaited read in one thread, and matches take turns at their awaits.

Trio stays the supervisor: `run` awaits a coroutine on the loop from trio, and a
cancelled trio task cancels it there (Ctrl-C stops a match at its next await).

**Busy polling.**  Waiting for an answer, the loop normally sleeps in epoll, and so does
the core it ran on when nothing else wants it.  On the 2-core machine the arena is
developed on (a virtual machine), work that follows such a sleep runs far slower than
the same work done back to back: the referee's own work between two decisions took
130-148 µs median after a 300 µs sleep against 72-89 µs without one (a throwaway script
stepping an in-process conto match), and the answer itself is picked up later.  So after
a request is sent the loop may poll without sleeping (`poll_busily`) for up to the
process's budget (`set_busy_poll`; none unless a runner sets one): its core stays awake,
at the price of that core's time, which is why runners allow it only when the machine
has cores to spare (arena.play.referee.poll_for_answers).
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import selectors
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import trio

__all__ = ["run", "submit", "call_soon", "on_loop", "set_busy_poll", "busy_poll", "poll_busily"]

T = TypeVar("T")


class _PollingSelector(selectors.EpollSelector):
    """The loop's selector: until `awake_until` (monotonic seconds) it polls without
    sleeping, then it waits as epoll does."""

    awake_until = 0.0

    def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
        if timeout == 0 or not self.awake_until:
            return super().select(timeout)
        now = started = time.monotonic()
        end = self.awake_until if timeout is None else min(self.awake_until, now + timeout)
        while now < end:
            events = super().select(0)
            if events:
                return events
            now = time.monotonic()
        self.awake_until = 0.0
        return super().select(None if timeout is None else max(0.0, timeout - (now - started)))


_selector: _PollingSelector | None = None  # made with the loop
_busy_poll = 0.0  # seconds; 0: the loop always sleeps while it waits


def set_busy_poll(seconds: float) -> None:
    """How long, at most, the loop polls without sleeping after a request (0: never)."""
    global _busy_poll
    _busy_poll = seconds


def busy_poll() -> float:
    """The process's busy-polling budget in seconds (0: none)."""
    return _busy_poll


def poll_busily(seconds: float) -> None:
    """On the loop: poll without sleeping for up to `seconds` from now, or until events come."""
    assert _selector is not None, "poll_busily is called on the loop, which made the selector"
    _selector.awake_until = time.monotonic() + seconds


_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None
_thread: threading.Thread | None = None


def _the_loop() -> asyncio.AbstractEventLoop:
    """The loop, started the first time it is needed (in each process: spawned workers
    and Dask hosts start their own)."""
    global _loop, _thread, _selector
    loop = _loop
    if loop is not None:
        return loop
    with _lock:
        if _loop is None:
            _selector = _PollingSelector()
            loop = asyncio.SelectorEventLoop(_selector)
            ready = threading.Event()

            def serve() -> None:
                asyncio.set_event_loop(loop)
                loop.call_soon(ready.set)
                loop.run_forever()

            _thread = threading.Thread(target=serve, name="arena-grpc-loop", daemon=True)
            _thread.start()
            ready.wait()
            _loop = loop
            atexit.register(_stop)
        return _loop


def _stop() -> None:
    loop, thread = _loop, _thread
    if loop is None or thread is None or not thread.is_alive():
        return
    loop.call_soon_threadsafe(loop.stop)
    thread.join(2.0)


def on_loop() -> bool:
    """Whether the caller runs on the gRPC loop's thread."""
    return _thread is not None and threading.current_thread() is _thread


def call_soon(function: Callable[..., Any], *args: Any) -> None:
    """Call `function(*args)` on the loop, from any thread (at once when already there)."""
    if on_loop():
        function(*args)
    else:
        _the_loop().call_soon_threadsafe(function, *args)


def submit(coroutine: Awaitable[T]) -> concurrent.futures.Future[T]:
    """Run a coroutine on the loop from another thread; its future."""
    return asyncio.run_coroutine_threadsafe(coroutine, _the_loop())  # type: ignore[arg-type]


async def run(function: Callable[..., Awaitable[T]], *args: Any) -> T:
    """`await function(*args)` on the loop, from trio.  Cancelling the trio task cancels
    the coroutine, and this returns only once it has finished either way."""
    future = submit(function(*args))
    token = trio.lowlevel.current_trio_token()
    done = trio.Event()

    def wake(_: concurrent.futures.Future[T]) -> None:
        try:
            token.run_sync_soon(done.set)
        except trio.RunFinishedError:
            pass

    future.add_done_callback(wake)
    try:
        await done.wait()
    except trio.Cancelled:
        future.cancel()
        with trio.CancelScope(shield=True):
            await done.wait()
        raise
    return future.result()
