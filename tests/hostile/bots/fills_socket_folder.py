"""Writes $FILL bytes into the folder of its socket when asked its first decision, the one
folder of its sandbox that it may write to besides /tmp and /dev/shm, and says in its
comment how much went in and what stopped it.  Before the socket folder was a folder of
the sandbox's own /tmp, it was the arena's folder on the machine's disk, counted by no
limit: a bot under a 256 MiB memory limit wrote 768 MiB there, and could fill the disk
the results file is written to."""

import errno
import os

from _hostile import reporting_bot, sdk

CHUNK = b"\1" * (1 << 20)
FOLDER = os.path.dirname(os.environ["ARENA_BOT_ADDRESS"].removeprefix("unix:"))
found: dict = {}
Base = reporting_bot("fills_socket_folder", found)


def fill(wanted: int) -> None:
    found["wrote"], found["stopped"] = 0, None
    try:
        with open(os.path.join(FOLDER, "fill"), "wb") as file:
            while found["wrote"] < wanted:
                file.write(CHUNK)
                file.flush()
                found["wrote"] += len(CHUNK)
    except OSError as error:
        found["stopped"] = errno.errorcode.get(error.errno, str(error.errno))


class Filler(Base):
    def act(self, request):
        if not found:
            fill(int(os.environ["FILL"]))
        return super().act(request)


sdk.run(Filler)
