"""The contract every registered game keeps (engine/_core.py), checked by random play.

Runs on each game in `engine.games()`: a new game module is covered without editing this
file.  For a few seeds and every allowed player count (and each option away from its
default), random legal actions are played to the end of the match within a step bound.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

import engine
from engine._core import ranks_from_scores

SEEDS = (1, 2)
DEALS = 2
MAX_STEPS = 20_000


def _tables():
    for spec in engine.games():
        for players in range(spec.min_players, spec.max_players + 1):
            for seed in SEEDS:
                yield pytest.param(spec.name, players, {}, seed, id=f"{spec.name}-{players}p-seed{seed}")
        for option in spec.options:
            for value in option.choices:
                if value != option.default:
                    yield pytest.param(
                        spec.name,
                        spec.default_players,
                        {option.name: value},
                        SEEDS[0],
                        id=f"{spec.name}-{option.name}={value!r}",
                    )


def _load(name: str, players: int, options: dict) -> engine.Game:
    try:
        return engine.load(name, players=players, **options)
    except engine.OptionError as refused:
        # Allowed alone but not at this table (conto: hand_size=5 needs 6+ players).
        spec = engine.game_class(name).spec
        bigger = [n for n in range(players + 1, spec.max_players + 1)]
        for n in bigger:
            try:
                return engine.load(name, players=n, **options)
            except engine.OptionError:
                continue
        pytest.fail(f"option {options} is allowed by its spec but by no player count: {refused}")


def _check_result_shape(state: engine.State, players: int) -> None:
    result = state.result()
    assert len(result.scores) == players
    assert len(result.ranks) == players
    assert result.ranks == ranks_from_scores(result.scores)
    for deal in result.deals:
        assert len(deal.scores) == players
        assert len(deal.ranks) == players
        assert all(0 <= r < players for r in deal.ranks)
        for a in range(players):
            for b in range(players):
                if deal.scores[a] > deal.scores[b]:
                    assert deal.ranks[a] < deal.ranks[b], deal
    assert len(state.standing()) == players


def _check_views(state: engine.State, players: int) -> None:
    for seat in range(players):
        view = state.view(seat)
        assert isinstance(view, engine.View)
        assert state.view(seat) == view  # asking does not change anything
        events = state.events_for(seat)
        assert None not in events
        assert all(isinstance(e, engine.Event) for e in events)
        # What only the referee keeps (the match seed, frederik's pile) never reaches a seat.
        for event in (*events, *view.deal_events):
            kept = [f for f in dataclasses.fields(event) if f.metadata.get("referee_only")]
            assert all(getattr(event, f.name) == f.default for f in kept), event
        assert len(events) <= len(state.history)
        assert all(str(e) for e in events)


def _play(game: engine.Game, seed: int, policy: int, on_state=None, on_deal_end=None) -> engine.State:
    """Random legal play to the end, within the step bound; `on_deal_end(history, action,
    state)` after each action that ends a deal (`history`: the one before it)."""
    state = game.new_match(seed=seed, deals=DEALS)
    rng = random.Random(policy)
    for step in range(MAX_STEPS):
        if state.is_terminal():
            break
        if on_state is not None:
            on_state(state, step)
        history, ended = state.history, len(state.deal_results())
        action = rng.choice(state.legal_actions())
        state.apply(action)
        if on_deal_end is not None and len(state.deal_results()) > ended:
            on_deal_end(history, action, state)
    assert state.is_terminal(), f"{game!r} did not finish within {MAX_STEPS} decisions"
    return state


@pytest.mark.parametrize(("name", "players", "options", "seed"), list(_tables()))
def test_random_play_keeps_the_contract(name: str, players: int, options: dict, seed: int) -> None:
    game = _load(name, players, options)
    players = game.players
    midway: list[tuple] = []

    def check(state: engine.State, step: int) -> None:
        seat = state.current_seat()
        legal = state.legal_actions()
        assert not state.is_terminal()
        assert seat is not None and 0 <= seat < players
        assert legal, "a seat is asked to act but has nothing legal"
        assert legal == state.legal_actions()  # stable order
        assert len(set(map(str, legal))) == len(legal), "two legal actions share a text"
        for action in legal:
            assert isinstance(action, engine.Action)
            assert state.parse_action(str(action)) == action
            assert state.can_apply(str(action))
            assert state.can_apply(action)
        _check_views(state, players)
        if step == 3:
            midway.append((state.history, tuple(state.view(s) for s in range(players))))

    def deal_ended(history: tuple, action: engine.Action, state: engine.State) -> None:
        # Replayed just before a deal ends, the match plays on as it did: the next deal too.
        again = game.replay(history)
        again.apply(action)
        assert again.history == state.history

    before = len(game.new_match(seed=seed, deals=DEALS).history)
    state = _play(game, seed, policy=seed, on_state=check, on_deal_end=deal_ended)
    assert len(state.history) > before

    # The end: nobody acts, nothing is legal, everything is refused.
    assert state.current_seat() is None
    assert state.legal_actions() == ()
    _check_views(state, players)
    _check_result_shape(state, players)
    assert len(state.deal_results()) >= 1

    # Replay rebuilds the match, at the end and midway.
    again = game.replay(state.history)
    assert again.history == state.history
    assert again.result() == state.result()
    assert again.is_terminal()
    for history, views in midway:
        partial = game.replay(history)
        assert partial.history == history
        assert tuple(partial.view(s) for s in range(players)) == views

    # The same seed and the same choices give the same match.
    assert _play(game, seed, policy=seed).history == state.history


@pytest.mark.parametrize(("name", "players", "options", "seed"), list(_tables()))
def test_refusals_and_clones_leave_the_state_untouched(name: str, players: int, options: dict, seed: int) -> None:
    game = _load(name, players, options)
    state = game.new_match(seed=seed, deals=DEALS)
    first = state.legal_actions()[0]
    clone = state.clone()
    history = state.history
    clone.apply(first)
    assert state.history == history
    assert clone.history != history
    done = _play(game, seed, policy=seed + 1)
    snapshot = (done.history, done.result())
    with pytest.raises(engine.IllegalAction):
        done.apply(first)
    assert not done.can_apply(first)
    assert (done.history, done.result()) == snapshot


@pytest.mark.parametrize("name", [spec.name for spec in engine.games()])
def test_a_text_that_cannot_be_read_is_refused_as_false_by_can_apply(name: str) -> None:
    """The legality triplet: `can_apply` is `verify` tried, and every refusal is False, a
    text that is no action at all (NotationError from `apply`) as much as an illegal one;
    the state is left as it was."""
    state = engine.load(name).new_match(seed=5, deals=DEALS)
    rng = random.Random(5)
    for _ in range(rng.randrange(3, 9)):  # somewhere past the first decision
        state.apply(rng.choice(state.legal_actions()))
    legal = state.legal_actions()
    before = (state.history, legal, state.view(state.current_seat()))
    # Each action's word with '²', a digit to str.isdigit() that int() refuses.
    superscript = sorted({f"{str(action).split()[0]} ²" for action in legal} | {"punta ²", "rilancia ²", "draw ²"})
    for text in ("", "   ", "no such action", f"{legal[0]} {legal[0]} extra", "\x00", "🂡", *superscript):
        assert not state.can_apply(text), text
        with pytest.raises((engine.NotationError, engine.IllegalAction)):
            state.apply(text)
        assert (state.history, state.legal_actions(), state.view(state.current_seat())) == before


@pytest.mark.parametrize(
    ("name", "players"),
    [
        pytest.param(spec.name, players, id=f"{spec.name}-{players}p")
        for spec in engine.games()
        for players in range(spec.min_players, spec.max_players + 1)
    ],
)
def test_a_forfeit_charges_the_faulting_seat_and_the_deal_never_asks_it_again(name: str, players: int) -> None:
    """A forfeit ends the deal at once with the faulting seat last (conto, invido), or
    plays the deal on without it (vegas: a fault folds the seat); either way the seat is
    not asked again in that deal, the deal's result names it, and it does not come first."""
    game = engine.load(name, players=players)
    for seat in range(players):
        state = game.new_match(seed=3, deals=DEALS)
        event = state.forfeit(seat, "conformance test")
        assert isinstance(event, engine.Event)
        assert event in state.history
        ended_at_once = bool(state.deal_results())
        rng = random.Random(seat)
        while not state.deal_results():
            assert state.current_seat() != seat, "a seat that forfeited is asked again in that deal"
            state.apply(rng.choice(state.legal_actions()))
        result = state.deal_results()[0]
        assert result.forfeit == seat
        assert len(result.ranks) == players
        assert result.ranks[seat] > min(result.ranks)
        if ended_at_once:
            assert result.ranks[seat] == max(result.ranks)
        _check_result_shape(state, players)
        _check_views(state, players)
        assert game.replay(state.history).history == state.history
