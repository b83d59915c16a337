"""Arena's games as OpenSpiel Python games, registered on import.

    import pyspiel
    import arena.openspiel  # registers arena_conto, arena_invido, arena_vegas, arena_bridge, arena_frederik
    game = pyspiel.load_game("arena_conto(players=4)")

Parameters are the game's options plus `players`, `deals` (deals a match, default 1) and
`deal_seeds` (the deal's chance node: that many equally likely seeds of the engine's
dealer, default 1000).  OpenSpiel (`open-spiel`) is an optional dependency: importing
this package without it raises `MissingResearchLibrary`, which says how to install it.
"""

from __future__ import annotations

from arena.envs import MissingResearchLibrary

try:
    import pyspiel  # noqa: F401 — only to fail here, with the message below
except ModuleNotFoundError as missing:
    raise MissingResearchLibrary(
        f"arena.openspiel needs OpenSpiel ({missing.name} is not installed): pip install -e ."
    ) from missing

import engine

from ._game import ArenaSpielGame, ArenaSpielState, register

__all__ = ["ArenaSpielGame", "ArenaSpielState", "GAMES", "register"]

#: The games registered, as OpenSpiel names them.
GAMES = tuple(f"arena_{spec.name}" for spec in engine.games())

for _spec in engine.games():
    register(_spec.name)
