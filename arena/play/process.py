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
  of a process using grpcio (see ``_LAUNCHER`` in arena/play/_launch.py).  PDEATHSIG is tied to the
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
* Live process groups are kept in a registry (arena/play/signals.py), so
  `kill_all_bot_processes` can SIGKILL them from a signal handler or
  ``atexit``.
"""

from __future__ import annotations

import logging
import os
import shutil
import signal
import subprocess
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import trio

from arena.errors import BotStartError
from arena.play._fate import describe_exit, find_memory_marker
from arena.play._launch import (
    BotCommand,
    _await_exec,
    _create_log_file,
    _effective_memory_limit,
    _exited_status_available,
    _killpg,
    _make_socket_dir,
    _spawn,
    _start_error_message,
)
from arena.play.signals import _Group, _live_groups

__all__ = ["TERMINATE_GRACE", "BotCommand", "BotProcess", "open_bot_process"]

logger = logging.getLogger(__name__)

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
        return f"<BotProcess {self.name!r} pid={self.pid} {self.exit_description()}, address={self.address!r}>"

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
        if self._returncode is None:
            return "still running"
        if -self._returncode == signal.SIGKILL and self._sent_kill:
            sender = f"sent by the arena because it did not stop within {self._grace:g} s of SIGTERM"
        elif -self._returncode == signal.SIGKILL and self._group.killed:
            sender = "sent by the arena (kill_all_bot_processes)"
        elif -self._returncode == signal.SIGTERM and self._sent_term:
            sender = "sent by the arena to stop it"
        else:
            sender = None
        return describe_exit(self._returncode, sender, self._memory_limit, self._memory_marker_seen, self._peak_rss)

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
                    self._memory_marker_seen, tail = find_memory_marker(tail, data)
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
                            newline + f"[arena: output truncated after {limit} bytes; the rest is discarded]\n".encode()
                        )
                except OSError as exc:
                    log_ok = False
                    logger.warning("Cannot write the log of bot %r (%s): %s", self.name, self.log_path, exc)
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
                self.name,
                self.pid,
                _REAP_TIMEOUT,
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
                        self.name,
                        self.pid,
                        _REAP_TIMEOUT,
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


@asynccontextmanager
async def open_bot_process(command: BotCommand, log_dir: Path, *, stdio: bool = False) -> AsyncIterator[BotProcess]:
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
            popen, group = _spawn_protected(command, address, write_fd, exec_error_write, child_stdio)
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
        command,
        popen,
        group,
        address,
        socket_dir,
        log_path,
        log_file,
        read_fd,
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
                    await _await_exec(command, bot._note_in_log, fd)
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
