"""SPRT: is the candidate stronger than the baseline, and may the run stop?

A tournament file's ``[sprt]`` table names a candidate and a baseline and two hypotheses
about the candidate's Elo over the baseline **on the Elo table's scale**, ``elo0`` (H0)
and ``elo1`` (H1), with the error rates ``alpha`` (of accepting H1 when H0 holds) and
``beta`` (of accepting H0 when H1 holds).

The quantity tested is the difference the Elo table prints, D = R_candidate -
R_baseline, from the very fit the table makes (`arena.results.ratings.fit` over
`tables.observations`: conto's one-loser deals, invido's and vegas's matches,
frederik's deals, bridge's boards, each in its own rating model), so "elo1 = 20" means
20 of the table's Elo whatever the game.  (Testing the candidate's pairwise score
against the baseline through the logistic curve, as before, put the hypotheses on
another scale: in conto a candidate +20 table Elo stronger scores 0.514 against the
baseline, which that curve reads as +10.)

The fit's estimate D^ is asymptotically normal with the variance V the table's
intervals use (cluster-robust over deal families when there are enough of them, so the
cards' luck shared by a deal's rotations is counted as it is).  The test is the
sequential probability ratio test of N(elo1, V) against N(elo0, V) at D^ (a GSPRT on an
asymptotically normal estimate, as fishtest's normalized SPRT and Whitehead's triangular
tests do)::

    LLR = (elo1 - elo0) / V * (D^ - (elo0 + elo1) / 2)

It stops at H1 when LLR >= ln((1 - beta) / alpha), at H0 when LLR <= ln(beta / (1 -
alpha)), and continues between.  While the data cannot yet rate the two (no result
between them, no fit), the LLR is 0.  The fit uses the table's default prior, whose
pull on D^ fades as the results grow.

During a run the LLR is computed after each saved match over every stored match (each
match read once: `SprtFollower`).  ``benchmarks/sprt.py`` measures the error rates and
the families a decision takes, for each game's rating model with seat luck.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

import engine
from arena.errors import RatingError
from arena.records import StoredMatch
from arena.results.ratings import Observation, fit
from arena.results.store import ResultStore
from arena.results.tables import observations

__all__ = [
    "Decision",
    "Estimate",
    "SprtFollower",
    "SprtState",
    "bounds",
    "decide",
    "difference",
    "llr",
    "sprt_state",
]


class Decision(Enum):
    """What the test says so far."""

    H0 = "H0"
    H1 = "H1"
    CONTINUE = "continue"


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


@dataclass(frozen=True)
class Estimate:
    """The table's Elo difference candidate - baseline, its sd, and the deal families
    they played in (either of them)."""

    elo: float
    sd: float
    families: int


def llr(estimate: Estimate | None, elo0: float, elo1: float) -> float:
    """The LLR of N(elo1, sd^2) against N(elo0, sd^2) at the estimate; 0 without one."""
    if estimate is None or not estimate.sd > 0.0 or not math.isfinite(estimate.sd):
        return 0.0
    return (elo1 - elo0) / estimate.sd**2 * (estimate.elo - 0.5 * (elo0 + elo1))


def difference(rated: Sequence[Observation], candidate: str, baseline: str) -> Estimate | None:
    """The table's fit over `rated`: candidate's Elo less baseline's, with its sd from the
    table's covariance; None while the fit cannot rate both."""
    families = {
        obs.cluster if obs.cluster is not None else ("row", i)
        for i, obs in enumerate(rated)
        if any(candidate in side or baseline in side for side in obs.sides)
    }
    try:
        table = fit(rated)
    except RatingError:
        return None
    names = [rating.name for rating in table.ratings]
    if candidate not in names or baseline not in names:
        return None
    c, b = names.index(candidate), names.index(baseline)
    cov = table.covariance
    variance = cov[c][c] + cov[b][b] - 2.0 * cov[c][b]
    elo = table.ratings[c].elo - table.ratings[b].elo
    return Estimate(elo, math.sqrt(max(variance, 0.0)), len(families))


