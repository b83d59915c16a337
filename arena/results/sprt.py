"""SPRT: is the candidate stronger than the baseline, and may the run stop?

A tournament file's ``[sprt]`` table names a candidate and a baseline and two hypotheses
about the candidate's Elo over the baseline, ``elo0`` (H0) and ``elo1`` (H1), with the
error rates ``alpha`` (of accepting H1 when H0 holds) and ``beta`` (of accepting H0 when
H1 holds).  The test is a generalized SPRT (GSPRT) on deal families, the way fishtest's
pentanomial model treats game pairs:

* The unit is a **deal family**: the same deal at every rotation of its table in a round
  (the matches of one (round, table) share their deals; deal k of each rotation forms
  family k; for a game rated by match, the table's rotations in the round; for one
  rated by board, the board).  The luck of the cards ties a family's results, so the
  families, not the deals, are the independent draws.
* A family's **score** is the candidate's mean score against the baseline over the
  family's outcomes where both sat (1 ahead, 1/2 tied, 0 behind, read as
  `arena.results.crosstable` reads them: `crosstable.outcomes` and
  `crosstable.head_to_head`).  A family the two never shared gives nothing.
* Hypothesis H_i says the expected family score is s_i = 1 / (1 + 10^(-elo_i / 400))
  (the logistic Elo model).  The distribution of a family's score is otherwise
  unknown; the GSPRT replaces it, under each hypothesis, by its maximum-likelihood
  estimate with that mean: with the empirical distribution p over the distinct family
  scores a_j, the MLE with mean s is q_j = p_j / (1 + lambda (a_j - s)), lambda the
  root of sum_j p_j (a_j - s) / (1 + lambda (a_j - s)) = 0 (M. Van den Bergh,
  "Generalized sequential probability ratio test for families of distributions";
  fishtest's ``LLR_pentanomial`` does the same over its five buckets).  Then

      LLR = sum over families of ln(q1(a) / q0(a))
          = sum_j n_j [ln(1 + lambda0 (a_j - s0)) - ln(1 + lambda1 (a_j - s1))].

  Before the estimate, 1e-3 of a family is added at the scores 0 and 1 (fishtest
  regularizes empty buckets the same way), so a stream of wins only, or one value
  only, still has an estimate with each mean.  With families of two values 0 and 1
  only, the LLR is the binomial one, W ln(s1/s0) + L ln((1-s1)/(1-s0)).
* The test stops at H1 when LLR >= ln((1 - beta) / alpha), at H0 when
  LLR <= ln(beta / (1 - alpha)), and continues between.

During a run the LLR is computed after each saved match from every stored match (read
once each: `SprtFollower`), so a family whose rotations are not all played yet counts
with the outcomes it has.
``benchmarks/sprt.py`` measures the error rates and the families a decision takes.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

import numpy as np
from numpy.typing import NDArray

import engine
from arena.records import StoredMatch
from arena.results.crosstable import Outcome, head_to_head, outcomes
from arena.results.store import ResultStore

__all__ = [
    "Decision",
    "SprtFollower",
    "SprtState",
    "bounds",
    "elo_to_score",
    "family_scores",
    "llr",
    "llr_counts",
    "decide",
    "sprt_state",
]

#: Families added at the scores 0 and 1 before the estimate (see the module docstring).
REGULARIZE = 1e-3
_BISECTIONS = 64


class Decision(Enum):
    """What the test says so far."""

    H0 = "H0"
    H1 = "H1"
    CONTINUE = "continue"


def elo_to_score(elo: float) -> float:
    """The expected score of a side `elo` Elo stronger (the logistic model)."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def bounds(alpha: float, beta: float) -> tuple[float, float]:
    """The LLR's stopping bounds: (ln(beta / (1 - alpha)), ln((1 - beta) / alpha))."""
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def decide(value: float, alpha: float, beta: float) -> Decision:
    """H1 at or above the upper bound, H0 at or below the lower one, else continue."""
    lower, upper = bounds(alpha, beta)
    if value >= upper:
        return Decision.H1
    if value <= lower:
        return Decision.H0
    return Decision.CONTINUE


