"""Pure game rules for Arena: no I/O, no clocks, deterministic from a seed.

>>> import engine, random
>>> game = engine.load("conto", players=4)
>>> state = game.new_match(seed=1)
>>> while not state.is_terminal():
...     _ = state.apply(random.choice(state.legal_actions()))
>>> state.result().ranks  # doctest: +SKIP
"""

from ._core import (
    Action,
    DealResult,
    DecisionKind,
    Event,
    Game,
    GameSpec,
    MatchResult,
    Option,
    RankName,
    RateBy,
    SeatStats,
    State,
    SuitFace,
    Turn,
    View,
)
from ._errors import EngineError, IllegalAction, NotationError, OptionError, PositionError, SeatError
from ._registry import game_class, game_names, games, load, register
from ._scene import Scene, SeatScene
from ._stats import Moment, counted_moments

__all__ = [
    "Action",
    "DealResult",
    "DecisionKind",
    "EngineError",
    "Event",
    "Game",
    "GameSpec",
    "IllegalAction",
    "MatchResult",
    "Moment",
    "NotationError",
    "Option",
    "OptionError",
    "PositionError",
    "RankName",
    "RateBy",
    "Scene",
    "SeatError",
    "SeatScene",
    "SeatStats",
    "State",
    "SuitFace",
    "Turn",
    "View",
    "counted_moments",
    "game_class",
    "game_names",
    "games",
    "load",
    "register",
]
