"""The likelihood models of the rating fit, in natural units (r = R * ln 10 / 400).

    Observation     one scored deal or match: sides, their ranks, a weight
    canonical       an observation's seat-order-free key (None for pure self-play)
    build_blocks    observations grouped by model and rank pattern, as incidence arrays
    bt_terms        two sides: Bradley-Terry with BayesElo's drawelo
    luce_terms      k sides, one loser: Luce's "who loses"
    pl_terms        any other finishing order: Plackett-Luce, ties as unseen orders

Each ``*_terms`` gives the log-likelihood of every observation of a block and its first
and second derivatives in the sides' strengths; the package docstring
(`arena.results.ratings`) states the models in full.
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass

import numpy as np

from arena.errors import RatingError

__all__ = [
    "C",
    "BT",
    "LUCE",
    "PL",
    "MODEL_ORDER",
    "Observation",
    "canonical",
    "Block",
    "build_blocks",
    "log_sigmoid",
    "sigmoid",
    "bt_terms",
    "luce_terms",
    "pl_terms",
]

C = math.log(10.0) / 400.0  # natural-log strength per Elo point
_MAX_TIED_GROUP = 8  # 8! = 40320 orders are enumerated for a tie that is not last
_PL_CHUNK = 1 << 22  # elements per (G, P, m, k) array in a Plackett-Luce evaluation

BT = "bradley-terry-draws"
LUCE = "luce-loser"
PL = "plackett-luce"
MODEL_ORDER = (BT, LUCE, PL)


@dataclass(frozen=True)
class Observation:
    """One scored deal (or match) at one table.

    ``sides`` holds one tuple of bot names per unit that finishes in one place (a
    single bot, or a partnership whose rating is the sum of its members'); ``ranks``
    gives each side's finishing position, 0 = best, equal numbers = tie; only the
    order of the numbers matters. ``weight`` is a multiplicity, so identical results
    can be passed once. ``cluster`` names the observation's deal family (see
    `arena.results.ratings`, "Intervals"); within one family a weight counts copies,
    which add nothing to what the family tells. Lists are accepted and stored as tuples.
    """

    sides: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]
    weight: float = 1.0
    #: The deal family it belongs to (any hashable: the same deal at every rotation of its
    #: table), for the cluster-robust intervals; None: a family of its own.
    cluster: object = None

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
                f"An observation has {len(sides)} sides but {len(ranks)} ranks; give exactly one rank per side."
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


def _is_sequence(value: object) -> bool:
    return isinstance(value, (tuple, list))


def canonical(obs: Observation) -> tuple | None:
    """Seat-order-free key: sides sorted by (rank, members), ranks made dense.

    None for an observation whose sides are all the same multiset of bots."""
    return _canonical(obs.sides, obs.ranks)


@functools.lru_cache(maxsize=1 << 16)
def _canonical(sides_in: tuple[tuple[str, ...], ...], ranks_in: tuple[int, ...]) -> tuple | None:
    """`canonical` of the sides and ranks (a tournament repeats a few thousand of them at most)."""
    pairs = sorted((r, tuple(sorted(side))) for side, r in zip(sides_in, ranks_in))
    sides = tuple(side for _, side in pairs)
    if all(side == sides[0] for side in sides):
        return None
    dense = {r: i for i, r in enumerate(sorted({r for r, _ in pairs}))}
    ranks = tuple(dense[r] for r, _ in pairs)
    return sides, ranks


def _model_of(ranks: tuple[int, ...]) -> str:
    if len(ranks) == 2:
        return BT
    if ranks[-1] == 1 and ranks[-2] == 0:  # dense and sorted: k-1 zeros then one 1
        return LUCE
    return PL


@dataclass
class Block:
    """Observations sharing one model and one rank pattern, evaluated together."""

    kind: str
    incidence: np.ndarray  # (G, k, n): how many times bot n sits on side k of observation G
    weight: np.ndarray  # (G,)
    draw: np.ndarray | None = None  # (G,) bool, Bradley-Terry only; side 0 won otherwise
    order: np.ndarray | None = None  # (P, m) Plackett-Luce orders of the places before the last group
    remaining: np.ndarray | None = None  # (P, m, k) sides still unplaced at each step
    members: np.ndarray | None = None  # (G,) the canonical keys' indices, in row order


def build_blocks(keys: list[tuple], weights: np.ndarray, index: dict[str, int]) -> list[Block]:
    """Canonical observations (`keys`, with their `weights`) grouped into model blocks."""
    grouped: dict[tuple, list[int]] = {}
    for g, (_, ranks) in enumerate(keys):
        kind = _model_of(ranks)
        if kind == PL and len(set(ranks)) == 1:
            continue  # a tie among all sides has probability 1: counted, not fitted
        pattern = ranks if kind == PL else ()  # Bradley-Terry draws and wins share a block
        grouped.setdefault((kind, len(ranks), pattern), []).append(g)
    blocks = []
    n = len(index)
    for (kind, k, pattern), members in grouped.items():
        incidence = np.zeros((len(members), k, n))
        for row, g in enumerate(members):
            for j, side in enumerate(keys[g][0]):
                for bot in side:
                    incidence[row, j, index[bot]] += 1.0
        block = Block(kind, incidence, weights[members], members=np.array(members))
        if kind == BT:
            block.draw = np.array([keys[g][1][0] == keys[g][1][1] for g in members])
        elif kind == PL:
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


def log_sigmoid(z: np.ndarray) -> np.ndarray:
    return -np.logaddexp(0.0, -z)


def sigmoid(z: np.ndarray) -> np.ndarray:
    return np.exp(log_sigmoid(z))


# ---- per-observation log-likelihood terms (natural units) ---------------------------


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


def luce_terms(s: np.ndarray, derivatives: bool):
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


def pl_terms(s: np.ndarray, order: np.ndarray, remaining: np.ndarray, derivatives: bool):
    """Plackett-Luce, summed over the orders of tied groups (log-sum-exp mixture)."""
    g, k = s.shape
    if g > 1 and g * remaining.size > _PL_CHUNK:  # big ties: bound the (G, P, m, k) arrays
        half = g // 2
        first = pl_terms(s[:half], order, remaining, derivatives)
        second = pl_terms(s[half:], order, remaining, derivatives)
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
