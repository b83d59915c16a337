"""The SPRT rates with the tournament's own prior (`prior_games` in [tournament]), the one
its Elo table uses: the run's test lines, and the verdict after the run, both use it."""

from pathlib import Path

import trio

import engine
from arena.config import load_tournament
from arena.results import ResultStore
from arena.results.sprt import sprt_state
from arena.run import SprtStop
from tests.test_run_policies import _run, _sprt_tournament


def test_the_sprt_uses_the_files_prior_games(tmp_path: Path):
    path = _sprt_tournament(tmp_path)
    path.write_text(path.read_text().replace("seed = 5\n", "seed = 5\nprior_games = 30\n"))
    config = load_tournament(path)
    assert config.sprt is not None and config.prior_games == 30
    lines: list[str] = []
    trio.run(_run, config, SprtStop(config.sprt, on_line=lines.append))
    with ResultStore.open_readonly(config.results) as store:
        stored = list(store.matches(history=False))
    conto = engine.load("conto", players=3)
    files = sprt_state(stored, conto, "honest", "first", 0, 100, prior_games=30)
    default = sprt_state(stored, conto, "honest", "first", 0, 100)
    # The honest bot never loses to first_action here: only the prior keeps it finite, so
    # the two priors print different tests, and the run printed the file's.
    assert files.line() != default.line()
    assert [line for line in lines if line.startswith("SPRT honest vs first")][-1] == files.line()
