"""Any other finishing order: Plackett-Luce, a tie read as an unseen order of the tied
sides (the sum of the probabilities of every order they could have finished in)."""

from __future__ import annotations

import itertools

import numpy as np

from arena.errors import RatingError
from arena.results.ratings.models._registry import Terms, register

__all__ = ["PlackettLuce", "pl_terms"]

_MAX_TIED_GROUP = 8  # 8! = 40320 orders are enumerated for a tie that is not last
_PL_CHUNK = 1 << 22  # elements per (G, P, m, k) array in a Plackett-Luce evaluation


@register
class PlackettLuce:
    name = "plackett-luce"
    precedence = 2  # every rank vector the others leave
    uses_draw = False

    def claims(self, ranks: tuple[int, ...]) -> bool:
        return len(ranks) >= 2

    def pattern(self, ranks: tuple[int, ...]) -> tuple[int, ...] | None:
        if len(set(ranks)) == 1:
            return None  # a tie among all sides has probability 1
        return ranks

    def prepare(self, ranks: list[tuple[int, ...]], pattern: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
        return _pl_orders(pattern)

    def draws(self, detail: object) -> None:
        return None

    def terms(self, detail: object, s: np.ndarray, delta: float, derivatives: bool) -> Terms:
        assert isinstance(detail, tuple)
        order, remaining = detail
        value, ds, hs = pl_terms(s, order, remaining, derivatives)
        return Terms(value, ds, hs)


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
