"""The SPRT (`arena.results.sprt`): its LLR by hand, its stopping, the [sprt] table, a run it stops."""

import math
import sys
from pathlib import Path

import pytest

import engine
from arena.config import ConfigError, load_tournament
from arena.records import SprtTest
from arena.results import ResultStore
from arena.results.ratings import Observation, fit
from arena.results.sprt import OVERSHOOT, Decision, SprtState, bounds, decide, difference, llr, sprt_state, step_sd

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_tournament import ARENA, ROOT, arena, arena_here, tournament_file  # noqa: E402

assert ARENA and ROOT


def test_bounds():
    assert bounds(0.05, 0.05) == pytest.approx((math.log(0.05 / 0.95), math.log(0.95 / 0.05)))
    assert bounds(0.05, 0.05)[1] == pytest.approx(2.944, abs=1e-3)


def test_the_bounds_move_in_by_the_overshoot_of_a_step():
    # Siegmund: seen at steps of sd s, the LLR stops as if watched continuously at bounds
    # 0.5826 s further out, so the test stops 0.5826 s inside Wald's bounds.
    lower, upper = bounds(0.05, 0.05)
    assert bounds(0.05, 0.05, step=0.3) == pytest.approx((lower + OVERSHOOT * 0.3, upper - OVERSHOOT * 0.3))
    assert OVERSHOOT == pytest.approx(0.5826, abs=1e-4)
    # A step as large as the bounds breaks the correction's premise: a tenth of their distance at most.
    assert bounds(0.05, 0.05, step=100.0) == pytest.approx((0.9 * lower + 0.1 * upper, 0.1 * lower + 0.9 * upper))
    assert decide(2.8, 0.05, 0.05) is Decision.CONTINUE
    assert decide(2.8, 0.05, 0.05, step=0.5) is Decision.H1
    assert decide(-2.8, 0.05, 0.05, step=0.5) is Decision.H0
    # The state's bounds and decision use its step.
    state = SprtState(SprtTest("c", "b", 0, 20, 0.05, 0.05), 2.8, 40, 12.3, 4.1, step=0.5)
    assert state.bounds == bounds(0.05, 0.05, 0.5) and state.decision is Decision.H1


def test_the_llrs_step_is_the_information_a_look_added():
    # LLR = (elo1 - elo0) / V * (D - mid): its step between looks has variance
    # (elo1 - elo0)^2 * (1/V - 1/V_before) under the normal model.
    assert step_sd(0, 20, sd=10.0, sd_before=20.0) == pytest.approx(20 * math.sqrt(1 / 100 - 1 / 400))
    assert step_sd(0, 20, sd=10.0) == pytest.approx(2.0)  # from no data
    assert step_sd(-5, 5, sd=10.0) == pytest.approx(1.0)
    assert step_sd(0, 20, sd=0.0) == 0.0 and step_sd(0, 20, sd=math.inf) == 0.0


def conto_deals(losses: dict[str, int]) -> list[Observation]:
    """Il Conto deals of 4 bots at one table: `losses[name]` deals lost by each, one family each."""
    bots = (("c",), ("b",), ("x",), ("y",))
    out = []
    for name, count in losses.items():
        for _ in range(count):
            out.append(Observation(bots, tuple(int(side == (name,)) for side in bots), cluster=len(out)))
    return out


def test_the_hypotheses_are_on_the_elo_tables_scale():
    # Issue 40: the test is about the difference the Elo table prints, not the pairwise
    # score through the logistic curve (in conto, +20 table Elo is about +10 pairwise).
    rated = conto_deals({"c": 40, "b": 60, "x": 50, "y": 50})
    table = fit(rated)
    elo = {r.name: r.elo for r in table.ratings}
    estimate = difference(rated, "c", "b")
    assert estimate is not None and estimate.families == 200
    assert estimate.elo == pytest.approx(elo["c"] - elo["b"], abs=1e-9)
    assert estimate.elo > 0
    assert estimate.sd**2 == pytest.approx(_variance(table, "c", "b"), rel=1e-9)
    # The normal GSPRT by hand: (elo1 - elo0) / V * (D - (elo0 + elo1) / 2).
    hand = 20 / estimate.sd**2 * (estimate.elo - 10)
    assert llr(estimate, 0, 20) == pytest.approx(hand, rel=1e-12)
    assert llr(None, 0, 20) == 0.0


