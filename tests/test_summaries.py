"""Each match's statistics and rating outcomes, computed once when it is saved
(arena/results/summaries.py): the tables read from them equal the tables recomputed from
the event logs, for every game; a file written before summaries gets them once, on its
first open, and reads the same."""

from __future__ import annotations

import dataclasses
import os
import random
import shutil
import sqlite3
import sys
from pathlib import Path

import pytest

import engine
from arena.records import BotEntry, MatchRecord, MatchSlot
from arena.results import (
    ResultStore,
    bot_statistics,
    elo_table,
    observations,
    render,
    statistics_columns,
    statistics_table,
)
from arena.results._lock import lock_writer
from arena.results.summaries import (
    FollowedResults,
    stored_observations,
    stored_statistics,
    stored_summaries,
    summarised_observations,
)
from tests.test_store import make_config

ROOT = Path(__file__).resolve().parent.parent
OLD_FILE = ROOT / "tests" / "fixtures" / "results" / "conto-before-summaries.sqlite"
NAMES = ("ada", "bea", "cid", "dan", "eve")


def _played(game: engine.Game, seed: int, names: tuple[str, ...]) -> MatchRecord:
    state = game.new_match(seed=seed, deals=2)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return MatchRecord(
        match_id=f"m{seed}", game=game.spec.name, players=game.players, options=dict(game.options), seed=seed,
        deals=2, names=names, result=state.result(), standing=state.standing(), history=state.history,
        faults=(), comments=(), latencies=tuple(() for _ in names), seconds=0.1,
    )  # fmt: skip


def _file_of(spec: engine.GameSpec, tmp_path: Path) -> tuple[Path, engine.Game]:
    """A results file of a few matches of `spec` played at random, saved by the writer."""
    players = spec.default_players
    game = engine.load(spec.name, players=players)
    bots = tuple(BotEntry(name=n, command=(sys.executable, "x.py")) for n in NAMES[: players + 1])
    config = make_config(tmp_path, game=spec.name, seats=players, bots=bots, deals=2)
    names = [bot.name for bot in bots]
    with ResultStore.open(config.results, config) as store:
        for rotation in range(2):  # both tables of a duplicate board, for a game rated by board
            seated = tuple(names[rotation:] + names[:rotation])[:players]
            slot = MatchSlot(f"r1-t1-p{rotation + 1}", 1, 1, rotation, 7, seated)
            store.save(slot, _played(game, 7, seated))
        seated = tuple(names[1 : players + 1])
        store.save(MatchSlot("r1-t2-p1", 1, 2, 0, 8, seated), _played(game, 8, seated))
    return config.results, game


