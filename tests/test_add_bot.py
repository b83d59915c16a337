"""Adding a bot to a finished tournament plays only its new tables, no --fresh.

The matches already played keep their keys and deals; the schedule numbers the first
bots' tables first, then those the added bot brings; any other change is still refused;
`--dry-run` counts what is left.

The bots are the random bot's class played in-process (`module = …`) and the command runs
in the test's process: what is checked is the results file's bookkeeping, which does not
depend on how a seat is played, and a process per seat cost most of the time.
"""

import sqlite3

from tests.test_tournament import arena_here, arena_here_ok, write_inprocess_tournament


def bots(count: int) -> dict[str, str]:
    return {f"b{i}": f"--seed={i}" for i in range(count)}


def stored(path) -> dict[str, tuple[int, str]]:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        return {key: (seed, names) for key, seed, names in db.execute("select key, seed, names from matches")}


def test_an_added_bot_plays_only_its_new_tables(tmp_path, capsys):
    path = write_inprocess_tournament(tmp_path, "grow", bots(4), seats=3, deals=1, concurrency=2)
    first = arena_here_ok(capsys, "run", path)
    assert "12 matches played" in first  # 4 tables of 3 at 3 rotations
    before = stored(tmp_path / "grow.sqlite")

    grown = write_inprocess_tournament(tmp_path, "grow", bots(5), seats=3, deals=1, concurrency=2)
    preview = arena_here_ok(capsys, "run", grown, "--dry-run")
    assert "Already in" in preview and "12 of 30 matches" in preview, preview
    second = arena_here_ok(capsys, "run", grown)
    assert "Resuming: 12 of 30 matches" in second, second
    assert "18 matches played" in second
    after = stored(tmp_path / "grow.sqlite")
    assert len(after) == 30
    assert {key: after[key] for key in before} == before  # the same keys, deals and seats
    new = {key: value for key, value in after.items() if key not in before}
    assert all("b4" in names for _, names in new.values())
    assert "b4" in second.split("Elo:")[0]  # rated with the others

    # Once more: a sixth bot grows it again, the earlier generations kept.
    third = arena_here_ok(
        capsys, "run", write_inprocess_tournament(tmp_path, "grow", bots(6), seats=3, deals=1, concurrency=2)
    )
    assert "Resuming: 30 of 60 matches" in third and "30 matches played" in third
    assert {key: stored(tmp_path / "grow.sqlite")[key] for key in after} == after


def test_any_other_change_with_an_added_bot_is_refused(tmp_path, capsys):
    path = write_inprocess_tournament(tmp_path, "mixed", bots(3), seats=3, deals=1)
    arena_here_ok(capsys, "run", path)
    changed = bots(4)
    changed["b0"] = "--seed=99"
    code, _, err = arena_here(capsys, "run", write_inprocess_tournament(tmp_path, "mixed", changed, seats=3, deals=1))
    assert code == 2
    assert "bot 'b3' was added" in err and "bot 'b0' command changed" in err
