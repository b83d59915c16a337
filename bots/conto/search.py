"""The conto search bot's decision (no gRPC, no I/O): determinized sampling over the
rules engine.

It samples the unseen hands consistently with what the seat has seen (`sampling`),
weighting each sample by how well it explains the opponents' declarations of this
hand, rebuilds an engine state for the sample and plays every candidate declaration
out to the end of the hand with a policy per seat (`playout`).  The bill is scored on
the weighted samples (the plate is true in them or not); it picks the action least
likely to lose the hand.  Time-bounded by a `Clock`.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, NamedTuple

from bots.conto.odds import plate_true
from bots.conto.playout import Model, Table, build_state, engine_action, playout
from bots.conto.policies import probabilist_choice, scored_declarations
from bots.conto.reading import Info, hand_declarations, revealed_by_seat
from bots.conto.sampling import sample_dealt_hands, sample_weight, unseen_pool


class Clock:
    def __init__(self, budget: float) -> None:
        self.start = time.perf_counter()
        self.budget = budget

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def left(self) -> bool:
        return self.elapsed() < self.budget


@dataclass(frozen=True)
class SearchParams:
    """The search bot's parameters (see bots/README.md), with their defaults."""

    max_time: float = 0.5  # seconds per decision, at most
    time_fraction: float = 0.5  # of the request's time limit
    threshold: float = 0.5  # the probabilist's, for the fallback and the models
    candidates: int = 6  # declarations played out, by P(true)
    weighted_samples: int = 200
    raise_penalty: float = 0.3
    min_samples: int = 4
    early_stop: int = 60  # runs before it may stop once the choice is settled; 0: the whole budget
    max_samples: int = 5000
    margin: float = 0.0  # the probabilist's choice wins ties within this loss

    @classmethod
    def from_bot(cls, bot: Any) -> SearchParams:
        """The parameters of `bot` (its `param`), each converted like its default."""
        defaults = cls()
        return cls(
            **{
                name: type(getattr(defaults, name))(bot.param(name, getattr(defaults, name)))
                for name in cls.__dataclass_fields__
            }
        )

    def budget(self, info: Info) -> float:
        """Seconds for this decision."""
        if info.time_limit_ms:
            return min(self.max_time, self.time_fraction * info.time_limit_ms / 1000.0)
        return self.max_time


class Decision(NamedTuple):
    choice: int  # the index of the action chosen
    best_loss: float | None  # its estimated chance of losing the hand, if it was searched
    stats: dict[str, object]  # runs, samples, bill_loss, options, elapsed


def settled(outcomes: list[list[int]], bill_loss: float | None, bill_samples: int, indifference: float = 0.02) -> bool:
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
        if (bill_loss - r) - 3 * var**0.5 <= -indifference:
            return False
    return True


def search_choice(
    info: Info, rng: random.Random, odds: list[float], model: Model, clock: Clock, p: SearchParams
) -> Decision:
    """The action least likely to lose the hand, by playouts on weighted samples until
    the clock runs out (or the choice is settled); the probabilist's choice when no
    playout could be made."""
    threshold = p.threshold
    scored = scored_declarations(info)
    fallback = probabilist_choice(info, threshold)
    candidates = [a for _, a in scored[: p.candidates]]
    bill = info.bill

    # --- samples: consistent with the view, weighted by the declarations ---------
    pool = unseen_pool(info)
    by_seat = revealed_by_seat(info)
    opponents_declared = any(d.seat != info.seat for d in hand_declarations(info))
    raise_penalty = p.raise_penalty
    n_weighted = p.weighted_samples
    samples: list[list[list[int]]] = []
    weights: list[float] = []
    true_weight = 0.0
    for _ in range(n_weighted if (opponents_declared or bill is not None) else 0):
        dealt = sample_dealt_hands(info, rng, pool, by_seat)
        w = sample_weight(info, dealt, odds, threshold, raise_penalty, model.types) if opponents_declared else 1.0
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
    min_samples = p.min_samples
    early = p.early_stop  # 0: always use the whole budget
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
        if runs >= p.max_samples:
            break
        if runs >= early and runs % 10 == 0 and settled(outcomes, bill_loss, len(samples)):
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
        margin = p.margin
        options.sort()
        best_loss, _, best_index = options[0]
        fb = [o for o in options if o[2] == fallback]
        if fb and fb[0][0] <= best_loss + margin:
            best_index = fallback
    stats: dict[str, object] = {
        "runs": runs,
        "samples": len(samples),
        "bill_loss": bill_loss,
        "options": options,
        "elapsed": clock.elapsed(),
    }
    return Decision(best_index, best_loss, stats)


def _total(dealt: list[list[int]]) -> list[int]:
    return [sum(col) for col in zip(*dealt)]
