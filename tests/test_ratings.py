"""Behaviour of the batch Elo fit: recovery of known ratings, invariances, intervals, errors."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arena.results.ratings import Observation, Rating, RatingError, RatingTable, fit

C = math.log(10.0) / 400.0  # natural units per Elo point
NAMES = ("ada", "bea", "cid", "dan", "eva", "fay")


# ---------------------------------------------------------------- synthetic tournaments


def _centred(true: np.ndarray) -> np.ndarray:
    return true - true.mean()


def bt_games(rng: np.random.Generator, true, games: int, drawelo: float) -> list[Observation]:
    """Two-player games under BayesElo's drawelo model."""
    n = len(true)
    obs = []
    for _ in range(games):
        a, b = rng.choice(n, 2, replace=False)
        x = C * (true[a] - true[b])
        p_a = 1.0 / (1.0 + math.exp(-(x - C * drawelo)))
        p_b = 1.0 / (1.0 + math.exp(-(-x - C * drawelo)))
        r = rng.random()
        ranks = (0, 1) if r < p_a else (1, 0) if r < p_a + p_b else (0, 0)
        obs.append(Observation(((NAMES[a],), (NAMES[b],)), ranks))
    return obs


def luce_hands(rng: np.random.Generator, true, hands: int, seats: int, replace=False) -> list[Observation]:
    """Il Conto hands: one loser drawn with weight 10**(-R/400), everyone else ties first."""
    n = len(true)
    obs = []
    for _ in range(hands):
        table = rng.choice(n, seats, replace=replace)
        w = np.exp(-C * true[table])
        loser = rng.choice(seats, p=w / w.sum())
        obs.append(Observation(tuple((NAMES[i],) for i in table), tuple(int(j == loser) for j in range(seats))))
    return obs


def pl_deals(rng: np.random.Generator, true, deals: int, seats: int, tie_places=()) -> list[Observation]:
    """Full Plackett-Luce finishing orders (Gumbel trick); places in tie_places are
    reported as tied with the place before them (the order exists but is not seen)."""
    n = len(true)
    obs = []
    for _ in range(deals):
        table = rng.choice(n, seats, replace=False)
        score = C * true[table] + rng.gumbel(size=seats)
        place = np.empty(seats, dtype=int)
        place[np.argsort(-score)] = np.arange(seats)
        shown = [p - sum(1 for t in tie_places if t <= p) for p in place]
        obs.append(Observation(tuple((NAMES[i],) for i in table), tuple(int(r) for r in shown)))
    return obs


def pair_games(rng: np.random.Generator, true, games: int, drawelo: float) -> list[Observation]:
    """2 v 2 partnerships from random seatings; a team's rating is the sum of its members'."""
    n = len(true)
    obs = []
    for _ in range(games):
        a, b, c, d = rng.choice(n, 4, replace=False)
        x = C * (true[a] + true[b] - true[c] - true[d])
        p_1 = 1.0 / (1.0 + math.exp(-(x - C * drawelo)))
        p_2 = 1.0 / (1.0 + math.exp(-(-x - C * drawelo)))
        r = rng.random()
        ranks = (0, 1) if r < p_1 else (1, 0) if r < p_1 + p_2 else (0, 0)
        obs.append(Observation(((NAMES[a], NAMES[b]), (NAMES[c], NAMES[d])), ranks))
    return obs


def elos(table: RatingTable) -> dict[str, float]:
    return {r.name: r.elo for r in table.ratings}


def by_name(table: RatingTable) -> dict[str, Rating]:
    return {r.name: r for r in table.ratings}


def assert_recovers(table: RatingTable, true, sds: float = 3.0) -> None:
    centred = _centred(np.asarray(true, dtype=float))
    got = by_name(table)
    for i, name in enumerate(NAMES[: len(true)]):
        r = got[name]
        assert abs(r.elo - centred[i]) <= sds * r.sd, (name, r.elo, centred[i], r.sd)
        assert r.low < r.elo < r.high


