"""frederik-greedy — plays for its own best hand, its cards plus the best face-up card of
another seat it may borrow, at every decision: the draft's keeps by that hand and its
prospects (all five face down when they already make a full house), the battle's draws,
swaps and steals weighed by the chance they are stopped; it protects a card that matters
and interrupts when that pays (bots/frederik/policies.py).

Parameters (--name=value): keep_all (6.0: the strength, category plus ranks, of five
cards it keeps face down), flush_weight (0.5), straight_weight (0.4), rank_weight (0.15)
(the draft's prospects), interrupt_doubt (0.5: the chance another seat interrupts when
it can), draft_borrow (true: the draft counts the borrow; false drafts by its own cards,
which plays better, bots/frederik/drafting.py).
"""

from __future__ import annotations

import sys
import traceback

from arena import sdk
from bots.frederik import Heuristic, HeuristicParams, heuristic_choice, read_request


class FrederikGreedyBot(sdk.Bot):
    name = "frederik-greedy"
    games = ("frederik",)
    description = (
        "Maximises its own best hand (its cards plus the best face-up card it may borrow) in the "
        "draft and the battle, protects a card that matters to it and interrupts when that pays."
    )
    style = "greedy"

    def policy(self) -> Heuristic:
        if not hasattr(self, "_policy"):
            self._policy = Heuristic(HeuristicParams.from_bot(self, self.style))
        return self._policy

    def act(self, request: sdk.pb.DecisionRequest) -> int:
        picture = read_request(request)
        try:
            action, why = heuristic_choice(picture, self.policy())
        except Exception:  # a bug must cost a poor move, not the deal: log it, play on
            traceback.print_exc(file=sys.stderr)
            return 0
        self.comment = why
        return picture.index(action)


if __name__ == "__main__":
    sdk.run(FrederikGreedyBot)
