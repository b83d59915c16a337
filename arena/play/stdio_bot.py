"""The stdio bridge: bots that talk JSON lines over stdin/stdout instead of gRPC.

For languages without gRPC.  A bot entry with ``protocol = "stdio"`` is a command the
arena runs once per match and seat (``BotPool.seat`` hands out a `StdioSeat`,
arena/play/stdio_seat.py); the process lives for that one match, and this module's
`StdioStream` is the match's conversation with it.  It gets the same process care as a gRPC bot (the
sandbox, limits on all its processes together, stderr in a log file in the run's log
directory, every process it started killed at the end): see
`arena.process.bot.open_bot_process`.

The wire format is specified field by field in protos/README.md ("Without gRPC: the
stdio form"): every message to the bot is ONE line on its stdin, the RefereeMessage a
gRPC bot would get, in protobuf's canonical JSON mapping, compact and pure ASCII, with a
top-level ``"type"`` first (``match_start``, ``decision_request``, ``event``,
``match_end``)::

    {"type":"decision_request","decisionRequest":{"decisionId":"1","timeLimitMs":2000,"view":{"conto":{…}},"legalActions":[…],…}}

The bot answers each decision request with ONE line on its stdout: the index of the
chosen legal action (``3``) or a JSON object ``{"action_index": 3, "comment": "…"}``
(``decision_id`` optional, checked when given; ``actionIndex``/``decisionId`` accepted).
Answers are matched to requests in order: the n-th answer line answers the n-th
request, so a late answer to a request that timed out is recognised and dropped.  When
the match is over its stdin closes (after the match_end line) and it should exit; if it
has not exited within `EXIT_GRACE` seconds it gets SIGTERM, then SIGKILL.

A line the bot wrote before a request was sent is never that request's answer, however
late the arena reads it.  When a request line is written to the bot's stdin, the bytes
of output the bot had written by then (read already, or still in the pipe: FIONREAD)
are its *fence*; only a line that ends past the fence may answer it.  So what counts as
a line nobody asked for depends on the bot's output alone, not on when the arena reads.

Faults, as over gRPC (raised as `arena.errors.BotFault` from `decide`):

- MALFORMED: a line that is not an answer (not a non-negative integer, not such an
  object: `arena.play._answer.parse_answer` says why, and never raises), or one whose
  ``decision_id`` was never asked; one written while no request was waiting is charged
  to the next request.  Blank lines are ignored (they count as unasked-for output).
  Anything else the bot's output makes fail here ends the stream as MALFORMED too.
- FLOOD: more than `FLOOD_LIMIT` lines nobody asked for (lines written before their
  request was sent or while none was waiting, answers beyond the requests sent, blank
  lines, garbage between requests); the stream is then closed.
- OVERSIZED: a line longer than `MAX_LINE_BYTES` (64 KiB); the stream is then closed.
- TIMEOUT: no answer within the request's time limit.
- CRASH: the process exits or closes its stdout (or its stdin); the reason says how it
  ended ("exited with status 3", "killed by signal 9 (SIGKILL)…").
- ILLEGAL: an index out of range (raised by the referee).
"""

from __future__ import annotations

import fcntl
import logging
import math
import os
import struct
import termios
import time
from itertools import accumulate

import trio

from arena.errors import BotFault
from arena.play._answer import parse_answer
from arena.play._encode_json import JsonLine
from arena.play._formats import JsonRequests
from arena.play._json import message_to_json
from arena.play.referee import late_answer_note
from arena.process import BotProcess
from arena.protocol import FLOOD_LIMIT, MAX_LINE_BYTES
from arena.records import FaultKind
from arena.v1 import arena_pb2 as pb

__all__ = [
    "StdioStream",
    "encode_message",
    "parse_answer",
    "EXIT_GRACE",
]

log = logging.getLogger("arena.stdio")

#: Seconds a bot gets to exit by itself once its stdin is closed at the end of a match.
EXIT_GRACE = 1.0
#: Seconds to wait for the exit status after the bot's stdout closed, to explain a crash.
CRASH_GRACE = 0.5
#: Seconds between two looks at whether a starting bot has read its first line.
START_POLL = 0.02


def encode_message(message: pb.RefereeMessage | bytes) -> bytes:
    """The bot's line for a RefereeMessage: its canonical JSON with "type" first.

    The same message a gRPC bot receives, field for field: the news rides in the decision
    request's `events`, the view holds the current deal, match_end the whole match.
    """
    decoded = message if isinstance(message, pb.RefereeMessage) else pb.RefereeMessage.FromString(bytes(message))
    kind = decoded.WhichOneof("message")
    if kind is None:
        raise ValueError("an empty RefereeMessage has no line")
    return f'{{"type":"{kind}",{message_to_json(decoded)[1:]}\n'.encode("ascii")