TRUE6 = np.array([-180.0, -90.0, -20.0, 40.0, 110.0, 250.0])


# ---------------------------------------------------------------- recovery per model


def test_recovers_two_player_ratings_and_drawelo():
    rng = np.random.default_rng(11)
    table = fit(bt_games(rng, TRUE6, 3000, drawelo=120.0))
    assert table.model == "bradley-terry-draws"
    assert_recovers(table, TRUE6)
    assert table.draw_elo == pytest.approx(120.0, abs=20.0)


def test_recovers_luce_loser_ratings_at_four_seat_tables():
    rng = np.random.default_rng(12)
    table = fit(luce_hands(rng, TRUE6, 3000, seats=4))
    assert table.model == "luce-loser"
    assert table.draw_elo is None
    assert_recovers(table, TRUE6)


def test_recovers_luce_loser_with_copies_of_a_bot_at_one_table():
    # three bots, four seats: some bot always sits twice and its variable appears twice
    true = np.array([-120.0, 0.0, 150.0])
    rng = np.random.default_rng(13)
    table = fit(luce_hands(rng, true, 3000, seats=4, replace=True))
    assert_recovers(table, true)


def test_recovers_plackett_luce_full_orders():
    rng = np.random.default_rng(14)
    table = fit(pl_deals(rng, TRUE6, 2000, seats=4))
    assert table.model == "plackett-luce"
    assert_recovers(table, TRUE6)


def test_ties_are_read_as_an_unseen_order_so_hidden_orders_still_recover_the_ratings():
    # the middle two places of each deal are reported tied; summing over both orders
    # is the exact likelihood of such coarsened data, so the fit stays unbiased
    rng = np.random.default_rng(15)
    obs = pl_deals(rng, TRUE6, 2500, seats=4, tie_places=(2,))
    assert {o.ranks.count(1) for o in obs} == {2}
    table = fit(obs)
    assert_recovers(table, TRUE6)


def test_recovers_partnership_members_from_team_results():
    rng = np.random.default_rng(16)
    table = fit(pair_games(rng, TRUE6, 4000, drawelo=80.0))
    assert table.model == "bradley-terry-draws"
    assert_recovers(table, TRUE6)
    assert table.draw_elo == pytest.approx(80.0, abs=20.0)


def test_mixed_input_uses_each_observation_own_model():
    rng = np.random.default_rng(17)
    obs = bt_games(rng, TRUE6, 800, drawelo=100.0) + luce_hands(rng, TRUE6, 800, seats=4)
    table = fit(obs)
    assert table.model == "bradley-terry-draws+luce-loser"
    assert table.draw_elo is not None
    assert_recovers(table, TRUE6)


# ---------------------------------------------------------------- invariances and symmetry


def _shuffled_and_reseated(obs: list[Observation], seed: int) -> list[Observation]:
    rng = np.random.default_rng(seed)
    out = []
    for i in rng.permutation(len(obs)):
        o = obs[i]
        perm = rng.permutation(len(o.sides))
        sides = tuple(tuple(reversed(o.sides[j])) for j in perm)
        out.append(Observation(sides, tuple(o.ranks[j] for j in perm), o.weight))
    return out


def test_shuffling_observations_and_seats_gives_the_identical_table():
    rng = np.random.default_rng(21)
    obs = bt_games(rng, TRUE6, 300, 100.0) + pl_deals(rng, TRUE6, 300, 4, (2,)) + pair_games(rng, TRUE6, 200, 50.0)
    assert fit(_shuffled_and_reseated(obs, 1)) == fit(obs)


def test_aggregated_weights_equal_repeated_observations():
    sides = (("ada",), ("bea",), ("cid",))
    repeated = [Observation(sides, (0, 0, 1))] * 3 + [Observation(sides, (1, 0, 0))] * 2
    weighted = [Observation(sides, (0, 0, 1), weight=3), Observation(sides, (1, 0, 0), weight=2.0)]
    assert fit(repeated) == fit(weighted)


