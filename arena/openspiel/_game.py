"""Arena's games as OpenSpiel Python games: the game, its states and its observer."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

import engine
from arena.envs.encoding import (
    FEATURE_BINS,
    action_slots,
    encode_tokens,
    information_lines,
    view_tokens,
)

from ._bounds import deal_score_bounds, max_moves_per_deal

__all__ = ["ArenaSpielGame", "ArenaSpielState", "game_type", "register"]

#: The deal is one chance node whose outcomes are seeds of the engine's dealer, equally likely.
DEFAULT_DEAL_SEEDS = 1000


def game_type(name: str) -> pyspiel.GameType:
    spec = engine.game_class(name).spec
    parameters: dict[str, Any] = {
        "players": spec.default_players,
        "deals": 1,
        "deal_seeds": DEFAULT_DEAL_SEEDS,
    }
    parameters.update({option.name: option.default for option in spec.options})
    return pyspiel.GameType(
        short_name=f"arena_{name}",
        long_name=f"Arena {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class ArenaSpielGame(pyspiel.Game):
    """One Arena game with its options, as OpenSpiel sees it."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        kind = game_type(name)
        values = dict(kind.parameter_specification)
        values.update(params or {})
        options = {key: value for key, value in values.items() if key not in ("players", "deals", "deal_seeds")}
        self.arena_game = engine.load(name, players=int(values["players"]), **options)
        self.deals = int(values["deals"])
        self.deal_seeds = int(values["deal_seeds"])
        self.slots = action_slots(self.arena_game)
        low, high = deal_score_bounds(self.arena_game)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.slots,
            max_chance_outcomes=self.deal_seeds,
            num_players=self.arena_game.players,
            min_utility=float(low * self.deals),
            max_utility=float(high * self.deals),
            utility_sum=None,
            max_game_length=max_moves_per_deal(self.arena_game) * self.deals,
        )
        super().__init__(kind, info, values)

    def new_initial_state(self) -> ArenaSpielState:
        return ArenaSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ArenaObserver:
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return ArenaObserver(perfect_recall)


class _Shared:
    """The OpenSpiel game a state belongs to: OpenSpiel clones a Python state by
    deep-copying its attributes, and every copy shares its game."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict) -> _Shared:
        return self


class _Match:
    """A state's engine match, copied by `State.clone` (the engine's game keeps its options
    in a mappingproxy, which neither deepcopy nor pickle take) and pickled as its history."""

    def __init__(self, value: engine.State | None) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict) -> _Match:
        return _Match(None if self.value is None else self.value.clone())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        if self.value is None:
            return _Match, (None,)
        game = self.value.game
        return _replayed, (game.spec.name, game.players, dict(game.options), self.value.history)


def _replayed(name: str, players: int, options: dict[str, Any], history: tuple[engine.Event, ...]) -> _Match:
    return _Match(engine.load(name, players=players, **options).replay(history))


class ArenaSpielState(pyspiel.State):
    """A match: first the chance node of the deal, then the engine's state."""

    def __init__(self, game: ArenaSpielGame, match: engine.State | None = None) -> None:
        super().__init__(game)
        self._arena = _Shared(game)
        self._match = _Match(match)

    @property
    def arena(self) -> ArenaSpielGame:
        return self._arena.value

    @property
    def match(self) -> engine.State | None:
        """The engine's match, None until the chance node has dealt."""
        return self._match.value

    @classmethod
    def from_match(cls, game: ArenaSpielGame, match: engine.State) -> ArenaSpielState:
        """A state over an engine match made elsewhere (a bot's sample of the hidden cards)."""
        return cls(game, match)

    def current_player(self) -> int:
        if self.match is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.match.current_seat()
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        assert self.match is not None and player == self.match.current_seat()
        return list(range(len(self.match.legal_actions())))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(seed, 1.0 / self.arena.deal_seeds) for seed in range(self.arena.deal_seeds)]

    def _apply_action(self, action: int) -> None:
        if self.match is None:
            self._match.value = self.arena.arena_game.new_match(seed=action, deals=self.arena.deals)
        else:
            self.match.apply(self.match.legal_actions()[action])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal seed {action}"
        assert self.match is not None
        legal = self.match.legal_actions()
        return str(legal[action]) if action < len(legal) else f"slot {action}"

    def is_terminal(self) -> bool:
        return self.match is not None and self.match.is_terminal()

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.arena.arena_game.players
        assert self.match is not None
        return [float(score) for score in self.match.result().scores]

    def __str__(self) -> str:
        if self.match is None:
            return "(the cards are not dealt yet)"
        return "\n".join(str(event) for event in self.match.history)


class ArenaObserver:
    """What one seat knows, for OpenSpiel: with perfect recall (the information state)
    every event it saw since the match began; without (the observation) its view now."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(FEATURE_BINS, np.float32)
        self.dict = {"observation": self.tensor}

    def _tokens(self, state: ArenaSpielState, player: int) -> list[str]:
        match = state.match
        if match is None:
            return [f"seat {player}: the cards are not dealt yet"]
        turn = match.turn()
        asked = turn if turn is not None and turn.seat == player else None
        tokens = view_tokens(match.view(player), asked)
        if self.perfect_recall:
            tokens.extend(f"seen[{index}]={line}" for index, line in enumerate(information_lines(match, player)))
        return [f"seat={player}", *tokens]

    def set_from(self, state: ArenaSpielState, player: int) -> None:
        self.tensor[:] = encode_tokens(self._tokens(state, player))

    def string_from(self, state: ArenaSpielState, player: int) -> str:
        match = state.match
        if match is None:
            return f"seat {player}: the cards are not dealt yet"
        # Every game's view carries its deal's events (engine.View's contract).
        lines = (
            information_lines(match, player)
            if self.perfect_recall
            else [event.text for event in getattr(match.view(player), "deal_events")]  # noqa: B009
        )
        turn = match.turn()
        if turn is not None and turn.seat == player:
            lines.append(f"asked: {turn.kind.name.lower()}, playing seat {turn.acting_seat}'s cards")
        return f"seat {player}\n" + "\n".join(lines)


def register(name: str) -> None:
    """Register `arena_<name>` with pyspiel (once)."""
    kind = game_type(name)
    if kind.short_name in pyspiel.registered_names():
        return

    class _Registered(ArenaSpielGame):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(name, params)

    # Named at module level, so that OpenSpiel can pickle a game (its serialization does).
    _Registered.__name__ = _Registered.__qualname__ = f"Arena{name.capitalize()}Game"
    globals()[_Registered.__name__] = _Registered
    pyspiel.register_game(kind, _Registered)
