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
deal.  The events are written when a request first needs them: a seat's current deal is
kept written as its view's `deal_events`, and grows by the events since its last request.
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


class _Joined:
    """What the bytes and the JSON share: each event written once per match (found by
    identity; the entry holds the event), the standing once per deal, a request joined
    from its parts, the match's end.  A subclass gives GameWire's writers of its kind."""

    #: An event as (a GameEvent, an entry of the view's deal_events).
    _write_event: Callable[[engine.Event], tuple[Any, Any]]
    _write_standing: Callable[[], Any]
    _turn: Callable[[engine.Turn], Any]
    #: The request, the news and MatchEnd, joined from the parts.
    _join: Callable[..., object]
    _notice: Callable[[list[Any]], object]
    _end: Callable[[pb.MatchEnd, list[Any]], object]

    def __init__(self, wire: GameWire, state: engine.State, deals: int) -> None:
        self.wire = wire
        self.state = state
        self.deals = deals
        self._events: dict[int, tuple[engine.Event, Any]] = {}
        self._standing_for = -1  # the number of finished deals `_standing` was written for
        self._standing: Any = None

    def _deal_events(self, seat: MatchSeat) -> Any:
        """The seat's current deal, as its view's deal_events."""
        raise NotImplementedError

    def event(self, event: engine.Event) -> tuple[Any, Any]:
        hit = self._events.get(id(event))
        if hit is None or hit[0] is not event:
            hit = self._events[id(event)] = (event, self._write_event(event))
        return hit[1]

    def wholes(self, events: Sequence[engine.Event]) -> list[Any]:
        """The events as GameEvents (`event`, inlined: a match's history is long)."""
        known, event, wholes = self._events, self.event, []
        for each in events:
            hit = known.get(id(each))
            wholes.append((hit[1] if hit is not None and hit[0] is each else event(each))[0])
        return wholes

    def request(
        self, seat: MatchSeat, decision_id: int, ms: int, view: engine.View, legal: Legal, turn: Turn
    ) -> object:
        news = seat.take_news()
        finished = len(self.state.deal_results())
        if finished != self._standing_for:  # the standing, written once per deal
            self._standing = self._write_standing()
            self._standing_for = finished
        return self._join(
            decision_id,
            ms,
            view,
            self._deal_events(seat),
            legal,
            self.wholes(news) if news else (),
            self._turn(turn),
            self._standing,
        )

    def last(self, seat: MatchSeat, end: pb.MatchEnd) -> list[object]:
        unsent = self.wholes(seat.take_unsent())
        history = self.wholes(seat.events)
        return [self._notice(unsent), self._end(end, history)] if unsent else [self._end(end, history)]


class ProtobufRequests(_Joined):
    """Serialized RefereeMessages (bytes): a gRPC bot's."""

    def __init__(self, wire: GameWire, state: engine.State, deals: int) -> None:
        super().__init__(wire, state, deals)
        self._write_event, self._write_standing = wire.encode_event, partial(wire.standing, state, deals)
        self._turn, self._join = wire.turn, wire.decision_request
        self._notice, self._end = wire.event_notice, wire.match_end
        # Per seat: [where its current deal began in its events, how many it has written,
        # the deal's events written as the view's deal_events].
        self._deals: dict[int, list[Any]] = {}

    def _deal_events(self, seat: MatchSeat) -> bytearray:
        """The seat's current deal as its view's deal_events, written up to now."""
        deal = self._deals.get(seat.index)
        if deal is None or deal[0] != seat.deal_from:
            deal = self._deals[seat.index] = [seat.deal_from, seat.deal_from, bytearray()]
        events = seat.events
        if deal[1] < len(events):
            written, known = deal[2], self._events
            for new in events[deal[1] :]:
                hit = known.get(id(new))  # `event`, inlined: a call per seat and event costs
                written += (hit[1] if hit is not None and hit[0] is new else self.event(new))[1]
            deal[1] = len(events)
        return deal[2]


class JsonRequests(_Joined):
    """The same messages as a stdio bot's lines (JsonLine: its canonical JSON, ASCII, one
    line each), made from the records, not from the bytes (a quarter to a third of the
    referee's CPU with cheap stdio bots)."""

    def __init__(self, wire: GameWire, state: engine.State, deals: int) -> None:
        super().__init__(wire, state, deals)
        self._write_event, self._write_standing = wire.event_json, partial(wire.standing_json, state, deals)
        self._turn, self._join = wire.turn_json, wire.decision_request_json
        self._notice, self._end = wire.event_notice_json, wire.match_end_json

    def _deal_events(self, seat: MatchSeat) -> list[str]:
        event = self.event
        return [event(e)[1] for e in seat.events[seat.deal_from :]]


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
