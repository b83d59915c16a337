"""An in-process seat's requests (arena/play/_lazy.py's LazyRequests) are the very
DecisionRequests a gRPC seat gets, whether the bot reads one as it decides or keeps it
and reads it after the match has moved on: the view, made only when a request is read,
is the view of the request's moment."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from arena.play import Match, ProtobufRequests, RequestFormat
from arena.play._ids import DecisionIds
from arena.play.inprocess import LazyRequests
from arena.v1 import arena_pb2 as pb


class Stream:
    """A seat's stream in the referee's process that takes requests in `request_format`
    and ignores the rest."""

    cpu_meter = None

    def __init__(self, request_format: RequestFormat) -> None:
        self.request_format = request_format

    def send(self, message: object) -> None:
        pass

    async def decide(self, request: Any, decision_id: int, time_limit: float) -> Any:
        raise AssertionError("the test asks the match itself, not the stream")

    def cancel(self) -> None:
        pass


def requests(spec: engine.GameSpec, players: int, seed: int, request_format: RequestFormat, read_now: bool) -> list:
    """Every request of one random match with a fault, as the serialized DecisionRequest:
    read as the seat decides (`read_now`), or all read once the match is over."""
    match = Match(engine.load(spec.name, players=players), [f"s{i}" for i in range(players)], seed=seed, deals=3)
    for seat in match.seats:
        match.attach(seat, Stream(request_format))
        seat.ids = DecisionIds(bytes([seat.index]))  # the same ids in every match
    rng = random.Random(seed)
    asked: list = []
    while (ask := match.next_request()) is not None:
        request: Any = ask.request
        if request_format is ProtobufRequests:
            request = pb.RefereeMessage.FromString(request).decision_request
        asked.append(request.SerializeToString() if read_now else request)
        legal = len(match.state.legal_actions())
        index = legal if len(asked) == 5 else rng.randrange(legal)  # the fifth: out of range, a fault
        match.answered(ask.seat, pb.Decision(decision_id=ask.decision_id, action_index=index), 0.0)
    return [request if read_now else request.SerializeToString() for request in asked]


@pytest.mark.parametrize("spec", engine.games(), ids=lambda spec: spec.name)
def test_a_lazy_request_read_now_or_later_is_the_grpc_seats_request(spec) -> None:
    players = spec.max_players if spec.name != "bridge" else 4
    over_grpc = requests(spec, players, 2, ProtobufRequests, read_now=True)
    assert len(over_grpc) > 5
    assert requests(spec, players, 2, LazyRequests, read_now=True) == over_grpc
    assert requests(spec, players, 2, LazyRequests, read_now=False) == over_grpc
