"""The referee: runs one match of any game between bot seats, whatever goes wrong.

It uses only the engine's State interface (seat to act, the turn, legal actions, apply,
forfeit, view, history, results), so a new game needs no code here.  Each seat is
reached through a `SeatClient` (gRPC or stdio); every wait has a deadline; a bot's
failure becomes a named fault, the seat forfeits the deal, and the match goes on.  A
seat that faults on `STOP_AFTER` consecutive decisions is stopped and forfeits every
later deal unasked.

`Match` (arena/play/_match.py) is the match itself, transport aside: a seat's stream
says how its messages are written (`SeatStream.request_format`, arena/play/_formats.py).  Streams are opened
and closed here, in trio.  When every seat is gRPC, the decisions are driven on the
process's gRPC loop (arena/play/grpc_loop.py), where the streams live: a decision is a
write and an awaited read in one thread, with no hop through trio or between threads.
Trio stays the supervisor: cancelling the match's trio task (Ctrl-C, a stopped run)
cancels the driving coroutine at its next await.  A table with a stdio seat is driven
from trio.
"""

from __future__ import annotations

import gc
import logging
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager, AsyncExitStack
from typing import Protocol, runtime_checkable

import trio

import engine
from arena.clock import TimeControl
from arena.errors import BotFault
from arena.play import grpc_loop
from arena.play._match import Match, RefereeProfile
from arena.play._seat import SeatStream
from arena.process import CpuMeter
from arena.records import MatchRecord
from arena.v1 import arena_pb2 as pb

__all__ = [
    "SeatClient",
    "SeatStream",
    "LoopSeatStream",
    "play_match",
    "late_answer_note",
    "STOP_AFTER",
    "RefereeProfile",
    "settle_heap",
    "BUSY_POLL",
    "poll_for_answers",
]

log = logging.getLogger("arena.referee")

STOP_AFTER = Match.STOP_AFTER


@runtime_checkable
class LoopSeatStream(Protocol):
    """A stream that can also be asked on the gRPC loop (arena/play/grpc_loop.py; gRPC's can)."""

    @property
    def cpu_meter(self) -> CpuMeter | None: ...

    def send(self, message: pb.RefereeMessage | bytes) -> None: ...

    async def decide_on_loop(self, request: bytes, decision_id: int, time_limit: float) -> pb.Decision:
        """As `decide`, awaited on the gRPC loop (cancelled there when the match's trio
        task is cancelled)."""
        ...

    def cancel(self) -> None: ...


#: Whether a stream class's streams are LoopSeatStreams, by class: isinstance of a
#: runtime-checkable Protocol inspects its members at every call, some 35 us, which was
#: 1 to 2% of a match of in-process random bots.
_LOOP_STREAM_CLASSES: dict[type, bool] = {}


def _asked_on_loop(stream: SeatStream) -> bool:
    """Whether `stream` can be asked on the gRPC loop (the streams of a class are alike)."""
    kind = type(stream)
    on_loop = _LOOP_STREAM_CLASSES.get(kind)
    if on_loop is None:
        on_loop = _LOOP_STREAM_CLASSES[kind] = isinstance(stream, LoopSeatStream)
    return on_loop


def late_answer_note(bot: str, decision_id: int, seconds: float | None, limit: float | None) -> str:
    """What the log says of an answer that came after its request had timed out.

    The timeout fault stands and the answer is dropped; the delay tells the bot's author
    by how much it missed the deadline.  `seconds` None: no timed-out request had that id.
    """
    if seconds is None or limit is None:
        return f"bot {bot}: dropped an answer to decision {decision_id}, which was not waiting for one"
    return (
        f"bot {bot}: its answer to decision {decision_id} came {seconds * 1000:.0f} ms after the "
        f"request, past the {limit * 1000:.0f} ms limit; the timeout stands and the answer was dropped"
    )


class SeatClient(Protocol):
    """What the referee needs of a bot: a stream per match.  Opening may raise BotFault."""

    name: str

    def open_play(self, start: pb.MatchStart) -> AbstractAsyncContextManager[SeatStream]: ...


def settle_heap() -> None:
    """Put every object alive now out of the garbage collector's reach, once, after
    start-up: the modules, classes and functions of grpcio, protobuf, numpy and the
    arena, about 100,000 objects that live as long as the process anyway.

    A full collection walks every object it tracks while it holds the interpreter lock,
    and an answer that arrives meanwhile is read late and charged to its bot's clock.
    Over twelve 60-deal conto matches among four SDK bots a process paused three times,
    for 50-55, 82-97 and 102-107 ms, and for 31-32, 58-62 and 79-94 ms with this.
    Freezing only once, before any match, freezes nothing that becomes garbage later."""
    gc.collect()
    gc.freeze()


