"""Starts $SPAWN children (tiny sleepers), all at once, when asked its first decision (or
at start with $SPAWN_AT_START), then thinks for as long as it is let (the arena stops it
long before 30 s)."""

import os
import subprocess
import time

from _hostile import reporting_bot, sdk

COUNT = int(os.environ.get("SPAWN", "200"))
children: list[subprocess.Popen] = []


def spawn() -> None:
    while len(children) < COUNT:
        children.append(subprocess.Popen(["sleep", "600"]))


if os.environ.get("SPAWN_AT_START"):
    spawn()
    time.sleep(600)  # stopped long before
Base = reporting_bot("spawns", {"children": COUNT})


class Spawner(Base):
    def act(self, request):
        spawn()
        time.sleep(30)
        return super().act(request)


sdk.run(Spawner)
