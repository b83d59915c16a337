"""The lines under the Elo table, read aloud as a user reads them: one case of each kind
(issue 40: one number where the arithmetic gave two, the board's "(each against the
other table)" once, what the prior entered and what the table is centred on, why the
intervals fell back to the inverse Hessian, which intervals are likelihood-ratio ones
and why)."""

import sys
from pathlib import Path

from arena.results.notes import elo_notes
from arena.results.ratings import Observation, fit
from arena.results.ratings.design import FAMILIES_PER_UNIT

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_explain import matches_of  # noqa: E402

TABLE = (("ada",), ("bea",), ("cid",), ("dan",))
TAIL = "; LOS next = likelihood of superiority over the bot below."
WHY_LIKELIHOOD_RATIO = (
    "with fewer than 5 results one way the likelihood can be lopsided where Elo ± a half-width is symmetric, so "
    "each end is the Elo the results reject at 5%, the other ratings refitted"
)
NO_PRIOR_NEEDED = (
    "with a prior of 2 virtual draws per bot against the pool mean, used only for a bot the data only bound "
    "(none here: plain maximum likelihood)"
)


def deals(losers: list[int], families: bool = True) -> list[Observation]:
    """Il Conto deals at one table of four: the seat that lost each, one deal family each."""
    return [
        Observation(TABLE, tuple(int(seat == loser) for seat in range(4)), cluster=i if families else None)
        for i, loser in enumerate(losers)
    ]


def test_cluster_robust_intervals():
    assert fit(deals([0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 1, 2] * 3)).footer() == [
        f"Elo: luce-loser fit over all deals, centred on the pool mean, {NO_PRIOR_NEEDED}; ±95% cluster-robust "
        "over 36 deal families (one deal at all its rotations; each bot played in at least 36 of them, and the ± "
        "uses Student's t with 35 degrees of freedom; duplicate deals narrow it as much as they remove luck)" + TAIL
    ]


def test_a_bot_that_lost_twice_has_a_likelihood_ratio_interval():
    table = fit(deals([0 if deal in (9, 33) else 1 + deal % 3 for deal in range(60)]))
    assert table.footer() == [
        f"Elo: luce-loser fit over all deals, centred on the pool mean, {NO_PRIOR_NEEDED}; ±95% cluster-robust "
        "over 60 deal families (one deal at all its rotations; each bot played in at least 60 of them, and the ± "
        "uses Student's t with 59 degrees of freedom; duplicate deals narrow it as much as they remove luck)" + TAIL,
        "The 95% interval of ada (finished behind another bot in only 2 of its 60 deals) is the likelihood-ratio "
        f"one: {WHY_LIKELIHOOD_RATIO}, scaled to the cluster-robust spread.",
    ]


def test_too_few_families_says_why_it_fell_back():
    assert FAMILIES_PER_UNIT == 5
    assert fit(deals([0, 1, 2, 3])).footer() == [
        f"Elo: luce-loser fit over all deals, centred on the pool mean, {NO_PRIOR_NEEDED}; ±95% from the inverse "
        "Hessian, which counts every deal as independent: the cluster-robust interval needs each bot in 5 deal "
        "families, and one played in only 4 (play more rounds)" + TAIL,
        "The 95% intervals of ada (finished behind another bot in only 1 of its 4 deals), bea (finished behind "
        "another bot in only 1 of its 4 deals), cid (finished behind another bot in only 1 of its 4 deals) and dan "
        f"(finished behind another bot in only 1 of its 4 deals) are likelihood-ratio ones: {WHY_LIKELIHOOD_RATIO}.",
    ]
    # One family more, and the switch: Student's t on one degree of freedom fewer.
    assert (
        "±95% cluster-robust over 5 deal families (one deal at all its rotations; each bot played in at least 5 of "
        "them, and the ± uses Student's t with 4 degrees of freedom"
    ) in fit(deals([0, 1, 2, 3, 1])).footer()[0]


def test_no_families_and_an_anchor():
    table = fit(deals([0, 1, 2, 3, 1, 2, 3, 0, 2], families=False), anchor=("ada", 100))
    assert table.footer("match", ("ada", 100)) == [
        f"Elo: luce-loser fit over all matches, centred on ada = +100, {NO_PRIOR_NEEDED}; ±95% from the inverse "
        "Hessian" + TAIL,
        "The 95% intervals of bea (finished behind another bot in only 2 of its 9 matches), cid (finished behind "
        "another bot in only 3 of its 9 matches) and dan (finished behind another bot in only 2 of its 9 matches) "
        f"are likelihood-ratio ones: {WHY_LIKELIHOOD_RATIO}.",
    ]


def test_a_bot_that_never_lost():
    assert fit(deals([1, 2, 3] * 6 + [1, 2])).footer() == [
        "Elo: luce-loser fit over all deals, centred on the mean of the bots the data rate (ada left out), with a "
        "prior of 2 virtual draws per bot against the pool mean, used only for ada, which the data only bound (the "
        "other ratings are plain maximum likelihood); ±95% cluster-robust over 20 deal families (one deal at all "
        "its rotations; each bot played in at least 20 of them, and the ± uses Student's t with 19 degrees of "
        "freedom; duplicate deals narrow it as much as they remove luck)" + TAIL,
        "ada never finished behind another bot in its 20 deals: the data bound its rating only from below, and "
        "its Elo is where the prior puts it (the table is centred on the other bots); no interval is shown, and "
        "its LOS values are not to be trusted. It needs a result the other way before it can be rated: after 20 "
        "deals all one way, the chance of the other result is below 14% at 95% confidence, and even at that "
        "chance one takes about 7 more deals on average to come.",
    ]