#: Seconds the referee may poll for an answer without sleeping, after each request.  Most
#: answers of a fast bot come sooner; a bot whose last answer took longer is waited for
#: asleep (arena/play/grpc_loop.py says why polling pays).
BUSY_POLL = 0.002


def poll_for_answers(matches_at_once: int, cores: int) -> bool:
    """Let this process's referee poll for answers without sleeping (`BUSY_POLL`) when the
    machine has two cores for each match it plays at once: one for the referee, one for
    the bot thinking.  Fewer cores, and the polling would take time the bots need: on 2
    cores, 2 workers with 2 matches each played 55 deals/s polling, 76 asleep.  Returns
    whether it will."""
    polls = 2 * matches_at_once <= cores
    grpc_loop.set_busy_poll(BUSY_POLL if polls else 0.0)
    return polls


#: Seconds a table driven from trio may go on before it lets trio's other tasks run (the
#: other matches, the progress line, the saves, Ctrl-C): in-process bots (arena/play/
#: inprocess.py) answer without awaiting anything, so a table of them would keep the thread.
YIELD_EVERY = 0.02


async def _drive_in_trio(match: Match) -> None:
    yielded = time.perf_counter()
    while (ask := match.next_request()) is not None:
        seat, request, decision_id, time_limit = ask
        asked = time.perf_counter()
        if asked - yielded >= YIELD_EVERY:  # between decisions: no seat's clock runs meanwhile
            await trio.lowlevel.checkpoint()
            yielded = asked = time.perf_counter()
        try:
            decision = await seat.stream.decide(request, decision_id, time_limit)
        except BotFault as fault:
            match.faulted(seat, fault)
        else:
            match.answered(seat, decision, time.perf_counter() - asked)


async def _drive_on_loop(match: Match) -> None:
    while (ask := match.next_request()) is not None:
        seat, request, decision_id, time_limit = ask
        asked = time.perf_counter()
        try:
            decision = await seat.stream.decide_on_loop(request, decision_id, time_limit)
        except BotFault as fault:
            match.faulted(seat, fault)
        else:
            match.answered(seat, decision, time.perf_counter() - asked)


async def play_match(
    game: engine.Game,
    seats: Sequence[SeatClient],
    *,
    seed: int,
    deals: int,
    move_time: float = 1.0,
    time_controls: Sequence[TimeControl] | None = None,
    match_id: str = "",
    bot_match_id: str | None = None,
    hands: Sequence[str] | None = None,
    on_event: Callable[[engine.Event], None] | None = None,
    profile: RefereeProfile | None = None,
    in_trio: bool = False,
) -> MatchRecord:
    """Play one match; never raises because of a bot.

    Each seat may take `move_time` seconds per decision, or as its `time_controls` entry
    says (one per seat) when they are given.  `match_id` names the match in the logs and
    the record; the bots are told `bot_match_id` instead when it is given (an opaque id).

    `on_event` sees every history entry as it is made (in the thread that drives the
    match); `profile`, when given, adds up the referee's own time by phase; `in_trio`
    drives the match from trio even when every seat could be driven from a thread.
    """
    if len(seats) != game.players:
        raise ValueError(f"{game.spec.name} needs {game.players} seats here; {len(seats)} were given.")
    match = Match(
        game,
        [client.name for client in seats],
        seed=seed,
        deals=deals,
        move_time=move_time,
        time_controls=time_controls,
        match_id=match_id,
        bot_match_id=bot_match_id,
        hands=hands,
        on_event=on_event,
        profile=profile,
    )
    async with AsyncExitStack() as streams:
        for seat, client in zip(match.seats, seats):
            try:
                match.attach(seat, await streams.enter_async_context(client.open_play(match.start_message(seat))))
            except BotFault as fault:
                match.failed_to_start(seat, fault)
        open_streams = [seat.stream for seat in match.seats if seat.stream is not None]
        if not in_trio and all(_asked_on_loop(stream) for stream in open_streams):
            await grpc_loop.run(_drive_on_loop, match)
        else:
            await _drive_in_trio(match)
        match.send_match_end()
    return match.record()
