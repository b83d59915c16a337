"""How a bot's program is started: the command, and the launcher between spawn and exec.

`BotCommand` says what to run.  `spawn` starts it in a new session through a tiny
launcher (see `LAUNCHER`) that joins the bot's cgroup (if it has one), sets RLIMIT_AS
and (but for bwrap) PR_SET_PDEATHSIG, then execs the bot, or bwrap with the bot inside
(arena/process/_sandbox.py).  The helpers here word start-up failures; where its log and
socket go is arena/process/_folders.py.  Everything about the running process is in
arena.process.bot.
"""

from __future__ import annotations

import errno
import json
import os
import resource
import shlex
import subprocess
import sys
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import trio

from arena.errors import BotStartError, ProcessError
from arena.process._fate import format_bytes
from arena.process._sandbox import (
    BOT_FILTER,
    check_program,
    sandbox_argv,
    sandbox_environment,
    take_bot_uid,
)
from arena.process._watch import max_threads
from arena.protocol import ADDRESS_ENV, DEFAULT_MEMORY_LIMIT
from arena.records import DEFAULT_MAX_PROCESSES, BotEntry

__all__ = [
    "BotCommand",
    "Pipes",
    "spawn",
    "await_exec",
    "await_sandbox",
    "effective_memory_limit",
    "exited_status_available",
    "killpg",
    "start_error_message",
]


@dataclass(frozen=True)
class BotCommand:
    """How to start a bot.

    ``argv`` is executed directly, never through a shell.  ``env`` holds extra
    environment variables, applied on top of the arena's own environment (any
    mapping is accepted and stored as a read-only copy).  ``memory_limit`` is
    the ``RLIMIT_AS`` (virtual address space) in bytes, ``None`` for
    unlimited; note that some runtimes (the JVM, sanitizers) reserve a lot of
    address space and need it raised or disabled; the watcher also holds the
    sum over all the bot's processes to it.  ``stderr_limit`` is the
    number of bytes of output kept in the log file; more output is still read
    (the bot never blocks on a full pipe) but discarded, and one line in the
    log notes the truncation.  ``sandbox``, ``network`` and ``files``: see
    arena/process/_sandbox.py; ``max_processes``: how many processes the bot may
    run at once.
    """

    name: str
    argv: tuple[str, ...]
    env: Mapping[str, str] = field(default_factory=lambda: types.MappingProxyType({}))
    cwd: str | None = None
    memory_limit: int | None = DEFAULT_MEMORY_LIMIT
    stderr_limit: int = 1024 * 1024
    sandbox: bool = True
    network: bool = False
    files: tuple[str, ...] = ()
    max_processes: int = DEFAULT_MAX_PROCESSES

    @classmethod
    def for_entry(cls, entry: BotEntry) -> BotCommand:
        """How to start the bot of a tournament entry (one with a command)."""
        return cls(
            name=entry.name,
            argv=entry.command,
            env=entry.env,
            cwd=entry.cwd,
            memory_limit=entry.memory_limit,
            sandbox=entry.sandbox,
            network=entry.network,
            files=entry.files,
            max_processes=entry.max_processes,
        )

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
        if self.max_processes < 1:
            raise ValueError(f"BotCommand.max_processes of bot {self.name!r} must be at least 1.")
        object.__setattr__(self, "argv", argv)
        object.__setattr__(self, "files", tuple(os.fspath(path) for path in self.files))
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
                self.sandbox,
                self.network,
                self.files,
                self.max_processes,
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
# PR_SET_PDEATHSIG (kept across exec; not for bwrap, which sets its own) and
# RLIMIT_AS, then execs the bot in the same process.  It reports exec errors
# through a close-on-exec pipe, as subprocess does: an empty pipe at EOF means
# the exec succeeded.  Cost: about 10 ms of interpreter start-up per bot start.

_LAUNCHER = r"""
import os, sys
def main():
    parent, limit, errfd, joins = map(int, sys.argv[1:5])
    cgroups, argv = sys.argv[5 : 5 + joins], sys.argv[5 + joins :]
    try:
        for procs in cgroups:  # the bot's cgroup (arena/process/_cgroup.py), before it runs
            fd = os.open(procs, os.O_WRONLY)
            os.write(fd, b"0")  # 0: the writer
            os.close(fd)
        if parent:  # 0: bwrap, which sets its own (arena/process/_release.py)
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


def effective_memory_limit(limit: int | None) -> int | None:
    if limit is None:
        return None
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    return limit


# ---------------------------------------------------------------------------
# Helpers


def start_error_message(command: BotCommand, exc: BaseException) -> str:
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


class Pipes:
    """The pipes between the arena and a bot it starts: the bot's output (stdout and
    stderr, or only stderr with `stdio`), the launcher's exec errors, bwrap's report
    (`sandboxed`), and with `stdio` the bot's stdin and stdout."""

    def __init__(self, *, stdio: bool, sandboxed: bool) -> None:
        self._open: dict[str, int] = {}
        self._pipe("output")
        self._pipe("exec_error")
        if sandboxed:
            self._pipe("info")
            self._pipe("go")  # the arena's go to the bot (`release_sandbox`)
            self._pipe("seccomp")
            os.write(self.end("seccomp_write"), BOT_FILTER)
            os.close(self.take("seccomp_write"))
        self.child_stdio: tuple[int, int] | None = None
        if stdio:
            self._pipe("stdin")
            self._pipe("stdout")
            self.child_stdio = (self.end("stdin_read"), self.end("stdout_write"))

    def _pipe(self, name: str) -> None:
        self._open[f"{name}_read"], self._open[f"{name}_write"] = os.pipe()

    def end(self, name: str) -> int:
        """An end the pipes still own, such as "info_write"."""
        return self._open[name]

    def sandbox_ends(self) -> tuple[int, int, int, int]:
        """The ends bwrap gets: its info fd and the other end, the bot's go fd, the seccomp
        program's fd."""
        return self.end("info_write"), self.end("info_read"), self.end("go_read"), self.end("seccomp_read")

    def take(self, name: str) -> int:
        """An end the caller now owns (and closes)."""
        return self._open.pop(name)

    def close_child_ends(self) -> None:
        for name in (
            "output_write",
            "exec_error_write",
            "info_write",
            "go_read",
            "seccomp_read",
            "stdin_read",
            "stdout_write",
        ):
            if name in self._open:
                os.close(self._open.pop(name))

    def close_all(self) -> None:
        for fd in self._open.values():
            os.close(fd)
        self._open.clear()


