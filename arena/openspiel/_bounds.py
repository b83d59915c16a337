"""Bounds OpenSpiel asks of a game: the scores one deal can give, the moves it can take."""

from __future__ import annotations

import engine

__all__ = ["deal_score_bounds", "max_moves_per_deal"]

# Vegas bets in five rounds: before each of the four flips and after the last.
_VEGAS_BETTING_ROUNDS = 5


def deal_score_bounds(game: engine.Game) -> tuple[float, float]:
    """The lowest and highest score a seat can get from one deal."""
    name = game.spec.name
    if name == "conto":
        return -1.0, 0.0  # the hand's loser pays: -1, everyone else 0
    if name == "frederik":
        return 0.0, 1.0  # a share of the deal's win
    if name == "invido":
        return -24.0, 24.0  # a giocata is worth at most the match's goal of 24
    if name == "bridge":
        return -7600.0, 7600.0  # 7NT redoubled, vulnerable, down 13
    if name == "vegas":
        options = game.options
        # At most the ante plus a bet and every raise in each round, lost; or everyone else's, won.
        most = options["ante"] + _VEGAS_BETTING_ROUNDS * options["bet"] * (options["raises"] + 1)
        return -float(most), float(most * (game.players - 1))
    raise KeyError(name)


def max_moves_per_deal(game: engine.Game) -> int:
    """A generous bound on the decisions of one deal (random matches take far fewer:
    conto 46, bridge 71, frederik 60 at four players)."""
    return 400 * game.players
