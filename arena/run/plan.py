"""A tournament's plan: its game, its whole schedule, and the matches left to play.

plan = plan_tournament(config, store.completed_keys(), store.deal_secret, store.bot_generations)
"""

from __future__ import annotations

from dataclasses import dataclass

import engine
from arena.config import TournamentConfig
from arena.records import MatchSlot
from arena.run.schedule import build_schedule

__all__ = ["TournamentPlan", "plan_tournament"]


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


def plan_tournament(
    config: TournamentConfig,
    done: frozenset[str],
    secret: str = "",
    generations: tuple[tuple[str, ...], ...] = (),
) -> TournamentPlan:
    """The plan of `config`, skipping the matches whose keys are in `done`; the deals mix
    `secret` in (the results file's `deal_secret`) unless the tournament's are public;
    `generations`: the results file's `bot_generations` (see `build_schedule`)."""
    schedule = tuple(build_schedule(config, secret, generations))
    game = engine.load(config.game, players=config.seats, **config.options)
    todo = tuple(slot for slot in schedule if slot.key not in done)
    return TournamentPlan(config, game, schedule, todo, secret)
