"""`arena table --matrix` (the crosstable: head to head and LOS) and `arena table --watch`."""

import queue
import random
import re
import signal
import subprocess
import threading
import time
from collections import defaultdict
from pathlib import Path

import pytest

import engine
from arena.config import load_tournament
from arena.records import MatchRecord
from arena.results import ResultStore, elo_table
from arena.results.crosstable import Outcome, head_to_head
from arena.run.schedule import build_schedule
from tests.test_tournament import ARENA, ROOT, arena, arena_here, table_lines


@pytest.fixture
def conto_results(small_tournament) -> Path:
    """A small conto round robin: four bots, three seats, three deals a match (played once
    for the session, conftest.py)."""
    return small_tournament[1]


def matrix(output: str, corner: str) -> dict[tuple[str, str], str]:
    """The cells of the printed matrix whose corner heading is `corner`, by (row, column),
    cut where the dashes under the headings say each column is."""
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(corner + " "))
    spans = [(dashes.start(), dashes.end()) for dashes in re.finditer(r"-+", lines[start + 1])]
    names = [lines[start][begin:end].strip() for begin, end in spans[1:]]
    cells = {}
    for line in lines[start + 2 :]:
        if not line.strip() or ":" in line:
            break
        row = line[spans[0][0] : spans[0][1]].strip()
        for name, (begin, end) in zip(names, spans[1:]):
            cells[(row, name)] = line[begin:end].strip()
    return cells


def test_the_head_to_head_matrix_counts_each_shared_deal_as_the_stored_ranks_say(conto_results):
    output = arena("table", conto_results, "--matrix").stdout
    printed = matrix(output, "head to head")
    # Counted here from the stored deals: every ordered pair of seats of every deal.
    score: dict[tuple[str, str], float] = defaultdict(float)
    shared: dict[tuple[str, str], int] = defaultdict(int)
    with ResultStore.open_readonly(conto_results) as store:
        stored = list(store.matches(history=False))
    for match in stored:
        for deal in match.deals:
            for s, a in enumerate(match.names):
                for t, b in enumerate(match.names):
                    if s != t:
                        shared[(a, b)] += 1
                        score[(a, b)] += (
                            1.0 if deal.ranks[s] < deal.ranks[t] else 0.5 if deal.ranks[s] == deal.ranks[t] else 0
                        )
    names = sorted({name for match in stored for name in match.names})
    assert len(names) == 4
    for a in names:
        for b in names:
            if a == b:
                assert printed[(a, b)] == ""
            else:
                assert printed[(a, b)] == f"{100 * score[(a, b)] / shared[(a, b)]:.1f}% ({shared[(a, b)]})"
    assert "1 if the row bot finished ahead of the column bot, 1/2 if tied, 0 if behind" in output
    assert "in brackets the number of shared deals" in output
    # The bots in the Elo table's order.
    elo_order = [row.split()[1] for row in table_lines(output)[2:]]
    assert list(dict.fromkeys(row for row, _ in printed)) == elo_order


def test_the_los_matrix_is_the_fits_and_its_two_directions_add_up_to_100(conto_results):
    output = arena("table", conto_results, "--matrix").stdout
    printed = matrix(output, "LOS")
    with ResultStore.open_readonly(conto_results) as store:
        info, stored = store.info(), list(store.matches(history=False))
    _, fitted = elo_table(stored, engine.load(info.game, players=info.seats, **info.options))
    assert fitted is not None
    order = [rating.name for rating in fitted.ratings]
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            assert int(printed[(a, b)].rstrip("%")) + int(printed[(b, a)].rstrip("%")) == 100
            assert printed[(a, b)] == f"{round(fitted.los_between(a, b) * 100)}%"
    assert "LOS(a, b) + LOS(b, a) = 100%" in output


def test_a_bot_in_several_seats_counts_once_per_deal_averaged_over_its_seats():
    # Four seats: a holds 0 and 2, b holds 1, c holds 3; finishing order a(0) b a(2) c,
    # then a tie of everyone.
    deals = [
        Outcome((("a",), ("b",), ("a",), ("c",)), (0, 1, 2, 3)),
        Outcome((("a",), ("b",), ("a",), ("c",)), (0, 0, 0, 0)),
        # Partners are not opponents: a and b on one side against c.
        Outcome((("a", "b"), ("c",)), (1, 0)),
    ]
    result = head_to_head(deals)
    assert result[("a", "b")].shared == 2 and result[("a", "b")].score == pytest.approx(0.5 + 0.5)
    assert result[("b", "a")].score == pytest.approx(0.5 + 0.5)
    assert result[("a", "c")].shared == 3 and result[("a", "c")].score == pytest.approx(1 + 0.5 + 0)
    assert result[("c", "b")].shared == 3 and result[("c", "b")].score == pytest.approx(0 + 0.5 + 1)
    for (a, b), pairing in result.items():
        assert pairing.score + result[(b, a)].score == pytest.approx(pairing.shared)


