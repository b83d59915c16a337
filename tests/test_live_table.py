"""`arena run --table-every N` and the ETA by kind of match (issue 20, item 8).

A small tournament run with `--table-every 2` prints the Elo table after every second
saved match (not after the last: the final table follows), each the table of the
matches saved so far, and its final table is the one `arena table` prints; on a local
Dask cluster too, and in worker processes (in test_workers.py's run of two workers).  A
table that cannot be fitted (or read) yet is one line, never a traceback.  Bad values are
refused naming the flag, exit 2, nothing written.  `EtaEstimator` is checked on scripted
sequences of finished matches of two kinds, its times given explicitly.
"""

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import engine
from arena.errors import RatingError
from arena.results import ResultStore, elo_table
from arena.run import LiveTable, policies
from arena.run.progress import EtaEstimator, Progress, ProgressPrinter, match_kind
from tests.test_tournament import (
    arena,
    arena_here,
    arena_here_ok,
    saved_matches,
    table_lines,
    tournament_file,
    write_inprocess_tournament,
)

AFTER = re.compile(r"^After (\d+) of 12 matches:", re.MULTILINE)


def live_tables(output: str) -> dict[int, str]:
    """The live tables of a run's output, by the matches they cover: each the text from
    its "After k of 12 matches:" line to the blank line after it."""
    tables = {}
    for found in AFTER.finditer(output):
        rest = output[found.end() + 1 :]
        tables[int(found.group(1))] = rest[: rest.index("\n\n")]
    return tables


def final_part(output: str) -> str:
    """What the run prints once its last match is saved (the final tables)."""
    return output[output.index("12/12 matches") :]


def test_the_table_every_two_matches_is_the_table_so_far_and_the_final_table_is_unchanged(tmp_path, capsys):
    # In-process bots, the command in this process: when a live table is printed and what
    # it holds do not depend on how a seat is played (the cluster's run below has processes).
    seeds = {f"random-{seat}": f"--seed={seat}" for seat in range(4)}
    path = write_inprocess_tournament(tmp_path, "live", seeds, seats=3, deals=3, seed=5)
    code, out, err = arena_here(capsys, "run", path, "--table-every", "2", "--concurrency", "1")
    assert code == 0 and "Traceback" not in out + err, out + err
    # 12 matches: a table after 2, 4, 6, 8 and 10, none after 12 (the final table follows).
    assert [int(k) for k in AFTER.findall(out)] == [2, 4, 6, 8, 10]
    # Each is followed by the progress line, then play goes on.
    for k in (2, 4, 6, 8, 10):
        after = out[out.index(f"After {k} of 12 matches:") :]
        assert f"\n{k}/12 matches " in after.split("After", 2)[1]
    # One match at a time: the k matches saved first are the first k of the schedule, which is
    # the order the results file gives them in; each live table is their table.
    with ResultStore.open_readonly(tmp_path / "live.sqlite") as store:
        info = store.info()
        matches = list(store.matches())
    game = engine.load(info.game, players=info.seats, **info.options)
    for k, printed in live_tables(out).items():
        text, fitted = elo_table(matches[:k], game)
        assert fitted is not None
        assert printed == text, k
    # The final table is the whole file's, as `arena table` prints it.
    final = table_lines(final_part(out))
    assert final == table_lines(arena_here_ok(capsys, "table", tmp_path / "live.sqlite"))
    assert "12 matches played" in out


def assert_live_tables_after_5_and_10(stdout: str, results: Path) -> None:
    """A 12-match run with `--table-every 5` in workers or on a cluster: the coordinator
    saves one match at a time, so the file holds exactly 5, then 10; the final table is the
    file's.  (In worker processes: test_workers.py's run of two workers.)"""
    assert [int(k) for k in AFTER.findall(stdout)] == [5, 10]
    assert len(live_tables(stdout)) == 2
    assert "Traceback" not in stdout
    assert table_lines(final_part(stdout)) == table_lines(arena("table", results).stdout)


def test_the_live_table_on_a_cluster(tmp_path):
    pytest.importorskip("distributed")
    path = tournament_file(tmp_path, "spread")
    run = arena("run", path, "--cluster", "local:2", "--table-every", "5")
    assert "Traceback" not in run.stderr
    assert_live_tables_after_5_and_10(run.stdout, tmp_path / "spread.sqlite")


class FakeStore:
    """A results file (what `LiveTable.text` opens of `ResultStore`; its follower reads it)."""

    @classmethod
    def open_readonly(cls, path: Path) -> "FakeStore":
        return cls()

    def __enter__(self) -> "FakeStore":
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def info(self) -> None:
        return None


