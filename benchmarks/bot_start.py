"""How long a bot process takes from its start to its Hello: the price of a new process.

A bot process never plays the same deals twice (arena.play.pool), so a tournament starts
one process per bot and rotation of a table; this is what each of them costs.

    python benchmarks/bot_start.py [--starts 10] [--bot bots/random_bot.py]

Prints the median, lowest and highest of `--starts` starts, sandboxed (bubblewrap, when
it can run here) and not.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import trio

from arena.play import open_bot_pool
from arena.process import sandbox_status
from arena.records import BotEntry


async def _starts(entry: BotEntry, starts: int, logs: Path) -> list[float]:
    seconds = []
    async with open_bot_pool({entry.name: entry}, logs, game="conto") as pool:
        for _ in range(starts):
            began = time.perf_counter()
            await pool._claim(entry.name, 0)  # the same deals each time: a new process each time
            seconds.append(time.perf_counter() - began)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=10)
    parser.add_argument("--bot", default="bots/random_bot.py", help="a Python SDK bot")
    args = parser.parse_args()
    for sandbox in (True, False):
        entry = BotEntry("bot", command=(sys.executable, args.bot), sandbox=sandbox)
        status = sandbox_status([entry])
        if sandbox and status is not None:
            print(f"sandboxed: not measured ({status})")
            continue
        with tempfile.TemporaryDirectory(prefix="arena-bench-start-") as logs:
            seconds = trio.run(_starts, entry, args.starts, Path(logs))
        print(
            f"{'sandboxed' if sandbox else 'unsandboxed'}: start to Hello over {len(seconds)} starts: median "
            f"{statistics.median(seconds) * 1000:.0f} ms, lowest {min(seconds) * 1000:.0f}, "
            f"highest {max(seconds) * 1000:.0f}"
        )


if __name__ == "__main__":
    main()