@settings(max_examples=25, deadline=None)
@given(
    results=st.lists(
        st.tuples(st.sampled_from(NAMES[:4]), st.sampled_from(NAMES[:4]), st.sampled_from([(0, 1), (1, 0), (0, 0)])),
        min_size=1,
        max_size=30,
    ),
    seed=st.integers(0, 2**32 - 1),
)
def test_any_record_is_order_free_and_los_is_complementary(results, seed):
    obs = [Observation(((a,), (b,)), r) for a, b, r in results]
    if all(a == b for a, b, _ in results):
        with pytest.raises(RatingError):
            fit(obs)
        return
    table = fit(obs)
    assert fit(_shuffled_and_reseated(obs, seed % 1000)) == table
    names = [r.name for r in table.ratings]
    for a in names:
        for b in names:
            assert table.los_between(a, b) + table.los_between(b, a) == 1.0
    # Centred on the bots the data rate (issue 40: a rating the prior sets moves no other).
    centre = table.design.centred_on or names
    assert sum(r.elo for r in table.ratings if r.name in centre) == pytest.approx(0.0, abs=1e-7)


def test_fifty_fifty_record_gives_equal_ratings():
    a_b = (("ada",), ("bea",))
    obs = [Observation(a_b, (0, 1), 7), Observation(a_b, (1, 0), 7), Observation(a_b, (0, 0), 4)]
    r = by_name(fit(obs))
    assert r["ada"].elo == pytest.approx(0.0, abs=1e-9)
    assert r["bea"].elo == pytest.approx(0.0, abs=1e-9)


def test_prior_zero_is_the_plain_maximum_likelihood_estimate():
    # 30 wins to 10 losses, no draws: the MLE gap is 400 * log10(30 / 10), and the sd
    # of each centred rating is half the sd of the gap, 1 / sqrt(N p (1 - p)).
    a_b = (("ada",), ("bea",))
    obs = [Observation(a_b, (0, 1), 30), Observation(a_b, (1, 0), 10)]
    table = fit(obs, prior_games=0)
    r = by_name(table)
    assert r["ada"].elo - r["bea"].elo == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert r["ada"].sd == pytest.approx(0.5 / math.sqrt(40 * 0.75 * 0.25) / C, rel=1e-6)
    assert table.draw_elo == 0.0
    # Issue 40: the default prior enters only a rating the data only bound; these data
    # rate both bots, so the default fit is the maximum-likelihood one, unshrunk.
    default = by_name(fit(obs))
    assert default["ada"].elo - default["bea"].elo == pytest.approx(400 * math.log10(3), abs=1e-6)


def test_one_sided_record_gives_a_large_but_finite_gap_thanks_to_the_prior():
    obs = [Observation((("ada",), ("bea",)), (0, 1), 20)]
    r = by_name(fit(obs))
    gap = r["ada"].elo - r["bea"].elo
    assert 300 < gap < 2000
    assert math.isfinite(r["ada"].high)
    with pytest.raises(RatingError, match="prior_games > 0"):
        fit(obs, prior_games=0)


def test_undefeated_conto_player_stays_finite():
    sides = (("ada",), ("bea",), ("cid",), ("dan",))
    obs = [
        Observation(sides, (0, 0, 0, 1), 10),
        Observation(sides, (0, 0, 1, 0), 10),
        Observation(sides, (0, 1, 0, 0), 10),
    ]
    r = by_name(fit(obs))
    assert r["ada"].elo == max(x.elo for x in r.values())
    assert math.isfinite(r["ada"].elo) and r["ada"].sd < 1000


def test_self_play_carries_no_information_and_is_skipped():
    rng = np.random.default_rng(22)
    obs = bt_games(rng, TRUE6, 200, 100.0)
    noise = [Observation((("ada",), ("ada",)), (0, 1), 5), Observation((("bea",),) * 3, (0, 0, 1))]
    assert fit(obs + noise) == fit(obs)


