"""conto-adaptive — a probabilist that learns each opponent's bluff rate at showdowns."""

from __future__ import annotations

from arena import sdk
from bots.conto import (
    BluffOdds,
    Info,
    MatchLog,
    credibility,
    prob_true,
    probabilist_choice,
    read_request,
    support_chance,
)


class AdaptiveBot(sdk.Bot):
    name = "conto-adaptive"
    games = ("conto",)
    description = (
        "A probabilist that learns from the showdowns in the match history how often each "
        "opponent declares plates its hand does not support, and doubts frequent bluffers more."
    )

    def __init__(self, params=None) -> None:
        super().__init__(params)
        self.log = MatchLog()
        self.bluff_odds = BluffOdds()

    def on_event(self, event: sdk.pb.GameEvent) -> None:
        # A request shows the current hand only: the earlier showdowns it learns from
        # are remembered as they come.
        self.log.add(event)

    def odds(self, info: Info) -> list[float]:
        """Every seat's bluff odds from the showdowns so far (recomputed after new events)."""
        return self.bluff_odds(self.log.events, info.players, float(self.param("prior_weight", 4.0)))

    def act(self, request: sdk.pb.DecisionRequest) -> int:
        info = read_request(request)
        threshold = float(self.param("threshold", 0.5))
        bill = info.bill
        if bill is None or info.cameriere is None:
            return probabilist_choice(info, threshold)
        # The cameriere's bluff odds rho, learnt from the showdowns of this match (prior:
        # rho = 1, a declaration says nothing, i.e. the probabilist), turn P(true) from
        # my cards into P(true | it was declared); equivalently a per-opponent threshold.
        rho = self.odds(info)[info.cameriere]
        p = prob_true(info.plate, info.known, info.hidden)
        chance = support_chance(info, info.cameriere)
        return probabilist_choice(info, threshold, current=credibility(p, chance, rho))


if __name__ == "__main__":
    sdk.run(AdaptiveBot)