def _variance(table, a: str, b: str) -> float:
    names = [r.name for r in table.ratings]
    i, j = names.index(a), names.index(b)
    cov = table.covariance
    return cov[i][i] + cov[j][j] - 2 * cov[i][j]


def test_stopping_on_prepared_results():
    strong = conto_deals({"c": 20, "b": 80, "x": 50, "y": 50})
    weak = conto_deals({"c": 80, "b": 20, "x": 50, "y": 50})
    short = conto_deals({"c": 2, "b": 3, "x": 2, "y": 3})
    assert decide(llr(difference(strong, "c", "b"), 0, 50), 0.05, 0.05) is Decision.H1
    assert decide(llr(difference(weak, "c", "b"), 0, 50), 0.05, 0.05) is Decision.H0
    assert decide(llr(difference(short, "c", "b"), 0, 50), 0.05, 0.05) is Decision.CONTINUE
    # Results that do not rate the two: no estimate, LLR 0, the test goes on.
    assert difference([Observation((("x",), ("y",)), (0, 1))], "c", "b") is None
    # Stricter error rates need more evidence.
    value = llr(difference(strong, "c", "b"), 0, 50)
    assert value >= bounds(0.05, 0.05)[1] and bounds(0.01, 0.01)[1] > bounds(0.05, 0.05)[1]


def test_the_line_names_the_tables_elo():
    state = SprtState(SprtTest("c", "b", 0, 20, 0.05, 0.05), 1.234, 40, 12.3, 9.1)
    assert state.line() == ("SPRT c vs b [0, 20]: LLR 1.23 (-2.94, 2.94), table Elo +12 ± 9 (1 sd), 40 deal families")
    assert SprtState(SprtTest("c", "b", 0, 20, 0.05, 0.05), 0.0, 0).line() == (
        "SPRT c vs b [0, 20]: LLR 0.00 (-2.94, 2.94), no table Elo yet, 0 deal families"
    )


SPRT_OK = '\n[sprt]\ncandidate = "first"\nbaseline = "random"\nelo0 = 0\nelo1 = 10\n'


def sprt_problems(tmp_path, table: str) -> list[str]:
    path = tournament_file(tmp_path, "t")
    path.write_text(path.read_text() + table)
    with pytest.raises(ConfigError) as caught:
        load_tournament(path)
    return [f"{p.key}: {p.message}" for p in caught.value.problems]


def test_sprt_config(tmp_path):
    path = tournament_file(tmp_path, "t")
    path.write_text(path.read_text() + SPRT_OK)
    sprt = load_tournament(path).sprt
    assert sprt is not None
    assert (sprt.candidate, sprt.baseline, sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta) == (
        "first",
        "random",
        0.0,
        10.0,
        0.05,
        0.05,
    )
    assert load_tournament(tournament_file(tmp_path, "u")).sprt is None


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        (SPRT_OK.replace('"first"', '"frist"'), "sprt.candidate: the candidate 'frist' is not one of the bots."),
        (SPRT_OK.replace('"random"', '"first"'), "sprt.baseline: the baseline must be another bot"),
        (SPRT_OK.replace("elo1 = 10", "elo1 = -5"), "sprt.elo1: elo1 must be greater than elo0"),
        (SPRT_OK.replace("elo1 = 10", 'elo1 = "ten"'), "sprt.elo1: expected a number"),
        (SPRT_OK.replace("elo1 = 10\n", ""), "sprt.elo1: the required key 'elo1' is missing"),
        (SPRT_OK + "alpha = 0\n", "sprt.alpha: must be above 0 and below 1"),
        (SPRT_OK + "beta = 1.5\n", "sprt.beta: must be from 0 to 1"),
        (SPRT_OK + "alpha = 0.6\nbeta = 0.5\n", "sprt.beta: alpha + beta must be below 1"),
        (SPRT_OK + "elo = 3\n", "sprt.elo: unknown key"),
    ],
)
def test_sprt_config_errors(tmp_path, table, expected):
    found = sprt_problems(tmp_path, table)
    assert any(line.startswith(expected) for line in found), found


def test_sprt_must_be_a_table(tmp_path):
    path = tournament_file(tmp_path, "t")
    path.write_text("sprt = 3\n" + path.read_text())
    with pytest.raises(ConfigError) as caught:
        load_tournament(path)
    assert [f"{p.key}: {p.message}" for p in caught.value.problems] == [
        "sprt: expected the table [sprt], found an integer (3)."
    ]


