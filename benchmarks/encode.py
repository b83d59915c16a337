"""What writing a decision request costs the referee, per decision, for each game.

Plays matches in process with random legal moves (no bots, as benchmarks/referee_loop.py)
and times only the seat writer's `request`: the request's view and legal actions written
as a gRPC bot's bytes (`ProtobufRequests`) or a stdio bot's JSON line (`JsonRequests`),
from a view the match made before (its cost is shown apart, as "view").  The events of
the deal, written once when recorded, are shown apart too ("events").  Each kind of seat
plays the same seeds after untimed matches (a tournament's later matches find the
actions of the games that intern them encoded already); the figure is the median over
the matches of the thread's CPU nanoseconds per decision (`time.thread_time_ns`: on a
shared machine the load moves wall time far more), and the load is printed with it.

    python benchmarks/encode.py [--games conto,vegas] [--deals 40] [--matches 6] [--warm 2]
    python benchmarks/encode.py --games conto --profile     # cProfile of the bytes' writing
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from arena.play import JsonRequests, Match, ProtobufRequests, RequestFormat  # noqa: E402
from arena.v1 import arena_pb2 as pb  # noqa: E402

KINDS: dict[str, RequestFormat] = {"bytes": ProtobufRequests, "json": JsonRequests}
GAMES = ("conto", "vegas", "invido", "bridge", "frederik")


class _Silent:
    """A seat's stream that takes every message and sends it nowhere."""

    def send(self, message: object) -> None:
        pass

    def cancel(self) -> None:
        pass


class _Timed:
    """A seat writer whose `request` and `recorded` are timed in thread CPU nanoseconds."""

    def __init__(self, writer: Any, profiler: cProfile.Profile | None) -> None:
        self.writer = writer
        self.profiler = profiler
        self.request_ns = self.recorded_ns = 0

    def adopt(self, seat: Any) -> None:
        self.writer.adopt(seat)

    def recorded(self, seat: Any, event: engine.Event) -> None:
        started = time.thread_time_ns()
        self.writer.recorded(seat, event)
        self.recorded_ns += time.thread_time_ns() - started

    def request(self, *args: Any) -> object:
        profiler = self.profiler
        if profiler is not None:
            profiler.enable()
        started = time.thread_time_ns()
        request = self.writer.request(*args)
        self.request_ns += time.thread_time_ns() - started
        if profiler is not None:
            profiler.disable()
        return request

    def last(self, seat: Any, end: pb.MatchEnd) -> list[object]:
        return self.writer.last(seat, end)


def one_match(
    game: engine.Game, request_format: RequestFormat, seed: int, deals: int, profiler: cProfile.Profile | None = None
) -> tuple[float, float, float, int, int]:
    """One match of random answers: the request's, the events' and the views' µs of
    thread CPU per decision, the decisions and the legal actions offered."""
    match = Match(game, [f"seat{i}" for i in range(game.players)], seed=seed, deals=deals, move_time=5.0)
    timed = _Timed(request_format(match.wire, match.state, match.deals), profiler)
    for seat in match.seats:
        seat.stream = _Silent()
        seat.write_with(timed)
    chooser = random.Random(seed)
    state = match.state
    decisions = view_ns = offered = 0
    while (ask := match.next_request()) is not None:
        turn = state.turn()
        assert turn is not None
        started = time.thread_time_ns()
        state.view(turn.seat)  # as the match made it for the request: timed apart
        view_ns += time.thread_time_ns() - started
        legal = len(state.legal_actions())
        offered += legal
        index = chooser.randrange(legal)
        match.answered(ask.seat, pb.Decision(decision_id=ask.decision_id, action_index=index), 0.0)
        decisions += 1
    match.send_match_end()
    per = 1e3 * max(decisions, 1)
    return timed.request_ns / per, timed.recorded_ns / per, view_ns / per, decisions, offered


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game names")
    parser.add_argument("--deals", type=int, default=40, help="deals per match")
    parser.add_argument("--matches", type=int, default=6, help="timed matches per game and kind of seat")
    parser.add_argument("--warm", type=int, default=2, help="untimed matches first, per game and kind")
    parser.add_argument("--profile", action="store_true", help="cProfile the bytes' requests of the first game")
    args = parser.parse_args(argv)
    names = [name.strip() for name in args.games.split(",") if name.strip()]
    unknown = sorted(set(names) - set(engine.game_names()))
    if unknown:
        parser.error(f"--games: no game {', '.join(unknown)}; the games are {', '.join(engine.game_names())}")
    print(f"load {' '.join(f'{value:.1f}' for value in os.getloadavg())} on {os.cpu_count()} cores")
    print("µs of thread CPU per decision, median over the matches (each match's value in brackets)")
    if args.profile:
        return _profile(names[0], args)
    for name in names:
        game = engine.load(name)
        for kind, request_format in KINDS.items():
            for seed in range(args.warm):
                one_match(game, request_format, 100 + seed, args.deals)
            rows = [one_match(game, request_format, 1000 + number, args.deals) for number in range(args.matches)]
            request = [row[0] for row in rows]
            shown = " ".join(f"{value:.1f}" for value in request)
            print(
                f"{name:>9} {kind:>5}: request {statistics.median(request):6.1f} ({shown});"
                f" events {statistics.median(row[1] for row in rows):5.1f};"
                f" view {statistics.median(row[2] for row in rows):5.1f};"
                f" {sum(row[3] for row in rows)} decisions,"
                f" {sum(row[4] for row in rows) / max(sum(row[3] for row in rows), 1):.1f} legal actions each"
            )
    return 0


def _profile(name: str, args: argparse.Namespace) -> int:
    game = engine.load(name)
    profiler = cProfile.Profile()
    for seed in range(args.warm):
        one_match(game, ProtobufRequests, 100 + seed, args.deals)
    for number in range(args.matches):
        one_match(game, ProtobufRequests, 1000 + number, args.deals, profiler)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    return 0


if __name__ == "__main__":
    sys.exit(main())
