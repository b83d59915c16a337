"""Two sides: Bradley-Terry with BayesElo's drawelo (the draw parameter the fit shares)."""

from __future__ import annotations

import math

import numpy as np

from arena.results.ratings._logistic import log_sigmoid, sigmoid
from arena.results.ratings.models._registry import Terms, register

__all__ = ["BradleyTerry", "bt_terms", "even_games"]

_EVEN = np.array([1.0, -1.0])
_EVEN2 = np.array([[1.0, -1.0], [-1.0, 1.0]])


@register
class BradleyTerry:
    name = "bradley-terry-draws"
    precedence = 0
    uses_draw = True

    def claims(self, ranks: tuple[int, ...]) -> bool:
        return len(ranks) == 2

    def pattern(self, ranks: tuple[int, ...]) -> tuple[int, ...]:
        return ()  # draws and wins share a block

    def prepare(self, ranks: list[tuple[int, ...]], pattern: tuple[int, ...]) -> np.ndarray:
        return np.array([r[0] == r[1] for r in ranks])

    def draws(self, detail: object) -> np.ndarray:
        assert isinstance(detail, np.ndarray)
        return detail

    def terms(self, detail: object, s: np.ndarray, delta: float, derivatives: bool) -> Terms:
        value, dx, hxx, dd, hdd, hxd = bt_terms(s[:, 0] - s[:, 1], self.draws(detail), delta)
        if not derivatives:
            return Terms(value)
        return Terms(
            value,
            side=dx[:, None] * _EVEN,
            side2=hxx[:, None, None] * _EVEN2,
            draw=dd,
            draw2=hdd,
            mixed=hxd[:, None] * _EVEN,
        )


def bt_terms(x: np.ndarray, draw: np.ndarray, delta: float):
    """BayesElo drawelo model in x = s0 - s1 (side 0 won unless draw) and delta.

    P(draw) = sigmoid(delta - x) * sigmoid(delta + x) * (1 - exp(-2 delta)), a product
    of log-concave factors, which is both numerically stable and jointly concave."""
    a = x - delta  # P(side 0 wins) = sigmoid(a)
    b = -x - delta  # P(side 1 wins) = sigmoid(b)
    pa, pb = sigmoid(a), sigmoid(b)
    va, vb = pa * (1.0 - pa), pb * (1.0 - pb)
    if delta > 0.0:
        log_gap = math.log(-math.expm1(-2.0 * delta))
        d_gap = 2.0 / math.expm1(2.0 * delta)
        h_gap = -1.0 / math.sinh(delta) ** 2
    else:
        log_gap, d_gap, h_gap = -math.inf, 0.0, 0.0
    with np.errstate(invalid="ignore"):
        value = np.where(draw, log_sigmoid(-a) + log_sigmoid(-b) + log_gap, log_sigmoid(a))
    dx = np.where(draw, pb - pa, 1.0 - pa)
    hxx = np.where(draw, -va - vb, -va)
    dd = np.where(draw, pa + pb + d_gap, -(1.0 - pa))
    hdd = np.where(draw, -va - vb + h_gap, -va)
    hxd = np.where(draw, va - vb, va)
    return value, dx, hxx, dd, hdd, hxd


def even_games(delta: float) -> tuple[float, float, float]:
    """One drawn and one decisive game between equal sides: their log-likelihood in
    drawelo and its first and second derivatives (drawelo's virtual games)."""
    value, _, _, dd, hdd, _ = bt_terms(np.zeros(2), np.array([True, False]), delta)
    return float(value.sum()), float(dd.sum()), float(hdd.sum())
