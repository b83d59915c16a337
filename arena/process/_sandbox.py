"""The sandbox a bot runs in: bubblewrap's command line around the bot's, and whether it runs here.

A sandboxed bot is started as ``bwrap <what it may see> -- <its argv>`` (bubblewrap,
Debian's ``bubblewrap``).  Inside it sees:

* the system read-only: /usr, /bin, /sbin, /lib*, /etc (symlinks where the host has them),
  less what only root may read in /etc (shadow files, private keys: hidden behind empty ones);
* the Python that runs it: ``sys.prefix`` and ``sys.base_prefix``, their site-packages
  and the folders their ``.pth`` files name, and the arena's ``arena/`` and ``engine/``
  packages (plus ``protos/`` beside them) at their own paths, so ``from arena import sdk``
  works without the rest of the repository;
* its own files read-only: the folder of its program and of each script its arguments
  name (``bots/`` for ``python bots/random_bot.py``), and the ``files`` of its entry;
* a private /tmp and /dev/shm read-write (each at most its memory limit), its socket folder
  (a tmpfs of 1 MiB at the path of the arena's, which stays empty), its own /proc, a
  minimal /dev, and nothing else: the root is read-only, and nothing it writes reaches the
  host's disk.

It has its own pid, ipc and uts namespaces, no network unless ``network = true``, a new
session, no capabilities, and dies with the arena (``--die-with-parent``); when its first
process (bwrap's init) dies the kernel kills every process in it.  The bot starts only once
the arena sees that chain armed (arena/process/_release.py).  Its environment is
`sandbox_environment`'s short list.  Where bwrap cannot run, `sandbox_problem` says why,
once; bots then run unsandboxed, with resource limits only (`sandbox_status`).

What two sandboxes both see is read-only, and the kernel state kept about those files that
a reader could change (locks, change notifications) is refused by the seccomp program
(arena/process/_seccomp.py), as are keyrings, ptrace and a user namespace of its own; what
still carries bits between two bot processes is the machine's (timing, and the page
cache of the files both read: see there).  An arena running as root runs each bot
process as a uid of its own that owns nothing (`take_bot_uid`): bwrap starts as root, and
the first process inside drops to that uid before it execs the bot, so the bot is no one
inside (it cannot read what only root may, nor write /proc/sys, nor trace the sandbox's
init).
"""

from __future__ import annotations

import contextlib
import errno
import functools
import logging
import os
import shutil
import site
import stat
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from arena.process._seccomp import bot_filter
from arena.protocol import ADDRESS_ENV, HUMAN, IN_PROCESS
from arena.records import BotEntry

if TYPE_CHECKING:
    from arena.process._launch import BotCommand

__all__ = [
    "BOT_FILTER",
    "BWRAP_ENV",
    "SANDBOX_ENVIRONMENT",
    "SOCKET_FOLDER_SIZE",
    "sandbox_argv",
    "sandbox_environment",
    "sandbox_problem",
    "sandbox_status",
    "check_program",
    "take_bot_uid",
    "give_back_bot_uid",
]

logger = logging.getLogger(__name__)

#: The environment variable that names the bwrap program (default: bwrap on PATH).
BWRAP_ENV = "ARENA_BWRAP"
#: The variables a sandboxed bot gets (besides its entry's own `env`), for the README:
#: LC_ALL and PYTHONPATH only when the arena has them; PWD is bwrap's.
SANDBOX_ENVIRONMENT = ("PATH", "HOME", "LANG", "LC_ALL", "PYTHONPATH", "PWD", ADDRESS_ENV)

