"""Answers every decision at once, but from its first decision on keeps a child process
spinning on the CPU (a search it never stops): the arena charges that CPU to its own
clock, and stops it when it owes too much."""

import subprocess
import sys

from _hostile import reporting_bot, sdk

children: list[subprocess.Popen] = []
Base = reporting_bot("spins", {"spinning": True})


class Spinner(Base):
    def act(self, request):
        if not children:
            children.append(subprocess.Popen([sys.executable, "-c", "while True: pass"]))
        return super().act(request)


sdk.run(Spinner)
