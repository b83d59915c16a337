"""A results file as one self-contained HTML page: `arena report`, `arena show --html`.

    write_report(Path("results/conto-zoo.sqlite"), Path("report.html"))

The page needs no server and no network (styles, script and data are inlined), so it
can be mailed or put on any static host. It shows the Elo ladder with its intervals,
the tables as `arena table` prints them, the head-to-head heat map, the game's rates as
charts, Elo and the SPRT's LLR over the run, the faults, and every match with its result,
up to `replays` of them replayable step by step from the game's scenes
(`engine.Game.scenes`), loaded lazily from compressed chunks.  The tables and charts
read the summaries stored with each match (as `arena table` does); only the replays
read histories, which is why a large file's page holds a bounded number (_choice.py).

    _page.py      the page: the match list and the replay viewer's data
    _sections.py  its sections from the stored summaries: ratings, head to head, statistics…
    _charts.py    the ladder, the heat map and the rate charts (SVG and HTML, no script)
    _progress.py  Elo over the run: the fit of the first matches at a few points
    _llr.py       the SPRT's LLR over the run, between its bounds
    _axes.py      the axes the charts share
    _choice.py    which matches get a replay
    _histories.py the chosen matches' replays, read by a worker process meanwhile
    _replay.py    a match's scenes as compact replay data, packed in chunks
    _bridge.py    bridge's boards at each table and the two rooms compared
    _scores.py    each bot's distribution of scores
    assets/       the viewer's style sheet and script

Imports run one way: this package reads arena.results and the engine, nothing else.
"""

from __future__ import annotations

from pathlib import Path

import engine
from arena.errors import UsageError
from arena.report._choice import DEFAULT_REPLAYS, choose_replays
from arena.report._histories import match_histories, reading_histories
from arena.report._page import Ratings, tournament_page
from arena.report._page import match_page as _match_page
from arena.report._replay import CHUNK_MATCHES
from arena.report._sections import StoredResults
from arena.results import ResultStore
from arena.results.summaries import stored_summaries

__all__ = ["CHUNK_MATCHES", "DEFAULT_REPLAYS", "Ratings", "write_report", "match_page", "write_page"]


def write_report(
    results: Path,
    output: Path,
    ratings: Ratings | None = None,
    workers: int | None = None,
    replays: int | None = DEFAULT_REPLAYS,
) -> int:
    """Write the report of every match in `results` to `output`; the matches written.

    At most `replays` matches get a replay (None: every one; see _choice.py for which);
    they are read by `workers` processes beside this one (default: one per core but
    one; 0: in this process) when there are more than one chunk of them."""
    ratings = ratings or Ratings()
    store = ResultStore.open_readonly(results)
    try:
        info = store.info()
        game = engine.load(info.game, players=info.seats, **info.options)
        summaries = stored_summaries(store, game)[0]  # in the order saved
        matches = list(store.matches(history=False))  # in schedule order
        unsandboxed = store.unsandboxed()
    finally:
        store.close()
    if ratings.anchor is not None and ratings.anchor[0] not in info.bots:
        raise UsageError(
            f"--anchor {ratings.anchor[0]!r} is not a bot of {info.name}; its bots are {', '.join(info.bots)}."
        )
    # A run may save a match between the two reads: the page holds those both read.
    summarised = {summary.key for summary in summaries}
    matches = [match for match in matches if match.key in summarised]
    listed = {match.key for match in matches}
    stored = StoredResults(info, tuple(matches), tuple(s for s in summaries if s.key in listed), tuple(unsandboxed))
    choice = choose_replays(matches, stored.saved_keys(), replays, game, info.sprt)
    with reading_histories(results, choice.keys, game, workers) as histories:
        page = tournament_page(results, stored, choice, histories, game, ratings)
    write_page(output, page)
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
