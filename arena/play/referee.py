"""The referee: runs one match of any game between bot seats, whatever goes wrong.

It uses only the engine's State interface (seat to act, legal actions, apply, forfeit,
view, history, results), so a new game needs no code here.  Each seat is reached through
a `SeatClient` (gRPC or stdio); every wait has a deadline; a bot's failure becomes a
named fault, the seat forfeits the deal, and the match goes on.  A seat that faults on
`STOP_AFTER` consecutive decisions is stopped and forfeits every later deal unasked.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager, AsyncExitStack
from typing import Protocol

import engine
from arena.errors import BotFault
from arena.play.feed import GameWire, wire_for
from arena.protocol import COMMENT_LIMIT
from arena.records import Comment, Fault, FaultKind, MatchRecord
from arena.v1 import arena_pb2 as pb

__all__ = ["SeatClient", "SeatStream", "play_match", "late_answer_note", "STOP_AFTER"]

log = logging.getLogger("arena.referee")

STOP_AFTER = 3


class SeatStream(Protocol):
    """One match's conversation with one seat."""

    def send(self, message: pb.RefereeMessage | bytes) -> None: ...

    async def decide(self, request: bytes, decision_id: int, time_limit: float) -> pb.Decision:
        """`request` is a serialized RefereeMessage holding the DecisionRequest."""
        ...

    def cancel(self) -> None: ...


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


class _Seat:
    """The referee's book-keeping for one seat during a match."""

    def __init__(self, index: int, name: str) -> None:
        self.index = index
        self.name = name
        self.stream: SeatStream | None = None
        self.consecutive_faults = 0
        self.stopped: str | None = None
        self.events: list[pb.GameEvent] = []  # what this seat has seen, converted
        self.encoded: list[bytes] = []  # the same, each a serialized GameEvent
        self.unsent = 0  # how many of them the bot has not been sent yet
        self.history = bytearray()  # the same, encoded as the view's history field
        self.latencies: list[float] = []

    def take_unsent(self) -> list[bytes]:
        """The serialized events this seat has not been sent yet; they count as sent now."""
        unsent = self.encoded[self.unsent :]
        self.unsent = len(self.encoded)
        return unsent

    def flush_events(self, wire: GameWire) -> None:
        """Send the events this seat has not had yet, as one EventNotice."""
        unsent = self.take_unsent()
        if unsent and self.stream is not None and self.stopped is None:
            self.stream.send(wire.event_notice(unsent))


