"""The stdio bridge's JSON (arena/play/_json.py) is protobuf's canonical mapping: the same
lines as `json_format.MessageToDict`, key for key and in the same order, for every message
a seat receives in random matches of every registered game, and in the corners."""

from __future__ import annotations

import json
import math
import random

import pytest
import trio
from google.protobuf import json_format, struct_pb2, timestamp_pb2

import engine
from arena.play import JsonRequests, Match, ProtobufRequests, play_match
from arena.play._encode_json import JsonLine
from arena.play._ids import DecisionIds
from arena.play._json import message_to_json
from arena.play.stdio_bot import encode_message
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


class Sink:
    """A seat's stream for a match asked in process: it keeps what the referee sends."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []

    def send(self, message) -> None:
        self.sent.append(message)


def lines_both_ways(spec, players: int, seed: int) -> tuple[list[bytes], list[bytes]]:
    """Every request of one random match, then the last news and the match's end, made
    for gRPC seats (protobuf bytes, made into lines here) and for stdio seats (JSON
    lines): two matches on the same deals, with the same answers."""
    made = []
    for json_seats in (False, True):
        match = Match(engine.load(spec.name, players=players), [f"s{i}" for i in range(players)], seed=seed, deals=3)
        for seat in match.seats:
            seat.stream = Sink()
            match.use_format(seat, JsonRequests if json_seats else ProtobufRequests)
            seat.ids = DecisionIds(bytes([seat.index]))  # the same ids in both matches
        rng = random.Random(seed)
        lines = []
        while (ask := match.next_request()) is not None:
            lines.append(ask.request if json_seats else encode_message(ask.request))
            answer = pb.Decision(
                decision_id=ask.decision_id, action_index=rng.randrange(len(match.state.legal_actions()))
            )
            match.answered(ask.seat, answer, 0.0)
        match.send_match_end()
        for seat in match.seats:
            lines += [sent if json_seats else encode_message(sent) for sent in seat.stream.sent]
        made.append(lines)
    return made[0], made[1]


@pytest.mark.parametrize("spec", engine.games(), ids=lambda spec: spec.name)
def test_a_line_made_as_json_is_the_line_its_bytes_make(spec) -> None:
    count, kinds = 0, set()
    for players in sorted({spec.min_players, spec.max_players}):
        for seed in (1, 2):
            from_bytes, as_json = lines_both_ways(spec, players, seed)
            assert len(from_bytes) == len(as_json) > players
            for made, line in zip(from_bytes, as_json):
                assert isinstance(line, JsonLine)
                assert line == made
            kinds.update(json.loads(line)["type"] for line in as_json)
            count += len(as_json)
    assert count > 20
    assert kinds == {"decision_request", "event", "match_end"}
