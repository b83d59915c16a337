"""vegas-value — a value bettor: bets and calls on its expected share of the pot.

Every decision starts from `share`, the fraction of the final pot it expects to take
(engine/vegas/odds.py: its cards against every deal of the cards it has not seen, nobody
folding).  With n players in, a bet everyone calls pays when share × n > 1: it bets when
share × n − 1 ≥ margin, raises a bet when it is ≥ raise_margin, calls when share × (the
pot once everyone still in has matched the bet) ≥ the call × (1 + call_margin) (pot
odds), folds otherwise, and checks when nothing is bet and betting does not pay
(bots/vegas/policies.py).

Parameters (--name=value): margin (0.1), raise_margin (0.25), call_margin (0.0).
"""

from __future__ import annotations

from arena import sdk
from bots.vegas import Choice, Table, ValueParams, index_of, read_request, value_choice


class VegasValueBot(sdk.Bot):
    name = "vegas-value"
    games = ("vegas",)
    description = (
        "Bets and raises when its expected share of the pot clearly beats its fair share, "
        "calls on pot odds, and otherwise checks or folds."
    )

    def setup(self) -> None:
        if not hasattr(self, "values"):
            self.values = ValueParams.from_bot(self)

    def choose(self, table: Table) -> Choice:
        return value_choice(table, self.values)

    def act(self, request: sdk.pb.DecisionRequest) -> int:
        self.setup()
        table = read_request(request)
        choice = self.choose(table)
        self.comment = choice.why
        return index_of(table, choice)


if __name__ == "__main__":
    sdk.run(VegasValueBot)
