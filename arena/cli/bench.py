"""`arena bench`: the full referee path against raw grpcio ping-pong, in one run.

The full path plays one conto match between random bots, each its own process, through
the pool, the referee and the trio bridge.  The ping-pong then sends the very request
bytes that match produced, over plain grpcio streams (blocking stub, no trio), to minimal
servers that parse each and answer a Decision.  Same messages, same sizes: the ratio is
what the arena's own machinery costs.

Two ping-pongs are timed.  One server: every request to the same hot process, the
classic round-trip figure.  One server per seat: each request to the server of the seat
it was sent to in the match, in the match's order, so the servers take turns the way
the bots did (a process woken after three others have had their turn answers more
slowly than one that never sleeps); that one measures what a match has to cost anyway.

A third run sends the same requests to the per-seat servers from trio, through the
referee's own bridge (arena/play/grpc_bot.py: a queue that grpcio's thread writes from, a reader
thread that hands each answer to trio), with nothing else between answer and request.
It splits the full path's cost in two: what reaching bots from trio costs, and what the
referee does per decision (apply, views, legal actions, encoding).
"""

from __future__ import annotations

import argparse
import os
import queue
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import AsyncExitStack, asynccontextmanager, contextmanager
from pathlib import Path

import grpc
import trio

import engine
from arena.cli._common import PROJECT_ROOT
from arena.play import open_bot_pool, play_match
from arena.play.grpc_bot import open_grpc_bot
from arena.records import BotEntry
from arena.v1 import arena_pb2 as pb

__all__ = ["add_parser", "main"]


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
            sink, seat = self._sink, self._seat

            class Stream:
                def send(self, message):
                    stream.send(message)

                def cancel(self):
                    stream.cancel()

                async def decide(self, request, decision_id, time_limit):
                    sink.append((seat, request))
                    return await stream.decide(request, decision_id, time_limit)

            yield Stream()


def full_path(hands: int, players: int, log_dir: Path) -> tuple[int, float, list[tuple[int, bytes]]]:
    bot = (sys.executable, str(PROJECT_ROOT / "bots" / "random_bot.py"))
    names = [f"random{i + 1}" for i in range(players)]
    entries = {name: BotEntry(name, command=bot) for name in names}
    game = engine.load("conto", players=players)
    requests: list[tuple[int, bytes]] = []

    async def run():
        async with open_bot_pool(entries, log_dir, game="conto") as pool:
            for name in names:
                await pool.hello(name)  # start-up is not part of the measure
            # Nor is warming up (first-use caches, imports): the ping-pong warms up too.
            await play_match(game, [pool.seat(n) for n in names], seed=2, deals=5, move_time=5.0)
            started = time.perf_counter()
            record = await play_match(
                game,
                [_Recording(pool.seat(n), i, requests) for i, n in enumerate(names)],
                seed=1,
                deals=hands,
                move_time=5.0,
                match_id="bench",
            )
            return record, time.perf_counter() - started

    record, seconds = trio.run(run)
    if record.faults:
        raise SystemExit(f"The bench match had faults: {record.faults}")
    return record.decisions, seconds, requests


@contextmanager
def _pingpong_servers(count: int) -> Iterator[list[str]]:
    """`count` minimal servers, each its own process; their addresses."""
    folder = tempfile.mkdtemp(prefix="arena-bench-")
    addresses = [f"unix:{folder}/pingpong{i}.sock" for i in range(count)]
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "arena.cli._pingpong", address],
            cwd=PROJECT_ROOT,
            env={**os.environ, "PYTHONPATH": str(PROJECT_ROOT)},
        )
        for address in addresses
    ]
    try:
        yield addresses
    finally:
        for process in processes:
            process.kill()
            process.wait()


