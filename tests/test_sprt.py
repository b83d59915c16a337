"""The SPRT (`arena.results.sprt`): its LLR by hand, its stopping, the [sprt] table, a run it stops."""

import math
import sys
from pathlib import Path

import numpy as np
import pytest

import engine
from arena.config import ConfigError, load_tournament
from arena.results import ResultStore
from arena.results.sprt import Decision, bounds, decide, elo_to_score, llr, sprt_state

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_tournament import ARENA, ROOT, arena, tournament_file  # noqa: E402

assert ARENA and ROOT


def test_bounds_and_score():
    assert bounds(0.05, 0.05) == pytest.approx((math.log(0.05 / 0.95), math.log(0.95 / 0.05)))
    assert bounds(0.05, 0.05)[1] == pytest.approx(2.944, abs=1e-3)
    assert elo_to_score(0) == 0.5
    assert elo_to_score(400) == pytest.approx(10 / 11)


def test_llr_of_wins_and_losses_is_the_binomial_one():
    # Families scoring 0 or 1 only: the estimate with mean s is Bernoulli(s).
    stream = [1, 1, 0, 1, 0, 1, 1]
    s0, s1 = elo_to_score(0), elo_to_score(10)
    hand = 5 * math.log(s1 / s0) + 2 * math.log((1 - s1) / (1 - s0))
    assert llr(stream, 0, 10) == pytest.approx(hand, rel=1e-9)
    assert hand == pytest.approx(0.08345, abs=1e-5)


def test_llr_on_three_values_by_hand():
    # Scores 0, 1/2, 1 with counts 2, 3, 5, plus the regularizing 1e-3 at 0 and at 1:
    # lambda solves sum p (a - s) / (1 + lambda (a - s)) = 0, a quadratic in lambda here.
    counts = {0.0: 2, 0.5: 3, 1.0: 5}
    stream = [a for a, n in counts.items() for _ in range(n)]
    weights = {0.0: 2.001, 0.5: 3.0, 1.0: 5.001}

    def log_q(s):  # ln(1 + lambda (a - s)) per value: ln p - ln q
        x = {a: a - s for a in weights}
        # clear the denominators: sum_a w_a x_a prod_{b != a} (1 + lambda x_b) = 0
        poly = np.zeros(3)
        for a, w in weights.items():
            term = np.array([w * x[a]])
            for b in weights:
                if b != a:
                    term = np.polymul(term, [x[b], 1.0])
            poly = np.polyadd(poly, term)
        low, high = -1 / x[1.0], -1 / x[0.0]
        (lam,) = [r.real for r in np.roots(poly) if abs(r.imag) < 1e-12 and low < r.real < high]
        return {a: math.log(1 + lam * x[a]) for a in weights}

    s0, s1 = elo_to_score(-20), elo_to_score(60)
    q0, q1 = log_q(s0), log_q(s1)
    hand = sum(n * (q0[a] - q1[a]) for a, n in counts.items())
    assert llr(stream, -20, 60) == pytest.approx(hand, rel=1e-9, abs=1e-12)
    assert llr(reversed(stream), -20, 60) == pytest.approx(hand, rel=1e-9)


def test_stopping_on_prepared_streams():
    winning = [1.0, 0.75, 1.0, 0.5, 1.0, 0.75] * 10
    losing = [0.0, 0.25, 0.5, 0.0, 0.25, 0.5] * 10
    short = [1.0, 0.5, 0.75]
    assert decide(llr(winning, 0, 50), 0.05, 0.05) is Decision.H1
    assert decide(llr(losing, 0, 50), 0.05, 0.05) is Decision.H0
    assert decide(llr(short, 0, 50), 0.05, 0.05) is Decision.CONTINUE
    assert decide(llr([], 0, 50), 0.05, 0.05) is Decision.CONTINUE
    # The first point where the winning stream decides is where the LLR first reaches
    # ln(19); stricter error rates need more families.
    first = next(n for n in range(1, 61) if llr(winning[:n], 0, 50) >= bounds(0.05, 0.05)[1])
    strict = next(n for n in range(1, 61) if llr(winning[:n], 0, 50) >= bounds(0.01, 0.01)[1])
    assert 1 < first < strict


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


def test_sprt_config_error_exits_2(tmp_path):
    path = tournament_file(tmp_path, "t")
    path.write_text(path.read_text() + SPRT_OK.replace("elo1 = 10", "elo1 = -5"))
    result = arena("run", path, check=False)
    assert result.returncode == 2
    assert "sprt.elo1" in result.stderr + result.stdout


@pytest.mark.parametrize("workers", ["1", "2"])
def test_run_stops_when_the_test_decides(tmp_path, workers):
    # honest against first_action in 3 seats: the honest bot is clearly the stronger.
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
command = ["python", "bots/conto_honest.py"]

[[bot]]
name = "first"
command = ["python", "tests/fixtures/bots/first_action.py"]

[sprt]
candidate = "honest"
baseline = "first"
elo0 = 0
elo1 = 100
"""
    )
    out = arena("run", path, "--workers", workers).stdout
    assert "SPRT honest vs first [0, 100]: LLR " in out
    assert "(-2.94, 2.94)" in out
    assert "SPRT decided H1: no new match is started" in out
    assert "SPRT decided H1: honest is stronger than first" in out
    saved = int(out.split("The test stopped the run: ")[1].split(" of ")[0])
    assert saved < 60
    # No match starts once the test has decided: only the one under way beside the
    # deciding match (concurrency 2) may still be saved, each save printing a test line.
    after = out.split("SPRT decided H1: no new match is started")[1]
    assert after.count("SPRT honest vs first [0, 100]: LLR ") <= 1
    # The run read each saved match once (SprtFollower), and its last line is the test
    # over the whole file.
    with ResultStore.open_readonly(tmp_path / "s.sqlite") as store:
        whole = sprt_state(store.matches(history=False), engine.load("conto", players=3), "honest", "first", 0, 100)
        every, mark = store.matches_saved_after(0)
        assert sorted(m.key for m in every) == sorted(m.key for m in store.matches(history=False))
        assert len(every) == saved and store.matches_saved_after(mark) == ([], mark)
    assert [line for line in out.splitlines() if line.startswith("SPRT honest vs first")][-1] == whole.line()
    # A resumed run reads the decision from the file and plays nothing.
    again = arena("run", path).stdout
    assert "0 matches played" in again
    assert f"The test stopped the run: {saved} of 60 matches" in again
