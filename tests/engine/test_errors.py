"""No engine entry point refuses bad input with a bare ValueError: every refusal is an
`engine.EngineError` (and still a ValueError, for callers that catch that).

Runs on each game in `engine.games()`, so a new game is covered without editing this file.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import engine

GAMES = [spec.name for spec in engine.games()]
BAD_TEXTS = ("", "   ", "no such action", "@@ 99 zz", "play", "bid 9Z")
BAD_SEATS = (-1, 99)


def _refused(
    expected: tuple[type[engine.EngineError], ...], call: Callable[..., Any], *args: Any, **kwargs: Any
) -> engine.EngineError:
    """The engine error `call(*args, **kwargs)` raises, one of `expected` (if given); fails
    if it raises none, or anything else."""
    with pytest.raises(Exception) as info:
        call(*args, **kwargs)
    error = info.value
    assert isinstance(error, engine.EngineError), f"{type(error).__name__} is not an engine.EngineError: {error}"
    assert isinstance(error, ValueError), f"{type(error).__name__} is no longer a ValueError"
    if expected:
        assert isinstance(error, expected), f"{type(error).__name__} is not one of {expected}: {error}"
    assert str(error), "an engine error says what is wrong"
    return error


def _started(name: str) -> engine.State:
    return engine.load(name).new_match(seed=3)


def test_the_tree() -> None:
    for error in (engine.OptionError, engine.NotationError, engine.IllegalAction, engine.PositionError):
        assert issubclass(error, engine.EngineError) and issubclass(error, ValueError)
    assert issubclass(engine.SeatError, engine.IllegalAction)


def test_load_refuses_unknown_games_and_options() -> None:
    _refused((engine.OptionError,), engine.load, "no-such-game")
    for name in GAMES:
        spec = engine.game_class(name).spec
        _refused((engine.OptionError,), engine.load, name, no_such_option=1)
        _refused((engine.OptionError,), engine.load, name, players=spec.max_players + 1)
        _refused((engine.OptionError,), engine.load, name, players=0)
        for option in spec.options:
            _refused((engine.OptionError,), engine.load, name, **{option.name: object()})


@pytest.mark.parametrize("name", GAMES)
def test_new_match_refuses_bad_arguments(name: str) -> None:
    game = engine.load(name)
    for seed in ("x", None, "1.5"):
        _refused((engine.OptionError,), game.new_match, seed=seed)
    _refused((engine.OptionError,), game.new_match, seed=1, deals=0)
    _refused((engine.OptionError,), game.new_match, seed=1, deals=-3)
    for seat in (-1, game.players) if name != "bridge" else ():  # bridge: the board decides who deals
        _refused((engine.OptionError,), game.new_match, seed=1, first_dealer=seat)
    empty = [[]] if name != "frederik" else []  # frederik: `hands` are the pile's top cards, none allowed
    for hands in [*empty, ["zz"], ["zz"] * game.players, ["Ah"] * game.players]:
        _refused((), game.new_match, seed=1, hands=hands)


@pytest.mark.parametrize("name", GAMES)
def test_actions_refused_in_the_engines_words(name: str) -> None:
    state = _started(name)
    before = state.history
    for text in BAD_TEXTS:
        _refused((engine.NotationError, engine.IllegalAction), state.apply, text)
        _refused((engine.NotationError, engine.IllegalAction), state.parse_action, text)
        assert state.can_apply(text) is False
    assert state.history == before, "a refused action leaves the state untouched"


def _played(state: engine.State, steps: int, rng: random.Random) -> engine.State:
    """`state` after up to `steps` random legal actions."""
    for _ in range(steps):
        legal = state.legal_actions()
        if state.is_terminal() or not legal:
            break
        state.apply(rng.choice(legal))
    return state


@pytest.mark.parametrize("name", GAMES)
def test_an_action_illegal_now_is_refused(name: str) -> None:
    game = engine.load(name)
    state = game.new_match(seed=3)
    legal = set(state.legal_actions())
    rng = random.Random(7)
    # An action legal in another deal, or later, but not now.
    later = (_played(game.new_match(seed=seed), steps, rng) for seed in range(8) for steps in (0, 2, 10, 40))
    candidates = (a for other in later for a in other.legal_actions())
    illegal = next((a for a in candidates if a not in legal), None)
    assert illegal is not None
    before = state.history
    _refused((engine.IllegalAction,), state.verify, illegal)
    _refused((engine.IllegalAction,), state.apply, illegal)
    assert state.can_apply(illegal) is False
    assert state.history == before


@pytest.mark.parametrize("name", GAMES)
def test_seats_the_table_has_not(name: str) -> None:
    state = _started(name)
    for seat in BAD_SEATS:
        _refused((engine.SeatError,), state.view, seat)
        _refused((engine.SeatError,), state.forfeit, seat, "no such seat")


@pytest.mark.parametrize("name", GAMES)
def test_replay_refuses_a_bad_history(name: str) -> None:
    game = engine.load(name)
    state = game.new_match(seed=5)
    _played(state, 3, random.Random(1))
    history = state.history
    _refused((engine.PositionError,), game.replay, [])
    _refused((engine.PositionError, engine.IllegalAction), game.replay, history[1:])
    seat_zero = state.events_for(0)
    if seat_zero != history:  # the seat's own view hides what a replay needs
        _refused((), game.replay, seat_zero)


def test_the_games_own_functions_refuse_in_the_engines_words() -> None:
    from engine.bridge.pbn import board_to_pbn
    from engine.bridge.records import Doubling, Strain
    from engine.bridge.scoring import declarer_score
    from engine.conto.odds import chance_true
    from engine.conto.stats import conto_statistics
    from engine.vegas.odds import outlook

    _refused((engine.PositionError,), declarer_score, 8, Strain.SPADES, Doubling.UNDOUBLED, False, 7)
    _refused((engine.PositionError,), declarer_score, 1, Strain.SPADES, Doubling.UNDOUBLED, False, 14)
    _refused((engine.PositionError,), board_to_pbn, [], ["n", "e", "s", "w"])
    _refused((engine.OptionError,), conto_statistics, [], 0)
    _refused((engine.PositionError,), chance_true, (), (0, 0), 1)
    _refused((engine.NotationError,), outlook, "Ab", (), (), ())
    _refused((engine.NotationError,), outlook, ["zz"], (), (), ())
    _refused((engine.PositionError,), outlook, ["Ab", "Ab"], (), ["Ab"], ())
    _refused((engine.PositionError,), outlook, [], (), (), ())


def test_a_wrong_player_count_names_the_range_or_the_one_count():
    with pytest.raises(engine.OptionError, match=r"invido is for exactly 2 players\.$"):
        engine.load("invido", players=3)
    with pytest.raises(engine.OptionError, match=r"conto is for 3 to 8 players\.$"):
        engine.load("conto", players=2)
