"""Which matches the page makes replayable.

A static page cannot make a replay when it is asked for, and a replay costs the report
its time (a match's history decoded and walked: tens of ms) and the page its size, so a
large file's report holds at most `limit` replays (`arena report --replays N`, default
`DEFAULT_REPLAYS`; `--replays all` every match).  Every match stays in the match list
with its result; those given a replay are, in this order until the limit:

1. every match with a fault, as the list's "with faults only" filter finds them;
2. the last `SPRT_MATCHES` matches the candidate or the baseline of the file's SPRT
   played (those that decided it);
3. the rest spread evenly over the schedule, so every part of the run has some.

A game rated by board (bridge) compares a board's two rooms, so its matches are chosen
by pairs of rooms: the limit may be passed by one match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import engine
from arena.records import SprtTest, StoredMatch

__all__ = ["DEFAULT_REPLAYS", "SPRT_MATCHES", "ReplayChoice", "choose_replays"]

#: Replays a report holds unless told otherwise: every match of a small tournament, and
#: a page that opens quickly and is written in seconds for a large one.
DEFAULT_REPLAYS = 300
#: The SPRT's last matches given a replay.
SPRT_MATCHES = 20


@dataclass(frozen=True)
class ReplayChoice:
    """The matches given a replay (`keys`, in schedule order) among `total`, and why."""

    keys: tuple[str, ...]
    total: int
    faulty: int = 0
    deciding: int = 0

    def note(self, results: Path, test: SprtTest | None) -> str:
        """The line above the match list: how many are replayable, and how to get all."""
        if len(self.keys) == self.total:
            return f"Every match is replayable ({self.total}): its replay button opens it."
        reasons = [f"{self.faulty} with a fault"] if self.faulty else []
        if self.deciding and test is not None:
            reasons.append(f"{self.deciding} of the SPRT's last matches of {test.candidate} or {test.baseline}")
        reasons.append("the rest spread evenly over the run" if reasons else "spread evenly over the run")
        return (
            f"{len(self.keys)} of {self.total} matches are replayable here ({', '.join(reasons)}); "
            f"the others are listed with their results. `arena report {results.name} --replays all` makes "
            f"every match replayable (a larger page, longer to write); `arena show {results.name} KEY --html` "
            "writes one match's replay."
        )


def choose_replays(
    matches: Sequence[StoredMatch],
    saved: Sequence[str],
    limit: int | None,
    game: engine.Game,
    test: SprtTest | None,
) -> ReplayChoice:
    """The replays of `matches` (in schedule order; `saved`: their keys in the order
    saved) for a page of at most `limit` (None: all)."""
    if limit is None or limit >= len(matches):
        return ReplayChoice(tuple(match.key for match in matches), len(matches))
    groups = _groups(matches, game)
    group_of = {key: index for index, group in enumerate(groups) for key in group}
    chosen: dict[int, None] = {}  # group indexes, in the order chosen
    taken = 0

    def take(index: int) -> bool:
        nonlocal taken
        if taken >= limit:
            return False
        if index not in chosen:
            chosen[index] = None
            taken += len(groups[index])
        return True

    faulty = sum(1 for match in matches if match.faults and take(group_of[match.key]))
    deciding = 0
    if test is not None:
        names = {match.key: match.names for match in matches}
        theirs = [key for key in saved if key in names and {test.candidate, test.baseline} & set(names[key])]
        deciding = sum(1 for key in theirs[-SPRT_MATCHES:] if take(group_of[key]))
    rest = [index for index in range(len(groups)) if index not in chosen]
    room = max(0, -(-(limit - taken) // max(1, len(groups[0]))))
    for step in range(min(room, len(rest))):
        take(rest[step * len(rest) // min(room, len(rest))])
    picked = {key for index in chosen for key in groups[index]}
    return ReplayChoice(tuple(match.key for match in matches if match.key in picked), len(matches), faulty, deciding)


def _groups(matches: Sequence[StoredMatch], game: engine.Game) -> list[tuple[str, ...]]:
    """The units chosen together: a match, or (by board) the rooms of one round's table."""
    if game.spec.rate_by is not engine.RateBy.BOARD:
        return [(match.key,) for match in matches]
    tables: dict[tuple[int, int], list[str]] = {}
    for match in matches:
        tables.setdefault((match.round, match.table), []).append(match.key)
    return [tuple(keys) for keys in tables.values()]
