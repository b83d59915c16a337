"""What the rating table may claim: intervals over deal families, copies counted once,
ratings the data only bound, groups that never met, a tolerance that scales.

The cluster-robust (sandwich) covariance is checked against a brute-force bootstrap
over deal families on a fixed data set of duplicate deals with heavy seat luck, where
the plain inverse Hessian is measurably too wide.
"""

import math

import numpy as np
import pytest

import engine
from arena.config import load_tournament
from arena.errors import ConfigError, RatingError
from arena.results.ratings import Observation, fit
from arena.results.ratings.design import FAMILIES_PER_UNIT, t_quantile
from arena.results.tables import elo_table
from tests.test_tournament import tournament_file

C = math.log(10.0) / 400.0
TRUE = np.array([-120.0, -40.0, 40.0, 120.0])
NAMES = tuple(f"bot{i}" for i in range(len(TRUE)))


def duplicate_deals(families: int, seat_luck: float, seed: int) -> list[Observation]:
    """Il Conto-like deals at 4 seats (one loser, Luce), each dealt to the 4 rotations of
    the 4 bots: the cards favour some seats by `seat_luck` Elo (sd), the same at every
    rotation of one deal, so a deal's rotations share its luck."""
    rng = np.random.default_rng(seed)
    out = []
    for family in range(families):
        luck = rng.normal(0.0, seat_luck, 4)
        for rotation in range(4):
            bots = [(seat + rotation) % 4 for seat in range(4)]
            weights = np.exp(-C * (TRUE[bots] + luck))
            loser = rng.choice(4, p=weights / weights.sum())
            sides = tuple((NAMES[bot],) for bot in bots)
            ranks = tuple(int(seat == loser) for seat in range(4))
            out.append(Observation(sides, ranks, cluster=family))
    return out


def test_the_intervals_match_a_bootstrap_over_deal_families():
    data = duplicate_deals(families=150, seat_luck=600.0, seed=7)
    robust = fit(data, prior_games=0)
    plain = fit([Observation(o.sides, o.ranks) for o in data], prior_games=0)
    assert robust.design.families == 150 and plain.design.families == 0
    by_family: dict[object, list[Observation]] = {}
    for obs in data:
        by_family.setdefault(obs.cluster, []).append(obs)
    families = list(by_family.values())
    rng = np.random.default_rng(1)
    draws = []
    for _ in range(300):
        picked = rng.integers(len(families), size=len(families))
        table = fit([obs for i in picked for obs in families[i]], prior_games=0)
        draws.append([next(r.elo for r in table.ratings if r.name == name) for name in NAMES])
    bootstrap = dict(zip(NAMES, np.std(draws, axis=0, ddof=1)))
    for rating in robust.ratings:
        assert rating.sd == pytest.approx(bootstrap[rating.name], rel=0.15), (rating, bootstrap)
    # The seat luck cancels within a family: the inverse Hessian overstates the spread.
    plain_sd = {r.name: r.sd for r in plain.ratings}
    assert all(r.sd < 0.8 * plain_sd[r.name] for r in robust.ratings), (robust.ratings, plain_sd)


def test_copies_of_a_result_in_one_family_count_once():
    """Fewer bots than seats and deterministic bots: some rotations replay exactly. The
    replays, in the deal's family, leave the interval of the distinct results."""
    distinct = duplicate_deals(families=120, seat_luck=0.0, seed=3)
    once = fit(distinct, prior_games=0)
    twice = fit([obs for obs in distinct for _ in range(2)], prior_games=0)
    counted_twice = fit([Observation(o.sides, o.ranks) for o in distinct for _ in range(2)], prior_games=0)
    for a, b, c in zip(once.ratings, twice.ratings, counted_twice.ratings):
        assert a.name == b.name == c.name
        assert b.sd == pytest.approx(a.sd, rel=1e-6)
        assert c.sd == pytest.approx(a.sd / math.sqrt(2), rel=0.1)  # what counting them all would claim


