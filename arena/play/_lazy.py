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
The seat's view and the standing are made when the request is read too: from the state
while the decision is pending, and from the state of its moment replayed from the history
once the match has moved on (`_state_at`).
The last news and MatchEnd are bytes, as a gRPC bot's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

import engine
from arena import sdk
from arena.play._seat import VIEW_WHEN_READ
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
    seats, writing nothing until a bot reads its request, the seat's view included
    (`views_when_read`: the referee gives `request` VIEW_WHEN_READ instead)."""

    #: The view is made when the request is read (arena/play/_seat.py, MatchSeat.view_now):
    #: for a random bot, never; made at every decision, it was a fifth of the referee's
    #: loop in vegas (23.4 -> 18.7 us a decision), a quarter in invido (39.5 -> 27.4).
    views_when_read = True

    def __init__(self, wire: GameWire, state: engine.State, deals: int) -> None:
        self.wire = wire
        self.state = state
        self.deals = deals
        # How many entries the match's history had at the last look (`_moment`).
        self._history_length = 0
        # Each event as (itself, a GameEvent, a deal_events entry), by its id: written the
        # first time a request or the end needs it, once for all the seats that see it.
        self._events: dict[int, tuple[engine.Event, bytes, bytes]] = {}
        # The standing field by the number of deals finished: written once per deal, when
        # one of its requests is first read.
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
        moment = self._moment()

        def make() -> pb.DecisionRequest:
            encoded = self._encoded
            deal = b"".join([encoded(event)[2] for event in events[deal_from:deal_to]])
            news = [encoded(event)[1] for event in events[news_from:news_to]]
            state = self._state_at(moment)
            shown = state.view(seat.index) if view is VIEW_WHEN_READ else view
            wire = self.wire
            standing = self._standing(state)
            written = wire.decision_request(decision_id, ms, shown, deal, legal, news, wire.turn(turn), standing)
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

    def _moment(self) -> int:
        """The number of entries in the match's history now: every change of the state
        adds one.  (Read on from the last look: State.history would copy them all.)"""
        self._history_length += len(self.state.history_since(self._history_length))
        return self._history_length

    def _state_at(self, moment: int) -> engine.State:
        """The match's state when the history had `moment` entries: the state itself while
        it has not moved on (the bot reads its request as it decides), else that moment's
        replayed from the history (a bot that kept the request and reads it later; replay
        rebuilds every view midway: tests/engine/test_conformance.py)."""
        state = self.state
        if self._moment() == moment:
            return state
        return state.game.replay(state.history[:moment])

    def _standing(self, state: engine.State) -> bytes:
        """The request's standing field for `state`'s deal (the match before it), written
        the first time a request of the deal is read."""
        finished = len(state.deal_results())
        standing = self._standings.get(finished)
        if standing is None:
            standing = self._standings[finished] = self.wire.standing(state, self.deals)
        return standing

    def _encoded(self, event: engine.Event) -> tuple[engine.Event, bytes, bytes]:
        hit = self._events.get(id(event))
        if hit is None or hit[0] is not event:
            whole, entry = self.wire.encode_event(event)
            hit = self._events[id(event)] = (event, whole, entry)
        return hit