def ping_pong(requests: list[tuple[int, bytes]], servers: int) -> float:
    """Round trips per second for these requests over raw grpcio streams.

    With one server every request goes to it; otherwise request (seat, bytes) goes to
    server `seat`, one stream each, in the recorded order."""
    channels = []
    with _pingpong_servers(servers) as addresses:
        try:
            streams = []
            for address in addresses:
                channel = grpc.insecure_channel(address, options=[("grpc.max_send_message_length", 64 << 20)])
                channels.append(channel)
                grpc.channel_ready_future(channel).result(timeout=20)
                play = channel.stream_stream(
                    "/arena.v1.Bot/Play", request_serializer=lambda b: b, response_deserializer=pb.BotMessage.FromString
                )
                outbox: queue.SimpleQueue = queue.SimpleQueue()
                streams.append((outbox, play(iter(outbox.get, None))))
            route = [(streams[seat % servers], request) for seat, request in requests]

            def exchange(items) -> None:
                for (outbox, call), request in items:
                    outbox.put(request)
                    next(call)

            exchange(route[:50])  # warm-up
            started = time.perf_counter()
            exchange(route)
            seconds = time.perf_counter() - started
            for outbox, _ in streams:
                outbox.put(None)
            return len(route) / seconds
        finally:
            for channel in channels:
                channel.close()


def bridge_ping_pong(requests: list[tuple[int, bytes]], servers: int) -> float:
    """Round trips per second for the same exchange as `ping_pong`, but sent and awaited
    from trio through the referee's own bridge (arena.play.grpc_bot), with no referee work."""
    ids = [pb.RefereeMessage.FromString(request).decision_request.decision_id for _, request in requests]

    async def run(addresses: list[str]) -> float:
        async with AsyncExitStack() as stack:
            streams = []
            for i, address in enumerate(addresses):
                bot = await stack.enter_async_context(open_grpc_bot(f"pingpong{i}", address))
                await bot.hello(20)  # waits for the server to come up
                streams.append(await stack.enter_async_context(bot.open_play(pb.MatchStart())))
            route = [(streams[seat % servers], request, i) for (seat, request), i in zip(requests, ids)]

            async def exchange(items) -> None:
                for stream, request, decision_id in items:
                    await stream.decide(request, decision_id, 5.0)

            await exchange(route[:50])  # warm-up
            started = time.perf_counter()
            await exchange(route)
            return len(route) / (time.perf_counter() - started)

    with _pingpong_servers(servers) as addresses:
        return trio.run(run, addresses)


def add_parser(sub: argparse._SubParsersAction) -> None:
    bench = sub.add_parser("bench", help="measure the full path against raw gRPC ping-pong")
    bench.add_argument("--hands", type=int, default=30)
    bench.add_argument("--players", type=int, default=4)
    bench.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    log_dir = Path(tempfile.mkdtemp(prefix="arena-bench-logs-"))
    print(f"Full path: one {args.players}-player conto match of {args.hands} hands between random bots …")
    decisions, seconds, requests = full_path(args.hands, args.players, log_dir)
    full = decisions / seconds
    sizes = [len(r) for _, r in requests]
    print(
        f"  {decisions} decisions in {seconds:.2f} s: {full:,.0f} decisions/s "
        f"(requests {statistics.median(sizes):,.0f} bytes median, {max(sizes):,} max)"
    )
    print(f"Raw grpcio ping-pong with the same {len(requests)} request messages …")
    one = ping_pong(requests, 1)
    print(f"  to one server:             {one:,.0f} round trips/s")
    per_seat = ping_pong(requests, args.players)
    print(f"  to one server per seat:    {per_seat:,.0f} round trips/s (in the match's order)")
    bridged = bridge_ping_pong(requests, args.players)
    print(f"  the same through the referee's trio bridge: {bridged:,.0f} round trips/s (no referee work)")
    print(f"Ratio full path / ping-pong to one server:          {full / one:.2f}  (goal ≥ 0.70)")
    print(f"Ratio full path / ping-pong to one server per seat: {full / per_seat:.2f}")
    print(
        f"Ratio bridged / raw ping-pong, one server per seat: {bridged / per_seat:.2f}  (the full path with no referee work)"
    )
    return 0
