"""`arena bench`: the full referee path against raw grpcio ping-pong, in one run.

The full path plays one conto match between random bots, each its own process, through
the pool, the referee and the trio bridge.  The ping-pong then sends the very request
bytes that match produced, over a plain grpcio stream (blocking stub, no trio), to a
minimal server that parses each and answers a Decision.  Same messages, same sizes: the
ratio is what the arena's own machinery costs.
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
from concurrent import futures
from contextlib import asynccontextmanager
from pathlib import Path

import grpc
import trio

import engine
from arena.pool import BotEntry, open_bot_pool
from arena.referee import play_match
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc as pb_grpc

__all__ = ["main"]

ROOT = Path(__file__).resolve().parent.parent


class _Recording:
    """Wraps a seat client and keeps the request bytes it sends."""

    def __init__(self, client, sink: list[bytes]) -> None:
        self._client = client
        self._sink = sink
        self.name = client.name

    @asynccontextmanager
    async def open_play(self, start):
        async with self._client.open_play(start) as stream:
            sink = self._sink

            class Stream:
                def send(self, message):
                    stream.send(message)

                def cancel(self):
                    stream.cancel()

                async def decide(self, request, decision_id, time_limit):
                    sink.append(request)
                    return await stream.decide(request, decision_id, time_limit)

            yield Stream()


def full_path(hands: int, players: int, log_dir: Path) -> tuple[int, float, list[bytes]]:
    bot = (sys.executable, str(ROOT / "bots" / "random_bot.py"))
    names = [f"random{i + 1}" for i in range(players)]
    entries = {name: BotEntry(name, command=bot) for name in names}
    game = engine.load("conto", players=players)
    requests: list[bytes] = []

    async def run():
        async with open_bot_pool(entries, log_dir, game="conto") as pool:
            for name in names:
                await pool.hello(name)  # start-up is not part of the measure
            started = time.perf_counter()
            record = await play_match(
                game,
                [_Recording(pool.seat(n), requests) for n in names],
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


class _Echo(pb_grpc.BotServicer):
    def Play(self, requests, context):
        for message in requests:
            if message.HasField("decision_request"):
                yield pb.BotMessage(decision=pb.Decision(decision_id=message.decision_request.decision_id))


def _serve_pingpong(address: str) -> None:
    server = grpc.server(futures.ThreadPoolExecutor(4))
    pb_grpc.add_BotServicer_to_server(_Echo(), server)
    server.add_insecure_port(address)
    server.start()
    server.wait_for_termination()


def ping_pong(requests: list[bytes]) -> float:
    """Round trips per second for these request bytes over a raw grpcio stream."""
    folder = tempfile.mkdtemp(prefix="arena-bench-")
    address = f"unix:{folder}/pingpong.sock"
    server = subprocess.Popen(
        [sys.executable, "-m", "arena.bench", "--serve-pingpong", address],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        channel = grpc.insecure_channel(address, options=[("grpc.max_send_message_length", 64 << 20)])
        grpc.channel_ready_future(channel).result(timeout=20)
        play = channel.stream_stream(
            "/arena.v1.Bot/Play", request_serializer=lambda b: b, response_deserializer=pb.BotMessage.FromString
        )
        outbox: queue.SimpleQueue = queue.SimpleQueue()
        end = object()

        def feed():
            while (item := outbox.get()) is not end:
                yield item

        call = play(feed())
        for request in requests[:50]:  # warm-up
            outbox.put(request)
            next(call)
        started = time.perf_counter()
        for request in requests:
            outbox.put(request)
            next(call)
        seconds = time.perf_counter() - started
        outbox.put(end)
        channel.close()
        return len(requests) / seconds
    finally:
        server.kill()
        server.wait()


def main(args: argparse.Namespace) -> int:
    log_dir = Path(tempfile.mkdtemp(prefix="arena-bench-logs-"))
    print(f"Full path: one {args.players}-player conto match of {args.hands} hands between random bots …")
    decisions, seconds, requests = full_path(args.hands, args.players, log_dir)
    full = decisions / seconds
    sizes = [len(r) for r in requests]
    print(f"  {decisions} decisions in {seconds:.2f} s: {full:,.0f} decisions/s "
          f"(requests {statistics.median(sizes):,.0f} bytes median, {max(sizes):,} max)")
    print(f"Raw grpcio ping-pong with the same {len(requests)} request messages …")
    raw = ping_pong(requests)
    print(f"  {raw:,.0f} round trips/s")
    print(f"Ratio full path / ping-pong: {full / raw:.2f}  (goal ≥ 0.70)")
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--serve-pingpong":
        _serve_pingpong(sys.argv[2])
    else:
        parser = argparse.ArgumentParser(prog="arena bench")
        parser.add_argument("--hands", type=int, default=30)
        parser.add_argument("--players", type=int, default=4)
        sys.exit(main(parser.parse_args()))
