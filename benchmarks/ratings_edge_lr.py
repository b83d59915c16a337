"""Would a likelihood-ratio interval cover the runaway bot that the Wald interval misses?

`benchmarks/ratings_coverage.py --only edges` finds the +900 Il Conto bot's printed 95%
interval covering 0.700 of the tournaments where it lost at least once: every one where
it lost once, none where it lost twice or more.  This replays the same tournaments (same
seed, same deals) and, where the strong bot lost twice or more, computes its profile
likelihood-ratio interval with its own code (the Luce "who loses" likelihood over the
deals; the strong bot's rating above the others' mean fixed, the others fitted, 2 x the
log-likelihood drop <= 3.84) beside the table's Wald interval, both for the strong
bot's rating above the mean of the other five (truth: +900).

    nice python benchmarks/ratings_edge_lr.py [--replicates 300] [--events 400] [--seed 1]

Measured 2026-11-27 (issue 40), the defaults:

    losses  tournaments  likelihood-ratio covered  Wald covered
    2                22                     1.000         0.000
    3+                8                     0.000         0.000

A twice-lost bot's Wald interval is about +390..+880, the likelihood-ratio one about
+435..+945: the likelihood of a count of two is not symmetric on the log scale, and the
Wald interval's upper end falls short of the truth.  With a likelihood-ratio interval
for a bot whose losses (or wins) are few, the "± printed" row at +900 would be 0.92
(70 + 22 of 100); the thrice-lost tournaments are beyond any interval that believes the data.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import numpy as np
from scipy.optimize import brentq, minimize

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ratings_coverage import NAMES, C, conto_deals  # noqa: E402

from arena.results.ratings import Observation, fit  # noqa: E402

CHI2_95 = 3.8415  # the 95% quantile of chi-square with 1 degree of freedom
TRUE = np.array([-150.0, -75.0, 0.0, 75.0, 150.0, 900.0])


def log_likelihood(ratings: np.ndarray, seats: np.ndarray, loser: np.ndarray) -> float:
    """The Luce "who loses" log-likelihood of the deals: P(i loses) ~ 10**(-R_i/400)."""
    u = -C * ratings[seats]
    top = u.max(axis=1, keepdims=True)
    norm = top[:, 0] + np.log(np.exp(u - top).sum(axis=1))
    return float((u[np.arange(len(loser)), loser] - norm).sum())


def profile(above: float, seats: np.ndarray, loser: np.ndarray, start: np.ndarray) -> tuple[float, np.ndarray]:
    """The largest log-likelihood with the strong bot `above` the others' mean (0)."""

    def negative(free: np.ndarray) -> float:
        others = np.append(free, -free.sum())
        return -log_likelihood(np.append(others, above), seats, loser)

    best = minimize(negative, start, method="BFGS")
    return -float(best.fun), best.x


def intervals(obs: list[Observation]) -> tuple[tuple[float, float], tuple[float, float]]:
    """(likelihood-ratio, Wald) 95% intervals of the strong bot's Elo above the others' mean."""
    seats = np.array([[NAMES.index(side[0]) for side in o.sides] for o in obs])
    loser = np.array([o.ranks.index(1) for o in obs])
    rated = {r.name: r for r in fit(obs).ratings}
    others = np.array([rated[name].elo for name in NAMES[:5]])
    estimate = rated["bot5"].elo - others.mean()
    top, free = profile(estimate, seats, loser, others[:4] - others.mean())

    def excess(above: float) -> float:
        return 2.0 * (top - profile(above, seats, loser, free)[0]) - CHI2_95

    low = brentq(excess, estimate - 1500.0, estimate - 1e-3) if excess(estimate - 1500.0) > 0 else -math.inf
    high = brentq(excess, estimate + 1e-3, estimate + 3000.0) if excess(estimate + 3000.0) > 0 else math.inf
    # The table centres on all six (the bot lost, so the data rate it): above = 6/5 x centred.
    wald = (rated["bot5"].low * 6 / 5, rated["bot5"].high * 6 / 5)
    return (low, high), wald


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replicates", type=int, default=300)
    parser.add_argument("--events", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)  # the edges part's tournaments at +900, in order
    rows: dict[str, list[tuple[bool, bool]]] = {"2": [], "3+": []}
    for _ in range(args.replicates):
        obs = conto_deals(rng, args.events, 0.0, False, TRUE)
        losses = sum(o.ranks[o.sides.index(("bot5",))] for o in obs if ("bot5",) in o.sides)
        if losses < 2:
            continue
        (low, high), (wald_low, wald_high) = intervals(obs)
        truth = TRUE[5] - TRUE[:5].mean()
        rows["2" if losses == 2 else "3+"].append((low <= truth <= high, wald_low <= truth <= wald_high))
    print(f"{'losses':6} {'tournaments':>12} {'likelihood-ratio covered':>25} {'Wald covered':>13}")
    for key, found in rows.items():
        if found:
            lr, wald = (np.mean(column) for column in zip(*found))
            print(f"{key:6} {len(found):12d} {lr:25.3f} {wald:13.3f}")


if __name__ == "__main__":
    main()
