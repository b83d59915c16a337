"""Does a reading of a shipped tournament hold on other seeds?  Pool the runs and see.

One run deals one set of cards; a claim such as "these two do not separate" may hold on
that seed only.  Rerun the tournament on other seeds into files of their own, then give
them all here: each file's deal families stay its own (the seed prefixes them), and one
fit over all of them gives each bot's Elo, its ±95% and the likelihood of superiority
(LOS) of every pair, as the Elo table computes them (`arena.results.ratings.fit`).

    for seed in 4242 4343; do
        nice -n 10 arena run tournaments/frederik.toml --seed $seed --results /tmp/frederik-$seed.sqlite
    done
    python benchmarks/pooled_seeds.py results/frederik.sqlite /tmp/frederik-4242.sqlite /tmp/frederik-4343.sqlite

Each file alone is fitted too, so a pair that separates on one seed and not another
shows it.

Measured on the shared 2-core dev box (2026-11-27, `nice -n 10`, one run at a time):

    conto zoo (tournaments/conto.toml), seeds 2026, 4242, 4343: 140 matches each, 429 to
    500 s a run; pooled, 2,880 deals a bot:
        search +326 ± 39, adaptive +63 ± 17, ismcts -12 ± 16, bluffer -58 ± 13,
        honest -74 ± 14, probabilist -79 ± 13, random -164 ± 14
        LOS bluffer over honest 95.1%, over probabilist 99.1%; honest over probabilist 70.4%
        seed by seed, bluffer / honest / probabilist: 2026 -47 / -64 / -79 (LOS 84.0%,
        82.5%); 4242 -58 / -91 / -89 (bluffer over both 97%, the others 53.5%); 4343
        -74 / -73 / -74 (LOS 51.7% to 53.5%)

    frederik (tournaments/frederik.toml), seeds 18, 4242, 4343: 32 matches each, 327 to
    405 s a run; pooled, 960 deals a bot:
        search +163 ± 14, greedy +134 ± 15, saboteur +101 ± 15, random -398 ± 30
        LOS search over greedy 99.9%, greedy over saboteur 99.9%
        seed by seed, greedy over saboteur 82.9%, 90.4%, 99.9%; search over greedy
        97.1%, 99.6%, 81.4%
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import engine
from arena.results import ResultStore
from arena.results.ratings import Observation, RatingError, RatingTable, fit
from arena.results.tables import observations


def _observations(path: Path) -> tuple[str, list[Observation]]:
    store = ResultStore.open_readonly(path)
    try:
        matches = list(store.matches(history=True))
        game_name = store.info().game
        game = engine.load(game_name, **store.info().options)
    finally:
        store.close()
    rated = observations(matches, game)
    return game_name, [Observation(o.sides, o.ranks, o.weight, cluster=(path.name, o.cluster)) for o in rated]


def _los(table: RatingTable, first: int, second: int) -> float:
    cov = table.covariance
    variance = cov[first][first] + cov[second][second] - 2 * cov[first][second]
    difference = table.ratings[first].elo - table.ratings[second].elo
    return 0.5 * (1 + math.erf(difference / math.sqrt(2 * variance))) if variance > 0 else float("nan")


def _print(title: str, table: RatingTable) -> None:
    print(title)
    for rating in table.ratings:
        print(f"  {rating.name:<14} {rating.elo:+6.0f} ± {1.96 * rating.sd:3.0f}")
    names = [rating.name for rating in table.ratings]
    for i in range(len(names) - 1):
        pairs = ", ".join(f"{names[j]} {100 * _los(table, i, j):.1f}%" for j in range(i + 1, len(names)))
        print(f"  LOS {names[i]} over: {pairs}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", nargs="+", type=Path, help="results files of one tournament on several seeds")
    args = parser.parse_args(argv)
    pooled: list[Observation] = []
    games = set()
    for path in args.results:
        if not path.exists():
            print(f"pooled_seeds: {path}: no such results file", file=sys.stderr)
            return 2
        game_name, rated = _observations(path)
        games.add(game_name)
        pooled.extend(rated)
        try:
            _print(f"{path} ({len(rated)} observations)", fit(rated))
        except RatingError as error:
            print(f"{path}: no ratings: {error}")
    if len(games) > 1:
        print(f"pooled_seeds: the files are of different games ({', '.join(sorted(games))})", file=sys.stderr)
        return 2
    _print(f"pooled, {len(args.results)} files ({len(pooled)} observations)", fit(pooled))
    return 0


if __name__ == "__main__":
    sys.exit(main())
