"""The referee's side of gRPC.

grpcio's blocking calls ignore trio cancellation, so unary calls (Hello) use grpcio's
future API, whose completion callback wakes a trio task and whose `cancel()` really
cancels the RPC when the trio scope is cancelled.  A Play stream is written through a
queue that grpcio's own thread consumes, and read by one reader thread per stream that
puts every answer in a thread-safe inbox.  The referee waits on that inbox from the
thread that drives the match (`PlayStream.decide_blocking`), with the decision's
deadline, checking for trio cancellation as it waits: a decision costs no hop through
the trio loop."""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import grpc
import trio

from arena.errors import BotFault
from arena.play._cpu import CpuMeter
from arena.play.referee import late_answer_note
from arena.protocol import (
    ARENA_VERSION,
    FLOOD_LIMIT,
    MAX_BOT_MESSAGE_BYTES,
    MAX_REFEREE_MESSAGE_BYTES,
    PROTOCOL_VERSION,
)
from arena.records import FaultKind
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc as pb_grpc

__all__ = ["open_grpc_bot", "GrpcBot", "PlayStream"]

_END = object()

log = logging.getLogger("arena.grpc")


async def _await_future(future: grpc.Future) -> Any:
    """Wait for a grpc future from trio; cancelling the wait cancels the RPC."""
    token = trio.lowlevel.current_trio_token()
    done = trio.Event()

    def wake(_: grpc.Future) -> None:
        try:
            token.run_sync_soon(done.set)
        except trio.RunFinishedError:
            pass

    future.add_done_callback(wake)
    try:
        await done.wait()
    except trio.Cancelled:
        future.cancel()
        raise
    return future.result()


def _fault_from_rpc_error(error: grpc.RpcError, during: str) -> BotFault:
    code = error.code() if hasattr(error, "code") else None
    details = error.details() if hasattr(error, "details") else str(error)
    if code == grpc.StatusCode.RESOURCE_EXHAUSTED:
        return BotFault(FaultKind.OVERSIZED, f"{during}: {details}")
    if code == grpc.StatusCode.INTERNAL and details and "deserializ" in details.lower():
        return BotFault(FaultKind.MALFORMED, f"{during}: the bot sent bytes that are not a BotMessage")
    name = code.name if code is not None else "error"
    return BotFault(FaultKind.CRASH, f"{during}: {name}: {details}")


def _serialize(message: pb.RefereeMessage | bytes) -> bytes:
    return message if isinstance(message, bytes) else message.SerializeToString()


