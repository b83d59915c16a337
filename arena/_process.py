"""Starting and stopping bot processes safely.

A bot is a separate program that serves gRPC on an address the arena hands it
in the ``ARENA_BOT_ADDRESS`` environment variable.  This module only deals with
the *process*: it starts the program, captures its output into a log file, and
guarantees that the program (and everything it spawned in its process group)
is gone when the arena is done with it, however the arena is done with it.
It knows nothing about gRPC; the caller waits for the bot's Hello itself.

Typical use::

    command = BotCommand(name="alice", argv=("python", "alice.py"))
    async with open_bot_process(command, log_dir) as bot:
        ...  # connect to bot.address, play
    # here the bot and its process group are dead and reaped

How the "no orphans, no zombies" guarantee is provided:

* The bot is started in a new session (hence its own process group), with
  stdin from /dev/null and stdout+stderr going into one pipe that a task
  copies into ``log_dir/<name>-<n>.log``.
* In the child, before the bot's program is exec'ed,
  ``prctl(PR_SET_PDEATHSIG, SIGKILL)`` makes the kernel kill the bot if the
  arena dies, even by ``kill -9``, and ``RLIMIT_AS`` is set when a memory
  limit is given.  This is done by a tiny launcher (a fresh ``python -I -S``
  that execs the bot in place, ~10 ms) rather than a ``preexec_fn``, because
  ``preexec_fn`` forces a real ``fork()`` whose atfork handlers crash children
  of a process using grpcio (see ``_LAUNCHER``).  PDEATHSIG is tied to the
  *thread* that created the child, so the spawn happens in the trio thread
  itself (not in a worker thread as ``trio.run_process`` would do: trio's
  idle worker threads exit after a few seconds, which would kill the bot).
* Leaving the ``open_bot_process`` context (normally, by exception, by
  cancellation, by KeyboardInterrupt) sends SIGTERM to the whole process
  group, waits up to :data:`TERMINATE_GRACE` seconds (in a shielded cancel
  scope), then SIGKILLs the group and reaps the bot.  As soon as the bot
  itself has exited, the rest of its process group is SIGKILLed *before* the
  bot is reaped, so the group id cannot have been reused.  If even that is
  interrupted (a second Ctrl-C), a synchronous last resort SIGKILLs and reaps.
* Live process groups are kept in a module-level registry, so
  :func:`kill_all_bot_processes` can SIGKILL them from a signal handler or
  ``atexit``; :func:`install_termination_handlers` sets that up for the CLI.
"""

from __future__ import annotations

import atexit
import errno
import itertools
import logging
import os
import re
import resource
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import types
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import trio

__all__ = [
    "ADDRESS_ENV",
    "TERMINATE_GRACE",
    "BotCommand",
    "BotProcess",
    "BotStartError",
    "ProcessError",
    "install_termination_handlers",
    "kill_all_bot_processes",
    "open_bot_process",
]

logger = logging.getLogger(__name__)

#: The environment variable a bot reads its listening address from.
ADDRESS_ENV = "ARENA_BOT_ADDRESS"

#: Seconds between SIGTERM and SIGKILL when stopping a bot.
TERMINATE_GRACE = 1.0

# How long to wait for the kernel to report the death of a SIGKILLed process
# (only exceeded by a process stuck in uninterruptible sleep).
_REAP_TIMEOUT = 5.0
# How long to keep draining output after the bot's group was killed; only a
# process that escaped the group (setsid) and kept the pipe open makes us wait
# that long.
_DRAIN_TIMEOUT = 0.5
_READ_SIZE = 65536
# Longest usable path of an AF_UNIX socket on Linux (108 bytes with the NUL).
_MAX_SOCKET_PATH = 107

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


# ---------------------------------------------------------------------------
# Errors


class ProcessError(Exception):
    """Base class of the errors raised by this module."""


class BotStartError(ProcessError):
    """The bot's command could not be started (not found, not executable, ...)."""


