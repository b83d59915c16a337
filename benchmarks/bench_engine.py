"""Engine speed: the cost of one decision of a game (conto unless --game says), as the referee pays it.

A decision is `state.apply(action)` followed by `state.legal_actions()` (the referee
applies a bot's move, then asks what the next seat may do).  Random 4-player playouts from
a fixed seed; every decision is timed alone with `time.perf_counter_ns`, outside the
random choice.  Prints the median, p90 and p99 in microseconds and decisions per second,
and exits with status 1 when the median is above the budget.

    python benchmarks/bench_engine.py [--game vegas] [--decisions N] [--budget-us 30]

The budget is 30 µs, or the game's own figure where its issue set one (frederik 50 µs).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402

BUDGET_US = 30.0
#: Games whose issue set another figure (frederik: issue 18, median ≤ 50 µs per step).
GAME_BUDGET_US = {"frederik": 50.0}


def measure(decisions: int, seed: int = 20240601, name: str = "conto") -> list[int]:
    """Per-decision times in nanoseconds over random 4-player playouts."""
    game = engine.load(name, players=4)
    chooser = random.Random(seed)
    timings: list[int] = []
    clock = time.perf_counter_ns
    match_seed = 0
    while len(timings) < decisions:
        match_seed += 1
        state = game.new_match(seed=match_seed, deals=10)
        legal = state.legal_actions()
        while legal and len(timings) < decisions:
            action = chooser.choice(legal)
            start = clock()
            state.apply(action)
            legal = state.legal_actions()
            timings.append(clock() - start)
    return timings


def percentile(sorted_values: list[int], fraction: float) -> float:
    index = min(len(sorted_values) - 1, int(fraction * len(sorted_values)))
    return sorted_values[index] / 1000.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="conto", help="a game with 4-player tables (conto, vegas, frederik…)")
    parser.add_argument("--decisions", type=int, default=100_000)
    parser.add_argument(
        "--budget-us", type=float, help=f"default {BUDGET_US:.0f}, frederik {GAME_BUDGET_US['frederik']:.0f}"
    )
    args = parser.parse_args(argv)
    if args.budget_us is None:
        args.budget_us = GAME_BUDGET_US.get(args.game, BUDGET_US)

    measure(2_000, name=args.game)  # warm up: interned actions, caches
    timings = measure(args.decisions, name=args.game)
    ordered = sorted(timings)
    median = statistics.median(ordered) / 1000.0
    p90 = percentile(ordered, 0.90)
    p99 = percentile(ordered, 0.99)
    per_second = len(timings) / (sum(timings) / 1e9)
    print(f"{args.game}, 4 players, {len(timings)} decisions (apply + legal_actions)")
    print(f"  median {median:.1f} µs   p90 {p90:.1f} µs   p99 {p99:.1f} µs")
    print(f"  {per_second:,.0f} decisions/s")
    verdict = "ok" if median <= args.budget_us else "TOO SLOW"
    print(
        f"python benchmarks/bench_engine.py --game {args.game}: median {median:.1f} µs per decision "
        f"(budget {args.budget_us:.0f} µs): {verdict}"
    )
    return 0 if median <= args.budget_us else 1


if __name__ == "__main__":
    sys.exit(main())
