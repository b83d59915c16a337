"""Batch maximum-likelihood Elo ratings for a whole tournament.

Why batch: sequential Elo updates depend on the order in which results arrive and
never converge to the ratings that best explain the data; with a few thousand deals
the difference is larger than the gaps between bots. Like Ordo and BayesElo, `fit`
maximises one likelihood over *all* results at once, so the table depends only on
the multiset of results, and its intervals come from the curvature of that
likelihood rather than from a rule of thumb.

Ratings are on the Elo scale: a bot with rating R has strength gamma = 10**(R/400).
A side (the unit that finishes in one place) is one bot, or a partnership whose
rating is the *sum* of its members' ratings. The same bot may sit on several sides
of one observation (copies of a bot when there are fewer bots than seats); its
variable then simply appears several times in the likelihood.

Likelihood of one observation, chosen from its ranks (so mixed input works):

* **2 sides: Bradley-Terry with draws**, BayesElo's "drawelo" form::

      P(A wins) = 1 / (1 + 10**((Rb - Ra + drawelo) / 400))
      P(B wins) = 1 / (1 + 10**((Ra - Rb + drawelo) / 400))
      P(draw)   = 1 - P(A wins) - P(B wins)

  drawelo >= 0 is fitted jointly with the ratings when any two-sided draw was
  observed. When two-sided games exist but none was drawn, its maximum-likelihood
  value is the boundary drawelo = 0 (plain Bradley-Terry), which is what is used
  and reported.

* **k >= 3 sides, one loser** (all sides but one share the best rank, one side has
  the worse rank: Il Conto, where the hand's loser pays): the **Luce "who loses"**
  model ``P(i loses) = 10**(-Ri/400) / sum_j 10**(-Rj/400)``.

* **any other k >= 3 rank vector: Plackett-Luce** over the finishing order, best
  first. *Ties* are read as an unobserved order inside the tied group (censoring):
  the likelihood of a tie is the *sum* of the Plackett-Luce probabilities of every
  order of the tied sides, i.e. the exact probability that the tied group takes
  those places in some order. Consequences: a tie says nothing about the tied sides
  relative to each other, only about them against the other groups; a tie among
  all sides has probability 1 (no information, but it still counts in
  ``Rating.observations``); and "(0, 1, 1, 1)" is exactly the Luce winner model.
  The sum is enumerated, so a tied group that is not the last one may hold at most
  8 sides (the last group always contributes probability 1).

The fit is a damped Newton-Raphson on the penalised log-likelihood in all
parameters. The ratings are translation invariant, so they are fitted in an
orthonormal basis of the subspace "mean rating = 0"; the covariance is the inverse
of the negative Hessian in that basis mapped back, which is exactly the covariance
of the *centred* ratings. With ``anchor=(name, value)`` the centred solution is
shifted so that the anchor sits at ``value`` and the covariance is that of
``R_i - R_anchor`` (the anchor has sd 0; the others' sd are relative to it).

Prior (what makes an undefeated bot finite): each bot plays ``prior_games``
virtual games against a virtual opponent rated at the pool mean (0), every one
scored as a classical Elo draw, i.e. half a win and half a loss on the plain
logistic curve (no drawelo). Its log-density for a bot at r natural units
(r = R * ln 10 / 400) is ``(g / 2) * (log sigmoid(r) + log sigmoid(-r))``. Near 0
it acts like a Gaussian with sd ``800 / (ln 10 * sqrt(g))`` = 347/sqrt(g) Elo
(about 246 Elo for the default g = 2); its tails are only exponential, so real
evidence always wins. When drawelo is fitted and g > 0, drawelo also gets
``g`` virtual games between two equal sides, half of them drawn and half decisive
(alone this would give drawelo = 400*log10(3) = 191), which keeps it finite when
every real two-sided game was a draw. ``prior_games=0`` gives the plain maximum-
likelihood estimate and raises `RatingError` when that does not exist (a bot that
won or lost everything, or groups of bots that never met).

Observations whose sides are all the same set of bots (a bot against copies of
itself) are dropped entirely: the strengths cancel, so they say nothing about the
ratings, and a self-play draw rate says little about draws between different bots.
Identical observations (same sides, same ranks, in any seat order) are merged into
one weighted observation before fitting, which keeps thousands of deals for ten
bots well under a second, and makes the result independent of input order.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

__all__ = ["Observation", "Rating", "RatingError", "RatingTable", "fit"]

_C = math.log(10.0) / 400.0  # natural-log strength per Elo point
_Z95 = 1.959963984540054
_MAX_TIED_GROUP = 8  # 8! = 40320 orders are enumerated for a tie that is not last
_MAX_SD_ELO = 1.0e4  # beyond this the data (plus prior) do not determine a rating
_MAX_ITERATIONS = 200
_PL_CHUNK = 1 << 22  # elements per (G, P, m, k) array in a Plackett-Luce evaluation

_BT = "bradley-terry-draws"
_LUCE = "luce-loser"
_PL = "plackett-luce"
_MODEL_ORDER = (_BT, _LUCE, _PL)


class RatingError(ValueError):
    """Input that cannot be rated, or data that do not determine the ratings."""


@dataclass(frozen=True)
class Observation:
    """One scored deal (or match) at one table.

    ``sides`` holds one tuple of bot names per unit that finishes in one place (a
    single bot, or a partnership whose rating is the sum of its members'); ``ranks``
    gives each side's finishing position, 0 = best, equal numbers = tie; only the
    order of the numbers matters. ``weight`` is a multiplicity, so identical results
    can be passed once. Lists are accepted and stored as tuples.
    """

    sides: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]
    weight: float = 1.0

    def __post_init__(self) -> None:
        if isinstance(self.sides, str) or not _is_sequence(self.sides):
            raise RatingError("The sides of an observation must be a sequence of tuples of bot names.")
        sides = []
        for side in self.sides:
            if isinstance(side, str):
                raise RatingError(
                    f"Each side must be a tuple of bot names, not the bare string {side!r}; "
                    f"write ({side!r},) for a side of one bot."
                )
            if not _is_sequence(side) or len(side) == 0:
                raise RatingError("Each side of an observation must name at least one bot.")
            for name in side:
                if not isinstance(name, str) or not name:
                    raise RatingError(f"Bot names must be non-empty strings, got {name!r}.")
            sides.append(tuple(str(name) for name in side))
        if len(sides) < 2:
            raise RatingError(f"An observation needs at least two sides, got {len(sides)}.")
        if isinstance(self.ranks, str) or not _is_sequence(self.ranks):
            raise RatingError("The ranks of an observation must be a sequence of integers.")
        ranks = tuple(self.ranks)
        if len(ranks) != len(sides):
            raise RatingError(
                f"An observation has {len(sides)} sides but {len(ranks)} ranks; "
                "give exactly one rank per side."
            )
        for rank in ranks:
            if isinstance(rank, bool) or not isinstance(rank, (int, np.integer)) or rank < 0:
                raise RatingError(f"Ranks must be non-negative integers (0 = best), got {rank!r}.")
        weight = self.weight
        if isinstance(weight, bool) or not isinstance(weight, (int, float, np.integer, np.floating)):
            raise RatingError(f"The weight of an observation must be a number, got {weight!r}.")
        if not math.isfinite(weight) or weight <= 0:
            raise RatingError(f"The weight of an observation must be a positive finite number, got {weight!r}.")
        object.__setattr__(self, "sides", tuple(sides))
        object.__setattr__(self, "ranks", tuple(int(r) for r in ranks))
        object.__setattr__(self, "weight", float(weight))


@dataclass(frozen=True)
class Rating:
    """One bot's line in the table.

    ``elo`` is centred on the pool mean (or relative to the anchor); ``low``/``high``
    are ``elo -+ 1.96 sd`` with ``sd`` from the inverse Hessian; ``observations`` is
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

    def los_between(self, a: str, b: str) -> float:
        """Probability that bot ``a`` is truly stronger than bot ``b``.

        Phi((Ra - Rb) / sd(Ra - Rb)) with the full covariance; the two directions
        always add up to exactly 1.
        """
        names = [r.name for r in self.ratings]
        for name in (a, b):
            if name not in names:
                raise RatingError(f"There is no bot named {name!r} in this table; the bots are: {', '.join(names)}.")
        return _los(self.ratings, self.covariance, names.index(a), names.index(b))


def fit(
    observations: Iterable[Observation],
    *,
    anchor: tuple[str, float] | None = None,
    prior_games: float = 2.0,
) -> RatingTable:
    """Fit Elo ratings to all observations at once (see the module docstring).

    ``anchor=(name, value)`` pins one bot at ``value`` instead of centring the pool
    on 0; ``prior_games`` is the number of virtual drawn games per bot against a
    pool-average opponent (0 = plain maximum likelihood). Raises `RatingError` for no
    observations, an unknown anchor, or results that do not determine the ratings.
    """
    if isinstance(prior_games, bool) or not isinstance(prior_games, (int, float)) or not (
        math.isfinite(prior_games) and prior_games >= 0
    ):
        raise RatingError(f"prior_games must be a finite number >= 0, got {prior_games!r}.")
    groups: dict[tuple, list[float]] = {}
    seen = 0
    for obs in observations:
        if not isinstance(obs, Observation):
            raise RatingError(f"fit() takes Observation objects, got {type(obs).__name__}.")
        seen += 1
        key = _canonical(obs)
        if key is not None:
            groups.setdefault(key, []).append(obs.weight)
    if seen == 0:
        raise RatingError("There are no observations to rate; fit() needs at least one scored deal.")
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

    played = [[] for _ in names]
    for key, w in zip(keys, weights):
        for bot in {bot for side in key[0] for bot in side}:
            played[index[bot]].append(float(w))
    counts = [math.fsum(p) for p in played]

    blocks = _build_blocks(keys, weights, index)
    problem = _Problem(blocks, len(names), float(prior_games))
    theta = problem.solve()
    cov_theta = problem.covariance(theta)

    n = len(names)
    u = problem.basis @ theta[: n - 1]
    elo = u / _C
    cov = problem.basis @ cov_theta[: n - 1, : n - 1] @ problem.basis.T / _C**2
    if anchor is not None:
        a = index[anchor[0]]
        shift = np.eye(n)
        shift[:, a] -= 1.0
        elo = elo - elo[a] + float(anchor[1])
        cov = shift @ cov @ shift.T
        cov[a, :] = 0.0
        cov[:, a] = 0.0
    sd = np.sqrt(np.clip(np.diag(cov), 0.0, None))
    if not (np.all(np.isfinite(sd)) and np.all(np.isfinite(elo))) or sd.max() > _MAX_SD_ELO:
        raise _undetermined()

    order = sorted(range(n), key=lambda i: (-elo[i], names[i]))
    ratings = tuple(
        Rating(
            name=names[i],
            elo=float(elo[i]),
            low=float(elo[i] - _Z95 * sd[i]),
            high=float(elo[i] + _Z95 * sd[i]),
            sd=float(sd[i]),
            observations=counts[i],
        )
        for i in order
    )
    covariance = tuple(tuple(float(cov[i, j]) for j in order) for i in order)
    models = {b.kind for b in blocks} or {_PL}
    draw_elo = None
    if _BT in models:
        draw_elo = float(theta[n - 1] / _C) if problem.fit_draw else 0.0
    return RatingTable(
        model="+".join(m for m in _MODEL_ORDER if m in models),
        ratings=ratings,
        los=tuple(_los(ratings, covariance, i, i + 1) if i + 1 < n else None for i in range(n)),
        draw_elo=draw_elo,
        covariance=covariance,
    )


# --------------------------------------------------------------------------- helpers


def _is_sequence(value: object) -> bool:
    return isinstance(value, (tuple, list))


def _phi(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def _los(
    ratings: tuple[Rating, ...], covariance: tuple[tuple[float, ...], ...], i: int, j: int
) -> float:
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


def _undetermined() -> RatingError:
    return RatingError(
        "The results do not determine the ratings: a bot won or lost every game, or some bots "
        "never met the others (directly or through common opponents). Use prior_games > 0 to "
        "regularise the fit."
    )


def _canonical(obs: Observation) -> tuple | None:
    """Seat-order-free key: sides sorted by (rank, members), ranks made dense.

    None for an observation whose sides are all the same multiset of bots."""
    pairs = sorted((r, tuple(sorted(side))) for side, r in zip(obs.sides, obs.ranks))
    sides = tuple(side for _, side in pairs)
    if all(side == sides[0] for side in sides):
        return None
    dense = {r: i for i, r in enumerate(sorted({r for r, _ in pairs}))}
    ranks = tuple(dense[r] for r, _ in pairs)
    return sides, ranks


def _model_of(ranks: tuple[int, ...]) -> str:
    if len(ranks) == 2:
        return _BT
    if ranks[-1] == 1 and ranks[-2] == 0:  # dense and sorted: k-1 zeros then one 1
        return _LUCE
    return _PL


@dataclass
class _Block:
    """Observations sharing one model and one rank pattern, evaluated together."""

    kind: str
    incidence: np.ndarray  # (G, k, n): how many times bot n sits on side k of observation G
    weight: np.ndarray  # (G,)
    draw: np.ndarray | None = None  # (G,) bool, Bradley-Terry only; side 0 won otherwise
    order: np.ndarray | None = None  # (P, m) Plackett-Luce orders of the places before the last group
    remaining: np.ndarray | None = None  # (P, m, k) sides still unplaced at each step


def _build_blocks(keys: list[tuple], weights: np.ndarray, index: dict[str, int]) -> list[_Block]:
    grouped: dict[tuple, list[int]] = {}
    for g, (_, ranks) in enumerate(keys):
        kind = _model_of(ranks)
        if kind == _PL and len(set(ranks)) == 1:
            continue  # a tie among all sides has probability 1: counted, not fitted
        pattern = ranks if kind == _PL else ()  # Bradley-Terry draws and wins share a block
        grouped.setdefault((kind, len(ranks), pattern), []).append(g)
    blocks = []
    n = len(index)
    for (kind, k, pattern), members in grouped.items():
        incidence = np.zeros((len(members), k, n))
        for row, g in enumerate(members):
            for j, side in enumerate(keys[g][0]):
                for bot in side:
                    incidence[row, j, index[bot]] += 1.0
        block = _Block(kind, incidence, weights[members])
        if kind == _BT:
            block.draw = np.array([keys[g][1][0] == keys[g][1][1] for g in members])
        elif kind == _PL:
            block.order, block.remaining = _pl_orders(pattern)
        blocks.append(block)
    return blocks


def _pl_orders(ranks: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Every finishing order consistent with the ties, up to the last tied group."""
    k = len(ranks)
    tied = [[j for j in range(k) if ranks[j] == r] for r in sorted(set(ranks))][:-1]
    for group in tied:
        if len(group) > _MAX_TIED_GROUP:
            raise RatingError(
                f"A tie among {len(group)} sides ahead of other sides is too large to enumerate; "
                f"at most {_MAX_TIED_GROUP} sides may tie unless they finish last."
            )
    orders = [sum(parts, ()) for parts in itertools.product(*(itertools.permutations(g) for g in tied))]
    order = np.array(orders, dtype=int).reshape(len(orders), -1)
    m = order.shape[1]
    remaining = np.ones((len(orders), m, k), dtype=bool)
    for p, o in enumerate(orders):
        for t in range(1, m):
            remaining[p, t:, o[t - 1]] = False
    return order, remaining


def _log_sigmoid(z: np.ndarray) -> np.ndarray:
    return -np.logaddexp(0.0, -z)


def _sigmoid(z: np.ndarray) -> np.ndarray:
    return np.exp(_log_sigmoid(z))


class _Problem:
    """Penalised log-likelihood in theta = (beta, [delta]).

    Ratings in natural units are u = basis @ beta with basis an orthonormal basis of
    {sum(u) = 0}; delta = drawelo in natural units, a parameter only when a two-sided
    draw was observed."""

    def __init__(self, blocks: list[_Block], n: int, prior_games: float) -> None:
        self.blocks = blocks
        self.n = n
        self.prior = prior_games
        bt = [b for b in blocks if b.kind == _BT]
        self.fit_draw = any(b.draw.any() for b in bt)
        centring = np.eye(n) - 1.0 / n
        self.basis = np.linalg.qr(centring[:, : n - 1])[0]
        self.dim = n - 1 + (1 if self.fit_draw else 0)
        if self.fit_draw:
            w = np.concatenate([b.weight for b in bt])
            d = np.concatenate([b.draw for b in bt])
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

        # prior: prior_games virtual Elo draws (half win, half loss) against a 0-rated opponent
        g = self.prior
        if g > 0:
            total += 0.5 * g * float(np.sum(_log_sigmoid(u) + _log_sigmoid(-u)))
            if derivatives:
                grad_u += 0.5 * g * (1.0 - 2.0 * _sigmoid(u))
                hess_u -= np.diag(g * _sigmoid(u) * _sigmoid(-u))
            if self.fit_draw:
                lv, dx, hxx, dd, hdd, hxd = _bt_terms(np.zeros(2), np.array([True, False]), delta)
                total += 0.5 * g * float(lv.sum())
                grad_d += 0.5 * g * float(dd.sum())
                hess_dd += 0.5 * g * float(hdd.sum())

        for block in self.blocks:
            s = np.einsum("gkn,n->gk", block.incidence, u)
            w = block.weight
            if block.kind == _BT:
                lv, dx, hxx, dd, hdd, hxd = _bt_terms(s[:, 0] - s[:, 1], block.draw, delta)
                total += float(w @ lv)
                if not derivatives:
                    continue
                diff = block.incidence[:, 0, :] - block.incidence[:, 1, :]  # (G, n)
                grad_u += diff.T @ (w * dx)
                hess_u += (diff * (w * hxx)[:, None]).T @ diff
                if self.fit_draw:
                    grad_d += float(w @ dd)
                    hess_dd += float(w @ hdd)
                    hess_ud += diff.T @ (w * hxd)
                continue
            if block.kind == _LUCE:
                lv, ds, hs = _luce_terms(s, derivatives)
            else:
                lv, ds, hs = _pl_terms(s, block.order, block.remaining, derivatives)
            total += float(w @ lv)
            if derivatives:
                m = block.incidence
                grad_u += np.einsum("g,gk,gkn->n", w, ds, m)
                hm = np.einsum("gkl,glm->gkm", hs, m)
                hess_u += np.einsum("g,gkn,gkm->nm", w, m, hm)

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
                raise _undetermined()
            decrement = float(grad @ step)
            if not math.isfinite(decrement):
                raise _undetermined()
            if decrement < 1e-10:
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
        raise _undetermined()

    def covariance(self, theta: np.ndarray) -> np.ndarray:
        _, _, hess = self.evaluate(theta)
        information = -hess
        try:
            np.linalg.cholesky(information)
        except np.linalg.LinAlgError:
            raise _undetermined() from None
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


# ---- per-observation log-likelihood terms (natural units) ---------------------------


def _bt_terms(x: np.ndarray, draw: np.ndarray, delta: float):
    """BayesElo drawelo model in x = s0 - s1 (side 0 won unless draw) and delta.

    P(draw) = sigmoid(delta - x) * sigmoid(delta + x) * (1 - exp(-2 delta)), a product
    of log-concave factors, which is both numerically stable and jointly concave."""
    a = x - delta  # P(side 0 wins) = sigmoid(a)
    b = -x - delta  # P(side 1 wins) = sigmoid(b)
    pa, pb = _sigmoid(a), _sigmoid(b)
    va, vb = pa * (1.0 - pa), pb * (1.0 - pb)
    if delta > 0.0:
        log_gap = math.log(-math.expm1(-2.0 * delta))
        d_gap = 2.0 / math.expm1(2.0 * delta)
        h_gap = -1.0 / math.sinh(delta) ** 2
    else:
        log_gap, d_gap, h_gap = -math.inf, 0.0, 0.0
    with np.errstate(invalid="ignore"):
        value = np.where(draw, _log_sigmoid(-a) + _log_sigmoid(-b) + log_gap, _log_sigmoid(a))
    dx = np.where(draw, pb - pa, 1.0 - pa)
    hxx = np.where(draw, -va - vb, -va)
    dd = np.where(draw, pa + pb + d_gap, -(1.0 - pa))
    hdd = np.where(draw, -va - vb + h_gap, -va)
    hxd = np.where(draw, va - vb, va)
    return value, dx, hxx, dd, hdd, hxd


def _luce_terms(s: np.ndarray, derivatives: bool):
    """Luce 'who loses': the last side (the loser) is drawn with weight exp(-s)."""
    a = -s
    top = a.max(axis=1, keepdims=True)
    lse = top[:, 0] + np.log(np.exp(a - top).sum(axis=1))
    value = a[:, -1] - lse
    if not derivatives:
        return value, None, None
    p = np.exp(a - lse[:, None])
    ds = p.copy()
    ds[:, -1] -= 1.0
    hs = np.einsum("gk,gl->gkl", p, p) - np.einsum("gk,kl->gkl", p, np.eye(s.shape[1]))
    return value, ds, hs


def _pl_terms(s: np.ndarray, order: np.ndarray, remaining: np.ndarray, derivatives: bool):
    """Plackett-Luce, summed over the orders of tied groups (log-sum-exp mixture)."""
    g, k = s.shape
    if g > 1 and g * remaining.size > _PL_CHUNK:  # big ties: bound the (G, P, m, k) arrays
        half = g // 2
        first = _pl_terms(s[:half], order, remaining, derivatives)
        second = _pl_terms(s[half:], order, remaining, derivatives)
        if not derivatives:
            return np.concatenate([first[0], second[0]]), None, None
        return tuple(np.concatenate([x, y]) for x, y in zip(first, second))
    logits = np.where(remaining[None], s[:, None, None, :], -np.inf)  # (G, P, m, k)
    top = logits.max(axis=-1, keepdims=True)
    lse = top[..., 0] + np.log(np.exp(logits - top).sum(axis=-1))  # (G, P, m)
    per_order = (s[:, order] - lse).sum(axis=-1)  # (G, P)
    top_p = per_order.max(axis=1, keepdims=True)
    mix = np.exp(per_order - top_p)
    total = mix.sum(axis=1)
    value = top_p[:, 0] + np.log(total)
    if not derivatives:
        return value, None, None
    prob = np.exp(logits - lse[..., None])  # (G, P, m, k); 0 where not remaining
    chosen = np.zeros((order.shape[0], k))
    for p, o in enumerate(order):
        np.add.at(chosen[p], o, 1.0)
    grads = chosen[None] - prob.sum(axis=2)  # (G, P, k)
    hess = np.einsum("gptk,gptl->gpkl", prob, prob)
    hess -= np.einsum("gpk,kl->gpkl", prob.sum(axis=2), np.eye(k))
    if order.shape[0] == 1:
        return value, grads[:, 0], hess[:, 0]
    w = mix / total[:, None]  # posterior weight of each order
    ds = np.einsum("gp,gpk->gk", w, grads)
    hs = np.einsum("gp,gpkl->gkl", w, hess + np.einsum("gpk,gpl->gpkl", grads, grads))
    hs -= np.einsum("gk,gl->gkl", ds, ds)
    return value, ds, hs