# ---------------------------------------------------------------------------
# The command


@dataclass(frozen=True)
class BotCommand:
    """How to start a bot.

    ``argv`` is executed directly, never through a shell.  ``env`` holds extra
    environment variables, applied on top of the arena's own environment (any
    mapping is accepted and stored as a read-only copy).  ``memory_limit`` is
    the ``RLIMIT_AS`` (virtual address space) in bytes, ``None`` for
    unlimited; note that some runtimes (the JVM, sanitizers) reserve a lot of
    address space and need it raised or disabled.  ``stderr_limit`` is the
    number of bytes of output kept in the log file; more output is still read
    (the bot never blocks on a full pipe) but discarded, and one line in the
    log notes the truncation.
    """

    name: str
    argv: tuple[str, ...]
    env: Mapping[str, str] = field(default_factory=lambda: types.MappingProxyType({}))
    cwd: str | None = None
    memory_limit: int | None = 2 * 1024**3
    stderr_limit: int = 1024 * 1024

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ValueError("BotCommand.name must be a non-empty string.")
        argv = tuple(self.argv) if not isinstance(self.argv, str) else None
        if not argv or not all(isinstance(a, str) for a in argv):
            raise ValueError(
                f"BotCommand.argv of bot {self.name!r} must be a non-empty sequence of "
                f"strings, got {self.argv!r}."
            )
        env = dict(self.env)
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in env.items()):
            raise ValueError(f"BotCommand.env of bot {self.name!r} must map strings to strings.")
        if self.memory_limit is not None and self.memory_limit <= 0:
            raise ValueError(
                f"BotCommand.memory_limit of bot {self.name!r} must be positive or None."
            )
        if self.stderr_limit < 0:
            raise ValueError(f"BotCommand.stderr_limit of bot {self.name!r} must be >= 0.")
        object.__setattr__(self, "argv", argv)
        object.__setattr__(self, "env", types.MappingProxyType(env))
        if self.cwd is not None:
            object.__setattr__(self, "cwd", os.fspath(self.cwd))

    def __hash__(self) -> int:
        return hash(
            (
                self.name,
                self.argv,
                tuple(sorted(self.env.items())),
                self.cwd,
                self.memory_limit,
                self.stderr_limit,
            )
        )


# ---------------------------------------------------------------------------
# Registry of live process groups (for kill_all_bot_processes)

class _Group:
    """A live process group started by this module (registry entry)."""

    __slots__ = ("owner", "name", "killed")

    def __init__(self, name: str) -> None:
        self.owner = os.getpid()  # the arena process that started it
        self.name = name
        self.killed = False  # SIGKILLed by kill_all_bot_processes()


# pgid (== the bot's pid) -> _Group.  A plain dict, no lock: it is read from
# signal handlers, which run in the main thread between bytecodes, and a lock
# held by the interrupted code would deadlock.  An entry is removed just
# before the bot is reaped, so a registered pgid is never a recycled one.
_live_groups: dict[int, _Group] = {}


