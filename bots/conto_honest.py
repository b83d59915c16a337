"""conto-honest — never bluffs: declares only what its own hand and the face-up cards support."""

from __future__ import annotations

from arena import sdk
from bots.conto import honest_choice, read_request


class HonestBot(sdk.Bot):
    name = "conto-honest"
    games = ("conto",)
    description = (
        "Never bluffs: every portata it adds or changes is backed by its own hand plus the "
        "face-up cards (smallest raise first), and it calls the bill when the plate looks "
        "impossible or nothing honest is left."
    )

    def act(self, request: sdk.pb.DecisionRequest) -> int:
        info = read_request(request)
        return honest_choice(
            info,
            float(self.param("threshold", 0.25)),
            str(self.param("order", "smallest")),
            str(self.param("vouch", "portata")),
        )


if __name__ == "__main__":
    sdk.run(HonestBot)
