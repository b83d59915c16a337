"""Escapes every way a process can: it ignores SIGTERM, starts a child that ignores it
too, a setsid daemon, and a double-forked setsid daemon, all sleeping for minutes; then
plays the first legal action.  Its comment says how many it started."""

import signal
import subprocess
import sys

from _hostile import reporting_bot, sdk

SLEEPER = "import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\ntime.sleep(600)\n"
DOUBLE_FORK = (
    "import os, signal, time\n"
    "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
    "if os.fork() == 0:\n"
    "    os.setsid()\n"
    "    if os.fork() == 0:\n"
    "        time.sleep(600)\n"
    "    os._exit(0)\n"
    "os.wait()\n"
)

signal.signal(signal.SIGTERM, signal.SIG_IGN)
started = [
    subprocess.Popen([sys.executable, "-c", SLEEPER]),  # a plain child
    subprocess.Popen([sys.executable, "-c", SLEEPER], start_new_session=True),  # a setsid daemon
]
double = subprocess.Popen([sys.executable, "-c", DOUBLE_FORK])  # its grandchild stays, detached
double.wait()
# The SDK stops on SIGTERM: blocked in every thread (they inherit the mask), it is never seen.
signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
sdk.run(reporting_bot("detaches", {"started": len(started) + 1}))