def test_few_families_fall_back_to_the_inverse_hessian():
    # Issue 40: the switch counts the families each rated bot played in (here every bot
    # plays every family), and the note says why it fell back.
    data = duplicate_deals(families=FAMILIES_PER_UNIT - 1, seat_luck=100.0, seed=2)
    table = fit(data)
    assert table.design.families == 0 and table.design.per_unit == FAMILIES_PER_UNIT - 1
    assert table.design.interval_text("deal") == (
        "±95% from the inverse Hessian, which counts every deal as independent: the cluster-robust interval "
        f"needs each bot in {FAMILIES_PER_UNIT} deal families, and one played in only {FAMILIES_PER_UNIT - 1} "
        "(play more rounds)"
    )
    assert fit([Observation(o.sides, o.ranks) for o in data]).design.interval_text("deal") == (
        "±95% from the inverse Hessian"
    )
    enough = fit(duplicate_deals(families=FAMILIES_PER_UNIT, seat_luck=100.0, seed=2))
    assert enough.design.families == FAMILIES_PER_UNIT
    assert (
        f"cluster-robust over {FAMILIES_PER_UNIT} deal families (one deal at all its rotations; each bot played in "
        f"at least {FAMILIES_PER_UNIT} of them, and the ± uses Student's t with {FAMILIES_PER_UNIT - 1} degrees "
        "of freedom" in enough.design.interval_text("deal")
    )


def test_the_switch_counts_families_per_bot():
    """Six bots at four seats: each family holds four of them.  Enough families in all
    but too few for one bot, and the inverse Hessian is used."""
    families = []
    for family in range(3 * FAMILIES_PER_UNIT):
        table = [NAMES[i % 4] for i in range(family, family + 4)] if family % 3 else ["bot0", "bot1", "bot2", "x"]
        for rotation in range(2):
            sides = tuple((table[(seat + rotation) % 4],) for seat in range(4))
            families.append(Observation(sides, tuple(int(seat == family % 4) for seat in range(4)), cluster=family))
    table = fit(families)
    assert table.design.per_unit == FAMILIES_PER_UNIT  # x sat at every third table only
    assert table.design.families == 3 * FAMILIES_PER_UNIT
    fewer = fit([obs for obs in families if obs.cluster != 0])  # x in one family less
    assert fewer.design.per_unit == FAMILIES_PER_UNIT - 1 and fewer.design.families == 0


def test_the_sandwich_needs_more_families_than_parameters():
    """Eight bots at eight seats: each bot in every family, so the families in all are as
    few as per bot, and with no more of them than the fit's seven parameters the
    sandwich cannot give every rating a spread: the inverse Hessian, and the note says
    why."""
    rng = np.random.default_rng(4)
    bots = [f"b{i}" for i in range(8)]

    def families(count: int) -> list[Observation]:
        out = []
        for family in range(count):
            for rotation in range(8):
                sides = tuple((bots[(seat + rotation) % 8],) for seat in range(8))
                loser = int(rng.integers(8))
                out.append(Observation(sides, tuple(int(seat == loser) for seat in range(8)), cluster=family))
        return out

    few = fit(families(7))
    assert few.design.per_unit == 7 >= FAMILIES_PER_UNIT and few.design.families == 0
    assert few.design.interval_text("deal") == (
        "±95% from the inverse Hessian, which counts every deal as independent: the cluster-robust interval "
        "needs more deal families than the fit's 7 parameters, and there were 7 (play more rounds)"
    )
    enough = fit(families(8))
    assert enough.design.families == 8 and enough.design.parameters == 0
    assert all(rating.sd > 0 for rating in enough.ratings)


def test_the_small_sample_widening_is_students_t():
    assert t_quantile(9) == pytest.approx(2.2622, abs=2e-4)
    assert t_quantile(19) == pytest.approx(2.0930, abs=2e-4)
    assert t_quantile(1e9) == pytest.approx(1.96, abs=1e-3)


def test_a_bot_that_lost_every_time_is_flagged_and_shows_no_interval():
    data = [
        Observation((("a",), ("b",), ("loser",)), (0, 0, 1)),
        Observation((("a",), ("b",), ("loser",)), (0, 0, 1)),
        Observation((("a",), ("b",), ("loser",)), (0, 1, 1)),
        Observation((("b",), ("a",), ("loser",)), (0, 1, 1)),
    ] * 5
    table = fit(data)
    assert table.design.one_sided == {"loser": "lost"}
    notes = table.design.notes("deals")
    assert len(notes) == 1 and notes[0].startswith("loser never finished ahead of another bot in its deals")
    assert "where the prior puts it" in notes[0]
    counted = table.design.notes("deals", {rating.name: rating.observations for rating in table.ratings})
    # Issue 40: one number, rounded once (it said "At least 7 more … one takes 6 … on average").
    assert (
        "after 20 deals all one way, the chance of the other result is below 14% at 95% confidence, "
        "and even at that chance one takes about 7 more deals on average to come." in counted[0]
    )
    won = fit(
        [Observation((("champ",), ("x",), ("y",)), (0, 1, 1)), Observation((("champ",), ("x",), ("y",)), (0, 1, 0))]
    )
    assert won.design.one_sided == {"champ": "won", "x": "lost"}  # x was never ahead of anyone


