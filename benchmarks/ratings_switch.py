"""Where should the table's ±95% switch from the inverse Hessian to the sandwich?

The table uses the cluster-robust (sandwich) covariance once every rated bot played in
`design.FAMILIES_PER_UNIT` deal families, its ± widened by Student's t
(`design.small_sample`); with fewer, the inverse Hessian.  This measures, for each
number of families per bot from 4 to 12, the coverage of the interval the table prints
(the likelihood-ratio one for a thinly rated bot, as printed) both ways: so the coverage
at any switch S is the Hessian's column below S and the sandwich's from S on.

Schedules are balanced, as the arena's round robins are, so that every bot plays in
exactly the stated number of families (the fewest is what the switch reads):

    conto   Il Conto deals, 6 bots at -150..+150, one table of 4 per family (two bots sit
            out, each pair in turn), each deal at its 4 rotations
    2p      a two-player game with draws (drawelo 100), 3 disjoint pairs per round, each
            deal played at both seatings

Seat luck (sd 300 Elo, the same cards at every rotation of a deal) or none.  The truth
is the rating a very large plain tournament under the same luck fits (`estimand`),
centred as the table centres (on the bots the data rate).  A bot the data only bound
(it never lost, or never won) prints no interval: it is left out, and counted.  The
standard error is over tournaments (their bots' misses are not independent).  The
switch and the correction are set in the solver for the measurement (`_switched`).

    nice -n 10 python benchmarks/ratings_switch.py [--replicates 400] [--seed 1] [--df-shift 0 1]

`--df-shift 1` also measures the sandwich with t on one degree of freedom fewer.

Measured 2026-11-28 (issue 40), `--replicates 400 --df-shift 0 1`: 453 s at nice 10 on 2
cores shared with four other jobs.  Coverage of the printed interval, k families per bot;
"sandwich" is Student's t with k - 1 degrees of freedom, as the table uses; every
standard error (over tournaments) 0.002-0.005:

      k   conto, no luck   conto, luck 300  2p, no luck      2p, luck 300
          Hessian sandwich Hessian sandwich Hessian sandwich Hessian sandwich
      4   0.967  0.976     0.982  0.950     0.961  0.974     0.988  0.964
      5   0.961  0.973     0.983  0.962     0.957  0.965     0.985  0.956
      6   0.959  0.973     0.985  0.958     0.951  0.962     0.981  0.948
      7   0.952  0.966     0.977  0.958     0.945  0.964     0.982  0.953
      8   0.949  0.961     0.982  0.959     0.952  0.965     0.980  0.946
      9   0.946  0.953     0.988  0.961     0.948  0.956     0.980  0.946
     10   0.949  0.957     0.984  0.957     0.948  0.958     0.986  0.949
     11   0.949  0.960     0.982  0.958     0.946  0.956     0.982  0.947
     12   0.937  0.947     0.986  0.953     0.953  0.956     0.982  0.952

The inverse Hessian cannot see the seat luck that duplicate deals cancel and covers
0.977-0.988 under it at every k, so the earlier the switch, the better; the sandwich
with t(k - 1) holds from k = 4 (0.946-0.976).  The switch is at 5
(`design.FAMILIES_PER_UNIT`, 10 before): from it every row is 0.946-0.973, the highest
two (conto without luck, k = 5 and 6: 0.973 ± 0.003) conservative by a hair, where at
10 the luck rows from 5 to 9 families per bot covered 0.977-0.988.  At k = 4 the
sandwich's rows without luck are too wide (0.976, 0.974) and there are only 6 families
in all for 5 parameters (conto), so 4 stays below the switch.  t on one degree of
freedom fewer (k - 2) is wider everywhere: 0.972-0.995 at k = 4-7, 0.950-0.966 at 8-12.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ratings_coverage import DRAWELO, NAMES, SEATS, TRUE, C, conto_family, estimand  # noqa: E402

import arena.results.ratings.solver as solver  # noqa: E402
from arena.results.ratings import Observation, fit  # noqa: E402
from arena.results.ratings.design import Z95, t_quantile  # noqa: E402

PER_BOT = tuple(range(4, 13))
SWITCHES = (5, 6, 8, 10)
LUCK = 300.0


def conto_schedule(rng: np.random.Generator, per_bot: int) -> list[np.ndarray]:
    """Tables of 4 of the 6 bots, seats shuffled, each bot at exactly `per_bot` (or, odd,
    the fewest at `per_bot`): blocks of 3 families in which each pair sits out once."""
    out: list[np.ndarray] = []

    def table_without(pair: np.ndarray) -> np.ndarray:
        return rng.permutation(np.setdiff1d(np.arange(len(TRUE)), pair))

    for _ in range(per_bot // 2):
        pairs = rng.permutation(len(TRUE)).reshape(3, 2)
        out.extend(table_without(pair) for pair in pairs)
    if per_bot % 2:
        pairs = rng.permutation(len(TRUE)).reshape(3, 2)
        out.extend(table_without(pair) for pair in pairs[:2])
    return out


def conto_families(rng: np.random.Generator, per_bot: int, luck: float) -> list[Observation]:
    return [
        obs
        for family, table in enumerate(conto_schedule(rng, per_bot))
        for obs in conto_family(rng, table, family, luck, SEATS)
    ]


def two_player_game(rng: np.random.Generator, a: int, b: int, seat_luck: float) -> tuple[int, int]:
    """Ranks of seats (a, b) under BayesElo's drawelo model, seat 0 `seat_luck` Elo up."""
    x = C * (TRUE[a] - TRUE[b] + seat_luck)
    p_a = 1.0 / (1.0 + math.exp(-(x - C * DRAWELO)))
    p_b = 1.0 / (1.0 + math.exp(-(-x - C * DRAWELO)))
    r = rng.random()
    return (0, 1) if r < p_a else (1, 0) if r < p_a + p_b else (0, 0)


