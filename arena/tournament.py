"""Round-robin tournaments with duplicate deals, run concurrently, saved as they finish.

Schedule: every k-subset of the N bots sits at a table (k = seats).  With duplicate deals
each table plays k matches on the same deals, the bots rotated one seat each time, so
every bot holds every seat's cards once and the luck of the deal cancels (as the ACPC
dealer and duplicate bridge do).  With fewer bots than seats the table is filled with
copies; the rating model treats copies as the same player, so copy-versus-copy outcomes
carry no information.  `rounds` repeats the whole schedule on new deals.

Concurrency: matches are trio tasks in this process (the referee is light; the bots are
separate processes).  Each finished match is committed to the results file in its own
transaction before the next is counted, so an interrupted run resumes where it stopped.
"""

from __future__ import annotations

import hashlib
import itertools
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import trio

import engine
from arena.config import TournamentConfig
from arena.pool import open_bot_pool
from arena.referee import MatchRecord, play_match
from arena.store import ResultStore

__all__ = ["ScheduledMatch", "build_schedule", "run_tournament", "RunSummary"]

log = logging.getLogger("arena.tournament")


@dataclass(frozen=True)
class ScheduledMatch:
    key: str
    round: int
    table: int
    rotation: int
    seed: int
    names: tuple[str, ...]


def tables_for(bots: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    """Every `seats`-subset of the bots; with too few bots, one table of cycled copies."""
    if len(bots) >= seats:
        return list(itertools.combinations(bots, seats))
    return [tuple(bots[i % len(bots)] for i in range(seats))]


def match_seed(seed: int, round_: int, table: int) -> int:
    """The deals' seed of one table in one round: the same for all its rotations."""
    digest = hashlib.sha256(f"arena/{seed}/{round_}/{table}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def build_schedule(config: TournamentConfig) -> list[ScheduledMatch]:
    names = [bot.name for bot in config.bots]
    schedule = []
    for round_ in range(1, config.rounds + 1):
        for index, table in enumerate(tables_for(names, config.seats), start=1):
            seed = match_seed(config.seed, round_, index)
            rotations = config.seats if config.duplicate else 1
            for rotation in range(rotations):
                seated = table[rotation:] + table[:rotation]
                schedule.append(
                    ScheduledMatch(f"r{round_}-t{index}-p{rotation + 1}", round_, index, rotation, seed, seated)
                )
    return schedule


@dataclass(frozen=True)
class RunSummary:
    scheduled: int
    already_done: int
    played: int
    seconds: float


class Progress:
    """What the runner reports as matches finish (see arena.report for the display)."""

    def __init__(self, total: int, done: int) -> None:
        self.total = total
        self.done = done
        self.hands = 0
        self.started = time.monotonic()
        self.faults = 0

    def add(self, record: MatchRecord) -> None:
        self.done += 1
        self.hands += len(record.result.deals)
        self.faults += len(record.faults)

    @property
    def hands_per_second(self) -> float:
        elapsed = time.monotonic() - self.started
        return self.hands / elapsed if elapsed > 0 else 0.0

    def eta_seconds(self, played_this_run: int, remaining: int) -> float | None:
        elapsed = time.monotonic() - self.started
        if played_this_run == 0:
            return None
        return elapsed / played_this_run * remaining


async def run_tournament(
    config: TournamentConfig,
    store: ResultStore,
    *,
    on_match: Callable[[ScheduledMatch, MatchRecord, Progress], None] | None = None,
) -> RunSummary:
    """Play every scheduled match not yet in `store`, `config.concurrency` at a time."""
    started = time.monotonic()
    schedule = build_schedule(config)
    done = store.completed_keys()
    todo = [m for m in schedule if m.key not in done]
    game = engine.load(config.game, players=config.seats, **config.options)
    progress = Progress(len(schedule), len(schedule) - len(todo))
    entries = {bot.name: bot for bot in config.bots}
    played = 0

    async def play(match: ScheduledMatch, limiter: trio.Semaphore) -> None:
        nonlocal played
        try:
            record = await play_match(
                game,
                [pool.seat(name) for name in match.names],
                seed=match.seed,
                deals=config.hands,
                move_time=config.move_time,
                match_id=match.key,
            )
            store.save(match.key, match.round, match.table, match.rotation, record)
            played += 1
            progress.add(record)
            if on_match is not None:
                on_match(match, record, progress)
        finally:
            limiter.release()

    async with open_bot_pool(entries, config.logs, game=config.game) as pool:
        limiter = trio.Semaphore(config.concurrency)
        async with trio.open_nursery() as nursery:
            for match in todo:
                await limiter.acquire()
                nursery.start_soon(play, match, limiter)
    return RunSummary(len(schedule), len(schedule) - len(todo), played, time.monotonic() - started)