def _forget_registry_in_child() -> None:
    # A forked copy of the arena (multiprocessing, tests) must not kill the
    # original's bots from its own atexit.
    _live_groups.clear()


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
    for pgid, group in list(_live_groups.items()):
        if group.owner != me:
            continue
        group.killed = True
        try:
            os.killpg(pgid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


_handlers_installed = False


def install_termination_handlers() -> None:
    """Make SIGTERM (and SIGHUP) stop the arena the way Ctrl-C does.

    For the CLI: call it once from the main thread, *before* ``trio.run``.

    * SIGTERM and SIGHUP are handled exactly like SIGINT: the handler calls
      whatever SIGINT handler is current.  Inside ``trio.run`` that is trio's
      own handler, which raises ``KeyboardInterrupt`` at a safe point (and
      cancels the run), so every ``open_bot_process`` context unwinds and
      stops its bot gracefully; outside ``trio.run`` it is Python's default
      handler, which raises ``KeyboardInterrupt``.
    * A second SIGTERM/SIGHUP does not wait for the graceful stops: it
      SIGKILLs all bots at once (:func:`kill_all_bot_processes`) and is then
      delivered like the first.  (A second Ctrl-C interrupts the graceful
      stop of a context running in trio's main task, which then SIGKILLs.)
    * If SIGINT is ignored or at its OS default (e.g. a background job of a
      non-interactive shell), it is reset to Python's default handler first,
      since trio only installs its handler over that one.  If, when a
      signal arrives, SIGINT has no Python handler after all, the handler
      SIGKILLs all bots (:func:`kill_all_bot_processes`) and lets the signal
      kill the arena: raising at an arbitrary point could corrupt trio.
    * ``atexit`` gets :func:`kill_all_bot_processes`, as a last resort for
      any group still alive when the interpreter exits.

    Bots also die if the arena is killed with SIGKILL, thanks to
    PR_SET_PDEATHSIG; nothing needs installing for that.  Idempotent.
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


# ---------------------------------------------------------------------------
# Child setup: a launcher between spawn and the bot's exec
#
# The natural tool, subprocess's preexec_fn, forces a real fork() (not
# vfork), which runs the pthread_atfork handlers of every library in the
# arena.  With grpcio (the arena talks gRPC to its bots) that crashes the
# child with SIGABRT now and then.  So the child is spawned with vfork (no
# preexec_fn) running this tiny launcher in a fresh interpreter, which sets
# PR_SET_PDEATHSIG (kept across exec) and RLIMIT_AS, then execs the bot in the
# same process.  It reports exec errors through a close-on-exec pipe, as
# subprocess does: an empty pipe at EOF means the exec succeeded.  Cost:
# about 10 ms of interpreter start-up per bot start.

_LAUNCHER = r"""
import os, sys
def main():
    parent, limit, errfd = map(int, sys.argv[1:4])
    argv = sys.argv[4:]
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(1, 9, 0, 0, 0) != 0:  # PR_SET_PDEATHSIG, SIGKILL
            err = ctypes.get_errno()
            raise OSError(err, "prctl(PR_SET_PDEATHSIG) failed: " + os.strerror(err))
        if os.getppid() != parent:  # the arena died before prctl
            os._exit(1)
        if limit >= 0:
            import resource
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        os.set_inheritable(errfd, False)
        os.execvp(argv[0], argv)
    except BaseException as exc:
        report = "%s\0%s\0%s" % (
            getattr(exc, "errno", None) or 0,
            getattr(exc, "strerror", None) or repr(exc),
            getattr(exc, "filename", None) or "",
        )
        os.write(errfd, report.encode("utf-8", "replace"))
        os._exit(127)
main()
"""

# Seconds the launcher may take to exec the bot (normally ~10 ms).
_EXEC_TIMEOUT = 30.0


def _effective_memory_limit(limit: int | None) -> int | None:
    if limit is None:
        return None
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    return limit


# ---------------------------------------------------------------------------
# Helpers


def _format_bytes(n: int) -> str:
    if n % 1024**3 == 0:
        return f"{n // 1024**3} GiB"
    if n % 1024**2 == 0 or n >= 1024**2:
        return f"{n / 1024**2:g} MiB"
    return f"{n} bytes"


def _signal_name(signum: int) -> str:
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


_UNSAFE_CHARS = re.compile(r"[^A-Za-z0-9._-]+")
# (log dir, file stem) -> next number to try
_log_counters: dict[tuple[str, str], itertools.count[int]] = {}


def _safe_stem(name: str) -> str:
    stem = _UNSAFE_CHARS.sub("_", name).strip("._")[:64]
    return stem or "bot"


def _create_log_file(log_dir: Path, name: str) -> tuple[Path, Any]:
    """Create ``log_dir/<name>-<n>.log`` with a fresh n, exclusively."""
    log_dir.mkdir(parents=True, exist_ok=True)
    stem = _safe_stem(name)
    counter = _log_counters.setdefault((str(log_dir.resolve()), stem), itertools.count(1))
    while True:
        path = log_dir / f"{stem}-{next(counter)}.log"
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o644)
        except FileExistsError:
            continue
        return path, os.fdopen(fd, "wb", buffering=0)


def _make_socket_dir(name: str) -> str:
    prefix = f"arena-{_safe_stem(name)[:16]}-"
    directory = tempfile.mkdtemp(prefix=prefix)
    if len(os.path.join(directory, "bot.sock")) > _MAX_SOCKET_PATH:
        # TMPDIR is too deep for an AF_UNIX path; /tmp always fits.
        os.rmdir(directory)
        directory = tempfile.mkdtemp(prefix=prefix, dir="/tmp")
    os.chmod(directory, 0o700)
    return directory


def _start_error_message(command: BotCommand, exc: BaseException) -> str:
    where = f" in directory {command.cwd!r}" if command.cwd is not None else ""
    if isinstance(exc, OSError):
        reason = exc.strerror or str(exc)
        if exc.filename is not None:
            reason += f": {os.fsdecode(exc.filename)!r}"
        if exc.errno == errno.ENOMEM and command.memory_limit is not None:
            reason += (
                f" (the memory limit of {_format_bytes(command.memory_limit)} may be too small)"
            )
    else:
        reason = str(exc) or type(exc).__name__
    return (
        f"Could not start bot {command.name!r}: running the command "
        f"{shlex.join(command.argv)}{where} failed: {reason}."
    )


def _killpg(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _exited_status_available(pid: int) -> bool:
    """Whether the child has exited (is a zombie), without reaping it."""
    try:
        info = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return True  # already reaped somehow; Popen.poll() will say 0
    return info is not None


# ---------------------------------------------------------------------------
# The process


class BotProcess:
    """A running (or finished) bot process, as yielded by :func:`open_bot_process`.

    ``returncode()`` follows :mod:`subprocess`: ``None`` while running, the
    exit status, or minus the signal number that killed it.
    """

    name: str
    address: str
    pid: int
    log_path: Path
    #: Only with ``open_bot_process(..., stdio=True)``: the bot's stdin (write
    #: to it) and stdout (read from it) as trio streams; ``None`` otherwise.
    stdin: trio.lowlevel.FdStream | None = None
    stdout: trio.lowlevel.FdStream | None = None

    def __init__(
        self,
        command: BotCommand,
        popen: subprocess.Popen[bytes],
        group: _Group,
        address: str,
        socket_dir: str,
        log_path: Path,
        log_file: Any,
        read_fd: int,
        memory_limit: int | None,
    ) -> None:
        self.name = command.name
        self.command = command
        self.address = address
        self.pid = popen.pid
        self.log_path = log_path
        self.socket_dir = socket_dir
        self._popen = popen
        self._group = group
        self._log_file = log_file
        self._read_fd: int | None = read_fd
        self._memory_limit = memory_limit
        self._exited = trio.Event()
        self._drained = trio.Event()
        self._returncode: int | None = None
        self._sent_term = False
        self._sent_kill = False
        self._grace = TERMINATE_GRACE
        self._memory_marker_seen = False
        self._peak_rss: int | None = None
        # Shielded scopes of the two background tasks: they must keep running
        # while an enclosing scope is cancelled, until the bot is stopped.
        # Created here so they can be cancelled even before the tasks start.
        self._reaper_scope = trio.CancelScope(shield=True)
        self._output_scope = trio.CancelScope(shield=True)
        self._pidfd: int | None = None
        try:
            self._pidfd = os.pidfd_open(self.pid)
        except (AttributeError, OSError):  # pragma: no cover - old kernel
            self._pidfd = None

    def __repr__(self) -> str:
        return (
            f"<BotProcess {self.name!r} pid={self.pid} {self.exit_description()}, "
            f"address={self.address!r}>"
        )

    # -- public API ---------------------------------------------------------

    def returncode(self) -> int | None:
        """The exit status, ``-signal`` if killed by a signal, ``None`` if running."""
        return self._returncode

    async def wait(self) -> int:
        """Wait until the bot process has exited and been reaped; return returncode()."""
        if self._returncode is None:
            await self._exited.wait()
        assert self._returncode is not None
        return self._returncode

    def exit_description(self) -> str:
        """A human-readable account of how the process ended, e.g.
        "exited with status 3", "killed by signal 9 (SIGKILL), probably the
        memory limit (200 MiB)", or "still running"."""
        rc = self._returncode
        if rc is None:
            return "still running"
        memory = _format_bytes(self._memory_limit) if self._memory_limit is not None else ""
        if rc >= 0:
            text = f"exited with status {rc}"
            if self._memory_marker_seen and memory:
                text += f", probably the memory limit ({memory})"
            return text
        signum = -rc
        text = f"killed by signal {signum} ({_signal_name(signum)})"
        if signum == signal.SIGKILL and self._sent_kill:
            text += (
                f", sent by the arena because it did not stop within "
                f"{self._grace:g} s of SIGTERM"
            )
        elif signum == signal.SIGKILL and self._group.killed:
            text += ", sent by the arena (kill_all_bot_processes)"
        elif signum == signal.SIGTERM and self._sent_term:
            text += ", sent by the arena to stop it"
        elif memory and self._memory_marker_seen:
            text += f", probably the memory limit ({memory})"
        elif (
            memory
            and signum in _MEMORY_SIGNALS
            and self._peak_rss is not None
            and self._memory_limit is not None
            and self._peak_rss >= self._memory_limit // 2
        ):
            text += f", possibly the memory limit ({memory})"
        return text

    # -- background tasks ---------------------------------------------------

    @trio.lowlevel.enable_ki_protection
    async def _reap_when_exited(self) -> None:
        """Wait for the bot to exit, kill the rest of its group, reap it."""
        with self._reaper_scope:
            pid = self.pid
            while not _exited_status_available(pid):
                if self._pidfd is not None:
                    await trio.lowlevel.wait_readable(self._pidfd)
                else:  # pragma: no cover - no pidfd support
                    await trio.sleep(0.05)
            self._finish_reaping()

    def _cancel_tasks(self) -> None:
        self._reaper_scope.cancel()
        self._output_scope.cancel()

    def _finish_reaping(self) -> None:
        # The bot is a zombie (or gone): its pid, hence its process group id,
        # cannot have been reused, so killing the group is safe.  Anything
        # it left behind in its group dies with it.
        _killpg(self.pid, signal.SIGKILL)
        _live_groups.pop(self.pid, None)
        try:
            pid, status, rusage = os.wait4(self.pid, os.WNOHANG)
        except ChildProcessError:  # pragma: no cover - reaped behind our back
            pid = 0
        if pid == self.pid:
            rc = os.waitstatus_to_exitcode(status)
            self._popen.returncode = rc
            self._peak_rss = rusage.ru_maxrss * 1024  # KiB on Linux
        else:  # pragma: no cover
            rc = self._popen.wait()
        self._returncode = rc
        self._close_pidfd()
        self._exited.set()

    def _close_pidfd(self) -> None:
        if self._pidfd is not None:
            fd, self._pidfd = self._pidfd, None
            try:
                trio.lowlevel.notify_closing(fd)
            except RuntimeError:  # pragma: no cover - outside trio
                pass
            os.close(fd)

    @trio.lowlevel.enable_ki_protection
    async def _copy_output(self) -> None:
        """Copy the bot's stdout+stderr into the log file, up to stderr_limit."""
        with self._output_scope:
            if self._read_fd is None:  # pragma: no cover - already cleaned up
                return
            fd, self._read_fd = self._read_fd, None
            await self._copy_stream(trio.lowlevel.FdStream(fd))

    async def _copy_stream(self, stream: trio.lowlevel.FdStream) -> None:
        limit = self.command.stderr_limit
        written = 0
        truncated = False
        log_ok = True
        scan = self._memory_limit is not None
        tail = b""
        try:
            while True:
                data = await stream.receive_some(_READ_SIZE)
                if not data:
                    break
                if scan and not self._memory_marker_seen:
                    window = tail + data.lower()
                    if any(marker in window for marker in _MEMORY_MARKERS):
                        self._memory_marker_seen = True
                    tail = window[-_MARKER_OVERLAP:]
                if truncated or not log_ok:
                    continue
                keep = data[: limit - written]
                try:
                    if keep:
                        self._log_file.write(keep)
                        written += len(keep)
                    if len(keep) < len(data):
                        truncated = True
                        newline = b"" if keep.endswith(b"\n") or written == 0 else b"\n"
                        self._log_file.write(
                            newline + f"[arena: output truncated after {limit} bytes; "
                            "the rest is discarded]\n".encode()
                        )
                except OSError as exc:
                    log_ok = False
                    logger.warning("Cannot write the log of bot %r (%s): %s", self.name,
                                   self.log_path, exc)
        finally:
            stream.close()
            self._drained.set()

    def _note_in_log(self, message: str) -> None:
        try:
            self._log_file.write(f"[arena: {message}]\n".encode())
        except (OSError, ValueError):  # pragma: no cover - disk full, closed
            pass

    # -- stopping -----------------------------------------------------------

    @trio.lowlevel.enable_ki_protection
    async def _stop(self) -> None:
        """SIGTERM the group, give it TERMINATE_GRACE, SIGKILL, reap, drain.

        Must be called in a shielded cancel scope.  Until the reaper has run,
        the bot is not reaped, so its pid is still a valid process group id."""
        if not self._exited.is_set():
            self._sent_term = True
            self._grace = TERMINATE_GRACE
            _killpg(self.pid, signal.SIGTERM)
            with trio.move_on_after(self._grace):
                await self._exited.wait()
        if not self._exited.is_set():
            self._sent_kill = True
            _killpg(self.pid, signal.SIGKILL)
            with trio.move_on_after(_REAP_TIMEOUT):
                await self._exited.wait()
        if not self._exited.is_set():  # pragma: no cover - stuck in the kernel
            logger.warning(
                "Bot %r (pid %d) did not die within %g s of SIGKILL.",
                self.name, self.pid, _REAP_TIMEOUT,
            )
            return
        with trio.move_on_after(_DRAIN_TIMEOUT):
            await self._drained.wait()

    @trio.lowlevel.enable_ki_protection
    def _cleanup_sync(self) -> None:
        """Final cleanup, and the last resort if the graceful stop was
        interrupted: SIGKILL and reap synchronously.  Never raises."""
        try:
            if self._returncode is None:
                # Not reaped yet, so the pgid cannot have been recycled.
                if not _exited_status_available(self.pid):
                    self._sent_kill = True
                _killpg(self.pid, signal.SIGKILL)
                try:
                    self._returncode = self._popen.wait(timeout=_REAP_TIMEOUT)
                except subprocess.TimeoutExpired:  # pragma: no cover
                    logger.warning(
                        "Bot %r (pid %d) did not die within %g s of SIGKILL; giving up.",
                        self.name, self.pid, _REAP_TIMEOUT,
                    )
                else:
                    _live_groups.pop(self.pid, None)
                    self._exited.set()
        except Exception:  # pragma: no cover - defensive
            logger.exception("Error while killing bot %r (pid %d).", self.name, self.pid)
        finally:
            self._close_pidfd()
            if self._read_fd is not None:
                os.close(self._read_fd)
                self._read_fd = None
            try:
                self._log_file.close()
            except OSError:  # pragma: no cover
                pass
            shutil.rmtree(self.socket_dir, ignore_errors=True)


def _spawn(
    command: BotCommand,
    address: str,
    output_fd: int,
    exec_error_fd: int,
    stdio_fds: tuple[int, int] | None = None,
) -> subprocess.Popen[bytes]:
    if not sys.executable:  # pragma: no cover - embedded interpreter
        raise ProcessError("Cannot start bots: sys.executable (needed by the launcher) is unset.")
    env = dict(os.environ)
    env.update(command.env)
    env[ADDRESS_ENV] = address
    limit = _effective_memory_limit(command.memory_limit)
    launcher = (
        sys.executable, "-I", "-S", "-c", _LAUNCHER,
        str(os.getpid()), str(-1 if limit is None else limit), str(exec_error_fd),
    )
    # Spawning from the current (trio) thread matters: PR_SET_PDEATHSIG fires
    # when the *thread* that created the child exits, and trio's worker
    # threads (used by trio.run_process) exit when idle.
    return subprocess.Popen(
        launcher + command.argv,
        stdin=subprocess.DEVNULL if stdio_fds is None else stdio_fds[0],
        stdout=output_fd if stdio_fds is None else stdio_fds[1],
        stderr=output_fd,
        env=env,
        cwd=command.cwd,
        close_fds=True,
        pass_fds=(exec_error_fd,),
        start_new_session=True,
    )


async def _await_exec(command: BotCommand, bot: BotProcess, exec_error_fd: int) -> None:
    """Wait until the launcher has exec'ed the bot; raise BotStartError if not."""
    report = b""
    stream = trio.lowlevel.FdStream(exec_error_fd)
    try:
        with trio.move_on_after(_EXEC_TIMEOUT) as scope:
            while chunk := await stream.receive_some(4096):
                report += chunk
    finally:
        stream.close()
    if scope.cancelled_caught:
        exc: BaseException = TimeoutError(f"the launcher did not run it within {_EXEC_TIMEOUT:g} s")
    elif report:
        errno_text, strerror, filename = (report.decode("utf-8", "replace").split("\0") + ["", ""])[:3]
        exc = OSError(int(errno_text or 0), strerror, filename or command.argv[0])
    else:
        return
    message = _start_error_message(command, exc)
    bot._note_in_log(message)
    raise BotStartError(message) from exc


@asynccontextmanager
async def open_bot_process(
    command: BotCommand, log_dir: Path, *, stdio: bool = False
) -> AsyncIterator[BotProcess]:
    """Start ``command`` and yield its :class:`BotProcess`; stop it on exit.

    The bot gets ``ARENA_BOT_ADDRESS=unix:<private 0700 temp dir>/bot.sock``
    in its environment (plus ``command.env`` on top of ``os.environ``), stdin
    from /dev/null, and its stdout and stderr go to ``bot.log_path`` in
    ``log_dir`` (created if needed).

    Raises :class:`BotStartError` if the command cannot be started.  On
    leaving the context, however that happens, the bot's process group gets
    SIGTERM, then SIGKILL after :data:`TERMINATE_GRACE` seconds, the bot is
    reaped and the temp dir removed.  The bot may also exit by itself while
    the context is open (see :meth:`BotProcess.wait`); the rest of its
    process group is then SIGKILLed at once.

    With ``stdio=True`` (bots that talk over stdin/stdout, see arena.stdio)
    the bot's stdin and stdout are pipes instead: ``bot.stdin`` and
    ``bot.stdout`` are trio streams to write to and read from, and only
    stderr goes to the log file.  Both are closed when the context is left.
    """
    log_dir = Path(log_dir)
    log_path, log_file = _create_log_file(log_dir, command.name)
    try:
        socket_dir = _make_socket_dir(command.name)
    except BaseException:
        log_file.close()
        raise
    address = f"unix:{os.path.join(socket_dir, 'bot.sock')}"
    fds: list[int] = []
    try:
        read_fd, write_fd = os.pipe()
        fds += (read_fd, write_fd)
        exec_error_read, exec_error_write = os.pipe()
        fds += (exec_error_read, exec_error_write)
        child_stdio: tuple[int, int] | None = None
        if stdio:
            stdin_read, stdin_write = os.pipe()
            fds += (stdin_read, stdin_write)
            stdout_read, stdout_write = os.pipe()
            fds += (stdout_read, stdout_write)
            child_stdio = (stdin_read, stdout_write)
        try:
            popen, group = _spawn_protected(
                command, address, write_fd, exec_error_write, child_stdio
            )
        except (OSError, subprocess.SubprocessError) as exc:
            message = _start_error_message(command, exc)
            try:
                log_file.write(f"[arena: {message}]\n".encode())
            except OSError:  # pragma: no cover
                pass
            raise BotStartError(message) from exc
        finally:
            # The child has its copies; ours would keep the pipes open.
            for fd in (write_fd, exec_error_write, *(child_stdio or ())):
                fds.remove(fd)
                os.close(fd)
    except BaseException:
        for fd in fds:
            os.close(fd)
        log_file.close()
        shutil.rmtree(socket_dir, ignore_errors=True)
        raise

    bot = BotProcess(
        command, popen, group, address, socket_dir, log_path, log_file, read_fd,
        _effective_memory_limit(command.memory_limit),
    )
    if stdio:
        bot.stdin = trio.lowlevel.FdStream(stdin_write)
        bot.stdout = trio.lowlevel.FdStream(stdout_read)
    # The body's exception is kept out of the nursery (which would wrap it in
    # an ExceptionGroup) and re-raised unchanged once the bot is stopped.
    body_exc: BaseException | None = None
    try:
        try:
            async with trio.open_nursery() as nursery:
                try:
                    nursery.start_soon(bot._copy_output, name=f"bot {command.name} output")
                    nursery.start_soon(bot._reap_when_exited, name=f"bot {command.name} reaper")
                    fd, exec_error_read = exec_error_read, -1
                    await _await_exec(command, bot, fd)
                    yield bot
                except BaseException as exc:
                    body_exc = exc
                finally:
                    try:
                        with trio.CancelScope(shield=True):
                            await bot._stop()
                    finally:
                        # Even if the stop was interrupted (second Ctrl-C):
                        # _cleanup_sync then kills and reaps.
                        bot._cancel_tasks()
        except BaseExceptionGroup as eg:
            # Our tasks do not raise, so this is an interruption (a second
            # KeyboardInterrupt) that arrived while stopping the bot.
            leaf = _most_important(eg, body_exc)
            raise leaf from leaf.__cause__
        if body_exc is not None:
            raise body_exc
    finally:
        if exec_error_read >= 0:
            os.close(exec_error_read)
        for stream in (bot.stdin, bot.stdout):
            if stream is not None:
                stream.close()
        bot._cleanup_sync()
        del body_exc


def _most_important(group: BaseExceptionGroup, body_exc: BaseException | None) -> BaseException:
    leaves: list[BaseException] = []

    def collect(exc: BaseException) -> None:
        if isinstance(exc, BaseExceptionGroup):
            for sub in exc.exceptions:
                collect(sub)
        else:
            leaves.append(exc)

    collect(group)
    for exc in leaves:
        if isinstance(exc, KeyboardInterrupt):
            return exc
    if body_exc is not None:
        return body_exc
    if len(leaves) == 1:
        return leaves[0]
    return group


@trio.lowlevel.enable_ki_protection
def _spawn_protected(
    command: BotCommand,
    address: str,
    output_fd: int,
    exec_error_fd: int,
    stdio_fds: tuple[int, int] | None = None,
) -> tuple[subprocess.Popen[bytes], _Group]:
    # KI-protected so that Ctrl-C cannot land between the fork and the
    # registration, which would leave an unregistered process behind.
    popen = _spawn(command, address, output_fd, exec_error_fd, stdio_fds)
    group = _Group(command.name)
    _live_groups[popen.pid] = group
    return popen, group
