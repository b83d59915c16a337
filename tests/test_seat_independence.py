"""A seat learns nothing of what another seat decided in secret: every byte the referee
sends a seat over a match is the same, whatever a third seat did that the rules keep to
it.  Each test plays two matches on the same deals, in process (the referee's `Match`,
no bot processes), where one seat's secret choices differ, and compares what every
other seat received: its MatchStart, each request (ids included), the last news and
MatchEnd, as protobuf bytes or, for a stdio seat, as JSON lines.

- Every game: a seat's comments, its thinking time (under a bank, its own clock), its
  transport (JSON or protobuf), and what its fault says (two out-of-range indexes, one
  forfeit either way) are its own.
- frederik: a card kept face down in the last draft round (which decides whether the
  seat is asked, later, to answer or interrupt) and every pass out of turn, which only
  the passer sees.  The two matches ask that seat a different number of times; with the
  one decision counter the referee had, the others' ids told how many.
- invido: which card a seat plays face down (vado dentro), never shown.
- conto, vegas and bridge have no secret decisions: every declaration, bet, call and
  card played is public, and what is hidden (the cards dealt) is the deal's, not a
  decision's (tests/test_protocol.py and the games' protocol tests check that no
  message shows another seat's cards).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from google.protobuf import json_format

import engine
from arena.clock import TimeControl
from arena.play import JsonRequests, Match, ProtobufRequests
from arena.play._ids import ID_BITS, DecisionIds
from arena.play.stdio_bot import encode_message
from arena.v1 import arena_pb2 as pb
from arena.v1 import frederik_pb2

#: (legal actions' texts, the seat's count of requests so far) -> an index
Chooser = Callable[[list[str], int], int]


def at_random(texts: list[str], asked: int) -> int:
    """A choice that depends on what the seat is asked and nothing else."""
    return zlib.crc32(f"{asked}|{'|'.join(texts)}".encode()) % len(texts)


@dataclass
class Plan:
    """How one seat plays a match."""

    choose: Chooser = at_random
    json: bool = False  # a stdio seat: its requests are JSON lines
    comment: str = ""
    think: float = 0.05  # seconds each answer takes


class Sink:
    """A seat's stream, in process: it keeps every message the referee sends it."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []

    def send(self, message: pb.RefereeMessage | bytes) -> None:
        self.sent.append(bytes(message) if isinstance(message, bytes) else message.SerializeToString())

    def cancel(self) -> None:
        pass


def decode(message: bytes, as_json: bool) -> pb.RefereeMessage:
    if not as_json:
        return pb.RefereeMessage.FromString(message)
    line = json.loads(message)
    del line["type"]
    return json_format.ParseDict(line, pb.RefereeMessage())


def play(game: engine.Game, plans: list[Plan], *, seed: int, deals: int, bank: bool = False) -> list[list[bytes]]:
    """Every message each seat received over one match, in order (MatchStart first)."""
    controls = [TimeControl.parse("60+0.5") if bank else TimeControl.per_move(5.0)] * len(plans)
    match = Match(game, [f"bot{i}" for i in range(len(plans))], seed=seed, deals=deals, time_controls=controls)
    asked = [0] * len(plans)
    for seat, plan in zip(match.seats, plans):
        seat.stream = Sink()
        match.use_format(seat, JsonRequests if plan.json else ProtobufRequests)
        seat.ids = DecisionIds(bytes([seat.index]))  # random ids, the same in both matches
        start = pb.RefereeMessage(match_start=match.start_message(seat))
        seat.stream.sent.append(encode_message(start) if plan.json else start.SerializeToString())
    while (ask := match.next_request()) is not None:
        seat, plan = ask.seat, plans[ask.seat.index]
        seat.stream.sent.append(bytes(ask.request))
        request = decode(ask.request, plan.json).decision_request
        assert request.decision_id == ask.decision_id
        index = plan.choose([action.text for action in request.legal_actions], asked[seat.index])
        asked[seat.index] += 1
        answer = pb.Decision(decision_id=ask.decision_id, action_index=index, comment=plan.comment)
        match.answered(seat, answer, plan.think)
    match.send_match_end()
    return [seat.stream.sent for seat in match.seats]


