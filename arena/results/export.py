"""Exports of a results file for pandas & co, as CSV or JSON lines (`arena export`).

    export_deals(store, out, "csv")     one row per match, deal and seat (EXPORT_COLUMNS)
    export_stats(store, out, "jsonl")   the game's statistics per match and seat

Both write to a text stream and return the number of rows written.
"""

from __future__ import annotations

import csv
import dataclasses
import json
from typing import Literal, TextIO

import engine
from arena.errors import StoreError
from arena.results.schema import EXPORT_COLUMNS
from arena.results.store import ResultStore

__all__ = ["EXPORT_COLUMNS", "export_deals", "export_stats"]

Format = Literal["csv", "jsonl"]


def export_deals(store: ResultStore, out: TextIO, format: Format) -> int:
    """Write one row per (match, deal, seat) to `out`; returns the number of rows.

    Columns: key, round, table, rotation, seed, deal, seat, bot, score, rank, forfeit,
    faults (the kinds of that seat's faults in that deal, joined by ",").  CSV has a
    header line and writes forfeit as true/false; JSON lines are objects with the
    same keys (forfeit a boolean).
    """
    _check(format)
    count = 0
    if format == "csv":
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(EXPORT_COLUMNS)
        for row in store.rows():
            row["forfeit"] = "true" if row["forfeit"] else "false"
            writer.writerow(row[c] for c in EXPORT_COLUMNS)
            count += 1
    else:
        for row in store.rows():
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
            count += 1
    return count


def export_stats(store: ResultStore, out: TextIO, format: Format) -> int:
    """Write one row per (match, seat) with the game's statistics counts (e.g. conto's bluffs).

    Columns: key, round, table, rotation, seat, bot, then the fields of the game's
    statistics record.  CSV has a header line (none when no row is written); a game
    without statistics writes nothing.
    """
    _check(format)
    info = store.info()
    game = engine.load(info.game, players=info.seats, **info.options)
    writer = None
    rows = 0
    for match in store.matches():
        for seat, stats in enumerate(game.seat_statistics(match.history) or ()):
            counts = dataclasses.asdict(stats)  # type: ignore[call-overload]  # every SeatStats is a dataclass
            row = {
                "key": match.key,
                "round": match.round,
                "table": match.table,
                "rotation": match.rotation,
                "seat": seat,
                "bot": match.names[seat],
                **counts,
            }
            if format == "jsonl":
                out.write(json.dumps(row) + "\n")
            else:
                if writer is None:
                    writer = csv.DictWriter(out, fieldnames=list(row))
                    writer.writeheader()
                writer.writerow(row)
            rows += 1
    return rows


def _check(format: str) -> None:
    if format not in ("csv", "jsonl"):
        raise StoreError(f"Cannot export as {format!r}; the formats are csv and jsonl.")
