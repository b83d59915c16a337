"""Arena's games as PettingZoo AEC environments.

    from arena.envs import env
    game = env("conto", players=4, deals=1)          # the game's options as keywords
    game.reset(seed=1)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        ...

The observation is exactly the seat's view (see `arena.envs.encoding` and
docs/research.md).  PettingZoo is an optional dependency (`pip install -e '.[research]'`):
this package imports without it, and `env` says how to install it.
"""

from __future__ import annotations

from typing import Any

__all__ = ["env", "raw_env", "MissingResearchLibrary"]


class MissingResearchLibrary(ImportError):
    """A research adapter was used without its library installed."""


def raw_env(game: str, players: int | None = None, **options: Any) -> Any:
    """The ArenaEnv for `game` without PettingZoo's checking wrappers."""
    try:
        from ._aec import ArenaEnv  # noqa: PLC0415 — pettingzoo is optional
    except ModuleNotFoundError as missing:
        raise MissingResearchLibrary(
            f"arena.envs needs PettingZoo ({missing.name} is not installed): pip install -e '.[research]'"
        ) from missing
    return ArenaEnv(game, players=players, **options)


def env(game: str, players: int | None = None, **options: Any) -> Any:
    """The AEC environment of `game` (`deals`, `max_cycles`, `render_mode` and the game's
    options as keywords), wrapped as PettingZoo's classic games are: an illegal action
    raises, and actions out of order are refused."""
    from pettingzoo.utils import wrappers  # noqa: PLC0415 — raw_env has checked it is there

    wrapped = raw_env(game, players=players, **options)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrapped
