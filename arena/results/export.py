"""Exports of a results file for pandas & co, as CSV or JSON lines (`arena export`).

    export_deals(store, out, "csv")     one row per match, deal and seat (DEAL_EXPORT_COLUMNS)
    export_stats(store, out, "jsonl")   the game's statistics per match and seat
    export_pbn(store, out)              bridge only: every board of every match as PBN games

Both write to a text stream and return the number of rows written; CSV lines end in
"\\n" (LF) and start with a header line.  Each column is declared with its explanation
(`arena.results.tables.Column`), and `arena table --explain` prints them.

Two choices made for readers of the CSV: ranks are 1-based like every rank a person reads
(1 = best, tied seats share the best rank: the engine's competition ranks, 0-based, plus
one), and a seat without faults has "-" in `faults`, never an empty cell, which pandas
would read as NaN (a float, and an all-float column in a clean tournament): "-" is not
among pandas' default NA strings, so `pd.read_csv(path)` keeps `faults` as text.
"""

from __future__ import annotations

import csv
import dataclasses
import json
from collections.abc import Callable, Mapping
from typing import Any, Literal, TextIO

import engine
from arena.errors import StoreError, UsageError
from arena.results.schema import EXPORT_COLUMNS
from arena.results.store import ResultStore
from arena.results.tables import Column
from engine.bridge import PBN_HEADER, match_to_pbn

__all__ = [
    "EXPORT_COLUMNS",
    "DEAL_EXPORT_COLUMNS",
    "STATS_EXPORT_COLUMNS",
    "NO_FAULTS",
    "export_deals",
    "export_stats",
    "export_pbn",
]

Format = Literal["csv", "jsonl"]
ExportRow = Mapping[str, Any]

#: The `faults` value of a seat without faults in a deal.
NO_FAULTS = "-"


def _stored(name: str) -> Callable[[ExportRow], Any]:
    return lambda row: row[name]


_KEY = Column("key", "the match key, as arena list and arena show give it (r1-t2-p3)", _stored("key"))
_ROUND = Column("round", "the round, 1 first", _stored("round"))
_TABLE = Column("table", "the table in the round (which bots sit together), 1 first", _stored("table"))
_ROTATION = Column(
    "rotation", "the seating of the table's bots, 0 first (the key's p number is rotation + 1)", _stored("rotation")
)
_SEAT = Column("seat", "the seat, 0 first, as arena show numbers them", _stored("seat"))
_BOT = Column("bot", "the bot in that seat", _stored("bot"))

#: `export_deals`: one row per (match, deal, seat); the CSV header and the JSON keys are
#: these headings, in this order (the same names as `EXPORT_COLUMNS`).
DEAL_EXPORT_COLUMNS: tuple[Column[ExportRow], ...] = (
    _KEY,
    _ROUND,
    _TABLE,
    _ROTATION,
    Column("seed", "the match seed: the same seed deals the same cards", _stored("seed")),
    Column("deal", "the deal in the match, 1 first", _stored("deal")),
    _SEAT,
    _BOT,
    Column(
        "score",
        "the seat's score for the deal in the game's unit, higher is better (conto: -1 for the "
        "deal's loser, 0 for the others; invido: what the giocata was worth to its winner, 0 to the loser)",
        _stored("score"),
    ),
    Column(
        "rank",
        "the seat's place in the deal, 1 = best; tied seats share the best place (4 seats, one loser: 1, 1, 1, 4)",
        lambda row: row["rank"] + 1,
    ),
    Column("forfeit", "true when the seat forfeited the deal (a fault of its bot), else false", _stored("forfeit")),
    Column(
        "faults",
        f'the kinds of the seat\'s faults in the deal (timeout, crash…), joined by ","; "{NO_FAULTS}" for none',
        lambda row: row["faults"] or NO_FAULTS,
    ),
)

#: `export_stats`: one row per (match, seat), these columns and then one per count of the
#: game's statistics record, named as its fields (engine/<game>/stats.py defines each).
STATS_EXPORT_COLUMNS: tuple[Column[ExportRow], ...] = (_KEY, _ROUND, _TABLE, _ROTATION, _SEAT, _BOT)