class PlayStream:
    """One match's Play stream with one bot seat.

    grpcio's reader thread puts every answer (or the fault that ended the stream) in a
    thread-safe inbox; `decide_blocking` waits on it from the thread that drives the
    match, `decide` from trio through a worker thread.  Either wait checks every
    `CANCEL_POLL` seconds whether its trio task was cancelled.
    """

    CANCEL_POLL = 0.05
    #: A bare gRPC stream knows nothing of the process behind it (see arena.play.pool).
    cpu_meter: CpuMeter | None = None

    def __init__(self, name: str, call: Any, requests: queue.SimpleQueue, inbox: queue.SimpleQueue) -> None:
        self.name = name
        self._call = call
        self._requests = requests
        self._inbox = inbox
        self._closed_reason: BotFault | None = None
        self._failed_unsaid = False  # `fail` closed it and no decision has raised that yet
        self.stale = 0  # late answers dropped
        self._timed_out: dict[int, tuple[float, float]] = {}  # decision id -> (asked at, limit)
        self.asked = 0  # decision requests sent; read by the reader thread to spot floods
        self._asked_ids: set[int] = set()  # an answer naming another id is malformed

    def send(self, message: pb.RefereeMessage | bytes) -> None:
        """Queue a message (or its bytes) for the bot; never blocks (grpcio's thread writes it)."""
        if self._closed_reason is None:
            self._requests.put(message)

    async def decide(self, request: bytes, decision_id: int, time_limit: float) -> pb.Decision:
        """`decide_blocking` from trio (in a worker thread; cancelling the task ends the wait)."""
        return await trio.to_thread.run_sync(self.decide_blocking, request, decision_id, time_limit)

    def decide_blocking(self, request: bytes, decision_id: int, time_limit: float) -> pb.Decision:
        """Send a serialized RefereeMessage holding a decision request; wait for its answer.

        At most `time_limit` seconds: then BotFault(TIMEOUT), and a late answer to this
        request is recognised by its decision_id and dropped.  Call it from a thread
        that trio started: it raises trio.Cancelled when that thread's task is cancelled.
        """
        closed = self._closed_reason
        if closed is not None:
            if self._failed_unsaid:  # the process died between two decisions: say how, once
                self._failed_unsaid = False
                raise closed
            raise BotFault(closed.kind, f"stream already closed ({closed.reason})")
        self.asked += 1
        self._asked_ids.add(decision_id)
        asked = time.monotonic()
        deadline = asked + time_limit
        self.send(request)
        inbox = self._inbox
        while True:
            left = deadline - time.monotonic()
            try:
                item = inbox.get(timeout=min(max(left, 0.0), self.CANCEL_POLL))
            except queue.Empty:
                trio.from_thread.check_cancelled()
                if left <= 0:
                    self._timed_out[decision_id] = (asked, time_limit)
                    raise BotFault(FaultKind.TIMEOUT, f"no answer within {time_limit * 1000:.0f} ms") from None
                continue
            if isinstance(item, BotFault):
                self._closed_reason = item
                self._failed_unsaid = False
                raise item
            if item is _END:
                self._closed_reason = BotFault(FaultKind.CRASH, "the bot closed its stream")
                raise self._closed_reason
            message, arrived = item
            kind = message.WhichOneof("message")
            if kind != "decision":
                raise BotFault(FaultKind.MALFORMED, "the bot sent a message with no decision in it")
            decision = message.decision
            if decision.decision_id != decision_id:
                if decision.decision_id in self._asked_ids:
                    self._drop_late(decision.decision_id, arrived)
                    continue
                raise BotFault(
                    FaultKind.MALFORMED,
                    f"the answer names decision {decision.decision_id}, but decision {decision_id} was asked",
                )
            if arrived > deadline:  # found only now, but it came too late: the timeout stands
                self._timed_out[decision_id] = (asked, time_limit)
                self._drop_late(decision_id, arrived)
                raise BotFault(FaultKind.TIMEOUT, f"no answer within {time_limit * 1000:.0f} ms")
            return decision

    def _drop_late(self, decision_id: int, arrived: float) -> None:
        """An answer to an earlier request (one that timed out, or answered twice): dropped."""
        self.stale += 1
        asked, limit = self._timed_out.pop(decision_id, (None, None))
        late = None if asked is None else arrived - asked
        log.warning(late_answer_note(self.name, decision_id, late, limit))

    def wait_closed(self, timeout: float) -> None:
        """Wait (in a worker thread) up to `timeout` seconds for the bot to end its stream."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                item = self._inbox.get(timeout=left)
            except queue.Empty:
                return
            if item is _END or isinstance(item, BotFault):
                return

    def close(self) -> None:
        self._requests.put(_END)

    def fail(self, fault: BotFault) -> None:
        """End a wait at once with `fault` (the process died: do not wait for gRPC to notice).

        The stream is closed by it at once, not when a decision reads it: the pool then
        closes the bot, cancelling this stream, and the next decision must still be
        charged this `crash`, not the referee's `stopped`."""
        if self._closed_reason is None:
            self._closed_reason = fault
            self._failed_unsaid = True
        self._inbox.put(fault)

    def cancel(self) -> None:
        self._closed_reason = self._closed_reason or BotFault(FaultKind.STOPPED, "stopped by the referee")
        self._call.cancel()


