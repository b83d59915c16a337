"""conto-bluffer — a probabilist that over-declares on purpose."""

from __future__ import annotations

import random

from arena import sdk
from bots.conto import bluff_choice, probabilist_choice, read_request
from bots.seeds import tagged_rng


class BlufferBot(sdk.Bot):
    name = "conto-bluffer"
    games = ("conto",)
    description = (
        "Plays as the probabilist but, with probability `aggression`, declares an unlikely "
        "plate (P(true) between `floor` and 0.5) that reveals nothing it does not have to."
    )

    def __init__(self, params=None) -> None:
        super().__init__(params)
        self.rng: random.Random | None = None

    def _rng(self, seat: int) -> random.Random:
        if self.rng is None:
            self.rng = tagged_rng("conto-bluffer", self.param("seed", 0), self.match, seat)
        return self.rng

    def act(self, request: sdk.pb.DecisionRequest) -> int:
        info = read_request(request)
        threshold = float(self.param("threshold", 0.5))
        rng = self._rng(info.seat)
        choice = probabilist_choice(info, threshold)
        if info.actions[choice].is_bill:
            return choice
        if rng.random() < float(self.param("aggression", 0.3)):
            bluff = bluff_choice(info, float(self.param("floor", 0.15)), 0.5)
            if bluff is not None:
                self.comment = "bluff"
                return bluff
        return choice


if __name__ == "__main__":
    sdk.run(BlufferBot)
