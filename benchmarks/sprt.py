"""Does the SPRT of `arena.results.sprt` keep its error rates on the Elo table's scale?

For each game's rating model, simulates deal families with seat luck, rates them with
the table's own fit (`arena.results.ratings.fit`, through `sprt.difference` and
`sprt.llr`, the code `arena run` uses) every `--every` families (later on, after every
`--growth` more), and stops a run at a bound, moved in by Siegmund's correction for the
LLR's step since the last look (`sprt.bounds`, `sprt.step_sd`; `--no-correction`:
Wald's bounds as they are).  The arena looks after every saved match, more often: the
fewer the looks, the more the LLR overshoots its bound before it is seen, and the lower
the error rates without the correction.

The hypotheses are in **table Elo**: under seat luck the fit's Elo is not the strength
that generated the results (the luck flattens the chances, and a mixture of the model
is not the model), so each game's generating difference is calibrated first from one
large fit (`--calibrate` families, no prior) to give the table difference elo1; elo0 =
0 needs no calibration (the two bots are then alike).  `--runs` runs at elo0 (a
decision for H1 is a type I error, alpha) and as many at elo1 (H0: type II, beta).

Games (the candidate "c" against the baseline "b"):

    conto    per deal, one loser (Luce) at 4 seats: c, b and two others (+40, -80),
             one deal at the 4 rotations of the table, each seat's cards worth a normal
             amount of sd `--luck` Elo
    invido   per match, Bradley-Terry with draws (drawelo 60): c against b, the deals
             played twice with the seats swapped, the cards favouring one seat by a
             normal amount of sd `--luck` Elo
    vegas    per match, Plackett-Luce at 4 seats (c, b, +40, -80), the 4 rotations of
             the table, seat luck as conto's
    bridge   per board, Bradley-Terry with draws (drawelo 80) between the partnerships
             c and b, one board compared between its two tables; what luck survives the
             comparison, a normal swing of sd `--luck` / 4 Elo to one side

    nice -n 15 python benchmarks/sprt.py [--games conto,invido,vegas,bridge] [--runs 600]
        [--elo0 0] [--elo1 20] [--luck 300] [--every 8] [--growth 0.05] [--seed 1] [--no-correction]

With the overshoot correction (the bounds moved in by 0.5826 sd of the LLR's step since
the last look, `arena.results.sprt.bounds` and `step_sd`), measured on the shared dev
box under a load of 6-30 on its 2 cores (2026-11-27, issue 40), 500 runs per row,
--calibrate 20000, the defaults otherwise ("s": seconds of that loaded machine):

    game     table Elo generating  H1 share  error  mean families  median  95th pct     s
    -------------------------------------------------------------------------------------
    conto            0        0.0     0.042  0.042            538     426      1294  3043
    conto           20       31.7     0.950  0.050            557     437      1362   980
    vegas            0        0.0     0.036  0.036            144     112       341   682
    vegas           20       38.7     0.938  0.062            156     128       416  1478
    invido           0        0.0     0.044  0.044            467     368      1117   311
    invido          20       30.0     0.938  0.062            453     396       963   185
    bridge           0        0.0     0.046  0.046           1400    1117      3455   471
    bridge          20       20.8     0.946  0.054           1438    1173      3446   478

Before it (Wald's bounds as they are, now --no-correction), the same settings:

    game     table Elo generating  H1 share  error  mean families  median  95th pct     s
    -------------------------------------------------------------------------------------
    invido           0        0.0     0.042  0.042            532     416      1294    98
    invido          20       30.0     0.954  0.046            524     416      1173   133
    vegas            0        0.0     0.036  0.036            162     136       396   330
    vegas           20       38.7     0.950  0.050            175     136       459    76
    conto            0        0.0     0.032  0.032            592     459      1499   562
    conto           20       31.7     0.952  0.048            614     507      1499   270
    bridge           0        0.0     0.036  0.036           1560    1232      3809   634
    bridge          20       20.8     0.956  0.044           1597    1294      3990   571

The binomial se of a true 5% over 500 runs is 1.0 point. Without the correction alpha
was 3.2-4.2%, conto's below the 5 +- 1.5% band: the LLR seen every 8 families (later
every 5% more: 30 families near a conto decision) is past its bound by some of its step
when seen. With it every game is inside the band: alpha 3.6-4.6%, beta 5.0-6.2%, and the
decisions come 9-14% sooner. It leans the other way in invido and vegas (beta 6.2%):
Siegmund's constant holds for small steps, and a look every 5% more families is not
small; an ideal normal LLR at these looks (a check outside this file: known variance,
4,000 runs) gave 4.2% and 3.6% without the correction, 4.9% and 6.0% with it, and at a
look every 1% more (3,000 runs) 4.7% and 5.0%. The arena looks after every match, where
in a run of hundreds of matches the correction is a few hundredths of the LLR. The
"generating" column is the strength difference that gives +20 table Elo: seat luck
flattens the chances, by a third in conto and invido, a half in vegas.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.results.ratings import Observation, fit  # noqa: E402
from arena.results.sprt import bounds, difference, llr, step_sd  # noqa: E402

C = math.log(10.0) / 400.0
FIELD = {"x": 40.0, "y": -80.0}  # the other bots at a 4-seat table


def _table(delta: float) -> tuple[list[str], np.ndarray]:
    names = ["c", "b", *FIELD]
    return names, np.array([delta / 2, -delta / 2, *FIELD.values()])


def conto(rng: np.random.Generator, family: int, delta: float, luck: float) -> list[Observation]:
    names, strength = _table(delta)
    seat_luck = rng.normal(0.0, luck, 4)
    out = []
    for rotation in range(4):
        bots = np.roll(np.arange(4), rotation)
        weights = np.exp(-C * (strength[bots] + seat_luck))
        loser = rng.choice(4, p=weights / weights.sum())
        ranks = tuple(int(seat == loser) for seat in range(4))
        out.append(Observation(tuple((names[b],) for b in bots), ranks, cluster=family))
    return out


def vegas(rng: np.random.Generator, family: int, delta: float, luck: float) -> list[Observation]:
    names, strength = _table(delta)
    seat_luck = rng.normal(0.0, luck, 4)
    out = []
    for rotation in range(4):
        bots = np.roll(np.arange(4), rotation)
        score = C * (strength[bots] + seat_luck) + rng.gumbel(size=4)
        place = np.argsort(np.argsort(-score))
        out.append(Observation(tuple((names[b],) for b in bots), tuple(int(p) for p in place), cluster=family))
    return out


def _bradley_terry(rng: np.random.Generator, x: float, drawelo: float) -> tuple[int, int]:
    """Ranks of (side 0, side 1) at an Elo advantage x of side 0, BayesElo's draws."""
    win = 1.0 / (1.0 + 10.0 ** ((-x + drawelo) / 400.0))
    loss = 1.0 / (1.0 + 10.0 ** ((x + drawelo) / 400.0))
    u = rng.random()
    return (0, 1) if u < win else ((1, 0) if u < win + loss else (0, 0))


