"""arena.openspiel: every game as an OpenSpiel Python game, checked by OpenSpiel's own test."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from research_deals import GAME_TABLES, play_alike, two_deals  # noqa: E402

import arena.openspiel  # noqa: E402,F401 — registers the games
from arena.openspiel import GAMES, ArenaSpielState  # noqa: E402


def test_every_game_is_registered():
    assert set(GAMES) <= set(pyspiel.registered_names())
    assert len(GAMES) == 5


@pytest.mark.parametrize(("game", "players"), GAME_TABLES)
def test_random_sim_test_passes(game, players):
    loaded = pyspiel.load_game(f"arena_{game}(players={players})")
    pyspiel.random_sim_test(loaded, num_sims=3, serialize=True, verbose=False)


def test_parameters_are_the_games_options():
    game = pyspiel.load_game("arena_conto(players=5,courses=3,deals=2)")
    assert game.num_players() == 5
    assert game.arena_game.options["courses"] == 3
    with pytest.raises(Exception, match="courses"):
        pyspiel.load_game("arena_conto(courses=4)")


def test_the_deal_is_a_chance_node():
    state = pyspiel.load_game("arena_vegas(players=3,deal_seeds=50)").new_initial_state()
    assert state.is_chance_node()
    assert len(state.chance_outcomes()) == 50
    state.apply_action(7)
    assert state.current_player() in range(3)


@pytest.mark.parametrize(("game", "players"), GAME_TABLES)
def test_information_state_ignores_cards_the_seat_may_not_see(game, players):
    spiel = pyspiel.load_game(f"arena_{game}(players={players})")
    first, second = two_deals(game, players)
    assert first.history[0] != second.history[0]
    for _ in range(8):
        one, two = ArenaSpielState(spiel, first), ArenaSpielState(spiel, second)
        assert one.information_state_string(0) == two.information_state_string(0)
        assert np.array_equal(one.information_state_tensor(0), two.information_state_tensor(0))
        assert one.observation_string(0) == two.observation_string(0)
        assert np.array_equal(one.observation_tensor(0), two.observation_tensor(0))
        before = len(first.history)
        play_alike(first, second, 1)
        if len(first.history) == before:
            break
    # …while the seats whose cards differ do tell the two apart.
    other = 1 if game != "frederik" else 0
    if game != "frederik":
        assert ArenaSpielState(spiel, first).information_state_string(other) != ArenaSpielState(
            spiel, second
        ).information_state_string(other)


# --- the ISMCTS bot's worlds (bots/ismcts) ------------------------------------------------


def _request_for(state):
    from arena.play import GameWire
    from arena.v1 import arena_pb2 as pb

    turn = state.turn()
    wire = GameWire(state.game)
    return pb.DecisionRequest(
        decision_id=1,
        time_limit_ms=1000,
        view=wire.view(state.view(turn.seat)),
        legal_actions=wire.actions(state.legal_actions()),
        acting_seat=turn.acting_seat,
    )


@pytest.mark.parametrize(("game", "players"), [("conto", 4), ("invido", 2), ("vegas", 2), ("vegas", 5), ("bridge", 4)])
def test_ismcts_worlds_fit_what_the_seat_knows(game, players):
    """Every world drawn at a decision looks the same to the seat (OpenSpiel's ISMCTS
    asserts as much) and offers it the same actions as the real match."""
    import random

    import engine
    from arena.envs.encoding import information_lines
    from bots.ismcts.search import choose
    from bots.ismcts.worlds import WORLDS

    rng = random.Random(0)
    decisions = 0
    for seed in range(3):
        state = engine.load(game, players=players).new_match(seed=seed, deals=2)
        while not state.is_terminal() and decisions < 60:
            seat, request = state.current_seat(), _request_for(state)
            worlds = [WORLDS[game](request, rng) for _ in range(3)]
            assert len({tuple(information_lines(world, seat)) for world in worlds}) == 1
            for world in worlds:
                assert world.current_seat() == seat
                assert [str(a) for a in world.legal_actions()] == [str(a) for a in state.legal_actions()]
            decisions += 1
            state.apply(rng.choice(state.legal_actions()))
    text, simulations = choose(WORLDS[game], request, 0.02, rng)
    assert text in [action.text for action in request.legal_actions]
    assert simulations >= 1 or len(request.legal_actions) == 1


def test_the_research_bots_are_described_in_bots_readme_as_in_their_hello():
    from pathlib import Path

    from bots.conto_tabular import ContoTabularBot
    from bots.openspiel_ismcts import OpenSpielISMCTS

    readme = (Path(__file__).resolve().parent.parent / "bots" / "README.md").read_text()
    for bot_class in (OpenSpielISMCTS, ContoTabularBot):
        assert f"**{bot_class.name}**" in readme and bot_class.description in readme
