"""Il Conto, Prego! — the game package (its rules module is engine/conto/rules.py)."""

from .rules import *  # noqa: F403
from .rules import __all__ as _rules_all
from .stats import ContoStats, conto_statistics

__all__ = [*_rules_all, "ContoStats", "conto_statistics"]
