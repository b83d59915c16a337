"""Over gRPC, as on stdio, an answer sent before its request is no answer to it: the
referee fences each request at the messages it had taken from the stream when it wrote
it, and one taken by then is `malformed`, whatever decision it names.  Decision ids are
random per request (arena/play/_ids.py), so a bot cannot name its next request anyway;
the scripted stream here knows them, to test the fence itself."""

from __future__ import annotations

import asyncio

import pytest

from arena.errors import BotFault
from arena.play import grpc_loop
from arena.play.grpc_bot import PlayStream
from arena.records import FaultKind
from arena.v1 import arena_pb2 as pb
from tests.test_referee import RANDOM, fixture, run_match


def request(decision_id: int) -> bytes:
    legal = [pb.LegalAction(text="a"), pb.LegalAction(text="b")]
    message = pb.RefereeMessage(decision_request=pb.DecisionRequest(decision_id=decision_id, legal_actions=legal))
    return message.SerializeToString()


class ScriptedCall:
    """A Play call whose bot answers each request at once, and then answers ahead the
    ids in `ahead` (request id -> the id it answers next, before that is asked)."""

    def __init__(self, ahead: dict[int, int]) -> None:
        self.ahead = ahead
        self.answers: asyncio.Queue[pb.BotMessage] = asyncio.Queue()

    def cancel(self) -> None:
        pass

    async def read(self) -> pb.BotMessage:
        return await self.answers.get()

    async def write(self, message: pb.RefereeMessage | bytes) -> None:
        decoded = message if isinstance(message, pb.RefereeMessage) else pb.RefereeMessage.FromString(message)
        if decoded.HasField("decision_request"):
            asked = decoded.decision_request.decision_id
            for answer in (asked, self.ahead.get(asked)):
                if answer is not None:
                    self.answers.put_nowait(pb.BotMessage(decision=pb.Decision(decision_id=answer, action_index=1)))

    async def done_writing(self) -> None:
        pass


async def read_up_to(stream: PlayStream, messages: int) -> None:
    """Until the stream's reader has taken `messages` messages (the bot's answers ahead
    are then in, before the next request is written)."""
    async with asyncio.timeout(5):
        while stream.received < messages:
            await asyncio.sleep(0.001)


def outcomes(ahead: dict[int, int], ids: list[int], queue_first: bool = False) -> list[object]:
    async def main() -> list[object]:
        stream = PlayStream("ahead", ScriptedCall(ahead))
        got: list[object] = []
        for n, decision_id in enumerate(ids):
            await read_up_to(stream, sum(1 + (i in ahead) for i in ids[:n]))
            if queue_first:  # a message queued first: the request is written by the writer task
                stream.send(pb.RefereeMessage(event=pb.EventNotice()))
            try:
                decision = await stream.decide_on_loop(request(decision_id), decision_id, 2.0)
            except BotFault as fault:
                got.append((fault.kind, fault.reason))
            else:
                got.append((decision.decision_id, decision.action_index))
        await stream.finish(0.0)
        return got

    return grpc_loop.submit(main()).result(timeout=20)


@pytest.mark.parametrize("queue_first", [False, True], ids=["written-at-once", "queued"])
def test_an_answer_sent_before_its_request_is_malformed(queue_first: bool) -> None:
    # The bot answers 11, then 12 before 12 is asked (it knew the id); 12 is then asked.
    got = outcomes({11: 12}, [11, 12, 13], queue_first)
    assert got == [
        (11, 1),
        (FaultKind.MALFORMED, "the answer to decision 12 came before the request was sent"),
        (13, 1),  # an answer after its request is taken, however soon
    ]


def test_a_real_grpc_bot_that_answers_ahead_gains_nothing(tmp_path) -> None:
    """The bot answers the id after each of its ids: never one of its next requests."""
    record = run_match(tmp_path, [("ahead", fixture("answers_ahead")), ("r1", RANDOM), ("r2", RANDOM)], deals=3)
    faults = [f for f in record.faults if f.bot == "ahead"]
    assert faults and faults[0].kind is FaultKind.MALFORMED, record.faults
    assert "but decision" in faults[0].reason
    assert len(record.result.deals) == 3
