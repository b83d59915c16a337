"""What the report needs from the matches' full histories: the replays, packed in chunks,
and each bot's statistics. Decoding a history and walking it is most of a report's time
(conto's statistics judge every declaration's odds), so a large file is read by several
processes at once, one chunk of matches each; a small one in this process."""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import engine
from arena.records import StoredMatch
from arena.report._replay import CHUNK_MATCHES, match_replay, pack
from arena.results import BotStatistics, ResultStore, bot_statistics

__all__ = ["Histories", "read_histories", "match_histories"]


@dataclass(frozen=True)
class Histories:
    #: The replays in the order of the matches asked for, CHUNK_MATCHES to a chunk.
    chunks: tuple[str, ...]
    #: Each bot's statistics over all its seats, by name; () when the game has none.
    statistics: tuple[BotStatistics, ...]


@dataclass(frozen=True)
class _Game:
    """What a worker process needs to load the game (an engine.Game may not pickle)."""

    name: str
    players: int
    options: tuple[tuple[str, object], ...]

    def load(self) -> engine.Game:
        return engine.load(self.name, players=self.players, **dict(self.options))


def read_histories(results: Path, keys: Sequence[str], game: engine.Game, workers: int | None = None) -> Histories:
    """The replays and statistics of the matches `keys` of `results`, in that order."""
    spec = _Game(game.spec.name, game.players, tuple(game.options.items()))
    groups = [tuple(keys[i : i + CHUNK_MATCHES]) for i in range(0, len(keys), CHUNK_MATCHES)]
    workers = min(workers or os.cpu_count() or 1, len(groups))
    if workers <= 1:
        store = ResultStore.open_readonly(results)
        try:
            parts = [_pack_matches([store.match(key) for key in group], game) for group in groups]
        finally:
            store.close()
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            parts = list(pool.map(_chunk, [results] * len(groups), groups, [spec] * len(groups)))
    totals: dict[str, engine.SeatStats] = {}
    for _, stats in parts:
        for name, line in stats.items():
            totals[name] = line if name not in totals else totals[name] + line
    return Histories(
        tuple(chunk for chunk, _ in parts), tuple(BotStatistics(name, totals[name]) for name in sorted(totals))
    )


def match_histories(match: StoredMatch, game: engine.Game) -> Histories:
    """One match's replay and statistics, from a match already read whole."""
    chunk, _ = _pack_matches([match], game)
    return Histories((chunk,), ())


_stores: dict[Path, ResultStore] = {}


def _chunk(results: Path, keys: tuple[str, ...], spec: _Game) -> tuple[str, dict[str, engine.SeatStats]]:
    """One chunk's packed replays and its bots' statistics (run in a worker process: the
    store is opened once per process and read only)."""
    store = _stores.get(results)
    if store is None:
        store = _stores[results] = ResultStore.open_readonly(results)
    return _pack_matches([store.match(key) for key in keys], spec.load())


def _pack_matches(matches: Sequence[StoredMatch], game: engine.Game) -> tuple[str, dict[str, engine.SeatStats]]:
    stats = {line.name: line.stats for line in bot_statistics(matches, game)}
    return pack([match_replay(game, match.history, match.names) for match in matches]), stats
