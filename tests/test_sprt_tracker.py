"""The SPRT along a long run (`SprtTracker`): it fits the table again only when the new
matches could have moved the LLR to a bound, and decides where fitting after every
match decides."""

import random

import pytest

from arena.results.ratings import Observation
from arena.results.sprt import (
    ALWAYS_FIT_BELOW,
    QUIET_MARGIN,
    Decision,
    SprtState,
    SprtTest,
    SprtTracker,
    quiet_matches,
)


def _duel(seed: int, score: float, matches: int) -> list[Observation]:
    """c against b, the seats swapped every match (a family of two), c winning `score` of them."""
    rnd = random.Random(seed)
    out = []
    for i in range(matches):
        c_wins = rnd.random() < score
        sides = (("c",), ("b",)) if i % 2 == 0 else (("b",), ("c",))
        first_wins = c_wins == (i % 2 == 0)
        out.append(Observation(sides, (0, 1) if first_wins else (1, 0), cluster=i // 2))
    return out


def _state(llr: float, step: float) -> SprtState:
    return SprtState(SprtTest("c", "b", 0, 20, 0.05, 0.05), llr, 500, 10.0, 5.0, step)


def test_quiet_matches():
    looks = 10_000
    # Far from both bounds with small steps: a quarter more matches at most.
    assert quiet_matches(_state(0.0, 0.001), looks) == looks // 4
    # The room left, in steps of QUIET_MARGIN sd: (distance / (margin * step))^2 without drift.
    lower, upper = _state(0.0, 0.02).bounds
    assert quiet_matches(_state(0.0, 0.02), looks) == pytest.approx((upper / (QUIET_MARGIN * 0.02)) ** 2, abs=1)
    # Drift towards a bound (the LLR grows with the information) leaves fewer.
    assert quiet_matches(_state(2.0, 0.02), looks) < ((upper - 2.0) / (QUIET_MARGIN * 0.02)) ** 2
    # At a bound, decided, early on, or with no estimate: every match is a look.
    assert quiet_matches(_state(upper - 1e-9, 0.02), looks) == 0
    assert quiet_matches(_state(upper + 1.0, 0.02), looks) == 0
    assert quiet_matches(_state(0.0, 0.02), ALWAYS_FIT_BELOW - 1) == 0
    assert quiet_matches(_state(0.0, 0.0), looks) == 0


def test_the_tracker_decides_where_a_fit_after_every_match_decides():
    rated = _duel(0, 0.56, 900)
    tracker = SprtTracker(SprtTest("c", "b", 0, 40))
    skipped = []
    decided = None
    for count in range(1, len(rated) + 1):
        state = tracker.standing(1)
        if state is None:
            state = tracker.refit(rated[:count])
            # What it fits is the test over everything so far.
            assert state.llr == pytest.approx(_full(rated[:count]).llr, rel=1e-12)
        else:
            skipped.append(count)
        if state.decision is not Decision.CONTINUE:
            decided = (count, state.decision)
            break
    assert decided is not None and decided[1] is Decision.H1
    # It fitted less than every match, and no match it passed over would have decided.
    assert len(skipped) > decided[0] // 3
    assert all(_full(rated[:count]).decision is Decision.CONTINUE for count in skipped)


def _full(rated: list[Observation]) -> SprtState:
    """The test fitted over `rated`, one look per match, as sprt_state does over stored matches."""
    tracker = SprtTracker(SprtTest("c", "b", 0, 40))
    tracker.standing(len(rated))
    return tracker.refit(rated)
