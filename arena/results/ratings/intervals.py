"""From the fit to the table: Elo ratings, their covariance, ±95% and LOS.

The fit works in an orthonormal basis of "mean rating = 0"; `elo_covariance` maps its
solution and the inverse of its negative Hessian back to Elo, centred on the pool mean
or relative to an anchor, and `rating_table` sorts the bots best first with their 95%
intervals and the likelihood of superiority (LOS) of each over the next.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from arena.errors import RatingError
from arena.results.ratings.models import C

__all__ = ["Z95", "Design", "Rating", "RatingTable", "los", "elo_covariance", "rating_table"]

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Design:
    """What the intervals rest on, for the table to say.

    ``families``: the number of deal families whose scores gave the cluster-robust
    (sandwich) covariance; 0 when it is the inverse Hessian (no families given, or too
    few: `design.min_families`).  ``prior_games``: the prior's virtual draws per bot.
    ``one_sided``: the bots that finished ahead of ("won") or behind ("lost") every other
    side every time, whose rating the data only bound (the prior sets it).  ``groups``:
    the bots in groups that the results connect; with more than one, the data do not
    compare the groups.  ``prior_on``: the bots whose rating the prior entered (the
    one-sided ones; every bot when the results alone do not determine the ratings).
    ``centred_on``: the bots whose mean is 0 when some are one-sided (a rating the prior
    sets would otherwise move the others'); empty: all of them, or the anchor.
    """

    families: int = 0
    prior_games: float = 0.0
    one_sided: dict[str, str] = field(default_factory=dict)
    groups: tuple[tuple[str, ...], ...] = ()
    prior_on: tuple[str, ...] = ()
    centred_on: tuple[str, ...] = ()

    def prior_text(self, count: int) -> str:
        """The prior in words, for the note under a table of `count` bots."""
        if not self.prior_games:
            return "no prior (plain maximum likelihood)"
        draws = f"a prior of {self.prior_games:g} virtual draws per bot against the pool mean"
        if len(self.prior_on) == count:
            return f"{draws}, in every rating (the results alone do not determine them)"
        if not self.prior_on:
            return f"{draws}, used only for a bot the data only bound (none here: plain maximum likelihood)"
        return (
            f"{draws}, used only for {', '.join(self.prior_on)}, which the data only bound "
            "(the other ratings are plain maximum likelihood)"
        )

    @property
    def disconnected(self) -> bool:
        return len(self.groups) > 1

    def interval_text(self, rate_by: str) -> str:
        """How the ±95% was computed, for the note under a table rated by `rate_by`."""
        if self.families:
            family = "a table's rotations in a round" if rate_by == "match" else "one deal at all its rotations"
            return (
                f"±95% cluster-robust over {self.families} deal families ({family}: duplicate deals narrow it "
                "as much as they remove luck)"
            )
        return "±95% from the inverse Hessian"

    def notes(self, unit: str, played: Mapping[str, float] | None = None) -> list[str]:
        """What the data cannot say, for lines under the table: ratings only bounded,
        groups never compared (`unit`: what was rated, "deals", "matches"…; `played`:
        how many each bot took part in, for how many more a bounded one needs)."""
        notes = []
        for name, side in sorted(self.one_sided.items()):
            word = "never finished behind another bot" if side == "won" else "never finished ahead of another bot"
            count = (played or {}).get(name, 0.0)
            # After n results one way, the rule of three puts the chance of the other at
            # most 3/n (95%): even then it takes n/3 more on average to see one.
            more = (
                f" At least {math.ceil(count / 3)} more {unit} are needed (after {count:g} {unit} all one way, "
                f"the chance of the other result is below 3 in {count:g} at 95%, and even at that chance one "
                f"takes {count / 3:.0f} {unit} on average to come)."
                if count
                else ""
            )
            notes.append(
                f"{name} {word} in its {unit}: the data only bound its rating "
                f"({'below' if side == 'won' else 'above'}), and its Elo is where the prior puts it; no "
                "interval is shown, and its LOS values are not to be trusted. It needs a result the other "
                f"way before it can be rated.{more}"
            )
        if self.disconnected:
            groups = "; ".join(", ".join(group) for group in self.groups)
            notes.append(
                f"These groups of bots never met one another, directly or through common opponents: {groups}. "
                "Their ratings are comparable within a group only; between groups, Elo and LOS rest on the "
                "prior alone."
            )
        return notes


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
    design: Design = Design()

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
    design: Design = Design(),
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