def test_a_bot_seated_twice_has_both_its_counts_in_the_notes():
    """ada holds two of the four seats: the notes count the deals it played in (the fit's
    unit) and say what the table's column counts, one per seat it held."""
    twice = (("ada",), ("bea",), ("ada",), ("cid",))
    notes = fit([Observation(twice, tuple(int(seat == loser) for seat in range(4))) for loser in [1, 3] * 10]).footer()
    assert notes[1] == (
        "ada never finished behind another bot in its 20 deals, 40 in the table, which counts one per seat it held: "
        "the data bound its rating only from below, and its Elo is where the prior puts it (the table is centred on "
        "the other bots); no interval is shown, and its LOS values are not to be trusted. It needs a result the "
        "other way before it can be rated: after 20 deals all one way, the chance of the other result is below 14% "
        "at 95% confidence, and even at that chance one takes about 7 more deals on average to come."
    )
    lost_once = fit([Observation(twice, tuple(int(seat == loser) for seat in range(4))) for loser in [1, 3] * 10 + [0]])
    assert "ada (finished behind another bot in only 1 of its 21 deals, 42 in the table, which counts one per seat " \
        "it held)" in lost_once.footer()[1]  # fmt: skip


def test_a_bot_that_lost_its_only_match():
    matches = [
        Observation((("a",), ("b",)), (0, 1), 3),
        Observation((("a",), ("b",)), (1, 0), 2),
        Observation((("a",), ("z",)), (0, 1)),
    ]
    lines = fit(matches).footer("match")
    assert lines[1] == (
        "The 95% intervals of a (finished behind another bot in only 2 of its 6 matches) and b (finished ahead of "
        f"another bot in only 2 of its 5 matches) are likelihood-ratio ones: {WHY_LIKELIHOOD_RATIO}."
    )
    assert lines[2] == (
        "z never finished ahead of another bot in its 1 match: the data bound its rating only from above, and its "
        "Elo is where the prior puts it (the table is centred on the other bots); no interval is shown, and its "
        "LOS values are not to be trusted. It needs a result the other way before it can be rated: after 1 match "
        "all one way, the chance of the other result is below 95% at 95% confidence, and even at that chance one "
        "takes about 1 more match on average to come."
    )


def test_boards_say_each_against_the_other_table_once():
    boards = [Observation((("n",), ("s",)), (0, 1) if i % 3 else (1, 0), cluster=(1, 1, i)) for i in range(12)]
    boards += [Observation((("n",), ("w",)), (0, 1), cluster=(1, 2, i)) for i in range(12)]
    boards += [Observation((("s",), ("w",)), (0, 1), cluster=(1, 3, i)) for i in range(12)]
    lines = fit(boards).footer("board")
    assert "\n".join(lines).count("each against the other table") == 1
    assert lines == [
        "Elo: bradley-terry-draws fit over all boards (each against the other table), centred on the mean of the "
        "bots the data rate (w left out), with a prior of 2 virtual draws per bot against the pool mean, used "
        "only for w, which the data only bound (the other ratings are plain maximum likelihood); ±95% "
        "cluster-robust over 36 deal families (a board at its two tables; each pair played in at least 24 of "
        "them, and the ± uses Student's t with 23 degrees of freedom; duplicate deals narrow it as much as they "
        "remove luck)" + TAIL,
        "The 95% interval of n (finished behind another bot in only 4 of its 24 boards) is the likelihood-ratio "
        f"one: {WHY_LIKELIHOOD_RATIO}, scaled to the cluster-robust spread.",
        "w never finished ahead of another bot in its 24 boards: the data bound its rating only from above, and "
        "its Elo is where the prior puts it (the table is centred on the other bots); no interval is shown, and "
        "its LOS values are not to be trusted. It needs a result the other way before it can be rated: after 24 "
        "boards all one way, the chance of the other result is below 12% at 95% confidence, and even at that "
        "chance one takes about 8 more boards on average to come.",
    ]


def test_groups_that_never_met():
    data = [Observation((("a",), ("b",)), (0, 1)), Observation((("b",), ("a",)), (0, 1))] * 3
    data += [Observation((("c",), ("d",)), (0, 1)), Observation((("d",), ("c",)), (0, 1))] * 3
    assert fit(data).footer() == [
        "Elo: bradley-terry-draws fit over all deals, centred on the pool mean, with a prior of 2 virtual draws "
        "per bot against the pool mean, in every rating (the results alone do not determine them); ±95% from the "
        "inverse Hessian" + TAIL,
        "The 95% intervals of a (finished behind another bot in only 3 of its 6 deals), b (finished behind another "
        "bot in only 3 of its 6 deals), c (finished behind another bot in only 3 of its 6 deals) and d (finished "
        f"behind another bot in only 3 of its 6 deals) are likelihood-ratio ones: {WHY_LIKELIHOOD_RATIO}.",
        "These groups of bots never met one another, directly or through common opponents: a, b; c, d. Their "
        "ratings are comparable within a group only; between groups, Elo and LOS rest on the prior alone.",
    ]


def test_no_prior():
    assert (
        fit(deals([0, 1, 2, 3] * 3), prior_games=0)
        .footer()[0]
        .startswith(
            "Elo: luce-loser fit over all deals, centred on the pool mean, with no prior (plain maximum likelihood); "
        )
    )


def test_the_run_notes():
    matches = matches_of("conto")[:5]
    assert elo_notes(matches, True, ["bea ran outside the sandbox."], scheduled=12) == [
        "Partial: 5 of the schedule's 12 matches are played, so the bots have not yet met the same tables and "
        "opponents as often: the ratings lean on whom each has met so far.",
        "Deals were public (public_deals = true): anyone with the tournament file could compute every hand, so "
        "a bot could have known them.",
        "bea ran outside the sandbox.",
    ]
