"""`arena bench`: the full referee path against raw grpcio ping-pong, and where the time goes.

The full path plays one conto match between SDK random bots, each its own process,
through the pool, the referee and its driver, and records every request it sends.  The
same request bytes are then sent, in the match's order, each to a server of its own
seat (a process woken after three others have had their turn answers more slowly than
one that never sleeps, so this is what a match has to cost anyway):

- raw grpcio to bare echo servers: the reference the full path is measured against
  (and, for the classic figure, all to one hot server);
- through the referee's own streams, waited for from a thread as the referee does:
  what handing requests to grpcio's threads and answers back costs;
- raw grpcio to SDK random bots instead of echo servers: what the SDK costs.

Each side's own work is also timed in this process on the same messages: the echo's
(decode, answer, encode) and the SDK bot's (decode, events, `act`, encode).  The
referee's own work is timed inside the full path, phase by phase.  So every line of the
breakdown is measured, and what is left over is said as such.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import tempfile
import time
from collections import deque
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import trio

import engine
from arena.cli._common import PROJECT_ROOT
from arena.cli._pingpong import driver_round_trips, echo_answer, raw_round_trips, servers
from arena.play import open_bot_pool, play_match
from arena.play._match import RefereeProfile
from arena.records import BotEntry
from arena.v1 import arena_pb2 as pb

__all__ = ["add_parser", "main"]

RANDOM_BOT = PROJECT_ROOT / "bots" / "random_bot.py"


class _Recording:
    """Wraps a seat client and keeps (seat, request bytes) for every request it sends."""

    def __init__(self, client, seat: int, sink: list[tuple[int, bytes]]) -> None:
        self._client = client
        self._seat = seat
        self._sink = sink
        self.name = client.name

    @asynccontextmanager
    async def open_play(self, start):
        async with self._client.open_play(start) as stream:
            yield _RecordingStream(stream, self._seat, self._sink)


class _RecordingStream:
    def __init__(self, stream, seat: int, sink: list[tuple[int, bytes]]) -> None:
        self._stream, self._seat, self._sink = stream, seat, sink

    def send(self, message):
        self._stream.send(message)

    def cancel(self):
        self._stream.cancel()

    async def decide(self, request, decision_id, time_limit):
        self._sink.append((self._seat, request))
        return await self._stream.decide(request, decision_id, time_limit)

    def decide_blocking(self, request, decision_id, time_limit):
        self._sink.append((self._seat, request))
        return self._stream.decide_blocking(request, decision_id, time_limit)


@dataclass
class FullPath:
    decisions: int
    seconds: float
    requests: list[tuple[int, bytes]]
    profile: RefereeProfile

    @property
    def rate(self) -> float:
        return self.decisions / self.seconds


def full_path(hands: int, players: int, log_dir: Path, *, in_trio: bool = False, warm: int = 1) -> FullPath:
    """One match through everything; `warm` matches first, untimed (start-up, first-use
    caches; a tournament's later matches find most actions already encoded)."""
    names = [f"random{i + 1}" for i in range(players)]
    entries = {name: BotEntry(name, command=(sys.executable, str(RANDOM_BOT))) for name in names}
    game = engine.load("conto", players=players)
    requests: list[tuple[int, bytes]] = []
    profile = RefereeProfile()

    async def run():
        async with open_bot_pool(entries, log_dir, game="conto") as pool:
            for name in names:
                await pool.hello(name)
            for seed in range(warm):
                seats = [pool.seat(n) for n in names]
                await play_match(game, seats, seed=100 + seed, deals=hands, move_time=5.0, in_trio=in_trio)
            seats = [_Recording(pool.seat(n), i, requests) for i, n in enumerate(names)]
            started = time.perf_counter()
            record = await play_match(
                game, seats, seed=1, deals=hands, move_time=5.0, match_id="bench", profile=profile, in_trio=in_trio
            )
            return record, time.perf_counter() - started

    record, seconds = trio.run(run)
    if record.faults:
        raise SystemExit(f"The bench match had faults: {record.faults}")
    return FullPath(record.decisions, seconds, requests, profile)


def _random_bot_class() -> type:
    spec = importlib.util.spec_from_file_location("arena_bench_random_bot", RANDOM_BOT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.RandomBot


def own_work(requests: list[tuple[int, bytes]]) -> tuple[float, float]:
    """Seconds per decision, in this process, of the echo server's work and of the SDK
    random bot's (decode; the bot's events and `act`, as the SDK's Play loop runs them;
    encode), on the same requests."""
    from arena.sdk import _Servicer

    messages = [request for _, request in requests]
    started = time.perf_counter()
    for raw in messages:
        echo_answer(pb.RefereeMessage.FromString(raw)).SerializeToString()
    echo = (time.perf_counter() - started) / len(messages)

    servicer = _Servicer(_random_bot_class(), {})
    inbox = deque([pb.RefereeMessage(match_start=pb.MatchStart(game="conto"))])
    answers = servicer.Play(iter(inbox.popleft, None), None)
    started = time.perf_counter()
    for raw in messages:
        inbox.append(pb.RefereeMessage.FromString(raw))
        next(answers).SerializeToString()
    sdk = (time.perf_counter() - started) / len(messages)
    return echo, sdk


def add_parser(sub: argparse._SubParsersAction) -> None:
    bench = sub.add_parser("bench", help="measure the full path against raw gRPC ping-pong, and where its time goes")
    bench.add_argument("--hands", type=int, default=60, help="hands in the timed match (default 60)")
    bench.add_argument("--players", type=int, default=4, help="players at the table (default 4)")
    bench.add_argument("--warm", type=int, default=3, help="untimed matches first (default 3)")
    bench.set_defaults(func=main)


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:7.0f} µs"


def main(args: argparse.Namespace) -> int:
    log_dir = Path(tempfile.mkdtemp(prefix="arena-bench-logs-"))
    players = args.players
    print(
        f"Full path: one {players}-player conto match of {args.hands} hands between SDK random bots "
        f"(after {args.warm} untimed) …"
    )
    full = full_path(args.hands, players, log_dir, warm=args.warm)
    sizes = [len(r) for _, r in full.requests]
    profile = full.profile
    print(f"  {full.decisions} decisions in {full.seconds:.2f} s: {full.rate:,.0f} decisions/s (driven from a thread)")
    print(f"  requests: {statistics.median(sizes):,.0f} bytes median, {max(sizes):,} max")
    work = profile.per_decision or [0.0]
    phases = ", ".join(
        f"{name} {seconds / max(profile.decisions, 1) * 1e6:.0f}" for name, seconds in profile.phases().items()
    )
    print(f"  the referee's own work: {statistics.median(work) * 1e6:.0f} µs median per decision (mean µs: {phases})")
    in_trio = full_path(args.hands, players, log_dir, in_trio=True, warm=args.warm)
    print(f"  the same match driven from trio instead: {in_trio.rate:,.0f} decisions/s")

    requests = full.requests
    print(f"Ping-pong with the same {len(requests)} requests, one server per seat in the match's order …")
    with servers(players) as addresses:
        raw = raw_round_trips(requests, addresses)
        driver = driver_round_trips(requests, addresses)
    print(f"  raw grpcio to echo servers:                 {raw:,.0f} round trips/s")
    print(f"  the referee's streams, waited from a thread: {driver:,.0f} round trips/s")
    with servers(players, (sys.executable, str(RANDOM_BOT))) as addresses:
        sdk_raw = raw_round_trips(requests, addresses)
    print(f"  raw grpcio to SDK random bots:              {sdk_raw:,.0f} round trips/s")
    with servers(1) as addresses:
        one = raw_round_trips(requests, addresses)
    print(f"  raw grpcio, all to one echo server:         {one:,.0f} round trips/s")

    echo_work, sdk_work = own_work(requests)
    referee = sum(profile.phases().values()) / max(profile.decisions, 1)
    per_decision = 1 / full.rate
    transport = 1 / raw - echo_work
    hand_over = 1 / driver - 1 / raw
    parts = {
        "transport (raw round trip less the echo's own work)": transport,
        "hand-over to grpcio's threads and back (driver − raw)": hand_over,
        "the SDK bot's own work (decode, events, act, encode)": sdk_work,
        "the referee's own work (mean)": referee,
    }
    print("Where a decision's time goes on the full path, per decision:")
    for name, seconds in parts.items():
        print(f"  {name:<56}{_us(seconds)}")
    rest = per_decision - sum(parts.values())
    print(f"  {'left over (not accounted for above)':<56}{_us(rest)}")
    print(f"  {'the full path, measured':<56}{_us(per_decision)}")
    print(f"The echo server's own work: {echo_work * 1e6:.0f} µs; the SDK's overhead beyond it, ", end="")
    print(f"in process {(sdk_work - echo_work) * 1e6:.0f} µs, over gRPC {(1 / sdk_raw - 1 / raw) * 1e6:.0f} µs")
    print(f"Ratio full path / raw ping-pong, one server per seat: {full.rate / raw:.2f}  (goal ≥ 0.60)")
    print(f"Ratio full path driven from trio / the same:          {in_trio.rate / raw:.2f}")
    print(f"Ratio full path / raw ping-pong to one server:        {full.rate / one:.2f}")
    return 0
