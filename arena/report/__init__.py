"""A results file as one self-contained HTML page: `arena report`, `arena show --html`.

    write_report(Path("results/conto-zoo.sqlite"), Path("report.html"))

The page needs no server and no network (styles, script and data are inlined), so it
can be mailed or put on any static host. It shows the Elo ladder with its intervals,
the tables as `arena table` prints them, the head-to-head heat map, the game's rates as
charts, the faults, and every match, each replayable step by step from the game's
scenes (`engine.Game.scenes`), loaded lazily from compressed chunks.

    _page.py    the page: its sections, the embedded match list and replays
    _charts.py  the ladder, the heat map and the rate charts (SVG and HTML, no script)
    _progress.py  Elo over the run: the fit of the first matches at a few points
    _axes.py    the Elo axis the charts share
    _replay.py  a match's scenes as compact replay data, packed in chunks
    _bridge.py  bridge's boards at each table and the two rooms compared
    _scores.py  each bot's distribution of scores
    assets/     the viewer's style sheet and script

Imports run one way: this package reads arena.results and the engine, nothing else.
"""

from __future__ import annotations

from pathlib import Path

import engine
from arena.errors import UsageError
from arena.report._histories import match_histories, read_histories
from arena.report._page import Ratings, tournament_page
from arena.report._page import match_page as _match_page
from arena.results import ResultStore

__all__ = ["Ratings", "write_report", "match_page", "write_page"]


def write_report(results: Path, output: Path, ratings: Ratings | None = None, workers: int | None = None) -> int:
    """Write the report of every match in `results` to `output`; the matches written.

    The histories are read by `workers` processes (default: one per core) when the file
    holds more than one chunk of matches."""
    ratings = ratings or Ratings()
    store = ResultStore.open_readonly(results)
    try:
        info = store.info()
        matches = list(store.matches(history=False))  # in schedule order
        unsandboxed = store.unsandboxed()
    finally:
        store.close()
    if ratings.anchor is not None and ratings.anchor[0] not in info.bots:
        raise UsageError(
            f"--anchor {ratings.anchor[0]!r} is not a bot of {info.name}; its bots are {', '.join(info.bots)}."
        )
    game = engine.load(info.game, players=info.seats, **info.options)
    histories = read_histories(results, [match.key for match in matches], game, workers)
    write_page(output, tournament_page(info, matches, histories, game, unsandboxed, ratings))
    return len(matches)


def match_page(results: Path, key: str) -> str:
    """One match's replay page (`arena show RESULTS KEY --html`)."""
    store = ResultStore.open_readonly(results)
    try:
        info = store.info()
        match = store.match(key)
    finally:
        store.close()
    game = engine.load(info.game, players=info.seats, **info.options)
    return _match_page(info, match, match_histories(match, game), game)


def write_page(output: Path, page: str) -> None:
    """Write a page, or say in a sentence why it cannot be written."""
    try:
        output.write_text(page, encoding="utf-8")
    except OSError as error:
        raise UsageError(f"Cannot write {output}: {error.strerror or error}.") from None
