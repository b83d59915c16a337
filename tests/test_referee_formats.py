"""The kinds of seat (arena/play/_formats.py): a seat whose stream takes the records
themselves is told what a gRPC seat is told, request by request, on the same deals."""

from __future__ import annotations

import random

import pytest
import trio

import engine
from arena.play import Match, ProtobufRequests, RecordRequests, play_match
from arena.play._formats import RecordEnd, RecordNotice, RecordRequest
from arena.play._ids import DecisionIds
from arena.v1 import arena_pb2 as pb
from tests.fakebot import FakeSeat


class Sink:
    """A seat's stream in process: it keeps what the referee sends."""

    def __init__(self) -> None:
        self.sent: list[object] = []

    def send(self, message: object) -> None:
        self.sent.append(message)


def told(spec: engine.GameSpec, players: int, seed: int, request_format) -> list[tuple]:
    """What every seat is told over one random match, as comparable tuples."""
    match = Match(engine.load(spec.name, players=players), [f"s{i}" for i in range(players)], seed=seed, deals=3)
    for seat in match.seats:
        seat.stream = Sink()
        match.use_format(seat, request_format)
        seat.ids = DecisionIds(bytes([seat.index]))  # the same ids in both matches
    rng = random.Random(seed)
    said = []
    while (ask := match.next_request()) is not None:
        request = ask.request
        if isinstance(request, RecordRequest):
            said.append(
                (
                    ask.seat.index,
                    request.decision_id,
                    request.time_limit_ms,
                    [action.text for action in request.legal_actions],
                    [event.text for event in request.events],
                    [event.text for event in request.view.deal_events],
                    (request.deal, request.deals, list(request.scores), list(request.standing)),
                )
            )
        else:
            message = pb.RefereeMessage.FromString(request).decision_request
            said.append(
                (
                    ask.seat.index,
                    message.decision_id,
                    message.time_limit_ms,
                    [action.text for action in message.legal_actions],
                    [event.text for event in message.events],
                    [event.text for event in match.state.view(ask.seat.index).deal_events],
                    (
                        message.standing.deal,
                        message.standing.deals,
                        list(message.standing.scores),
                        list(message.standing.standing),
                    ),
                )
            )
        index = rng.randrange(len(match.state.legal_actions()))
        match.answered(ask.seat, pb.Decision(decision_id=ask.decision_id, action_index=index), 0.0)
    match.send_match_end()
    for seat in match.seats:
        for sent in seat.stream.sent:
            if isinstance(sent, RecordNotice):
                said.append(("news", seat.index, [event.text for event in sent.events]))
            elif isinstance(sent, RecordEnd):
                said.append(("end", seat.index, [event.text for event in sent.history], sent.end.SerializeToString()))
            else:
                message = pb.RefereeMessage.FromString(sent)
                if message.HasField("event"):
                    said.append(("news", seat.index, [event.text for event in message.event.events]))
                else:
                    end = message.match_end
                    history = [event.text for event in end.history]
                    del end.history[:]
                    said.append(("end", seat.index, history, end.SerializeToString()))
    return said


@pytest.mark.parametrize("spec", engine.games(), ids=lambda spec: spec.name)
def test_a_seat_of_records_is_told_what_a_seat_of_bytes_is(spec) -> None:
    for players in sorted({spec.min_players, spec.max_players}):
        as_bytes = told(spec, players, 1, ProtobufRequests)
        as_records = told(spec, players, 1, RecordRequests)
        assert as_records == as_bytes
        assert sum(1 for said in as_records if said[0] == "end") == players


def test_play_match_asks_an_in_process_seat_with_records() -> None:
    class RecordSeat:
        """An in-process seat: its stream takes the records themselves."""

        name = "records"

        def __init__(self) -> None:
            self.requests: list[RecordRequest] = []
            self.sent: list[object] = []

        def open_play(self, start):
            seat = self

            class Stream:
                cpu_meter = None
                request_format = RecordRequests

                def send(self, message) -> None:
                    seat.sent.append(message)

                async def decide(self, request, decision_id, time_limit):
                    seat.requests.append(request)
                    return pb.Decision(decision_id=decision_id, action_index=len(request.legal_actions) - 1)

                def cancel(self) -> None:
                    pass

            class Opened:
                async def __aenter__(self):
                    seat.sent.append(start)
                    return Stream()

                async def __aexit__(self, *exc):
                    return False

            return Opened()

    records = RecordSeat()

    async def main():
        return await play_match(
            engine.load("invido"), [records, FakeSeat("fake", seed=1)], seed=5, deals=2, move_time=5.0
        )

    record = trio.run(main)
    assert not record.faults
    assert records.requests and all(isinstance(request, RecordRequest) for request in records.requests)
    assert isinstance(records.sent[0], pb.MatchStart) and isinstance(records.sent[-1], RecordEnd)
    seen = [event.visible_to(0) for event in record.history]
    assert [event.text for event in records.sent[-1].history] == [event.text for event in seen if event is not None]
