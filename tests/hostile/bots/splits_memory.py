"""Splits its memory across two children, each holding $SHARE bytes (touched), which no
per-process limit catches: asked its first decision, it starts them, waits until they
hold it, then thinks for as long as it is let (the arena stops it long before 30 s)."""

import os
import subprocess
import sys
import time

from _hostile import reporting_bot, sdk

HOLD = (
    "import sys, time\n"
    "block = bytearray(int(sys.argv[1]))\n"
    "block[::4096] = b'\\x01' * len(range(0, len(block), 4096))\n"
    "print('holding', len(block), flush=True)\n"
    "time.sleep(600)\n"
)
children: list[subprocess.Popen] = []
Base = reporting_bot("splits_memory", {"children": 2})


class Splitter(Base):
    def act(self, request):
        while len(children) < 2:
            children.append(subprocess.Popen([sys.executable, "-c", HOLD, os.environ["SHARE"]], stdout=subprocess.PIPE))
            children[-1].stdout.readline()  # "holding"
        time.sleep(30)
        return super().act(request)


sdk.run(Splitter)
