"""The engine's errors: one small hierarchy, every message a full sentence."""

from __future__ import annotations

__all__ = ["EngineError", "OptionError", "NotationError", "IllegalAction"]


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class OptionError(EngineError, ValueError):
    """A game name, option name or option value that the game does not allow."""


class NotationError(EngineError, ValueError):
    """Card or action text that cannot be read; the message points at the bad token."""


class IllegalAction(EngineError, ValueError):
    """An action the rules forbid in the current state; the state is left untouched."""
