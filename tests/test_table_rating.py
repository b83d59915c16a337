"""`arena table` and `arena report` rate as the run did: the tournament file's anchor and prior."""

from arena.report import Ratings
from arena.results import ResultStore
from tests.test_tournament import arena_here, table_lines, write_inprocess_tournament

#: The random bot's class in-process, three seeds: the ratings of a file do not depend on
#: how its seats were played.
BOTS = {"random": "--seed=1", "pivot": "--seed=2", "random-b": "--seed=9"}


def footer(output: str) -> str:
    return next(line for line in output.splitlines() if line.startswith("Elo:"))


def test_the_table_of_a_results_file_uses_its_runs_anchor_and_prior_unless_told_otherwise(tmp_path, capsys):
    path = write_inprocess_tournament(
        tmp_path, "anchored", BOTS, seats=3, deals=2, seed=3, anchor="pivot", anchor_elo=100
    )
    path.write_text(path.read_text().replace("anchor_elo = 100", "anchor_elo = 100\nprior_games = 0.5"))
    code, run, err = arena_here(capsys, "run", path)
    assert code == 0, err
    assert "centred on pivot = +100, with a prior of 0.5 virtual draws" in footer(run)

    code, table, _ = arena_here(capsys, "table", tmp_path / "anchored.sqlite")
    assert code == 0
    assert table_lines(table) == table_lines(run) and footer(table) == footer(run)
    pivot = next(row for row in table_lines(table) if " pivot " in row)
    assert " +100 " in f" {pivot} "

    code, told, _ = arena_here(
        capsys, "table", tmp_path / "anchored.sqlite", "--anchor", "random", "--prior-games", "1"
    )
    assert code == 0
    assert "centred on random = +0, with a prior of 1 virtual draws" in footer(told)

    # The anchor is no part of the setup: a rerun with another resumes (nothing to play)
    # and from then on the file's tables use the new one.
    path.write_text(path.read_text().replace('anchor = "pivot"', 'anchor = "random-b"'))
    code, rerun, err = arena_here(capsys, "run", path)
    assert code == 0, err
    assert "centred on random-b = +100" in footer(rerun)
    code, table, _ = arena_here(capsys, "table", tmp_path / "anchored.sqlite")
    assert "centred on random-b = +100, with a prior of 0.5" in footer(table)

    with ResultStore.open_readonly(tmp_path / "anchored.sqlite") as store:
        info = store.info()
    assert Ratings().of(info) == (("random-b", 100.0), 0.5)
    assert Ratings(("pivot", 0.0), 0.0).of(info) == (("pivot", 0.0), 0.0)
