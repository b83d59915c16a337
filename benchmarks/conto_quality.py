"""Quality of the conto bots: a duplicate round robin, in process, rated with Elo.

Every 4-subset of the six bots (random, honest, probabilist, bluffer, adaptive, search)
plays matches of `--hands` hands on fixed seeds; each match is replayed with the bots
rotated through the four seats (4 rotations), so every bot holds every seat's cards.
Successive seeds of a table use its different cyclic seat orders, since in conto it
matters who sits on whose left (the bill is called on the previous player).
No gRPC: the referee's own match (arena.play.Match) builds each request, which goes to
the bot as the SDK hands it over, every new event to `on_event` first (sdk.EventFeed),
then the request to `act`.  Every hand is one observation (Luce "who loses": the
hand's loser ranks last), fitted by arena.results.ratings.fit.

    python benchmarks/conto_quality.py                 # the full run (~7 min on 2 cores)
    python benchmarks/conto_quality.py --matches 2 --hands 5 --search-time 0.01  # smoke

The search bot's time per decision is a parameter (`--search-time`, seconds); the
shipped tournament gives it at most 0.1 s (--max_time), this script 30 ms by default.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import engine  # noqa: E402
from arena import sdk  # noqa: E402
from arena.play import Match  # noqa: E402
from arena.results import ratings  # noqa: E402
from arena.v1 import arena_pb2 as pb  # noqa: E402
from bots.conto_adaptive import AdaptiveBot  # noqa: E402
from bots.conto_bluffer import BlufferBot  # noqa: E402
from bots.conto_honest import HonestBot  # noqa: E402
from bots.conto_probabilist import ProbabilistBot  # noqa: E402
from bots.conto_search import SearchBot  # noqa: E402
from bots.random_bot import RandomBot  # noqa: E402

BOTS = {
    "random": RandomBot,
    "honest": HonestBot,
    "probabilist": ProbabilistBot,
    "bluffer": BlufferBot,
    "adaptive": AdaptiveBot,
    "search": SearchBot,
}


class _InProcess:
    """A seat's stream in process: nothing to send, nothing to cancel."""

    def send(self, message) -> None:
        pass

    def cancel(self) -> None:
        pass


def play_match(
    names: tuple[str, ...],
    params: dict[str, dict],
    seed: int,
    hands: int,
    move_time_ms: int = 1000,
    game_options: dict | None = None,
    keep: list | None = None,
) -> tuple[list, dict]:
    """One match in process; returns (one (seat names, ranks) per hand, seconds per bot).

    `keep`, when given, receives the finished engine state (for diagnostics)."""
    import random

    random.seed(seed * 7919 + hash(names) % 1000)  # the random bot uses the global RNG
    game = engine.load("conto", players=len(names), **(game_options or {}))
    # The referee's own match, transport aside: its requests are the ones bots get.
    match = Match(game, names, seed=seed, deals=hands, move_time=move_time_ms / 1000, match_id=f"q{seed}")
    bots, feeds = [], []
    for seat in match.seats:
        seat.stream = _InProcess()
        bot = BOTS[names[seat.index]](dict(params.get(names[seat.index], {})))
        bot.match = match.start_message(seat)
        bot.match.match_id = f"q{seed}-{'-'.join(names)}"
        bot.on_match_start(bot.match)
        bots.append(bot)
        feeds.append(sdk.EventFeed())
    spent: Counter = Counter()
    while (ask := match.next_request()) is not None:
        seat, raw, decision_id, _ = ask
        request = pb.RefereeMessage.FromString(raw).decision_request
        bot = bots[seat.index]
        start = time.perf_counter()
        feeds[seat.index].deliver(request, bot.on_event)  # as the SDK does: events first, then `act`
        bot.comment = ""
        index = bot.act(request)
        spent[names[seat.index]] += time.perf_counter() - start
        match.answered(seat, pb.Decision(decision_id=decision_id, action_index=index), 0.0)
    state = match.state
    if keep is not None:
        keep.append(state)
    results = [(names, deal.ranks) for deal in state.deal_results()]
    return results, dict(spent)


