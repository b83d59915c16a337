"""A bridge tournament as a user runs it: partnerships (a bot with itself, or two bots
named in `pairs`), two tables per board with the sides swapped, the Elo table per
partnership in IMPs per board, a fault's average-minus, and `pairs` errors."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from arena.config import ConfigError, load_tournament
from arena.run.schedule import build_schedule
from tests.test_tournament import arena, table_lines

RANDOM = '["python", "bots/random_bot.py"]'
# The random bot's class, in the arena's process: where what is checked is the scoring and
# the table, not a seat's process (and its start).
IN_PROCESS = 'module = "bots.random_bot:RandomBot"'


def bridge_file(tmp_path: Path, name: str, bots: dict[str, str], extra: str = "", boards: int = 2) -> Path:
    """`bots`: name -> its command (a TOML list), or the lines of a bot played in-process."""
    blocks = "\n".join(f'[[bot]]\nname = "{bot}"\n{_played_by(how)}\n' for bot, how in bots.items())
    path = tmp_path / f"{name}.toml"
    path.write_text(
        textwrap.dedent(
            f"""\
            [tournament]
            name = "{name}"
            game = "bridge"
            deals = {boards}
            seed = 3
            concurrency = 2
            move_time = 2.0
            results = "{tmp_path / name}.sqlite"
            logs = "{tmp_path / "logs"}"
            {extra}
            """
        )
        + blocks
    )
    return path


def _played_by(how: str) -> str:
    return how if how.startswith("module = ") else f"command = {how}"


def test_each_pair_of_partnerships_meets_at_two_tables_with_the_sides_swapped(tmp_path):
    path = bridge_file(
        tmp_path, "pairs", {"a": RANDOM, "b": RANDOM, "c": RANDOM}, extra='pairs = [["a", "a"], ["b", "c"], ["c", "c"]]'
    )
    schedule = build_schedule(load_tournament(path))
    assert [slot.key for slot in schedule] == [f"r1-t{t}-p{p}" for t in (1, 2, 3) for p in (1, 2)]
    seated = {slot.key: slot.names for slot in schedule}
    # North-South (seats 0 and 2) against East-West (1 and 3); the first of a pair sits North or East.
    assert seated["r1-t1-p1"] == ("a", "b", "a", "c") and seated["r1-t1-p2"] == ("b", "a", "c", "a")
    assert seated["r1-t3-p1"] == ("b", "c", "c", "c") and seated["r1-t3-p2"] == ("c", "b", "c", "c")
    for table in (1, 2, 3):
        first, second = (slot for slot in schedule if slot.table == table)
        assert first.seed == second.seed  # the same boards at both tables


def test_without_pairs_every_bot_partners_itself(tmp_path):
    path = bridge_file(tmp_path, "selves", {"a": RANDOM, "b": RANDOM, "c": RANDOM})
    schedule = build_schedule(load_tournament(path))
    assert [slot.names for slot in schedule[:2]] == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    assert len(schedule) == 6


@pytest.mark.parametrize(
    ("game", "pairs", "message"),
    [
        ("bridge", '[["a", "zed"]]', "partnership 1 names 'zed', which is not one of the bots"),
        ("bridge", '["a", "b"]', "expected a list of partnerships, each a list of two bot names"),
        ("bridge", '[["a", "b", "c"]]', "expected a list of partnerships"),
        ("bridge", '[["a", "b"], ["a", "b"]]', "a partnership is listed twice"),
        ("conto", '[["a", "b"]]', "conto has no partnerships"),
    ],
)
def test_a_wrong_pairs_key_is_named_with_what_is_wrong(tmp_path, game, pairs, message):
    path = bridge_file(tmp_path, "bad", {"a": RANDOM, "b": RANDOM}, extra=f"pairs = {pairs}")
    path.write_text(path.read_text().replace('game = "bridge"', f'game = "{game}"'))
    with pytest.raises(ConfigError) as caught:
        load_tournament(path)
    assert "tournament.pairs" in str(caught.value) and message in str(caught.value)


def test_a_bridge_tournament_prints_partnerships_in_imps_per_board_and_resumes(tmp_path):
    path = bridge_file(
        tmp_path,
        "duplicate",
        {"random": IN_PROCESS, "other": IN_PROCESS + '\nargs = ["--seed=5"]'},
        extra='pairs = [["random", "random"], ["random", "other"]]',
    )
    run = arena("run", path)
    rows = table_lines(run.stdout)
    assert rows[0].split()[:6] == ["#", "bot", "Elo", "±95%", "LOS", "next"] and "IMPs/board" in rows[0]
    named = {row.split()[1]: row.split() for row in rows[2:]}
    assert set(named) == {"random", "random+other"}
    assert named["random"][5] == named["random+other"][5] == "2"  # 2 boards, each at both tables
    imps = [float(named[name][6]) for name in named]
    assert imps[0] == -imps[1]  # one side's IMPs are the other's loss
    assert "fit over all boards (each against the other table)" in run.stdout
    again = arena("run", path)
    assert "Resuming: 2 of 2 matches" in again.stdout and table_lines(again.stdout) == rows
    assert table_lines(arena("table", tmp_path / "duplicate.sqlite").stdout) == rows


def test_a_faulting_partnership_scores_average_minus_and_the_board_is_not_rated(tmp_path):
    nines = tmp_path / "nines.py"
    nines.write_text(
        textwrap.dedent(
            f"""\
            import sys
            sys.path.insert(0, {str(Path(__file__).resolve().parent.parent)!r})
            from arena import sdk

            class Nines(sdk.Bot):
                name, games = "nines", ("bridge",)

                def act(self, request):
                    return 9999  # out of range: an illegal answer

            sdk.run(Nines)
            """
        )
    )
    path = bridge_file(tmp_path, "faults", {"random": RANDOM, "nines": f'["python", "{nines}"]'}, boards=2)
    run = arena("run", path)
    assert "2 board(s) with a fault: the faulting side scored -3 (average-minus), the other +3" in run.stdout
    # Every board faulted, so nothing is rated; the IMPs still count.
    assert "No ratings yet" in run.stdout


def test_bridge_without_duplicate_is_refused(tmp_path):
    path = bridge_file(tmp_path, "single", {"a": RANDOM, "b": RANDOM}, extra="duplicate = false")
    with pytest.raises(ConfigError) as caught:
        load_tournament(path)
    assert "tournament.duplicate" in str(caught.value) and "nothing to rate" in str(caught.value)


def test_the_dry_run_lists_the_tables_the_run_will_play(tmp_path):
    path = bridge_file(tmp_path, "preview", {"a": RANDOM, "b": RANDOM, "c": RANDOM}, boards=1)
    preview = arena("run", path, "--dry-run", timeout=600).stdout
    assert "3 tables:" in preview and "a, b, a, b" in preview and "b, c, b, c" in preview
