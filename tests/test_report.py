"""What the result tables print."""

import engine
from arena.records import CpuUse, Fault, FaultKind, StoredMatch, TimeUse
from arena.results import PUBLIC_DEALS_NOTE, elo_notes, elo_table, observations


def conto_match(key, names, losers, faults=(), time_use=()):
    """A stored 3-player conto match whose deals were lost by `losers` (seats)."""
    deals = tuple(
        engine.DealResult(
            i + 1, tuple(-1.0 if s == loser else 0.0 for s in range(3)), tuple(2 if s == loser else 0 for s in range(3))
        )
        for i, loser in enumerate(losers)
    )
    scores = tuple(sum(d.scores[s] for d in deals) for s in range(3))
    return StoredMatch(
        key, 1, 1, 0, 1, tuple(names), scores, (0, 0, 0), tuple(-x for x in scores), deals, (), tuple(faults), 0.1, "",
        tuple(time_use),
    )  # fmt: skip


def test_the_elo_table_ranks_bots_and_shows_every_column():
    game = engine.load("conto", players=3)
    # "weak" loses 8 hands in 10, the others share the rest.
    matches = [
        conto_match(
            f"m{i}",
            ("strong", "middle", "weak"),
            [2, 2, 2, 2, 1, 2, 2, 2, 0, 2],
            faults=[Fault(2, "weak", FaultKind.TIMEOUT, "no answer", 1)] if i == 0 else [],
            # 20 decisions per seat and match; "weak" thinks 25 ms each, once 400 ms.  CPU:
            # "strong" 5 ms a decision, "middle" is not measured (a remote bot), "weak" 20 ms,
            # 100 ms more in match 0, used while nothing was asked of it.
            time_use=[
                TimeUse(20, 0.2, 0.02, CpuUse(20, 0.1, 0.0)),
                TimeUse(20, 0.1, 0.005),
                TimeUse(
                    20,
                    0.5 + (0.375 if i == 7 else 0),
                    0.4 if i == 7 else 0.025,
                    CpuUse(20, 0.4 + (0.1 if i == 0 else 0), 0.1 if i == 0 else 0),
                ),
            ],  # fmt: skip
        )
        for i in range(30)
    ]
    text, table = elo_table(matches, game)
    lines = text.splitlines()
    assert lines[0].split() == [
        "#", "bot", "Elo", "±95%", "LOS", "next", "deals", "deals", "lost", "%", "ms/decision", "max", "ms", "cpu",
        "ms", "faults",
    ]  # fmt: skip
    rows = [line.split() for line in lines[2:5]]
    assert [row[1] for row in rows] == ["strong", "middle", "weak"] or [row[1] for row in rows] == [
        "middle",
        "strong",
        "weak",
    ]
    weak = rows[2]
    assert weak[5] == "300" and weak[6] == "80.0"  # deals played, deals lost %
    assert weak[7:9] == [f"{(15 + 0.375) * 1000 / 600:.0f}", "400"]  # mean and longest decision, ms
    by_name = {row[1]: row for row in rows}
    assert by_name["middle"][7:9] == ["5.0", "5.0"] and by_name["strong"][7:9] == ["10", "20"]
    # CPU per decision asked: 12,100 ms over 600 decisions; 3,000 over 600; not measured
    assert [weak[9], by_name["strong"][9], by_name["middle"][9]] == ["20", "5.0", "-"]
    assert weak[10:] == ["timeout", "1"]
    assert rows[0][10] == "-"
    assert int(weak[2]) < -100 and weak[4] == "-"  # last row: no LOS to a next bot
    assert table.ratings[-1].name == "weak"
    assert "luce-loser" in lines[-1] and "pool mean" in lines[-1]
    assert abs(sum(r.elo for r in table.ratings)) < 1e-6


def test_an_anchor_fixes_that_bots_elo():
    game = engine.load("conto", players=3)
    matches = [conto_match(f"m{i}", ("a", "b", "c"), [0, 1, 2, 2]) for i in range(10)]
    text, table = elo_table(matches, game, anchor=("c", 1000.0))
    assert next(r for r in table.ratings if r.name == "c").elo == 1000.0
    assert "c = +1000" in text
    assert all(line.split()[7:10] == ["-", "-", "-"] for line in text.splitlines()[2:5]), "no time was recorded"


def test_the_notes_under_the_table_say_what_the_table_cannot():
    used = [TimeUse(1, 0.1, 0.1, CpuUse(1, 2.0, 1.5)), TimeUse(1, 0.1, 0.1, CpuUse(1, 0.1, 0.0)), TimeUse(1, 0.1, 0.1)]
    matches = [conto_match("m1", ("spinner", "calm", "remote"), [0], time_use=used)]
    assert elo_notes(matches, False, ()) == [
        "CPU used while nothing was asked of them, charged to their clocks: spinner 1.5 s."
    ]
    unsandboxed = ("Bot remote ran outside the sandbox.",)
    calm = [conto_match("m1", ("a", "b", "c"), [0])]
    assert elo_notes(calm, True, unsandboxed) == [PUBLIC_DEALS_NOTE, *unsandboxed]
    assert elo_notes(calm, False, ()) == []
    # Two of a schedule's four matches: the table says it is partial, and how uneven.
    part = [*calm, conto_match("m2", ("a", "b", "d"), [1])]
    assert elo_notes(part, False, (), scheduled=4) == [
        "Partial: 2 of the schedule's 4 matches are played (each bot in 1 to 2 of them), so the bots have not yet "
        "met the same tables and opponents as often: the ratings lean on whom each has met so far."
    ]
    assert elo_notes(part, False, (), scheduled=2) == []


def test_no_results_yet_says_so():
    text, table = elo_table([], engine.load("conto", players=3))
    assert table is None and text.startswith("No ratings yet")


def test_invido_is_rated_per_match_conto_per_deal():
    conto = engine.load("conto", players=3)
    match = conto_match("m", ("a", "b", "c"), [0, 1, 2, 2])
    assert len(observations([match], conto)) == 4
    invido = engine.load("invido")
    two = StoredMatch("m", 1, 1, 0, 1, ("a", "b"), (24.0, 10.0), (0, 1), (24.0, 10.0), match.deals, (), (), 0.1, "")
    [only] = observations([two], invido)
    assert only.sides == (("a",), ("b",)) and only.ranks == (0, 1)
