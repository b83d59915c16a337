"""The referee's side of gRPC, on the process's gRPC loop (arena/play/grpc_loop.py).

Every channel and Play stream lives on that asyncio loop (grpc.aio).  A Play stream has
a reader task that puts every answer (or the fault that ended the stream) in an inbox,
and a writer task that sends what the referee queues, in order.  `decide_on_loop`
sends a request and awaits its answer from the inbox with the decision's deadline; the
referee drives a match of gRPC seats on the loop, so a decision costs no thread
hand-over.  From trio (Hello, opening and closing a stream, a table with a stdio seat)
each call goes through `grpc_loop.run`, which cancels the work on the loop when its
trio task is cancelled."""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import grpc
import grpc.aio
import trio
from google.protobuf.message import DecodeError

from arena.errors import BotFault
from arena.play import grpc_loop
from arena.play._formats import ProtobufRequests
from arena.play._said import as_said
from arena.play.referee import late_answer_note
from arena.process import CpuMeter
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
# Characters of a gRPC status's details kept in a fault's reason.
_DETAILS_LIMIT = 300
# Seconds a look at a silent bot's HOST:PORT may take (`_why_silent`).
_LOOK_TIMEOUT = 2.0


class _Request(bytes):
    """A decision request queued behind other messages: the writer sets the fence as it
    writes it (see `PlayStream.decide_on_loop`)."""


log = logging.getLogger("arena.grpc")


def _fault_from_rpc_error(error: grpc.RpcError, during: str) -> BotFault:
    code = error.code() if hasattr(error, "code") else None
    # The details may be the bot's own (its server's status): its words, on one line.
    details = as_said(error.details() if hasattr(error, "details") else str(error), _DETAILS_LIMIT)
    if code == grpc.StatusCode.RESOURCE_EXHAUSTED:
        return BotFault(FaultKind.OVERSIZED, f"{during}: {details}")
    if code == grpc.StatusCode.INTERNAL and details and "deserializ" in details.lower():
        return BotFault(FaultKind.MALFORMED, f"{during}: the bot sent bytes that are not a BotMessage")
    name = code.name if code is not None else "error"
    return BotFault(FaultKind.CRASH, f"{during}: {name}: {details}")


def _serialize(message: pb.RefereeMessage | bytes) -> bytes:
    return message if isinstance(message, bytes) else message.SerializeToString()


_GARBAGE = object()


def _parse(data: bytes) -> pb.BotMessage | object:
    """A BotMessage, or _GARBAGE for bytes that are none (said as a fault, not logged
    by grpc as its own error).  Never raises: grpc.aio would log the error and hand the
    reader None for the message."""
    try:
        return pb.BotMessage.FromString(data)
    except DecodeError:
        return _GARBAGE
    except Exception:  # noqa: BLE001 - whatever the bytes provoke, they are not a BotMessage
        return _GARBAGE


def _cancelled_itself() -> bool:
    """Whether the running task is being cancelled, as opposed to a gRPC call it awaited
    (grpc.aio raises CancelledError from an await on a cancelled call)."""
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


