"""OpenSpiel's ISMCTS bot (open_spiel.python.algorithms.ismcts), run for a time budget.

OpenSpiel's bot runs a fixed number of simulations; Arena asks for a decision within a
time limit, so `TimedISMCTS` runs its simulations until the budget is spent (one at
least two), everything else being OpenSpiel's: the tree per information set, UCT, random
rollouts to the end of the deal, the most visited action.  For a game whose worlds give
the other seats' past only as the deciding seat saw it (`worlds.PAST_AS_SEEN`), another
seat's information set below the root may offer other actions in another world, so the
search takes OpenSpiel's `allow_inconsistent_action_sets`.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import engine
from arena.openspiel import ArenaSpielState
from bots.ismcts.worlds import PAST_AS_SEEN

__all__ = ["TimedISMCTS", "choose"]


class TimedISMCTS(ismcts.ISMCTSBot):
    """ISMCTSBot whose search stops at a deadline instead of after max_simulations."""

    deadline = 0.0
    simulations = 0

    def run_search(self, state: Any) -> list[tuple[int, float]]:
        self.reset()
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        root_key = self.get_state_key(state)
        simulations = 0
        # The first simulation only expands the root: a policy needs a second one.
        while simulations < 2 or time.monotonic() < self.deadline:
            sampled = self.sample_root_state(state)
            assert root_key == self.get_state_key(sampled), "a world the seat could tell from its own"
            self.run_simulation(sampled)
            simulations += 1
        self.simulations = simulations
        return self.get_final_policy(state, self._root_node)


@functools.cache
def _spiel_game(name: str, players: int, options: tuple[tuple[str, Any], ...]) -> Any:
    """The OpenSpiel game, made once per bot process: every decision searches the same one."""
    return pyspiel.load_game(f"arena_{name}", {"players": players, **dict(options)})


def choose(
    world: Callable[[Any, random.Random], engine.State],
    request: Any,
    budget: float,
    rng: random.Random,
    uct_c: float = 2.0,
) -> tuple[str, int]:
    """The text of the action ISMCTS picks within `budget` seconds, and its simulations."""
    started = time.monotonic()
    root = world(request, rng)
    game = root.game
    spiel = _spiel_game(game.spec.name, game.players, tuple(sorted(game.options.items())))
    seed = rng.randrange(2**31)
    bot = TimedISMCTS(
        spiel,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed)),
        uct_c,
        max_simulations=1,
        random_state=np.random.RandomState(seed),
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        allow_inconsistent_action_sets=game.spec.name in PAST_AS_SEEN,
    )
    bot.set_resampler(lambda state, player: ArenaSpielState.from_match(spiel, world(request, rng)))
    bot.deadline = started + budget
    root_state = ArenaSpielState.from_match(spiel, root)
    action = bot.step(root_state)
    return str(root.legal_actions()[int(action)]), bot.simulations