class FakeFollower:
    """Follows a results file that holds no match and no summary."""

    def read(self, store: object, info: object, game: object) -> tuple[list, list]:
        return [], []


def live_run(tmp_path: Path) -> LiveTable:
    """The live table policy of a run (arena.run.policies), started on a results file `none.sqlite`."""
    table = LiveTable(5)
    plan: Any = SimpleNamespace(game=None, config=SimpleNamespace(anchor=None, prior_games=2.0))
    store: Any = SimpleNamespace(path=tmp_path / "none.sqlite")
    table.start(plan, store)
    return table


def test_a_table_that_cannot_be_fitted_yet_is_one_line(tmp_path, monkeypatch):
    monkeypatch.setattr(policies, "ResultStore", FakeStore)
    monkeypatch.setattr(policies, "FollowedResults", FakeFollower)
    # The fit cannot rate anything yet: elo_table says so (and its notes); one line is printed.
    monkeypatch.setattr(policies, "elo_table", lambda *a, **k: ("No ratings yet: no results.\na note", None))
    assert live_run(tmp_path).text(12) == "After 0 of 12 matches: No ratings yet: no results."

    def fails(*args: object, **kwargs: object) -> None:
        raise RatingError("the results do not determine the ratings")

    monkeypatch.setattr(policies, "elo_table", fails)
    assert live_run(tmp_path).text(12) == "No table yet: RatingError: the results do not determine the ratings"


def test_a_results_file_that_cannot_be_read_is_one_line(tmp_path):
    line = live_run(tmp_path).text(12)
    assert line.startswith("No table yet: ") and "\n" not in line


@pytest.mark.parametrize("value", ["0", "-3", "two", "2.5"])
def test_bad_values_are_refused_naming_the_flag(tmp_path, capsys, value):
    path = tournament_file(tmp_path, "bad")
    code, _, err = arena_here(capsys, "run", path, f"--table-every={value}")
    assert code == 2
    assert "--table-every" in err
    assert "Traceback" not in err
    assert not (tmp_path / "bad.sqlite").exists() and saved_matches(tmp_path / "bad.sqlite") == 0
    assert not (tmp_path / "logs").exists()


# The estimator, on scripted sequences: two kinds of table, one of random bots (1 s a match)
# and one with a search bot (5 s a match).
FAST = match_kind(["random-b", "random"])
SLOW = match_kind(["search", "random"])


def test_the_kinds_are_the_bots_at_the_table_in_any_seat():
    assert match_kind(["search", "random"]) == match_kind(["random", "search"]) == ("random", "search")


def test_the_estimate_follows_the_kinds_left():
    eta = EtaEstimator([FAST, FAST, SLOW, FAST, SLOW], concurrency=1, started=0.0)
    assert eta.estimate(0.0) is None  # nothing measured yet
    eta.finished(FAST, at=1.0)
    # SLOW not measured yet, and no thinking told: the mean of all matches.
    assert eta.expected(SLOW) == 1.0
    assert eta.estimate(1.0) == 4.0  # FAST under way (1) + SLOW, FAST, SLOW (1 each)
    eta.finished(FAST, at=2.0)
    assert eta.estimate(2.0) == 3.0
    eta.finished(SLOW, at=7.0)  # it took 5 s
    assert eta.expected(SLOW) == 5.0 and eta.expected(FAST) == 1.0
    # FAST under way, then SLOW: 6 s (the mean pace so far would say 7/3 * 2 = 4.7 s).
    assert eta.estimate(7.0) == 6.0
    assert eta.estimate(7.5) == 5.5  # the match under way has run half a second
    assert eta.estimate(9.0) == 5.0  # overdue: expected to end at once
    # A kind never seen, and no thinking told: the mean of all matches.
    assert eta.expected(match_kind(["greedy", "search"])) == pytest.approx(7 / 3)
    eta.finished(FAST, at=8.0)
    assert eta.estimate(8.0) == 5.0
    assert eta.estimate(12.0) == 1.0
    eta.finished(SLOW, at=13.0)
    assert eta.estimate(13.0) == 0.0


def test_the_estimate_counts_the_slots_and_the_tail():
    eta = EtaEstimator([FAST, FAST, SLOW, SLOW, SLOW, SLOW, SLOW], concurrency=2, started=0.0)
    eta.finished(FAST, at=1.0)
    eta.finished(FAST, at=1.0)  # two SLOW under way since 1 s, three waiting
    assert eta.estimate(1.0) == 3.0  # SLOW not measured: 1 s each, on two slots: 2 + 1 rounds of 1
    eta.finished(SLOW, at=6.0)
    # The other SLOW under way ends now (5 s since 1 s), the new one at 11; of the two left,
    # one follows each: the last ends at 16, 10 s from now, not (0 + 5 + 10) / 2 = 7.5 s.
    assert eta.estimate(6.0) == 10.0
    eta.finished(SLOW, at=6.0)
    assert eta.estimate(6.0) == 10.0
    eta.finished(SLOW, at=11.0)
    eta.finished(SLOW, at=11.0)
    assert eta.estimate(11.0) == 5.0  # the last one alone: one slot stays free
    eta.finished(SLOW, at=16.0)
    assert eta.estimate(16.0) == 0.0