# The system, read-only; a symlink on the host (/bin -> usr/bin) is the same symlink inside.
_SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc")
_SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin"
# Runs as the bot's first process inside (bwrap's init is its parent): closes fd argv[2]
# (bwrap's, not the bot's) and execs the bot only once the arena says go on fd argv[1]; EOF
# there means the arena died first, and then the bot never runs (arena/process/_release.py).  For a
# stdio bot it puts its pipes (inherited as fds argv[3] and argv[4]) on its stdin and stdout
# first: bwrap's own stdin and stdout must not hold them (arena/process/_launch.py).  It caps
# the bot's threads at argv[6] when given (RLIMIT_NPROC counts a uid's threads in a user
# namespace, and each bot process has a uid or a user namespace of its own: `_threads_cap`):
# a thread bomb stops there, before the machine runs out of pids, and the watcher names the
# fault.  Given a uid (argv[5], an arena running as root), it becomes that uid and group,
# which drops every capability, before the exec.  Python, not sh: dash redirects only the
# fds 0 to 9.
_SHIM = (
    "import os, sys\n"
    "os.close(int(sys.argv[2]))\n"
    "if not os.read(int(sys.argv[1]), 1):\n"
    "    os._exit(1)\n"
    "os.close(int(sys.argv[1]))\n"
    "if sys.argv[3] != '-':\n"
    "    for fd, std in ((int(sys.argv[3]), 0), (int(sys.argv[4]), 1)):\n"
    "        os.dup2(fd, std)\n"
    "        os.close(fd)\n"
    "if sys.argv[6] != '-':\n"
    "    import resource\n"
    "    hard = resource.getrlimit(resource.RLIMIT_NPROC)[1]\n"
    "    cap = int(sys.argv[6]) if hard == resource.RLIM_INFINITY else min(int(sys.argv[6]), hard)\n"
    "    resource.setrlimit(resource.RLIMIT_NPROC, (cap, cap))\n"
    "if sys.argv[5] != '-':\n"
    "    os.setgroups([])\n"
    "    os.setgid(int(sys.argv[5]))\n"
    "    os.setuid(int(sys.argv[5]))\n"
    "os.execvp(sys.argv[7], sys.argv[7:])\n"
)
#: The seccomp program bwrap's init applies just after it sets its death signal (so the
#: arena sees the moment in /proc, arena/process/_release.py), and every bot process runs
#: under: arena/process/_seccomp.py.
BOT_FILTER = bot_filter()
# A root arena's bots run as uids from here: above any account's, each arena process its
# own block of 256 (pids are below 2**22), one uid per live bot process.
_BOT_UIDS_FROM = 1 << 30
_BOT_UIDS_PER_ARENA = 256
_bot_uids: dict[str, int] = {}  # socket folder -> the uid of its bot process
#: Bytes a sandboxed bot may write in its socket folder (a socket takes none).
SOCKET_FOLDER_SIZE = 1024 * 1024
# Seconds the one probe of bwrap may take.
_PROBE_TIMEOUT = 20.0


def _bwrap() -> str | None:
    configured = os.environ.get(BWRAP_ENV)
    if configured is not None:
        return configured or None
    return shutil.which("bwrap")