def two_player_families(rng: np.random.Generator, per_bot: int, luck: float) -> list[Observation]:
    out = []
    for round_ in range(per_bot):
        for k, (a, b) in enumerate(rng.permutation(len(TRUE)).reshape(3, 2)):
            seat_luck = rng.normal(0.0, luck)
            for first, second in ((a, b), (b, a)):
                ranks = two_player_game(rng, first, second, seat_luck)
                out.append(Observation(((NAMES[first],), (NAMES[second],)), ranks, cluster=3 * round_ + k))
    return out


_TWO_PLAYER_TRUTH: dict[float, np.ndarray] = {}


def two_player_estimand(luck: float, seed: int) -> np.ndarray:
    """The ratings 200,000 plain two-player games under this luck fit (see `estimand`)."""
    if luck not in _TWO_PLAYER_TRUTH:
        rng = np.random.default_rng(seed + 1)
        obs = []
        for _ in range(200_000):
            a, b = rng.choice(len(TRUE), 2, replace=False)
            ranks = two_player_game(rng, a, b, rng.normal(0.0, luck))
            obs.append(Observation(((NAMES[a],), (NAMES[b],)), ranks))
        elo = {r.name: r.elo for r in fit(obs, prior_games=0).ratings}
        _TWO_PLAYER_TRUTH[luck] = np.array([elo[name] for name in NAMES])
    return _TWO_PLAYER_TRUTH[luck]


MODELS: dict[str, tuple[Callable[..., list[Observation]], Callable[[float, int], np.ndarray]]] = {
    "conto": (conto_families, estimand),
    "2p": (two_player_families, two_player_estimand),
}


@contextlib.contextmanager
def _switched(at: int, df_shift: int = 0) -> Iterator[None]:
    """The solver with its switch at `at` families per unit and Student's t on
    `df_shift` degrees of freedom fewer than the fewest families less one."""
    saved = solver.FAMILIES_PER_UNIT, solver.small_sample
    solver.FAMILIES_PER_UNIT = at
    solver.small_sample = lambda per_unit: (t_quantile(per_unit - 1 - df_shift) / Z95) ** 2
    try:
        yield
    finally:
        solver.FAMILIES_PER_UNIT, solver.small_sample = saved


def covered(observations: list[Observation], truth: np.ndarray) -> tuple[int, int]:
    """How many of the bots printed with an interval it holds, and how many there are."""
    table = fit(observations)
    centre = [NAMES.index(name) for name in table.design.centred_on] or range(len(NAMES))
    centred = truth - np.mean(truth[list(centre)])
    shown = [r for r in table.ratings if r.name not in table.design.one_sided]
    return sum(r.low <= centred[NAMES.index(r.name)] <= r.high for r in shown), len(shown)


def share(counts: list[tuple[int, int]]) -> tuple[float, float]:
    """Coverage over all bot-replicates and its standard error over tournaments (a ratio
    estimator: the tournaments' misses, not their bots', are independent)."""
    hits, shown = (np.array(column, dtype=float) for column in zip(*counts))
    p = hits.sum() / shown.sum()
    residual = hits - p * shown
    return p, float(math.sqrt(np.sum(residual**2)) / shown.sum())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--replicates", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--df-shift", type=int, nargs="+", default=[0], help="t on this many df fewer")
    parser.add_argument("--models", nargs="+", choices=tuple(MODELS), default=list(MODELS))
    args = parser.parse_args()
    shifts = args.df_shift
    print(f"{args.replicates} tournaments per row; coverage ± se (over tournaments) of the printed interval")
    sandwich_columns = " ".join(f"{f'sandwich t(k-{1 + s})':>17}" for s in shifts)
    switch_columns = " ".join(f"{f'switch {at}':>9}" for at in SWITCHES)
    header = f"{'model':6} {'luck':>5} {'k':>3} {'bound':>6} {'Hessian':>13} {sandwich_columns}  {switch_columns}"
    print(header)
    print("-" * len(header))
    start = time.perf_counter()
    for model in args.models:
        simulate, truth_of = MODELS[model]
        for luck in (0.0, LUCK):
            truth = truth_of(luck, args.seed)
            for per_bot in PER_BOT:
                rng = np.random.default_rng(args.seed)
                hessian: list[tuple[int, int]] = []
                sandwich: dict[int, list[tuple[int, int]]] = {s: [] for s in shifts}
                for _ in range(args.replicates):
                    obs = simulate(rng, per_bot, luck)
                    hessian.append(covered([Observation(o.sides, o.ranks) for o in obs], truth))
                    for s in shifts:
                        with _switched(2 + s, s):
                            sandwich[s].append(covered(obs, truth))
                bound = 1.0 - sum(n for _, n in hessian) / (args.replicates * len(NAMES))
                h, h_se = share(hessian)
                cells = [share(sandwich[s]) for s in shifts]
                at = " ".join(f"{(cells[0] if per_bot >= s else (h, h_se))[0]:9.3f}" for s in SWITCHES)
                print(
                    f"{model:6} {luck:5.0f} {per_bot:3d} {bound:6.3f} {h:7.3f} ±{h_se:.3f} "
                    + " ".join(f"{p:10.3f} ±{se:.3f}" for p, se in cells)
                    + f"  {at}",
                    flush=True,
                )
    print(
        f"({time.perf_counter() - start:.0f} s; 'bound': share of bots printed without an interval; the switch columns use"
    )
    print(" the first sandwich column from k = S on)")


if __name__ == "__main__":
    main()
