"""invido-rules — a rule player: calls and accepts on strength, folds on weakness.

Every decision starts from the exact odds of the card play (bots/invido/solver.py): the
opponent's possible hands given the unseen cards, weighted by what its calls suggest,
each solved with both hands known.  A sure win (say, a 3 in hand after taking the first
trick: a 3 cannot lose a trick) raises all the way and never folds.  Otherwise it raises
at equity >= raise_at, counter-calls at >= reraise_at, accepts a call to N at V when
equity >= -V/N + accept_margin (pot odds plus a margin), tries a monte before folding,
and plays the card with the best value, the cheapest one on ties.

Parameters (--name=value): raise_at, reraise_at, accept_margin, monte_at, monte_accept,
doubt, doubt_accept (see bots.invido.policies.RuleParams) and seed.
"""

from __future__ import annotations

from arena import sdk
from bots.invido import Choice, Position, RuleParams, index_of, read_request, rule_choice
from bots.seeds import seat_rng


class InvidoRulesBot(sdk.Bot):
    name = "invido-rules"
    games = ("invido",)
    description = (
        "Raises, accepts and folds on the exact odds of its hand against every hand the "
        "opponent may hold, never folds a giocata it cannot lose, and plays the cheapest good card."
    )

    def on_match_start(self, start: sdk.pb.MatchStart) -> None:
        self.rng = seat_rng(start.match_id, start.seat, self.param("seed", 0))

    def setup(self) -> None:
        if not hasattr(self, "rules"):
            self.rules = RuleParams.from_bot(self)
        if not hasattr(self, "rng"):
            self.rng = seat_rng("-", "-", self.param("seed", 0))

    def choose(self, pos: Position) -> Choice:
        return rule_choice(pos, self.rules)

    def act(self, request: sdk.pb.DecisionRequest) -> int:
        self.setup()
        pos = read_request(request)
        choice = self.choose(pos)
        self.comment = choice.why
        return index_of(pos, choice)


if __name__ == "__main__":
    sdk.run(InvidoRulesBot)