def invido(rng: np.random.Generator, family: int, delta: float, luck: float) -> list[Observation]:
    seat = rng.normal(0.0, luck)  # the cards favour seat 0 by this much
    out = []
    for sides, sign in ((("c", "b"), 1.0), (("b", "c"), -1.0)):
        ranks = _bradley_terry(rng, sign * delta + seat, 60.0)
        out.append(Observation(((sides[0],), (sides[1],)), ranks, cluster=family))
    return out


def bridge(rng: np.random.Generator, family: int, delta: float, luck: float) -> list[Observation]:
    ranks = _bradley_terry(rng, delta + rng.normal(0.0, luck / 4), 80.0)
    return [Observation((("c",), ("b",)), ranks, cluster=family)]


GAMES: dict[str, Callable[[np.random.Generator, int, float, float], list[Observation]]] = {
    "conto": conto,
    "invido": invido,
    "vegas": vegas,
    "bridge": bridge,
}


def table_elo(game: str, delta: float, luck: float, families: int, seed: int) -> float:
    """The fit's c - b over `families` families generated at strength difference `delta`."""
    rng = np.random.default_rng(seed)
    simulate = GAMES[game]
    rated = [obs for family in range(families) for obs in simulate(rng, family, delta, luck)]
    table = fit([Observation(o.sides, o.ranks, o.weight) for o in rated], prior_games=0)
    elo = {r.name: r.elo for r in table.ratings}
    return elo["c"] - elo["b"]


