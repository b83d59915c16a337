"""Answers every decision at once, but from its first decision on keeps a helper process
forking spinners, one after another, each spinning on the CPU for 10 ms and exiting:
far shorter than the watcher's look, so that a look rarely finds one alive to read it
(issue 39: 40 ms spinners used 19 s of CPU, 0.00 s charged; this one's were charged 1%
of what they used).  $REAPED says who reaps them: "parent" (the helper waits for each),
"ignored" (the helper ignores SIGCHLD: the kernel reaps them and counts their time
nowhere but in a cgroup), "init" (each is orphaned at once: the sandbox's init, or
unsandboxed the arena, reaps it)."""

import os
import subprocess
import sys

from _hostile import reporting_bot, sdk

HELPER = r"""
import os, signal, sys, time
reaped = sys.argv[1]
if reaped == "ignored":
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
def spin():
    end = time.process_time() + 0.01
    while time.process_time() < end:
        pass
    os._exit(0)
while True:
    child = os.fork()
    if child == 0:
        if reaped == "init" and os.fork() != 0:
            os._exit(0)  # its child spins on, an orphan
        spin()
    try:
        os.waitpid(child, 0)
    except ChildProcessError:  # ignored: reaped by the kernel once it has ended
        pass
    if reaped == "init":
        time.sleep(0.01)  # one orphan spins at a time
"""
helpers: list[subprocess.Popen] = []
Base = reporting_bot("spawns_spinners", {"reaped": os.environ["REAPED"]})


class Spawner(Base):
    def act(self, request):
        if not helpers:
            helpers.append(subprocess.Popen([sys.executable, "-c", HELPER, os.environ["REAPED"]]))
        return super().act(request)


sdk.run(Spawner)
