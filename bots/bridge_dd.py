"""bridge-dd — bridge-natural's bidding and opening leads, and a double-dummy card player:
each card samples layouts of the hidden cards consistent with the play and (loosely) the
auction, solves each with DDS (endplay) and plays the card that does best on average
(bots/bridge/dd.py, bots/bridge/sampling.py).

Parameters (--name=value): budget (0.4 seconds per card), samples (60 layouts per card,
at most), goal_weight (1.0: bonus for making or beating the contract, in tricks), tries
(40 draws per layout to fit the auction), seed (0).
"""

from __future__ import annotations

import sys
import time
import traceback

from arena import sdk
from bots.bridge import choose_call, read_request
from bots.bridge.dd import DDParams, dd_card
from bots.seeds import tagged_rng


class BridgeDDBot(sdk.Bot):
    name = "bridge-dd"
    games = ("bridge",)
    description = (
        "Bids and leads like bridge-natural, then plays each card by double-dummy analysis "
        "(DDS) of layouts of the hidden cards sampled to fit the play and the auction, "
        "within a time budget per card."
    )

    def on_match_start(self, start: sdk.pb.MatchStart) -> None:
        self.dd = DDParams.from_bot(self)
        self.rng = tagged_rng("bridge-dd", self.param("seed", 0), start, start.seat)

    def act(self, request: sdk.pb.DecisionRequest) -> int:
        started = time.monotonic()
        if not hasattr(self, "dd"):
            self.on_match_start(sdk.pb.MatchStart())
        table = read_request(request)
        try:
            if table.phase == 1:
                card, why = choose_call(table)
            else:
                card, why = dd_card(table, self.dd, self.rng, started)
        except Exception:  # a bug must cost a poor card, not the board: log it, play on
            traceback.print_exc(file=sys.stderr)
            card, why = ("pass" if table.phase == 1 else table.legal[0]), "fallback after an error"
        self.comment = why
        index = table.index(card)
        return index if index is not None else 0


if __name__ == "__main__":
    sdk.run(BridgeDDBot)
