"""The protocol carries every game's records, and the committed stubs match protos/."""

import random

import pytest

import engine
from arena._protogen import ROOT, generate
from arena.play import GameWire
from arena.play._encode import encode_record
from arena.play.feed import fill
from arena.v1 import arena_pb2 as pb

GAMES = [spec.name for spec in engine.games()]


def playouts(name, seeds=range(4)):
    spec = engine.game_class(name).spec
    for seed in seeds:
        players = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
        game = engine.load(name, players=players)
        state = game.new_match(seed=seed, deals=3)
        rng = random.Random(seed)
        while not state.is_terminal():
            yield game, state
            state.apply(rng.choice(state.legal_actions()))
        yield game, state


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_its_messages_in_the_envelopes(name):
    for envelope in (pb.GameView, pb.GameAction, pb.GameEvent, pb.GameOptions):
        assert name in envelope.DESCRIPTOR.fields_by_name, f"{envelope.__name__} lacks {name}"


@pytest.mark.parametrize("name", GAMES)
def test_views_actions_and_events_convert_field_for_field(name):
    for game, state in playouts(name):
        wire = GameWire(game)
        seat = state.current_seat()
        for s in range(game.players):
            message = wire.view(state.view(s))
            inner = getattr(message, name)
            view = state.view(s)
            assert inner.seat == view.seat
            assert len(inner.deal_events) == len(view.deal_events) == len(state.deal_events(s))
        for action in state.legal_actions():
            converted = wire.action(action)
            assert converted.text == action.text
            assert converted.action.WhichOneof("game") == name
        if seat is None:
            for event in state.history:
                assert wire.event(event).WhichOneof("game") == name


@pytest.mark.parametrize("name", GAMES)
def test_byte_built_request_equals_the_message_built_field_by_field(name):
    for game, state in playouts(name, seeds=range(2)):
        seat = state.current_seat()
        if seat is None:
            continue
        wire = GameWire(game)
        view = state.view(seat)
        deal_events = b"".join(wire.encode_event(e)[1] for e in view.deal_events)
        news = view.deal_events[-2:]
        turn = state.turn()
        built = pb.RefereeMessage.FromString(
            wire.decision_request(
                9,
                1500,
                view,
                deal_events,
                state.legal_actions(),
                [wire.encode_event(e)[0] for e in news],
                wire.turn(turn),
                wire.standing(state, 3),
            )
        )
        finished = state.deal_results()
        expected = pb.DecisionRequest(
            decision_id=9,
            time_limit_ms=1500,
            view=wire.view(view),
            legal_actions=wire.actions(state.legal_actions()),
            events=[wire.event(e) for e in news],
            kind=pb.DecisionKind.Value("DECISION_KIND_" + turn.kind.name),
            acting_seat=turn.acting_seat,
            responding_to=turn.responding_to,
            standing=pb.MatchStanding(
                deal=len(finished) + 1, deals=3, scores=state.result().scores, standing=state.standing()
            ),
        )
        assert built.decision_request == expected


def test_options_message_carries_the_game_options():
    game = engine.load("conto", players=6, hand_size=5, courses=3, oste=True)
    options = GameWire(game).options().conto
    assert (options.hand_size, options.courses, options.oste) == (5, 3, True)


def test_committed_stubs_are_not_stale(tmp_path):
    pytest.importorskip("grpc_tools")
    generate(tmp_path)
    fresh = {p.name: p.read_bytes() for p in (tmp_path / "arena" / "v1").iterdir()}
    committed = {
        p.name: p.read_bytes() for p in (ROOT / "arena" / "v1").iterdir() if p.is_file() and p.suffix in (".py", ".pyi")
    }
    assert fresh.keys() == committed.keys(), "stub files differ: run python -m arena._protogen"
    stale = [name for name in fresh if fresh[name] != committed[name]]
    assert not stale, f"stale stubs {stale}: run python -m arena._protogen"


@pytest.mark.parametrize("name", GAMES)
def test_the_compiled_encoder_writes_the_bytes_upb_writes(name):
    """The referee's encoder (arena/play/_encode.py) against upb's serializer, byte for
    byte, for every view, legal action and event (as each seat sees it) of playouts."""
    descriptors = {
        "view": pb.GameView.DESCRIPTOR.fields_by_name[name].message_type,
        "action": pb.GameAction.DESCRIPTOR.fields_by_name[name].message_type,
        "event": pb.GameEvent.DESCRIPTOR.fields_by_name[name].message_type,
    }

    def same(record, kind):
        descriptor = descriptors[kind]
        expected = fill(descriptor._concrete_class(), record).SerializeToString(deterministic=True)
        assert encode_record(record, descriptor) == expected, record

    checked = 0
    for game, state in playouts(name):
        for seat in range(game.players):
            same(state.view(seat), "view")
        for action in state.legal_actions():
            same(action, "action")
        if state.is_terminal():
            for event in state.history:
                for seat in range(game.players):
                    visible = event.visible_to(seat)
                    if visible is not None:
                        same(visible, "event")
                        checked += 1
    assert checked > 100
