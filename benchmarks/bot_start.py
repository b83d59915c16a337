"""How long a bot process takes from its start to its Hello: the price of a new process.

A bot process never plays the same deals twice (arena.play.pool), so a tournament starts
one process per bot and rotation of a table; this is what each of them costs.

    python benchmarks/bot_start.py [--starts 10] [--bot bots/random_bot.py]

Prints the median, lowest and highest of `--starts` starts, sandboxed (bubblewrap, when
it can run here) and not.  Where the arena can make cgroups here (arena/process/_cgroup.py),
each way is measured with a cgroup per bot process and without (as ``ARENA_CGROUP=off``),
start by start in turn, so that a machine whose speed drifts weighs on both alike.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import trio

from arena.play import open_bot_pool
from arena.process import _cgroup, sandbox_status
from arena.records import BotEntry


@contextmanager
def _cgroups(on: bool) -> Iterator[None]:
    """Bots started inside get a cgroup (where the machine allows) or, `on` false, none."""
    found = _cgroup.hierarchy
    if not on:
        _cgroup.hierarchy = lambda: None  # type: ignore[assignment]
    try:
        yield
    finally:
        _cgroup.hierarchy = found


async def _starts(entry: BotEntry, starts: int, logs: Path, ways: list[bool]) -> dict[bool, list[float]]:
    seconds: dict[bool, list[float]] = {way: [] for way in ways}
    async with open_bot_pool({entry.name: entry}, logs, game="conto") as pool:
        for _ in range(starts):
            for way in ways:
                with _cgroups(way):
                    began = time.perf_counter()
                    await pool._claim(entry.name, 0)  # the same deals each time: a new process each time
                    seconds[way].append(time.perf_counter() - began)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=10)
    parser.add_argument("--bot", default="bots/random_bot.py", help="a Python SDK bot")
    args = parser.parse_args()
    ways = [True, False] if _cgroup.hierarchy() is not None else [False]
    for sandbox in (True, False):
        entry = BotEntry("bot", command=(sys.executable, args.bot), sandbox=sandbox)
        status = sandbox_status([entry])
        if sandbox and status is not None:
            print(f"sandboxed: not measured ({status})")
            continue
        with tempfile.TemporaryDirectory(prefix="arena-bench-start-") as logs:
            measured = trio.run(_starts, entry, args.starts, Path(logs), ways)
        for way, seconds in measured.items():
            cgroup = ", a cgroup each" if way else (", no cgroup" if len(ways) > 1 else "")
            print(
                f"{'sandboxed' if sandbox else 'unsandboxed'}{cgroup}: start to Hello over {len(seconds)} starts: "
                f"median {statistics.median(seconds) * 1000:.0f} ms, lowest {min(seconds) * 1000:.0f}, "
                f"highest {max(seconds) * 1000:.0f}"
            )


if __name__ == "__main__":
    main()