def test_sprt_config_error_exits_2(tmp_path, capsys):
    path = tournament_file(tmp_path, "t")
    path.write_text(path.read_text() + SPRT_OK.replace("elo1 = 10", "elo1 = -5"))
    code, out, err = arena_here(capsys, "run", path)
    assert code == 2
    assert "sprt.elo1" in err + out


@pytest.mark.parametrize("workers", ["1", "2"])
def test_run_stops_when_the_test_decides(tmp_path, workers):
    # honest against random in 3 seats: the honest bot is clearly the stronger.  Both are
    # played in-process: the test's decision and what the run does then do not depend on
    # how a seat is played (a process per seat cost most of the time).  The random player
    # draws from what it is shown, not from the match id (which mixes in the fresh file's
    # secret), so every run plays the same 60 matches and only the order they are saved in
    # varies: over these deals honest is +138 table Elo, and the test decides H1 after 12 or
    # 13 matches in the order of the schedule, and in every one of 2,000 shuffled orders by
    # the 33rd.  (bots.random_bot played other moves in each run: the run then ended H0 in 1
    # of 180, an SPRT's error where the truth, +126 over 600 matches, is near elo1, and
    # took up to 58 of the 60 matches to decide.)
    path = tmp_path / "s.toml"
    path.write_text(
        f"""
[tournament]
name = "s"
game = "conto"
seats = 3
deals = 4
rounds = 20
seed = 5
public_deals = true
concurrency = 2
move_time = 2.0
results = "{tmp_path / "s.sqlite"}"
logs = "{tmp_path / "logs"}"

[[bot]]
name = "honest"
module = "bots.conto_honest:HonestBot"

[[bot]]
name = "random"
module = "tests.replayable_random_bot:ReplayableRandomBot"

[sprt]
candidate = "honest"
baseline = "random"
elo0 = 0
elo1 = 100
"""
    )
    out = arena("run", path, "--workers", workers).stdout
    assert "SPRT honest vs random [0, 100]: LLR " in out
    assert "(-2.94, 2.94)" in out
    assert "SPRT decided H1: no new match is started" in out
    assert "SPRT decided H1: honest is stronger than random" in out
    saved = int(out.split("The test stopped the run: ")[1].split(" of ")[0])
    assert saved < 60
    # No match starts once the test has decided: only the one under way beside the
    # deciding match (concurrency 2) may still be saved, each save printing a test line.
    after = out.split("SPRT decided H1: no new match is started")[1]
    assert after.count("SPRT honest vs random [0, 100]: LLR ") <= 1
    # The file keeps the test, so the report drawn later knows its hypotheses.
    with ResultStore.open_readonly(tmp_path / "s.sqlite") as store:
        assert store.info().sprt == SprtTest("honest", "random", 0.0, 100.0, 0.05, 0.05, 2.0)
    # The run read each saved match once (SprtFollower), and its last line is the test
    # over the whole file.
    with ResultStore.open_readonly(tmp_path / "s.sqlite") as store:
        whole = sprt_state(store.matches(history=False), engine.load("conto", players=3), "honest", "random", 0, 100)
        every, mark = store.matches_saved_after(0)
        assert sorted(m.key for m in every) == sorted(m.key for m in store.matches(history=False))
        assert len(every) == saved and store.matches_saved_after(mark) == ([], mark)
    assert [line for line in out.splitlines() if line.startswith("SPRT honest vs random")][-1] == whole.line()
    # A resumed run reads the decision from the file and plays nothing.
    again = arena("run", path).stdout
    assert "0 matches played" in again
    assert f"The test stopped the run: {saved} of 60 matches" in again


def test_results_file_keeps_the_test_until_a_run_without_one(tmp_path):
    config = load_tournament(tournament_file(tmp_path, "t"))
    test = SprtTest("a", "b", -5.0, 15.0, 0.1, 0.05, 3.0)
    with ResultStore.open(config.results, config) as store:
        assert store.info().sprt is None
        store.note_sprt(test)
    with ResultStore.open_readonly(config.results) as store:
        assert store.info().sprt == test
    with ResultStore.open(config.results, config) as store:
        store.note_sprt(None)
        assert store.info().sprt is None
