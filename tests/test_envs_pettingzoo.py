"""arena.envs: every game as a PettingZoo AEC environment, checked by PettingZoo's own tests."""

from __future__ import annotations

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402
from research_deals import GAME_TABLES, play_alike, two_deals  # noqa: E402

from arena.envs import env  # noqa: E402
from arena.envs.encoding import action_slots, encode_view  # noqa: E402


# Our observation is PettingZoo's classic-games layout, a Dict of "observation" (a Box)
# and "action_mask"; api_test checks both parts and warns only for an env whose name is
# not on its own list of such envs (chess, go, …), so the two warnings say nothing here.
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be:UserWarning")
@pytest.mark.parametrize(("game", "players"), GAME_TABLES)
def test_pettingzoo_api_test_passes(game, players):
    # A few hundred steps: api_test plays num_cycles steps of random legal actions.
    api_test(env(game, players=players, deals=1), num_cycles=150)


@pytest.mark.parametrize(("game", "players"), GAME_TABLES)
def test_pettingzoo_seed_test_passes(game, players):
    seed_test(lambda: env(game, players=players, deals=1), num_cycles=60)


@pytest.mark.parametrize(("game", "players"), GAME_TABLES)
def test_a_seed_reproduces_the_deal_and_the_structured_view_is_the_seats(game, players):
    first, second = env(game, players=players), env(game, players=players)
    first.reset(seed=11)
    second.reset(seed=11)
    assert first.unwrapped.state.history[0] == second.unwrapped.state.history[0]
    agent = first.agent_selection
    observation, _, _, _, info = first.last()
    seat = first.unwrapped.possible_agents.index(agent)
    assert info["view"] == first.unwrapped.state.view(seat)
    assert observation["action_mask"].sum() == len(info["legal_actions"])
    assert observation["action_mask"].shape == (action_slots(first.unwrapped.game),)


@pytest.mark.parametrize(("game", "players"), GAME_TABLES)
def test_rewards_sum_to_the_match_result(game, players):
    aec = env(game, players=players, deals=2)
    aec.reset(seed=3)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        observation, reward, termination, truncation, _ = aec.last()
        totals[agent] += reward
        if termination or truncation:
            aec.step(None)
            continue
        aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    result = aec.unwrapped.state.result().scores
    assert [totals[agent] for agent in aec.possible_agents] == pytest.approx(result)


def test_max_cycles_truncates_the_match():
    aec = env("conto", players=4, deals=5, max_cycles=7)
    aec.reset(seed=1)
    steps = 0
    for _ in aec.agent_iter():
        observation, _, termination, truncation, _ = aec.last()
        if termination or truncation:
            assert truncation and steps == 7
            aec.step(None)
            continue
        aec.step(int(np.flatnonzero(observation["action_mask"])[0]))
        steps += 1
    assert steps == 7


def test_bridge_declarer_plays_dummy_as_its_own_agent():
    aec = env("bridge", deals=1)
    aec.reset(seed=2)
    seen_dummy_turn = False
    for agent in aec.agent_iter():
        observation, _, termination, truncation, info = aec.last()
        if termination or truncation:
            aec.step(None)
            continue
        turn = info["turn"]
        assert aec.unwrapped.possible_agents[turn.seat] == agent
        if turn.acting_seat != turn.seat:  # the dummy's card, chosen by the declarer's agent
            seen_dummy_turn = True
        aec.step(int(np.flatnonzero(observation["action_mask"])[-1]))
    assert seen_dummy_turn


@pytest.mark.parametrize(("game", "players"), GAME_TABLES)
def test_a_seats_observation_ignores_cards_it_may_not_see(game, players):
    first, second = two_deals(game, players)
    assert first.history[0] != second.history[0]
    for _ in range(8):
        assert np.array_equal(encode_view(first, 0), encode_view(second, 0))
        assert first.view(0) == second.view(0)
        before = len(first.history)
        play_alike(first, second, 1)
        if len(first.history) == before:
            break


def test_without_pettingzoo_the_error_says_how_to_install(monkeypatch):
    import sys

    from arena.envs import MissingResearchLibrary

    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    monkeypatch.delitem(sys.modules, "arena.envs._aec", raising=False)
    with pytest.raises(MissingResearchLibrary, match=r"pip install -e '\.\[research\]'"):
        env("conto")


def test_the_research_example_trains_in_pettingzoo_and_plays_as_a_bot(tmp_path):
    """docs/research.md's worked example, small: train, save, analyse in OpenSpiel, play."""
    import engine
    from arena.play import GameWire
    from arena.v1 import arena_pb2 as pb
    from bots.conto import tabular
    from bots.conto_tabular import ContoTabularBot

    table = tabular.train(deals=30, seed=1)
    tabular.save(table, tmp_path / "table.json")
    assert tabular.load(tmp_path / "table.json") == table  # floats round-trip through JSON exactly
    pytest.importorskip("pyspiel")
    lost, random_lost = tabular.evaluate_in_openspiel(table, games=6)
    assert 0 <= lost <= 1 and 0 <= random_lost <= 1
    bot = ContoTabularBot({"table": str(tmp_path / "table.json")})
    bot.on_match_start(pb.MatchStart(game="conto", players=3, seat=0))
    state = engine.load("conto", players=3).new_match(seed=2, deals=2)
    wire = GameWire(state.game)
    while not state.is_terminal():
        view = state.view(state.current_seat())
        request = pb.DecisionRequest(view=wire.view(view), legal_actions=wire.actions(state.legal_actions()))
        state.apply(state.legal_actions()[bot.act(request)])
