"""The Python SDK: what a bot's hooks see, in which order, and how parameters are read."""

import pytest

from arena import sdk
from arena.v1 import arena_pb2 as pb


class Recorder(sdk.Bot):
    name = "recorder"

    def __init__(self, params=None):
        super().__init__(params)
        self.calls = []

    def on_match_start(self, start):
        self.calls.append(("start", start.seat))

    def on_event(self, event):
        self.calls.append(("event", event.text))

    def act(self, request):
        self.calls.append(("act", request.decision_id))
        self.comment = f"took {len(request.legal_actions) - 1}"
        return len(request.legal_actions) - 1

    def on_match_end(self, end):
        self.calls.append(("end", list(end.result.standing)))


def event(text):
    return pb.GameEvent(text=text)


def test_events_inside_a_request_reach_on_event_before_act_and_the_notice_before_the_end():
    made = []

    class Bot(Recorder):
        def __init__(self, params=None):
            super().__init__(params)
            made.append(self)

    messages = [
        pb.RefereeMessage(match_start=pb.MatchStart(seat=2)),
        pb.RefereeMessage(
            decision_request=pb.DecisionRequest(
                decision_id=7, legal_actions=[pb.LegalAction(), pb.LegalAction()], events=[event("a"), event("b")]
            )
        ),
        pb.RefereeMessage(decision_request=pb.DecisionRequest(decision_id=8, legal_actions=[pb.LegalAction()])),
        pb.RefereeMessage(event=pb.EventNotice(events=[event("c")])),
        pb.RefereeMessage(match_end=pb.MatchEnd(result=pb.MatchResult(standing=[1.0, 0.0, 2.0]))),
    ]
    answers = list(sdk._Servicer(Bot, {}).Play(iter(messages), None))
    assert [(a.decision.decision_id, a.decision.action_index, a.decision.comment) for a in answers] == [
        (7, 1, "took 1"),
        (8, 0, "took 0"),
    ]
    assert made[0].calls == [
        ("start", 2),
        ("event", "a"),
        ("event", "b"),
        ("act", 7),
        ("act", 8),
        ("event", "c"),
        ("end", [1.0, 0.0, 2.0]),
    ]


def test_parameters_from_the_command_line():
    assert sdk.parse_params(["--threshold=0.4", "--order", "largest", "--quiet", "--rounds=3", "--wild=off"]) == {
        "threshold": 0.4,
        "order": "largest",
        "quiet": True,
        "rounds": 3,
        "wild": False,
    }
    with pytest.raises(SystemExit, match="--key=value"):
        sdk.parse_params(["threshold=0.4"])
