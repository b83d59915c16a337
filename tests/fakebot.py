"""A scripted fake bot for protocol tests: an in-process SeatClient, no gRPC.

It records every message the referee sends it (decoded), and answers with a script:
a function from the decision request to an index, or a BotFault to raise.  With
`blocking=True` its stream also answers on the gRPC loop, so the referee drives the
match there as it does for gRPC seats; otherwise from trio, as for stdio seats.
"""

from __future__ import annotations

import random
from collections import deque
from contextlib import asynccontextmanager

from arena.errors import BotFault
from arena.play import ProtobufRequests
from arena.v1 import arena_pb2 as pb


class FakeSeat:
    def __init__(self, name, script=None, seed=0, blocking=False):
        self.name = name
        self.blocking = blocking
        self.script = script or (lambda request, rng: rng.randrange(len(request.legal_actions)))
        self.rng = random.Random(seed)
        self.received: list[pb.RefereeMessage] = []

    @asynccontextmanager
    async def open_play(self, start):
        self.received.append(pb.RefereeMessage(match_start=start))
        yield _BlockingFakeStream(self) if self.blocking else _FakeStream(self)


class _FakeStream:
    cpu_meter = None  # in-process: no bot process to measure
    request_format = ProtobufRequests

    def __init__(self, seat):
        self.seat = seat

    def send(self, message):
        if isinstance(message, bytes):
            message = pb.RefereeMessage.FromString(message)
        self.seat.received.append(message)

    async def decide(self, request, decision_id, time_limit):
        return self.answer(request, decision_id)

    def answer(self, request, decision_id):
        message = pb.RefereeMessage.FromString(request)
        self.seat.received.append(message)
        answer = self.seat.script(message.decision_request, self.seat.rng)
        if isinstance(answer, BotFault):
            raise answer
        return pb.Decision(decision_id=decision_id, action_index=answer)

    def cancel(self):
        pass


class _BlockingFakeStream(_FakeStream):
    async def decide_on_loop(self, request, decision_id, time_limit):
        return self.answer(request, decision_id)


class SdkSeat:
    """An SDK bot class played in-process: the referee's messages go through the SDK's
    own Play loop (arena.sdk), as over gRPC but without it."""

    def __init__(self, name, bot_class, params=None):
        self.name = name
        self.bot_class = bot_class
        self.params = params or {}

    @asynccontextmanager
    async def open_play(self, start):
        from arena import sdk

        inbox = deque([pb.RefereeMessage(match_start=start)])
        answers = sdk.SdkServicer(self.bot_class, self.params).Play(iter(inbox.popleft, None), None)
        stream = _SdkStream(inbox, answers)
        yield stream
        # The referee has sent the last news and MatchEnd: let the loop read them and end.
        for _ in answers:
            raise AssertionError("the SDK answered after the match ended")


class _SdkStream:
    cpu_meter = None  # in-process: no bot process to measure
    request_format = ProtobufRequests

    def __init__(self, inbox, answers):
        self._inbox = inbox
        self._answers = answers

    def send(self, message):
        self._inbox.append(message if isinstance(message, pb.RefereeMessage) else pb.RefereeMessage.FromString(message))

    async def decide(self, request, decision_id, time_limit):
        self._inbox.append(pb.RefereeMessage.FromString(request))
        return next(self._answers).decision

    def cancel(self):
        pass