def run(rng: np.random.Generator, game: str, delta: float, args: argparse.Namespace) -> tuple[bool, int]:
    """One test: (decided H1, families to the decision)."""
    simulate = GAMES[game]
    rated: list[Observation] = []
    family = 0
    sd_before = math.inf  # the estimate's sd at the last look (inf: none yet)
    while family < args.max_families:
        look = max(family + args.every, math.ceil(family * (1 + args.growth)))  # later, every `growth` more
        while family < look:
            rated.extend(simulate(rng, family, delta, args.luck))
            family += 1
        estimate = difference(rated, "c", "b")
        value = llr(estimate, args.elo0, args.elo1)
        step = 0.0
        if estimate is not None and not args.no_correction:
            step = step_sd(args.elo0, args.elo1, estimate.sd, sd_before)  # the information this look added
            sd_before = estimate.sd
        lower, upper = bounds(args.alpha, args.beta, step)
        if value >= upper or value <= lower:
            return value >= upper, family
    raise RuntimeError(f"undecided after {family} families")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--runs", type=int, default=600)
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=20.0)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--luck", type=float, default=300.0, help="sd of a seat's luck, Elo")
    parser.add_argument("--every", type=int, default=8, help="families between two looks at the test")
    parser.add_argument("--growth", type=float, default=0.05, help="later on, a look every this share more")
    parser.add_argument("--calibrate", type=int, default=30_000, help="families of the calibrating fit")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-families", type=int, default=20_000)
    parser.add_argument("--only", choices=("h0", "h1"), help="the runs at one hypothesis only")
    parser.add_argument(
        "--no-correction", action="store_true", help="Wald's bounds as they are, no overshoot correction"
    )
    args = parser.parse_args()
    se = (args.alpha * (1 - args.alpha) / args.runs) ** 0.5
    print(
        f"{args.runs} runs per row; H0: table Elo {args.elo0:g}, H1: {args.elo1:g}; alpha {args.alpha:g}, "
        f"beta {args.beta:g}; seat luck sd {args.luck:g} Elo; a look every {args.every} families, later every "
        f"{100 * args.growth:g}% more "
        f"(binomial se of a true {args.alpha:g}: {se:.3f})"
    )
    header = (
        f"{'game':8} {'table Elo':>9} {'generating':>10} {'H1 share':>9} {'error':>6} {'mean families':>14} "
        f"{'median':>7} {'95th pct':>9} {'s':>5}"
    )
    print(header)
    print("-" * len(header))
    for game in args.games.split(","):
        probe = 200.0
        slope = table_elo(game, probe, args.luck, args.calibrate, args.seed + 7) / probe
        for target, is_h1 in ((args.elo0, False), (args.elo1, True)):
            if args.only is not None and args.only != ("h1" if is_h1 else "h0"):
                continue
            delta = target / slope
            began = time.monotonic()
            rng = np.random.default_rng(args.seed + (1 if is_h1 else 0))
            decisions, lengths = [], []
            for _ in range(args.runs):
                h1, families = run(rng, game, delta, args)
                decisions.append(h1)
                lengths.append(families)
            share = float(np.mean(decisions))
            error = 1 - share if is_h1 else share
            print(
                f"{game:8} {target:9g} {delta:10.1f} {share:9.3f} {error:6.3f} {np.mean(lengths):14.0f} "
                f"{np.median(lengths):7.0f} {np.percentile(lengths, 95):9.0f} {time.monotonic() - began:5.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
