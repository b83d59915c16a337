"""Conto's interned declarations: the game's table is bounded (a long run keeps meeting
new declarations), and starting it again changes nothing a match does."""

import random

import engine
from engine.conto import rules


def _play(seed: int, deals: int = 6) -> tuple[engine.Game, engine.State, list[int]]:
    game = engine.load("conto", players=4)
    state = game.new_match(seed=seed, deals=deals)
    rng = random.Random(seed)
    sizes = []
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        sizes.append(len(game._actions))
    return game, state, sizes


def test_a_full_table_starts_again_and_the_match_is_the_same(monkeypatch):
    _, whole, _ = _play(3)
    monkeypatch.setattr(rules, "INTERN_LIMIT", 40)
    _, bounded, sizes = _play(3)
    assert bounded.history == whole.history
    assert bounded.result() == whole.result()
    assert max(sizes) <= 41, "the limit, and the one just made"
    assert any(later < earlier for earlier, later in zip(sizes, sizes[1:])), "it started again"


def test_an_action_made_before_the_table_started_again_is_still_legal():
    game = engine.load("conto", players=3)
    state = game.new_match(seed=5, deals=2)
    state.apply(state.legal_actions()[0])  # a plate on the table: declarations of every kind
    legal = state.legal_actions()
    game._actions.clear()  # as a full table does
    assert all(state.can_apply(action) for action in legal)
    again = state.parse_action(legal[-1].text)  # made anew: equal, not the same object
    assert again == legal[-1] and state.can_apply(again)
    state.apply(legal[-1])
    assert state.history[-1].action == legal[-1]