@pytest.mark.parametrize("spec", engine.games(), ids=lambda spec: spec.name)
def test_the_tables_read_from_summaries_equal_those_recomputed_from_the_events(
    spec: engine.GameSpec, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    path, game = _file_of(spec, tmp_path)
    with ResultStore.open_readonly(path) as store:
        summaries, mark = stored_summaries(store, game)
        matches = list(store.matches())
        assert [s.key for s in summaries] == ["r1-t1-p1", "r1-t1-p2", "r1-t2-p1"] and mark == 3
        assert stored_statistics(summaries) == bot_statistics(matches, game)
        if stored_statistics(summaries):
            stored_text = render(statistics_columns(game), stored_statistics(summaries))
            assert stored_text == statistics_table(matches, game)
        assert stored_observations(store, game)[0] == observations(matches, game)
        observed = summarised_observations(summaries, game)
        assert elo_table(matches, game, rated=observed)[0] == elo_table(matches, game)[0]
        # A follower reads on from its mark: nothing new, nothing twice.
        assert stored_summaries(store, game, mark) == ([], mark)
    assert "computing the statistics" not in capfd.readouterr().err  # saved with each match, not made later
    written = sqlite3.connect(path).execute("SELECT COUNT(*) FROM summaries").fetchone()[0]
    assert written == 3


def test_a_file_written_before_summaries_gets_them_once_on_first_open(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "old.sqlite"
    shutil.copy(OLD_FILE, path)
    assert not sqlite3.connect(path).execute("SELECT 1 FROM sqlite_master WHERE name = 'summaries'").fetchone()
    with ResultStore.open_readonly(path) as store:
        info = store.info()
        game = engine.load(info.game, players=info.seats, **info.options)
        summaries, _ = stored_summaries(store, game)
        matches = list(store.matches())
    assert "computing the statistics of 8 stored matches once" in capfd.readouterr().err
    assert len(summaries) == len(matches) == 8
    assert stored_statistics(summaries) == bot_statistics(matches, game)
    with ResultStore.open_readonly(path) as store:
        assert stored_observations(store, game)[0] == observations(matches, game)
    assert capfd.readouterr().err == ""  # never again


def test_a_reader_computes_the_summaries_a_file_lacks_while_a_run_holds_it(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    shutil.copy(OLD_FILE, path)
    held = lock_writer(path)  # as a run of an older arena holds it
    try:
        with ResultStore.open_readonly(path) as store:
            info = store.info()
            game = engine.load(info.game, players=info.seats, **info.options)
            summaries, _ = stored_summaries(store, game)
            matches = list(store.matches())
    finally:
        os.close(held)
    assert stored_statistics(summaries) == bot_statistics(matches, game)
    assert not sqlite3.connect(path).execute("SELECT 1 FROM sqlite_master WHERE name = 'summaries'").fetchone()


def test_a_fresh_start_deletes_the_summaries_with_their_matches(tmp_path: Path) -> None:
    path, game = _file_of(engine.load("conto", players=4).spec, tmp_path)
    config = make_config(tmp_path, game="conto", seats=4, deals=3)
    with ResultStore.open(path, dataclasses.replace(config, results=path), fresh=True):
        pass
    assert sqlite3.connect(path).execute("SELECT COUNT(*) FROM summaries").fetchone()[0] == 0


def test_a_followed_file_reads_only_what_was_saved_since_and_adds_up_to_the_whole(tmp_path: Path) -> None:
    game = engine.load("conto", players=4)
    config = make_config(tmp_path, deals=2)
    names = ("ada", "bea", "cid", "dan")
    followed = FollowedResults()

    def look() -> tuple[list[str], list[str]]:
        with ResultStore.open_readonly(config.results) as reader:
            matches, summaries = followed.read(reader, reader.info(), game)
            whole = [m.key for m in reader.matches(history=False)]
            assert stored_statistics(summaries) == bot_statistics(list(reader.matches()), game)
        assert [m.key for m in matches] == whole  # in schedule order, as a whole read gives them
        return whole, [s.key for s in summaries]

    with ResultStore.open(config.results, config) as store:
        store.save(MatchSlot("r2-t1-p1", 2, 1, 0, 3, names), _played(game, 3, names))
        assert look() == (["r2-t1-p1"], ["r2-t1-p1"])
        for rotation, seed in ((0, 1), (1, 2)):
            store.save(MatchSlot(f"r1-t1-p{rotation + 1}", 1, 1, rotation, seed, names), _played(game, seed, names))
        assert look() == (["r1-t1-p1", "r1-t1-p2", "r2-t1-p1"], ["r2-t1-p1", "r1-t1-p1", "r1-t1-p2"])
    with ResultStore.open_readonly(config.results) as reader:  # nothing new: nothing read again
        assert reader.fetch("SELECT MAX(rowid) FROM matches") == [(3,)]
        assert stored_summaries(reader, game, 3) == ([], 3)


def test_summaries_stored_with_other_counts_are_made_again_once(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    # As when a game's statistics gain or rename a count after a file was written.
    path, game = _file_of(engine.load("conto", players=4).spec, tmp_path)
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT value FROM meta WHERE key = 'summary_counts'").fetchone() is not None
        db.execute("UPDATE meta SET value = '[\"hands_of_old\"]' WHERE key = 'summary_counts'")
        db.execute("UPDATE summaries SET stats = replace(stats, '\"hands\"', '\"hands_of_old\"')")
    db.close()
    capfd.readouterr()
    with ResultStore.open_readonly(path) as store:
        summaries, _ = stored_summaries(store, game)
        assert stored_statistics(summaries) == bot_statistics(list(store.matches()), game)
    assert "computing the statistics of 3 stored matches once" in capfd.readouterr().err
    with sqlite3.connect(path) as db:
        assert "hands_of_old" not in "".join(stats for (stats,) in db.execute("SELECT stats FROM summaries"))
    db.close()
    with ResultStore.open_readonly(path):
        pass
    assert capfd.readouterr().err == ""
