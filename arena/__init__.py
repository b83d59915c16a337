"""Arena: a tournament arena for card-game bots.

The public face, for scripts and notebooks:

    from arena import load_tournament, ResultStore, plan_tournament, run_tournament
    config = load_tournament("tournaments/conto.toml")

    load_tournament      a checked tournament file (arena.config)
    plan_tournament,     the schedule and what is left to play; playing it (arena.run)
    run_tournament
    play_match           one match between bot seats (arena.play)
    open_bot_pool        the bots of a run, as seats (arena.play)
    ResultStore          a results file (arena.results)
    fit, Observation     the rating fit (arena.results.ratings)
    elo_table            the Elo table a run prints (arena.results)
    ArenaError           the root of every error the arena raises on purpose (arena.errors)

The data path, one package each: config → run → play → results; records are what flows
between them (arena.records), errors their one hierarchy (arena.errors), protocol the
wire's numbers (arena.protocol).  docs/architecture.md walks it.  Bots need only
arena.sdk, so nothing here is imported until it is asked for.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "ArenaError",
    "load_tournament",
    "plan_tournament",
    "run_tournament",
    "play_match",
    "open_bot_pool",
    "ResultStore",
    "fit",
    "Observation",
    "elo_table",
]

_HOMES = {
    "ArenaError": "arena.errors",
    "load_tournament": "arena.config",
    "plan_tournament": "arena.run",
    "run_tournament": "arena.run",
    "play_match": "arena.play",
    "open_bot_pool": "arena.play",
    "ResultStore": "arena.results",
    "fit": "arena.results",
    "Observation": "arena.results",
    "elo_table": "arena.results",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'arena' has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
