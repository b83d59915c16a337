"""`format = "gauntlet"`: the named bots play the field, not one another.

The schedule keeps exactly the tables where one unit holds a gauntlet bot (single seats
and partnerships alike); the default gauntlet is the first bot; a run prints and rates
it; a gauntlet is part of the setup (a results file of a round robin is not resumed as
a gauntlet); bad values name the key.
"""

import itertools

import pytest

from arena.config import load_tournament
from arena.errors import ConfigError
from arena.results import ResultStore
from arena.run.schedule import build_schedule
from tests.test_tournament import arena_here, arena_here_ok, write_inprocess_tournament, write_tournament

RANDOM = ["python", "bots/random_bot.py"]


def bots(count: int) -> dict[str, list[str]]:
    return {f"b{i}": [*RANDOM, f"--seed={i}"] for i in range(count)}


def test_a_gauntlet_plays_only_the_tables_of_its_bots_against_the_field(tmp_path):
    path = write_tournament(tmp_path, "g", bots(5), seats=3, deals=1, format="gauntlet")
    path.write_text(path.read_text().replace('format = "gauntlet"', 'format = "gauntlet"\ngauntlet = ["b0", "b1"]'))
    config = load_tournament(path)
    assert config.gauntlet == ("b0", "b1")
    tables = {slot.table: set(slot.names) for slot in build_schedule(config)}
    field = ["b2", "b3", "b4"]
    expected = [{g, *pair} for g in ("b0", "b1") for pair in itertools.combinations(field, 2)]
    assert sorted(map(sorted, tables.values())) == sorted(map(sorted, expected))
    # Duplicate deals: each table at its 3 rotations, each bot in every seat once.
    assert len(build_schedule(config)) == 3 * len(expected)


def test_the_default_gauntlet_is_the_first_bot(tmp_path):
    config = load_tournament(write_tournament(tmp_path, "g", bots(4), seats=3, deals=1, format="gauntlet"))
    assert config.gauntlet == ("b0",)
    tables = {frozenset(slot.names) for slot in build_schedule(config)}
    assert tables == {frozenset({"b0", *pair}) for pair in itertools.combinations(("b1", "b2", "b3"), 2)}


def test_a_bridge_gauntlet_pits_its_partnerships_against_the_others(tmp_path):
    path = tmp_path / "bridge.toml"
    path.write_text(
        '[tournament]\nname = "bridge-g"\ngame = "bridge"\ndeals = 1\nformat = "gauntlet"\n'
        'gauntlet = ["dd"]\n'
        + "".join(
            f'\n[[bot]]\nname = "{name}"\ncommand = ["python", "bots/random_bot.py"]\n' for name in ("dd", "a", "b")
        )
    )
    config = load_tournament(path)
    for slot in build_schedule(config):
        sides = {frozenset(slot.names[seat] for seat in (0, 2)), frozenset(slot.names[seat] for seat in (1, 3))}
        assert frozenset({"dd"}) in sides and len(sides) == 2


def test_a_gauntlet_runs_prints_its_form_and_rates_the_bots(tmp_path, capsys):
    # In-process bots, the command in this process: what a gauntlet plays and prints does
    # not depend on how a seat is played.
    seeds = {f"b{i}": f"--seed={i}" for i in range(4)}
    path = write_inprocess_tournament(tmp_path, "run", seeds, seats=3, deals=2, concurrency=2, format="gauntlet")
    run = arena_here_ok(capsys, "run", path)
    assert "a gauntlet: b0 against the field" in run
    assert "9 matches played" in run  # 3 tables (b0 and two of three) at 3 rotations
    with ResultStore.open_readonly(tmp_path / "run.sqlite") as store:
        assert all("b0" in match.names for match in store.matches())
        assert store.info().setup.gauntlet == ("b0",)


def test_a_round_robin_file_is_not_resumed_as_a_gauntlet(tmp_path, capsys):
    path = write_tournament(tmp_path, "switch", bots(4), seats=3, deals=1)
    # The results file of the round robin, as `arena run` opens it before its first match
    # (a file is refused by its setup, whatever number of matches it holds): no bots played.
    with ResultStore.open(tmp_path / "switch.sqlite", load_tournament(path)) as store:
        assert store.info().setup.gauntlet == ()
    path.write_text(path.read_text().replace('game = "conto"', 'game = "conto"\nformat = "gauntlet"'))
    code, _, err = arena_here(capsys, "run", path)
    assert code == 2
    assert "the format changed from a round robin to a gauntlet of b0" in err, err


@pytest.mark.parametrize(
    ("keys", "said"),
    [
        ({"format": "swiss"}, "unknown format 'swiss'"),
        ({"format": "gauntlet", "gauntlet": '["nobody"]'}, "'nobody' is not one of the bots"),
        (
            {"format": "gauntlet", "gauntlet": '["b0", "b1"]', "seats": 3},
            "the field (the bots not in the gauntlet: b2)",
        ),
        ({"gauntlet": '["b0"]'}, 'gauntlet names the bots of format = "gauntlet"'),
        ({"format": "gauntlet", "gauntlet": "[]"}, "expected a list of bot names"),
    ],
)
def test_bad_gauntlets_name_the_key(tmp_path, keys, said):
    path = write_tournament(tmp_path, "bad", bots(3), deals=1, **{k: v for k, v in keys.items() if k != "gauntlet"})
    if "gauntlet" in keys:
        path.write_text(path.read_text().replace('game = "conto"', f'game = "conto"\ngauntlet = {keys["gauntlet"]}'))
    with pytest.raises(ConfigError) as caught:
        load_tournament(path)
    assert said in str(caught.value), str(caught.value)
    assert "tournament.format" in str(caught.value) or "tournament.gauntlet" in str(caught.value)
