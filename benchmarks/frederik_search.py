"""Speed of frederik-search: seconds per decision at its default settings.

Whole 4-player deals from fixed seeds, frederik-search in every seat (each seat its own
bot, as in a match), every decision timed from the request to the answer (reading the
request, sampling, the playouts, the choice) with `time.monotonic`: the draft's keeps
and return orders, battle turns, answers and interrupts.  Prints the median, the 99th
percentile and the maximum per decision kind and over all, and exits with status 1 when
the maximum is above the limit (issue 18: 0.2 s a decision).  Run it on an idle machine:
each decision uses one core to its budget, and other work on the core lengthens it.

    python benchmarks/frederik_search.py [--deals 6] [--limit 0.2] [--budget 0.15]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from arena.play import GameWire  # noqa: E402
from arena.v1 import arena_pb2 as pb  # noqa: E402
from bots.frederik_search import FrederikSearchBot  # noqa: E402

PLAYERS = 4


def _summary(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (
        f"{len(times):5d} decisions: median {statistics.median(times) * 1000:4.0f} ms, "
        f"p99 {p99 * 1000:4.0f} ms, max {ordered[-1] * 1000:4.0f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--limit", type=float, default=0.2)
    parser.add_argument("--budget", type=float, default=None, help="frederik-search's --budget (default: its own)")
    args = parser.parse_args()
    game = engine.load("frederik", players=PLAYERS)
    wire = GameWire(game)
    params = {} if args.budget is None else {"budget": args.budget}
    by_kind: dict[str, list[float]] = defaultdict(list)
    for deal in range(args.deals):
        state = game.new_match(seed=1800 + deal, deals=1)
        bots = [FrederikSearchBot(dict(params)) for _ in range(PLAYERS)]
        for seat, bot in enumerate(bots):
            bot.on_match_start(pb.MatchStart(match_id=f"bench-{deal}", seat=seat, game="frederik", players=PLAYERS))
        while not state.is_terminal():
            turn = state.turn()
            assert turn is not None
            request = pb.DecisionRequest(
                decision_id=1,
                time_limit_ms=1000,
                view=wire.view(state.view(turn.seat)),
                legal_actions=wire.actions(state.legal_actions()),
                kind=turn.kind.value,
                acting_seat=turn.acting_seat,
                responding_to=turn.responding_to,
            )
            started = time.monotonic()
            index = bots[turn.seat].act(request)
            by_kind[state.phase.name.lower() + " " + turn.kind.name.lower()].append(time.monotonic() - started)
            state.apply(state.legal_actions()[index])
        print(f"deal {deal + 1}: {state.history[-2].text}")
    every = [t for times in by_kind.values() for t in times]
    for kind, times in sorted(by_kind.items()):
        print(f"  {kind:18s} {_summary(times)}")
    print(f"frederik-search, {args.deals} deals at {PLAYERS} players: {_summary(every)}")
    return 0 if max(every) <= args.limit else 1


if __name__ == "__main__":
    sys.exit(main())