def requests(messages: list[bytes], as_json: bool = False) -> list[pb.DecisionRequest]:
    decoded = (decode(message, as_json) for message in messages)
    return [message.decision_request for message in decoded if message.HasField("decision_request")]


# --- every game: what a seat does on its own side ------------------------------------------

TABLES = {"conto": 4, "invido": 2, "vegas": 3, "bridge": 4, "frederik": 4}


def faults_at(asked: int, index: int) -> Chooser:
    """Plays at random, but answers its `asked`-th request with the out-of-range `index`."""
    return lambda texts, n: index if n == asked else at_random(texts, n)


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_seats_comments_thinking_transport_and_fault_reasons_reach_no_other_seat(name: str) -> None:
    players = TABLES[name]
    game = engine.load(name, players=players)
    secret = players - 1  # the seat whose side differs
    a = [Plan() for _ in range(players)]
    b = [Plan() for _ in range(players)]
    a[secret] = Plan(faults_at(2, 99), json=False, comment="", think=0.01)
    b[secret] = Plan(faults_at(2, 12_345), json=True, comment="I hold the ace of spades", think=2.5)
    first = play(game, a, seed=4, deals=6, bank=True)
    second = play(game, b, seed=4, deals=6, bank=True)
    for seat in range(players - 1):
        assert len(requests(first[seat])) > 3
        assert first[seat] == second[seat], f"seat {seat} told the difference"
    # The secret seat did differ, and was told so itself.
    mine = requests(first[secret]), requests(second[secret], as_json=True)
    assert [r.time_limit_ms for r in mine[0]] != [r.time_limit_ms for r in mine[1]]
    end_first = decode(first[secret][-1], False).match_end
    end_second = decode(second[secret][-1], True).match_end
    assert "action index 99 is out of range" in end_first.faults[0].reason
    assert "action index 12345 is out of range" in end_second.faults[0].reason
    # Another seat learns of the fault (its kind: a forfeit is public), not its reason.
    end = decode(first[0][-1], False).match_end
    assert [(f.seat, f.kind, f.reason) for f in end.faults] == [(secret, pb.FAULT_KIND_ILLEGAL, "")]


# --- frederik: a card kept face down, and the passes out of turn ---------------------------

ATTACKS = ("swap-", "discard-", "steal-")  # aimed at face-up cards (no reveal: that would show one)


def frederik_player(texts: list[str], asked: int) -> int:
    """Drafts the first card face down; in the battle attacks when it can (opening an
    answer and an interrupt window), never draws (the pile's bottom holds the cards
    returned last); passes when asked out of turn (`pass` comes first)."""
    if texts[0].startswith(("keep", "return")) or all(
        text.startswith(("protect ", "interrupt ")) for text in texts[1:]
    ):
        return 0
    attacks = [i for i, text in enumerate(texts) if text.startswith(ATTACKS)]
    return attacks[0] if attacks else texts.index("pass")


def frederik_keeper(which: int) -> Chooser:
    """Drafts the first card face down, but in the last round the `which`-th card it may
    keep face down (either turns the same older card up); then passes whenever asked."""

    def choose(texts: list[str], asked: int) -> int:
        if texts[0].startswith("keep") and asked >= 8:  # rounds 1-4: a keep and a return each
            return [i for i, text in enumerate(texts) if text.endswith(" down")][which]
        if texts[0].startswith(("keep", "return")):
            return 0
        return texts.index("pass")

    return choose


def without_the_deals_end(message: pb.RefereeMessage) -> pb.RefereeMessage:
    """The message less what the end of the deal shows everyone: every seat's cards
    (`deal_ended`), the match's end, and the result they decide."""
    message = pb.RefereeMessage.FromString(message.SerializeToString())
    for events in (message.event.events, message.match_end.history):
        kept = [e for e in events if e.frederik.WhichOneof("event") not in ("deal_ended", "match_ended")]
        del events[:]
        events.extend(kept)
    if message.HasField("match_end"):
        message.match_end.ClearField("result")
    return message