class GrpcBot:
    """A connection to one bot address; opens a Play stream per match and seat."""

    def __init__(self, name: str, address: str) -> None:
        self.name = name
        self.address = address
        self._channel = grpc.insecure_channel(
            address,
            options=[
                ("grpc.max_receive_message_length", MAX_BOT_MESSAGE_BYTES),
                ("grpc.max_send_message_length", MAX_REFEREE_MESSAGE_BYTES),
                ("grpc.enable_retries", 0),
                # The first connect comes before a starting bot listens; with grpc's
                # default backoff (1 s, growing) the Hello then waits about a second
                # after the bot is ready.  Tried every 10 to 50 ms, a starting bot is
                # found about 20 ms after it listens (benchmarks/bot_start.py); a failed
                # connect to a socket that is not there yet costs next to nothing.
                ("grpc.initial_reconnect_backoff_ms", 10),
                ("grpc.min_reconnect_backoff_ms", 10),
                ("grpc.max_reconnect_backoff_ms", 50),
            ],
        )
        self._stub = pb_grpc.BotStub(self._channel)
        self._streams: set[PlayStream] = set()
        self._closing = False
        # Requests may be pre-serialized bytes (see GameWire.decision_request).
        self._play = self._channel.stream_stream(
            "/arena.v1.Bot/Play",
            request_serializer=_serialize,
            response_deserializer=pb.BotMessage.FromString,
        )

    async def hello(self, timeout: float) -> pb.HelloReply:
        """Ask the bot who it is, waiting for it to come up for at most `timeout` seconds."""
        request = pb.HelloRequest(protocol_version=PROTOCOL_VERSION, arena_version=ARENA_VERSION)
        future = self._stub.Hello.future(request, timeout=timeout, wait_for_ready=True)
        try:
            with trio.fail_after(timeout + 1):
                reply = await _await_future(future)
        except trio.TooSlowError:
            future.cancel()
            raise BotFault(FaultKind.START, f"no Hello from {self.address} within {timeout:g} s") from None
        except grpc.RpcError as error:
            if error.code() == grpc.StatusCode.DEADLINE_EXCEEDED:
                raise BotFault(FaultKind.START, f"no Hello from {self.address} within {timeout:g} s") from None
            raise BotFault(FaultKind.START, f"Hello failed: {error.code().name}: {error.details()}") from None
        if reply.protocol_version != PROTOCOL_VERSION:
            raise BotFault(
                FaultKind.START,
                f"the bot speaks protocol version {reply.protocol_version}; the arena speaks {PROTOCOL_VERSION}",
            )
        return reply

    @asynccontextmanager
    async def open_play(self, start: pb.MatchStart) -> AsyncIterator[PlayStream]:
        """A Play stream that starts with `start`; closed and cancelled on exit."""
        requests: queue.SimpleQueue = queue.SimpleQueue()
        requests.put(pb.RefereeMessage(match_start=start))

        def request_iterator():
            # Polls rather than blocks for good: grpcio's Channel.close() waits for this
            # thread, and a stream can be left open when Ctrl-C lands mid-setup.
            while not self._closing:
                try:
                    item = requests.get(timeout=0.25)
                except queue.Empty:
                    continue
                if item is _END:
                    return
                yield item

        inbox: queue.SimpleQueue = queue.SimpleQueue()
        call = self._play(request_iterator())
        stream = PlayStream(self.name, call, requests, inbox)

        def reader() -> None:
            received = 0
            try:
                for message in call:
                    received += 1
                    if received > stream.asked + FLOOD_LIMIT:
                        inbox.put(BotFault(FaultKind.FLOOD, f"more than {FLOOD_LIMIT} messages nobody asked for"))
                        call.cancel()
                        return
                    inbox.put((message, time.monotonic()))
            except grpc.RpcError as error:
                if error.code() != grpc.StatusCode.CANCELLED:
                    inbox.put(_fault_from_rpc_error(error, "the Play stream failed"))
                return
            except Exception as error:  # noqa: BLE001 - a reader must report, never die silently
                inbox.put(BotFault(FaultKind.MALFORMED, f"unreadable message: {error}"))
                return
            inbox.put(_END)

        thread = threading.Thread(target=reader, name=f"arena-read-{self.name}", daemon=True)
        thread.start()
        self._streams.add(stream)
        try:
            yield stream
        finally:
            self._streams.discard(stream)
            stream.close()
            # Give a well-behaved bot a moment to see the end of the stream, then cut it.
            with trio.CancelScope(shield=True):
                await trio.to_thread.run_sync(stream.wait_closed, 1.0)
            call.cancel()

    def fail_streams(self, fault: BotFault) -> None:
        for stream in list(self._streams):
            stream.fail(fault)

    def close(self) -> None:
        self._closing = True
        # grpcio's Channel.close() waits for every call's request iterator to finish,
        # and ours block on their queues: end and cancel any stream still open (the
        # pool may close a bot while a cancelled match has not unwound yet).
        for stream in list(self._streams):
            stream.close()
            stream.cancel()
        # Even so, Channel.close() has been seen to wait forever during a Ctrl-C that
        # landed mid-setup; the trio thread must never block, so it closes aside.
        threading.Thread(target=self._channel.close, name=f"arena-close-{self.name}", daemon=True).start()


@asynccontextmanager
async def open_grpc_bot(name: str, address: str) -> AsyncIterator[GrpcBot]:
    bot = GrpcBot(name, address)
    try:
        yield bot
    finally:
        bot.close()
