"""A random player whose every draw depends only on what it is shown, for tests that need
a weak bot whose matches come out the same in every run.

`bots.random_bot` draws from the match id, which mixes in the results file's secret
(arena.run.schedule.bot_match_id): a fresh file plays other moves, so a test that asserts
the outcome of a statistical decision over its matches (tests/test_sprt.py) would depend
on luck.  This bot seeds each draw with its seat's view and the legal actions instead:
with public deals and deterministic opponents, every fresh run plays the same matches.
"""

from __future__ import annotations

import random

from arena import sdk

__all__ = ["ReplayableRandomBot"]


class ReplayableRandomBot(sdk.Bot):
    name = "replayable-random"
    games = ("conto",)
    description = "A uniformly random legal action, drawn from a seed made of what it is shown."

    def act(self, request: sdk.pb.DecisionRequest) -> int:
        shown = request.view.SerializeToString(deterministic=True) + b"".join(
            action.SerializeToString(deterministic=True) for action in request.legal_actions
        )
        return random.Random(shown).randrange(len(request.legal_actions))
