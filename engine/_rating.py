"""How a game is rated: the unit of one rating observation, which the arena's tables and
fit read (`GameSpec.rate_by`)."""

from __future__ import annotations

import enum

__all__ = ["RateBy"]


class RateBy(enum.StrEnum):
    """What one rating observation of a game is (`GameSpec.rate_by`); checked when the game
    registers (`engine.register`), so a misspelt unit is refused, not read as a deal."""

    #: Each deal's finishing order: conto, where every hand is a complete contest.
    DEAL = "deal"
    #: The match's finishing order: games whose deals have unequal stakes, like invido's
    #: giocate worth 1 to 24 points.
    MATCH = "match"
    #: Each deal against the same deal at the table's other seating, the sides' seats
    #: swapped, by `Game.board_score`: duplicate bridge's IMPs.
    BOARD = "board"
