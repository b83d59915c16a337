"""openspiel-ismcts — OpenSpiel's information-set MCTS, a baseline none of us wrote.

It searches the game as `arena.openspiel` registers it: each simulation draws a world
consistent with what the seat knows (bots/ismcts/worlds.py: the hidden cards dealt
uniformly where they may be), walks OpenSpiel's ISMCTS tree (UCT over information
sets), and finishes the deal with random play; it answers with the action most visited.
It thinks for `--time_fraction` of the request's time limit, at most `--max_time`
seconds.  Plays conto, invido, vegas, bridge and frederik (whose worlds deal the cards
the seat cannot place into the places it cannot see, answers and interrupt windows
included); `--game` names the game it is started for, and a match of another game is
refused.
"""

from __future__ import annotations

import sys
import time

from arena import sdk
from bots.ismcts.search import choose  # OpenSpiel loads as the bot starts, not in a timed decision
from bots.ismcts.worlds import WORLDS
from bots.seeds import seat_rng


class OpenSpielISMCTS(sdk.Bot):
    name, games = "openspiel-ismcts", ("conto", "invido", "vegas", "bridge", "frederik")
    description = (
        "OpenSpiel's ISMCTS: UCT over information sets, worlds drawn at random from what the seat "
        "knows, random rollouts; the most visited action within its time."
    )

    def on_match_start(self, start):
        game = str(self.param("game", start.game))
        if game != start.game or game not in WORLDS:
            raise ValueError(
                f"openspiel-ismcts was started for {game} (it plays {', '.join(WORLDS)}) and asked to play {start.game}"
            )
        self.world = WORLDS[game]
        self.rng = seat_rng(start.match_id, start.seat, self.param("seed", 0))

    def act(self, request):
        started = time.monotonic()
        budget = min(
            float(self.param("max_time", 0.5)), float(self.param("time_fraction", 0.5)) * request.time_limit_ms / 1000
        )
        if len(request.legal_actions) == 1:
            return 0
        text, simulations = choose(
            self.world, request, budget - (time.monotonic() - started), self.rng, float(self.param("uct_c", 2.0))
        )
        self.comment = f"{simulations} simulations"
        texts = [action.text for action in request.legal_actions]
        return texts.index(text)


def started_for(argv: list[str]) -> type[OpenSpielISMCTS]:
    """The bot whose Hello lists only the game its `--game` names (every game it plays
    without one), so that a check of the bot (`arena check-bot`) plays it at that game."""
    game = None
    for i, item in enumerate(argv):
        if item.startswith("--game="):
            game = item.partition("=")[2]
        elif item == "--game" and i + 1 < len(argv):
            game = argv[i + 1]
    if game not in WORLDS:
        return OpenSpielISMCTS
    return type(OpenSpielISMCTS.__name__, (OpenSpielISMCTS,), {"games": (game,)})


if __name__ == "__main__":
    sdk.run(started_for(sys.argv[1:]))