async def play_match(
    game: engine.Game,
    seats: Sequence[SeatClient],
    *,
    seed: int,
    deals: int,
    move_time: float,
    match_id: str = "",
    hands: Sequence[str] | None = None,
    on_event: Callable[[engine.Event], None] | None = None,
) -> MatchRecord:
    """Play one match; never raises because of a bot."""
    if len(seats) != game.players:
        raise ValueError(f"{game.spec.name} needs {game.players} seats here; {len(seats)} were given.")
    started = time.monotonic()
    state = game.new_match(seed=seed, deals=deals, hands=hands)
    wire = wire_for(game)
    book = [_Seat(i, client.name) for i, client in enumerate(seats)]
    faults: list[Fault] = []
    comments: list[Comment] = []
    sent = 0

    def current_deal() -> int:
        return len(state.deal_results()) + 1

    def charge(seat: _Seat, fault: BotFault) -> None:
        record = Fault(seat.index, seat.name, fault.kind, fault.reason, current_deal())
        faults.append(record)
        log.warning("match %s: %s", match_id or "-", record)

    def record_events() -> None:
        """Convert new history entries once per seat (once in all when nothing is hidden)."""
        nonlocal sent
        history = state.history
        for event in history[sent:]:
            if on_event is not None:
                on_event(event)
            shared = None
            for seat in book:
                visible = event.visible_to(seat.index)
                if visible is None:
                    continue
                if visible is event and shared is not None:
                    message, entry, encoded = shared
                else:
                    message = wire.event(visible)
                    entry, encoded = wire.history_entry(message), message.SerializeToString()
                    if visible is event:
                        shared = message, entry, encoded
                seat.events.append(message)
                seat.encoded.append(encoded)
                seat.history += entry
        sent = len(history)

    async with AsyncExitStack() as streams:
        options = wire.options()
        for seat, client in zip(book, seats):
            start = pb.MatchStart(
                match_id=match_id,
                game=game.spec.name,
                options=options,
                players=game.players,
                seat=seat.index,
                names=[s.name for s in book],
                deals=deals,
                move_time_ms=round(move_time * 1000),
            )
            try:
                seat.stream = await streams.enter_async_context(client.open_play(start))
            except BotFault as fault:
                charge(seat, fault)
                seat.stopped = f"{fault.kind.value}: {fault.reason}"
        record_events()
        decision_id = 0
        time_limit_ms = round(move_time * 1000)
        while not state.is_terminal():
            seat = book[state.current_seat()]
            if seat.stopped is not None or seat.stream is None:
                state.forfeit(seat.index, f"stopped: {seat.stopped}")
                record_events()
                continue
            legal = state.legal_actions()
            decision_id += 1
            request = wire.decision_request(
                decision_id,
                time_limit_ms,
                state.view(seat.index),
                seat.history,
                legal,
                wire.request_events(seat.take_unsent()),
            )
            asked = time.perf_counter()
            try:
                decision = await seat.stream.decide(request, decision_id, move_time)
                seat.latencies.append(time.perf_counter() - asked)
                if decision.action_index >= len(legal):
                    raise BotFault(
                        FaultKind.ILLEGAL,
                        f"action index {decision.action_index} is out of range: "
                        f"there were {len(legal)} legal actions (0 to {len(legal) - 1})",
                    )
            except BotFault as fault:
                charge(seat, fault)
                seat.consecutive_faults += 1
                state.forfeit(seat.index, f"{fault.kind.value}: {fault.reason}")
                if seat.consecutive_faults >= STOP_AFTER:
                    seat.stopped = f"{STOP_AFTER} consecutive faults"
                    charge(
                        seat,
                        BotFault(
                            FaultKind.STOPPED,
                            f"stopped for the rest of the match after {STOP_AFTER} consecutive faults",
                        ),
                    )
                    seat.stream.cancel()
            else:
                seat.consecutive_faults = 0
                if decision.comment:
                    comments.append(Comment(seat.index, current_deal(), decision.comment[:COMMENT_LIMIT]))
                    log.info(
                        "match %s: seat %d (%s) says: %s",
                        match_id or "-",
                        seat.index,
                        seat.name,
                        decision.comment[:COMMENT_LIMIT],
                    )
                state.apply(legal[decision.action_index])
            record_events()

        result = state.result()
        standing = state.standing()
        result_message = wire.result(result, standing)
        fault_messages = [
            pb.Fault(
                seat=f.seat,
                bot=f.bot,
                kind=pb.FaultKind.Value("FAULT_KIND_" + f.kind.name),
                reason=f.reason,
                deal=f.deal,
            )
            for f in faults
        ]
        for seat in book:
            seat.flush_events(wire)
            if seat.stream is not None and seat.stopped is None:
                seat.stream.send(
                    pb.RefereeMessage(
                        match_end=pb.MatchEnd(result=result_message, history=seat.events, faults=fault_messages)
                    )
                )
    return MatchRecord(
        match_id=match_id,
        game=game.spec.name,
        players=game.players,
        options=dict(game.options),
        seed=seed,
        deals=deals,
        names=tuple(s.name for s in book),
        result=result,
        standing=standing,
        history=state.history,
        faults=tuple(faults),
        comments=tuple(comments),
        latencies=tuple(tuple(s.latencies) for s in book),
        seconds=time.monotonic() - started,
    )
