"""Starting and stopping bot processes safely.

A bot is a separate program that serves gRPC on an address the arena hands it in the
``ARENA_BOT_ADDRESS`` environment variable.  This module only deals with the *process*:
it starts the program (in a sandbox by default), copies its output into a log file
(arena/process/_output.py), holds its processes to their limits, and makes sure that it
and everything it spawned are gone however the arena is done with it (over 450 lines: one
class keeps a process from its start to its reaping, each step beside the next).  No gRPC here::

    command = BotCommand(name="alice", argv=("python", "alice.py"))
    async with open_bot_process(command, log_dir) as bot:
        ...  # connect to await bot.socket_address(timeout), play
    # here the bot and every process it started are dead and reaped

How "no survivors, no zombies" is kept:

* The bot starts in a new session, through a launcher (arena/process/_launch.py) that
  sets ``PR_SET_PDEATHSIG`` (the kernel kills it if the arena dies, even by
  ``kill -9``) and ``RLIMIT_AS``, then execs it.  The spawn happens in the trio thread
  itself: the death signal follows the *thread* that made the child (arena/process/_start.py
  starts the process with its log, socket folder, pipes and cgroup; this module keeps it).
* Sandboxed (arena/process/_sandbox.py), the launcher execs bwrap instead (with no death
  signal: bwrap sets its own, ``--die-with-parent``), which runs the bot in its own pid
  namespace: when bwrap or its init dies, the kernel kills every process of the bot,
  setsid'ed or double forked.  The bot waits until that chain is armed
  (`release_sandbox`); what a bwrap killed before its go leaves, the next arena ends
  (`end_strays`).  Unsandboxed, its process group and the processes arena/process/_trees.py
  finds are killed, and the arena is a child subreaper so that orphans come back to it.
* A watcher task (arena/process/_watch.py) holds the bot's processes together to its limits
  (memory, ``max_processes``, CPU owed: arena/process/cpu.py); over one, the bot is killed
  and `BotProcess.limit_fault` says why (fault ``memory``, ``processes`` or ``cpu``).  Where
  the machine lets the arena make cgroups, the launcher puts the bot in one of its own
  first, which the watcher reads (arena/process/_cgroup.py; all of it: _limits.py).
* Leaving the context (normally, by exception, by cancellation, by KeyboardInterrupt)
  sends SIGTERM to all the bot's processes, waits up to :data:`TERMINATE_GRACE` seconds
  (shielded), then SIGKILLs them and reaps the bot.  When the bot itself exits, the rest
  is SIGKILLed *before* it is reaped, so its group id cannot have been reused.  If even
  that is interrupted (a second Ctrl-C), a synchronous last resort SIGKILLs and reaps.
* Live bots are in a registry (arena/process/signals.py), so `kill_all_bot_processes` can
  SIGKILL them from a signal handler or ``atexit``.
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

import trio

from arena.errors import BotFault, BotStartError
from arena.process._cgroup import BotCgroup
from arena.process._exceptions import most_important
from arena.process._fate import describe_exit
from arena.process._folders import remove_socket_dir
from arena.process._launch import (
    BotCommand,
    await_exec,
    await_sandbox,
    exited_status_available,
    killpg,
    start_error_message,
)
from arena.process._limits import BotLimits
from arena.process._output import OutputLog
from arena.process._release import release_sandbox
from arena.process._sandbox import sandbox_status
from arena.process._socket import SandboxSocket
from arena.process._start import start_process
from arena.process._trees import SandboxTree
from arena.process._watch import LimitBreach
from arena.process.signals import BotGroup, live_groups
from arena.protocol import ADDRESS_ENV

__all__ = ["TERMINATE_GRACE", "BotCommand", "BotProcess", "open_bot_process", "sandbox_status"]

logger = logging.getLogger(__name__)

#: Seconds between SIGTERM and SIGKILL when stopping a bot.
TERMINATE_GRACE = 1.0

# How long to wait for the kernel to report the death of a SIGKILLed process
# (only exceeded by a process stuck in uninterruptible sleep).
_REAP_TIMEOUT = 5.0
# How long to keep draining output after the bot was killed; only a process
# that escaped (unsandboxed: setsid) and kept the pipe open makes us wait that long.
_DRAIN_TIMEOUT = 0.5
# bwrap exits with 128 + n when the bot died of signal n, as a shell does.
_SIGNALLED = range(129, 128 + 65)


# --- the process -----------------------------------------------------------


class BotProcess:
    """A running (or finished) bot process, as yielded by :func:`open_bot_process`.

    ``returncode()`` follows :mod:`subprocess`: ``None`` while running, the
    exit status, or minus the signal number that killed it.  Sandboxed, ``pid``
    is bwrap's, outside the bot's pid namespace; `processes` lists the bot's own.
    """

    name: str
    address: str  # as the bot was given it (ARENA_BOT_ADDRESS); `socket_address`: as the arena reaches it
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
        group: BotGroup,
        address: str,
        socket_dir: str,
        log_path: Path,
        log_file: Any,
        read_fd: int,
        memory_limit: int | None,
        sandboxed: bool = False,
        cgroup: BotCgroup | None = None,
    ) -> None:
        self.name = command.name
        self.command = command
        self.address = address
        self._socket: SandboxSocket | None = None  # sandboxed: its socket, reached safely
        self.pid = popen.pid
        self.log_path = log_path
        self.socket_dir = socket_dir
        #: Whether it runs in the sandbox (arena/process/_sandbox.py).
        self.sandboxed = sandboxed
        self._popen = popen
        self._group = group
        self._log = OutputLog(self.name, log_path, log_file, command.stderr_limit, memory_limit is not None)
        self._read_fd: int | None = read_fd
        self._memory_limit = memory_limit
        # Its tree, cgroup, CPU meter and breach (arena/process/_limits.py).
        self._limits = BotLimits(memory_limit, command.max_processes, cgroup, self._log)
        self.cpu_meter = self._limits.meter  # what its processes use, decision by decision
        self._exited = trio.Event()
        self._returncode: int | None = None
        self._sent_term = False
        self._sent_kill = False
        self._grace = TERMINATE_GRACE
        self._peak_rss: int | None = None
        # Shielded scopes of the two background tasks: they must keep running
        # while an enclosing scope is cancelled, until the bot is stopped.
        # Created here so they can be cancelled even before the tasks start.
        self._reaper_scope = trio.CancelScope(shield=True)
        self._output_scope = trio.CancelScope(shield=True)
        self._watch_scope = trio.CancelScope()
        self._pidfd: int | None = None
        with suppress(AttributeError, OSError):  # an old kernel: polled instead
            self._pidfd = os.pidfd_open(self.pid)

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

    async def socket_address(self, timeout: float) -> str:
        """Where the arena connects to it, once it listens: its `address`, or sandboxed its
        socket reached without following the bot's links (arena/process/_socket.py)."""
        return self.address if self._socket is None else await self._socket.address(timeout)

    def processes(self) -> list[int]:
        """The pids (as the arena sees them) of the bot's processes now; sandboxed,
        bwrap's own are not among them."""
        tree = self._limits.tree
        if tree is None or self._returncode is not None:
            return []
        return tree.members(fresh=True)

    @property
    def limit_fault(self) -> BotFault | None:
        """The fault the watcher stopped the bot for (``memory``, ``processes``, ``cpu``), or
        ``memory`` when its output said a moment ago that an allocation failed (at the
        RLIMIT_AS of one process); None otherwise."""
        return self._limits.fault()

    def exit_description(self) -> str:
        """A human-readable account of how the process ended, e.g.
        "exited with status 3", "killed by signal 9 (SIGKILL), probably the
        memory limit (200 MiB)", or "still running"."""
        if self._returncode is None:
            return "still running"
        breach = self._limits.breach
        if -self._returncode == signal.SIGKILL and breach is not None:
            sender = f"sent by the arena because {breach.reason}"
        elif -self._returncode == signal.SIGKILL and (stopped := self._limits.kernel_breach()) is not None:
            sender = f"sent by the kernel because {stopped.reason.removesuffix(': the kernel stopped one')}"
        elif -self._returncode == signal.SIGKILL and self._sent_kill:
            sender = f"sent by the arena because it did not stop within {self._grace:g} s of SIGTERM"
        elif -self._returncode == signal.SIGKILL and self._group.killed:
            sender = "sent by the arena (kill_all_bot_processes)"
        elif -self._returncode == signal.SIGTERM and self._sent_term:
            sender = "sent by the arena to stop it"
        else:
            sender = None
        return describe_exit(self._returncode, sender, self._memory_limit, self._log.memory_marker_seen, self._peak_rss)

    # -- background tasks ---------------------------------------------------

    @trio.lowlevel.enable_ki_protection
    async def _reap_when_exited(self) -> None:
        """Wait for the bot to exit, kill the rest of its processes, reap it."""
        with self._reaper_scope:
            pid = self.pid
            while not exited_status_available(pid):
                if self._pidfd is not None:
                    await trio.lowlevel.wait_readable(self._pidfd)
                else:  # pragma: no cover - no pidfd support
                    await trio.sleep(0.05)
            self._finish_reaping()

    async def _watch(self) -> None:
        """Hold the bot's processes together to its limits (arena/process/_watch.py)."""
        if self._limits.tree is None:  # reaped (a bot that exited at once) before this task first ran
            return
        with self._watch_scope:
            await self._limits.watch(self._breached)

    def _breached(self, breach: LimitBreach) -> None:
        if self._returncode is not None:
            return
        self._limits.breach = breach
        self._log.note(f"stopped: {breach.reason}")
        logger.warning("Bot %r stopped: %s.", self.name, breach.reason)
        self._kill_everything()

    def _cancel_tasks(self) -> None:
        self._reaper_scope.cancel()
        self._output_scope.cancel()
        self._watch_scope.cancel()

    def _kill_everything(self) -> None:
        """SIGKILL every process of the bot.  Only while the bot is not reaped (its pid,
        hence its process group id, cannot have been reused)."""
        if self._limits.tree is not None:
            self._limits.tree.kill()
        killpg(self.pid, signal.SIGKILL)

    def _finish_reaping(self) -> None:
        # The bot is a zombie (or gone): its pid, hence its process group id,
        # cannot have been reused, so killing the group is safe.  Anything
        # it left behind dies with it.
        self._kill_everything()
        live_groups.pop(self.pid, None)
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
        if self.sandboxed and rc in _SIGNALLED:
            rc = -(rc - 128)
        self._returncode = rc
        self._close_pidfd()
        self._limits.release()
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
            await self._log.copy(trio.lowlevel.FdStream(fd))

    # -- stopping -----------------------------------------------------------

    @trio.lowlevel.enable_ki_protection
    async def _stop(self) -> None:
        """SIGTERM all its processes, give them TERMINATE_GRACE, SIGKILL, reap, drain.

        Must be called in a shielded cancel scope.  Until the reaper has run,
        the bot is not reaped, so its pid is still a valid process group id."""
        if not self._exited.is_set():
            self._sent_term = True
            self._grace = TERMINATE_GRACE
            if self._limits.tree is not None:
                self._limits.tree.terminate()
            else:  # not started yet: bwrap dies of it, and its namespace with it
                killpg(self.pid, signal.SIGTERM)
            with trio.move_on_after(self._grace):
                await self._exited.wait()
        if not self._exited.is_set():
            self._sent_kill = True
            self._kill_everything()
            with trio.move_on_after(_REAP_TIMEOUT):
                await self._exited.wait()
        if not self._exited.is_set():  # pragma: no cover - stuck in the kernel
            logger.warning("Bot %r (pid %d) did not die within %g s of SIGKILL.", self.name, self.pid, _REAP_TIMEOUT)
            return
        with trio.move_on_after(_DRAIN_TIMEOUT):
            await self._log.drained.wait()

    @trio.lowlevel.enable_ki_protection
    def _cleanup_sync(self) -> None:
        """Final cleanup, and the last resort if the graceful stop was
        interrupted: SIGKILL and reap synchronously.  Never raises."""
        try:
            if self._returncode is None:
                # Not reaped yet, so the pgid cannot have been recycled.
                if not exited_status_available(self.pid):
                    self._sent_kill = True
                self._kill_everything()
                try:
                    self._returncode = self._popen.wait(timeout=_REAP_TIMEOUT)
                except subprocess.TimeoutExpired:  # pragma: no cover
                    logger.warning(
                        "Bot %r (pid %d) did not die within %g s of SIGKILL.", self.name, self.pid, _REAP_TIMEOUT
                    )
                else:
                    live_groups.pop(self.pid, None)
                    self._limits.release()
                    self._exited.set()
        except Exception:  # pragma: no cover - defensive
            logger.exception("Error while killing bot %r (pid %d).", self.name, self.pid)
        finally:
            self._close_pidfd()
            if self._read_fd is not None:
                os.close(self._read_fd)
                self._read_fd = None
            self._log.close()
            if self._socket is not None:
                self._socket.close()
            remove_socket_dir(self.socket_dir)
            self._limits.remove_cgroup()

    # -- starting -----------------------------------------------------------

    async def _find_processes(self, sandbox: tuple[int, int] | None) -> None:
        """Know the bot's processes: its namespace (bwrap's report, then `release_sandbox`) or group."""
        limits = self._limits
        if sandbox is None:
            limits.tree = limits.loose_tree(self.pid, f"{ADDRESS_ENV}={self.address}".encode())
        else:
            report = await await_sandbox(sandbox[0])
            limits.tree = None if report is None else SandboxTree.from_report(report, self.socket_dir)
            init = getattr(limits.tree, "init_pid", None)  # None: gone already, as its reaper sees
            self._socket = None if init is None else SandboxSocket(init, self.socket_dir)
            if report is None or not await release_sandbox(self.pid, init, sandbox[1]):  # its words: in the log
                with trio.move_on_after(_REAP_TIMEOUT):
                    await self.wait()
                said = self._log.last_line_starting("bwrap:") or self.exit_description()
                message = start_error_message(self.command, OSError(0, f"the sandbox could not be made ({said})"))
                self._log.note(message)
                raise BotStartError(message)
        if limits.tree is not None:
            self._group.kill_tree = limits.tree.kill


