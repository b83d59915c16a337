"""A bot the data rate thinly (fewer than 5 results one way) is printed with its profile
likelihood-ratio interval, asymmetric about its Elo (issue 40: a bot at +900 that lost
twice in 400 deals was 220 Elo low, and its symmetric Wald interval never reached the
truth).  The ends are checked against the likelihood computed here independently."""

import math

import numpy as np
import pytest
from scipy.optimize import brentq, minimize

from arena.results.ratings import Observation, Rating, fit, plus_minus

C = math.log(10.0) / 400.0
CHI2_95 = 1.959963984540054**2
TABLE = ("top", "bea", "cid", "dan")


def by_name(observations: list[Observation], **options) -> dict[str, Rating]:
    return {rating.name: rating for rating in fit(observations, **options).ratings}


def binomial_ends(wins: int, losses: int) -> tuple[float, float]:
    """The likelihood-ratio interval of a's centred Elo (half the gap) after `wins` and
    `losses` against b: the binomial's, on the logistic scale."""
    games = wins + losses

    def drop(p: float) -> float:
        top = wins * math.log(wins / games) + losses * math.log(losses / games)
        return 2.0 * (top - wins * math.log(p) - losses * math.log(1.0 - p)) - CHI2_95

    share = wins / games
    ends = brentq(drop, 1e-9, share - 1e-12), brentq(drop, share + 1e-12, 1.0 - 1e-12)
    return tuple(math.log(p / (1.0 - p)) / C / 2.0 for p in ends)


def test_a_bot_that_lost_twice_gets_the_likelihood_ratio_interval():
    games = [Observation((("a",), ("b",)), (0, 1), 38), Observation((("a",), ("b",)), (1, 0), 2)]
    a = by_name(games)["a"]
    low, high = binomial_ends(38, 2)
    assert (a.low, a.high) == (pytest.approx(low, abs=0.05), pytest.approx(high, abs=0.05))
    assert a.high - a.elo > 1.4 * (a.elo - a.low), "longer on the side the two losses leave open"
    assert plus_minus(a) == f"+{a.high - a.elo:.0f}/-{a.elo - a.low:.0f}" == "+158/-103"


def test_the_sprt_s_fit_skips_the_profile_and_keeps_the_estimate():
    """`fit(likelihood_ratio=False)`, the SPRT's refits: the same Elo and covariance,
    the Wald interval, no profile computed."""
    games = [Observation((("a",), ("b",)), (0, 1), 38), Observation((("a",), ("b",)), (1, 0), 2)]
    full, quick = fit(games), fit(games, likelihood_ratio=False)
    assert full.design.likelihood_ratio and not quick.design.likelihood_ratio
    assert [r.elo for r in quick.ratings] == [r.elo for r in full.ratings]
    assert np.array_equal(np.asarray(quick.covariance), np.asarray(full.covariance))
    a = {rating.name: rating for rating in quick.ratings}["a"]
    assert (a.low, a.high) == (
        pytest.approx(a.elo - 1.96 * a.sd, rel=1e-4),
        pytest.approx(a.elo + 1.96 * a.sd, rel=1e-4),
    )


def test_five_results_each_way_keep_the_symmetric_interval():
    games = [Observation((("a",), ("b",)), (0, 1), 35), Observation((("a",), ("b",)), (1, 0), 5)]
    table = fit(games)
    assert table.design.likelihood_ratio == {}
    for rating in table.ratings:
        assert (rating.low, rating.high) == (
            pytest.approx(rating.elo - 1.96 * rating.sd, rel=1e-4),
            pytest.approx(rating.elo + 1.96 * rating.sd, rel=1e-4),
        )
        assert plus_minus(rating) == f"{1.959963984540054 * rating.sd:.0f}"


def _conto(losers: list[int]) -> list[Observation]:
    """Deals at one table of four, rotating the seats; `losers` names each deal's loser
    by its index in TABLE."""
    out = []
    for deal, loser in enumerate(losers):
        seated = TABLE[deal % 4 :] + TABLE[: deal % 4]
        out.append(Observation(tuple((bot,) for bot in seated), tuple(int(bot == TABLE[loser]) for bot in seated)))
    return out


def _luce_profile_ends(losers: list[int]) -> tuple[float, float]:
    """top's centred Elo interval from the Luce "who loses" likelihood, by brute force:
    top's rating above the others' mean held, their differences refitted (scipy)."""
    lost = np.bincount(losers, minlength=4)

    def log_likelihood(ratings: np.ndarray) -> float:  # every deal seats all four
        return float(lost @ (-C * ratings) - len(losers) * np.log(np.exp(-C * ratings).sum()))

    def profile(above: float) -> float:
        def negative(free: np.ndarray) -> float:
            others = np.append(free, -free.sum())
            return -log_likelihood(np.append(above, others))

        return -float(minimize(negative, np.zeros(2), method="BFGS", options={"gtol": 1e-10}).fun)

    best = minimize(lambda above: -profile(float(above[0])), np.array([500.0]), method="Nelder-Mead")
    estimate, top = float(best.x[0]), -float(best.fun)

    def excess(above: float) -> float:
        return 2.0 * (top - profile(above)) - CHI2_95

    ends = brentq(excess, estimate - 2000, estimate), brentq(excess, estimate, estimate + 2000)
    return tuple(end * 3 / 4 for end in ends)  # centred on all four: 3/4 of the gap to the others


def test_the_other_ratings_are_refitted_at_each_end():
    losers = [0 if deal in (9, 33) else 1 + deal % 3 for deal in range(60)]
    top = by_name(_conto(losers))["top"]
    low, high = _luce_profile_ends(losers)
    assert (top.low, top.high) == (pytest.approx(low, abs=0.5), pytest.approx(high, abs=0.5))
    assert top.high - top.elo > top.elo - top.low


def test_a_bot_that_won_rarely_has_the_long_side_below():
    losers = [3 if deal % 20 else deal // 20 for deal in range(60)]  # dan lost 57 of 60
    dan = by_name(_conto(losers))["dan"]
    assert dan.elo - dan.low > dan.high - dan.elo


def test_relative_to_an_anchor():
    games = [Observation((("a",), ("b",)), (0, 1), 38), Observation((("a",), ("b",)), (1, 0), 2)]
    a = by_name(games, anchor=("b", 0.0))["a"]
    low, high = binomial_ends(38, 2)
    assert (a.low, a.high) == (pytest.approx(2 * low, abs=0.1), pytest.approx(2 * high, abs=0.1))


def test_the_column_text_reads_at_a_glance():
    assert plus_minus(Rating("a", 100.0, 25.2, 174.8, 38.2, 40.0)) == "75"
    assert plus_minus(Rating("a", 500.0, 350.0, 740.0, 70.0, 40.0)) == "+240/-150"
    assert plus_minus(Rating("a", 500.0, 350.0, math.inf, 70.0, 40.0)) == "+inf/-150"
