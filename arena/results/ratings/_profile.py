"""The profile likelihood-ratio interval of one rating, for a bot the data rate thinly.

A bot with few results one way (`design.THIN`) has a likelihood that rests on a small
count, and a small count's likelihood is lopsided on the log scale: the Wald interval,
Elo ± 1.96 sd, is symmetric, and falls short on the long side (issue 40: a bot at +900
that lost twice in 400 deals was printed about 220 Elo low with a half-width of 200).
The likelihood-ratio interval holds the bot's Elo (as the table reports it: centred, or
relative to the anchor) at a value, refits every other parameter, and keeps the values
whose drop in log-likelihood from the fit's is at most ``threshold / 2``.

``threshold`` is 1.96² = 3.84 (chi-square with one degree of freedom) for the
model-based intervals.  Under the cluster-robust covariance it is 3.84 times the ratio
of that rating's sandwich variance (Student's t factor included) to its model-based
one: the "adjusted" profile likelihood of Chandler and Bate (2007), whose interval is
locally the sandwich's Wald interval, and lopsided as the likelihood is.

Each end is where the root of the drop, r(x) = sqrt(2 (l_max - l(x))) at a distance x
Elo from the estimate, reaches sqrt(threshold).  r is nearly linear in x, so Newton's
method on it, from the Wald end, with the exact derivative (at the constrained maximum
the gradient is along the held rating), and a bracket to keep it safe, takes a few
profile fits of a few Newton steps each, warm-started one from the last.
"""

from __future__ import annotations

import math

import numpy as np

from arena.errors import RatingError
from arena.results.ratings.likelihood import Problem

__all__ = ["likelihood_ratio_interval"]

_ROOT_TOLERANCE = 1e-4  # in r: about 1e-4 sd, a hundredth of an Elo at sd 100
_ELO_TOLERANCE = 0.01  # a bracket this narrow is the end, for a table printed in whole Elo
_MAX_ROOT_STEPS = 60
_FARTHEST = 1.0e4  # Elo from the estimate: a likelihood that has not dropped enough there never will


def likelihood_ratio_interval(
    problem: Problem,
    theta: np.ndarray,
    contrast: np.ndarray,
    elo: float,
    threshold: float,
    wald_half_width: float,
) -> tuple[float, float]:
    """The (low, high) ends of the profile likelihood-ratio interval of the rating
    ``elo = contrast @ theta + constant`` (Elo), `theta` being `problem`'s maximum.
    `wald_half_width`, the Wald interval's at the same threshold, is the first guess of
    each end's distance; an end the likelihood never drops far enough to reach is infinite."""
    top = problem.value(theta)
    along = contrast / float(contrast @ contrast)  # theta + x * along: the rating x Elo higher
    _, _, rows = np.linalg.svd(contrast[None, :])
    free = rows[1:].T  # orthonormal: the directions that leave the rating where it is
    wanted = math.sqrt(threshold)
    low = _distance(problem, theta, top, -along, free, wanted, wald_half_width)
    high = _distance(problem, theta, top, along, free, wanted, wald_half_width)
    return elo - low, elo + high


def _distance(
    problem: Problem,
    theta: np.ndarray,
    top: float,
    along: np.ndarray,
    free: np.ndarray,
    wanted: float,
    guess: float,
) -> float:
    """How far (Elo) the rating moves along `along` before r reaches `wanted`."""
    below, above = 0.0, math.inf  # r < wanted at `below`, r >= wanted at `above`
    x = max(guess, _ELO_TOLERANCE)
    point, held = theta, 0.0
    for _ in range(_MAX_ROOT_STEPS):
        if x > _FARTHEST:
            return math.inf
        try:
            point = problem.solve(point + (x - held) * along, free)
        except RatingError:  # the likelihood flattens out there: the end is open
            return math.inf
        held = x
        value, grad, _ = problem.evaluate(point)
        root = math.sqrt(max(0.0, 2.0 * (top - value)))
        gap = root - wanted
        if gap < 0:
            below = x
        else:
            above = x
        if abs(gap) < _ROOT_TOLERANCE or above - below < _ELO_TOLERANCE:
            return x
        slope = -float(grad @ along) / root if root > 0 else 0.0  # dr/dx
        newton = x - gap / slope if slope > 0 else math.inf
        if below < newton < above:
            x = newton
        elif math.isinf(above):
            x *= 2.0
        else:
            x = 0.5 * (below + above)
    return x
