"""The table's likelihood-ratio interval for a bot with few losses: checked, and timed.

`benchmarks/ratings_coverage.py --only edges` found the +900 Il Conto bot's symmetric
(Wald) 95% interval covering 0.700 of the tournaments where it lost at least once:
every one where it lost once, none where it lost twice or more.  Since issue 40 a bot
with fewer than 5 results one way is printed with its profile likelihood-ratio interval.
This replays the same tournaments (same seed, same deals) and, wherever the strong bot
lost, computes that interval with its own code (the Luce "who loses" likelihood over the
deals; the strong bot's rating above the others' mean held, the others fitted by scipy,
2 x the log-likelihood drop <= 3.84), beside the table's: fitted without deal families
(the inverse Hessian, whose interval must be the same), as printed (deal families: the
threshold scaled to the cluster-robust spread), and the Wald interval the table printed
before, all for the strong bot's rating above the mean of the other five (truth: +900).

`--speed` times the fit with and without the likelihood-ratio intervals at 20,000 and
100,000 deals, with one bot rated thinly (+1250: 1 to 4 losses).

    nice python benchmarks/ratings_edge_lr.py [--replicates 300] [--events 400] [--seed 1] [--speed]

Measured 2026-11-28 (issue 40), the defaults, under load:

    losses tournaments     own covered   table covered printed covered    wald covered own-table Elo    mean printed
    1               70           1.000           1.000           1.000           1.000         0.004     +498..+1260
    2               22           1.000           1.000           1.000           0.000         0.010      +438..+951
    3+               8           0.000           0.000           0.000           0.000         0.003      +403..+816

`--speed` (median of 5 fits, a machine at load 30 on 2 cores):

      deals losses   fit s  without LR s  extra ms
      20000      3   0.633         0.574      59.3

The ends found here and the table's agree to the hundredth of an Elo ("own-table Elo",
the largest difference).  A twice-lost bot's
Wald interval was about +390..+880, the likelihood-ratio one about +435..+945: the
likelihood of a count of two is not symmetric on the log scale, and the Wald interval's
upper end falls short of the truth.  The thrice-lost tournaments are beyond any interval
that believes the data (3 or more losses come in 1.0% of the tournaments, 2.9% of those where
it lost at all: 1 in 35; seed 1 drew 8 of 100, see ratings_coverage.py).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

import numpy as np
from scipy.optimize import brentq, minimize

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ratings_coverage import NAMES, C, conto_deals  # noqa: E402

from arena.results.ratings import Observation, fit, solver  # noqa: E402

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


def own_interval(obs: list[Observation], estimate: float, others: np.ndarray) -> tuple[float, float]:
    """The likelihood-ratio 95% interval of the strong bot's Elo above the others' mean,
    computed here from the deals, starting from the table's fit."""
    seats = np.array([[NAMES.index(side[0]) for side in o.sides] for o in obs])
    loser = np.array([o.ranks.index(1) for o in obs])
    top, free = profile(estimate, seats, loser, others[:4] - others.mean())

    def excess(above: float) -> float:
        return 2.0 * (top - profile(above, seats, loser, free)[0]) - CHI2_95

    low = brentq(excess, estimate - 1500.0, estimate - 1e-3) if excess(estimate - 1500.0) > 0 else -math.inf
    high = brentq(excess, estimate + 1e-3, estimate + 3000.0) if excess(estimate + 3000.0) > 0 else math.inf
    return low, high


def intervals(obs: list[Observation]) -> dict[str, tuple[float, float]]:
    """The strong bot's interval above the others' mean: computed here, the table's without
    and with deal families, and the Wald one (Elo ± 1.96 sd, as printed before)."""
    plain = {r.name: r for r in fit([Observation(o.sides, o.ranks) for o in obs]).ratings}
    printed = {r.name: r for r in fit(obs).ratings}
    others = np.array([plain[name].elo for name in NAMES[:5]])
    # The table centres on all six (the bot lost, so the data rate it): above = 6/5 x centred.
    strong, wald = printed["bot5"], printed["bot5"]
    return {
        "own": own_interval(obs, plain["bot5"].elo * 6 / 5, others),
        "table": (plain["bot5"].low * 6 / 5, plain["bot5"].high * 6 / 5),
        "printed": (strong.low * 6 / 5, strong.high * 6 / 5),
        "wald": ((wald.elo - 1.96 * wald.sd) * 6 / 5, (wald.elo + 1.96 * wald.sd) * 6 / 5),
    }


def coverage(args: argparse.Namespace) -> None:
    rng = np.random.default_rng(args.seed)  # the edges part's tournaments at +900, in order
    rows: dict[str, list[dict[str, tuple[float, float]]]] = {"1": [], "2": [], "3+": []}
    for _ in range(args.replicates):
        obs = conto_deals(rng, args.events, 0.0, False, TRUE)
        losses = sum(o.ranks[o.sides.index(("bot5",))] for o in obs if ("bot5",) in o.sides)
        if losses:
            rows[str(losses) if losses < 3 else "3+"].append(intervals(obs))
    truth = TRUE[5] - TRUE[:5].mean()
    kinds = ("own", "table", "printed", "wald")
    print(f"{'losses':6} {'tournaments':>11} " + " ".join(f"{kind + ' covered':>15}" for kind in kinds), end="")
    print(f" {'own-table Elo':>13} {'mean printed':>15}")
    for key, found in rows.items():
        if not found:
            continue
        shares = [np.mean([row[kind][0] <= truth <= row[kind][1] for row in found]) for kind in kinds]
        apart = max(abs(a - b) for row in found for a, b in zip(row["own"], row["table"]) if math.isfinite(a))
        low, high = (np.mean([row["printed"][end] for row in found]) for end in (0, 1))
        print(
            f"{key:6} {len(found):11d} " + " ".join(f"{share:15.3f}" for share in shares) + f" {apart:13.3f}"
            f" {f'+{low:.0f}..+{high:.0f}':>15}"
        )


def speed(args: argparse.Namespace) -> None:
    """The fit's time with and without the likelihood-ratio interval of a thin bot."""
    true = np.array([-150.0, -75.0, 0.0, 75.0, 150.0, 1250.0])
    print(f"{'deals':>7} {'losses':>6} {'fit s':>7} {'without LR s':>13} {'extra ms':>9}")
    for events in (20_000, 100_000):
        rng = np.random.default_rng(args.seed)
        while True:
            obs = conto_deals(rng, events, 0.0, False, true)
            losses = sum(o.ranks[o.sides.index(("bot5",))] for o in obs if ("bot5",) in o.sides)
            if 0 < losses < 5:
                break
        timed: dict[bool, list[float]] = {True: [], False: []}
        for _ in range(5):
            for with_lr in (True, False):
                solver.THIN = 5 if with_lr else 0  # 0: no bot is thin
                start = time.perf_counter()
                table = fit(obs)
                timed[with_lr].append(time.perf_counter() - start)
                assert bool(table.design.likelihood_ratio) == with_lr
        solver.THIN = 5
        best = {key: statistics.median(times) for key, times in timed.items()}
        print(f"{events:7d} {losses:6d} {best[True]:7.3f} {best[False]:13.3f} {1000 * (best[True] - best[False]):9.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replicates", type=int, default=300)
    parser.add_argument("--events", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--speed", action="store_true", help="time the fit with and without the intervals")
    args = parser.parse_args()
    (speed if args.speed else coverage)(args)


if __name__ == "__main__":
    main()
