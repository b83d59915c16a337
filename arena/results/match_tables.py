"""The tables of single matches: `arena list`'s one line per stored match, and how a
played match ended (`arena play`), each column with its explanation (`tables.Column`)."""

from __future__ import annotations

from dataclasses import dataclass

import engine
from arena.records import MatchRecord, StoredMatch
from arena.results.tables import Column, render

__all__ = ["MATCH_LIST_COLUMNS", "SeatResult", "match_result_columns", "match_result_table"]


#: `arena list`: one line per stored match.
MATCH_LIST_COLUMNS: tuple[Column[StoredMatch], ...] = (
    Column("match", "the match key arena show takes: its round, table and seating (r1-t2-p3)", lambda match: match.key),
    Column("seats, in order", "the bots, from seat 0 on", lambda match: " ".join(match.names)),
    Column("deals", "the deals the match had", lambda match: len(match.deals)),
    Column(
        "faults",
        "each fault: the bot, its kind and the deal it forfeited; - for none",
        lambda match: ", ".join(f"{fault.bot} {fault.kind.value} (deal {fault.deal})" for fault in match.faults) or "-",
    ),
    Column("finished", "when the match finished (UTC, ISO 8601)", lambda match: match.finished_at),
)


@dataclass(frozen=True)
class SeatResult:
    """One line of a played match's result: a seat, its bot and how the match ended for it."""

    seat: int
    name: str
    score: float
    standing: float
    rank: int


def match_result_columns(game: engine.Game) -> tuple[Column[SeatResult], ...]:
    """The columns of a played match's result (`arena play`) for `game`."""
    kind = game.statistics_kind()
    standing = "the match score in the game's own terms"
    if kind is not None and kind.STANDING_EXPLANATION:
        standing = kind.STANDING_EXPLANATION
    return (
        Column("seat", "the seat, 0 first, as the transcript numbers them", lambda line: line.seat),
        Column("bot", "the bot in that seat (--bot NAME=…)", lambda line: line.name),
        Column(
            "score",
            "the match score, higher is better: the rank orders the seats by it",
            lambda line: f"{line.score:g}",
        ),
        Column("standing", standing, lambda line: f"{line.standing:g}"),
        Column(
            "rank", "the seat's place in the match, 1 = best; tied seats share the best place", lambda line: line.rank
        ),
    )


def match_result_table(record: MatchRecord, game: engine.Game, tablefmt: str = "simple") -> str:
    """How a played match ended, one line per seat."""
    lines = [
        SeatResult(seat, name, record.result.scores[seat], record.standing[seat], record.result.ranks[seat] + 1)
        for seat, name in enumerate(record.names)
    ]
    return render(match_result_columns(game), lines, tablefmt)
