"""The seccomp program every sandboxed bot runs under: the system calls through which two
processes that share nothing writable could still pass each other bits.

Two processes of one bot (or the two partners of a bridge pair) see the same read-only
files: the system, the Python, the bot's own folder.  Read-only is not enough, because
the kernel keeps state *about* a file that any reader may change and any other reader
may see:

* file locks (``fcntl`` F_SETLK/F_OFD_SETLK and their GETLK twins, ``flock``, leases):
  one process takes a read lock at offset *n* of a shared file, another asks who holds
  offset *n* (issue 39: every hand of a table passed this way);
* change notifications (``inotify``, ``fanotify``, dnotify's F_NOTIFY): one process
  watches a shared file, another opens or reads it;
* keyrings (``add_key``, ``request_key``, ``keyctl``), kept per user, not per sandbox;
* another process's memory (``ptrace``, ``process_vm_readv``/``writev``, ``kcmp``),
  which nothing a bot does needs;
* SysV shared memory and message queues (``shmget``, ``msgget``): memory that no
  process's RSS shows and that the arena cannot see inside the bot's ipc namespace when
  it has no cgroup to count it (POSIX shared memory, files in the private /dev/shm, is
  counted; a bot uses that or mmap instead);
* and a user namespace of its own (``unshare`` or ``clone`` with CLONE_NEWUSER), in which
  it would hold every capability and could make a pid namespace inside its sandbox's,
  whose processes are not in the namespace the arena counts: 20 of them ran under a limit
  of 8 processes, and without a cgroup held 800 MiB under a limit of 300 MiB, unseen
  (tests/hostile/test_hostile_namespaces.py); or a mount namespace, with a tmpfs that
  without a cgroup no limit sees.  ``clone3``, whose flags a seccomp program cannot read,
  fails with ENOSYS, on which the C library falls back to ``clone``.

Each of these is refused with an error a program can handle: the lock calls fail with
ENOLCK ("no locks available", as on a file system without locks), clone3 with ENOSYS, the
rest with EPERM.
Everything else is allowed.  bwrap's init applies the program just after it sets its
death signal, which is also how the arena sees that moment (`arena.process._sandbox`).

Not closed, and no system call to refuse: the page cache of the files both see.  One
process reads a page of a large file nobody reads (a JDK's ``lib/modules``), the other
asks whether it is cached (``preadv2`` with RWF_NOWAIT) or times a read of it (about 1 µs
cached, 250 µs and more from disk): a 16-bit secret passed whole that way between two
sandboxes.  Refusing RWF_NOWAIT would leave the timing.

Written as classic BPF for the machine's own system call table (x86-64 with its i386
compatibility calls, or arm64); on another machine the program allows every call and
`SECCOMP_GAPS` says what is not refused.
"""

from __future__ import annotations

import errno
import platform
import struct
import sys
from collections.abc import Iterable

__all__ = ["SECCOMP_GAPS", "REFUSED_CALLS", "bot_filter"]

# struct seccomp_data: int nr; u32 arch; u64 instruction_pointer; u64 args[6].
_NR = 0
_ARCH = 4
# The low 32 bits of args[0] (the flags of clone and unshare) and of args[1] (fcntl's command).
_ARG0_LOW = 16 + (0 if sys.byteorder == "little" else 4)
_ARG1_LOW = _ARG0_LOW + 8

_LOAD = 0x20  # BPF_LD | BPF_W | BPF_ABS
_JEQ = 0x15  # BPF_JMP | BPF_JEQ | BPF_K
_JGE = 0x35  # BPF_JMP | BPF_JGE | BPF_K
_JSET = 0x45  # BPF_JMP | BPF_JSET | BPF_K: jump if A & k
_RETURN = 0x06  # BPF_RET | BPF_K
_ALLOW = 0x7FFF0000  # SECCOMP_RET_ALLOW
_ERRNO = 0x00050000  # SECCOMP_RET_ERRNO | errno

_AUDIT_ARCH_X86_64 = 0xC000003E
_AUDIT_ARCH_I386 = 0x40000003
_AUDIT_ARCH_AARCH64 = 0xC00000B7
_X32_SYSCALL_BIT = 0x40000000

# fcntl's commands that take, test or watch something kept per file rather than per process.
_LOCK_COMMANDS = (5, 6, 7, 12, 13, 14, 36, 37, 38, 1024, 1025)  # GETLK, SETLK(W), their 64 and OFD forms, leases
_F_NOTIFY = 1026
_CLONE_NEWUSER = 0x10000000
_CLONE3 = 435  # the same number in every table below

#: The calls refused, by name, for the README and the tests.
REFUSED_CALLS = (
    "flock",
    "fcntl (locks, leases, F_NOTIFY)",
    "inotify_init",
    "inotify_init1",
    "fanotify_init",
    "add_key",
    "request_key",
    "keyctl",
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "kcmp",
    "shmget",
    "msgget",
    "unshare, clone (a new user namespace)",
    "clone3",
)


