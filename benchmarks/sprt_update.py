"""What one SPRT update costs during a long run, at 1,000, 10,000 and 100,000 matches.

A run's `SprtFollower` hands each saved match's rated outcomes to a `SprtTracker`, which
fits the table (`arena.results.ratings.fit`, over everything so far) only when the new
matches could have moved the LLR to a bound (`arena.results.sprt.quiet_matches`); a fit
costs time in proportion to the results.  This streams conto deals (one deal a match,
the 4-seat Luce model with seat luck of `benchmarks/sprt.py`, candidate and baseline
alike) through a tracker whose test stays undecided, and times each update: the mean
and the largest over the matches from the last mark to each, the fits among them, and
what one fit of everything costs at the mark (each update, when every match was fitted).

    nice -n 15 python benchmarks/sprt_update.py [--marks 1000,10000,100000]
        [--elo0 -1] [--elo1 1] [--alpha 0.01] [--beta 0.01] [--seed 1]

Measured on the shared dev box under a load of 12-30 on its 2 cores (2026-11-27,
issue 40; an idle machine fits 100,000 deals in about 2 s, not 9):

          to  updates  fits  mean ms   max ms  one fit ms    LLR
    ------------------------------------------------------------
        1000     1000   207     5.26      142          53   0.05
       10000     9000    10     0.20      319         298  -0.18
      100000    90000    10     0.26     7773        9114  -0.55

The mean update from 1,000 to 100,000 matches is 0.2-0.3 ms, within issue 44's 5 ms
(over the first 1,000, whose first 200 matches are each fitted, 5.3 ms on this loaded
machine); the largest is one fit of everything, which grows with the results: a
run of 100,000 matches fits a handful of times per tenfold, each a few seconds, while
its LLR stays far from the bounds (near one, every match is fitted).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sprt import conto  # noqa: E402  (benchmarks/sprt.py: the game's simulation)

from arena.results.ratings import Observation  # noqa: E402
from arena.results.sprt import Decision, SprtTest, SprtTracker, difference  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--marks", default="1000,10000,100000")
    parser.add_argument("--elo0", type=float, default=-1.0)
    parser.add_argument("--elo1", type=float, default=1.0)
    parser.add_argument("--alpha", type=float, default=0.01)
    parser.add_argument("--beta", type=float, default=0.01)
    parser.add_argument("--luck", type=float, default=300.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    marks = sorted(int(mark) for mark in args.marks.split(","))
    rng = np.random.default_rng(args.seed)
    tracker = SprtTracker(SprtTest("c", "b", args.elo0, args.elo1, args.alpha, args.beta))
    rated: list[Observation] = []
    pending: list[Observation] = []
    windows = dict(zip(marks, zip([0, *marks], marks)))
    times: dict[int, list[float]] = {mark: [] for mark in marks}
    fits: dict[int, int] = dict.fromkeys(marks, 0)
    print(
        f"conto deals, one a match; SPRT c vs b [{args.elo0:g}, {args.elo1:g}], alpha {args.alpha:g}, "
        f"beta {args.beta:g}, the two alike; each update timed, from the last mark to each"
    )
    header = f"{'to':>8} {'updates':>8} {'fits':>5} {'mean ms':>8} {'max ms':>8} {'one fit ms':>11} {'LLR':>6}"
    print(header)
    print("-" * len(header))
    family = 0
    state = None
    for match in range(windows[marks[-1]][1]):
        if not pending:
            pending = conto(rng, family, 0.0, args.luck)
            family += 1
        new = pending.pop(0)
        began = time.perf_counter()
        rated.append(new)  # what SprtFollower.update does with a saved match's outcome
        state = tracker.standing(1)
        fitted = state is None
        if state is None:
            state = tracker.refit(rated)
        spent = time.perf_counter() - began
        for mark, (start, end) in windows.items():
            if start <= match < end:  # matches start+1 .. end
                times[mark].append(spent)
                fits[mark] += fitted
            if match == end - 1:
                began = time.perf_counter()
                difference(rated, "c", "b")
                whole = time.perf_counter() - began
                spans = np.array(times[mark]) * 1000
                print(
                    f"{mark:8d} {len(spans):8d} {fits[mark]:5d} {spans.mean():8.2f} {spans.max():8.0f} "
                    f"{1000 * whole:11.0f} {state.llr:6.2f}",
                    flush=True,
                )
        if state.decision is not Decision.CONTINUE:
            print(f"decided {state.decision.value} at {match + 1} matches: choose hypotheses further apart")
            return


if __name__ == "__main__":
    main()
