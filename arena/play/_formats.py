"""The kinds of seat, as strategies: how the referee writes a match's messages for a seat.

A seat's stream declares its `request_format` (`SeatStream`, arena/play/_seat.py):
`ProtobufRequests` (serialized RefereeMessages: a gRPC bot's), `JsonRequests` (its
canonical JSON lines: a stdio bot's) or `RecordRequests` (the engine's records
themselves, for a seat in the referee's own process: a bot or a human).  A format makes,
once per match, the `SeatWriter` every seat of that kind shares; `Match` asks the seat's
writer for each request and for the last messages, and holds no branch on the kind.

The bytes and the JSON are joined from parts made once (feed.py's `GameWire`): each event
once per match (once in all when it hides nothing, as each seat keeps the very event it
may see), each legal action once per game, the turn once per kind, the standing once per
deal.  Each event is written when it is recorded, by the writer of each seat that may see
it (`recorded`): as a GameEvent, and as an entry of the seat's current deal, kept as its
view's `deal_events`; a seat that changes writer is written for anew (`adopt`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import engine
from arena.play.feed import GameWire
from arena.v1 import arena_pb2 as pb

if TYPE_CHECKING:
    from arena.play._seat import MatchSeat

__all__ = [
    "RequestFormat",
    "SeatWriter",
    "ProtobufRequests",
    "JsonRequests",
    "RecordRequests",
    "RecordRequest",
    "RecordNotice",
    "RecordEnd",
]


#: A request's legal actions, and its turn.
Legal = Sequence[engine.Action]
Turn = engine.Turn


class SeatWriter(Protocol):
    """How one match's messages are written for the seats of one kind."""

    def adopt(self, seat: MatchSeat) -> None:
        """`seat` is written for by this writer from now on: what it has seen so far is
        written, and what the writer keeps of it is the seat's `written`."""
        ...

    def recorded(self, seat: MatchSeat, event: engine.Event) -> None:
        """`event`, as `seat` may see it, was just added to the seat's events."""
        ...

    def request(
        self, seat: MatchSeat, decision_id: int, ms: int, view: engine.View, legal: Legal, turn: Turn
    ) -> object:
        """The decision request for `seat` (its id, the milliseconds it may take, the
        seat's view, the legal actions, the turn), as its stream's `decide` takes it; the
        news it holds count as sent."""
        ...

    def last(self, seat: MatchSeat, end: pb.MatchEnd) -> list[object]:
        """The messages for `send` at the end: the news `seat` has not had (if any), then
        `end` with the match's history as the seat may see it."""
        ...


class RequestFormat(Protocol):
    """A kind of seat stream: makes the writer of its messages for one match."""

    def __call__(self, wire: GameWire, state: engine.State, deals: int) -> SeatWriter: ...


class _Written:
    """What a writer has written of one seat's events: each as a GameEvent (in step with
    the seat's `events`), and its current deal as the view's deal_events."""

    __slots__ = ("wholes", "deal", "deal_from")

    def __init__(self, deal: Any, deal_from: int) -> None:
        self.wholes: list[Any] = []
        self.deal = deal
        self.deal_from = deal_from


class _Joined:
    """What the bytes and the JSON share: each event written once, when it is recorded
    (once for all the seats that see the very event), the standing once per deal, a
    request joined from its parts, the match's end.  A subclass gives GameWire's writers
    of its kind and how a deal's entries are kept."""

    #: An event as (a GameEvent, an entry of the view's deal_events).
    _write_event: Callable[[engine.Event], tuple[Any, Any]]
    _write_standing: Callable[[], Any]
    _turn: Callable[[engine.Turn], Any]
    #: The request, the news and MatchEnd, joined from the parts.
    _join: Callable[..., object]
    _notice: Callable[[list[Any]], object]
    _end: Callable[[pb.MatchEnd, list[Any]], object]
    #: A deal's entries as the kind keeps them: an empty one, and one entry added.
    _new_deal: Callable[[], Any]

    def __init__(self, wire: GameWire, state: engine.State, deals: int) -> None:
        self.wire = wire
        self.state = state
        self.deals = deals
        # The event written last, and how: the seats that see the very event are handed
        # it one after the other (Match._record_events), so it is written once for all.
        self._last_event: engine.Event | None = None
        self._last_written: tuple[Any, Any] = ((), ())
        self._standing_for = -1  # the number of finished deals `_standing` was written for
        self._standing: Any = None

    def adopt(self, seat: MatchSeat) -> None:
        seat.written = _Written(self._new_deal(), seat.deal_from)
        for event in seat.events:
            self.recorded(seat, event)

    def recorded(self, seat: MatchSeat, event: engine.Event) -> None:
        if event is self._last_event:
            whole, entry = self._last_written
        else:
            whole, entry = self._last_written = self._write_event(event)
            self._last_event = event
        written = seat.written
        if written.deal_from != seat.deal_from:  # the event begins a deal
            written.deal = self._new_deal()
            written.deal_from = seat.deal_from
        written.wholes.append(whole)
        self._add(written, entry)

    @staticmethod
    def _add(written: _Written, entry: Any) -> None:
        raise NotImplementedError

    def request(
        self, seat: MatchSeat, decision_id: int, ms: int, view: engine.View, legal: Legal, turn: Turn
    ) -> object:
        written = seat.written
        start, stop = seat.take_news_span()
        finished = len(self.state.deal_results())
        if finished != self._standing_for:  # the standing, written once per deal
            self._standing = self._write_standing()
            self._standing_for = finished
        return self._join(
            decision_id,
            ms,
            view,
            written.deal,
            legal,
            written.wholes[start:stop] if start < stop else (),
            self._turn(turn),
            self._standing,
        )

    def last(self, seat: MatchSeat, end: pb.MatchEnd) -> list[object]:
        history = seat.written.wholes
        unsent = history[seat.take_unsent_span() :]
        return [self._notice(unsent), self._end(end, history)] if unsent else [self._end(end, history)]


