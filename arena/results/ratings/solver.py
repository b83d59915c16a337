"""The fit: a damped Newton-Raphson on the penalised log-likelihood of all observations.

`fit` checks its input, merges identical observations, builds the model blocks
(`models`), maximises the penalised log-likelihood (`likelihood.Problem`), finds the
likelihood-ratio interval of each bot the data rate thinly (`_profile`), and hands the
solution and its covariance to `intervals` for the table.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np

from arena.errors import RatingError
from arena.results.ratings._logistic import C
from arena.results.ratings._profile import likelihood_ratio_interval
from arena.results.ratings.design import (
    FAMILIES_PER_UNIT,
    THIN,
    Z95,
    Design,
    families_per_unit,
    one_sided,
    small_sample,
    tallies,
)
from arena.results.ratings.design import groups as connected_groups
from arena.results.ratings.intervals import RatingTable, elo_covariance, elo_map, rating_table
from arena.results.ratings.likelihood import Problem, undetermined
from arena.results.ratings.models import Block, build_blocks, model_for
from arena.results.ratings.observations import CheckedObservation, Observation, canonical

__all__ = ["fit"]

_MAX_SD_ELO = 1.0e4  # beyond this the data (plus prior) do not determine a rating


def fit(
    observations: Iterable[Observation | CheckedObservation],
    *,
    anchor: tuple[str, float] | None = None,
    prior_games: float = 2.0,
    likelihood_ratio: bool = True,
) -> RatingTable:
    """Fit Elo ratings to all observations at once (see `arena.results.ratings`).

    ``anchor=(name, value)`` pins one bot at ``value`` instead of centring the pool
    on 0; ``prior_games`` is the number of virtual drawn games against a pool-average
    opponent for each bot the data only bound (every bot when the results alone do not
    determine the ratings; 0 = plain maximum likelihood). Raises `RatingError` for no
    observations, an unknown anchor, or results that do not determine the ratings.
    ``likelihood_ratio=False`` leaves every interval the covariance's, for a caller that
    reads only the Elo and the covariance (the SPRT's refits: each profile costs a fit).
    """
    if (
        isinstance(prior_games, bool)
        or not isinstance(prior_games, (int, float))
        or not (math.isfinite(prior_games) and prior_games >= 0)
    ):
        raise RatingError(f"prior_games must be a finite number >= 0, got {prior_games!r}.")
    groups: dict[tuple, list[float]] = {}
    rows: list[tuple[tuple, float, tuple]] = []  # (key, weight, family) of each observation
    seen = 0
    for obs in observations:
        if not isinstance(obs, (CheckedObservation, Observation)):
            raise RatingError(f"fit() takes Observation objects, got {type(obs).__name__}.")
        seen += 1
        key = canonical(obs)
        if key is not None:
            groups.setdefault(key, []).append(obs.weight)
            rows.append((key, obs.weight, (seen,) if obs.cluster is None else ("family", obs.cluster)))
    if seen == 0:
        raise RatingError("There are no observations to rate: no deal has been scored yet.")
    if not groups:
        raise RatingError(
            "Every observation pits bots against copies of themselves, which says nothing about "
            "their ratings; there is nothing to rate."
        )
    keys = sorted(groups)
    weights = np.array([math.fsum(groups[k]) for k in keys])
    names = sorted({bot for sides, _ in keys for side in sides for bot in side})
    if len(names) < 2:
        raise RatingError(f"Ratings need at least two different bots, but only {names[0]!r} played.")
    index = {name: i for i, name in enumerate(names)}
    if anchor is not None:
        if not (isinstance(anchor, tuple) and len(anchor) == 2):
            raise RatingError("The anchor must be a (bot name, rating) pair.")
        if anchor[0] not in index:
            raise RatingError(
                f"The anchor bot {anchor[0]!r} is not among the rated bots; the bots are: {', '.join(names)}."
            )
        if isinstance(anchor[1], bool) or not isinstance(anchor[1], (int, float)) or not math.isfinite(anchor[1]):
            raise RatingError(f"The anchor rating must be a finite number, got {anchor[1]!r}.")

    played: list[list[float]] = [[] for _ in names]
    held: list[list[float]] = [[] for _ in names]  # once per side the bot was on: a seat a side
    for key, w in zip(keys, weights):
        for bot in {bot for side in key[0] for bot in side}:
            played[index[bot]].append(float(w))
        for side in key[0]:
            for bot in set(side):
                held[index[bot]].append(float(w))
    counts = [math.fsum(p) for p in played]
    seats = [math.fsum(h) for h in held]

    blocks = build_blocks(keys, weights, index)
    bounded = one_sided(keys, names)
    met = connected_groups(keys, names)
    # The prior enters only where the data do not decide: the bots they only bound.  When
    # the groups never met, or the results separate bots in some other way (no maximum-
    # likelihood estimate although no bot is one-sided), it enters every rating as before.
    everywhere = len(met) > 1
    prior = np.array([prior_games if everywhere or name in bounded else 0.0 for name in names])
    try:
        problem, theta, cov_theta = _solve(blocks, prior, float(weights.sum()))
    except RatingError:
        if prior_games == 0 or everywhere:
            raise
        everywhere = True
        prior = np.full(len(names), float(prior_games))
        problem, theta, cov_theta = _solve(blocks, prior, float(weights.sum()))
    families = len({family for _, _, family in rows})
    clustered = any(family[0] == "family" for _, _, family in rows)
    per_unit = families_per_unit(((key, family) for key, _, family in rows), names) if clustered else 0
    # The middle of the sandwich sums the families' scores, which sum to zero: it spans
    # every parameter only with more families than parameters.
    spanned = families > problem.dim
    robust = per_unit >= FAMILIES_PER_UNIT and spanned
    model_based = cov_theta
    if robust:
        cov_theta = cov_theta @ problem.meat(theta, keys, rows) @ cov_theta * small_sample(per_unit)

    n = len(names)
    anchored = None if anchor is None else (index[anchor[0]], float(anchor[1]))
    rated = [i for i, name in enumerate(names) if name not in bounded]
    centre = rated if anchor is None and 0 < len(rated) < n else None
    elo, cov, sd = elo_covariance(problem.basis, theta, cov_theta, anchored, centre)
    flagged = [i for i, name in enumerate(names) if name in bounded]
    if robust and flagged:
        # The sandwich measures the data's spread, and a bot the data only bound has
        # none worth the name: its rating is the prior's, so its variance (and its LOS
        # against any other) is the curvature's, prior included.
        _, prior_cov, prior_sd = elo_covariance(problem.basis, theta, model_based, anchored, centre)
        cov[flagged, :] = prior_cov[flagged, :]
        cov[:, flagged] = prior_cov[:, flagged]
        sd[flagged] = prior_sd[flagged]
    if not (np.all(np.isfinite(sd)) and np.all(np.isfinite(elo))) or sd.max() > _MAX_SD_ELO:
        raise undetermined()
    thin = {
        name: tally
        for name, tally in (tallies(keys, weights, names).items() if likelihood_ratio else ())
        # the anchor, or the one bot the table is centred on, has no spread to bound
        if tally.fewest < THIN and name not in bounded and sd[index[name]] > 0
    }
    to_elo = elo_map(n, None if anchored is None else anchored[0], centre) @ problem.basis / C
    ends = {
        index[name]: _likelihood_ratio(
            problem, theta, to_elo[index[name]], float(elo[index[name]]), model_based, cov_theta
        )
        for name in thin
    }
    used = sorted({b.model for b in blocks} or {model_for(keys[0][1])}, key=lambda m: m.precedence)
    draw_elo = None
    if any(m.uses_draw for m in used):
        draw_elo = float(theta[n - 1] / C) if problem.fit_draw else 0.0
    model = "+".join(m.name for m in used)
    design = Design(
        families if robust else 0,
        float(prior_games),
        bounded,
        met,
        prior_on=tuple(name for name, g in zip(names, prior) if g > 0),
        centred_on=tuple(names[i] for i in centre) if centre is not None else (),
        per_unit=per_unit,
        likelihood_ratio=thin,
        families_in_all=0 if robust or per_unit < FAMILIES_PER_UNIT else families,
        parameters=0 if robust or per_unit < FAMILIES_PER_UNIT else problem.dim,
    )
    return rating_table(
        names, counts, elo, cov, sd, model=model, draw_elo=draw_elo, design=design, ends=ends, seats=seats
    )


def _likelihood_ratio(
    problem: Problem, theta: np.ndarray, to_elo: np.ndarray, elo: float, model_based: np.ndarray, cov: np.ndarray
) -> tuple[float, float]:
    """The profile likelihood-ratio interval of the rating ``to_elo @ beta`` (+ a
    constant) whose estimate is `elo`.  Its threshold is 1.96^2 times the ratio of the
    rating's variance in `cov` to its model-based one: 1 for the inverse Hessian, and
    for the sandwich the adjustment that makes the interval its Wald one locally
    (Chandler and Bate's adjusted profile likelihood, Student's t included)."""
    contrast = np.zeros(problem.dim)
    contrast[: problem.n - 1] = to_elo
    variance = float(contrast @ cov @ contrast)
    threshold = Z95**2 * variance / float(contrast @ model_based @ contrast)
    return likelihood_ratio_interval(problem, theta, contrast, elo, threshold, Z95 * math.sqrt(variance))


def _solve(blocks: list[Block], prior: np.ndarray, total_weight: float) -> tuple[Problem, np.ndarray, np.ndarray]:
    """The penalised fit with `prior` virtual draws per bot: the problem, its solution and
    the inverse of its negative Hessian there."""
    problem = Problem(blocks, len(prior), prior, total_weight=total_weight)
    theta = problem.solve()
    cov_theta = problem.covariance(theta)
    # Newton may stop far out on a likelihood that only flattens (a group of bots that
    # always lost to the rest): the curvature there says the data do not decide.
    m = len(prior) - 1
    spread = problem.basis @ cov_theta[:m, :m] @ problem.basis.T
    if not np.all(np.isfinite(theta)) or float(np.sqrt(np.diag(spread).max(initial=0.0))) / C > _MAX_SD_ELO:
        raise undetermined()
    return problem, theta, cov_theta
