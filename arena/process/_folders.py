"""Where a bot's files go: its log file, and the private folder of its socket.

One folder per arena process (``<tmp>/arena-run-<pid>-<start time>``, 0700) holds the
socket folders of all its bots; the next arena removes those a killed one left, and ends
whatever of its sandboxes still runs there (`end_strays`).  A root arena's bot owns its
socket folder, as the uid it runs as (`take_bot_uid`), for as long as the folder lives.
A sandboxed bot's socket is not in it: inside its sandbox a tmpfs of its own lies over
that path (arena/process/_sandbox.py), and the folder here stays empty.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

from arena.errors import ProcessError
from arena.process._release import end_strays
from arena.process._sandbox import give_back_bot_uid

__all__ = [
    "safe_stem",
    "create_log_file",
    "make_socket_dir",
    "remove_socket_dir",
    "remove_stale_run_folders",
    "start_time",
    "left_by_gone_arenas",
]

# Longest usable path of an AF_UNIX socket on Linux (108 bytes with the NUL), less the
# "/proc/<pid>/root" the arena reaches a sandboxed bot's socket through (pids < 2**22).
_MAX_SOCKET_PATH = 107 - len("/proc/4194304/root")


_UNSAFE_CHARS = re.compile(r"[^A-Za-z0-9._-]+")
# (log dir, file stem) -> next number to try
_log_counters: dict[tuple[str, str], itertools.count[int]] = {}


def safe_stem(name: str) -> str:
    stem = _UNSAFE_CHARS.sub("_", name).strip("._")[:64]
    return stem or "bot"


def create_log_file(log_dir: Path, name: str) -> tuple[Path, Any]:
    """Create ``log_dir/<name>-<n>.log`` with a fresh n, exclusively."""
    log_dir.mkdir(parents=True, exist_ok=True)
    stem = safe_stem(name)
    counter = _log_counters.setdefault((str(log_dir.resolve()), stem), itertools.count(1))
    while True:
        path = log_dir / f"{stem}-{next(counter)}.log"
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o644)
        except FileExistsError:
            continue
        return path, os.fdopen(fd, "wb", buffering=0)


def make_socket_dir(name: str) -> str:
    """A new private folder for one bot's socket, inside this arena's run folder."""
    prefix = f"{safe_stem(name)[:16]}-"
    for base in (tempfile.gettempdir(), "/tmp"):
        for _attempt in range(3):  # the run folder may vanish in between (see remove_socket_dir)
            try:
                directory = tempfile.mkdtemp(prefix=prefix, dir=_run_folder(base))
            except FileNotFoundError:
                continue
            break
        else:  # pragma: no cover - a folder removed three times running
            raise ProcessError(f"Cannot make a socket folder for bot {name!r} in {base}.")
        if len(os.path.join(directory, "bot.sock")) <= _MAX_SOCKET_PATH:
            return directory
        # TMPDIR is too deep for an AF_UNIX path; /tmp always fits.
        remove_socket_dir(directory)
    raise ProcessError(f"Cannot make a socket folder for bot {name!r} short enough for a socket path.")


def remove_socket_dir(directory: str) -> None:
    """Remove a bot's socket folder, and the run folder with its last one; its uid is free."""
    give_back_bot_uid(directory)
    shutil.rmtree(directory, ignore_errors=True)
    try:
        os.rmdir(os.path.dirname(directory))
    except OSError:
        pass  # other bots' folders are still in it, or it is gone


_RUN_FOLDER = re.compile(r"arena-run-(\d+)-(\d+)")
# Temp folders whose stale run folders this process has removed already.
_swept: set[str] = set()


def _run_folder(base: str) -> str:
    """``<base>/arena-run-<pid>-<start time>``, this arena process's folder of socket
    folders (0700), made if needed; the first call per base removes those of arenas gone."""
    pid = os.getpid()
    folder = os.path.join(base, f"arena-run-{pid}-{start_time(pid)}")
    if base not in _swept:
        _swept.add(base)
        remove_stale_run_folders(base)
    os.makedirs(folder, mode=0o700, exist_ok=True)
    return folder


def remove_stale_run_folders(base: str) -> None:
    # A killed arena (kill -9) cannot remove its folder; its pid and start time say it is gone.
    for path in left_by_gone_arenas(base, _RUN_FOLDER):
        end_strays(path)
        shutil.rmtree(path, ignore_errors=True)


def left_by_gone_arenas(base: str, names: re.Pattern[str]) -> list[str]:
    """The entries of `base` that this user made, whose name (`names`: its first group an
    arena's pid, its second that process's start time) is that of an arena process gone."""
    try:
        entries = os.listdir(base)
    except OSError:
        return []
    left = []
    for entry in entries:
        match = names.fullmatch(entry)
        if match is None or start_time(int(match[1])) == int(match[2]):
            continue
        path = os.path.join(base, entry)
        try:
            if os.lstat(path).st_uid == os.geteuid():
                left.append(path)
        except OSError:
            continue
    return left


def start_time(pid: int) -> int | None:
    """When `pid` started, in clock ticks since boot (None: no such process); with the
    pid, this names a process even after the pid is reused."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return int(stat.read().rsplit(b")", 1)[1].split()[19])
    except (OSError, ValueError, IndexError):
        return None
