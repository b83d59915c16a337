"""Bridge statistics per seat: contracts declared, made and down, defence, and how far
each board's result at this table was from the double-dummy par.

A bot that plays both seats of a partnership adds its two seats up, so the table reads
per pair.  Counts add up over matches; rates are worked out from them when printed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from .._core import Event
from .._stats import Moment, SeatStats, StatsColumn
from .par import Board, par_scores
from .records import BoardDealt, BoardScored, Forfeited, side_of
from .scoring import imps

__all__ = ["BoardVerdict", "BridgeMark", "BridgeStats", "bridge_moments", "bridge_statistics"]


def _rate(part: int, whole: int) -> str:
    # One decimal, as every table's percentages (conto's, frederik's, the Elo table's).
    return f"{100 * part / whole:.1f}%" if whole else "-"


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
        StatsColumn(
            "seat-boards",
            # Not the Elo table's `boards` (each compared board once): its two seats at both
            # tables make a board compared count 4 here.
            "boards the bot finished, one per seat it held: both seats of its side at both tables, 4 per board compared",
            lambda s: str(s.boards),
        ),
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

    @classmethod
    def moments(cls, history: Sequence[Event], players: int, options: Mapping[str, Any]) -> tuple[Moment, ...]:
        return bridge_moments(history)


class BridgeMark(StrEnum):
    """What a marked board counts as, for its declarer."""

    MADE = "made"
    DOWN = "down"


@dataclass(frozen=True, slots=True)
class BoardVerdict:
    """One board scored at this table, as the statistics count it: its place in the
    history, its result, and its side's IMPs against the par (None when a fault left
    the board without all four hands)."""

    event: int
    scored: BoardScored
    par: int | None

    @property
    def made(self) -> bool:
        contract = self.scored.contract
        return contract is not None and self.scored.declarer_tricks >= contract.level + 6

    @property
    def par_imps(self) -> int | None:
        """North-South's IMPs against the par, None without a par."""
        return None if self.par is None else imps(self.scored.score - self.par)


def bridge_statistics(history: Sequence[Event]) -> tuple[BridgeStats, ...]:
    """Each seat's statistics over one match's full (referee) history."""
    counts = [
        dict.fromkeys(("boards", "declared", "made", "down", "defended", "defeated", "passed_out"), 0) for _ in range(4)
    ]
    par_boards = 0
    par_imps = [0, 0]
    for verdict in _judged(history):
        for seat in range(4):
            counts[seat]["boards"] += 1
        contract = verdict.scored.contract
        if contract is None:
            for seat in range(4):
                counts[seat]["passed_out"] += 1
        else:
            declarer = counts[contract.declarer]
            declarer["declared"] += 1
            declarer["made" if verdict.made else "down"] += 1
            for seat in ((contract.declarer + 1) % 4, (contract.declarer + 3) % 4):
                counts[seat]["defended"] += 1
                counts[seat]["defeated"] += 0 if verdict.made else 1
        if verdict.par_imps is not None:
            par_boards += 1
            par_imps[0] += verdict.par_imps
            par_imps[1] -= verdict.par_imps
    return tuple(
        BridgeStats(**counts[seat], par_boards=par_boards, par_imps=par_imps[side_of(seat)]) for seat in range(4)
    )


def bridge_moments(history: Sequence[Event]) -> tuple[Moment, ...]:
    """Each contract made or down, marked on its board's score for its declarer with the
    par and the IMPs against it, as the statistics count them."""
    marks: list[Moment] = []
    for verdict in _judged(history):
        contract = verdict.scored.contract
        if contract is None:
            continue
        side = side_of(contract.declarer)
        if verdict.par is None:
            detail = f"{contract.text}, no par (a fault left the board short)"
        else:
            sign = 1 if side == 0 else -1
            tricks = verdict.scored.declarer_tricks
            detail = (
                f"{contract.text}, {tricks} trick{'s' if tricks != 1 else ''}; par for its side {sign * verdict.par:+d}, "
                f"its side {sign * (verdict.par_imps or 0):+d} IMPs against it"
            )
        marks.append(
            Moment(
                verdict.event,
                contract.declarer,
                BridgeMark.MADE if verdict.made else BridgeMark.DOWN,
                detail,
                bluff=False,
            )
        )
    return tuple(marks)


def _judged(history: Sequence[Event]) -> list[BoardVerdict]:
    """Every board scored in the history with its par: the one reading of the boards
    the statistics and the marks share (the pars computed together, endplay's batch)."""
    scored: list[tuple[int, BoardScored, Board | None]] = []
    board: Board | None = None
    for index, event in enumerate(history):
        if isinstance(event, BoardDealt):
            hands = tuple(h.cards for h in sorted(event.hands, key=lambda h: h.seat))
            board = (hands, event.dealer, event.vulnerability) if all(len(h) == 13 for h in hands) else None
        elif isinstance(event, Forfeited):
            board = None
        elif isinstance(event, BoardScored):
            scored.append((index, event, board))
    whole = [b for _, _, b in scored if b is not None]
    pars = iter(par_scores(whole)) if whole else iter(())
    return [BoardVerdict(index, event, next(pars) if b is not None else None) for index, event, b in scored]
