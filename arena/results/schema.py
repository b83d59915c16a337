"""The tables of a results file, and a match as rows of them and back.

`match_rows` turns a finished match into its ``matches`` row and its ``deals`` rows;
`stored_match` reads a ``matches`` row (its columns as MATCH_COLUMNS) back.  Engine
records are JSON through `arena.results.codec`, faults through `Fault.to_data`.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from arena.errors import StoreError
from arena.records import CpuUse, Fault, MatchRecord, MatchSlot, StoredMatch, TimeUse
from arena.results.codec import from_data, to_data

__all__ = [
    "FORMAT",
    "SCHEMA",
    "TIME_USE_COLUMN",
    "MATCH_COLUMNS",
    "EXPORT_COLUMNS",
    "dumps",
    "match_rows",
    "now_text",
    "stored_match",
    "stored_time_use",
]

FORMAT = "arena-results/1"
#: The columns of `ResultStore.rows` (and of the deals export), in order.
EXPORT_COLUMNS = (
    "key",
    "round",
    "table",
    "rotation",
    "seed",
    "deal",
    "seat",
    "bot",
    "score",
    "rank",
    "forfeit",
    "faults",
)

SCHEMA = """
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL              -- JSON
);
CREATE TABLE matches (
    key         TEXT PRIMARY KEY,    -- the scheduler's key, e.g. r1-t3-p2
    round       INTEGER NOT NULL,
    table_no    INTEGER NOT NULL,
    rotation    INTEGER NOT NULL,
    seed        TEXT NOT NULL,       -- decimal: seeds may exceed SQLite's 64-bit integers
    names       TEXT NOT NULL,       -- JSON list, bot per seat
    scores      TEXT NOT NULL,       -- JSON list per seat
    ranks       TEXT NOT NULL,
    standing    TEXT NOT NULL,
    deal_results TEXT NOT NULL,      -- JSON (codec.py) of the DealResults
    history     TEXT NOT NULL,       -- JSON (codec.py) of the full history
    faults      TEXT NOT NULL,       -- JSON list of {seat, bot, kind, reason, deal}
    seconds     REAL NOT NULL,
    finished_at TEXT NOT NULL,       -- ISO 8601, UTC
    -- time_use: JSON list per seat of [decisions answered, seconds in all, longest seconds,
    --   decisions whose CPU was measured, their CPU seconds, CPU seconds charged off turn]
    time_use    TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX matches_order ON matches (round, table_no, rotation, key);
CREATE TABLE deals (
    match   TEXT NOT NULL REFERENCES matches (key) ON DELETE CASCADE,
    deal    INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    bot     TEXT NOT NULL,
    score   REAL NOT NULL,
    rank    INTEGER NOT NULL,
    forfeit INTEGER NOT NULL,        -- 1 when this seat forfeited this deal
    faults  TEXT NOT NULL,           -- fault kinds of this seat in this deal, joined by ","
    PRIMARY KEY (match, deal, seat)
);
"""

#: Added after the first files were written: `ResultStore` adds it to a file that lacks it
#: (an older arena reads such a file as before: it names the columns it reads).
TIME_USE_COLUMN = "time_use TEXT NOT NULL DEFAULT '[]'"

MATCH_COLUMNS = (
    "key, round, table_no, rotation, seed, names, scores, ranks, standing, "
    "deal_results, history, faults, seconds, finished_at, time_use"
)


def dumps(value: Any) -> str:
    """Compact JSON, as every JSON column of the file holds it."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def match_rows(slot: MatchSlot, record: MatchRecord, finished_at: str) -> tuple[tuple, list[tuple]]:
    """The ``matches`` row and the ``deals`` rows of a finished match (StoreError if inconsistent).

    Where the match sits (key, round, table, rotation) comes from `slot`; what it
    produced (seed, seat names, results, history, faults) from `record`.
    """
    key = slot.key
    result = record.result
    players = len(record.names)
    if len(result.scores) != players or len(result.ranks) != players:
        raise StoreError(f"Match {key!r} has {players} names but {len(result.scores)} scores; it was not saved.")
    faults_by: dict[tuple[int, int], list[str]] = {}
    for fault in record.faults:
        faults_by.setdefault((fault.deal, fault.seat), []).append(fault.kind.value)
    deal_rows = []
    for deal in result.deals:
        if len(deal.scores) != players or len(deal.ranks) != players:
            raise StoreError(
                f"Deal {deal.deal} of match {key!r} has {len(deal.scores)} scores for "
                f"{players} seats; the match was not saved."
            )
        for seat in range(players):
            deal_rows.append(
                (
                    key,
                    deal.deal,
                    seat,
                    record.names[seat],
                    float(deal.scores[seat]),
                    int(deal.ranks[seat]),
                    int(deal.forfeit == seat),
                    ",".join(faults_by.get((deal.deal, seat), ())),
                )
            )
    faults = [fault.to_data() for fault in record.faults]
    match_row = (
        key,
        int(slot.round),
        int(slot.table),
        int(slot.rotation),
        str(int(record.seed)),
        dumps(list(record.names)),
        dumps(to_data(tuple(result.scores))),
        dumps(to_data(tuple(result.ranks))),
        dumps(to_data(tuple(record.standing))),
        dumps(to_data(tuple(result.deals))),
        dumps(to_data(tuple(record.history))),
        dumps(faults),
        float(record.seconds),
        finished_at,
        dumps([_time_use_data(use) for use in record.time_use()]),
    )
    return match_row, deal_rows


def stored_match(row: tuple) -> StoredMatch:
    """The match a ``matches`` row holds (ValueError, KeyError or TypeError if it is garbled)."""
    (
        key,
        round_,
        table,
        rotation,
        seed,
        names,
        scores,
        ranks,
        standing,
        deals,
        history,
        faults,
        seconds,
        finished_at,
        time_use,
    ) = row
    return StoredMatch(
        key=key,
        round=round_,
        table=table,
        rotation=rotation,
        seed=int(seed),
        names=tuple(json.loads(names)),
        scores=tuple(json.loads(scores)),
        ranks=tuple(json.loads(ranks)),
        standing=tuple(json.loads(standing)),
        deals=from_data(json.loads(deals)),
        history=from_data(json.loads(history)),
        faults=tuple(Fault.from_data(f) for f in json.loads(faults)),
        seconds=seconds,
        finished_at=finished_at,
        time_use=stored_time_use(time_use),
    )


def _time_use_data(use: TimeUse) -> list[float]:
    return [use.decisions, use.total, use.longest, use.cpu.decisions, use.cpu.seconds, use.cpu.off_turn]


def stored_time_use(text: str) -> tuple[TimeUse, ...]:
    """A match's time use per seat, from its ``time_use`` column (JSON as stored)."""
    return tuple(_time_use(data) for data in json.loads(text))


def _time_use(data: list[float]) -> TimeUse:
    """A seat's time use as stored: [decisions, seconds, longest] and, since the arena
    measures CPU, [decisions measured, CPU seconds, CPU seconds charged off turn]."""
    n, total, longest, *cpu = data
    used = CpuUse(int(cpu[0]), float(cpu[1]), float(cpu[2])) if cpu else CpuUse(0, 0.0, 0.0)
    return TimeUse(int(n), float(total), float(longest), used)


def now_text() -> str:
    """The time now, as the results file stores it."""
    return datetime.now(UTC).isoformat(timespec="seconds")
