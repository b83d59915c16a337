"""Starting one bot's process (arena/process/bot.py keeps it from then on): its log file
and the private folder of its socket, its pipes, its memory limit and cgroup, and the
spawn through the launcher (arena/process/_launch.py), in the sandbox when it may run
there.  The spawn happens in the trio thread itself, the death signal following the
*thread* that made the child, and Ctrl-C cannot land between the fork and the process's
registration in the live-group registry (arena/process/signals.py).  A start that fails
leaves nothing behind: the log says why, the rest is closed and removed.
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import trio

from arena.errors import BotStartError
from arena.process._cgroup import BotCgroup
from arena.process._folders import create_log_file, make_socket_dir, remove_socket_dir
from arena.process._launch import BotCommand, Pipes, effective_memory_limit, spawn, start_error_message
from arena.process._limits import make_bot_cgroup
from arena.process._sandbox import sandbox_problem
from arena.process._trees import become_subreaper
from arena.process.signals import BotGroup, live_groups

__all__ = ["StartedProcess", "start_process"]


@dataclass(frozen=True)
class StartedProcess:
    """A bot's process just spawned, and what it was given: its address and the folder of
    its socket, its log, the arena's ends of its pipes, its memory limit and cgroup."""

    popen: subprocess.Popen[bytes]
    group: BotGroup
    address: str
    socket_dir: str
    log_path: Path
    log_file: Any
    pipes: Pipes
    memory_limit: int | None
    sandboxed: bool
    cgroup: BotCgroup | None


def start_process(command: BotCommand, log_dir: Path, *, stdio: bool) -> StartedProcess:
    """Spawn `command` (`open_bot_process` says with what); raises BotStartError, with the
    command and why, when it cannot be started."""
    sandboxed = command.sandbox and sandbox_problem() is None
    become_subreaper()  # what its processes orphan comes back to the arena (bwrap's init too)
    log_path, log_file = create_log_file(log_dir, command.name)
    try:
        socket_dir = make_socket_dir(command.name)
    except BaseException:
        log_file.close()
        raise
    address = f"unix:{os.path.join(socket_dir, 'bot.sock')}"
    pipes = Pipes(stdio=stdio, sandboxed=sandboxed)
    memory_limit = effective_memory_limit(command.memory_limit)
    cgroup = make_bot_cgroup(memory_limit)  # None: measured from /proc only
    try:
        try:
            sandbox = (socket_dir, *pipes.sandbox_ends()) if sandboxed else None
            output, exec_error = pipes.end("output_write"), pipes.end("exec_error_write")
            joins = () if cgroup is None else cgroup.procs_files
            popen, group = _spawn_protected(command, address, output, exec_error, pipes.child_stdio, sandbox, joins)
        except (OSError, subprocess.SubprocessError) as exc:
            message = start_error_message(command, exc)
            try:
                log_file.write(f"[arena: {message}]\n".encode())
            except OSError:  # pragma: no cover
                pass
            raise BotStartError(message) from exc
        finally:
            pipes.close_child_ends()  # the child has its copies; ours would keep the pipes open
    except BaseException:
        pipes.close_all()
        log_file.close()
        remove_socket_dir(socket_dir)
        if cgroup is not None:
            cgroup.remove()
        raise
    return StartedProcess(popen, group, address, socket_dir, log_path, log_file, pipes, memory_limit, sandboxed, cgroup)


@trio.lowlevel.enable_ki_protection
def _spawn_protected(
    command: BotCommand,
    address: str,
    output_fd: int,
    exec_error_fd: int,
    stdio_fds: tuple[int, int] | None = None,
    sandbox: tuple[str, int, int, int, int] | None = None,
    cgroups: tuple[str, ...] = (),
) -> tuple[subprocess.Popen[bytes], BotGroup]:
    # KI-protected so that Ctrl-C cannot land between the fork and the
    # registration, which would leave an unregistered process behind.
    popen = spawn(command, address, output_fd, exec_error_fd, stdio_fds, sandbox, cgroups)
    group = BotGroup(command.name)
    live_groups[popen.pid] = group
    return popen, group
