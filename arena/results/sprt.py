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

Wald's bounds, ln(beta / (1 - alpha)) and ln((1 - beta) / alpha), give the error rates
alpha and beta to a LLR watched continuously.  The LLR is seen only at looks (after
each saved match in a run), and between two looks it moves by a step: it crosses a
bound by some of that step before it is seen, and the errors fall below alpha and beta
(in the benchmark's conto, looking every 5% more families, alpha was 3.2% for 5%;
4.2% with the correction below).
Siegmund's correction for a discretely watched random walk (Sequential Analysis,
1985, ch. 10) says the walk seen at steps of sd s stops as if watched continuously at
a bound OVERSHOOT * s further out, OVERSHOOT = 0.5826; so the test stops at H1 when
LLR >= ln((1 - beta) / alpha) - OVERSHOOT * s, at H0 when LLR <= ln(beta / (1 - alpha))
+ OVERSHOOT * s, and continues between (the shift is capped at a tenth of the distance
between the bounds, where the correction's small-step premise ends).  Under the normal
model the LLR's step between two looks has sd s = |elo1 - elo0| * sqrt(1/V - 1/V_before),
the information the look added (`step_sd`); a run looks after each saved match, so
`SprtState` takes the information per match the candidate or the baseline played,
s = |elo1 - elo0| / sqrt(V * matches), which depends on the results alone (a resumed run, and the verdict after the run, say
what the run's own looks said).  While the data cannot yet rate the two (no result
between them, no fit), the LLR is 0.  The fit uses the tournament's ``prior_games``
(what its Elo table uses), whose pull on D^ fades as the results grow.

During a run each saved match is read once (`SprtFollower`), and the table is fitted
again over every stored match when the new ones could have moved the LLR to a bound:
while the LLR is further from both than 6 sd's of its steps per match (beyond twice its
drift) could take it, the last fit stands, for at most a quarter more matches
(`SprtTracker`, `quiet_matches`); near a bound, and over the first 200 matches, every
match is a look.  A fit costs time in proportion to the results (2 s at 100,000 conto
deals), so a long run fits every few hundred matches instead of after each.
``benchmarks/sprt.py`` measures the error rates and the families a decision takes, for
each game's rating model with seat luck; ``benchmarks/sprt_update.py`` the cost of an
update at 1,000 to 100,000 matches.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

import engine
from arena.errors import RatingError
from arena.records import SprtTest, StoredMatch
from arena.results.ratings import Observation, fit
from arena.results.store import ResultStore
from arena.results.tables import observations

__all__ = [
    "Decision",
    "Estimate",
    "SprtFollower",
    "SprtState",
    "SprtTest",
    "SprtTracker",
    "bounds",
    "decide",
    "decided_state",
    "difference",
    "llr",
    "sprt_state",
    "step_sd",
    "OVERSHOOT",
    "QUIET_MARGIN",
    "ALWAYS_FIT_BELOW",
    "quiet_matches",
]

#: Siegmund's constant: a Gaussian random walk with steps of sd s, stopped when first
#: seen past a bound, is past it by about OVERSHOOT * s on average (-zeta(1/2) / sqrt(2 pi)).
OVERSHOOT = 0.5826


class Decision(Enum):
    """What the test says so far."""

    H0 = "H0"
    H1 = "H1"
    CONTINUE = "continue"


def bounds(alpha: float, beta: float, step: float = 0.0) -> tuple[float, float]:
    """The LLR's stopping bounds: Wald's (ln(beta / (1 - alpha)), ln((1 - beta) / alpha)),
    each moved in by OVERSHOOT * `step` (the sd of the LLR's step between two looks; at
    most a tenth of the distance between them): see the module docstring."""
    lower, upper = math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)
    shift = min(OVERSHOOT * max(step, 0.0), 0.1 * (upper - lower))
    return lower + shift, upper - shift


def step_sd(elo0: float, elo1: float, sd: float, sd_before: float = math.inf) -> float:
    """The sd of the LLR's step from a look where the estimate's sd was `sd_before` to
    one where it is `sd` (inf: from no data), under the normal model; 0 without an sd."""
    if not (sd > 0.0 and math.isfinite(sd)):
        return 0.0
    information = 1.0 / sd**2 - (1.0 / sd_before**2 if sd_before > 0.0 else 0.0)
    return abs(elo1 - elo0) * math.sqrt(max(information, 0.0))


def decide(value: float, alpha: float, beta: float, step: float = 0.0) -> Decision:
    """H1 at or above the upper bound, H0 at or below the lower one, else continue."""
    lower, upper = bounds(alpha, beta, step)
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


