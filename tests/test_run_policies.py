"""The SPRT stop is a policy of the run, usable from Python (arena.run.policies): a library
caller of `run_tournament` with `SprtStop` sees the run stop once the test decides, as
`arena run` does with a [sprt] table (test_sprt.py), without the command line."""

from pathlib import Path

import trio

import engine
from arena.config import TournamentConfig, load_tournament
from arena.results import ResultStore
from arena.results.sprt import Decision, sprt_state
from arena.run import RunSummary, SprtStop, plan_tournament, run_tournament
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


def test_a_library_run_with_an_sprt_policy_stops_when_the_test_decides(tmp_path):
    config = load_tournament(_sprt_tournament(tmp_path))
    assert config.sprt is not None
    lines: list[str] = []
    sprt = SprtStop(config.sprt, on_line=lines.append)
    summary = trio.run(_run, config, sprt)
    assert sprt.state is not None and sprt.state.decision is Decision.H1 and sprt.should_stop()
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

    # A resumed run reads the decision from the file before its first match and plays nothing.
    again = SprtStop(config.sprt, on_line=lambda line: None)
    assert trio.run(_run, config, again).played == 0
    assert again.should_stop()


async def _run(config: TournamentConfig, policy: SprtStop) -> RunSummary:
    """`run_tournament` of `config` as a library caller runs it, the SPRT `policy` its only one."""
    store = ResultStore.open(config.results, config)
    try:
        plan = plan_tournament(config, store.completed_keys(), store.deal_secret, store.bot_generations)
        return await run_tournament(plan, store, policies=[policy])
    finally:
        store.close()
