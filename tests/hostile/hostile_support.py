"""What the hostile tests share: where the bots are, how to find a bot's processes from
outside (by a marker in their environment), and a match between real bot processes."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import trio

import engine
from arena.clock import TimeControl
from arena.play import open_bot_pool, play_match
from arena.process._sandbox import sandbox_problem
from arena.process.bot import BotCommand, BotProcess, open_bot_process
from arena.records import BotEntry, Fault, MatchRecord

ROOT = Path(__file__).resolve().parents[2]
BOTS = Path(__file__).resolve().parent / "bots"
RANDOM = (sys.executable, str(ROOT / "bots" / "random_bot.py"))
#: Seconds to wait for a process to die or appear, polling.
DEADLINE = 10.0
MARKER = "HOSTILE_MARKER"


def hostile(name: str) -> tuple[str, ...]:
    return (sys.executable, str(BOTS / f"{name}.py"))


def sandbox_or_skip() -> None:
    import pytest

    problem = sandbox_problem()
    if problem is not None:
        pytest.skip(f"no sandbox here: {problem}")


def carrying(marker: str) -> list[int]:
    """The live processes whose environment holds ``HOSTILE_MARKER=<marker>``."""
    wanted = f"{MARKER}={marker}".encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            state = Path(f"/proc/{entry}/stat").read_bytes().rsplit(b")", 1)[1].split()[0]
            if state != b"Z" and wanted in Path(f"/proc/{entry}/environ").read_bytes().split(b"\0"):
                found.append(int(entry))
        except (OSError, IndexError):
            continue
    return found


def wait_until(condition: Callable[[], object], seconds: float = DEADLINE) -> bool:
    """Poll `condition` until it holds or `seconds` pass; whether it held."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def run_match(
    tmp_path: Path,
    entries: Mapping[str, BotEntry],
    *,
    deals: int = 1,
    move_time: float = 3.0,
    time_controls: Sequence[TimeControl] | None = None,
    inside: Callable[[], None] | None = None,
) -> MatchRecord:
    """One invido match between `entries` (two bots), their logs in tmp_path/logs;
    `inside` runs after the match, before the pool stops the bots (in a thread: the
    arena's tasks go on meanwhile)."""
    game = engine.load("invido")

    async def main() -> MatchRecord:
        async with open_bot_pool(entries, tmp_path / "logs", game="invido") as pool:
            record = await play_match(
                game,
                [pool.seat(name) for name in entries],
                seed=3,
                deals=deals,
                move_time=move_time,
                time_controls=time_controls,
            )
            if inside is not None:
                await trio.to_thread.run_sync(inside)
            return record

    return trio.run(main)


def against_random(tmp_path: Path, hostile_entry: BotEntry, *, deals: int = 2) -> tuple[MatchRecord, list[Fault]]:
    """One match of `hostile_entry` against the random bot, which must go on to the end
    whatever it does; the record, and the faults of the hostile bot."""
    entries = {hostile_entry.name: hostile_entry, "random": BotEntry("random", command=RANDOM)}
    record = run_match(tmp_path, entries, deals=deals)
    assert len(record.result.deals) == deals, "the match went on to the end"
    return record, [fault for fault in record.faults if fault.bot == hostile_entry.name]


def run_to_the_end(command: BotCommand, log_dir: Path) -> BotProcess:
    """Start `command` and wait (at most DEADLINE) until it has ended; its process."""

    async def main() -> BotProcess:
        async with open_bot_process(command, log_dir) as bot:
            with trio.fail_after(DEADLINE):
                await bot.wait()
            return bot

    return trio.run(main)


def comments_of(record: MatchRecord, seat: int) -> list[dict]:
    return [json.loads(comment.text) for comment in record.comments if comment.seat == seat]