def seat_orders(subset: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The cyclic orders of a table (who sits on whose left matters in conto)."""
    first, rest = subset[0], subset[1:]
    return [(first, *perm) for perm in itertools.permutations(rest)]


def run_task(task: tuple) -> tuple[list, dict]:
    """One seed at one table: the match played in every rotation of one cyclic order."""
    order, seed, hands, params = task
    out: list = []
    spent: Counter = Counter()
    for rotation in range(len(order)):
        names = tuple(order[(seat + rotation) % len(order)] for seat in range(len(order)))
        results, t = play_match(names, params, seed, hands)
        out.extend(results)
        spent.update(t)
    return out, dict(spent)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=10, help="seeds per 4-subset (each played in 4 rotations)")
    parser.add_argument("--hands", type=int, default=20, help="hands per match")
    parser.add_argument("--search-time", type=float, default=0.03, help="search bot seconds per decision")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default=",".join(BOTS), help="comma-separated subset of " + ",".join(BOTS))
    parser.add_argument("--table", type=int, default=4, help="players per table")
    parser.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="BOT.KEY=VALUE",
        help="a bot parameter, e.g. honest.order=largest (repeatable)",
    )
    args = parser.parse_args(argv)

    names = [n.strip() for n in args.bots.split(",") if n.strip()]
    params = {"search": {"max_time": args.search_time}}
    for item in args.param:  # e.g. --param honest.order=largest
        key, _, value = item.partition("=")
        bot, _, name = key.partition(".")
        params.setdefault(bot, {})[name] = value
    subsets = list(itertools.combinations(names, args.table))
    # Match k of a table uses the table's k-th cyclic order (of 6 for 4 players), so every
    # bot sits both before and after every other; each is replayed in all rotations.
    tasks = []
    for k in range(args.matches):
        for subset in subsets:
            orders = seat_orders(subset)
            tasks.append((orders[k % len(orders)], args.seed * 100_000 + k, args.hands, params))
    print(
        f"{len(subsets)} tables x {args.matches} seeds x {args.table} rotations x {args.hands} hands "
        f"= {len(tasks) * args.table * args.hands} hands; search {args.search_time * 1000:.0f} ms/decision; "
        f"{args.workers} workers",
        flush=True,
    )
    start = time.perf_counter()
    observations = []
    spent: Counter = Counter()
    losses: Counter = Counter()
    seats: Counter = Counter()
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            outcomes = list(pool.map(run_task, tasks, chunksize=1))
    else:
        outcomes = [run_task(t) for t in tasks]
    for results, t in outcomes:
        spent.update(t)
        for seat_names, ranks in results:
            observations.append(ratings.Observation(sides=tuple((n,) for n in seat_names), ranks=ranks))
            for n, r in zip(seat_names, ranks):
                seats[n] += 1
                losses[n] += r > 0
    elapsed = time.perf_counter() - start
    table = ratings.fit(observations, anchor=("random", 0.0))
    print(
        f"{len(observations)} hands rated ({table.model}) in {elapsed:.0f} s; Elo relative to random "
        "(± = 95% interval of the difference to random; LOS next = P(stronger than the next row))\n"
    )
    print(f"{'bot':<12} {'elo':>7} {'±':>6} {'LOS next':>9} {'lost':>7} {'ms/hand':>8}")
    for rating, los in zip(table.ratings, table.los):
        n = rating.name
        half = (rating.high - rating.low) / 2
        los_text = f"{los * 100:.1f}%" if los is not None else ""
        print(
            f"{n:<12} {rating.elo:>7.0f} {half:>6.0f} {los_text:>9} {losses[n] / seats[n]:>7.1%} "
            f"{spent[n] * 1000 / max(seats[n], 1):>8.1f}"
        )
    print()
    by_name = {r.name: r for r in table.ratings}
    heuristics = [n for n in ("honest", "probabilist", "bluffer", "adaptive") if n in by_name]
    if "random" in by_name:
        for n in heuristics:
            r = by_name[n]
            print(
                f"{n} beats random outside the error bars: {r.low > by_name['random'].high} "
                f"(LOS {table.los_between(n, 'random'):.4f})"
            )
    if "search" in by_name and heuristics:
        best = max(heuristics, key=lambda n: by_name[n].elo)
        gap = by_name["search"].elo - by_name[best].elo
        print(
            f"search - best heuristic ({best}) = {gap:+.0f} Elo (LOS {table.los_between('search', best):.4f}); "
            f"goal >= +100: {gap >= 100}"
        )


if __name__ == "__main__":
    main()