def _unread_bytes(fd: int) -> int:
    """Bytes waiting in the pipe `fd` (either end): written and not read yet; 0 once the
    pipe is closed (a closed trio stream's `fileno()` is -1)."""
    if fd < 0:
        return 0
    try:
        return struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0]
    except OSError:  # closed: nothing is waiting in it any more
        return 0


class _Pending:
    __slots__ = ("decision_id", "slot", "outcome", "done")

    def __init__(self, decision_id: int, slot: int) -> None:
        self.decision_id = decision_id
        self.slot = slot  # its place among the requests sent
        self.outcome: pb.Decision | BotFault | None = None
        self.done = trio.Event()


class StdioStream:
    """One match's conversation with one stdio bot process (a referee `SeatStream`)."""

    request_format = JsonRequests  # the referee writes its messages as JSON lines (arena/play/_formats.py)

    def __init__(self, name: str, process: BotProcess) -> None:
        self.name = name
        self._process = process
        self.cpu_meter = process.cpu_meter
        # Lines for the bot's stdin, each with its request's index in _asked (None: no request).
        self._out_send, self._out_receive = trio.open_memory_channel[tuple[bytes, int | None]](math.inf)
        self._asked: list[int] = []  # decision ids, in the order they were sent
        self._position: dict[int, int] = {}  # decision id -> index in _asked
        # Per request, in _asked's order: the bot's output offset when its line was
        # written (see the module docstring); None until it is.
        self._fences: list[int | None] = []
        self._received = 0  # bytes of the bot's output read so far
        self._written = 0  # bytes written to the bot's stdin so far
        self._answered = 0  # answer lines taken; they answer _asked in order
        self._pending: _Pending | None = None
        self._fatal: BotFault | None = None  # the stream is over: why
        self._fatal_reported = False
        self._deferred: BotFault | None = None  # a fault between requests, for the next one
        self._closing = False
        self.unsolicited = 0
        self.stale = 0  # late answers dropped
        self._timed_out: dict[int, tuple[float, float]] = {}  # decision id -> (asked at, limit)

    # -- the SeatStream protocol -----------------------------------------------------

    def send(self, message: pb.RefereeMessage | bytes) -> None:
        """Queue a message for the bot as one line; never blocks."""
        if self._fatal is None and not self._closing:
            self._write(message if isinstance(message, JsonLine) else encode_message(message), None)

    async def decide(self, request: bytes, decision_id: int, time_limit: float) -> pb.Decision:
        """Send the request line and wait at most `time_limit` seconds for its answer."""
        if self._fatal is not None:
            if self._fatal_reported:
                raise BotFault(self._fatal.kind, f"stream already closed ({self._fatal.reason})")
            self._fatal_reported = True
            raise self._fatal
        if self._deferred is not None:
            fault, self._deferred = self._deferred, None
            raise fault
        line = request if isinstance(request, JsonLine) else encode_message(request)
        pending = _Pending(decision_id, len(self._asked))
        self._position[decision_id] = pending.slot
        self._asked.append(decision_id)
        self._fences.append(None)
        self._pending = pending
        asked = time.monotonic()
        self._write(line, pending.slot)
        try:
            with trio.move_on_after(time_limit):
                await pending.done.wait()
        finally:
            self._pending = None
        outcome = pending.outcome
        if outcome is None:
            self._timed_out[decision_id] = (asked, time_limit)
            raise BotFault(FaultKind.TIMEOUT, f"no answer within {time_limit * 1000:.0f} ms")
        if isinstance(outcome, BotFault):
            raise outcome
        return outcome

    def cancel(self) -> None:
        """Stop talking to the bot: its stdin is closed and its output no longer read."""
        if self._fatal is None:
            self._fatal = BotFault(FaultKind.STOPPED, "stopped by the referee")
            self._fatal_reported = True
        self._out_send.close()

    async def started(self, within: float) -> str | None:
        """Whether the bot came up, for a check before a run: None once it has read from
        its stdin (the match_start line), or if it still runs after `within` seconds; if
        its process ended first, how it ended and where its log is; if its output ended
        the stream first (a flood, an oversized line: its stdin is closed then), that
        fault and the first line that was no answer."""
        process = self._process
        stdin = process.stdin
        with trio.move_on_after(within):
            while True:
                # The kernel tells when the bot exits, not when it reads: look every moment.
                with trio.move_on_after(START_POLL):
                    await process.wait()
                if process.returncode() is not None:
                    return f"the process {process.exit_description()} (see {process.log_path})"
                if self._fatal is not None:
                    return self._start_failure(self._fatal)
                fd = stdin.fileno() if stdin is not None else -1  # -1: closed
                if fd >= 0 and self._written > _unread_bytes(fd):
                    return None
        return None

    def _start_failure(self, fault: BotFault) -> str:
        first = self._deferred
        before = f"; the first line was {first.kind.value}: {first.reason}" if first is not None else ""
        return f"{fault.kind.value} at start-up: {fault.reason}{before} (see {self._process.log_path})"

    # -- internals ------------------------------------------------------------------

    def _write(self, line: bytes, slot: int | None) -> None:
        try:
            self._out_send.send_nowait((line, slot))
        except (trio.ClosedResourceError, trio.BrokenResourceError):
            pass

    def _resolve(self, outcome: pb.Decision | BotFault) -> bool:
        pending = self._pending
        if pending is None or pending.outcome is not None:
            return False
        pending.outcome = outcome
        pending.done.set()
        return True

    def _fail(self, fault: BotFault) -> None:
        """End the stream for good: the waiting request (or the next one) gets `fault`."""
        if self._fatal is not None or self._closing:
            return
        self._fatal = fault
        if self._resolve(fault):
            self._fatal_reported = True
        self._out_send.close()

    def _unasked(self) -> None:
        self.unsolicited += 1
        if self.unsolicited > FLOOD_LIMIT:
            self._fail(BotFault(FaultKind.FLOOD, f"more than {FLOOD_LIMIT} lines nobody asked for"))

    def _answers(self, slot: int, end: int) -> bool:
        """Whether a line ending at output offset `end` may answer request `slot`: that
        request was sent, and the line ends past its fence (was written after)."""
        fence = self._fences[slot] if slot < len(self._fences) else None
        return fence is not None and end > fence

    def _not_an_answer(self, fault: BotFault, end: int) -> None:
        """A line that is no answer (ending at output offset `end`): `fault` is charged to
        the request waiting, else to the next one; and unless it was written after the
        waiting request was sent, it is a line nobody asked for."""
        pending = self._pending
        if pending is not None and pending.outcome is None:
            if not self._answers(pending.slot, end):
                self._unasked()  # written before the waiting request was sent
            self._resolve(fault)
            return
        self._unasked()
        if self._deferred is None and self._fatal is None:
            self._deferred = fault

    def _on_line(self, line: bytes, end: int) -> None:
        """One line of the bot's output; `end` is its offset in the output, just past it."""
        parsed = parse_answer(line)
        if isinstance(parsed, str):
            if line.strip():
                self._not_an_answer(BotFault(FaultKind.MALFORMED, parsed), end)
            else:
                self._unasked()
            return
        index, comment, given_id = parsed
        if given_id is None:
            slot = self._answered
        elif (named := self._position.get(given_id)) is not None:
            slot = named
        else:
            waiting = f"decision {self._pending.decision_id} was asked" if self._pending else "no decision was waiting"
            fault = BotFault(
                FaultKind.MALFORMED, f"the answer names decision {given_id}, which was never asked; {waiting}"
            )
            self._not_an_answer(fault, end)
            return
        if not self._answers(slot, end):
            self._unasked()  # written before its request was sent, or beyond the requests sent
            return
        self._answered = max(self._answered, slot + 1)
        decision_id = self._asked[slot]
        pending = self._pending
        if pending is not None and pending.decision_id == decision_id:
            self._resolve(pb.Decision(decision_id=decision_id, action_index=index, comment=comment))
        else:
            self.stale += 1  # a late answer to a request that timed out or faulted
            asked, limit = self._timed_out.pop(decision_id, (None, None))
            if asked is not None:
                log.warning(late_answer_note(self.name, decision_id, time.monotonic() - asked, limit))

    async def _crashed(self, what: str) -> None:
        if self._fatal is not None or self._closing:
            return
        process = self._process
        with trio.move_on_after(CRASH_GRACE):
            await process.wait()
        if process.limit_fault is not None:  # the watcher stopped it: memory or processes
            self._fail(process.limit_fault)
        elif process.returncode() is None:
            self._fail(BotFault(FaultKind.CRASH, f"{what} (the process is still running)"))
        else:
            self._fail(BotFault(FaultKind.CRASH, f"{what}; the process {process.exit_description()}"))

    async def _read_loop(self) -> None:
        try:
            await self._read_lines()
        except Exception as error:  # whatever the bot wrote, it is its fault, never the match's end
            log.error("stdio bot %s: its output could not be read: %s: %r", self.name, type(error).__name__, error)
            self._fail(BotFault(FaultKind.MALFORMED, f"output the arena could not read ({type(error).__name__})"))

    async def _read_lines(self) -> None:
        stdout = self._process.stdout
        assert stdout is not None
        buffer = bytearray()
        while self._fatal is None:
            try:
                data = await stdout.receive_some(65536)
            except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
                data = b""
            if not data:
                if buffer and self._fatal is None:  # a last line without its newline
                    self._on_line(bytes(buffer).removesuffix(b"\r"), self._received)
                await self._crashed("the bot closed its stdout")
                return
            # Counted before the next checkpoint: `_output_offset` must see these bytes
            # either here or in the pipe, never in neither.
            self._received += len(data)
            buffer += data
            base = self._received - len(buffer)  # the output offset of buffer[0]
            start = 0
            while self._fatal is None:
                newline = buffer.find(b"\n", start)
                if newline < 0:
                    break
                line = bytes(buffer[start:newline]).removesuffix(b"\r")
                start = newline + 1
                if len(line) > MAX_LINE_BYTES:
                    self._oversized()
                    return
                self._on_line(line, base + start)
            else:
                return
            if start:
                del buffer[:start]
            # What is left is the start of a line: too long already?
            if len(buffer) > MAX_LINE_BYTES + buffer.endswith(b"\r"):
                self._oversized()
                return

    def _oversized(self) -> None:
        self._fail(BotFault(FaultKind.OVERSIZED, f"a line longer than {MAX_LINE_BYTES} bytes"))

    def _output_offset(self) -> int:
        """The bytes of output the bot has written so far: read, or waiting in the pipe."""
        stdout = self._process.stdout
        return self._received + (_unread_bytes(stdout.fileno()) if stdout is not None else 0)

    async def _write_loop(self) -> None:
        stdin = self._process.stdin
        assert stdin is not None
        try:
            async with self._out_receive:
                async for first in self._out_receive:
                    batch = [first]
                    while True:
                        try:
                            batch.append(self._out_receive.receive_nowait())
                        except (trio.WouldBlock, trio.EndOfChannel):
                            break
                    await self._write_batch(stdin.fileno(), batch)
        except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
            await self._crashed("the bot closed its stdin")
        finally:
            stdin.close()

    async def _write_batch(self, fd: int, batch: list[tuple[bytes, int | None]]) -> None:
        """Write the lines of `batch` to the bot's stdin (`fd`, non-blocking).  Each
        request's fence is the output offset taken just before the write that completed
        its line, with no checkpoint between the two."""
        data = b"".join(line for line, _ in batch)
        lengths = accumulate(len(line) for line, _ in batch)
        ends = [(end, slot) for end, (_, slot) in zip(lengths, batch) if slot is not None]  # where requests end
        sent = 0
        with memoryview(data) as view:
            while sent < len(data):
                fence = self._output_offset()
                try:
                    written = os.write(fd, view[sent:])
                except BlockingIOError:
                    await trio.lowlevel.wait_writable(fd)
                    continue
                sent += written
                self._written += written
                while ends and ends[0][0] <= sent:
                    self._fences[ends.pop(0)[1]] = fence

    async def _watch_exit(self) -> None:
        # Normally the closed stdout tells first; this covers a bot that exits while
        # something outside its process group still holds its stdout open.
        await self._process.wait()
        await trio.sleep(CRASH_GRACE)
        await self._crashed("the bot exited")

    def start(self, nursery: trio.Nursery) -> None:
        """Run the stream's tasks in `nursery`: the bot's stdin, its stdout, its exit."""
        nursery.start_soon(self._write_loop, name=f"stdio bot {self.name} stdin")
        nursery.start_soon(self._read_loop, name=f"stdio bot {self.name} stdout")
        nursery.start_soon(self._watch_exit, name=f"stdio bot {self.name} exit")

    async def finish(self) -> None:
        """End of the match: close the bot's stdin and give it a moment to exit."""
        self._closing = True
        self._out_send.close()
        with trio.move_on_after(EXIT_GRACE):
            await self._process.wait()
