"""`LazyRequests`: the request format of a bot played in the referee's own process
(arena/play/inprocess.py), whose decision requests are written only if the bot reads them.

A gRPC bot's request is bytes, joined from parts written as the match goes
(`ProtobufRequests`, arena/play/_formats.py): every event encoded when it is recorded, the
request joined at each decision.  A bot in the referee's process gets an
`sdk.LazyDecisionRequest` instead, which holds the records (the view, the legal actions,
where the seat's news and current deal lie in its events, the turn) and makes the very
DecisionRequest a gRPC bot gets, from the same bytes, the first time the bot reads
anything but its id, its time limit or the number of legal actions.  A random bot reads
only that number: on 2 cores its conto decision cost 150 µs of the referee's CPU with the
bytes written and parsed, and about half without.

The seat's events are the referee's own list (`MatchSeat.events`), which only grows, so a
request read later than its decision (a bot may keep it) reads the events of its moment.
The last news and MatchEnd are bytes, as a gRPC bot's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

import engine
from arena import sdk
from arena.play.feed import GameWire
from arena.v1 import arena_pb2 as pb

if TYPE_CHECKING:
    from collections.abc import Sequence

    from arena.play._seat import MatchSeat

__all__ = ["LazyRequests", "LastMessage"]


class LastMessage(NamedTuple):
    """One of the last messages for an in-process seat, written if it is wanted: the
    news ("event") or MatchEnd ("match_end"), `make` giving the serialized RefereeMessage
    a gRPC bot would get (a bot that hears neither costs none)."""

    kind: str
    make: Callable[[], bytes]


class LazyRequests:
    """A RequestFormat (arena/play/_formats.py): one match's writer for its in-process
    seats, writing nothing until a bot reads its request."""

    def __init__(self, wire: GameWire, state: engine.State, deals: int) -> None:
        self.wire = wire
        self.state = state
        self.deals = deals
        # Each event as (itself, a GameEvent, a deal_events entry), by its id: written the
        # first time a request or the end needs it, once for all the seats that see it.
        self._events: dict[int, tuple[engine.Event, bytes, bytes]] = {}
        # The standing field by the number of deals finished: written once per deal, at
        # the deal's first request, since the state moves on.
        self._standings: dict[int, bytes] = {}

    def adopt(self, seat: MatchSeat) -> None:
        seat.written = None  # the seat's events are the records it is written from

    def recorded(self, seat: MatchSeat, event: engine.Event) -> None:
        pass  # written when read

    def request(
        self,
        seat: MatchSeat,
        decision_id: int,
        ms: int,
        view: engine.View,
        legal: Sequence[engine.Action],
        turn: engine.Turn,
    ) -> sdk.LazyDecisionRequest:
        news_from, news_to = seat.take_news_span()
        events = seat.events
        deal_from, deal_to = seat.deal_from, len(events)
        finished = len(self.state.deal_results())
        standing = self._standings.get(finished)
        if standing is None:
            standing = self._standings[finished] = self.wire.standing(self.state, self.deals)

        def make() -> pb.DecisionRequest:
            encoded = self._encoded
            deal = b"".join([encoded(event)[2] for event in events[deal_from:deal_to]])
            news = [encoded(event)[1] for event in events[news_from:news_to]]
            wire = self.wire
            written = wire.decision_request(decision_id, ms, view, deal, legal, news, wire.turn(turn), standing)
            return pb.RefereeMessage.FromString(written).decision_request

        return sdk.LazyDecisionRequest(make, decision_id, ms, len(legal))

    def last(self, seat: MatchSeat, end: pb.MatchEnd) -> list[object]:
        events = seat.events
        unsent = seat.take_unsent_span()

        def history() -> list[bytes]:
            return [self._encoded(event)[1] for event in events]

        def notice() -> bytes:
            return self.wire.event_notice(history()[unsent:])

        ending = LastMessage("match_end", lambda: self.wire.match_end(end, history()))
        return [LastMessage("event", notice), ending] if unsent < len(events) else [ending]

    def _encoded(self, event: engine.Event) -> tuple[engine.Event, bytes, bytes]:
        hit = self._events.get(id(event))
        if hit is None or hit[0] is not event:
            whole, entry = self.wire.encode_event(event)
            hit = self._events[id(event)] = (event, whole, entry)
        return hit