class PlayStream:
    """One match's Play stream with one bot seat, on the gRPC loop.

    Its reader task puts every answer (or the fault that ended the stream) in the
    inbox; its writer task sends what `send` queues.  `send`, `cancel` and `fail` may be
    called from any thread; `decide_on_loop` runs on the loop, `decide` from trio.
    """

    #: A bare gRPC stream knows nothing of the process behind it (see arena.play.pool).
    cpu_meter: CpuMeter | None = None
    request_format = ProtobufRequests  # serialized RefereeMessages (arena/play/_formats.py)

    def __init__(self, name: str, call: Any) -> None:
        self.name = name
        self._call = call
        self._inbox: asyncio.Queue[Any] = asyncio.Queue()
        self._outbox: asyncio.Queue[Any] = asyncio.Queue()
        self._writing = asyncio.Lock()  # one write at a time, in the order asked
        self._closed_reason: BotFault | None = None
        self._failed_unsaid = False  # `fail` closed it and no decision has raised that yet
        self.stale = 0  # late answers dropped
        self._timed_out: dict[int, tuple[float, float]] = {}  # decision id -> (asked at, limit)
        self.asked = 0  # decision requests sent; the reader compares to spot floods
        self._asked_ids: set[int] = set()  # an answer naming another id is malformed
        self.received = 0  # messages the reader has taken from the stream
        # How many messages had been taken when the waiting request was written (None:
        # not yet): one taken by then was written before it, so it cannot answer it.
        self._fence: int | None = None
        self._last_wait = 0.0  # seconds the last answer took (see grpc_loop.poll_busily)
        self._reader = asyncio.get_running_loop().create_task(self._read())
        self._writer = asyncio.get_running_loop().create_task(self._write())

    # --- the tasks ------------------------------------------------------------------
    async def _read(self) -> None:
        inbox, call = self._inbox, self._call
        try:
            while True:
                message = await call.read()
                if message is grpc.aio.EOF:
                    break
                if message is _GARBAGE:
                    inbox.put_nowait(
                        BotFault(
                            FaultKind.MALFORMED, "the Play stream failed: the bot sent bytes that are not a BotMessage"
                        )
                    )
                    call.cancel()
                    return
                self.received = received = self.received + 1
                if received > self.asked + FLOOD_LIMIT:
                    inbox.put_nowait(BotFault(FaultKind.FLOOD, f"more than {FLOOD_LIMIT} messages nobody asked for"))
                    call.cancel()
                    return
                inbox.put_nowait((message, time.monotonic(), received))
        except asyncio.CancelledError:
            # The stream was cancelled (grpc.aio raises it from a read of a cancelled call)
            # or its reader was: the referee did either, and knows why.
            return
        except grpc.RpcError as error:
            if error.code() != grpc.StatusCode.CANCELLED:
                inbox.put_nowait(_fault_from_rpc_error(error, "the Play stream failed"))
            return
        except Exception as error:  # noqa: BLE001 - a reader must report, never die silently
            inbox.put_nowait(BotFault(FaultKind.MALFORMED, f"unreadable message: {error}"))
            call.cancel()
            return
        inbox.put_nowait(_END)

    async def _write(self) -> None:
        outbox, call = self._outbox, self._call
        try:
            while (message := await outbox.get()) is not _END:
                async with self._writing:
                    if isinstance(message, _Request):
                        self._fence = self.received
                        message = bytes(message)
                    await call.write(message)
            async with self._writing:
                await call.done_writing()
        except (grpc.RpcError, asyncio.InvalidStateError, asyncio.CancelledError):
            return  # the stream has ended: the reader says how

    # --- from the referee -----------------------------------------------------------
    def send(self, message: pb.RefereeMessage | bytes) -> None:
        """Queue a message (or its bytes) for the bot; never blocks."""
        if self._closed_reason is None:
            grpc_loop.call_soon(self._outbox.put_nowait, message)

    async def decide(self, request: bytes, decision_id: int, time_limit: float) -> pb.Decision:
        """`decide_on_loop` from trio (cancelling the task ends the wait)."""
        return await grpc_loop.run(self.decide_on_loop, request, decision_id, time_limit)

    async def decide_on_loop(self, request: bytes, decision_id: int, time_limit: float) -> pb.Decision:
        """Send a serialized RefereeMessage holding a decision request; await its answer.

        At most `time_limit` seconds: then BotFault(TIMEOUT), and a late answer to this
        request is recognised by its decision_id and dropped.  An answer the stream
        delivered before the request was written is no answer to it (`malformed`), as
        on stdio: it was sent before the request, whatever its id says."""
        closed = self._closed_reason
        if closed is not None:
            if self._failed_unsaid:  # the process died between two decisions: say how, once
                self._failed_unsaid = False
                raise closed
            raise BotFault(closed.kind, f"stream already closed ({closed.reason})")
        self.asked += 1
        self._asked_ids.add(decision_id)
        self._fence = None
        asked = time.monotonic()
        deadline = asked + time_limit
        if self._outbox.empty():  # written here, not by the writer task: a task switch less
            try:
                async with self._writing:
                    self._fence = self.received
                    await self._call.write(request)
            except (grpc.RpcError, asyncio.InvalidStateError):
                pass  # the stream has ended: the reader says how
            except asyncio.CancelledError:
                if _cancelled_itself():
                    raise
                # grpc.aio raises it into an await on a call that was cancelled (the bot
                # was closed): the stream has ended, and the reader says how.
        else:
            self._outbox.put_nowait(_Request(request))
        budget = grpc_loop.busy_poll()
        if budget and self._last_wait < budget:  # a bot slower than that: sleeping costs it nothing
            grpc_loop.poll_busily(budget)
        inbox = self._inbox
        while True:
            try:
                item = inbox.get_nowait()
            except asyncio.QueueEmpty:
                try:
                    async with asyncio.timeout(deadline - time.monotonic()):
                        item = await inbox.get()
                except TimeoutError:
                    self._last_wait = time_limit
                    self._timed_out[decision_id] = (asked, time_limit)
                    raise BotFault(FaultKind.TIMEOUT, f"no answer within {time_limit * 1000:.0f} ms") from None
            if isinstance(item, BotFault):
                self._closed_reason = item
                self._failed_unsaid = False
                raise item
            if item is _END:
                self._closed_reason = BotFault(FaultKind.CRASH, "the bot closed its stream")
                raise self._closed_reason
            message, arrived, index = item
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
            if self._fence is None or index <= self._fence:
                raise BotFault(
                    FaultKind.MALFORMED,
                    f"the answer to decision {decision_id} came before the request was sent",
                )
            if arrived > deadline:  # found only now, but it came too late: the timeout stands
                self._timed_out[decision_id] = (asked, time_limit)
                self._drop_late(decision_id, arrived)
                raise BotFault(FaultKind.TIMEOUT, f"no answer within {time_limit * 1000:.0f} ms")
            self._last_wait = arrived - asked
            return decision

    def _drop_late(self, decision_id: int, arrived: float) -> None:
        """An answer to an earlier request (one that timed out, or answered twice): dropped."""
        self.stale += 1
        asked, limit = self._timed_out.pop(decision_id, (None, None))
        late = None if asked is None else arrived - asked
        log.warning(late_answer_note(self.name, decision_id, late, limit))

    async def finish(self, timeout: float) -> None:
        """End the stream: say so, give a well-behaved bot `timeout` seconds to end its
        side (its reader sees the end, a fault, or a cancelled call), then cut it."""
        self._outbox.put_nowait(_END)
        try:
            await asyncio.wait({self._reader}, timeout=timeout)
        finally:
            self._call.cancel()
            for task in (self._reader, self._writer):
                task.cancel()

    def fail(self, fault: BotFault) -> None:
        """End a wait at once with `fault` (the process died: do not wait for gRPC to notice).

        The stream is closed by it at once, not when a decision reads it: the pool then
        closes the bot, cancelling this stream, and the next decision must still be
        charged this `crash`, not the referee's `stopped`."""
        if self._closed_reason is None:
            self._closed_reason = fault
            self._failed_unsaid = True
        grpc_loop.call_soon(self._inbox.put_nowait, fault)

    def cancel(self) -> None:
        self._closed_reason = self._closed_reason or BotFault(FaultKind.STOPPED, "stopped by the referee")
        grpc_loop.call_soon(self._call.cancel)


