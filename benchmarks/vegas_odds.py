"""Speed of engine/vegas/odds.py: one `outlook` call, as the value bettor pays it.

Positions a seat reaches in play at a 4-player table: random deals from fixed seeds, the
centre flipped up to each betting round with the forced discards, nobody folding (three
opponents: the most work).  Every call is timed alone with `time.perf_counter_ns`, the
outlook cache cleared first, so each is computed afresh.  Prints the median and p90 per
betting round (round 1: four flips to come, the worst) and overall, and exits with
status 1 when a round's median is above the budget.

    python benchmarks/vegas_odds.py [--positions N] [--budget-ms 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.vegas import odds  # noqa: E402

RANKS = "A234567FCR"
DECK = [rank + suit for rank in RANKS for suit in "bcds"]
PLAYERS = 4
BUDGET_MS = 5.0


def position(rng: random.Random, flips: int) -> tuple[list[str], list[str], list[str], list[int]] | None:
    """Seat 0's view after `flips` flips of a random deal; None when the hand is over."""
    deck = DECK[:]
    rng.shuffle(deck)
    hands = [deck[3 * seat : 3 * seat + 3] for seat in range(PLAYERS)]
    centre = deck[3 * PLAYERS : 3 * PLAYERS + 4]
    thrown: list[str] = []
    for card in centre[:flips]:
        thrown += [c for hand in hands for c in hand if c[0] == card[0]]
        hands = [[c for c in hand if c[0] != card[0]] for hand in hands]
        if not all(hands):
            return None
    known = {*hands[0], *centre[:flips], *thrown}
    return hands[0], centre[:flips], [c for c in DECK if c not in known], [len(hand) for hand in hands[1:]]


def measure(positions: int, flips: int, seed: int) -> list[int]:
    """Nanoseconds per fresh call over `positions` positions after `flips` flips."""
    rng = random.Random(seed)
    timings: list[int] = []
    while len(timings) < positions:
        seen = position(rng, flips)
        if seen is None:
            continue
        odds._outlook.cache_clear()
        start = time.perf_counter_ns()
        odds.outlook(*seen)
        timings.append(time.perf_counter_ns() - start)
    return timings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300, help="positions per betting round")
    parser.add_argument("--budget-ms", type=float, default=BUDGET_MS)
    parser.add_argument("--seed", type=int, default=20260601)
    args = parser.parse_args(argv)

    for flips in range(5):
        measure(20, flips, args.seed + 99)  # warm up: the tables of centre flips, numpy
    print(f"odds.outlook, {PLAYERS} players, nobody folding, {args.positions} fresh calls per betting round")
    medians, everything = [], []
    for flips in range(5):
        timings = sorted(measure(args.positions, flips, args.seed + flips))
        everything += timings
        median = statistics.median(timings) / 1e6
        medians.append(median)
        p90 = timings[int(0.9 * len(timings))] / 1e6
        print(f"  round {flips + 1} ({4 - flips} to flip): median {median:.2f} ms   p90 {p90:.2f} ms")
    overall = statistics.median(everything) / 1e6
    worst = max(medians)
    verdict = "ok" if worst <= args.budget_ms else "TOO SLOW"
    print(
        f"python benchmarks/vegas_odds.py: median {overall:.2f} ms per call overall, "
        f"{worst:.2f} ms in the slowest round (budget {args.budget_ms:.0f} ms): {verdict}"
    )
    return 0 if worst <= args.budget_ms else 1


if __name__ == "__main__":
    sys.exit(main())
