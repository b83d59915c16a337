"""The replays the page holds, made from the chosen matches' full histories and packed in
chunks.  Decoding a history and walking it is most of a report's time, so a large choice
is read by other processes, one chunk of matches at a time, while the report's process
makes the other sections; a small one in this process.  (The statistics the page shows
come from the summaries stored with each match, not from here.)"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import engine
from arena.records import StoredMatch
from arena.report._replay import CHUNK_MATCHES, match_replay, pack
from arena.results import ResultStore

__all__ = ["Histories", "read_histories", "reading_histories", "match_histories"]


@dataclass(frozen=True)
class Histories:
    """The page's replays: `keys[i]` is in chunk i // CHUNK_MATCHES at place i % CHUNK_MATCHES."""

    chunks: tuple[str, ...]
    keys: tuple[str, ...]

    def place(self) -> dict[str, int]:
        """Each replayed match's place among the replays, by key."""
        return {key: index for index, key in enumerate(self.keys)}


@dataclass(frozen=True)
class _Game:
    """What a worker process needs to load the game (an engine.Game may not pickle)."""

    name: str
    players: int
    options: tuple[tuple[str, object], ...]

    def load(self) -> engine.Game:
        return engine.load(self.name, players=self.players, **dict(self.options))


def read_histories(results: Path, keys: Sequence[str], game: engine.Game, workers: int | None = None) -> Histories:
    """The replays of the matches `keys` of `results`, in that order."""
    with reading_histories(results, keys, game, workers) as histories:
        return histories()


@contextmanager
def reading_histories(
    results: Path, keys: Sequence[str], game: engine.Game, workers: int | None = None
) -> Iterator[Callable[[], Histories]]:
    """The replays of the matches `keys` of `results`, read by `workers` processes from
    the moment this is entered, while the caller does its own work; calling what it
    yields waits for them.  Leaving early cancels what is not begun.

    By default one process per core but one, the core the caller's own work keeps busy:
    on two cores, one worker beside the caller.  More would only take turns on the same
    cores, each paying its own start (the game's caches, the odds' above all, cold
    again) and taking turns with the caller's process, whose sections wait meanwhile.  With no worker
    (`workers=0`, one core) or one chunk of matches, the replays are read in this
    process when called."""
    spec = _Game(game.spec.name, game.players, tuple(game.options.items()))
    groups = [tuple(keys[i : i + CHUNK_MATCHES]) for i in range(0, len(keys), CHUNK_MATCHES)]
    if workers is None:
        workers = (os.cpu_count() or 1) - 1
    workers = min(workers, len(groups))
    if workers < 1 or len(groups) == 1:
        yield lambda: Histories(tuple(_read_here(results, groups, game)), tuple(keys))
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending = [pool.submit(_chunk, results, group, spec) for group in groups]
        try:
            yield lambda: Histories(tuple(future.result() for future in pending), tuple(keys))
        except BaseException:
            pool.shutdown(cancel_futures=True)
            raise


def _read_here(results: Path, groups: Sequence[tuple[str, ...]], game: engine.Game) -> list[str]:
    store = ResultStore.open_readonly(results)
    try:
        return [_pack_matches([store.match(key) for key in group], game) for group in groups]
    finally:
        store.close()


def match_histories(match: StoredMatch, game: engine.Game) -> Histories:
    """One match's replay, from a match already read whole."""
    return Histories((_pack_matches([match], game),), (match.key,))


_stores: dict[Path, ResultStore] = {}


def _chunk(results: Path, keys: tuple[str, ...], spec: _Game) -> str:
    """One chunk's packed replays (run in a worker process: the store is opened once per
    process and read only)."""
    store = _stores.get(results)
    if store is None:
        store = _stores[results] = ResultStore.open_readonly(results)
    return _pack_matches([store.match(key) for key in keys], spec.load())


def _pack_matches(matches: Sequence[StoredMatch], game: engine.Game) -> str:
    return pack([match_replay(game, match.history, match.names) for match in matches])
