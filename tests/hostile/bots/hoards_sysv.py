"""Hoards $HOARD bytes in 96 SysV shared-memory segments when asked its first decision:
each is made, attached, written and detached again, never removed, so no process maps it
any more and no process's resident memory shows it (issue 39: 1,536 MiB under a 512 MiB
limit went unseen).  Their keys start at $SHM_KEY, for the test to remove them after (an
unsandboxed bot's segments would outlive it).  Then it plays on."""

import ctypes
import os

from _hostile import reporting_bot, sdk

SEGMENTS = 96
IPC_CREAT = 0o1000
libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p
libc.shmat.argtypes = (ctypes.c_int, ctypes.c_void_p, ctypes.c_int)
libc.shmdt.argtypes = (ctypes.c_void_p,)
made: list[int] = []
Base = reporting_bot("hoards_sysv", {"segments": SEGMENTS})


def hoard() -> None:
    size = int(os.environ["HOARD"]) // SEGMENTS
    for n in range(SEGMENTS):
        segment = libc.shmget(int(os.environ["SHM_KEY"]) + n, size, IPC_CREAT | 0o600)
        if segment < 0:
            raise OSError(ctypes.get_errno(), "shmget")
        address = libc.shmat(segment, None, 0)
        ctypes.memset(address, 1, size)
        libc.shmdt(address)
        made.append(segment)


class Hoarder(Base):
    def act(self, request):
        if not made:
            hoard()
        return super().act(request)


sdk.run(Hoarder)
