"""Hides its processes from the arena's count: at its first decision a helper makes a user
namespace and a pid namespace inside its sandbox's (``unshare``), and at its second forks $HIDE
processes there and thinks; the arena counts the processes of the sandbox's
pid namespace, and those of a namespace inside it are not.  Its first answer's comment
says what ``unshare`` and ``clone3`` (whose flags a seccomp program cannot read) did.

Before the sandbox refused a bot a user namespace, 20 such processes ran under a limit of
8 and no fault was named (holding 40 MiB each, under a limit of 300 MiB, without a
cgroup, neither was their memory)."""

import ctypes
import errno
import os
import subprocess
import sys
import time

CLONE_NEWUSER, CLONE_NEWPID = 0x10000000, 0x20000000
libc = ctypes.CDLL(None, use_errno=True)


def outcome(returned: int) -> str:
    return "allowed" if returned >= 0 else errno.errorcode.get(ctypes.get_errno(), "?")


if sys.argv[1:] == ["unshare"]:  # the helper, a fresh process: unshare refuses one with threads
    print(outcome(libc.unshare(CLONE_NEWUSER | CLONE_NEWPID)), flush=True)
    sys.stdin.readline()  # the go
    for _ in range(int(os.environ["HIDE"])):  # the first is the new namespace's init
        if os.fork() == 0:
            time.sleep(60)
            os._exit(0)
    time.sleep(60)
    sys.exit()

from _hostile import reporting_bot, sdk  # noqa: E402

findings = {"clone3": outcome(libc.syscall(435, None, 0))}  # no arguments: EINVAL where allowed
Base = reporting_bot("hides_in_namespace", findings)
helper: list[subprocess.Popen] = []


class Hider(Base):
    def act(self, request):
        if not helper:  # the first decision: say what unshare did
            helper.append(subprocess.Popen([sys.executable, __file__, "unshare"], stdin=-1, stdout=-1, text=True))
            findings["unshare"] = helper[0].stdout.readline().strip()
        else:  # then fork, and think until the arena stops it
            helper[0].stdin.write("go\n")
            helper[0].stdin.flush()
            time.sleep(30)
        return super().act(request)


sdk.run(Hider)
