"""Running a tournament: every scheduled match not yet stored, concurrently, saved as it ends.

    plan = plan_tournament(config, store.completed_keys())
    summary = await run_tournament(plan, store, on_match=…)

Concurrency: matches are trio tasks in this process (the referee is light; the bots are
separate processes).  Each finished match is committed to the results file in its own
transaction (in a worker thread: the fsync must not stall the referees) before the next
is counted, so an interrupted run resumes where it stopped.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

import trio

import engine
from arena.config import TournamentConfig
from arena.play import open_bot_pool, play_match
from arena.records import MatchSlot
from arena.results import ResultStore
from arena.run.progress import Progress
from arena.run.schedule import bot_match_id, build_schedule

__all__ = ["TournamentPlan", "plan_tournament", "run_tournament", "RunSummary"]

log = logging.getLogger("arena.tournament")


@dataclass(frozen=True)
class TournamentPlan:
    """A tournament ready to run: its game, its whole schedule, and what is left to play."""

    config: TournamentConfig
    game: engine.Game
    schedule: tuple[MatchSlot, ...]
    todo: tuple[MatchSlot, ...]
    #: Mixed into the deals and the match ids the bots are told.
    secret: str = ""

    @property
    def already_done(self) -> int:
        return len(self.schedule) - len(self.todo)


def plan_tournament(config: TournamentConfig, done: frozenset[str], secret: str = "") -> TournamentPlan:
    """The plan of `config`, skipping the matches whose keys are in `done`; the deals mix
    `secret` in (the results file's `deal_secret`) unless the tournament's are public."""
    schedule = tuple(build_schedule(config, secret))
    game = engine.load(config.game, players=config.seats, **config.options)
    todo = tuple(slot for slot in schedule if slot.key not in done)
    return TournamentPlan(config, game, schedule, todo, secret)


@dataclass(frozen=True)
class RunSummary:
    scheduled: int
    already_done: int
    played: int
    seconds: float


async def run_tournament(
    plan: TournamentPlan,
    store: ResultStore,
    *,
    on_progress: Callable[[Progress], None] | None = None,
) -> RunSummary:
    """Play every match of `plan.todo`, `concurrency` at a time, saving each to `store`.

    `on_progress` is called once at the start and again after each match is saved.
    """
    config = plan.config
    started = time.monotonic()
    progress = Progress(len(plan.schedule), plan.already_done)
    entries = {bot.name: bot for bot in config.bots}
    played = 0
    if on_progress is not None:
        on_progress(progress)

    async def play(slot: MatchSlot, limiter: trio.Semaphore) -> None:
        nonlocal played
        try:
            record = await play_match(
                plan.game,
                [pool.seat(name, slot.seed) for name in slot.names],
                seed=slot.seed,
                deals=config.deals,
                time_controls=[config.time_control_of(name) for name in slot.names],
                match_id=slot.key,
                bot_match_id=bot_match_id(slot.key, plan.secret),
            )
            await trio.to_thread.run_sync(store.save, slot, record)
            played += 1
            progress.add(record)
            if on_progress is not None:
                on_progress(progress)
        finally:
            limiter.release()

    async with open_bot_pool(entries, config.logs, game=config.game) as pool:
        limiter = trio.Semaphore(config.concurrency)
        async with trio.open_nursery() as nursery:
            for slot in plan.todo:
                await limiter.acquire()
                nursery.start_soon(play, slot, limiter)
    return RunSummary(len(plan.schedule), plan.already_done, played, time.monotonic() - started)
