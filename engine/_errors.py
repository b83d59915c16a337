"""The engine's errors: one small hierarchy, every message a full sentence.

    EngineError
    ├── OptionError      a game name, option, or new-match argument (seed, deals, first dealer, hands)
    ├── NotationError    card or action text that cannot be read
    ├── IllegalAction    an action the rules forbid now
    │   └── SeatError    a seat the table does not have (to view, act or forfeit from)
    └── PositionError    a position or history no play of the game reaches

Each but the root is also a ValueError, so a caller catching ValueError still does.
"""

from __future__ import annotations

__all__ = ["EngineError", "OptionError", "NotationError", "IllegalAction", "SeatError", "PositionError"]


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class OptionError(EngineError, ValueError):
    """A game name, option name or option value that the game does not allow, or an
    argument of a new match (seed, deals, first dealer, hands) that it cannot be dealt with."""


class NotationError(EngineError, ValueError):
    """Card or action text that cannot be read; the message points at the bad token."""


class IllegalAction(EngineError, ValueError):
    """An action the rules forbid in the current state; the state is left untouched."""


class SeatError(IllegalAction):
    """A seat the table does not have; the message gives the seats it has."""


class PositionError(EngineError, ValueError):
    """A position or history that no play of the game reaches: a history that does not
    start with its deal, cards that do not fit the deck, a contract's tricks out of range."""
