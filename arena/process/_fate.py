"""How a bot process ended, in words a bot author can act on.

"exited with status 3", "killed by signal 9 (SIGKILL), probably the memory limit
(200 MiB)": the memory limit is named when the bot's output carried a runtime's
out-of-memory message, or when it died of a typical signal after its peak RSS reached
half the limit.
"""

from __future__ import annotations

import signal

__all__ = ["describe_exit", "find_memory_marker", "format_bytes", "signal_name"]

# Output that runtimes print when an allocation fails (lower case).
_MEMORY_MARKERS = (
    b"memoryerror",  # Python
    b"bad_alloc",  # C++
    b"out of memory",  # Go, glibc, many others
    b"cannot allocate memory",  # strerror(ENOMEM)
    b"memory allocation of",  # Rust: "memory allocation of N bytes failed"
    b"outofmemoryerror",  # JVM
    b"failed to allocate",
    b"allocation failed",  # V8 / Node
    b"failed to map segment",  # ld.so: the limit is too small to even start
)
_MARKER_OVERLAP = max(len(m) for m in _MEMORY_MARKERS) - 1
# Signals a process typically dies of when an allocation fails; reported as
# "possibly the memory limit" if its peak RSS reached half the limit.
_MEMORY_SIGNALS = frozenset({signal.SIGKILL, signal.SIGSEGV, signal.SIGABRT, signal.SIGBUS})


def find_memory_marker(tail: bytes, data: bytes) -> tuple[bool, bytes]:
    """Whether `data` (after the `tail` of the output before it) holds an out-of-memory
    message, and the tail to pass with the next chunk."""
    window = tail + data.lower()
    return any(marker in window for marker in _MEMORY_MARKERS), window[-_MARKER_OVERLAP:]


def describe_exit(
    returncode: int,
    sender: str | None,
    memory_limit: int | None,
    memory_marker_seen: bool,
    peak_rss: int | None,
) -> str:
    """`returncode` as subprocess gives it; `sender` says who sent the fatal signal, if
    the arena did."""
    memory = format_bytes(memory_limit) if memory_limit is not None else ""
    if returncode >= 0:
        text = f"exited with status {returncode}"
        if memory_marker_seen and memory:
            text += f", probably the memory limit ({memory})"
        return text
    signum = -returncode
    text = f"killed by signal {signum} ({signal_name(signum)})"
    if sender is not None:
        text += f", {sender}"
    elif memory and memory_marker_seen:
        text += f", probably the memory limit ({memory})"
    elif (
        memory
        and signum in _MEMORY_SIGNALS
        and peak_rss is not None
        and memory_limit is not None
        and peak_rss >= memory_limit // 2
    ):
        text += f", possibly the memory limit ({memory})"
    return text


def format_bytes(n: int) -> str:
    if n % 1024**3 == 0:
        return f"{n // 1024**3} GiB"
    if n % 1024**2 == 0 or n >= 1024**2:
        return f"{n / 1024**2:g} MiB"
    return f"{n} bytes"


def signal_name(signum: int) -> str:
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"