def _namespace_flags(network: bool) -> list[str]:
    flags = ["--die-with-parent", "--new-session", "--unshare-pid", "--unshare-ipc", "--unshare-uts"]
    if not network:
        flags.append("--unshare-net")
    flags += ["--hostname", "bot"]
    if os.geteuid() == 0:
        # Root keeps every capability inside unless told otherwise (bwrap's rule for uid 0);
        # the shim needs these two only to become the bot's own uid, which drops them.
        flags += ["--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    return flags


def _system_mounts() -> list[str]:
    args: list[str] = []
    for path in _SYSTEM:
        if os.path.islink(path):
            args += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            args += ["--ro-bind", path, path]
    for path, is_folder in _root_only("/etc"):
        args += ["--tmpfs", path, "--remount-ro", path] if is_folder else ["--ro-bind", "/dev/null", path]
    return args


@functools.cache
def _root_only(folder: str) -> tuple[tuple[str, bool], ...]:
    """The files and folders under `folder` that others may not read (shadow files, private
    keys), outermost only, each with whether it is a folder: hidden inside the sandbox."""
    hidden: list[tuple[str, bool]] = []
    for top, folders, files in os.walk(folder):
        for name in sorted(files):
            path = os.path.join(top, name)
            with contextlib.suppress(OSError):
                mode = os.lstat(path).st_mode
                if stat.S_ISREG(mode) and not mode & stat.S_IROTH:
                    hidden.append((path, False))
        for name in sorted(folders):
            path = os.path.join(top, name)
            with contextlib.suppress(OSError):
                mode = os.lstat(path).st_mode
                if stat.S_ISDIR(mode) and (mode & (stat.S_IROTH | stat.S_IXOTH)) != stat.S_IROTH | stat.S_IXOTH:
                    hidden.append((path, True))
                    folders.remove(name)  # not walked: hidden whole
    return tuple(hidden)


def take_bot_uid(socket_dir: str) -> int | None:
    """A uid for the bot process whose socket folder is `socket_dir` that no other live bot
    process of this arena has, when the arena runs as root, its socket folder given to it;
    None otherwise (the bot then runs as the arena's user, which bwrap maps into a user
    namespace of its own unless bwrap is setuid).  `give_back_bot_uid` frees it."""
    if os.geteuid() != 0:
        return None
    first = _BOT_UIDS_FROM + (os.getpid() % (1 << 22)) * _BOT_UIDS_PER_ARENA
    taken = set(_bot_uids.values())
    # 256 live bot processes in one arena: the next ones share the first uid (each is still no one).
    uid = next((uid for uid in range(first, first + _BOT_UIDS_PER_ARENA) if uid not in taken), first)
    os.chown(socket_dir, uid, uid)
    _bot_uids[socket_dir] = uid
    return uid


def give_back_bot_uid(socket_dir: str) -> None:
    _bot_uids.pop(socket_dir, None)


@functools.cache
def sandbox_problem() -> str | None:
    """Why bots cannot be sandboxed here (bwrap missing or refused), or None when they can.

    Found once per arena process by running ``bwrap … true``; the first call that finds a
    problem logs it as a warning."""
    bwrap = _bwrap()
    problem: str | None = None
    if bwrap is None:
        problem = "bubblewrap (bwrap) is not installed (Debian and Ubuntu: apt install bubblewrap)"
    else:
        true = shutil.which("true", path=_SYSTEM_PATH) or "/bin/true"
        probe = [bwrap, *_namespace_flags(False), *_system_mounts(), "--proc", "/proc", "--dev", "/dev", true]
        try:
            done = subprocess.run(probe, capture_output=True, timeout=_PROBE_TIMEOUT, stdin=subprocess.DEVNULL)
        except (OSError, subprocess.SubprocessError) as error:
            problem = f"bubblewrap ({bwrap}) cannot be run: {error}"
        else:
            if done.returncode != 0:
                said = done.stderr.decode("utf-8", "replace").strip().splitlines()
                problem = f"bubblewrap ({bwrap}) cannot run here: {said[-1] if said else f'exit {done.returncode}'}"
    if problem is not None:
        logger.warning("%s; bots run unsandboxed, with resource limits only.", problem)
    return problem


def sandbox_status(bots: Iterable[BotEntry] = ()) -> str | None:
    """The line `arena run` prints, and the Elo table shows under it, when a bot of `bots`
    is not sandboxed; None when every one is.  In-process bots (module = …) are named
    first: they run in the arena's own process, trusted.

    Checks bwrap (once per process) only when some local bot asks for the sandbox."""
    bots = list(bots)
    in_process = [bot.name for bot in bots if bot.protocol == IN_PROCESS]
    # A person (human = true) runs no program of theirs here: nothing to sandbox.
    local = [bot for bot in bots if bot.address is None and bot.protocol not in (IN_PROCESS, HUMAN)]
    remote = [bot.name for bot in bots if bot.address is not None]
    parts: list[str] = []
    if in_process:
        parts.append(
            f"{_names(in_process)} {'run' if len(in_process) > 1 else 'runs'} in-process (trusted, not sandboxed)"
        )
    problem = sandbox_problem() if any(bot.sandbox for bot in local) else None
    if problem is not None:
        parts.append(f"{problem}; every bot runs with resource limits only")
    else:
        off = [bot.name for bot in local if not bot.sandbox]
        if off:
            parts.append(f"{_names(off)} {'have' if len(off) > 1 else 'has'} sandbox = false")
    if remote:
        parts.append(f"{_names(remote)} {'run' if len(remote) > 1 else 'runs'} elsewhere (address = …), outside it")
    if not parts:
        return None
    return "unsandboxed: " + "; ".join(parts) + "."


def _names(names: list[str]) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]


# --- what a bot sees ---------------------------------------------------------------------------


def check_program(command: BotCommand, cwd: str) -> str:
    """The program of `command` as a path, found as the launcher's exec would find it;
    raises OSError (ENOENT, EACCES) as that exec would, before bwrap hides the reason."""
    program = command.argv[0]
    if os.sep in program:
        found = os.path.join(cwd, program)
        if not os.path.exists(found):
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), program)
    else:
        found = shutil.which(program, mode=os.F_OK, path=os.environ.get("PATH", _SYSTEM_PATH)) or ""
        if not found:
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), program)
    if os.path.isdir(found) or not os.access(found, os.X_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), program)
    found = os.path.abspath(found)
    if os.geteuid() == 0:
        _check_open_to_others(command, found, cwd)
    return found


