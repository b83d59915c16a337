"""conto-probabilist — exact hypergeometric odds for every plate."""

from __future__ import annotations

from arena import sdk
from bots.conto import probabilist_choice, read_request


class ProbabilistBot(sdk.Bot):
    name = "conto-probabilist"
    games = ("conto",)
    description = (
        "Computes the exact probability that a plate is true from its hand and the face-up "
        "cards, calls the bill below a threshold and otherwise declares the likeliest plate."
    )

    def act(self, request: sdk.pb.DecisionRequest) -> int:
        info = read_request(request)
        return probabilist_choice(info, float(self.param("threshold", 0.5)))


if __name__ == "__main__":
    sdk.run(ProbabilistBot)