def export_deals(store: ResultStore, out: TextIO, format: Format) -> int:
    """Write one row per (match, deal, seat) to `out`; returns the number of rows.

    Columns: DEAL_EXPORT_COLUMNS (key, round, table, rotation, seed, deal, seat, bot,
    score, rank, forfeit, faults).  `rank` is 1-based: 1 = best, tied seats share the best
    rank (competition ranking, from the engine's 0-based ranks).  `faults` is "-" when the
    seat had none, so pandas reads the column as text (an empty cell would be NaN).  CSV
    has a header line and writes forfeit as true/false; JSON lines are objects with the
    same keys and values (forfeit a boolean).
    """
    _check(format)
    count = 0
    if format == "csv":
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(column.heading for column in DEAL_EXPORT_COLUMNS)
        for row in store.rows():
            writer.writerow(_csv_text(column.cell(row)) for column in DEAL_EXPORT_COLUMNS)
            count += 1
    else:
        for row in store.rows():
            record = {column.heading: column.cell(row) for column in DEAL_EXPORT_COLUMNS}
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
            count += 1
    return count


def export_stats(store: ResultStore, out: TextIO, format: Format) -> int:
    """Write one row per (match, seat) with the game's statistics counts (e.g. conto's bluffs).

    Columns: STATS_EXPORT_COLUMNS (key, round, table, rotation, seat, bot), then the fields
    of the game's statistics record.  CSV has a header line (none when no row is written)
    and LF line ends; a game without statistics writes nothing.
    """
    _check(format)
    info = store.info()
    game = engine.load(info.game, players=info.seats, **info.options)
    writer = None
    rows = 0
    for match in store.matches():
        for seat, stats in enumerate(game.seat_statistics(match.history) or ()):
            counts = dataclasses.asdict(stats)  # type: ignore[call-overload]  # every SeatStats is a dataclass
            if "hands" in counts and "deals" not in counts:
                # conto's and vegas's count of deals, under the name used everywhere else;
                # "hands", its old name, stays for the readers written against it.
                counts = {"deals": counts["hands"], **counts}
            stored = {
                "key": match.key,
                "round": match.round,
                "table": match.table,
                "rotation": match.rotation,
                "seat": seat,
                "bot": match.names[seat],
            }
            row = {**{column.heading: column.cell(stored) for column in STATS_EXPORT_COLUMNS}, **counts}
            if format == "jsonl":
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
            else:
                if writer is None:
                    writer = csv.DictWriter(out, fieldnames=list(row), lineterminator="\n")
                    writer.writeheader()
                writer.writerow(row)
            rows += 1
    return rows


def export_pbn(store: ResultStore, out: TextIO) -> int:
    """Write every board of every stored bridge match as a PBN 2.1 game; returns the
    number of boards.  Event is the tournament's name, Site "Arena", Date the day the
    match finished, the seats the match's bots (seat 0 North, 1 East, 2 South, 3 West);
    a comment before each game names the match key, so the two tables of a duplicate
    board can be told apart.  UsageError for a game other than bridge."""
    info = store.info()
    if info.game != "bridge":
        raise UsageError(f"--format pbn is for bridge results only, and {info.name} plays {info.game}.")
    out.write(PBN_HEADER)
    boards = 0
    for match in store.matches():
        where = f"Arena match {match.key}: round {match.round}, table {match.table}, rotation {match.rotation}"
        date = match.finished_at[:10].replace("-", ".")
        out.write("\n")
        text = match_to_pbn(match.history, match.names, event=info.name, site="Arena", date=date, comments=(where,))
        out.write(text.rstrip("\n") + "\n")
        boards += len(match.deals)
    return boards


def _csv_text(value: object) -> object:
    """A cell as CSV writes it: booleans as true/false (JSON's words), the rest as is."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return value


def _check(format: str) -> None:
    if format not in ("csv", "jsonl"):
        raise StoreError(f"Cannot export as {format!r}; the formats are csv and jsonl.")
