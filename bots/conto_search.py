"""conto-search — determinized sampling over the rules engine.

At each decision it samples the unseen hands consistently with what it has seen (the
revealed cards came from their revealers' hands, hand sizes are known), weighting each
sample by how well it explains the opponents' declarations of this hand (their bluff
odds are learnt from the match's showdowns), rebuilds an engine state for the sample,
and plays every candidate action out to the end of the hand, every seat playing the
policy type (probabilist, adaptive, honest or random) that its past showdowns fit best
(this bot itself as the adaptive policy).  The bill is scored on the weighted samples
(the plate is true in them or not); it picks the action least likely to lose the hand.
Time-bounded: `time_fraction` of the request's time limit, at most `max_time`.
"""

from __future__ import annotations

import random

from arena import sdk
from bots.conto import (
    ADAPTIVE,
    PROBABILIST,
    BluffOdds,
    Clock,
    Info,
    MatchLog,
    Model,
    SearchParams,
    TypeTracker,
    read_request,
    search_choice,
)
from bots.seeds import tagged_rng


class SearchBot(sdk.Bot):
    name = "conto-search"
    games = ("conto",)
    description = (
        "Samples the hidden hands consistently with the table and the opponents' habits, plays "
        "each candidate out with the policy each opponent has shown and picks the least likely to lose."
    )

    def __init__(self, params=None) -> None:
        super().__init__(params)
        self.log = MatchLog()
        self.rng: random.Random | None = None
        self.bluff_odds = BluffOdds()
        self.last_stats: dict[str, object] = {}
        self.tracker: TypeTracker | None = None
        self.last_types: list[int] = []

    def _rng(self, seat: int) -> random.Random:
        if self.rng is None:
            self.rng = tagged_rng("conto-search", self.param("seed", 0), self.match, seat)
        return self.rng

    def on_event(self, event: sdk.pb.GameEvent) -> None:
        # A request shows the current hand only: the earlier showdowns its opponents'
        # bluff odds and policy types are learnt from are remembered as they come.
        self.log.add(event)

    def odds(self, info: Info) -> list[float]:
        return self.bluff_odds(self.log.events, info.players, float(self.param("prior_weight", 4.0)))

    def model(self, info: Info, odds: list[float], threshold: float, rng: random.Random) -> Model:
        """The playout model: every seat's policy type, recognised from the showdowns
        (probabilist when `recognise` is off); this bot plays as the adaptive policy."""
        if self.param("recognise", True):
            if self.tracker is None:
                self.tracker = TypeTracker(
                    info.players, info.hand_size, info.courses, info.oste_rule, threshold=threshold
                )
            self.tracker.update(self.log.events)
            types = self.tracker.types(info.seat)
        else:
            types = [PROBABILIST] * info.players
            types[info.seat] = ADAPTIVE
        self.last_types = types
        return Model(types, odds, threshold, rng=rng)

    def act(self, request: sdk.pb.DecisionRequest) -> int:
        clock = Clock(0.0)
        info = read_request(request)
        params = SearchParams.from_bot(self)
        clock.budget = params.budget(info)
        if len(info.actions) == 1:
            return 0
        rng = self._rng(info.seat)
        odds = self.odds(info)
        model = self.model(info, odds, params.threshold, rng)
        decision = search_choice(info, rng, odds, model, clock, params)
        self.last_stats = decision.stats
        best_loss = decision.best_loss
        self.comment = f"runs={decision.stats['runs']} loss={best_loss if best_loss is None else round(best_loss, 3)}"
        return decision.choice


if __name__ == "__main__":
    sdk.run(SearchBot)
