"""Does the SPRT of `arena.results.sprt` keep its error rates, and how long does it take?

Simulates runs of the test directly from a model of deal families, no arena: a family
is one deal played at 4 rotations; at each rotation the candidate finishes ahead of the
baseline (1), level (1/2) or behind (0), with a tie chance `--draw` and a win chance
s - draw/2 + luck, where s = 1 / (1 + 10^(-elo/400)) is the true Elo's expected score
and the deal's seat luck (uniform from 0 to `--luck`, one draw per family) is for the
candidate at rotations 1 and 3 and against it at 2 and 4 (the duplicate design's
cancelling luck).  The family's expected score is exactly s; its score is the mean of
its 4 rotations (a multiple of 1/8).  After each family the LLR is computed from all
families so far (`llr_counts`, the same code `arena run` uses) and the run stops at a
bound.  `--runs` runs at elo0 (a decision for H1 is a type I error, rate alpha) and as
many at elo1 (H0 is a type II error, rate beta).

    python benchmarks/sprt.py [--runs 1000] [--elo0 0] [--elo1 20] [--alpha 0.05] [--beta 0.05]

Measured on the dev box (2026-11-24), defaults (draw 0.3, luck 0.3, seed 1), 25 s:

    true elo   runs   H1 share   (nominal)   mean families  median  95th pct
           0   1000      0.057       0.050             238     190       572
          20   1000      0.944       0.950             225     181       539

    type I error 0.057 (alpha 0.05), type II error 0.056 (beta 0.05): both within 1.5
    points (the binomial se of a true 5% over 1000 runs is 0.7 points).

    --elo0 -5 --elo1 10 --luck 0 --draw 0.5 --seed 2 (no seat luck, many ties), 50 s:
          -5   1000      0.055       0.050             362     286       919
          10   1000      0.952       0.950             381     302       914
    type I error 0.055, type II error 0.048.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.results.sprt import bounds, elo_to_score, llr_counts  # noqa: E402

ROTATIONS = 4
SIGNS = np.array([1.0, -1.0, 1.0, -1.0])
GRID = np.arange(2 * ROTATIONS + 1) / (2 * ROTATIONS)  # family scores: multiples of 1/8


def family_buckets(rng: np.random.Generator, runs: int, elo: float, draw: float, luck: float) -> np.ndarray:
    """One new family per run: the index of its score on GRID."""
    s = elo_to_score(elo)
    swing = rng.uniform(0.0, luck, size=(runs, 1)) * SIGNS  # the deal's seat luck, per rotation
    win = s - draw / 2 + swing
    if (win < 0).any() or (win + draw > 1).any():
        raise ValueError("draw and luck leave a probability outside 0..1; make them smaller")
    u = rng.random((runs, ROTATIONS))
    halves = np.where(u < win, 2, np.where(u < win + draw, 1, 0))  # points in halves
    return halves.sum(axis=1)


def simulate(
    rng: np.random.Generator, runs: int, elo: float, args: argparse.Namespace
) -> tuple[np.ndarray, np.ndarray]:
    """Every run's decision (True: H1) and families to it."""
    lower, upper = bounds(args.alpha, args.beta)
    counts = np.zeros((runs, GRID.size))
    alive = np.arange(runs)
    h1 = np.zeros(runs, dtype=bool)
    families = np.zeros(runs, dtype=int)
    step = 0
    while alive.size:
        step += 1
        buckets = family_buckets(rng, alive.size, elo, args.draw, args.luck)
        counts[alive, buckets] += 1
        value = llr_counts(GRID, counts[alive], args.elo0, args.elo1)
        done = (value >= upper) | (value <= lower)
        h1[alive[done]] = value[done] >= upper
        families[alive[done]] = step
        alive = alive[~done]
        if step >= args.max_families:
            raise RuntimeError(f"{alive.size} runs undecided after {step} families")
    return h1, families


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=20.0)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--draw", type=float, default=0.3, help="a rotation's tie chance")
    parser.add_argument("--luck", type=float, default=0.3, help="the largest seat luck, in win chance")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-families", type=int, default=100_000)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    began = time.monotonic()
    print(f"{'true elo':>8}  {'runs':>5}  {'H1 share':>9}  {'(nominal)':>10}  {'mean families':>14}  median  95th pct")
    errors = []
    for elo, nominal in ((args.elo0, args.alpha), (args.elo1, 1 - args.beta)):
        h1, families = simulate(rng, args.runs, elo, args)
        share = h1.mean()
        print(
            f"{elo:8g}  {args.runs:5d}  {share:9.3f}  {nominal:10.3f}  {families.mean():14.0f}  "
            f"{np.median(families):6.0f}  {np.percentile(families, 95):8.0f}"
        )
        errors.append(share if elo == args.elo0 else 1 - share)
    se = (args.alpha * (1 - args.alpha) / args.runs) ** 0.5
    print(
        f"\ntype I error {errors[0]:.3f} (alpha {args.alpha:g}), type II error {errors[1]:.3f} (beta {args.beta:g}); "
        f"binomial se of a true alpha over {args.runs} runs: {se:.3f}; {time.monotonic() - began:.0f} s"
    )


if __name__ == "__main__":
    main()