class ProtobufRequests(_Joined):
    """Serialized RefereeMessages (bytes): a gRPC bot's."""

    def __init__(self, wire: GameWire, state: engine.State, deals: int) -> None:
        super().__init__(wire, state, deals)
        self._write_event, self._write_standing = wire.encode_event, partial(wire.standing, state, deals)
        self._turn, self._join = wire.turn, wire.decision_request
        self._notice, self._end = wire.event_notice, wire.match_end
        self._new_deal = bytearray

    @staticmethod
    def _add(written: _Written, entry: bytes) -> None:
        written.deal += entry


class JsonRequests(_Joined):
    """The same messages as a stdio bot's lines (JsonLine: its canonical JSON, ASCII, one
    line each), made from the records, not from the bytes (a quarter to a third of the
    referee's CPU with cheap stdio bots)."""

    def __init__(self, wire: GameWire, state: engine.State, deals: int) -> None:
        super().__init__(wire, state, deals)
        self._write_event, self._write_standing = wire.event_json, partial(wire.standing_json, state, deals)
        self._turn, self._join = wire.turn_json, wire.decision_request_json
        self._notice, self._end = wire.event_notice_json, wire.match_end_json
        self._new_deal = list

    @staticmethod
    def _add(written: _Written, entry: str) -> None:
        written.deal.append(entry)


class RecordRequest(NamedTuple):
    """A decision request as records (`RecordRequests`): a DecisionRequest's fields, the
    view with its deal's events, the news as events, the standing as numbers."""

    decision_id: int
    time_limit_ms: int
    view: engine.View
    legal_actions: tuple[engine.Action, ...]
    events: tuple[engine.Event, ...]
    turn: engine.Turn
    deal: int
    deals: int
    scores: tuple[float, ...]
    standing: tuple[float, ...]


class RecordNotice(NamedTuple):
    """News as records: events the seat has not been sent."""

    events: tuple[engine.Event, ...]


class RecordEnd(NamedTuple):
    """MatchEnd, its history as the events the seat may see."""

    end: pb.MatchEnd
    history: tuple[engine.Event, ...]


class RecordRequests:
    """The records themselves, for a seat in the referee's own process (a bot, a human):
    nothing is written."""

    def __init__(self, wire: GameWire, state: engine.State, deals: int) -> None:
        self.state = state
        self.deals = deals

    def adopt(self, seat: MatchSeat) -> None:
        seat.written = None

    def recorded(self, seat: MatchSeat, event: engine.Event) -> None:
        pass  # the seat's events are the records

    def request(
        self, seat: MatchSeat, decision_id: int, ms: int, view: engine.View, legal: Legal, turn: Turn
    ) -> RecordRequest:
        state = self.state
        return RecordRequest(
            decision_id,
            ms,
            view,
            tuple(legal),
            tuple(seat.take_news()),
            turn,
            len(state.deal_results()) + 1,
            self.deals,
            tuple(state.result().scores),
            tuple(state.standing()),
        )

    def last(self, seat: MatchSeat, end: pb.MatchEnd) -> list[object]:
        unsent = tuple(seat.take_unsent())
        ending = RecordEnd(end, tuple(seat.events))
        return [RecordNotice(unsent), ending] if unsent else [ending]
