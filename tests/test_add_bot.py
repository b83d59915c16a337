"""Adding a bot to a finished tournament plays only its new tables, no --fresh.

The matches already played keep their keys and deals; the schedule numbers the first
bots' tables first, then those the added bot brings; any other change is still refused;
`--dry-run` counts what is left.
"""

import sqlite3

from tests.test_tournament import arena, arena_here, write_tournament

RANDOM = ["python", "bots/random_bot.py"]


def bots(count: int) -> dict[str, list[str]]:
    return {f"b{i}": [*RANDOM, f"--seed={i}"] for i in range(count)}


def stored(path) -> dict[str, tuple[int, str]]:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        return {key: (seed, names) for key, seed, names in db.execute("select key, seed, names from matches")}


def test_an_added_bot_plays_only_its_new_tables(tmp_path):
    path = write_tournament(tmp_path, "grow", bots(4), seats=3, deals=1, concurrency=2)
    first = arena("run", path)
    assert "12 matches played" in first.stdout  # 4 tables of 3 at 3 rotations
    before = stored(tmp_path / "grow.sqlite")

    grown = write_tournament(tmp_path, "grow", bots(5), seats=3, deals=1, concurrency=2)
    preview = arena("run", grown, "--dry-run")
    assert "Already in" in preview.stdout and "12 of 30 matches" in preview.stdout, preview.stdout
    second = arena("run", grown)
    assert "Resuming: 12 of 30 matches" in second.stdout, second.stdout
    assert "18 matches played" in second.stdout
    after = stored(tmp_path / "grow.sqlite")
    assert len(after) == 30
    assert {key: after[key] for key in before} == before  # the same keys, deals and seats
    new = {key: value for key, value in after.items() if key not in before}
    assert all("b4" in names for _, names in new.values())
    assert "b4" in second.stdout.split("Elo:")[0]  # rated with the others

    # Once more: a sixth bot grows it again, the earlier generations kept.
    third = arena("run", write_tournament(tmp_path, "grow", bots(6), seats=3, deals=1, concurrency=2))
    assert "Resuming: 30 of 60 matches" in third.stdout and "30 matches played" in third.stdout
    assert {key: stored(tmp_path / "grow.sqlite")[key] for key in after} == after


def test_any_other_change_with_an_added_bot_is_refused(tmp_path, capsys):
    path = write_tournament(tmp_path, "mixed", bots(3), seats=3, deals=1)
    arena("run", path)
    changed = bots(4)
    changed["b0"] = [*RANDOM, "--seed=99"]
    code, _, err = arena_here(capsys, "run", write_tournament(tmp_path, "mixed", changed, seats=3, deals=1))
    assert code == 2
    assert "bot 'b3' was added" in err and "bot 'b0' command changed" in err