def _check_open_to_others(command: BotCommand, program: str, cwd: str) -> None:
    """A root arena's bot runs as no one (`take_bot_uid`): raise PermissionError, naming the
    path, when its program, or a folder or file it is given, is closed to other users."""
    for path in [*_outermost(_python_paths() | _bot_paths(command, program, cwd)), program]:
        try:
            mode = os.stat(path).st_mode
        except OSError:
            continue  # gone: bwrap or exec will say
        if path == program:
            needed, how = stat.S_IXOTH, "o+x"
        elif stat.S_ISDIR(mode):
            needed, how = stat.S_IROTH | stat.S_IXOTH, "o+rx"
        else:
            needed, how = stat.S_IROTH, "o+r"
        if mode & needed != needed:
            raise PermissionError(
                errno.EACCES,
                f"it is closed to other users (mode {stat.filemode(mode)}), and an arena running as root "
                f"runs each sandboxed bot as a user of its own: open it (chmod {how}) or give the bot sandbox = false",
                path,
            )


def sandbox_environment(command: BotCommand, address: str, program: str) -> dict[str, str]:
    """The whole environment of a sandboxed bot: `SANDBOX_ENVIRONMENT`, then its own `env`."""
    path = [os.path.dirname(sys.executable), os.path.dirname(program), *_SYSTEM_PATH.split(":")]
    env = {
        "PATH": ":".join(dict.fromkeys(path)),
        "HOME": "/tmp",
        "LANG": os.environ.get("LANG", "C.UTF-8"),
    }
    for name in ("LC_ALL", "PYTHONPATH"):  # the arena's own, when it has them
        if name in os.environ:
            env[name] = os.environ[name]
    env.update(command.env)
    env[ADDRESS_ENV] = address
    return env


def sandbox_argv(
    command: BotCommand,
    program: str,
    cwd: str,
    socket_dir: str,
    info_fd: int,
    go_fd: int,
    seccomp_fd: int,
    stray_fd: int,
    stdio_fds: tuple[int, int] | None = None,
    uid: int | None = None,
    threads: int = 0,
) -> list[str]:
    """bwrap's command line that runs `command` (its program found at `program`) in `cwd`,
    with a small writable tmpfs at `socket_dir`, writing its child's pid and namespaces to `info_fd`, with
    the seccomp program read from `seccomp_fd` (`BOT_FILTER`: it shows when bwrap's init
    has armed its death signal); the bot starts once a byte comes on `go_fd` (`_SHIM`),
    without `stray_fd` (bwrap's, not the bot's); with `stdio_fds` (inherited, not bwrap's
    own stdin and stdout) as its stdin and stdout; as `uid` (`take_bot_uid`) when given;
    with at most `threads` threads (RLIMIT_NPROC) where that cap is the bot's alone."""
    bwrap = _bwrap()
    assert bwrap is not None, "sandbox_argv without a bwrap: check sandbox_problem() first"
    args = [bwrap, *_namespace_flags(command.network), "--info-fd", str(info_fd), "--seccomp", str(seccomp_fd)]
    args += _system_mounts()
    args += ["--proc", "/proc", "--dev", "/dev"]
    for tmp in ("/tmp", "/dev/shm"):
        # Files there are memory no process's RSS shows: capped here, counted by the watcher.
        if command.memory_limit is not None:
            args += ["--size", str(command.memory_limit)]
        args += ["--perms", "1777", "--tmpfs", tmp]
    mounts = _outermost(_python_paths() | _bot_paths(command, program, cwd))
    for folder in _folders_above([*mounts, socket_dir]):
        # bwrap would make them 0700, which a root arena's bot (no one) could not cross.
        args += ["--perms", "0755", "--dir", folder]
    for path in sorted(mounts, key=lambda mount: Path(mount).parts):
        args += ["--ro-bind", path, path]
    # Its socket folder is a small tmpfs of its own at the path of the arena's folder (which
    # stays empty): what it writes there is memory, at most SOCKET_FOLDER_SIZE, not the
    # host's disk (the arena reaches the socket through /proc: arena/process/_socket.py).
    # Open to all: a root arena's bot is a uid of its own, and it is alone in there.
    args += ["--size", str(SOCKET_FOLDER_SIZE), "--perms", "0777", "--tmpfs", socket_dir]
    if not any(_inside(cwd, path) for path in mounts):
        args += ["--dir", cwd]  # empty, but relative paths resolve as outside
    args += ["--remount-ro", "/", "--chdir", cwd, "--", sys.executable, "-I", "-S", "-c", _SHIM]
    args += [str(go_fd), str(stray_fd)]
    args += ["-", "-"] if stdio_fds is None else list(map(str, stdio_fds))
    args += ["-" if uid is None else str(uid), str(threads) if threads and _threads_capped(uid) else "-"]
    return args + list(command.argv)


