"""Hoards $HOARD bytes in a memfd when asked its first decision: written with write(),
never mapped, so no process's resident memory shows them (issue 39: 1,536 MiB under a
512 MiB limit went unseen).  It keeps the file open and plays on."""

import os

from _hostile import reporting_bot, sdk

CHUNK = b"\1" * (1 << 20)
hoard: list[int] = []
Base = reporting_bot("hoards_memfd", {"hoard": int(os.environ["HOARD"])})


class Hoarder(Base):
    def act(self, request):
        if not hoard:
            hoard.append(os.memfd_create("hoard"))
            for _ in range(int(os.environ["HOARD"]) >> 20):
                os.write(hoard[0], CHUNK)
        return super().act(request)


sdk.run(Hoarder)