def killpg(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def exited_status_available(pid: int) -> bool:
    """Whether the child has exited (is a zombie), without reaping it."""
    try:
        info = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return True  # already reaped somehow; Popen.poll() will say 0
    return info is not None


def spawn(
    command: BotCommand,
    address: str,
    output_fd: int,
    exec_error_fd: int,
    stdio_fds: tuple[int, int] | None = None,
    sandbox: tuple[str, int, int, int, int] | None = None,
    cgroups: tuple[str, ...] = (),
) -> subprocess.Popen[bytes]:
    """Start the launcher, which execs the bot; with `sandbox` (its socket folder, the fd
    bwrap writes its child's pid to and its other end, the bot's go fd and the seccomp
    program's fd) it execs bwrap around the bot instead.  It first joins the cgroups whose
    ``cgroup.procs`` files `cgroups` names, so that everything the bot starts is in them."""
    if not sys.executable:  # pragma: no cover - embedded interpreter
        raise ProcessError("Cannot start bots: sys.executable (needed by the launcher) is unset.")
    pass_fds: tuple[int, ...] = (exec_error_fd,)
    if sandbox is None:
        env = dict(os.environ)
        env.update(command.env)
        env[ADDRESS_ENV] = address
        argv = command.argv
    else:
        socket_dir, info_fd, info_read_fd, go_fd, seccomp_fd = sandbox
        cwd = os.path.abspath(command.cwd or os.getcwd())
        program = check_program(command, cwd)
        env = sandbox_environment(command, address, program)
        fds = (info_fd, go_fd, seccomp_fd, info_read_fd)
        uid = take_bot_uid(socket_dir)
        # The kernel's cap, twice the watcher's: a bomb stops there, and the watcher names it.
        threads = 2 * max_threads(command.max_processes)
        argv = tuple(
            sandbox_argv(command, program, cwd, socket_dir, *fds, stdio_fds=stdio_fds, uid=uid, threads=threads)
        )
        # bwrap holds the info pipe's other end too: if the arena dies before bwrap sets its
        # death signal, its report must not kill it (SIGPIPE) with its child still waiting.
        pass_fds += fds
        if stdio_fds is not None:
            # bwrap and its init keep their stdin and stdout open as long as they live, so
            # only the bot gets these pipes: a bot that closes its stdout is then seen to.
            pass_fds += stdio_fds
            stdio_fds = (subprocess.DEVNULL, output_fd)
    limit = effective_memory_limit(command.memory_limit)
    launcher = (
        sys.executable,
        "-I",
        "-S",
        "-c",
        _LAUNCHER,
        str(os.getpid() if sandbox is None else 0),
        str(-1 if limit is None else limit),
        str(exec_error_fd),
        str(len(cgroups)),
        *cgroups,
    )
    # Spawning from the current (trio) thread matters: PR_SET_PDEATHSIG fires
    # when the *thread* that created the child exits, and trio's worker
    # threads (used by trio.run_process) exit when idle.
    return subprocess.Popen(
        launcher + argv,
        stdin=subprocess.DEVNULL if stdio_fds is None else stdio_fds[0],  # DEVNULL is an int too
        stdout=output_fd if stdio_fds is None else stdio_fds[1],
        stderr=output_fd,
        env=env,
        cwd=command.cwd,
        close_fds=True,
        pass_fds=pass_fds,
        start_new_session=True,
    )


async def await_sandbox(info_fd: int) -> dict[str, Any] | None:
    """bwrap's report on the sandbox it made (``{"child-pid": …, "pid-namespace": …}``,
    written to its ``--info-fd`` and closed), or None when it made none."""
    report = b""
    stream = trio.lowlevel.FdStream(info_fd)
    try:
        with trio.move_on_after(_EXEC_TIMEOUT):
            while chunk := await stream.receive_some(4096):
                report += chunk
    finally:
        stream.close()
    try:
        data = json.loads(report)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


async def await_exec(command: BotCommand, note: Callable[[str], None], exec_error_fd: int) -> None:
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
    message = start_error_message(command, exc)
    note(message)
    raise BotStartError(message) from exc