def difference(
    rated: Sequence[Observation], candidate: str, baseline: str, prior_games: float = 2.0
) -> Estimate | None:
    """The table's fit over `rated` (with the table's `prior_games`): candidate's Elo less
    baseline's, with its sd from the table's covariance; None while the fit cannot rate both."""
    families = {
        obs.cluster if obs.cluster is not None else ("row", i)
        for i, obs in enumerate(rated)
        if any(candidate in side or baseline in side for side in obs.sides)
    }
    try:
        table = fit(rated, prior_games=prior_games, likelihood_ratio=False)  # reads elo and covariance only
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
    estimate of the difference (`elo`, `sd`; sd 0 when there is none yet); `step`, the sd
    of the LLR's step per look, moves the bounds in (see the module docstring)."""

    test: SprtTest
    llr: float
    families: int
    elo: float = 0.0
    sd: float = 0.0
    step: float = 0.0

    @property
    def bounds(self) -> tuple[float, float]:
        return bounds(self.test.alpha, self.test.beta, self.step)

    @property
    def decision(self) -> Decision:
        return decide(self.llr, self.test.alpha, self.test.beta, self.step)

    def line(self) -> str:
        """`SPRT candidate vs baseline [elo0, elo1]: LLR 1.23 (-2.94, 2.94), table Elo +12 ± 9 (1 sd), …`."""
        lower, upper = self.bounds
        test = self.test
        estimate = f"table Elo {self.elo:+.0f} ± {self.sd:.0f} (1 sd), " if self.sd else "no table Elo yet, "
        return (
            f"SPRT {test.candidate} vs {test.baseline} [{test.elo0:g}, {test.elo1:g}]: LLR {self.llr:.2f} "
            f"({lower:.2f}, {upper:.2f}), {estimate}"
            f"{self.families} deal famil{'y' if self.families == 1 else 'ies'}"
        )

    def verdict(self) -> str:
        """The decision in words."""
        decision = self.decision
        test = self.test
        rates = (
            f"{self.families} deal families; the table's Elo difference {self.elo:+.0f} ± {self.sd:.0f} (1 sd); "
            f"error rates alpha {test.alpha:g}, beta {test.beta:g}"
        )
        if decision is Decision.H1:
            return (
                f"SPRT decided H1: {test.candidate} is stronger than {test.baseline} by about {test.elo1:g} Elo "
                f"(of the Elo table) or more, not {test.elo0:g} or less (LLR {self.llr:.2f} reached "
                f"{self.bounds[1]:.2f}; {rates})."
            )
        if decision is Decision.H0:
            return (
                f"SPRT decided H0: {test.candidate} is not {test.elo1:g} Elo (of the Elo table) stronger than "
                f"{test.baseline}; about {test.elo0:g} or less (LLR {self.llr:.2f} reached {self.bounds[0]:.2f}; "
                f"{rates})."
            )
        return f"SPRT undecided: {self.line()}."


def _looks(matches: Iterable[StoredMatch], test: SprtTest) -> int:
    """The looks at the test among `matches`: those the candidate or the baseline played
    (a match of other bots barely moves their difference)."""
    return sum(1 for match in matches if test.candidate in match.names or test.baseline in match.names)


def _state(rated: Sequence[Observation], test: SprtTest, looks: int) -> SprtState:
    """The state over `rated`, seen at `looks` looks (one per stored match of the two)."""
    estimate = difference(rated, test.candidate, test.baseline, test.prior_games)
    value = llr(estimate, test.elo0, test.elo1)
    if estimate is None:
        return SprtState(test, value, 0)
    # The information per look, the run's own looks being one per saved match of the two.
    step = step_sd(test.elo0, test.elo1, estimate.sd * math.sqrt(max(looks, 1)))
    return SprtState(test, value, estimate.families, estimate.elo, estimate.sd, step)


#: A refit is put off only while the LLR could not reach a bound without moving this many
#: sd's of its steps (beyond twice its drift): see `quiet_matches`.
QUIET_MARGIN = 6.0
#: Below this many matches every match is a look: a fit is quick there, and the normal
#: approximation of one match's step is rough.
ALWAYS_FIT_BELOW = 200