def test_a_kind_not_yet_seen_is_its_bots_thinking_plus_the_rest():
    eta = EtaEstimator([FAST, SLOW, SLOW, FAST], concurrency=1, started=0.0)
    eta.finished(FAST, at=1.0, think=[0.1, 0.1])  # random-b, random: 0.8 s besides thinking
    # SLOW: the rest (0.8) + random (0.1) + search, not measured: as the measured bots (0.1).
    assert eta.expected(SLOW) == pytest.approx(1.0)
    eta.finished(SLOW, at=6.0, think=[0.1, 4.0])  # random, search: 0.9 s besides
    assert eta.expected(SLOW) == 5.0  # measured: its own mean
    # greedy, search: the median rest (0.85) + greedy as the mean bot (4.2 / 3) + search (4).
    assert eta.expected(match_kind(["search", "greedy"])) == pytest.approx(0.85 + 1.4 + 4.0)
    eta.finished(FAST, at=7.0, think=[0.1, 0.1])  # 0.8 besides, whatever the order of the schedule
    assert eta.expected(match_kind(["search", "greedy"])) == pytest.approx(0.8 + (0.1 + 0.1 + 4.0) / 3 + 4.0)


def test_a_match_left_unplayed_frees_its_slot():
    eta = EtaEstimator([FAST, SLOW], concurrency=1, started=0.0)
    eta.left(at=0.5)  # a bot of the FAST match had not started: SLOW starts at 0.5
    assert eta.estimate(0.5) is None
    eta.finished(SLOW, at=2.5)
    assert eta.expected(SLOW) == 2.0
    assert eta.estimate(2.5) == 0.0


def test_many_matches_waiting_share_the_slots_evenly():
    # 1,000 FAST waiting on 4 slots: the first ones are added evenly, the last placed one by one.
    eta = EtaEstimator([FAST] * 1004, concurrency=4, started=0.0)
    for _ in range(4):
        eta.finished(FAST, at=1.0)
    assert eta.estimate(1.0) == pytest.approx(1000 / 4)


def record(names: tuple[str, ...], think: tuple[float, ...]) -> Any:
    """What `Progress.add` and the printer read of a match record."""
    result = SimpleNamespace(deals=(1,), scores=(0.0,) * len(names))
    return SimpleNamespace(names=names, faults=(), result=result, latencies=tuple((t,) for t in think))


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_printer_feeds_the_estimator_from_the_progress(tmp_path):
    clock = Clock()
    with open(tmp_path / "out.txt", "w+") as stream:
        printer = ProgressPrinter(stream, interval=0.0, clock=clock)
        printer.expect([("random", "random-b"), ("random", "search"), ("random", "search")], concurrency=1)
        progress = Progress(3, 0)
        printer.show(progress)
        clock.now = 101.0
        progress.add(record(("search", "random"), (0.5, 0.1)))  # SLOW first, whatever the order planned
        printer.show(progress)
        assert printer.eta is not None
        # The seats' thinking reached the estimator: 0.4 s besides, greedy 0.3 (the mean bot), search 0.5.
        assert printer.eta.expected(match_kind(["greedy", "search"])) == pytest.approx(1.2)
        clock.now = 104.0
        progress.add(record(("random-b", "random"), (0.2, 0.1)))
        printer.show(progress)
        stream.seek(0)
        lines = stream.read().splitlines()
    assert [line.split("ETA ")[1].split()[0] for line in lines] == ["--", "2s", "1s"]


def test_the_live_leader_is_named_as_such_and_left_to_the_table_at_the_end(tmp_path):
    clock = Clock()
    with open(tmp_path / "out.txt", "w+") as stream:
        printer = ProgressPrinter(stream, interval=0.0, clock=clock)
        progress = Progress(2, 0)
        won = SimpleNamespace(names=("a", "b"), faults=(), result=SimpleNamespace(deals=(1,), scores=(1.0, 0.0)))
        progress.add(won)
        printer.show(progress)
        progress.add(won)
        printer.show(progress)
        stream.seek(0)
        running, finished = stream.read().splitlines()
    assert running.endswith("leading (live): a")
    # The Elo table printed next names the first; a different "leader" beside it misled.
    assert "lead" not in finished