def test_a_tie_among_all_sides_counts_as_played_but_moves_nothing():
    sides = (("ada",), ("bea",), ("cid",))
    base = [Observation(sides, (0, 1, 2), 3), Observation(sides, (2, 1, 0), 1)]
    with_tie = fit(base + [Observation(sides, (0, 0, 0), 5)])
    without = fit(base)
    assert elos(with_tie) == pytest.approx(elos(without), abs=1e-9)
    assert by_name(with_tie)["ada"].observations == 9.0


# ---------------------------------------------------------------- intervals, anchor, LOS


def test_covariance_is_that_of_centred_ratings():
    rng = np.random.default_rng(23)
    table = fit(luce_hands(rng, TRUE6, 500, seats=4))
    cov = np.array(table.covariance)
    assert sum(r.elo for r in table.ratings) == pytest.approx(0.0, abs=1e-9)
    assert np.allclose(cov.sum(axis=1), 0.0, atol=1e-8)  # the mean is fixed, so it has no variance
    assert [r.sd for r in table.ratings] == pytest.approx(np.sqrt(np.diag(cov)).tolist())
    for r in table.ratings:
        assert r.low == pytest.approx(r.elo - 1.96 * r.sd, rel=1e-4)
        assert r.high == pytest.approx(r.elo + 1.96 * r.sd, rel=1e-4)
        assert r.observations > 0


def test_anchor_sits_exactly_at_its_value_and_keeps_the_differences():
    rng = np.random.default_rng(24)
    obs = bt_games(rng, TRUE6, 600, 100.0)
    free = fit(obs)
    anchored = fit(obs, anchor=("cid", 1500.0))
    a = by_name(anchored)
    assert a["cid"].elo == 1500.0
    assert a["cid"].sd == 0.0 and a["cid"].low == a["cid"].high == 1500.0
    f = by_name(free)
    for name in NAMES:
        assert a[name].elo - 1500.0 == pytest.approx(f[name].elo - f["cid"].elo, abs=1e-9)
        assert anchored.los_between(name, "ada") == pytest.approx(free.los_between(name, "ada"), abs=1e-12)
    # relative to the anchor, a bot's sd is the sd of its difference from the anchor
    cov = {
        (x.name, y.name): free.covariance[i][j] for i, x in enumerate(free.ratings) for j, y in enumerate(free.ratings)
    }
    expected = math.sqrt(cov["fay", "fay"] + cov["cid", "cid"] - 2 * cov["fay", "cid"])
    assert a["fay"].sd == pytest.approx(expected)


def test_los_for_equal_and_clearly_different_neighbours():
    pair = lambda a, b: (((a,), (b,)))  # noqa: E731
    obs = [
        Observation(pair("ada", "bea"), (0, 1), 10),
        Observation(pair("ada", "bea"), (1, 0), 10),
        Observation(pair("ada", "cid"), (1, 0), 10),
        Observation(pair("ada", "cid"), (0, 1), 10),
        Observation(pair("bea", "cid"), (0, 0), 10),
        Observation(pair("dan", "ada"), (0, 1), 40),
        Observation(pair("dan", "bea"), (0, 1), 40),
        Observation(pair("dan", "cid"), (0, 1), 38),
        Observation(pair("dan", "cid"), (1, 0), 2),
    ]
    table = fit(obs)
    assert table.ratings[0].name == "dan"
    assert table.los[0] > 0.999
    assert table.los[0] == table.los_between("dan", table.ratings[1].name)
    assert table.los_between("ada", "bea") == pytest.approx(0.5, abs=0.01)
    assert table.los_between("dan", "cid") + table.los_between("cid", "dan") == 1.0
    assert table.los[-1] is None and len(table.los) == 4
    assert all(0.5 <= p <= 1.0 for p in table.los[:-1])


def test_nominal_95_percent_intervals_cover_the_truth():
    # 100 small Conto tournaments (5 bots, 4 seats, 150 hands): the intervals must cover
    # the true centred rating in at least 88 % of bot-replicates (nominal 95 %).
    true = np.array([-150.0, -60.0, 0.0, 70.0, 140.0])
    centred = _centred(true)
    rng = np.random.default_rng(25)
    covered = total = 0
    for _ in range(100):
        table = fit(luce_hands(rng, true, 150, seats=4))
        for r in table.ratings:
            covered += r.low <= centred[NAMES.index(r.name)] <= r.high
            total += 1
    assert covered / total >= 0.88


