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
    HistoryReader,
    Info,
    Model,
    Table,
    TypeTracker,
    build_state,
    engine_action,
    hand_declarations,
    plate_true,
    playout,
    probabilist_choice,
    read_request,
    revealed_by_seat,
    sample_dealt_hands,
    sample_weight,
    scored_declarations,
    unseen_pool,
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
        self.reader = HistoryReader()
        self.rng: random.Random | None = None
        self.bluff_odds = BluffOdds()
        self.last_stats: dict[str, object] = {}
        self.tracker: TypeTracker | None = None
        self.last_types: list[int] = []

    def _rng(self, seat: int) -> random.Random:
        if self.rng is None:
            self.rng = tagged_rng("conto-search", self.param("seed", 0), self.match, seat)
        return self.rng

    def odds(self, info: Info) -> list[float]:
        return self.bluff_odds(info.history, info.players, float(self.param("prior_weight", 4.0)))

    def model(self, info: Info, odds: list[float], threshold: float, rng: random.Random) -> Model:
        """The playout model: every seat's policy type, recognised from the showdowns
        (probabilist when `recognise` is off); this bot plays as the adaptive policy."""
        if self.param("recognise", True):
            if self.tracker is None:
                self.tracker = TypeTracker(info.players, info.hand_size, info.courses, info.oste_rule,
                                               threshold=threshold)
            self.tracker.update(info.history)
            types = self.tracker.types(info.seat)
        else:
            types = [PROBABILIST] * info.players
            types[info.seat] = ADAPTIVE
        self.last_types = types
        return Model(types, odds, threshold, rng=rng)

    @staticmethod
    def _settled(outcomes: list[list[int]], bill_loss: float | None, bill_samples: int,
                 indifference: float = 0.02) -> bool:
        """True when no other option can be better than the best by more than
        `indifference` (3 standard errors; declarations are compared run by run, since
        they were played out on the same samples)."""
        n = min(len(o) for o in outcomes)
        if n < 2:
            return False
        rates = [sum(o[:n]) / n for o in outcomes]
        best = min(range(len(rates)), key=rates.__getitem__)
        if bill_loss is not None and bill_loss < rates[best]:
            # the bill leads: every declaration must be clearly worse
            var_b = bill_loss * (1 - bill_loss) / max(bill_samples, 1)
            return all((r - bill_loss) - 3 * (r * (1 - r) / n + var_b) ** 0.5 > -indifference for r in rates)
        for i, o in enumerate(outcomes):
            if i == best:
                continue
            diffs = [a - b for a, b in zip(o[:n], outcomes[best][:n])]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            if mean - 3 * (var / n) ** 0.5 <= -indifference:
                return False
        if bill_loss is not None:
            r = rates[best]
            var = r * (1 - r) / n + bill_loss * (1 - bill_loss) / max(bill_samples, 1)
            if (bill_loss - r) - 3 * var ** 0.5 <= -indifference:
                return False
        return True

    def budget(self, info: Info) -> float:
        max_time = float(self.param("max_time", 0.5))
        if info.time_limit_ms:
            return min(max_time, float(self.param("time_fraction", 0.5)) * info.time_limit_ms / 1000.0)
        return max_time

    def act(self, request: sdk.pb.DecisionRequest) -> int:
        clock = Clock(0.0)
        info = read_request(request, self.reader)
        clock.budget = self.budget(info)
        if len(info.actions) == 1:
            return 0
        rng = self._rng(info.seat)
        threshold = float(self.param("threshold", 0.5))
        odds = self.odds(info)
        model = self.model(info, odds, threshold, rng)
        scored = scored_declarations(info)
        fallback = probabilist_choice(info, threshold)
        candidates = [a for _, a in scored[: int(self.param("candidates", 6))]]
        bill = info.bill

        # --- samples: consistent with the view, weighted by the declarations ---------
        pool = unseen_pool(info)
        by_seat = revealed_by_seat(info)
        opponents_declared = any(d.seat != info.seat for d in hand_declarations(info))
        raise_penalty = float(self.param("raise_penalty", 0.3))
        n_weighted = int(self.param("weighted_samples", 200))
        samples: list[list[list[int]]] = []
        weights: list[float] = []
        true_weight = 0.0
        for _ in range(n_weighted if (opponents_declared or bill is not None) else 0):
            dealt = sample_dealt_hands(info, rng, pool, by_seat)
            w = (sample_weight(info, dealt, odds, threshold, raise_penalty, model.types)
                 if opponents_declared else 1.0)
            samples.append(dealt)
            weights.append(w)
            if bill is not None and info.plate and plate_true(info.plate, _total(dealt)):
                true_weight += w
            if clock.elapsed() > 0.25 * clock.budget and len(samples) >= 16:
                break
        total_weight = sum(weights)
        if samples and total_weight <= 0.0:  # nothing explains the table: fall back to uniform
            weights = [1.0] * len(samples)
            total_weight = float(len(samples))
            true_weight = float(sum(plate_true(info.plate, _total(d)) for d in samples)) if bill else 0.0
        bill_loss = true_weight / total_weight if (bill is not None and samples) else None

        # --- playouts of every candidate declaration ---------------------------------
        # Common random numbers: every candidate is played out on the same samples.  The
        # clock is checked between playouts; past the budget (and `min_samples` runs) the
        # search stops; a hard stop (twice the budget, at most 80% of the time limit)
        # ends even a run in progress.
        losses = [0.0] * len(candidates)
        played = [0] * len(candidates)
        outcomes: list[list[int]] = [[] for _ in candidates]  # per run, for paired tests
        runs = 0
        min_samples = int(self.param("min_samples", 4))
        early = int(self.param("early_stop", 60))  # 0: always use the whole budget
        early = early if early > 0 else 1 << 30
        engine_actions = [engine_action(a) for a in candidates]
        hard = 2.0 * clock.budget
        if info.time_limit_ms:
            hard = min(hard, 0.8 * info.time_limit_ms / 1000.0)
        stop = False
        while candidates and not stop and (runs < min_samples or clock.left()):
            if samples:
                dealt = rng.choices(samples, weights=weights)[0] if opponents_declared else samples[runs % len(samples)]
            else:
                dealt = sample_dealt_hands(info, rng, pool, by_seat)
            base = build_state(info, dealt)
            table = Table.for_info(info, dealt)
            for i, action in enumerate(engine_actions):
                if clock.elapsed() > hard:
                    stop = True
                    break
                state = base.clone()
                t = table.copy()
                t.apply(info.seat, action)
                state.apply(action)
                played[i] += 1
                lost = playout(state, t, model) == info.seat
                losses[i] += lost
                outcomes[i].append(lost)
            runs += 1
            if runs >= int(self.param("max_samples", 5000)):
                break
            if runs >= early and runs % 10 == 0 and self._settled(outcomes, bill_loss, len(samples)):
                break

        # --- choose -----------------------------------------------------------------------
        best_index = fallback
        best_loss = None
        options: list[tuple[float, int, int]] = []  # (loss, order, index)
        for order, (a, loss, n) in enumerate(zip(candidates, losses, played)):
            if n:
                options.append((loss / n, order, a.index))
        if bill_loss is not None:
            options.append((bill_loss, -1, bill.index))  # type: ignore[union-attr]
        if not any(played):  # out of time before any playout: the probabilist's choice
            options = []
        if options:
            margin = float(self.param("margin", 0.0))
            options.sort()
            best_loss, _, best_index = options[0]
            fb = [o for o in options if o[2] == fallback]
            if fb and fb[0][0] <= best_loss + margin:
                best_index = fallback
        self.last_stats = {"runs": runs, "samples": len(samples), "bill_loss": bill_loss,
                           "options": options, "elapsed": clock.elapsed()}
        self.comment = f"runs={runs} loss={best_loss if best_loss is None else round(best_loss, 3)}"
        return best_index


def _total(dealt: list[list[int]]) -> list[int]:
    return [sum(col) for col in zip(*dealt)]


if __name__ == "__main__":
    sdk.run(SearchBot)