def test_groups_that_never_met_are_named():
    data = [Observation((("a",), ("b",)), (0, 1)), Observation((("b",), ("a",)), (0, 1))] * 3
    data += [Observation((("c",), ("d",)), (0, 1)), Observation((("d",), ("c",)), (0, 1))] * 3
    table = fit(data)
    assert table.design.groups == (("a", "b"), ("c", "d"))
    assert any("never met one another" in note and "a, b; c, d" in note for note in table.design.notes("deals"))
    together = fit([*data, Observation((("a",), ("c",)), (0, 1)), Observation((("c",), ("a",)), (0, 1))])
    assert not together.design.disconnected


def test_a_heavily_weighted_result_is_still_fitted():
    """The stopping tolerance follows the size of the data: a million-fold weight does not
    stall the solver into "the results do not determine the ratings"."""
    light = fit([Observation(o.sides, o.ranks) for o in duplicate_deals(60, 0.0, 5)])
    # Without families: a weight is that many independent results (within a family, a
    # weight counts copies, which add nothing to the family's information).
    heavy = fit([Observation(o.sides, o.ranks, weight=1e6) for o in duplicate_deals(60, 0.0, 5)])
    for a, b in zip(light.ratings, heavy.ratings):
        assert a.name == b.name
    assert heavy.ratings[0].sd < light.ratings[0].sd / 100


@pytest.mark.parametrize(
    ("value", "accepted"), [("0", 0.0), ("4.5", 4.5), ("-1", None), ("2000", None), ('"two"', None)]
)
def test_the_prior_is_a_tournament_key(tmp_path, value, accepted):
    path = tournament_file(tmp_path, "prior")
    path.write_text(path.read_text().replace("concurrency = 2", f"concurrency = 2\nprior_games = {value}"))
    if accepted is None:
        with pytest.raises(ConfigError, match=r"prior_games"):
            load_tournament(path)
    else:
        assert load_tournament(path).prior_games == accepted


def test_the_table_names_its_prior_and_without_one_says_what_cannot_be_rated():
    game = engine.load("conto", players=3)
    one_sided = [Observation((("a",), ("b",), ("c",)), (0, 0, 1)), Observation((("b",), ("a",), ("c",)), (0, 1, 1))]
    assert fit(one_sided, prior_games=2.0).design.prior_games == 2.0
    with pytest.raises(RatingError, match="do not determine the ratings"):
        fit(one_sided, prior_games=0)
    text, table = elo_table([], game, prior_games=0)
    assert table is None and text.startswith("No ratings yet")


def test_the_prior_enters_only_the_ratings_the_data_only_bound():
    """Issue 40: a dominant bot that lost once keeps its maximum-likelihood rating; a bot
    that never lost is left out of the centre, so its prior-set rating moves no other."""
    table = (("a",), ("b",), ("c",), ("champ",))
    deals = [
        Observation(table, (1, 0, 0, 0), 30),
        Observation(table, (0, 1, 0, 0), 40),
        Observation(table, (0, 0, 1, 0), 50),
        Observation(table, (0, 0, 0, 1), 1),
    ]
    lost_once = fit(deals)
    assert lost_once.design.prior_on == () and lost_once.design.centred_on == ()
    plain = fit(deals, prior_games=0)
    assert [r.elo for r in lost_once.ratings] == pytest.approx([r.elo for r in plain.ratings], abs=1e-9)
    assert "used only for a bot the data only bound (none here" in lost_once.design.prior_text(4)
    never = fit(deals[:3])
    assert never.design.one_sided == {"champ": "won"}
    assert never.design.prior_on == ("champ",) and never.design.centred_on == ("a", "b", "c")
    assert sum(r.elo for r in never.ratings if r.name != "champ") == pytest.approx(0.0, abs=1e-9)
    assert never.design.prior_text(4) == (
        "a prior of 2 virtual draws per bot against the pool mean, used only for champ, which the data "
        "only bound (the other ratings are plain maximum likelihood)"
    )
    # Without a prior the bound bot is not rated at all, as before.
    with pytest.raises(RatingError):
        fit(deals[:3], prior_games=0)