@pytest.mark.parametrize("as_json", [False, True], ids=["grpc", "stdio"])
def test_frederik_a_seats_hidden_keep_and_its_passes_out_of_turn_reach_no_other_seat(as_json: bool) -> None:
    game = engine.load("frederik", players=4)
    secret = 2
    matches = []
    for which in (0, 1):
        plans = [Plan(frederik_player, json=as_json) for _ in range(4)]
        plans[secret] = Plan(frederik_keeper(which))
        matches.append(play(game, plans, seed=11, deals=1))
    first, second = matches
    # The keeps differ, and with them how often the seat is asked to answer or interrupt.
    out_of_turn = [
        sum(r.kind != pb.DECISION_KIND_TURN for r in requests(received[secret])) for received in (first, second)
    ]
    assert out_of_turn[0] != out_of_turn[1] and min(out_of_turn) > 0, out_of_turn
    for seat in (0, 1, 3):
        mine = requests(first[seat], as_json)
        assert any(r.kind == pb.DECISION_KIND_INTERRUPT for r in mine)
        assert any(r.view.frederik.phase == frederik_pb2.FREDERIK_PHASE_BATTLE for r in mine)
        (asked, end), (asked_too, end_too) = (until_the_last_request(received[seat], as_json) for received in matches)
        assert asked == asked_too, f"seat {seat} told the difference"  # MatchStart and every request, ids included
        # After the last decision: the same news and end, but for what the deal's end shows.
        assert [without_the_deals_end(m) for m in end] == [without_the_deals_end(m) for m in end_too]


def until_the_last_request(messages: list[bytes], as_json: bool) -> tuple[list[bytes], list[pb.RefereeMessage]]:
    """The messages up to the seat's last request, as sent; and those after it, decoded."""
    decoded = [decode(message, as_json) for message in messages]
    last = max(i for i, message in enumerate(decoded) if message.HasField("decision_request"))
    return messages[: last + 1], decoded[last + 1 :]


# --- invido: a card played face down ---------------------------------------------------------


def face_down(last: bool) -> Chooser:
    """Plays every card face down (vado dentro): the first such card, or the last."""

    def choose(texts: list[str], asked: int) -> int:
        down = [i for i, text in enumerate(texts) if text.startswith("vado dentro ")]
        return (down[-1] if last else down[0]) if down else 0

    return choose


def face_up(texts: list[str], asked: int) -> int:
    return next((i for i, text in enumerate(texts) if text.startswith("play ")), 0)


@pytest.mark.parametrize("as_json", [False, True], ids=["grpc", "stdio"])
def test_invido_the_card_a_seat_plays_face_down_reaches_no_other_seat(as_json: bool) -> None:
    game = engine.load("invido", players=2, vado_dentro=True)
    first, second = (
        play(game, [Plan(face_down(last)), Plan(face_up, json=as_json)], seed=3, deals=4) for last in (False, True)
    )
    assert first[0] != second[0], "the seat played other cards"
    assert len(requests(first[1], as_json)) >= 4
    assert first[1] == second[1]


# --- the ids themselves ------------------------------------------------------------------------


def test_decision_ids_are_each_seats_own_unguessable_and_never_repeat() -> None:
    ids = DecisionIds()
    drawn = [ids.next() for _ in range(10_000)]
    assert len(set(drawn)) == len(drawn)
    assert all(0 < i < 2**ID_BITS for i in drawn)
    assert drawn != [DecisionIds().next() for _ in range(10_000)], "a seat's key is its own"
    fixed = [DecisionIds(b"k").next() for _ in range(2)]
    assert fixed[0] == fixed[1]
    # Made from the match's seed (which no bot is told): the same in every run of a match.
    assert DecisionIds.of_seat(7, 1).next() == DecisionIds.of_seat(7, 1).next()
    assert len({DecisionIds.of_seat(seed, seat).next() for seed in (7, 8) for seat in (0, 1)}) == 4
    # Counted ids would be consecutive; these are spread over the whole range.
    assert max(drawn) > 2**ID_BITS * 0.99 and min(drawn) < 2**ID_BITS * 0.01
