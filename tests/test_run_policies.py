"""The SPRT stop is a policy of the run, usable from Python (arena.run.policies): a library
caller of `run_tournament` with `SprtStop` sees the run stop once the test decides, as
`arena run` does with a [sprt] table (test_sprt.py), without the command line."""

from dataclasses import replace
from pathlib import Path

import trio

import engine
from arena.cli._run_end import report_end
from arena.config import TournamentConfig, load_tournament
from arena.results import ResultStore
from arena.results.sprt import Decision, SprtFollower, SprtState, decided_state, sprt_state
from arena.run import RunSummary, SprtStop, plan_tournament, run_tournament
from arena.run.progress import Progress
from tests.test_tournament import ROOT


def _sprt_tournament(tmp_path: Path) -> Path:
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
command = ["python", "{ROOT / "bots" / "conto_honest.py"}"]

[[bot]]
name = "first"
command = ["python", "{ROOT / "tests" / "fixtures" / "bots" / "first_action.py"}"]

[sprt]
candidate = "honest"
baseline = "first"
elo0 = 0
elo1 = 100
"""
    )
    return path


def test_a_library_run_with_an_sprt_policy_stops_when_the_test_decides(tmp_path, monkeypatch, capsys):
    config = load_tournament(_sprt_tournament(tmp_path))
    assert config.sprt is not None
    lines: list[str] = []
    sprt = SprtStop(config.sprt, on_line=lines.append)
    summary = trio.run(_run, config, sprt)
    assert sprt.decided is not None and sprt.decided.decision is Decision.H1 and sprt.should_stop()
    assert summary.scheduled == 60 and 0 < summary.played < 60
    assert "SPRT decided H1: no new match is started; the matches under way finish and are saved." in lines
    # No match starts once the test has decided: only the one under way beside the deciding
    # match (concurrency 2) may still be saved, each save a test line.
    after = lines[
        lines.index("SPRT decided H1: no new match is started; the matches under way finish and are saved.") :
    ]
    assert sum(line.startswith("SPRT honest vs first") for line in after) <= 1
    with ResultStore.open_readonly(config.results) as store:
        stored = list(store.matches(history=False))
    assert len(stored) == summary.played
    whole = sprt_state(stored, engine.load("conto", players=3), "honest", "first", 0, 100)
    assert [line for line in lines if line.startswith("SPRT honest vs first")][-1] == whole.line()

    # Where it decided is noted in the file: the first N matches saved, N the deciding
    # match's or the one under way beside it.
    game = engine.load("conto", players=3)
    with ResultStore.open_readonly(config.results) as store:
        decided = decided_state(store, game, config.sprt)
    assert decided is not None and summary.played - 1 <= decided[0] <= summary.played
    assert decided[1].decision is Decision.H1 and decided[1].llr == sprt.decided.llr

    # A resumed run reads the decision from the file before its first match and plays nothing.
    said: list[str] = []
    again = SprtStop(config.sprt, on_line=said.append)
    assert trio.run(_run, config, again).played == 0
    assert again.should_stop() and f"(after the first {decided[0]} matches saved)" in said[0]

    # The run's end says the decision where it was made, and, when the matches under way
    # then have moved the LLR back inside the bounds, that it stands.
    back = replace(sprt_state(stored, game, "honest", "first", 0, 100), llr=0.0)
    monkeypatch.setattr("arena.cli._run_end.sprt_state", lambda *args, **keys: back)
    with ResultStore.open(config.results, config) as store:
        plan = plan_tournament(config, store.completed_keys(), store.deal_secret, store.bot_generations)
        report_end(config, store, plan, None, False)
    out = capsys.readouterr().out
    assert "SPRT decided H1: honest is stronger than first" in out
    assert f"It decided over the first {decided[0]} matches saved." in out
    assert "leave the LLR at 0.00" in out and "the decision stands" in out
    assert "SPRT undecided" not in out


def test_the_decision_stands_when_the_matches_under_way_move_the_llr_back(tmp_path, monkeypatch):
    config = load_tournament(_sprt_tournament(tmp_path))
    assert config.sprt is not None
    decides = SprtState(config.sprt, llr=9.0, families=10)
    back = SprtState(config.sprt, llr=0.0, families=11)
    states = iter([SprtState(config.sprt, llr=0.0, families=0), decides, back])
    monkeypatch.setattr(SprtFollower, "update", lambda self, store: next(states))
    policy = SprtStop(config.sprt, on_line=lambda line: None)
    with ResultStore.open(config.results, config) as store:
        policy.start(plan_tournament(config, frozenset(), store.deal_secret, ()), store)
        assert not policy.should_stop()
        progress = Progress(60, 0)
        progress.done = 1
        policy.after(progress)
        assert policy.should_stop() and policy.decided is decides
        progress.done = 2  # the match under way, saved after the decision
        policy.after(progress)
        assert policy.state is back and policy.should_stop() and policy.decided is decides
        assert store.info().sprt_decided == 0  # the follower's count of matches read: none here


async def _run(config: TournamentConfig, policy: SprtStop) -> RunSummary:
    """`run_tournament` of `config` as a library caller runs it, the SPRT `policy` its only one."""
    store = ResultStore.open(config.results, config)
    try:
        plan = plan_tournament(config, store.completed_keys(), store.deal_secret, store.bot_generations)
        return await run_tournament(plan, store, policies=[policy])
    finally:
        store.close()
