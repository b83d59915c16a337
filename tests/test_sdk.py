"""The Python SDK: what a bot's hooks see, in which order, and how parameters are read."""

import random

import pytest

import engine
from arena import sdk
from arena.play import GameWire
from arena.v1 import arena_pb2 as pb
from bots.conto import Showdown, event_from_message
from bots.conto_adaptive import AdaptiveBot


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


def test_a_bot_that_learns_across_hands_gets_the_whole_match_as_news():
    """A request's view holds the current hand only; the adaptive bot learns from the
    earlier hands' showdowns, which reach it once each as news.  Through the SDK its log
    ends as the match's history, as MatchEnd has it."""
    made = []

    class Bot(AdaptiveBot):
        def __init__(self, params=None):
            super().__init__(params)
            made.append(self)

    game = engine.load("conto", players=3)
    state = game.new_match(seed=4, deals=4)
    wire = GameWire(game)
    rng = random.Random(2)
    answers = []
    longest_view = 0

    def referee():
        """Seat 1's messages; the others play at random.  Each answer is read after the
        request, once the SDK has yielded it."""
        nonlocal longest_view
        sent = 0

        def news():
            nonlocal sent
            events = [wire.event(e) for e in state.events_for(1, sent)]
            sent = len(state.history)
            return events

        yield pb.RefereeMessage(match_start=pb.MatchStart(game="conto", players=3, seat=1))
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.current_seat() == 1:
                view = wire.view(state.view(1))
                longest_view = max(longest_view, len(view.conto.deal_events))
                request = pb.DecisionRequest(
                    decision_id=len(answers) + 1, view=view, legal_actions=wire.actions(legal), events=news()
                )
                yield pb.RefereeMessage(decision_request=request)
                index = answers[-1]
            else:
                index = rng.randrange(len(legal))
            state.apply(legal[index])
        yield pb.RefereeMessage(event=pb.EventNotice(events=news()))
        yield pb.RefereeMessage(match_end=pb.MatchEnd(history=[wire.event(e) for e in state.events_for(1)]))

    for answer in sdk._Servicer(Bot, {}).Play(referee(), None):
        answers.append(answer.decision.action_index)
    history = [event_from_message(wire.event(e).conto) for e in state.events_for(1)]
    assert made[0].log.events == history
    assert sum(isinstance(e, Showdown) for e in history) == 4 and len(answers) > 4
    assert longest_view < len(history) / 2


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
