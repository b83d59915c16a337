"""An unexpected error inside one match ends that match only (arena.run.match_errors).

The failure is injected where no bot can put it: the referee's `play_match` of chosen
matches is wrapped so that its history hook raises in the middle of the match (a bug of
the referee).  In one process the wrapper is monkeypatched in; worker processes and Dask
workers are other interpreters, so there the run is given a worker entry point (or a Dask
task) from this module that installs the same wrapper in that interpreter first.  In
one process, rows that cannot be made for the results file are also the match's error.

The run finishes, names the match on the terminal in one line (its traceback goes to
arena.log), saves every other match, ends with the summary line and exit code 1, and
the same command, the failure gone, plays exactly the matches left.
"""

import itertools
import sqlite3
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest
import trio

from arena.records import MatchSlot
from arena.run import _worker_process, cluster, match_errors, tournament, workers
from arena.run._dask_host import play_on_host
from arena.run.match_errors import ERRORS_NAMED, MatchError, guarded, match_error
from arena.run.progress import Progress, ProgressPrinter
from tests.test_tournament import arena, arena_here, write_inprocess_tournament

MATCHES = 12  # 4 bots at 3 seats, 4 tables in 3 rotations
BROKEN = "r1-t2-p2"
WHY = "the referee lost its place"


def _broken(real: Callable[..., Any], keys: frozenset[str] | None) -> Callable[..., Any]:
    """`play_match` whose history hook raises at the match's 10th event in the matches
    `keys` (None: every match)."""

    async def play_match(game, seats, **kwargs):
        if keys is not None and kwargs["match_id"] not in keys:
            return await real(game, seats, **kwargs)
        events = itertools.count(1)

        def on_event(event) -> None:
            if next(events) == 10:
                raise RuntimeError(WHY)

        return await real(game, seats, on_event=on_event, **kwargs)

    play_match.broken = True  # type: ignore[attr-defined]
    return play_match


def _break_here(keys: frozenset[str] | None) -> None:
    """In this interpreter, the referee fails in the matches `keys` from now on."""
    if not getattr(tournament.play_match, "broken", False):
        tournament.play_match = _broken(tournament.play_match, keys)


def _worker_with_broken_matches(keys: frozenset[str] | None, *args: Any) -> None:
    """A worker process's entry point: the referee broken in `keys`, then the real worker."""
    _break_here(keys)
    _worker_process.worker_main(*args)


def _play_on_broken_host(keys: frozenset[str] | None, *args: Any) -> Any:
    """A Dask task: the referee of this worker broken in `keys`, then the real task."""
    _break_here(keys)
    return play_on_host(*args)


def tournament_file(tmp_path: Path, name: str) -> Path:
    """12 matches of 3 deals of the random bot's class, in the arena's process (a worker's on
    workers): the error is the referee's or the results file's, whatever plays the seats,
    so no seat needs a process of its own."""
    seeds = {"r": "--seed=1", "s": "--seed=2", "t": "--seed=3", "u": "--seed=4"}
    return write_inprocess_tournament(tmp_path, name, seeds, seats=3, deals=3, seed=5, concurrency=2)


def stored_keys(results: Path) -> set[str]:
    with sqlite3.connect(f"file:{results}?mode=ro", uri=True) as db:
        return {row[0] for row in db.execute("select key from matches")}


def assert_one_broken_match(code: int, out: str, err: str, tmp_path: Path, name: str) -> None:
    """The run of `name` with BROKEN failing: it finished, said so, saved the others."""
    log = tmp_path / "logs" / "arena.log"
    assert code == 1, out + err
    # The terminal: one line when it happened, the summary at the end; no traceback.
    said = f"Match {BROKEN} ended by an internal error and was not saved: RuntimeError: {WHY}"
    assert out.count(said) == 1, out
    assert (
        f"1 match ended by an internal error and was not saved (its traceback is in {log}): "
        f"{BROKEN} (RuntimeError: {WHY}); run the same command again to replay it." in out
    ), out
    assert f"{MATCHES - 1} matches played" in out
    assert "Traceback" not in out + err, out + err
    # The log: the match, the error and where it was raised.
    text = log.read_text()
    assert f"match {BROKEN} ended by an internal error" in text and "Traceback" in text, text
    assert f"raise RuntimeError(WHY)\nRuntimeError: {WHY}" in text, text
    # The results: every match but that one.
    results = tmp_path / f"{name}.sqlite"
    assert len(stored_keys(results)) == MATCHES - 1 and BROKEN not in stored_keys(results)


def assert_the_rerun_plays_exactly_it(path: Path, tmp_path: Path, name: str) -> None:
    rerun = arena("run", path)  # a new interpreter: the referee works again
    assert f"Resuming: {MATCHES - 1} of {MATCHES} matches already in" in rerun.stdout
    assert "\n1 matches played" in rerun.stdout and "internal error" not in rerun.stdout, rerun.stdout
    assert len(stored_keys(tmp_path / f"{name}.sqlite")) == MATCHES


