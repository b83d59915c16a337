"""What `arena bench` compares the full path with: servers and round trips without a referee.

`serve` is the minimal server: it answers every decision request at once with action 0
and does nothing else (a bare echo); `servers` starts it in processes of its own.

The functions send the very request bytes a match produced, request (seat, bytes) to
the server of that seat, in the match's order, over one Play stream per server: raw
blocking grpcio (`raw_round_trips`), raw grpc.aio (`aio_round_trips`), or through the
referee's own streams awaited on its gRPC loop (`driver_round_trips`).
"""

from __future__ import annotations

import os
import queue
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from concurrent import futures
from contextlib import AsyncExitStack, contextmanager
from pathlib import Path

import grpc

from arena.protocol import ADDRESS_ENV, PROTOCOL_VERSION
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc as pb_grpc

__all__ = ["servers", "raw_round_trips", "aio_round_trips", "driver_round_trips", "echo_answer", "WARM_UP"]

#: Round trips sent before the clock starts (first-use costs on both sides).
WARM_UP = 50

Recorded = Sequence[tuple[int, bytes]]


def echo_answer(message: pb.RefereeMessage) -> pb.BotMessage:
    """The echo server's whole work for a decision request (besides decoding it)."""
    return pb.BotMessage(decision=pb.Decision(decision_id=message.decision_request.decision_id))


class _Echo(pb_grpc.BotServicer):
    def Hello(self, request: pb.HelloRequest, context: grpc.ServicerContext) -> pb.HelloReply:
        return pb.HelloReply(name="pingpong", protocol_version=PROTOCOL_VERSION, games=["conto"])

    def Play(self, requests: Iterator[pb.RefereeMessage], context: grpc.ServicerContext) -> Iterator[pb.BotMessage]:
        for message in requests:
            if message.HasField("decision_request"):
                yield echo_answer(message)


def serve(address: str) -> None:
    server = grpc.server(futures.ThreadPoolExecutor(4))
    pb_grpc.add_BotServicer_to_server(_Echo(), server)
    server.add_insecure_port(address)
    server.start()
    server.wait_for_termination()


@contextmanager
def servers(count: int, command: Sequence[str] | None = None) -> Iterator[list[str]]:
    """`count` server processes, each its own; their addresses.  `command` (a bot
    program that reads its address from the environment) instead of the echo server."""
    root = Path(__file__).resolve().parents[2]
    folder = tempfile.mkdtemp(prefix="arena-bench-")
    addresses = [f"unix:{folder}/server{i}.sock" for i in range(count)]
    processes = []
    for address in addresses:
        echo = [sys.executable, "-c", f"from arena.cli._pingpong import serve; serve({address!r})"]
        argv = list(command) if command else echo
        env = {**os.environ, "PYTHONPATH": str(root), ADDRESS_ENV: address}
        processes.append(subprocess.Popen(argv, cwd=root, env=env))
    try:
        yield addresses
    finally:
        for process in processes:
            process.kill()
            process.wait()
        shutil.rmtree(folder, ignore_errors=True)


def raw_round_trips(requests: Recorded, addresses: Sequence[str]) -> float:
    """Round trips per second over raw grpcio streams (a blocking stub, no trio)."""
    channels = []
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
            outbox.put(pb.RefereeMessage(match_start=pb.MatchStart(game="conto")).SerializeToString())
            streams.append((outbox, play(iter(outbox.get, None))))
        route = [(streams[seat % len(streams)], request) for seat, request in requests]

        def exchange(items) -> None:
            for (outbox, call), request in items:
                outbox.put(request)
                next(call)

        exchange(route[:WARM_UP])
        started = time.perf_counter()
        exchange(route)
        seconds = time.perf_counter() - started
        for outbox, _ in streams:
            outbox.put(None)
        return len(route) / seconds
    finally:
        for channel in channels:
            channel.close()


def aio_round_trips(requests: Recorded, addresses: Sequence[str], poll: float = 0.0) -> float:
    """Round trips per second over raw grpc.aio streams (a write and an awaited read per
    request, no timeouts), on the arena's gRPC loop (grpc.aio keeps to one loop per
    process): what the referee's transport costs at least.  `poll`: after each write the
    loop polls for up to that many seconds without sleeping, as the referee may."""
    from arena.play import grpc_loop

    async def exchange() -> float:
        channels = [grpc.aio.insecure_channel(address) for address in addresses]
        try:
            calls = []
            for channel in channels:
                await channel.channel_ready()
                play = channel.stream_stream(
                    "/arena.v1.Bot/Play", request_serializer=lambda b: b, response_deserializer=pb.BotMessage.FromString
                )
                call = play()
                await call.write(pb.RefereeMessage(match_start=pb.MatchStart(game="conto")).SerializeToString())
                calls.append(call)
            route = [(calls[seat % len(calls)], request) for seat, request in requests]
            for call, request in route[:WARM_UP]:
                await call.write(request)
                await call.read()
            started = time.perf_counter()
            for call, request in route:
                await call.write(request)
                if poll:
                    grpc_loop.poll_busily(poll)
                await call.read()
            seconds = time.perf_counter() - started
            for call in calls:
                await call.done_writing()
            return len(route) / seconds
        finally:
            for channel in channels:
                await channel.close()

    return grpc_loop.submit(exchange()).result()


async def driver_round_trips(requests: Recorded, addresses: Sequence[str]) -> float:
    """Round trips per second through the referee's own gRPC streams, awaited on the
    gRPC loop as the referee's driver does (PlayStream.decide_on_loop)."""
    from arena.play import grpc_loop
    from arena.play.grpc_bot import open_grpc_bot

    ids = [pb.RefereeMessage.FromString(request).decision_request.decision_id for _, request in requests]
    async with AsyncExitStack() as stack:
        streams = []
        for i, address in enumerate(addresses):
            bot = await stack.enter_async_context(open_grpc_bot(f"server{i}", address))
            await bot.hello(20)  # waits for the server to come up
            start = pb.MatchStart(game="conto")
            streams.append(await stack.enter_async_context(bot.open_play(start)))
        route = [(streams[seat % len(streams)], request, i) for (seat, request), i in zip(requests, ids)]

        async def exchange(items) -> None:
            for stream, request, decision_id in items:
                await stream.decide_on_loop(request, decision_id, 5.0)

        await grpc_loop.run(exchange, route[:WARM_UP])
        started = time.perf_counter()
        await grpc_loop.run(exchange, route)
        return len(route) / (time.perf_counter() - started)
