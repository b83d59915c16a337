"""The stdio bridge's JSON (arena/play/_json.py) is protobuf's canonical mapping: the same
lines as `json_format.MessageToDict`, key for key and in the same order, for every message
a seat receives in random matches of every registered game, and in the corners."""

from __future__ import annotations

import json
import math

import pytest
import trio
from google.protobuf import json_format, struct_pb2, timestamp_pb2

import engine
from arena.play import play_match
from arena.play._json import message_to_json
from arena.v1 import arena_pb2 as pb
from tests.fakebot import FakeSeat


def by_json_format(message) -> str:
    return json.dumps(json_format.MessageToDict(message), separators=(",", ":"))


def received(name: str, players: int, seed: int) -> list[pb.RefereeMessage]:
    seats = [FakeSeat(f"random{seat}", seed=seed * 10 + seat) for seat in range(players)]

    async def main():
        await play_match(engine.load(name, players=players), seats, seed=seed, deals=2, move_time=5.0)

    trio.run(main)
    return [message for seat in seats for message in seat.received]


@pytest.mark.parametrize("spec", engine.games(), ids=lambda spec: spec.name)
def test_every_message_of_a_match_reads_as_json_format_writes_it(spec) -> None:
    kinds = set()
    for players in sorted({spec.min_players, spec.max_players}):
        messages = received(spec.name, players, seed=players)
        for message in messages:
            assert message_to_json(message) == by_json_format(message)
            kinds.add(message.WhichOneof("message"))
    assert kinds >= {"match_start", "decision_request", "match_end"}


def test_the_corners_of_the_mapping() -> None:
    end = pb.RefereeMessage()
    end.match_end.result.scores.extend([1.5, -0.0, math.inf, -math.inf, math.nan])
    end.match_end.result.deals.add(deal=1, forfeit=0)  # optional: written even at its default
    start = pb.RefereeMessage()
    start.match_start.match_id = "m-1"
    start.match_start.seat = 0  # a default: not written
    request = pb.RefereeMessage()
    request.decision_request.decision_id = 2**64 - 1  # uint64: a string
    request.decision_request.kind = 77  # an open enum keeps a number it does not know
    for message in (end, start, request, pb.RefereeMessage()):
        assert message_to_json(message) == by_json_format(message)
    result = json.loads(message_to_json(end))["matchEnd"]["result"]
    assert result["scores"][2:] == ["Infinity", "-Infinity", "NaN"]
    assert result["deals"] == [{"deal": 1, "forfeit": 0}]
    assert json.loads(message_to_json(request))["decisionRequest"] == {"decisionId": str(2**64 - 1), "kind": 77}


def test_types_it_does_not_map_itself_are_left_to_json_format() -> None:
    document = struct_pb2.Struct()  # a map and well-known types
    document.update({"a": [1, "two", None, {"b": True}]})
    stamp = timestamp_pb2.Timestamp(seconds=1, nanos=5)
    for message in (document, stamp):
        assert message_to_json(message) == by_json_format(message)
    assert message_to_json(stamp) == '"1970-01-01T00:00:01.000000005Z"'
