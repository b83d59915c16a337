"""k >= 3 sides, one loser (Il Conto, where the deal's loser pays): Luce's "who loses"."""

from __future__ import annotations

import numpy as np

from arena.results.ratings.models._registry import Terms, register

__all__ = ["LuceLoser", "luce_terms"]


@register
class LuceLoser:
    name = "luce-loser"
    precedence = 1
    uses_draw = False

    def claims(self, ranks: tuple[int, ...]) -> bool:
        # dense and sorted: k-1 zeros, then one 1
        return len(ranks) >= 3 and ranks[-1] == 1 and ranks[-2] == 0

    def pattern(self, ranks: tuple[int, ...]) -> tuple[int, ...]:
        return ()

    def prepare(self, ranks: list[tuple[int, ...]], pattern: tuple[int, ...]) -> None:
        return None

    def draws(self, detail: object) -> None:
        return None

    def terms(self, detail: object, s: np.ndarray, delta: float, derivatives: bool) -> Terms:
        value, ds, hs = luce_terms(s, derivatives)
        return Terms(value, ds, hs)


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
