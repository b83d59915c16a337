"""The referee's own work per decision, in process: a `Match` driven with random answers
and no bots, its requests written for each kind of seat (bytes, JSON lines, records).

What a match costs the referee beside its bots: the legal actions, the view, the
request written, the answer applied and its events handed to the seats, and the last
messages.  Timed as the thread's CPU time per match (on a shared machine the load moves
wall time far more than it moves that), after untimed matches that meet the actions a
tournament's later matches find encoded already.  Prints each kind's median over the
matches in microseconds per decision; compare two trees by running it in each,
alternating, and comparing the medians of the runs.

    python benchmarks/referee_loop.py [--game conto] [--deals 60] [--matches 8] [--warm 3]
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
from arena.play import JsonRequests, Match, ProtobufRequests, RecordRequests, RequestFormat  # noqa: E402
from arena.v1 import arena_pb2 as pb  # noqa: E402

KINDS: dict[str, RequestFormat] = {"bytes": ProtobufRequests, "json": JsonRequests, "records": RecordRequests}


class _Silent:
    """A seat's stream that takes every message and sends it nowhere."""

    def send(self, message: object) -> None:
        pass

    def cancel(self) -> None:
        pass


def one_match(game: engine.Game, request_format: RequestFormat, seed: int, deals: int) -> tuple[float, int]:
    """The thread's CPU seconds for one match of random answers, and its decisions."""
    started = time.thread_time()
    match = Match(game, [f"seat{i}" for i in range(game.players)], seed=seed, deals=deals, move_time=5.0)
    for seat in match.seats:
        seat.stream = _Silent()
        match.use_format(seat, request_format)
    chooser = random.Random(seed)
    decisions = 0
    while (ask := match.next_request()) is not None:
        index = chooser.randrange(len(match.state.legal_actions()))
        match.answered(ask.seat, pb.Decision(decision_id=ask.decision_id, action_index=index), 0.0)
        decisions += 1
    match.send_match_end()
    return time.thread_time() - started, decisions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="conto", help="a game with 4-player tables")
    parser.add_argument("--deals", type=int, default=60, help="deals per match")
    parser.add_argument("--matches", type=int, default=8, help="timed matches per kind of seat")
    parser.add_argument("--warm", type=int, default=3, help="untimed matches first")
    args = parser.parse_args(argv)
    game = engine.load(args.game, players=4)
    for seed in range(args.warm):
        one_match(game, ProtobufRequests, 100 + seed, args.deals)
    for name, request_format in KINDS.items():
        per_decision = []
        for number in range(args.matches):
            seconds, decisions = one_match(game, request_format, 1000 + number, args.deals)
            per_decision.append(seconds / decisions * 1e6)
        shown = " ".join(f"{value:.0f}" for value in per_decision)
        print(f"{name:>8}: median {statistics.median(per_decision):6.1f} µs of CPU per decision ({shown})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
