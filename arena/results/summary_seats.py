"""A match's faults and time use, copied beside its summary, where the tables read them.

The ``matches`` row stores them after the match's history, and SQLite reaches a column
after a long value only by reading every page of it: reading the faults and time use of
100,000 matches from there reads the whole file (2 GB of histories).  So the writer
copies both, as stored, into the match's ``summaries`` row (`SEAT_COLUMNS`), and a file
written before gets them copied once, in one SQL statement (`keep_seats`), when it is
first opened for writing or, if no run holds it, for reading.  A row without them (a
file no one could write since, an older arena's writer) is read from ``matches``
instead (`_reading.MatchReader.summarised_pages`): slower, the same values.
"""

from __future__ import annotations

import sqlite3

__all__ = ["SEAT_COLUMNS", "has_seat_columns", "seats_kept", "keep_seats"]

#: The columns added to ``summaries`` (JSON as the ``matches`` columns of the same names).
SEAT_COLUMNS = ("faults", "time_use")

#: The meta key saying every summary has its match's faults and time use copied.
_KEPT = "summary_seats"


def has_seat_columns(db: sqlite3.Connection) -> bool:
    """Whether the file's ``summaries`` table has the copied columns."""
    names = {row[1] for row in db.execute("PRAGMA table_info(summaries)")}
    return all(column in names for column in SEAT_COLUMNS)


def seats_kept(db: sqlite3.Connection) -> bool:
    """Whether every summary's faults and time use were copied (nothing for `keep_seats` to do)."""
    return db.execute("SELECT 1 FROM meta WHERE key = ?", (_KEPT,)).fetchone() is not None


def keep_seats(db: sqlite3.Connection, *, again: bool = False) -> None:
    """Copy every summary's match's faults and time use beside it, once, in one
    transaction, on an open writable file whose ``summaries`` table exists; `again`: for
    the summaries just made again too (`summaries.fill_missing`), though it was done."""
    if seats_kept(db) and not again:
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        if not has_seat_columns(db):
            for column in SEAT_COLUMNS:
                db.execute(f"ALTER TABLE summaries ADD COLUMN {column} TEXT")
        matches = {row[1] for row in db.execute("PRAGMA table_info(matches)")}
        time_use = "m.time_use" if "time_use" in matches else "'[]'"  # a file from before time use
        db.execute(
            f"UPDATE summaries SET faults = m.faults, time_use = {time_use} FROM matches AS m "
            "WHERE m.key = summaries.match AND summaries.time_use IS NULL"
        )
        db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, 'true')", (_KEPT,))
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