def quiet_matches(state: SprtState, looks: int) -> int:
    """How many more matches of the two the LLR of `state`, fitted at `looks` of them,
    cannot cross a bound in, within the stated margin: the largest m with

        2 |LLR| m / looks + QUIET_MARGIN * step * sqrt(m) < distance to the nearer bound,

    `step` being the sd of its change per match (`SprtState.step`) and |LLR| / looks its
    drift per match as the information grows; at most looks / 4.  0 (fit at every match) below
    `ALWAYS_FIT_BELOW` matches, without an estimate, or once decided."""
    lower, upper = state.bounds
    distance = min(upper - state.llr, state.llr - lower)
    if looks < ALWAYS_FIT_BELOW or not state.step > 0.0 or distance <= 0.0:
        return 0
    drift = 2.0 * abs(state.llr) / looks
    spread = QUIET_MARGIN * state.step
    if drift > 0.0:
        root = (-spread + math.sqrt(spread**2 + 4.0 * drift * distance)) / (2.0 * drift)
    else:
        root = distance / spread
    # At most a quarter more matches: the information per match is taken as it was so far.
    return max(0, min(math.ceil(root**2) - 1, looks // 4))


class SprtTracker:
    """The test along a stream of matches: `standing(new)` says whether the `new` matches
    seen since the last call could have moved the LLR to a bound (`quiet_matches`); while
    they could not it returns the last state, else None, and the caller gives `refit`
    everything rated so far.  Near a bound every match is a look, as in a run that fits
    after each; far from one, a long run is fitted every few hundred matches (the cost of
    a fit grows with the results: 2 s at 100,000 conto deals)."""

    def __init__(self, test: SprtTest) -> None:
        self.test = test
        self.looks = 0  # the matches of the two seen
        self._state: SprtState | None = None
        self._next_fit = 0  # the fit is due once `looks` reaches this

    def standing(self, new: int) -> SprtState | None:
        """After `new` more matches of the candidate or the baseline: the last state while
        no bound can have been reached (within the margin), else None (a fit is due)."""
        self.looks += new
        return self._state if self._state is not None and self.looks < self._next_fit else None

    def refit(self, rated: Sequence[Observation]) -> SprtState:
        """The test over `rated`, every outcome of the matches seen."""
        self._state = _state(rated, self.test, self.looks)
        self._next_fit = self.looks + 1 + quiet_matches(self._state, self.looks)
        return self._state


class SprtFollower:
    """The test followed along a run: each `update` reads only the matches saved since
    the last one and adds their rated outcomes to those it has (so a long run does not
    read its file again after every match), and fits them when a bound may have been
    reached (`SprtTracker`).  The test's `prior_games` is the tournament's (what its Elo
    table uses)."""

    def __init__(self, game: engine.Game, test: SprtTest) -> None:
        self._game = game
        self._tracker = SprtTracker(test)
        self._mark = 0
        self.seen = 0  # the matches read so far
        self._rated: list[Observation] = []
        self._matches: list[StoredMatch] = []  # kept for bridge's boards only

    def update(self, store: ResultStore) -> SprtState:
        """The test over every match `store` holds now (as last fitted, while the new
        matches cannot have moved it to a bound)."""
        new, self._mark = store.matches_saved_after(self._mark)
        self.seen += len(new)
        by_board = self._game.spec.rate_by == "board"  # a board's outcome needs both its tables
        if by_board:
            self._matches.extend(new)
        else:
            self._rated.extend(observations(new, self._game))
        state = self._tracker.standing(_looks(new, self._tracker.test))
        if state is not None:
            return state
        return self._tracker.refit(observations(self._matches, self._game) if by_board else self._rated)


def decided_state(store: ResultStore, game: engine.Game, test: SprtTest) -> tuple[int, SprtState] | None:
    """Where the file's noted test decided: the number of matches N it first reached a
    bound over (`StoreInfo.sprt_decided`) and the test over those first N in the order
    saved, as the run saw it then; None while `test` (the tournament's, as it is now:
    another one is not this file's decision) has not decided."""
    info = store.info()
    if info.sprt != test or info.sprt_decided is None:
        return None
    first = store.matches_saved_after(0)[0][: info.sprt_decided]
    return info.sprt_decided, _state(observations(first, game), test, _looks(first, test))


def sprt_state(
    matches: Iterable[StoredMatch],
    game: engine.Game,
    candidate: str,
    baseline: str,
    elo0: float,
    elo1: float,
    alpha: float = 0.05,
    beta: float = 0.05,
    prior_games: float = 2.0,
) -> SprtState:
    """The test over `matches` (every stored match of the run; history is not read), with
    the tournament's `prior_games`."""
    stored = list(matches)
    test = SprtTest(candidate, baseline, elo0, elo1, alpha, beta, prior_games)
    return _state(observations(stored, game), test, _looks(stored, test))
