"""bridge-natural — a natural bidding system, standard opening leads and a heuristic
card player (bots/bridge/: bidding.py, leads.py, play.py; the system is documented in
bots/README.md, "What the bridge bots understand").  No parameters.
"""

from __future__ import annotations

import sys
import traceback

from arena import sdk
from bots.bridge import choose_call, heuristic_card, read_request


class BridgeNaturalBot(sdk.Bot):
    name = "bridge-natural"
    games = ("bridge",)
    description = (
        "Bids a small natural system (five-card majors, 1NT 15-17, Stayman, raises by points, "
        "overcalls and takeout doubles), makes standard opening leads and plays by rules: "
        "second hand low, third hand high, win cheaply, draw trumps."
    )

    def act(self, request: sdk.pb.DecisionRequest) -> int:
        table = read_request(request)
        try:
            card, why = choose_call(table) if table.phase == 1 else heuristic_card(table)
        except Exception:  # a bug must cost a poor call, not the board: log it, play on
            traceback.print_exc(file=sys.stderr)
            card, why = ("pass" if table.phase == 1 else table.legal[0]), "fallback after an error"
        self.comment = why
        index = table.index(card)
        return index if index is not None else 0


if __name__ == "__main__":
    sdk.run(BridgeNaturalBot)
