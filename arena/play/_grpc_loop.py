"""The process's gRPC loop: one asyncio event loop, in a thread of its own, that owns
every gRPC channel and Play stream of the process (grpc.aio) and drives the matches
whose seats are all gRPC.

Blocking grpcio streams cost two thread hand-overs a decision (a writer thread takes
the request, a reader thread brings the answer back), and the threads of matches
played side by side contend for the interpreter's lock.  On this loop a decision is a
write and an awaited read in one thread, and matches take turns at their awaits.

Trio stays the supervisor: `run` awaits a coroutine on the loop from trio, and a
cancelled trio task cancels it there (Ctrl-C stops a match at its next await).
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import threading
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import trio

__all__ = ["run", "submit", "call_soon", "on_loop"]

T = TypeVar("T")

_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None
_thread: threading.Thread | None = None


def _the_loop() -> asyncio.AbstractEventLoop:
    """The loop, started the first time it is needed (in each process: spawned workers
    and Dask hosts start their own)."""
    global _loop, _thread
    loop = _loop
    if loop is not None:
        return loop
    with _lock:
        if _loop is None:
            loop = asyncio.new_event_loop()
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