def _threads_capped(uid: int | None) -> bool:
    """Whether RLIMIT_NPROC inside counts the bot's threads alone: it counts a uid's threads
    in one user namespace, and the bot has a uid of its own (a root arena's `take_bot_uid`),
    or a user namespace of its own (bwrap makes one for an arena not root, unless bwrap is
    setuid; the cap would then count every process of the arena's user)."""
    if uid is not None:
        return True
    bwrap = _bwrap()
    return os.geteuid() != 0 and bwrap is not None and not os.stat(shutil.which(bwrap) or bwrap).st_mode & stat.S_ISUID


def _folders_above(paths: Iterable[str]) -> list[str]:
    """The folders that hold `paths` inside the sandbox and that bwrap makes: not the root,
    the system's, nor the private /tmp and /dev/shm; outermost first."""
    made = ("/", *_SYSTEM, "/tmp", "/dev/shm", "/dev", "/proc")
    above = {str(parent) for path in paths for parent in Path(path).parents if str(parent) not in made}
    return sorted(above, key=lambda folder: Path(folder).parts)


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def _outermost(paths: Iterable[str]) -> list[str]:
    """`paths` without those inside another (bound already) or inside the system."""
    kept: list[str] = []
    for path in sorted(paths, key=lambda p: Path(p).parts):
        if any(_inside(path, system) for system in _SYSTEM) or any(_inside(path, outer) for outer in kept):
            continue
        kept.append(path)
    return kept


@functools.cache
def _python_paths() -> frozenset[str]:
    """The Python installation bots run with, and the arena's packages a bot imports."""
    import arena
    import engine

    paths = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
    site_dirs = [d for d in site.getsitepackages() if os.path.isdir(d)]
    paths.update(site_dirs)
    for folder in site_dirs:
        for pth in sorted(Path(folder).glob("*.pth")):
            try:
                lines = pth.read_text(errors="replace").splitlines()
            except OSError:
                continue
            for line in lines:
                line = line.strip()
                if line and not line.startswith(("#", "import ", "import\t")):
                    candidate = os.path.join(folder, line)
                    if os.path.isdir(candidate):
                        paths.add(os.path.abspath(candidate))
    for package in (arena, engine):
        paths.add(os.path.dirname(os.path.abspath(package.__file__ or "")))
    protos = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(arena.__file__ or ""))), "protos")
    if os.path.isdir(protos):
        paths.add(protos)  # the protocol's .proto files: a bot may load them at run time
    return frozenset(os.path.abspath(p) for p in paths if p and os.path.exists(p))


def _bot_paths(command: BotCommand, program: str, cwd: str) -> set[str]:
    """The bot's own files: the folders of its program and scripts, and its `files`."""
    paths = {os.path.dirname(program)}
    for arg in command.argv[1:]:
        if arg.startswith("-"):
            continue
        candidate = os.path.join(cwd, arg)
        if os.path.isfile(candidate):
            paths.add(os.path.dirname(os.path.abspath(candidate)))
    for path in command.files:
        candidate = os.path.abspath(os.path.join(cwd, path))
        if os.path.exists(candidate):
            paths.add(candidate)
    if command.network:
        # Names resolve through /etc/resolv.conf, often a link to /run/…, not bound otherwise.
        resolver = os.path.realpath("/etc/resolv.conf")
        if os.path.exists(resolver) and not _inside(resolver, "/etc"):
            paths.add(os.path.dirname(resolver))
    return paths
