"""frederik-search — plays each candidate action out on sampled deals.

Every decision (the draft's keeps and return orders, battle turns, answers, interrupts)
draws deals consistent with what its seat knows (the others' face-down cards and the
pile's order it has not seen), plays the candidates out to the end of the deal with
every seat played by the fast greedy heuristic, and takes the one whose hand beats
the most other seats on average (bots/frederik/search.py).

Parameters (--name=value): budget (0.15 seconds per decision, at most; one sampled deal
is always played), samples (400 sampled deals per decision, at most),
battle_candidates (6), return_candidates (8), keep_candidates (6), seed (0).
"""

from __future__ import annotations

import sys
import time
import traceback

from arena import sdk
from bots.frederik import read_request
from bots.frederik.search import SearchParams, search_choice
from bots.seeds import tagged_rng


class FrederikSearchBot(sdk.Bot):
    name = "frederik-search"
    games = ("frederik",)
    description = (
        "Samples the hidden cards (the others' face-down cards, the pile's unseen order) and plays "
        "each candidate action out to the end of the deal, choosing the one whose hand beats the "
        "most seats on average."
    )

    def on_match_start(self, start: sdk.pb.MatchStart) -> None:
        self.search = SearchParams.from_bot(self)
        self.rng = tagged_rng("frederik-search", self.param("seed", 0), start, start.seat)

    def act(self, request: sdk.pb.DecisionRequest) -> int:
        started = time.monotonic()
        if not hasattr(self, "search"):
            self.on_match_start(sdk.pb.MatchStart())
        picture = read_request(request)
        try:
            action, why = search_choice(picture, self.search, self.rng, started)
        except Exception:  # a bug must cost a poor move, not the deal: log it, play on
            traceback.print_exc(file=sys.stderr)
            return 0
        self.comment = why
        return picture.index(action)


if __name__ == "__main__":
    sdk.run(FrederikSearchBot)
