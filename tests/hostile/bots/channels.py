"""Two processes of one bot try to pass a secret through whatever two sandboxes share.

    channels.py send SECRET      publish SECRET (16 bits) every way it can, say "sent", wait
    channels.py receive          watch what it can, say "ready"; on a line from stdin read
                                 every channel and print one JSON line: channel -> what it read

The files both see (this script and its folder) are read-only; the ways tried are the
kernel's state kept about them (POSIX, OFD and whole-file locks, inotify, dnotify) and
whatever else a careless sandbox shares: keyrings, SysV shared memory, /dev/shm, an
abstract unix socket.  A channel the sandbox closes reads as an error or as nothing.
"""

import ctypes
import errno
import fcntl
import json
import os
import platform
import socket
import struct
import sys

BITS = 16
SHARED = os.path.abspath(__file__)
FOLDER = os.path.dirname(SHARED)
F_OFD_GETLK, F_OFD_SETLK = 36, 37
LOCK_BASE = 1 << 20  # far offsets of the script: nothing else locks there
OFD_BASE = 1 << 21
SHM_KEY = 0x4152454E  # "AREN"
ABSTRACT = b"\0arena-hostile-channel"
libc = ctypes.CDLL(None, use_errno=True)
X86_64 = platform.machine() == "x86_64"  # the keyring calls' numbers below are x86-64's


def lock(kind, start):
    # struct flock on x86-64 and arm64: short l_type, short l_whence, off_t l_start, off_t l_len, pid_t l_pid.
    return struct.pack("hhqqi4x", kind, os.SEEK_SET, start, 1, 0)


def unlocked(answer):
    return struct.unpack("hhqqi4x", answer)[0] == fcntl.F_UNLCK


def shared_files():
    return sorted(os.path.join(FOLDER, name) for name in os.listdir(FOLDER) if name.endswith(".py"))[:BITS]


def bits_of(secret):
    return [i for i in range(BITS) if secret >> i & 1]


def attempt(what):
    try:
        return what()
    except OSError as error:
        return f"refused: {errno.errorcode.get(error.errno, error.errno)}"


def send(secret, held):
    fd = os.open(SHARED, os.O_RDONLY)
    held.append(fd)
    attempt(lambda: [fcntl.fcntl(fd, fcntl.F_SETLK, lock(fcntl.F_RDLCK, LOCK_BASE + i)) for i in bits_of(secret)])
    attempt(lambda: [fcntl.fcntl(fd, F_OFD_SETLK, lock(fcntl.F_RDLCK, OFD_BASE + i)) for i in bits_of(secret)])
    for i, path in enumerate(shared_files()):
        if secret >> i & 1:
            other = os.open(path, os.O_RDONLY)
            held.append(other)
            attempt(lambda other=other: fcntl.flock(other, fcntl.LOCK_SH))
    for i, path in enumerate(shared_files()):  # opened: what inotify or dnotify would see
        if secret >> i & 1:
            os.close(os.open(path, os.O_RDONLY))
    payload = str(secret).encode()
    if X86_64:
        libc.syscall(248, b"user", b"arena-channel", payload, len(payload), ctypes.c_int(-4))  # add_key
    shm = libc.shmget(SHM_KEY, 4096, 0o1666)
    if shm >= 0:
        address = libc.shmat(shm, None, 0)
        if address not in (None, -1, ctypes.c_void_p(-1).value):
            ctypes.memmove(address, payload, len(payload))
    attempt(lambda: open("/dev/shm/arena-channel", "w").write(str(secret)))
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    attempt(lambda: (server.bind(ABSTRACT + b"-" + payload), server.listen()))
    held.append(server)


def prepare():
    """What must be set up before the sender acts: a watch on each shared file."""
    watches = {}
    notify = libc.inotify_init1(os.O_NONBLOCK)
    if notify >= 0:
        for i, path in enumerate(shared_files()):
            watches[libc.inotify_add_watch(notify, path.encode(), 0x20)] = i  # IN_OPEN
    return notify, watches


def receive(notify, watches):
    found = {}
    fd = os.open(SHARED, os.O_RDONLY)

    def locked(command, base):
        return sum(1 << i for i in range(BITS) if not unlocked(fcntl.fcntl(fd, command, lock(fcntl.F_WRLCK, base + i))))

    found["posix locks"] = attempt(lambda: locked(fcntl.F_GETLK, LOCK_BASE))
    found["ofd locks"] = attempt(lambda: locked(F_OFD_GETLK, OFD_BASE))

    def flocked():
        value = 0
        for i, path in enumerate(shared_files()):
            other = os.open(path, os.O_RDONLY)
            try:
                fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                value |= 1 << i
            finally:
                os.close(other)
        return value

    found["flock"] = attempt(flocked)
    if notify < 0:
        found["inotify"] = f"refused: {errno.errorcode.get(ctypes.get_errno(), '?')}"
    else:
        value, events = 0, attempt(lambda: os.read(notify, 65536))
        if isinstance(events, bytes):
            for offset in range(0, len(events), 16):
                watch = struct.unpack_from("i", events, offset)[0]
                value |= 1 << watches.get(watch, 0)
        found["inotify"] = value
    if X86_64:
        key = libc.syscall(250, 10, ctypes.c_int(-4), b"user", b"arena-channel", 0)  # keyctl(KEYCTL_SEARCH)
        if key < 0:
            found["keyring"] = f"refused: {errno.errorcode.get(ctypes.get_errno(), '?')}"
        else:
            buffer = ctypes.create_string_buffer(32)
            size = libc.syscall(250, 11, key, buffer, 32)  # KEYCTL_READ
            found["keyring"] = int(buffer.raw[: max(size, 0)] or b"0")
    shm = libc.shmget(SHM_KEY, 4096, 0o666)
    if shm < 0:
        found["sysv shm"] = f"refused: {errno.errorcode.get(ctypes.get_errno(), '?')}"
    else:
        libc.shmat.restype = ctypes.c_void_p
        found["sysv shm"] = ctypes.string_at(libc.shmat(shm, None, 0), 8).rstrip(b"\0").decode(errors="replace")
    found["/dev/shm"] = attempt(lambda: open("/dev/shm/arena-channel").read())

    def abstract():
        names = [line.rsplit("arena-hostile-channel-", 1)[1] for line in open("/proc/net/unix") if "channel-" in line]
        return int(names[0]) if names else "none"

    found["abstract socket"] = attempt(abstract)
    return found


def main():
    libc.shmat.restype = ctypes.c_void_p
    if sys.argv[1] == "send":
        held = []
        send(int(sys.argv[2]), held)
        print("sent", flush=True)
        sys.stdin.read()  # hold every lock until the arena ends the process
    else:
        notify, watches = prepare()
        print("ready", flush=True)
        sys.stdin.readline()
        print(json.dumps(receive(notify, watches)), flush=True)


main()
