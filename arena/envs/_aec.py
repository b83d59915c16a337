"""The PettingZoo AEC environment over one engine match (imported once pettingzoo is known present)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import engine

from .encoding import FEATURE_BINS, action_slots, encode_view, legal_mask

__all__ = ["ArenaEnv"]

# Seeds drawn for a reset without one stay below 2**31: every engine accepts them.
_SEED_BOUND = 2**31 - 1


class ArenaEnv(AECEnv):
    """One Arena match as an AEC game: agents `seat_0`…, the agent selected is
    `State.current_seat()` (who decides now, also out of turn), observations are dicts of
    `observation` (the flat encoding of the seat's view) and `action_mask` (over the fixed
    action slots), rewards are each deal's scores as the deal ends, and `info` holds the
    seat's structured `view`, its `turn` when it is asked, and the `legal_actions` each
    slot stands for (the engine's action records; `str()` gives their text)."""

    metadata = {"render_modes": ["ansi"], "name": "arena_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        deals: int | None = None,
        max_cycles: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = engine.load(game, players=players, **options)
        self.deals = deals
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"arena_{game}_v0"}
        self.possible_agents = [f"seat_{seat}" for seat in range(self.game.players)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._slots = action_slots(self.game)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (FEATURE_BINS,), np.float32),
                "action_mask": spaces.Box(0, 1, (self._slots,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(self._slots)
        self._seed_rng = np.random.default_rng()
        self.state: engine.State | None = None

    # --- spaces ---------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    # --- the match ------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            # A seed fixes this deal and, through the generator, every later reset's deal.
            self._seed_rng = np.random.default_rng(seed)
            match_seed = seed
        else:
            match_seed = int(self._seed_rng.integers(_SEED_BOUND))
        self.state = self.game.new_match(seed=match_seed, deals=self.deals)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._deals_rewarded = 0
        self._steps = 0
        self._select()

    def _select(self) -> None:
        seat = self.state.current_seat() if self.state is not None else None
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
            legal = self.state.legal_actions()  # type: ignore[union-attr]
            for agent in self.agents:
                self.infos[agent] = {"legal_actions": legal if agent == self.agent_selection else ()}
        else:  # over: every agent is visited once more, to be removed by a dead step
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.state is not None, "reset() first"
        seat = self._seat_of[agent]
        asked = self.state.current_seat() == seat
        mask = legal_mask(self.state, self._slots) if asked else np.zeros(self._slots, dtype=np.int8)
        info = self.infos.setdefault(agent, {})
        info["view"] = self.state.view(seat)
        info["turn"] = self.state.turn() if asked else None
        return {"observation": encode_view(self.state, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.state is not None
        legal = self.state.legal_actions()
        if action is None or not 0 <= int(action) < len(legal):
            raise ValueError(f"{agent} chose action {action}, but only slots 0 to {len(legal) - 1} are legal now.")
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(legal[int(action)])
        self._steps += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        deals = self.state.deal_results()
        for deal in deals[self._deals_rewarded :]:
            for seat, score in enumerate(deal.scores):
                self.rewards[self.possible_agents[seat]] += float(score)
        self._deals_rewarded = len(deals)
        if self.state.is_terminal():
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and self._steps >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        if self.state.is_terminal() or any(self.truncations.values()):
            self.agent_selection = self.agents[0]
        else:
            self._select()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return "\n".join(str(event) for event in self.state.history)

    def close(self) -> None:
        pass
