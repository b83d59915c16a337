"""Speed of bridge-dd's card play: seconds per card at its default settings.

A few boards from fixed seeds, bid by the natural system and played out with bridge-dd in
every seat (each seat its own bot, as in a match); every card decision of bridge-dd is
timed from the request (read, sampling, DDS solves, choice) with `time.monotonic`.  A
card with a single legal choice and the opening lead (a rule, no search) are timed too,
and reported apart.  Prints the median and the maximum per card, and exits with status 1
when the maximum is above the limit (0.5 s: the per-card ceiling on 2 cores).

    python benchmarks/bridge_dd.py [--boards 4] [--limit 0.5] [--budget 0.4]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from arena.play import GameWire  # noqa: E402
from arena.v1 import arena_pb2 as pb  # noqa: E402
from bots.bridge_dd import BridgeDDBot  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=4)
    parser.add_argument("--limit", type=float, default=0.5)
    parser.add_argument("--budget", type=float, default=None, help="bridge-dd's --budget (default: its own)")
    args = parser.parse_args()
    game = engine.load("bridge")
    wire = GameWire(game)
    params = {} if args.budget is None else {"budget": args.budget}
    searched: list[float] = []
    trivial: list[float] = []
    for board in range(args.boards):
        state = game.new_match(seed=2000 + board, deals=1)
        bots = [BridgeDDBot(dict(params)) for _ in range(4)]
        for seat, bot in enumerate(bots):
            bot.on_match_start(pb.MatchStart(match_id=f"bench-{board}", seat=seat, game="bridge", players=4))
        while not state.is_terminal():
            turn = state.turn()
            assert turn is not None
            request = pb.DecisionRequest(
                decision_id=1,
                time_limit_ms=1000,
                view=wire.view(state.view(turn.seat)),
                legal_actions=wire.actions(state.legal_actions()),
                acting_seat=turn.acting_seat,
            )
            playing = state.phase.name == "PLAY"
            first_card = playing and not state.trick and state.trick_number == 1
            started = time.monotonic()
            index = bots[turn.seat].act(request)
            elapsed = time.monotonic() - started
            if playing:
                (trivial if first_card or len(request.legal_actions) == 1 else searched).append(elapsed)
            state.apply(state.legal_actions()[index])
        print(f"board {board + 1}: {state.history[-2].text}")
    if not searched:
        print("no card was searched (every board passed out?)")
        return 1
    median, worst = statistics.median(searched), max(searched)
    print(
        f"bridge-dd, {len(searched)} searched cards over {args.boards} boards: "
        f"median {median:.3f} s, max {worst:.3f} s per card "
        f"(opening leads and forced cards: {len(trivial)}, max {max(trivial, default=0.0):.3f} s)"
    )
    return 0 if worst <= args.limit else 1


if __name__ == "__main__":
    sys.exit(main())