@dataclass(frozen=True)
class SprtState:
    """The test over the stored matches: its LLR, bounds and decision, and the table's
    estimate of the difference (`elo`, `sd`; sd 0 when there is none yet)."""

    candidate: str
    baseline: str
    elo0: float
    elo1: float
    alpha: float
    beta: float
    llr: float
    families: int
    elo: float = 0.0
    sd: float = 0.0

    @property
    def bounds(self) -> tuple[float, float]:
        return bounds(self.alpha, self.beta)

    @property
    def decision(self) -> Decision:
        return decide(self.llr, self.alpha, self.beta)

    def line(self) -> str:
        """`SPRT candidate vs baseline [elo0, elo1]: LLR 1.23 (-2.94, 2.94), table Elo +12 ± 9 (1 sd), …`."""
        lower, upper = self.bounds
        estimate = f"table Elo {self.elo:+.0f} ± {self.sd:.0f} (1 sd), " if self.sd else "no table Elo yet, "
        return (
            f"SPRT {self.candidate} vs {self.baseline} [{self.elo0:g}, {self.elo1:g}]: LLR {self.llr:.2f} "
            f"({lower:.2f}, {upper:.2f}), {estimate}"
            f"{self.families} deal famil{'y' if self.families == 1 else 'ies'}"
        )

    def verdict(self) -> str:
        """The decision in words."""
        decision = self.decision
        rates = (
            f"{self.families} deal families; the table's Elo difference {self.elo:+.0f} ± {self.sd:.0f} (1 sd); "
            f"error rates alpha {self.alpha:g}, beta {self.beta:g}"
        )
        if decision is Decision.H1:
            return (
                f"SPRT decided H1: {self.candidate} is stronger than {self.baseline} by about {self.elo1:g} Elo "
                f"(of the Elo table) or more, not {self.elo0:g} or less (LLR {self.llr:.2f} reached "
                f"{self.bounds[1]:.2f}; {rates})."
            )
        if decision is Decision.H0:
            return (
                f"SPRT decided H0: {self.candidate} is not {self.elo1:g} Elo (of the Elo table) stronger than "
                f"{self.baseline}; about {self.elo0:g} or less (LLR {self.llr:.2f} reached {self.bounds[0]:.2f}; "
                f"{rates})."
            )
        return f"SPRT undecided: {self.line()}."


def _state(rated: Sequence[Observation], test: tuple[str, str, float, float, float, float]) -> SprtState:
    candidate, baseline, elo0, elo1, alpha, beta = test
    estimate = difference(rated, candidate, baseline)
    value = llr(estimate, elo0, elo1)
    if estimate is None:
        return SprtState(candidate, baseline, elo0, elo1, alpha, beta, value, 0)
    return SprtState(candidate, baseline, elo0, elo1, alpha, beta, value, estimate.families, estimate.elo, estimate.sd)


class SprtFollower:
    """The test followed along a run: each `update` reads only the matches saved since
    the last one and adds their rated outcomes to those it has, so a long run does not
    read its file again after every match."""

    def __init__(
        self, game: engine.Game, candidate: str, baseline: str, elo0: float, elo1: float, alpha: float, beta: float
    ) -> None:
        self._game = game
        self._test = (candidate, baseline, elo0, elo1, alpha, beta)
        self._mark = 0
        self._rated: list[Observation] = []
        self._matches: list[StoredMatch] = []  # kept for bridge's boards only

    def update(self, store: ResultStore) -> SprtState:
        """The test over every match `store` holds now."""
        new, self._mark = store.matches_saved_after(self._mark)
        if self._game.spec.rate_by == "board":  # a board's outcome needs both its tables
            self._matches.extend(new)
            return _state(observations(self._matches, self._game), self._test)
        self._rated.extend(observations(new, self._game))
        return _state(self._rated, self._test)


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
    return _state(observations(list(matches), game), (candidate, baseline, elo0, elo1, alpha, beta))