def _lambda(values: NDArray[np.float64], weights: NDArray[np.float64], s: float) -> NDArray[np.float64]:
    """Per row of `weights` (runs x values, each row summing to 1, positive weight at
    values below and above `s`): the root lambda of
    sum_j w_j (a_j - s) / (1 + lambda (a_j - s)) = 0, by bisection on the interval where
    every 1 + lambda (a_j - s) is positive (the sum falls from +inf to -inf across it)."""
    x = values - s  # (K,)
    present = weights > 0
    big = np.where(present, x, -np.inf).max(axis=1)  # > 0
    small = np.where(present, x, np.inf).min(axis=1)  # < 0
    low, high = -1.0 / big, -1.0 / small
    for _ in range(_BISECTIONS):
        middle = 0.5 * (low + high)
        slope = (weights * x / (1.0 + middle[:, None] * x)).sum(axis=1)
        # Where the sum is positive the root lies above; 1 + middle * x > 0 stays true
        # for the present values inside the open interval.
        above = slope > 0
        low = np.where(above, middle, low)
        high = np.where(above, high, middle)
    return 0.5 * (low + high)


def llr_counts(
    values: Sequence[float] | NDArray[np.float64],
    counts: NDArray[np.float64],
    elo0: float,
    elo1: float,
) -> NDArray[np.float64]:
    """The GSPRT LLR of H1 against H0 for each row of `counts` (families per value of
    `values`, a 1-D or runs x values array): the vectorized core of `llr`."""
    grid = np.asarray(values, dtype=float)
    table = np.atleast_2d(np.asarray(counts, dtype=float))
    if grid.ndim != 1 or table.shape[1] != grid.size:
        raise ValueError("counts must have one column per value")
    if grid.size and (grid.min() < 0.0 or grid.max() > 1.0):
        raise ValueError("family scores lie from 0 to 1")
    # The regularizing families at 0 and 1, as two more columns.
    grid = np.concatenate([grid, [0.0, 1.0]])
    extra = np.full((table.shape[0], 2), REGULARIZE)
    weights = np.concatenate([table, extra], axis=1)
    weights = weights / weights.sum(axis=1, keepdims=True)
    total = np.zeros(table.shape[0])
    for sign, elo in ((-1.0, elo0), (1.0, elo1)):
        s = elo_to_score(elo)
        lam = _lambda(grid, weights, s)
        # ln q_j(s) = ln p_j - ln(1 + lambda (a_j - s)); p_j cancels in the ratio.
        logs = np.log1p(lam[:, None] * (grid[: table.shape[1]] - s))
        total -= sign * (table * logs).sum(axis=1)
    return total


def llr(scores: Iterable[float], elo0: float, elo1: float) -> float:
    """The GSPRT LLR of H1 (elo1) against H0 (elo0) from the families' scores."""
    tally: dict[float, int] = defaultdict(int)
    for score in scores:
        tally[float(score)] += 1
    if not tally:
        return 0.0
    values = sorted(tally)
    counts = np.array([[tally[value] for value in values]], dtype=float)
    return float(llr_counts(values, counts, elo0, elo1)[0])


def _family_outcomes(matches: Iterable[StoredMatch], game: engine.Game) -> dict[tuple, list[Outcome]]:
    """Every rated outcome (`crosstable.outcomes`), by its deal family."""
    families: dict[tuple, list[Outcome]] = defaultdict(list)
    for outcome in outcomes(matches, game):
        families[outcome.family].append(outcome)
    return families


def family_scores(matches: Iterable[StoredMatch], game: engine.Game, candidate: str, baseline: str) -> list[float]:
    """Each deal family's score: the candidate's mean score against the baseline over the
    family's outcomes both took part in; families they never shared are left out."""
    scores = []
    for family in _family_outcomes(matches, game).values():
        shared = [
            score for score in (_shared_score(outcome, candidate, baseline) for outcome in family) if score is not None
        ]
        if shared:
            scores.append(sum(shared) / len(shared))
    return scores