def played_at_random(tmp_path: Path, game_name: str) -> Path:
    """A round robin of two bots (bridge partnerships) at the game's default table, one deal
    a match, written to its results file as `arena run` would store it: the run's schedule
    (`build_schedule`: keys, seats, duplicate rotations, the deals' seeds), each match played
    by random moves in this process instead of by bot processes (bridge's bots are slow;
    `arena run` of bridge is tested end to end in test_bridge_tournament.py)."""
    path = tmp_path / f"xt-{game_name}.toml"
    path.write_text(
        f'[tournament]\nname = "xt-{game_name}"\ngame = "{game_name}"\ndeals = 1\n'
        f'results = "{tmp_path / game_name}.sqlite"\nlogs = "{tmp_path / "logs"}"\n'
        + "".join(f'\n[[bot]]\nname = "{name}"\ncommand = ["python", "bots/random_bot.py"]\n' for name in ("r", "s"))
    )
    config = load_tournament(path)
    game = engine.load(config.game, players=config.seats, **config.options)
    with ResultStore.open(config.results, config) as store:
        for slot in build_schedule(config):
            state = game.new_match(seed=slot.seed, deals=config.deals)
            moves = random.Random(slot.seed)
            while not state.is_terminal():
                state.apply(moves.choice(state.legal_actions()))
            record = MatchRecord(
                match_id=slot.key,
                game=config.game,
                players=game.players,
                options=dict(game.options),
                seed=slot.seed,
                deals=config.deals,
                names=slot.names,
                result=state.result(),
                standing=state.standing(),
                history=state.history,
                faults=(),
                comments=(),
                latencies=tuple((0.01,) for _ in slot.names),
            )
            store.save(slot, record)
    return config.results


@pytest.mark.parametrize("game", ["invido", "vegas", "frederik", "bridge"])
def test_every_game_prints_both_matrices(tmp_path, capsys, game):
    if game == "bridge":
        results = played_at_random(tmp_path, game)
    else:  # the other games' only end-to-end `arena run` of bot processes
        bots = [
            f"--bot={name}=python bots/random_bot.py --seed={seed}" for name, seed in (("r", 1), ("s", 2), ("t", 3))
        ]
        results = tmp_path / f"{game}.sqlite"
        arena("run", "--game", game, *bots, "--deals", 1, "--results", results, "--name", f"xt-{game}")
    # The table read in this process (`arena table --matrix` as a command: the conto tests above).
    code, output, err = arena_here(capsys, "table", results, "--matrix")
    assert code == 0, err
    heads, los = matrix(output, "head to head"), matrix(output, "LOS")
    assert len(heads) == (4 if game == "bridge" else 9)  # every bot against every bot
    unit = {"invido": "matches", "vegas": "matches", "bridge": "boards"}.get(game, "deals")
    assert f"in brackets the number of shared {unit}" in output
    # The Elo table counts what the fit rates: invido's and vegas's are matches, not giocate or hands.
    elo_head = next(line.split() for line in output.splitlines() if line.split()[:3] == ["#", "bot", "Elo"])
    assert unit in elo_head
    with ResultStore.open_readonly(results) as store:
        stored = list(store.matches(history=False))
    if unit == "matches":
        column = elo_head.index("matches") - 1  # "next" is the LOS heading's second word
        counted = {row[1]: int(row[column]) for row in map(str.split, table_lines(output)[2:])}
        assert counted == {name: sum(match.names.count(name) for match in stored) for name in counted}  # per seat held
    for (a, b), cell in heads.items():
        if a != b:
            mine, theirs = cell.split("% ("), heads[(b, a)].split("% (")
            assert mine[1] == theirs[1]  # the same shared count both ways
            assert float(mine[0]) + float(theirs[0]) == pytest.approx(100.0)
            assert int(los[(a, b)].rstrip("%")) + int(los[(b, a)].rstrip("%")) == 100


@pytest.mark.parametrize(
    ("flag", "value"), [("--watch", "soon"), ("--watch", "0"), ("--watch", "-3"), ("--format", "nonsense")]
)
def test_a_bad_flag_value_names_the_flag(conto_results, capsys, flag, value):
    code, _, err = arena_here(capsys, "table", conto_results, "--matrix", flag, value)
    assert code == 2
    assert flag in err
    assert "Traceback" not in err


def _watch(*args: object) -> tuple[subprocess.Popen, "queue.Queue[str]"]:
    process = subprocess.Popen(
        [*ARENA, "table", *map(str, args)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)

    threading.Thread(target=read, daemon=True).start()
    return process, lines


def _wait_for(lines: "queue.Queue[str]", text: str, times: int, seconds: float = 60.0) -> list[str]:
    """The lines read until `text` started `times` of them; fails after `seconds`."""
    seen, count = [], 0
    deadline = time.monotonic() + seconds
    while count < times:
        try:
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise AssertionError(f"{text!r} printed {count} times in {seconds} s:\n{''.join(seen)}") from None
        seen.append(line)
        count += line.startswith(text)
    return seen


def _interrupt(process: subprocess.Popen) -> str:
    process.send_signal(signal.SIGINT)
    try:
        _, stderr = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        raise
    return stderr


def test_watch_prints_the_table_again_until_ctrl_c_which_exits_0(conto_results):
    process, lines = _watch(conto_results, "--watch", "0.2", "--matrix")
    try:
        seen = _wait_for(lines, "small: ", 3)  # the third begins after the second ended
    finally:
        stderr = _interrupt(process)
    assert process.returncode == 0, stderr
    assert "Traceback" not in stderr
    # Each time the same text as arena table prints (the second from the matches already read).
    footers = [i for i, line in enumerate(seen) if "printed again every 0.2 s" in line]
    once = arena("table", conto_results, "--matrix").stdout + "\n"
    assert "".join(seen[: footers[0]]) == once
    assert "".join(seen[footers[0] + 1 : footers[1]]) == once
    assert any(line.startswith("head to head") for line in seen)
    assert "\033[2J" not in "".join(seen)  # not a terminal: the screen is not cleared


def test_watch_waits_for_a_results_file_that_does_not_exist_yet(tmp_path):
    missing = tmp_path / "later.sqlite"
    process, lines = _watch(missing, "--watch", "0.1")
    try:
        _wait_for(lines, f"{missing} does not exist yet", 2)
    finally:
        stderr = _interrupt(process)
    assert process.returncode == 0, stderr
    assert "Traceback" not in stderr
