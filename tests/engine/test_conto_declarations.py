"""Conto's declarations, made anew at every decision from their keys alone: each is the
very record its constructor makes from the same fields, whichever field is read first;
an equal copy (read from text) is as legal; and a long run keeps none of them (issue 44:
an intern table of every declaration met grew by tens of MB over a long run)."""

import gc
import random
import tracemalloc

import pytest

import engine
from engine.conto import ContoAction

FIELDS = ("kind", "slot", "plate", "reveals", "text")


def _random_states(players: int, seed: int, **options: object):
    game = engine.load("conto", players=players, **options)
    state = game.new_match(seed=seed, deals=3)
    rng = random.Random(seed)
    while not state.is_terminal():
        yield state
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {}), (4, {"courses": 3}), (6, {"hand_size": 5, "oste": True}), (8, {"courses": 3, "oste": True})],
)
def test_each_legal_declaration_is_the_record_its_fields_make(players, options):
    for number, state in enumerate(_random_states(players, seed=players, **options)):
        for action in state.legal_actions():
            first = FIELDS[number % len(FIELDS)]  # the fields are worked out whichever is read first
            getattr(action, first)
            made = ContoAction(action.kind, action.slot, action.plate, action.reveals)
            assert made == action and hash(made) == hash(action)
            assert (made.key, made.text, str(made)) == (action.key, action.text, str(action))
            assert repr(made) == repr(action)


def test_an_equal_copy_read_from_text_is_legal_and_recorded_the_same():
    game = engine.load("conto", players=3)
    state = game.new_match(seed=5, deals=2)
    state.apply(state.legal_actions()[0])  # a plate on the table: declarations of every kind
    legal = state.legal_actions()
    for action in legal:
        again = state.parse_action(action.text)
        assert again == action and state.can_apply(again)
    again = state.parse_action(legal[-1].text)
    assert again is not legal[-1]
    state.apply(again)
    assert state.history[-1].action == legal[-1]
    assert state.parse_action("il conto") is game.bill  # type: ignore[attr-defined]


def test_a_copy_that_reveals_another_rank_is_refused():
    # The key says only whether a card is revealed; the rank is compared as well.
    game = engine.load("conto", players=4)
    state = game.new_match(seed=11)
    revealing = next(a for a in state.legal_actions() if a.reveals is not None)
    other = next(rank for rank in "23456789TJQKA" if rank != revealing.reveals)
    forged = ContoAction(revealing.kind, revealing.slot, revealing.plate, other)
    assert forged.key == revealing.key and not state.can_apply(forged)


def test_a_long_run_keeps_no_declaration():
    game = engine.load("conto", players=4)

    def play(matches: int, first_seed: int) -> None:
        rng = random.Random(first_seed)
        for seed in range(first_seed, first_seed + matches):
            state = game.new_match(seed=seed, deals=4)
            while not state.is_terminal():
                state.apply(rng.choice(state.legal_actions()))

    play(2, 0)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        play(25, 100)  # about 1,500 decisions, 27,000 declarations offered
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept < 20_000, f"{kept} bytes kept by the game after 25 matches"
