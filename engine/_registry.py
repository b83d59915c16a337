"""The registry of games: `engine.load(name, **options)` finds a game by its spec name.

Every public subpackage (or module) of the `engine` package is a game: `engine/conto/`,
`engine/invido/`.  It is imported on first use, and importing it registers its Game
class (`@register` in its rules module), so a new game is a new package and nothing else.
`load(name)` imports only the package named `name` when there is one (a game's package
bears its spec name, as `game_names` assumes and the conformance test checks), every
package only when that does not find it: one game costs a command that reads one file
a tenth of a second less than all five; `games()` imports them all.
"""

from __future__ import annotations

import difflib
import importlib
import pkgutil
from typing import Any

from ._core import Game, GameSpec, RateBy
from ._errors import OptionError

__all__ = ["register", "load", "games", "game_names", "game_class"]

_GAMES: dict[str, type[Game]] = {}
_discovered = False


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a Game subclass loadable by its spec name."""
    name = cls.spec.name
    rate_by = cls.spec.rate_by
    if not isinstance(rate_by, RateBy):
        units = ", ".join(f"RateBy.{unit.name}" for unit in RateBy)
        raise TypeError(f"Game {name!r} declares rate_by={rate_by!r}; it must be one of {units}.")
    if name in _GAMES and _GAMES[name] is not cls:
        raise RuntimeError(f"Two games claim the name {name!r}.")
    _GAMES[name] = cls
    return cls


def _packages() -> list[str]:
    """The names of the game packages, not imported: game packages (ispkg) and
    single-module games alike; _private modules are the engine."""
    package = importlib.import_module(__package__)
    return [module.name for module in pkgutil.iter_modules(package.__path__) if not module.name.startswith("_")]


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    for name in _packages():
        importlib.import_module(f"{__package__}.{name}")
    _discovered = True


def game_class(name: str) -> type[Game]:
    if name not in _GAMES and not _discovered and name in _packages():
        importlib.import_module(f"{__package__}.{name}")  # the game's own package, alone
    if name not in _GAMES:
        _discover()
    try:
        return _GAMES[name]
    except KeyError:
        known = sorted(_GAMES)
        close = difflib.get_close_matches(name, known, n=1)
        hint = f" Did you mean {close[0]!r}?" if close else ""
        raise OptionError(f"There is no game {name!r}; the games are {', '.join(known)}.{hint}") from None


def load(name: str, **options: Any) -> Game:
    """The game `name` with `options` validated (OptionError, a ValueError, if refused)."""
    return game_class(name)(**options)


def game_names() -> tuple[str, ...]:
    """The names of every game, by name, none imported (for a command line's choices)."""
    return tuple(sorted(_packages()))


def games() -> tuple[GameSpec, ...]:
    """The specs of every registered game, by name."""
    _discover()
    return tuple(_GAMES[name].spec for name in sorted(_GAMES))
