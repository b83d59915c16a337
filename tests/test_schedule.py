"""The round-robin schedule: tables, duplicate rotations, copies, rounds, seeds."""

import textwrap
from collections import Counter
from itertools import combinations

from arena.config import load_tournament
from arena.run import build_schedule


def config(tmp_path, bots, seats, rounds=1, duplicate=True):
    path = tmp_path / "t.toml"
    entries = "".join(f'\n[[bot]]\nname = "{b}"\ncommand = ["python", "bots/random_bot.py"]\n' for b in bots)
    path.write_text(
        textwrap.dedent(f"""
        [tournament]
        name = "t"
        game = "conto"
        seats = {seats}
        rounds = {rounds}
        duplicate = {"true" if duplicate else "false"}
        seed = 3
    """)
        + entries
    )
    return load_tournament(path)


def test_every_k_subset_plays_each_deal_in_every_rotation(tmp_path):
    bots = ["a", "b", "c", "d", "e"]
    schedule = build_schedule(config(tmp_path, bots, seats=4))
    assert len(schedule) == 5 * 4  # C(5,4) tables x 4 rotations
    tables = Counter(frozenset(m.names) for m in schedule)
    assert set(tables) == {frozenset(t) for t in combinations(bots, 4)}
    for table in {m.table for m in schedule}:
        matches = [m for m in schedule if m.table == table]
        assert len({m.seed for m in matches}) == 1, "one table, one set of deals"
        # Every bot sits in every seat once: the luck of each hand is shared.
        for seat in range(4):
            assert sorted(m.names[seat] for m in matches) == sorted(matches[0].names)
    assert len({m.seed for m in schedule}) == 5, "each table has its own deals"
    assert len({m.key for m in schedule}) == len(schedule)


def test_fewer_bots_than_seats_fill_the_table_with_copies(tmp_path):
    schedule = build_schedule(config(tmp_path, ["a", "b"], seats=4))
    assert len(schedule) == 4
    assert all(sorted(m.names) == ["a", "a", "b", "b"] for m in schedule)


def test_rounds_repeat_on_new_deals_and_duplicate_can_be_off(tmp_path):
    schedule = build_schedule(config(tmp_path, ["a", "b", "c"], seats=3, rounds=2, duplicate=False))
    assert len(schedule) == 2
    assert schedule[0].seed != schedule[1].seed
    assert schedule[0].names == schedule[1].names == ("a", "b", "c")


def test_the_same_file_gives_the_same_schedule(tmp_path):
    first = build_schedule(config(tmp_path, ["a", "b", "c", "d"], seats=3))
    second = build_schedule(config(tmp_path, ["a", "b", "c", "d"], seats=3))
    assert first == second