def _rows_that_fail(real: Callable[..., Any], slot: MatchSlot, record: Any) -> Any:
    """`finished_rows` that fails for BROKEN (a record the results file cannot take)."""
    if slot.key == BROKEN:
        raise RuntimeError(WHY)
    return real(slot, record)


@pytest.mark.parametrize("where", ["referee", "rows"])
def test_an_error_in_one_match_ends_that_match_only_and_a_rerun_plays_it(tmp_path, capsys, monkeypatch, where):
    if where == "referee":
        monkeypatch.setattr(tournament, "play_match", _broken(tournament.play_match, frozenset({BROKEN})))
    else:  # the match played, its rows cannot be made
        monkeypatch.setattr(match_errors, "finished_rows", partial(_rows_that_fail, match_errors.finished_rows))
    path = tournament_file(tmp_path, "one")
    code, out, err = arena_here(capsys, "run", path)
    assert_one_broken_match(code, out, err, tmp_path, "one")
    monkeypatch.undo()
    assert_the_rerun_plays_exactly_it(path, tmp_path, "one")


@pytest.mark.parametrize("spread", [("--workers", "2"), ("--cluster", "local:2")], ids=["workers", "cluster"])
def test_on_workers_a_match_error_ends_that_match_and_the_worker_plays_on(tmp_path, capsys, monkeypatch, spread):
    keys = frozenset({BROKEN})
    monkeypatch.setattr(workers, "worker_main", partial(_worker_with_broken_matches, keys))
    monkeypatch.setattr(cluster, "play_on_host", partial(_play_on_broken_host, keys))
    path = tournament_file(tmp_path, "spread")
    code, out, err = arena_here(capsys, "run", path, *spread)
    assert_one_broken_match(code, out, err, tmp_path, "spread")
    # No worker died: the one that met the error played on.
    log = (tmp_path / "logs" / "arena.log").read_text()
    assert "played again" not in log and "left the cluster" not in log, log
    assert_the_rerun_plays_exactly_it(path, tmp_path, "spread")


def test_a_run_whose_every_match_fails_ends_after_each_was_tried_once(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(tournament, "play_match", _broken(tournament.play_match, None))
    path = tournament_file(tmp_path, "all")
    code, out, err = arena_here(capsys, "run", path)
    assert code == 1, out + err
    lines = [line for line in out.splitlines() if "ended by an internal error and was not saved: RuntimeError" in line]
    assert len(lines) == ERRORS_NAMED, out  # the first ten; then one line says the rest are logged
    assert out.count("More matches ended by an internal error: arena.log has each") == 1, out
    assert f"{MATCHES} matches ended by an internal error and were not saved" in out
    assert f"and {MATCHES - ERRORS_NAMED} more; run the same command again to replay them." in out
    assert "0 matches played" in out and "Traceback" not in out + err
    log = (tmp_path / "logs" / "arena.log").read_text()
    assert log.count("ended by an internal error and was not saved (a later run plays it again)") == MATCHES
    assert not (tmp_path / "all.sqlite").exists() or not stored_keys(tmp_path / "all.sqlite")


# --- the boundary itself ------------------------------------------------------------------


def test_the_boundary_names_the_error_inside_a_group_and_lets_cancellation_through():
    async def fails_in_a_nursery() -> None:
        async def child() -> None:
            raise RecursionError("maximum recursion depth exceeded\nwhile decoding")

        async with trio.open_nursery() as nursery:
            nursery.start_soon(child)

    async def main() -> None:
        caught = await guarded("k", fails_in_a_nursery)
        assert isinstance(caught, MatchError)
        assert (caught.kind, caught.message) == ("RecursionError", "maximum recursion depth exceeded while decoding")
        assert str(caught) == "k (RecursionError: maximum recursion depth exceeded while decoding)"
        assert "ExceptionGroup" in caught.traceback and "in child" in caught.traceback
        # A run that is stopping: the error is not the match's, the cancellation goes on.
        with trio.CancelScope() as scope:
            scope.cancel()
            await guarded("k", partial(_raise, ValueError("while stopping")))
            raise AssertionError("not cancelled")
        assert scope.cancelled_caught
        # KeyboardInterrupt is not a match's error.
        with pytest.raises(KeyboardInterrupt):
            await guarded("k", partial(_raise, KeyboardInterrupt()))

    trio.run(main)


async def _raise(error: BaseException) -> None:
    raise error


def test_the_progress_counts_the_errors_and_names_the_first_ones(capsys):
    progress = Progress(total=3, done=0)
    printer = ProgressPrinter()
    progress.fail(match_error("r1-t1-p1", ValueError("x" * 500)))
    printer.show(progress)
    out = capsys.readouterr().out
    assert "Match r1-t1-p1 ended by an internal error and was not saved: ValueError: " + "x" * 199 + "…" in out
    assert "(1 ended by an internal error)" in out
    assert not progress.finished
    progress.leave()  # a bot had not started
    progress.fail(match_error("r1-t1-p3", ValueError("y")))
    assert progress.finished and progress.ended == 3