def _shared_score(outcome: Outcome, candidate: str, baseline: str) -> float | None:
    """The candidate's score against the baseline in one outcome; None if not both took part."""
    pairing = head_to_head([outcome]).get((candidate, baseline))
    return pairing.score if pairing is not None and pairing.shared else None


@dataclass(frozen=True)
class SprtState:
    """The test over the stored matches: its LLR, bounds and decision."""

    candidate: str
    baseline: str
    elo0: float
    elo1: float
    alpha: float
    beta: float
    llr: float
    families: int

    @property
    def bounds(self) -> tuple[float, float]:
        return bounds(self.alpha, self.beta)

    @property
    def decision(self) -> Decision:
        return decide(self.llr, self.alpha, self.beta)

    def line(self) -> str:
        """`SPRT candidate vs baseline [elo0, elo1]: LLR 1.23 (-2.94, 2.94)`, and the families."""
        lower, upper = self.bounds
        return (
            f"SPRT {self.candidate} vs {self.baseline} [{self.elo0:g}, {self.elo1:g}]: LLR {self.llr:.2f} "
            f"({lower:.2f}, {upper:.2f}), {self.families} deal famil{'y' if self.families == 1 else 'ies'}"
        )

    def verdict(self) -> str:
        """The decision in words."""
        decision = self.decision
        if decision is Decision.H1:
            return (
                f"SPRT decided H1: {self.candidate} is stronger than {self.baseline} by about {self.elo1:g} Elo "
                f"or more, not {self.elo0:g} or less (LLR {self.llr:.2f} reached {self.bounds[1]:.2f}; "
                f"{self.families} deal families; error rates alpha {self.alpha:g}, beta {self.beta:g})."
            )
        if decision is Decision.H0:
            return (
                f"SPRT decided H0: {self.candidate} is not {self.elo1:g} Elo stronger than {self.baseline}; "
                f"about {self.elo0:g} or less (LLR {self.llr:.2f} reached {self.bounds[0]:.2f}; "
                f"{self.families} deal families; error rates alpha {self.alpha:g}, beta {self.beta:g})."
            )
        return f"SPRT undecided: {self.line()}."


class SprtFollower:
    """The test followed along a run: each `update` reads only the matches saved since
    the last one and adds their outcomes to their families, so a long run neither reads
    its file again nor scores every family again after every match."""

    def __init__(
        self, game: engine.Game, candidate: str, baseline: str, elo0: float, elo1: float, alpha: float, beta: float
    ) -> None:
        self._game = game
        self._test = (candidate, baseline, elo0, elo1, alpha, beta)
        self._mark = 0
        self._shared: dict[tuple, list[float]] = defaultdict(list)  # the family's scores
        self._matches: list[StoredMatch] = []  # kept for bridge's boards only

    def update(self, store: ResultStore) -> SprtState:
        """The test over every match `store` holds now."""
        new, self._mark = store.matches_saved_after(self._mark)
        if self._game.spec.rate_by == "board":  # a board's outcome needs both its tables
            self._matches.extend(new)
            return sprt_state(self._matches, self._game, *self._test)
        candidate, baseline, elo0, elo1, alpha, beta = self._test
        for outcome in outcomes(new, self._game):
            score = _shared_score(outcome, candidate, baseline)
            if score is not None:
                self._shared[outcome.family].append(score)
        scores = [sum(shared) / len(shared) for shared in self._shared.values()]
        return SprtState(candidate, baseline, elo0, elo1, alpha, beta, llr(scores, elo0, elo1), len(scores))


def sprt_state(
    matches: Iterable[StoredMatch],
    game: engine.Game,
    candidate: str,
    baseline: str,
    elo0: float,
    elo1: float,
    alpha: float = 0.05,
    beta: float = 0.05,
) -> SprtState:
    """The test over `matches` (every stored match of the run; history is not read)."""
    scores = family_scores(matches, game, candidate, baseline)
    return SprtState(candidate, baseline, elo0, elo1, alpha, beta, llr(scores, elo0, elo1), len(scores))
