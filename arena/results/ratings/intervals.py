"""From the fit to the table: Elo ratings, their covariance, ±95% and LOS.

The fit works in an orthonormal basis of "mean rating = 0"; `elo_covariance` maps its
solution and the inverse of its negative Hessian back to Elo, centred on the pool mean
or relative to an anchor, and `rating_table` sorts the bots best first with their 95%
intervals and the likelihood of superiority (LOS) of each over the next.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from arena.errors import RatingError
from arena.results.ratings._logistic import C
from arena.results.ratings.design import THIN, Z95, Design, seats_aside

#: The design of a table built without one: inverse Hessian, no prior, nothing to say.
NO_DESIGN = Design()

__all__ = [
    "Z95",
    "NO_DESIGN",
    "Design",
    "Rating",
    "RatingTable",
    "los",
    "elo_map",
    "elo_covariance",
    "plus_minus",
    "rating_table",
]


@dataclass(frozen=True)
class Rating:
    """One bot's line in the table.

    ``elo`` is centred on the pool mean (or relative to the anchor); ``low``/``high``
    are the 95% interval's ends: ``elo -+ 1.96 sd`` with ``sd`` from the covariance
    (`Design` says which), or for a bot with fewer than `design.THIN` results one way
    (`Design.likelihood_ratio`) the profile likelihood-ratio interval's, asymmetric
    about ``elo``; ``sd`` is the covariance's all the same (LOS uses it); ``observations`` is
    the total weight of the observations the bot took part in (once per observation,
    however many seats it held); ``seats`` the same counted once per side it was on, where
    that is more (a bot seated twice in a match), else None.
    """

    name: str
    elo: float
    low: float
    high: float
    sd: float
    observations: float
    seats: float | None = None


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
        seats = {rating.name: rating.seats for rating in self.ratings if rating.seats is not None}
        thin = [self._likelihood_ratio_note(unit)] if design.likelihood_ratio else []
        return [note, *thin, *design.notes(unit, played, seats)]

    def _likelihood_ratio_note(self, unit: str) -> str:
        """Which intervals are likelihood-ratio ones, and why, in one sentence."""
        rated = {rating.name: rating for rating in self.ratings}
        items = [
            f"{name} (finished {'behind' if tally.behind <= tally.ahead else 'ahead of'} another bot in only "
            f"{tally.fewest:g} of its {rated[name].observations:g} {unit}{seats_aside(rated[name].seats)})"
            for name, tally in sorted(self.design.likelihood_ratio.items())
        ]
        many = len(items) > 1
        listed = ", ".join(items[:-1]) + " and " + items[-1] if many else items[0]
        robust = ", scaled to the cluster-robust spread" if self.design.families else ""
        return (
            f"The 95% interval{'s' if many else ''} of {listed} {'are likelihood-ratio ones' if many else 'is the likelihood-ratio one'}"
            f": with fewer than {THIN} results one way the likelihood can be lopsided where Elo ± a half-width is "
            f"symmetric, so each end is the Elo the results reject at 5%, the other ratings refitted{robust}."
        )

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


def elo_map(n: int, anchor: int | None = None, centre: Sequence[int] | None = None) -> np.ndarray:
    """The (n, n) linear map from ratings on any centre to the table's: centred on the pool
    mean, or on the mean of the bots `centre`, or relative to bot `anchor` (its row 0)."""
    if anchor is not None:
        shift = np.eye(n)
        shift[:, anchor] -= 1.0  # R_i - R_anchor
        return shift
    weights = np.zeros(n)
    weights[list(range(n)) if centre is None else list(centre)] = 1.0
    return np.eye(n) - (weights / weights.sum())[None, :]  # R_i - mean of R over `centre`


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
    shift = elo_map(n, None if anchor is None else anchor[0], centre) @ basis / C
    elo = shift @ theta[: n - 1]
    cov = shift @ cov_theta[: n - 1, : n - 1] @ shift.T
    if anchor is not None:
        elo = elo + anchor[1]
        cov[anchor[0], :] = 0.0  # exactly: rounding would leave the anchor a tiny sd
        cov[:, anchor[0]] = 0.0
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
    ends: Mapping[int, tuple[float, float]] | None = None,
    seats: Sequence[float] | None = None,
) -> RatingTable:
    """The bots best first (ties by name), with their 95% intervals and LOS over the next:
    Elo ± 1.96 sd, or the (low, high) `ends` given for a bot (by its index in `names`);
    `seats`: per bot, its observations counted once per side it was on."""
    n = len(names)
    order = sorted(range(n), key=lambda i: (-elo[i], names[i]))
    wald = {i: (float(elo[i] - Z95 * sd[i]), float(elo[i] + Z95 * sd[i])) for i in range(n)}
    ratings = tuple(
        Rating(
            name=names[i],
            elo=float(elo[i]),
            low=(ends or wald).get(i, wald[i])[0],
            high=(ends or wald).get(i, wald[i])[1],
            sd=float(sd[i]),
            observations=counts[i],
            seats=seats[i] if seats is not None and seats[i] > counts[i] else None,
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


def plus_minus(rating: Rating) -> str:
    """The table's "±95%" text for `rating`: "75" (Elo ± 75, as the column's title says)
    when its interval reaches as far above the Elo as below, else "+240/-150": 240 above,
    150 below ("inf" where the data leave an end open).  The minus is the Elo column's.

    The column's explanation: "how far the rating's 95% interval reaches from the Elo:
    75 either way, or +240/-150, 240 above and 150 below, for a bot with fewer than 5
    results one way, whose likelihood is lopsided (the note under the table says how it
    was computed); - for a bot that won or lost every time, whose rating the data only
    bound"."""
    above, below = rating.high - rating.elo, rating.elo - rating.low
    if abs(above - below) < 0.5:  # a symmetric interval, up to rounding: its half width, as ever
        return f"{(rating.high - rating.low) / 2:.0f}"
    return f"+{_reach(above)}/-{_reach(below)}"


def _reach(distance: float) -> str:
    return "inf" if math.isinf(distance) else f"{max(0.0, distance):.0f}"
