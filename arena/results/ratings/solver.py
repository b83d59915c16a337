"""The fit: a damped Newton-Raphson on the penalised log-likelihood of all observations.

`fit` checks its input, merges identical observations, builds the model blocks
(`models`), maximises the penalised log-likelihood (`Problem`), and hands the solution
and its covariance to `intervals` for the table.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np

from arena.errors import RatingError
from arena.results.ratings._logistic import C, log_sigmoid, sigmoid
from arena.results.ratings.design import FAMILIES_PER_UNIT, Design, families_per_unit, one_sided, small_sample
from arena.results.ratings.design import groups as connected_groups
from arena.results.ratings.intervals import RatingTable, elo_covariance, rating_table
from arena.results.ratings.models import Block, Terms, build_blocks, model_for
from arena.results.ratings.models.bradley_terry import even_games
from arena.results.ratings.observations import Observation, canonical

__all__ = ["fit", "Problem", "undetermined"]

_MAX_SD_ELO = 1.0e4  # beyond this the data (plus prior) do not determine a rating
_MAX_ITERATIONS = 200


def fit(
    observations: Iterable[Observation],
    *,
    anchor: tuple[str, float] | None = None,
    prior_games: float = 2.0,
) -> RatingTable:
    """Fit Elo ratings to all observations at once (see `arena.results.ratings`).

    ``anchor=(name, value)`` pins one bot at ``value`` instead of centring the pool
    on 0; ``prior_games`` is the number of virtual drawn games against a pool-average
    opponent for each bot the data only bound (every bot when the results alone do not
    determine the ratings; 0 = plain maximum likelihood). Raises `RatingError` for no
    observations, an unknown anchor, or results that do not determine the ratings.
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
        if not isinstance(obs, Observation):
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
    for key, w in zip(keys, weights):
        for bot in {bot for side in key[0] for bot in side}:
            played[index[bot]].append(float(w))
    counts = [math.fsum(p) for p in played]

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
    robust = per_unit >= FAMILIES_PER_UNIT
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
    )
    return rating_table(names, counts, elo, cov, sd, model=model, draw_elo=draw_elo, design=design)


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


def undetermined() -> RatingError:
    """The error for results that do not determine the ratings."""
    return RatingError(
        "The results do not determine the ratings: a bot won or lost every game, or some bots "
        "never met the others (directly or through common opponents). Use prior_games > 0 to "
        "regularise the fit."
    )


