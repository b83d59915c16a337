"""From the fit to the table: Elo ratings, their covariance, ±95% and LOS.

The fit works in an orthonormal basis of "mean rating = 0"; `elo_covariance` maps its
solution and the inverse of its negative Hessian back to Elo, centred on the pool mean
or relative to an anchor, and `rating_table` sorts the bots best first with their 95%
intervals and the likelihood of superiority (LOS) of each over the next.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from arena.errors import RatingError
from arena.results.ratings._logistic import C
from arena.results.ratings.design import Z95, Design

#: The design of a table built without one: inverse Hessian, no prior, nothing to say.
NO_DESIGN = Design()

__all__ = ["Z95", "NO_DESIGN", "Design", "Rating", "RatingTable", "los", "elo_covariance", "rating_table"]


@dataclass(frozen=True)
class Rating:
    """One bot's line in the table.

    ``elo`` is centred on the pool mean (or relative to the anchor); ``low``/``high``
    are ``elo -+ 1.96 sd`` with ``sd`` from the covariance (`Design` says which); ``observations`` is
    the total weight of the observations the bot took part in (once per observation,
    however many seats it held).
    """

    name: str
    elo: float
    low: float
    high: float
    sd: float
    observations: float


@dataclass(frozen=True)
class RatingTable:
    """The fitted ratings, best first.

    ``model`` names the likelihood(s) used, joined by "+" for mixed input, from
    "bradley-terry-draws", "luce-loser" and "plackett-luce". ``los[i]`` is the
    likelihood of superiority of ``ratings[i]`` over ``ratings[i + 1]`` (None for the
    last). ``draw_elo`` is the drawelo of two-sided games (0.0 if none was drawn),
    None without two-sided games. ``covariance`` is the Elo^2 covariance matrix of
    the reported ratings in the order of ``ratings``; LOS uses it in full because
    ratings fitted from shared games are correlated.
    """

    model: str
    ratings: tuple[Rating, ...]
    los: tuple[float | None, ...]
    draw_elo: float | None
    covariance: tuple[tuple[float, ...], ...] = ()
    design: Design = NO_DESIGN

    def footer(self, rate_by: str = "deal", anchor: tuple[str, float] | None = None) -> list[str]:
        """The lines under the Elo table, as the user reads them: how the fit was made
        (model, centre, prior, intervals), then what the data cannot say (`Design.notes`).
        `rate_by`: the unit rated ("deal", "match", "board"); `anchor` as given to `fit`."""
        design = self.design
        unit = {"match": "matches", "board": "boards"}.get(rate_by, "deals")
        if anchor:
            centre = f"{anchor[0]} = {anchor[1]:+g}"
        elif design.centred_on:
            centre = f"the mean of the bots the data rate ({', '.join(sorted(design.one_sided))} left out)"
        else:
            centre = "the pool mean"
        note = (
            f"Elo: {self.model} fit over all {unit}"
            + (" (each against the other table)" if rate_by == "board" else "")
            + f", centred on {centre}, with {design.prior_text(len(self.ratings))}; "
            + design.interval_text(rate_by)
            + "; LOS next = likelihood of superiority over the bot below."
        )
        played = {rating.name: rating.observations for rating in self.ratings}
        return [note, *design.notes(unit, played)]

    def los_between(self, a: str, b: str) -> float:
        """Probability that bot ``a`` is truly stronger than bot ``b``.

        Phi((Ra - Rb) / sd(Ra - Rb)) with the full covariance; the two directions
        always add up to exactly 1.
        """
        names = [r.name for r in self.ratings]
        for name in (a, b):
            if name not in names:
                raise RatingError(f"There is no bot named {name!r} in this table; the bots are: {', '.join(names)}.")
        return los(self.ratings, self.covariance, names.index(a), names.index(b))


def _phi(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def los(ratings: tuple[Rating, ...], covariance: tuple[tuple[float, ...], ...], i: int, j: int) -> float:
    """LOS of ratings[i] over ratings[j].

    Computed once for the better-placed bot of the pair, as p = Phi(z) >= 0.5, and as
    1 - p for the other (exact for p >= 0.5), so los(i, j) + los(j, i) == 1 exactly."""
    if i == j:
        return 0.5
    hi, lo = min(i, j), max(i, j)  # ratings are sorted best first: elo[hi] >= elo[lo]
    diff = ratings[hi].elo - ratings[lo].elo
    if covariance:
        var = covariance[hi][hi] + covariance[lo][lo] - 2.0 * covariance[hi][lo]
    else:  # a table built by hand without covariance: treat the ratings as independent
        var = ratings[hi].sd ** 2 + ratings[lo].sd ** 2
    if diff <= 0.0:
        p = 0.5
    elif var > 0.0:
        p = _phi(diff / math.sqrt(var))
    else:
        p = 1.0
    return p if i == hi else 1.0 - p


def elo_covariance(
    basis: np.ndarray,
    theta: np.ndarray,
    cov_theta: np.ndarray,
    anchor: tuple[int, float] | None,
    centre: Sequence[int] | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Elo ratings, their Elo^2 covariance and standard deviations from the fit's solution.

    `theta` and `cov_theta` are in the fit's basis of "mean rating = 0" (the first n - 1
    entries; a drawelo parameter may follow).  Centred on the pool mean, or on the mean
    of the bots `centre`, or with ``anchor=(index, value)`` shifted so that bot ``index``
    sits at ``value``, the covariance then that of ``R_i - R_anchor`` (the anchor has sd 0).
    """
    n = basis.shape[0]
    u = basis @ theta[: n - 1]
    elo = u / C
    cov = basis @ cov_theta[: n - 1, : n - 1] @ basis.T / C**2
    if centre is not None and anchor is None:
        mean = np.zeros(n)
        mean[list(centre)] = 1.0 / len(centre)
        shift = np.eye(n) - mean[None, :]  # R_i - mean of R over `centre`
        elo = shift @ elo
        cov = shift @ cov @ shift.T
    if anchor is not None:
        a = anchor[0]
        shift = np.eye(n)
        shift[:, a] -= 1.0
        elo = elo - elo[a] + anchor[1]
        cov = shift @ cov @ shift.T
        cov[a, :] = 0.0
        cov[:, a] = 0.0
    sd = np.sqrt(np.clip(np.diag(cov), 0.0, None))
    return elo, cov, sd


def rating_table(
    names: list[str],
    counts: list[float],
    elo: np.ndarray,
    cov: np.ndarray,
    sd: np.ndarray,
    *,
    model: str,
    draw_elo: float | None,
    design: Design = NO_DESIGN,
) -> RatingTable:
    """The bots best first (ties by name), with their 95% intervals and LOS over the next."""
    n = len(names)
    order = sorted(range(n), key=lambda i: (-elo[i], names[i]))
    ratings = tuple(
        Rating(
            name=names[i],
            elo=float(elo[i]),
            low=float(elo[i] - Z95 * sd[i]),
            high=float(elo[i] + Z95 * sd[i]),
            sd=float(sd[i]),
            observations=counts[i],
        )
        for i in order
    )
    covariance = tuple(tuple(float(cov[i, j]) for j in order) for i in order)
    return RatingTable(
        model=model,
        ratings=ratings,
        los=tuple(los(ratings, covariance, i, i + 1) if i + 1 < n else None for i in range(n)),
        draw_elo=draw_elo,
        covariance=covariance,
        design=design,
    )
