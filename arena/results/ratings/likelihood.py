"""The penalised log-likelihood of all observations and its damped Newton-Raphson maximiser.

`Problem` sums what each model's blocks give (`models`), with the prior's virtual draws,
in an orthonormal basis of "mean rating = 0" (and drawelo, when draws were seen);
`solver.fit` maximises it, and `_profile` maximises it again with one rating held fixed.
"""

from __future__ import annotations

import math

import numpy as np

from arena.errors import RatingError
from arena.results.ratings._logistic import log_sigmoid, sigmoid
from arena.results.ratings.models import Block, Terms
from arena.results.ratings.models.bradley_terry import even_games

__all__ = ["Problem", "newton_step", "undetermined"]

_MAX_ITERATIONS = 200


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

    def value(self, theta: np.ndarray) -> float:
        """The penalised log-likelihood at `theta`; minus infinity where drawelo <= 0."""
        if self.fit_draw and theta[self.n - 1] <= 0.0:
            return -math.inf
        return self.evaluate(theta, derivatives=False)

    # ---- Newton-Raphson --------------------------------------------------------

    def solve(self, start: np.ndarray | None = None, free: np.ndarray | None = None) -> np.ndarray:
        """The maximum, from `start` (all ratings equal, drawelo at the observed draw
        rate's), moving along the columns of `free` only (every parameter): the profile
        likelihood holds a rating fixed this way."""
        if start is None:
            theta = np.zeros(self.dim)
            if self.fit_draw:
                theta[-1] = self.delta0
        else:
            theta = start
        for _ in range(_MAX_ITERATIONS):
            value, grad, hess = self.evaluate(theta)
            if free is not None:
                grad, hess = free.T @ grad, free.T @ hess @ free
            move = newton_step(-hess, grad)
            if move is None:
                raise undetermined()
            decrement = float(grad @ move)
            if not math.isfinite(decrement):
                raise undetermined()
            step = move if free is None else free @ move
            if decrement < self.tolerance:
                # the log-likelihood is within ~decrement/2 of its maximum; Newton's quadratic
                # convergence makes this last step exact to rounding noise
                return theta + step
            t = 1.0
            while True:
                candidate = theta + t * step
                new = self.value(candidate)
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


def newton_step(information: np.ndarray, grad: np.ndarray) -> np.ndarray | None:
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