class GrpcBot:
    """A connection to one bot address, on the gRPC loop; opens a Play stream per match and seat."""

    def __init__(self, name: str, address: str) -> None:
        self.name = name
        self.address = address
        self._streams: set[PlayStream] = set()
        self._channel: Any = None
        self._stub: Any = None
        self._play: Any = None

    async def _connect(self) -> None:
        """Make the channel (on the loop: an aio channel belongs to the loop it is made on)."""
        if self._channel is not None:
            return
        self._channel = grpc.aio.insecure_channel(
            self.address,
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
        # Requests may be pre-serialized bytes (see GameWire.decision_request).
        self._play = self._channel.stream_stream(
            "/arena.v1.Bot/Play",
            request_serializer=_serialize,
            response_deserializer=_parse,
        )

    async def _hello_on_loop(self, request: pb.HelloRequest, timeout: float) -> pb.HelloReply:
        await self._connect()
        try:
            return await self._stub.Hello(request, timeout=timeout, wait_for_ready=True)
        except asyncio.CancelledError:
            if _cancelled_itself():
                raise
            raise BotFault(FaultKind.START, "the Hello was cut off: the connection to the bot was closed") from None

    async def hello(self, timeout: float) -> pb.HelloReply:
        """Ask the bot who it is, waiting for it to come up for at most `timeout` seconds."""
        request = pb.HelloRequest(protocol_version=PROTOCOL_VERSION, arena_version=ARENA_VERSION)
        reply = None
        try:
            with trio.fail_after(timeout + 1):
                reply = await grpc_loop.run(self._hello_on_loop, request, timeout)
        except trio.TooSlowError:
            pass
        except grpc.RpcError as error:
            if error.code() != grpc.StatusCode.DEADLINE_EXCEEDED:
                said = as_said(error.details() or "", _DETAILS_LIMIT)
                raise BotFault(FaultKind.START, f"Hello failed: {error.code().name}: {said}") from None
        if reply is None:
            why = await _why_silent(self.address)
            raise BotFault(FaultKind.START, f"no Hello from {self.address} within {timeout:g} s{why}")
        if reply.protocol_version != PROTOCOL_VERSION:
            raise BotFault(
                FaultKind.START,
                f"the bot speaks protocol version {reply.protocol_version}; the arena speaks {PROTOCOL_VERSION}",
            )
        return reply

    async def _open_on_loop(self, start: pb.MatchStart) -> PlayStream:
        await self._connect()
        stream = PlayStream(self.name, self._play())
        stream.send(pb.RefereeMessage(match_start=start))
        self._streams.add(stream)
        return stream

    @asynccontextmanager
    async def open_play(self, start: pb.MatchStart) -> AsyncIterator[PlayStream]:
        """A Play stream that starts with `start`; ended and cancelled on exit."""
        stream = await grpc_loop.run(self._open_on_loop, start)
        try:
            yield stream
        finally:
            # Give a well-behaved bot a moment to see the end of the stream, then cut it.
            with trio.CancelScope(shield=True):
                await grpc_loop.run(stream.finish, 1.0)
            grpc_loop.call_soon(self._streams.discard, stream)

    def fail_streams(self, fault: BotFault) -> None:
        """Every open stream's wait ends with `fault` (from any thread)."""
        grpc_loop.call_soon(self._fail_on_loop, fault)

    def _fail_on_loop(self, fault: BotFault) -> None:
        for stream in self._streams:
            stream.fail(fault)

    def close(self) -> None:
        """Cancel every stream still open and close the channel (on the loop, without waiting)."""
        grpc_loop.call_soon(self._close_on_loop)

    def _close_on_loop(self) -> None:
        for stream in list(self._streams):
            stream.cancel()
        self._streams.clear()
        if self._channel is not None:
            asyncio.get_running_loop().create_task(self._channel.close())


async def _why_silent(address: str) -> str:
    """Why a bot at HOST:PORT (one the arena does not start) sent no Hello, when a plain
    connection there says it: "; nothing listens there (Connection refused)", its host is
    not known, or something listens that is no gRPC bot; "" for a socket path, or when the
    look takes over _LOOK_TIMEOUT seconds.  gRPC's wait for a ready channel keeps the
    reason to itself."""
    host, colon, port = address.rpartition(":")
    if not colon or not port.isdigit() or address.startswith("unix:"):
        return ""
    with trio.move_on_after(_LOOK_TIMEOUT):
        try:
            stream = await trio.open_tcp_stream(host.strip("[]"), int(port))
        except socket.gaierror as error:
            return f"; its host is not known ({error.strerror})"
        except OSError as error:
            # trio tries each of the host's addresses and raises their errors as the cause.
            tried = error.__cause__.exceptions if isinstance(error.__cause__, BaseExceptionGroup) else (error,)
            last = tried[-1]
            errno = getattr(last, "errno", None)
            said = os.strerror(errno) if errno and errno > 0 else getattr(last, "strerror", None) or str(last)
            return f"; nothing listens there ({said})"
        await stream.aclose()
        return "; something there accepts connections but answered no Hello: is it the bot, speaking gRPC?"
    return ""


@asynccontextmanager
async def open_grpc_bot(name: str, address: str) -> AsyncIterator[GrpcBot]:
    bot = GrpcBot(name, address)
    try:
        yield bot
    finally:
        bot.close()
