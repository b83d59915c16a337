"""The Python SDK: what a bot's hooks see, in which order, how parameters are read, and
what becomes of an answer the protocol cannot carry."""

import sys
from pathlib import Path

import pytest
import trio

import engine
from arena import sdk
from arena.play import GameWire, open_bot_pool, play_match
from arena.records import BotEntry, FaultKind
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
    answers = list(sdk.SdkServicer(Bot, {}).Play(iter(messages), None))
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


def test_a_parameter_that_begins_like_address_stays_a_parameter(monkeypatch):
    served = []
    monkeypatch.setattr(sdk, "serve", lambda bot_class, address, params: served.append((address, params)))
    sdk.run(Recorder, ["--address=unix:/tmp/b.sock", "--a=1", "--addr=x"])
    assert served == [("unix:/tmp/b.sock", {"a": 1, "addr": "x"})]


def test_a_negative_index_is_sent_as_one_out_of_range_and_the_bot_is_told(capsys):
    class MinusOne(sdk.Bot):
        def act(self, request):
            return -1

    messages = [
        pb.RefereeMessage(match_start=pb.MatchStart()),
        pb.RefereeMessage(decision_request=pb.DecisionRequest(decision_id=3, legal_actions=[pb.LegalAction()] * 2)),
        pb.RefereeMessage(match_end=pb.MatchEnd()),
    ]
    (answer,) = sdk.SdkServicer(MinusOne, {}).Play(iter(messages), None)
    assert (answer.decision.decision_id, answer.decision.action_index) == (3, 2**32 - 1)
    assert "act returned -1, which is not an index of the 2 legal actions (0 to 1)" in capsys.readouterr().err


def test_a_bot_answering_minus_one_is_charged_illegal_not_crash(tmp_path):
    root = Path(__file__).resolve().parent.parent
    commands = {
        "minus-one": (sys.executable, str(root / "tests" / "fixtures" / "bots" / "answers_minus_one.py")),
        "r1": (sys.executable, str(root / "bots" / "random_bot.py")),
        "r2": (sys.executable, str(root / "bots" / "random_bot.py"), "--seed=2"),
    }
    entries = {name: BotEntry(name, command=command) for name, command in commands.items()}
    logs = tmp_path / "logs"

    async def main():
        async with open_bot_pool(entries, logs, game="conto") as pool:
            seats = [pool.seat(name) for name in entries]
            return await play_match(engine.load("conto", players=3), seats, seed=7, deals=2, move_time=5.0)

    record = trio.run(main)
    charged = [fault for fault in record.faults if fault.bot == "minus-one"]
    assert charged and charged[0].kind is FaultKind.ILLEGAL, [str(f) for f in record.faults]
    assert {fault.kind for fault in charged} <= {FaultKind.ILLEGAL, FaultKind.STOPPED}
    assert "out of range" in charged[0].reason
    bot_log = "".join(path.read_text() for path in logs.glob("minus-one-*.log"))
    assert "act returned -1" in bot_log
