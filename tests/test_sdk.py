"""The Python SDK: what a bot's hooks see, in which order, and how parameters are read."""

import pytest
import trio

import engine
from arena import sdk
from arena.play import GameWire, play_match
from arena.v1 import arena_pb2 as pb
from bots.conto import Showdown, event_from_message
from bots.conto_adaptive import AdaptiveBot
from tests.fakebot import FakeSeat, SdkSeat


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


def test_a_bot_that_learns_across_hands_gets_every_event_once_through_on_event():
    """A request's view holds the current hand only, and its news only what is left of
    earlier hands; the SDK hands the bot every event once, in order, from both.  The
    adaptive bot, played by the real referee through the SDK's Play loop, ends with a
    log equal to the match's history as its seat sees it."""
    made = []

    class Bot(AdaptiveBot):
        def __init__(self, params=None):
            super().__init__(params)
            made.append(self)

    game = engine.load("conto", players=3)
    seats = [FakeSeat("r0", seed=0), SdkSeat("adaptive", Bot), FakeSeat("r2", seed=2)]
    record = trio.run(lambda: play_match(game, seats, seed=4, deals=6, move_time=5.0))
    assert record.faults == ()
    wire = GameWire(game)
    history = [event_from_message(wire.event(e.visible_to(1)).conto) for e in record.history]
    assert made[0].log.events == history
    assert sum(isinstance(e, Showdown) for e in history) == 6


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
