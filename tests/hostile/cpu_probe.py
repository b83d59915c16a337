"""How much of a core a spinning process gets on this machine while a test runs: a test
whose bot must spin to be caught can tell "not caught" from "the machine was too busy
for it to spin" (the suite runs on loaded 2-core machines, where it may get a tenth)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["SpinProbe", "spin_probe"]

_TICKS = os.sysconf("SC_CLK_TCK")


class SpinProbe:
    """The share of one core a probe process spinning beside the test got (after the block)."""

    share: float = 0.0

    def too_busy(self, least: float) -> str | None:
        """The reason to skip when the probe got less than `least` of a core, else None."""
        if self.share >= least:
            return None
        return f"the machine was too busy to measure: a spinning process got {self.share:.0%} of a core"


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _TICKS  # utime, stime


@contextmanager
def spin_probe() -> Iterator[SpinProbe]:
    probe = SpinProbe()
    child = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    began = time.monotonic()
    try:
        yield probe
    finally:
        try:
            probe.share = _cpu_seconds(child.pid) / max(1e-9, time.monotonic() - began)
        finally:
            child.kill()
            child.wait()
