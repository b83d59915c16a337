"""Invido — the game package (its rules module is engine/invido/rules.py)."""

from .rules import *  # noqa: F403
from .rules import __all__ as _rules_all
from .stats import InvidoStats, invido_statistics

__all__ = [*_rules_all, "InvidoStats", "invido_statistics"]