class _Table:
    """One architecture's numbers: fcntl's (one or two), flock's, the others refused, and
    clone's and unshare's (refused a new user namespace)."""

    def __init__(
        self, arch: int, fcntl: tuple[int, ...], flock: int, refused: tuple[int, ...], namespaces: tuple[int, int]
    ) -> None:
        self.arch, self.fcntl, self.flock, self.refused = arch, fcntl, flock, refused
        self.namespaces = namespaces


# From the kernel's headers (asm/unistd_64.h, asm/unistd_32.h, asm-generic/unistd.h):
# inotify_init, inotify_init1, fanotify_init, add_key, request_key, keyctl, ptrace,
# process_vm_readv, process_vm_writev, kcmp, shmget, msgget (i386 also ipc, the old way
# to both); then clone and unshare.
_X86_64 = _Table(_AUDIT_ARCH_X86_64, (72,), 73, (253, 294, 300, 248, 249, 250, 101, 310, 311, 312, 29, 68), (56, 272))
_I386 = _Table(
    _AUDIT_ARCH_I386, (55, 221), 143, (291, 332, 338, 286, 287, 288, 26, 347, 348, 349, 395, 399, 117), (120, 310)
)
_AARCH64 = _Table(_AUDIT_ARCH_AARCH64, (25,), 32, (26, 262, 217, 218, 219, 117, 270, 271, 272, 194, 186), (220, 97))

_TABLES: dict[str, tuple[_Table, ...]] = {
    "x86_64": (_X86_64, _I386),
    "amd64": (_X86_64, _I386),
    "aarch64": (_AARCH64,),
    "arm64": (_AARCH64,),
}

#: What the filter does not refuse on this machine (None: everything above is refused).
SECCOMP_GAPS: str | None = (
    None
    if platform.machine().lower() in _TABLES
    else f"file locks, inotify, keyrings, ptrace and user namespaces are not refused on {platform.machine()}"
)


class _Program:
    """A BPF program being written, with forward jumps to labels."""

    def __init__(self) -> None:
        self.code: list[tuple[int, int | str, int | str, int]] = []
        self.labels: dict[str, int] = {}

    def emit(self, op: int, k: int, jt: int | str = 0, jf: int | str = 0) -> None:
        self.code.append((op, jt, jf, k))

    def label(self, name: str) -> None:
        self.labels[name] = len(self.code)

    def jump_if(self, values: Iterable[int], target: str) -> None:
        for value in values:
            self.emit(_JEQ, value, jt=target)

    def assemble(self) -> bytes:
        out = bytearray()
        for at, (op, jt, jf, k) in enumerate(self.code):
            offsets = [self.labels[j] - at - 1 if isinstance(j, str) else j for j in (jt, jf)]
            assert all(0 <= offset < 256 for offset in offsets), "a BPF jump goes forward, at most 255"
            out += struct.pack("=HBBI", op, offsets[0], offsets[1], k)
        return bytes(out)


def _arch_block(program: _Program, table: _Table, name: str) -> None:
    program.label(name)
    program.emit(_LOAD, _NR)
    if table is _X86_64:
        program.emit(_JGE, _X32_SYSCALL_BIT, jt="enosys")  # the x32 ABI: not ours to run
    program.jump_if(table.fcntl, f"{name}_fcntl")
    program.jump_if([table.flock], "enolck")
    program.jump_if(table.refused, "eperm")
    program.jump_if([_CLONE3], "enosys")
    program.jump_if(table.namespaces, f"{name}_namespaces")
    program.emit(_RETURN, _ALLOW)
    program.label(f"{name}_namespaces")
    program.emit(_LOAD, _ARG0_LOW)
    program.emit(_JSET, _CLONE_NEWUSER, jt="eperm")
    program.emit(_RETURN, _ALLOW)
    program.label(f"{name}_fcntl")
    program.emit(_LOAD, _ARG1_LOW)
    program.jump_if(_LOCK_COMMANDS, "enolck")
    program.jump_if([_F_NOTIFY], "eperm")
    program.emit(_RETURN, _ALLOW)


def bot_filter(machine: str | None = None) -> bytes:
    """The program for `machine` (default: this one), as bwrap's ``--seccomp`` reads it."""
    tables = _TABLES.get((machine or platform.machine()).lower(), ())
    program = _Program()
    if not tables:
        program.emit(_RETURN, _ALLOW)
        return program.assemble()
    program.emit(_LOAD, _ARCH)
    for index, table in enumerate(tables):
        program.emit(_JEQ, table.arch, jt=f"arch{index}")
    program.emit(_RETURN, _ERRNO | errno.ENOSYS)  # another ABI (32-bit ARM on arm64): refused whole
    for index, table in enumerate(tables):
        _arch_block(program, table, f"arch{index}")
    program.label("enosys")
    program.emit(_RETURN, _ERRNO | errno.ENOSYS)
    program.label("enolck")
    program.emit(_RETURN, _ERRNO | errno.ENOLCK)
    program.label("eperm")
    program.emit(_RETURN, _ERRNO | errno.EPERM)
    return program.assemble()
