"""Frederik's worlds for OpenSpiel's ISMCTS (bots/ismcts/worlds.py: `frederik_world`,
over engine/frederik/worlds.py: `state_at_decision`): a world shows the deciding seat
exactly its view, asks it the same decision with the same actions, plays on to the end
by the engine's rules, and is drawn from what the seat may see, never from the rest."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

pytest.importorskip("pyspiel")

from research_deals import two_deals  # noqa: E402

import engine  # noqa: E402
from arena.envs.encoding import information_lines  # noqa: E402
from arena.play import GameWire  # noqa: E402
from arena.v1 import arena_pb2 as pb  # noqa: E402
from bots.ismcts.worlds import WORLDS, frederik_world  # noqa: E402
from engine import DecisionKind, PositionError  # noqa: E402
from engine.frederik import Fill, Window, state_at_decision  # noqa: E402


def _request(state: engine.State) -> pb.DecisionRequest:
    """The decision request the referee sends the seat asked now."""
    turn = state.turn()
    wire = GameWire(state.game)
    request = pb.DecisionRequest(
        decision_id=1,
        time_limit_ms=1000,
        view=wire.view(state.view(turn.seat)),
        legal_actions=wire.actions(state.legal_actions()),
    )
    request.MergeFromString(wire.turn(turn))
    return request


def _texts(state: engine.State) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def _final_hands(state: engine.State) -> str:
    return state.history[-2].text  # the deal's end, every seat's cards shown (then the match's end)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_world_shows_the_seat_its_view_asks_the_same_and_plays_to_the_end(players):
    rng = random.Random(players)
    kinds: set[DecisionKind] = set()
    differ = decisions = 0
    for seed in range(3):
        real = engine.load("frederik", players=players).new_match(seed=seed, deals=2)
        while not real.is_terminal():
            turn = real.turn()
            seat = turn.seat
            view = real.view(seat)
            world = frederik_world(_request(real), rng)
            # The seat's view, all of it: its own cards, the face-up and shown cards, the
            # pile it knows, the scores, the phase and turn, the deal's events; the world
            # is this deal alone, so the match ends with it.
            assert world.view(seat) == replace(view, deals_in_match=view.deal)
            assert world.turn() == turn
            assert _texts(world) == _texts(real)
            if decisions % 7 == 0:  # every world is a whole deal the engine plays out
                hidden = world.clone()
                while not hidden.is_terminal():
                    hidden.apply(rng.choice(hidden.legal_actions()))
                assert len(hidden.deal_results()) == 1
                assert sum(hidden.result().scores) == pytest.approx(1.0)
            differ += any(world.view(s) != real.view(s) for s in range(players) if s != seat)
            kinds.add(turn.kind)
            decisions += 1
            real.apply(rng.choice(real.legal_actions()))
    assert kinds == {DecisionKind.TURN, DecisionKind.RESPONSE, DecisionKind.INTERRUPT}
    assert differ > decisions // 2  # the others' hidden cards are drawn, not copied


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_world_with_the_real_cards_plays_on_as_the_match(players):
    """Given the real deal's cards, the rebuilt state is the match from this decision on:
    the same events follow the same actions, answers and interrupt offers included."""
    rng = random.Random(10 + players)
    real = engine.load("frederik", players=players).new_match(seed=7, deals=1)
    steps = 0
    while not real.is_terminal():
        turn = real.turn()
        window = {DecisionKind.RESPONSE: Window.ANSWER, DecisionKind.INTERRUPT: Window.INTERRUPT}.get(turn.kind)
        fill = Fill(
            tuple(tuple(row) for row in real._cards),
            tuple(tuple(known) for known in real._known),
            tuple(real._pile),
            tuple(real._pile_known),
        )
        world = state_at_decision(real.game, real.view(turn.seat), window, fill)
        if steps % 5 == 0:
            future, mark = real.clone(), len(real.history)
            start = len(world.history)
            while not future.is_terminal():
                action = rng.choice(future.legal_actions())
                assert _texts(world) == _texts(future)
                future.apply(action)
                world.apply(str(action))
            assert world.history[start:] == future.history[mark:]
        steps += 1
        real.apply(rng.choice(real.legal_actions()))


def test_a_fill_that_contradicts_the_view_is_refused_with_what_disagrees():
    real = engine.load("frederik", players=4).new_match(seed=3, deals=1)
    seat = real.current_seat()
    view = real.view(seat)
    rows = [list(row) for row in real._cards]
    pile = list(real._pile)
    pile[0], pile[1] = pile[1], pile[0]
    fill = Fill(tuple(map(tuple, rows)), tuple(map(tuple, real._known)), tuple(pile[:-1]), tuple(real._pile_known))
    with pytest.raises(PositionError) as refused:
        state_at_decision(real.game, view, None, fill)
    message = str(refused.value)
    assert f"seat {seat}'s view" in message and "pile has" in message
    twice = Fill(fill.rows, fill.row_knowers, (*pile[:-1], pile[0]), (*real._pile_known,))
    with pytest.raises(PositionError, match=f"cards placed twice: {pile[0]}"):
        state_at_decision(real.game, view, None, twice)
    with pytest.raises(PositionError, match="answer or interrupt window was given"):
        state_at_decision(real.game, view, Window.INTERRUPT, replace(fill, pile=tuple(pile)))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_no_world_depends_on_cards_the_seat_may_not_see(players):
    """Two matches that differ only in pile cards no seat has seen give, with the same
    random numbers, the same worlds: a world is drawn from the seat's view alone."""
    first, second = two_deals("frederik", players)
    rng = random.Random(players)
    compared = apart = 0
    while not first.is_terminal() and first.current_seat() == second.current_seat():
        seat = first.current_seat()
        if first.view(seat) == second.view(seat):  # the seat asked cannot tell them apart
            worlds = [frederik_world(_request(match), random.Random(compared)) for match in (first, second)]
            assert [worlds[0].view(s) for s in range(players)] == [worlds[1].view(s) for s in range(players)]
            for world in worlds:
                play = random.Random(1)
                while not world.is_terminal():
                    world.apply(play.choice(world.legal_actions()))
            assert _final_hands(worlds[0]) == _final_hands(worlds[1])
            compared += 1
            apart += first.history != second.history  # the cards that differ have been dealt
        both = sorted(set(_texts(first)) & set(_texts(second)))
        if not both:
            break
        action = rng.choice(both)
        first.apply(action)
        second.apply(action)
    assert compared >= 10 and apart >= 1, (compared, apart)


def test_every_world_of_a_decision_gives_the_seat_one_information_state():
    """OpenSpiel's ISMCTS keys its tree by the seat's information state: every world
    drawn at a decision must give the same one (its search asserts as much)."""
    from bots.ismcts.search import choose

    rng = random.Random(5)
    real = engine.load("frederik", players=4).new_match(seed=11, deals=3)
    for _ in range(40):
        real.apply(rng.choice(real.legal_actions()))
    while not real.is_terminal() and real.turn().kind is DecisionKind.TURN:
        real.apply(rng.choice(real.legal_actions()))
    seat, request = real.current_seat(), _request(real)
    worlds = [WORLDS["frederik"](request, rng) for _ in range(5)]
    assert len({tuple(information_lines(world, seat)) for world in worlds}) == 1
    text, simulations = choose(WORLDS["frederik"], request, 0.05, rng)
    assert text in [action.text for action in request.legal_actions]
    assert simulations >= 2