@asynccontextmanager
async def open_bot_process(command: BotCommand, log_dir: Path, *, stdio: bool = False) -> AsyncIterator[BotProcess]:
    """Start ``command`` and yield its :class:`BotProcess`; stop it on exit.

    The bot gets ``ARENA_BOT_ADDRESS=unix:<private 0700 temp dir>/bot.sock`` in its
    environment (plus ``command.env``; unsandboxed, on top of ``os.environ``), stdin from
    /dev/null, and its stdout and stderr go to ``bot.log_path`` in ``log_dir``.  With
    ``command.sandbox`` and a bwrap that runs here, it runs in the sandbox
    (arena/process/_sandbox.py); otherwise with resource limits only.

    Raises :class:`BotStartError` if the command cannot be started.  On leaving the
    context, however that happens, the bot's processes get SIGTERM, then SIGKILL after
    :data:`TERMINATE_GRACE` seconds, the bot is reaped and the temp dir removed.  The bot
    may also exit by itself while the context is open (see :meth:`BotProcess.wait`); the
    rest of its processes are then SIGKILLed at once.

    With ``stdio=True`` (bots that talk over stdin/stdout, see arena.stdio) the bot's
    stdin and stdout are pipes instead: ``bot.stdin`` and ``bot.stdout`` are trio streams,
    only stderr goes to the log file, and both are closed when the context is left.
    """
    started = start_process(command, Path(log_dir), stdio=stdio)
    pipes, sandboxed = started.pipes, started.sandboxed
    bot = BotProcess(
        command,
        started.popen,
        started.group,
        started.address,
        started.socket_dir,
        started.log_path,
        started.log_file,
        pipes.take("output_read"),
        started.memory_limit,
        sandboxed,
        started.cgroup,
    )
    if stdio:
        bot.stdin = trio.lowlevel.FdStream(pipes.take("stdin_write"))
        bot.stdout = trio.lowlevel.FdStream(pipes.take("stdout_read"))
    # The body's exception is kept out of the nursery (which would wrap it in
    # an ExceptionGroup) and re-raised unchanged once the bot is stopped.
    body_exc: BaseException | None = None
    try:
        try:
            async with trio.open_nursery() as nursery:
                try:
                    nursery.start_soon(bot._copy_output, name=f"bot {command.name} output")
                    nursery.start_soon(bot._reap_when_exited, name=f"bot {command.name} reaper")
                    await await_exec(command, bot._log.note, pipes.take("exec_error_read"))
                    await bot._find_processes((pipes.take("info_read"), pipes.end("go_write")) if sandboxed else None)
                    if bot._limits.tree is not None:
                        nursery.start_soon(bot._watch, name=f"bot {command.name} limits")
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
            # A task of ours failed, or a second Ctrl-C came while the bot was stopping.
            leaf = most_important(eg, body_exc)
            raise leaf from leaf.__cause__
        if body_exc is not None:
            raise body_exc
    finally:
        pipes.close_all()
        for stream in (bot.stdin, bot.stdout):
            if stream is not None:
                stream.close()
        bot._cleanup_sync()
        del body_exc
