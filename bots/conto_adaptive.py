"""conto-adaptive — a probabilist that learns each opponent's bluff rate at showdowns."""

from __future__ import annotations

from arena import sdk
from bots import conto as lib


class AdaptiveBot(sdk.Bot):
    name = "conto-adaptive"
    games = ("conto",)
    description = (
        "A probabilist that learns from the showdowns in the match history how often each "
        "opponent declares plates its hand does not support, and doubts frequent bluffers more."
    )

    def __init__(self, params=None) -> None:
        super().__init__(params)
        self.reader = lib.HistoryReader()
        self._odds_key: int | None = None
        self._odds: list[float] = []

    def odds(self, info: lib.Info) -> list[float]:
        """Every seat's bluff odds from the showdowns so far (recomputed after new events)."""
        if self._odds_key != len(info.history):
            self._odds = lib.bluff_odds(info.history, info.players, float(self.param("prior_weight", 4.0)))
            self._odds_key = len(info.history)
        return self._odds

    def act(self, request: sdk.pb.DecisionRequest) -> int:
        info = lib.read_request(request, self.reader)
        threshold = float(self.param("threshold", 0.5))
        bill = info.bill
        if bill is None or info.cameriere is None:
            return lib.probabilist_choice(info, threshold)
        # The cameriere's bluff odds rho, learnt from the showdowns of this match (prior:
        # rho = 1, a declaration says nothing, i.e. the probabilist), turn P(true) from
        # my cards into P(true | it was declared); equivalently a per-opponent threshold.
        rho = self.odds(info)[info.cameriere]
        p = lib.prob_true(info.plate, info.known, info.hidden)
        chance = lib.support_chance(info, info.cameriere)
        return lib.probabilist_choice(info, threshold, current=lib.credibility(p, chance, rho))


if __name__ == "__main__":
    sdk.run(AdaptiveBot)
