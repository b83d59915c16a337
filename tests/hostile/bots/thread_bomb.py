"""Starts $THREADS threads (small stacks, all waiting) when asked its first decision, as
fast as it can, then thinks.  Each thread is a task of the kernel, with a pid of the
machine's: 30,000 of them would leave the machine (pid_max 32768 here) no pid for any
other process.  Before the arena counted threads, 500 in one process under a limit of 8
processes went unseen."""

import os
import threading
import time

from _hostile import reporting_bot, sdk

Base = reporting_bot("thread_bomb", {})
started: list[threading.Thread] = []


def bomb() -> None:
    threading.stack_size(64 * 1024)
    forever = threading.Event()
    try:
        for _ in range(int(os.environ["THREADS"])):
            started.append(threading.Thread(target=forever.wait, daemon=True))
            started[-1].start()
    except RuntimeError:  # can't start new thread: the kernel's cap
        pass


class Bomber(Base):
    def act(self, request):
        if not started:
            bomb()
        time.sleep(30)
        return super().act(request)


sdk.run(Bomber)
