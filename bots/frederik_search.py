"""frederik-search — plays each candidate action out on sampled deals.

Every decision (the draft's keeps and return orders, battle turns, answers, interrupts)
draws deals consistent with what its seat knows (the others' face-down cards and the
pile's order it has not seen; which seats play at random, guessed from their moves),
plays the candidates out to the end of the deal with every other seat played as the
greedy would (or at random), and takes the candidate that beats the greedy's own choice
by the most other seats beaten, when it does so clearly (bots/frederik/search.py).

Parameters (--name=value): budget (0.15 seconds per decision, at most, and at most half
the clock the request leaves), samples (400 sampled deals per decision, at most),
confidence (1.0), prune (2.0), prune_after (6), doubt (0.3), borrow_draft (true),
keep_candidates (6), return_candidates (8), battle_candidates (6), phases
(draft,battle,answers), seed (0): see SearchParams in bots/frederik/search.py.
"""

from __future__ import annotations

import sys
import time
import traceback
from dataclasses import replace

from arena import sdk
from bots.frederik import read_request
from bots.frederik.search import SearchParams, search_choice
from bots.seeds import tagged_rng


class FrederikSearchBot(sdk.Bot):
    name = "frederik-search"
    games = ("frederik",)
    description = (
        "Samples the hidden cards (the others' face-down cards, the pile's unseen order) and plays "
        "each candidate action out to the end of the deal, the others played as the greedy would or "
        "at random, choosing the one whose hand beats the most seats on average."
    )

    def on_match_start(self, start: sdk.pb.MatchStart) -> None:
        self.search = SearchParams.from_bot(self)
        self.rng = tagged_rng("frederik-search", self.param("seed", 0), start, start.seat)

    def act(self, request: sdk.pb.DecisionRequest) -> int:
        started = time.monotonic()
        if not hasattr(self, "search"):
            self.on_match_start(sdk.pb.MatchStart())
        picture = read_request(request)
        params = self.search
        if request.time_limit_ms:  # a tight clock: at most half of what is left of it
            params = replace(params, budget=min(params.budget, request.time_limit_ms / 2000))
        try:
            action, why = search_choice(picture, params, self.rng, started)
        except Exception:  # a bug must cost a poor move, not the deal: log it, play on
            traceback.print_exc(file=sys.stderr)
            return 0
        self.comment = why
        return picture.index(action)


if __name__ == "__main__":
    sdk.run(FrederikSearchBot)