class Problem:
    """Penalised log-likelihood in theta = (beta, [delta]).

    Ratings in natural units are u = basis @ beta with basis an orthonormal basis of
    {sum(u) = 0}; delta = drawelo in natural units, a parameter only when a two-sided
    draw was observed."""

    def __init__(self, blocks: list[Block], n: int, prior: np.ndarray, total_weight: float = 1.0) -> None:
        self.blocks = blocks
        self.n = n
        self.prior = np.asarray(prior, dtype=float)  # virtual draws per bot
        # The log-likelihood grows with the data, and so does the rounding in its
        # Newton decrement: the stopping tolerance follows it.
        self.tolerance = 1e-10 * max(1.0, total_weight + float(self.prior.sum()))
        drawn = [(b.weight, d) for b in blocks if (d := b.model.draws(b.detail)) is not None]
        self.fit_draw = any(d.any() for _, d in drawn)
        decisive = any(not d.all() for _, d in drawn)
        # drawelo's virtual games, only where the data leave it unbounded (every
        # two-sided game drawn) or when the prior enters every rating.
        everywhere = bool(self.prior.size) and bool(np.all(self.prior > 0))
        self.draw_prior = float(self.prior.max(initial=0.0)) if (everywhere or not decisive) else 0.0
        centring = np.eye(n) - 1.0 / n
        self.basis = np.linalg.qr(centring[:, : n - 1])[0]
        self.dim = n - 1 + (1 if self.fit_draw else 0)
        if self.fit_draw:
            w = np.concatenate([w for w, _ in drawn])
            d = np.concatenate([d for _, d in drawn])
            rate = float(np.clip(w[d].sum() / w.sum(), 0.05, 0.95))
            self.delta0 = math.log((1.0 + rate) / (1.0 - rate))  # P(draw) = rate between equals

    # ---- objective -------------------------------------------------------------

    def evaluate(self, theta: np.ndarray, derivatives: bool = True):
        n = self.n
        u = self.basis @ theta[: n - 1]
        delta = theta[n - 1] if self.fit_draw else 0.0
        total = 0.0
        grad_u = np.zeros(n)
        hess_u = np.zeros((n, n))
        grad_d = 0.0
        hess_dd = 0.0
        hess_ud = np.zeros(n)

        # prior: g_i virtual Elo draws (half win, half loss) against a 0-rated opponent
        g = self.prior
        if g.any():
            total += 0.5 * float(g @ (log_sigmoid(u) + log_sigmoid(-u)))
            if derivatives:
                grad_u += 0.5 * g * (1.0 - 2.0 * sigmoid(u))
                hess_u -= np.diag(g * sigmoid(u) * sigmoid(-u))
        if self.draw_prior > 0 and self.fit_draw:
            value, first, second = even_games(delta)
            half = 0.5 * self.draw_prior
            total += half * value
            grad_d += half * first
            hess_dd += half * second

        for block in self.blocks:
            terms = block.terms(u, delta, derivatives)
            w = block.weight
            total += float(w @ terms.value)
            if not derivatives:
                continue
            assert terms.side is not None and terms.side2 is not None
            m = block.incidence
            grad_u += np.einsum("g,gk,gkn->n", w, terms.side, m)
            hm = np.einsum("gkl,glm->gkm", terms.side2, m)
            hess_u += np.einsum("g,gkn,gkm->nm", w, m, hm)
            if self.fit_draw and terms.draw is not None:
                assert terms.draw2 is not None and terms.mixed is not None
                grad_d += float(w @ terms.draw)
                hess_dd += float(w @ terms.draw2)
                hess_ud += np.einsum("g,gk,gkn->n", w, terms.mixed, m)

        if not derivatives:
            return total
        b = self.basis
        grad = np.zeros(self.dim)
        hess = np.zeros((self.dim, self.dim))
        grad[: n - 1] = b.T @ grad_u
        hess[: n - 1, : n - 1] = b.T @ hess_u @ b
        if self.fit_draw:
            grad[n - 1] = grad_d
            hess[n - 1, n - 1] = hess_dd
            hess[: n - 1, n - 1] = hess[n - 1, : n - 1] = b.T @ hess_ud
        return total, grad, hess

    def _value(self, theta: np.ndarray) -> float:
        if self.fit_draw and theta[self.n - 1] <= 0.0:
            return -math.inf
        return self.evaluate(theta, derivatives=False)

    # ---- Newton-Raphson --------------------------------------------------------

    def solve(self) -> np.ndarray:
        theta = np.zeros(self.dim)
        if self.fit_draw:
            theta[-1] = self.delta0
        for _ in range(_MAX_ITERATIONS):
            value, grad, hess = self.evaluate(theta)
            step = _newton_step(-hess, grad)
            if step is None:
                raise undetermined()
            decrement = float(grad @ step)
            if not math.isfinite(decrement):
                raise undetermined()
            if decrement < self.tolerance:
                # the log-likelihood is within ~decrement/2 of its maximum; Newton's quadratic
                # convergence makes this last step exact to rounding noise
                return theta + step
            t = 1.0
            while True:
                candidate = theta + t * step
                new = self._value(candidate)
                if new >= value + 1e-4 * t * decrement or t < 1e-12:
                    break
                t *= 0.5
            if t < 1e-12:  # no progress possible: at the optimum to machine precision
                return theta
            theta = candidate
        raise undetermined()

    def key_gradients(self, theta: np.ndarray, keys: int) -> np.ndarray:
        """The gradient of each canonical observation's log-likelihood (weight 1) in theta:
        (keys, dim); zero for a tie of all sides."""
        n = self.n
        u = self.basis @ theta[: n - 1]
        delta = theta[n - 1] if self.fit_draw else 0.0
        grad_u = np.zeros((keys, n))
        grad_d = np.zeros(keys)
        for block in self.blocks:
            terms: Terms = block.terms(u, delta)
            assert terms.side is not None
            grad_u[block.members] = np.einsum("gk,gkn->gn", terms.side, block.incidence)
            if terms.draw is not None:
                grad_d[block.members] = terms.draw
        out = np.zeros((keys, self.dim))
        out[:, : n - 1] = grad_u @ self.basis
        if self.fit_draw:
            out[:, n - 1] = grad_d
        return out

    def meat(self, theta: np.ndarray, keys: list[tuple], rows: list[tuple[tuple, float, tuple]]) -> np.ndarray:
        """The sandwich's middle: the sum over deal families of the outer product of each
        family's score (its observations' gradients, summed), times F / (F - 1) for F
        families (the usual small-sample factor)."""
        position = {key: i for i, key in enumerate(keys)}
        gradients = self.key_gradients(theta, len(keys))
        family_of: dict[object, int] = {}
        which = np.array([family_of.setdefault(family, len(family_of)) for _, _, family in rows])
        weight = np.array([w for _, w, _ in rows])
        scores = np.zeros((len(family_of), self.dim))
        np.add.at(scores, which, weight[:, None] * gradients[[position[key] for key, _, _ in rows]])
        count = len(family_of)
        return scores.T @ scores * (count / max(1, count - 1))

    def covariance(self, theta: np.ndarray) -> np.ndarray:
        _, _, hess = self.evaluate(theta)
        information = -hess
        try:
            np.linalg.cholesky(information)
        except np.linalg.LinAlgError:
            raise undetermined() from None
        return np.linalg.inv(information)


def _newton_step(information: np.ndarray, grad: np.ndarray) -> np.ndarray | None:
    """Solve information @ step = grad, damping (Levenberg) while not positive definite."""
    scale = max(1e-12, float(np.abs(np.diag(information)).max(initial=0.0)))
    damping = 0.0
    eye = np.eye(len(grad))
    for _ in range(60):
        try:
            factor = np.linalg.cholesky(information + damping * eye)
        except np.linalg.LinAlgError:
            damping = max(damping * 10.0, 1e-10 * scale)
            continue
        y = np.linalg.solve(factor, grad)
        return np.linalg.solve(factor.T, y)
    return None
