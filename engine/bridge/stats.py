"""Bridge statistics per seat: contracts declared, made and down, defence, and how far
each board's result at this table was from the double-dummy par.

A bot that plays both seats of a partnership adds its two seats up, so the table reads
per pair.  Counts add up over matches; rates are worked out from them when printed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from .._core import Event
from .._stats import SeatStats, StatsColumn
from .par import Board, par_scores
from .records import BoardDealt, BoardScored, Forfeited, side_of
from .scoring import imps

__all__ = ["BridgeStats", "bridge_statistics"]


def _rate(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def _mean(total: int, count: int) -> str:
    return f"{total / count:+.2f}" if count else "-"


@dataclass(frozen=True)
class BridgeStats(SeatStats):
    """One seat's counts.  `declared` contracts it played as declarer (`made`, `down`);
    `defended` contracts it defended (`defeated`: set); `passed_out` boards nobody bid;
    `par_imps` the IMPs of its side's score against the board's par, summed over the
    `par_boards` it finished (positive: better than par)."""

    boards: int = 0
    declared: int = 0
    made: int = 0
    down: int = 0
    defended: int = 0
    defeated: int = 0
    passed_out: int = 0
    par_boards: int = 0
    par_imps: int = 0

    COLUMNS: ClassVar[tuple[StatsColumn, ...]] = (
        StatsColumn("boards", "boards the bot finished, one per seat it held", lambda s: str(s.boards)),
        StatsColumn("declared", "contracts the bot played as declarer", lambda s: str(s.declared)),
        StatsColumn("made", "of the contracts it declared, those it made", lambda s: str(s.made)),
        StatsColumn("down", "of the contracts it declared, those that went down", lambda s: str(s.down)),
        StatsColumn("made %", "made / declared", lambda s: _rate(s.made, s.declared)),
        StatsColumn(
            "set %",
            "of the contracts it defended (the declarer's left or right), the share that went down",
            lambda s: _rate(s.defeated, s.defended),
        ),
        StatsColumn("passed out", "boards all four passed (0 points)", lambda s: str(s.passed_out)),
        StatsColumn(
            "IMPs vs par",
            "the mean IMPs per board of its side's score against the double-dummy par (endplay's "
            "par: both sides bidding and playing perfectly with every card known); below 0 is "
            "worse than par, the bridge world's measure of bidding",
            lambda s: _mean(s.par_imps, s.par_boards),
        ),
    )
    SCORE_EXPLANATION: ClassVar[str] = (
        "the pair's mean IMPs per board: its score on a board against the other table's score "
        "with the cards the same way round, by the IMP scale (Law 78B); a faulting side scores "
        "-3 (average-minus), the other +3"
    )
    STANDING_EXPLANATION: ClassVar[str] = "the side's total points at this table (Law 77), North-South or East-West"


def bridge_statistics(history: Sequence[Event]) -> tuple[BridgeStats, ...]:
    """Each seat's statistics over one match's full (referee) history."""
    counts = [
        dict.fromkeys(("boards", "declared", "made", "down", "defended", "defeated", "passed_out"), 0) for _ in range(4)
    ]
    finished: list[tuple[Board, int]] = []
    board: Board | None = None
    for event in history:
        if isinstance(event, BoardDealt):
            hands = tuple(h.cards for h in sorted(event.hands, key=lambda h: h.seat))
            board = (hands, event.dealer, event.vulnerability) if all(len(h) == 13 for h in hands) else None
        elif isinstance(event, Forfeited):
            board = None
        elif isinstance(event, BoardScored):
            for seat in range(4):
                counts[seat]["boards"] += 1
            contract = event.contract
            if contract is None:
                for seat in range(4):
                    counts[seat]["passed_out"] += 1
            else:
                made = event.declarer_tricks >= contract.level + 6
                declarer = counts[contract.declarer]
                declarer["declared"] += 1
                declarer["made" if made else "down"] += 1
                for seat in ((contract.declarer + 1) % 4, (contract.declarer + 3) % 4):
                    counts[seat]["defended"] += 1
                    counts[seat]["defeated"] += 0 if made else 1
            if board is not None:
                finished.append((board, event.score))
    par_imps = [0, 0]
    if finished:
        pars = par_scores([b for b, _ in finished])
        for (_, score), par in zip(finished, pars):
            par_imps[0] += imps(score - par)
            par_imps[1] -= imps(score - par)
    return tuple(
        BridgeStats(**counts[seat], par_boards=len(finished), par_imps=par_imps[side_of(seat)]) for seat in range(4)
    )