# ---------------------------------------------------------------- errors


def test_no_observations():
    with pytest.raises(RatingError, match="no observations"):
        fit([])


def test_anchor_not_among_the_bots_names_the_bots():
    obs = [Observation((("ada",), ("bea",)), (0, 1))]
    with pytest.raises(RatingError, match=r"anchor bot 'zed' is not among the rated bots; the bots are: ada, bea\."):
        fit(obs, anchor=("zed", 1500.0))


def test_ranks_length_must_match_sides():
    with pytest.raises(RatingError, match="2 sides but 3 ranks"):
        Observation((("ada",), ("bea",)), (0, 1, 2))


def test_malformed_observations_are_rejected_with_sentences():
    with pytest.raises(RatingError, match=r"write \('ada',\)"):
        Observation(("ada", ("bea",)), (0, 1))
    with pytest.raises(RatingError, match="at least two sides"):
        Observation((("ada",),), (0,))
    with pytest.raises(RatingError, match="positive"):
        Observation((("ada",), ("bea",)), (0, 1), weight=0)
    with pytest.raises(RatingError, match="non-negative integers"):
        Observation((("ada",), ("bea",)), (0, -1))
    assert issubclass(RatingError, ValueError)


def test_only_self_play_and_bad_arguments():
    with pytest.raises(RatingError, match="nothing to rate"):
        fit([Observation((("ada",), ("ada",)), (0, 1))])
    obs = [Observation((("ada",), ("bea",)), (0, 1))]
    with pytest.raises(RatingError, match="prior_games"):
        fit(obs, prior_games=-1)
    with pytest.raises(RatingError, match="no bot named 'zed'"):
        fit(obs).los_between("ada", "zed")


def test_lists_are_accepted_and_stored_as_tuples():
    o = Observation([["ada"], ["bea", "cid"]], [1, 0])
    assert o.sides == (("ada",), ("bea", "cid")) and o.ranks == (1, 0)
    hash(o)


def test_a_group_that_always_lost_to_the_rest_is_rated_with_the_prior_on_every_bot():
    """No bot is one-sided (each won and lost), but bea and dan never beat ada or cid: no
    maximum-likelihood estimate exists, so the prior enters every rating (found by
    hypothesis: the fit raised 'do not determine' instead)."""
    results = [("ada", "bea", (0, 1)), ("bea", "dan", (0, 1)), ("cid", "ada", (0, 1))]
    results += [("cid", "ada", (1, 0)), ("dan", "bea", (0, 1))]
    table = fit([Observation([(a,), (b,)], ranks) for a, b, ranks in results])
    elo = {r.name: r.elo for r in table.ratings}
    assert set(table.design.prior_on) == {"ada", "bea", "cid", "dan"}
    assert min(elo["ada"], elo["cid"]) > max(elo["bea"], elo["dan"])


def test_a_flagged_bot_keeps_the_priors_spread_under_the_sandwich():
    """A bot that never lost, in enough families for the cluster-robust interval: its
    rating is the prior's, so its sd and its LOS over the next come from the curvature
    with the prior (about 200 Elo here), not from the data's spread (about 20)."""
    rng = random.Random(3)
    results = []
    for family in range(12):
        for turn in range(4):
            seated = ["a", "b", "c", "d"][turn:] + ["a", "b", "c", "d"][:turn]
            ranks = [0] * 5
            ranks[rng.randrange(4)] = 1
            results.append(Observation([(s,) for s in seated] + [("top",)], tuple(ranks), cluster=family))
    table = fit(results)
    assert table.design.families > 0, "the sandwich was used"
    top, second = table.ratings[0], table.ratings[1]
    assert top.name == "top" and "top" in table.design.one_sided
    assert top.sd > 150
    assert table.los_between("top", second.name) < 0.995
