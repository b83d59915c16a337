"""How a bot's program is started: the command, and the launcher between spawn and exec.

`BotCommand` says what to run.  `spawn` starts it in a new session through a tiny
launcher (see `LAUNCHER`) that sets PR_SET_PDEATHSIG and RLIMIT_AS, then execs the bot.
The helpers here name log files and socket folders and word start-up failures.
Everything about the running process is in arena.play.process.
"""

from __future__ import annotations

import errno
import itertools
import os
import re
import resource
import shlex
import subprocess
import sys
import tempfile
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import trio

from arena.errors import BotStartError, ProcessError
from arena.play._fate import format_bytes
from arena.protocol import ADDRESS_ENV, DEFAULT_MEMORY_LIMIT

__all__ = ["BotCommand"]

# Longest usable path of an AF_UNIX socket on Linux (108 bytes with the NUL).
_MAX_SOCKET_PATH = 107


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
    memory_limit: int | None = DEFAULT_MEMORY_LIMIT
    stderr_limit: int = 1024 * 1024

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ValueError("BotCommand.name must be a non-empty string.")
        argv = tuple(self.argv) if not isinstance(self.argv, str) else None
        if not argv or not all(isinstance(a, str) for a in argv):
            raise ValueError(
                f"BotCommand.argv of bot {self.name!r} must be a non-empty sequence of strings, got {self.argv!r}."
            )
        env = dict(self.env)
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in env.items()):
            raise ValueError(f"BotCommand.env of bot {self.name!r} must map strings to strings.")
        if self.memory_limit is not None and self.memory_limit <= 0:
            raise ValueError(f"BotCommand.memory_limit of bot {self.name!r} must be positive or None.")
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
            reason += f" (the memory limit of {format_bytes(command.memory_limit)} may be too small)"
    else:
        reason = str(exc) or type(exc).__name__
    return (
        f"Could not start bot {command.name!r}: running the command {shlex.join(command.argv)}{where} failed: {reason}."
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
        sys.executable,
        "-I",
        "-S",
        "-c",
        _LAUNCHER,
        str(os.getpid()),
        str(-1 if limit is None else limit),
        str(exec_error_fd),
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


async def _await_exec(command: BotCommand, note: Callable[[str], None], exec_error_fd: int) -> None:
    """Wait until the launcher has exec'ed the bot; raise BotStartError if not (and `note` why)."""
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
    note(message)
    raise BotStartError(message) from exc
