"""vegas-caller — the calling station: checks when it may, calls every bet, never bets,
raises or folds.  A value bettor should take its chips; no parameters."""

from __future__ import annotations

from arena import sdk
from bots.vegas import caller_choice, index_of, read_request


class VegasCallerBot(sdk.Bot):
    name = "vegas-caller"
    games = ("vegas",)
    description = "Checks when it can and calls every bet: never bets, raises or folds."

    def act(self, request: sdk.pb.DecisionRequest) -> int:
        table = read_request(request)
        choice = caller_choice(table)
        self.comment = choice.why
        return index_of(table, choice)


if __name__ == "__main__":
    sdk.run(VegasCallerBot)
