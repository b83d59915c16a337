"""The double-dummy par of a board: the score (for North-South) that best bidding by
both sides would reach if every card were known, worked out by endplay's DDS solver.

The bridge world measures bidding by the distance from par; the statistics table shows
it.  Each board costs a double-dummy table (20 solves, about 0.3 s on one core), so par
is worked out when a match's statistics are made (once, when it is saved), many boards at
once on every core, one call at a time in a process, and kept: the two tables of a
duplicate board share one computation.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import cache
from typing import Any

from .records import SEATS, SUITS, Vulnerability

__all__ = ["par_scores", "Board"]

#: A board as par needs it: the four hands (North first), the dealer, the vulnerability.
Board = tuple[tuple[tuple[str, ...], ...], int, Vulnerability]

_KNOWN: dict[Board, int] = {}
_DDS = threading.Lock()


@cache
def _endplay() -> tuple[Any, ...]:
    # Imported on first use: endplay loads DDS and matplotlib (about a second), which
    # only par needs, never play.
    from endplay.dds import calc_all_tables, par
    from endplay.types import Deal, Player, Vul

    vul = {
        Vulnerability.NONE: Vul.none,
        Vulnerability.NS: Vul.ns,
        Vulnerability.EW: Vul.ew,
        Vulnerability.BOTH: Vul.both,
    }
    return calc_all_tables, par, Deal, Player, vul


def _pbn(hands: tuple[tuple[str, ...], ...]) -> str:
    return "N:" + " ".join(".".join("".join(c[1] for c in hand if c[0] == s) for s in SUITS) for hand in hands)


def par_scores(boards: Sequence[Board]) -> list[int]:
    """The par score for North-South of each board, in order.  Safe from any thread."""
    # DDS keeps one solver state per process and runs its own threads: two calls at once,
    # from two matches saved at once in one process, crashed the process (SIGSEGV).
    with _DDS:
        missing = list(dict.fromkeys(b for b in boards if b not in _KNOWN))
        if missing:
            calc_all_tables, par, Deal, Player, vul = _endplay()
            tables = calc_all_tables([Deal(_pbn(hands)) for hands, _, _ in missing])
            for board, table in zip(missing, tables):
                _, dealer, vulnerability = board
                _KNOWN[board] = int(par(table, vul[vulnerability], Player.find(SEATS[dealer])).score)
        return [_KNOWN[b] for b in boards]
