"""Duplicate bridge scoring: a contract's score by Law 77, IMPs by Law 78B.

The seed gives the trick values (minors 20, majors 30, notrump 40 then 30) and leaves
the rest to the Laws (RULINGS.md §bridge 4); tests/engine/test_bridge_scoring.py checks
every level, strain, doubling, vulnerability and result against endplay's scorer.
"""

from __future__ import annotations

from .._errors import PositionError
from .records import Contract, Doubling, Strain

__all__ = ["contract_score", "declarer_score", "imps", "IMP_SCALE"]

#: Law 78B: the upper end of each band of point differences, 0 IMPs up to 10 points,
#: 1 IMP from 20 to 40, …, 23 IMPs from 3500 to 3990; 4000 or more is 24.
IMP_SCALE = (
    10,
    40,
    80,
    120,
    160,
    210,
    260,
    310,
    360,
    420,
    490,
    590,
    740,
    890,
    1090,
    1290,
    1490,
    1740,
    1990,
    2240,
    2490,
    2990,
    3490,
    3990,
)

_MULTIPLIER = {Doubling.UNDOUBLED: 1, Doubling.DOUBLED: 2, Doubling.REDOUBLED: 4}


def imps(difference: float) -> int:
    """The IMPs a difference in points is worth (Law 78B), with its sign."""
    size = abs(difference)
    won = sum(1 for top in IMP_SCALE if size > top)
    return won if difference >= 0 else -won


def _trick_points(strain: Strain, tricks: int) -> int:
    """Undoubled points for `tricks` odd tricks bid and made."""
    if strain is Strain.NOTRUMP:
        return 40 + 30 * (tricks - 1) if tricks else 0
    return (20 if strain in (Strain.CLUBS, Strain.DIAMONDS) else 30) * tricks


def declarer_score(level: int, strain: Strain, doubling: Doubling, vulnerable: bool, tricks: int) -> int:
    """Declarer's side's score (negative when the contract fails) for a contract of
    `level` in `strain` that took `tricks` of the thirteen (Law 77)."""
    if not 1 <= level <= 7 or not 0 <= tricks <= 13:
        raise PositionError(f"A contract is bid at level 1 to 7 and takes 0 to 13 tricks, not level {level}, {tricks}.")
    need = level + 6
    times = _MULTIPLIER[doubling]
    if tricks < need:
        return -_undertricks(need - tricks, doubling, vulnerable)
    contract_points = _trick_points(strain, level) * times
    score = contract_points
    score += (500 if vulnerable else 300) if contract_points >= 100 else 50
    if level == 6:
        score += 750 if vulnerable else 500
    elif level == 7:
        score += 1500 if vulnerable else 1000
    over = tricks - need
    if doubling is Doubling.UNDOUBLED:
        score += _trick_points(strain, level + over) - _trick_points(strain, level)
    else:
        score += over * (200 if vulnerable else 100) * (times // 2)
        score += 50 * (times // 2)  # the insult: 50 doubled, 100 redoubled
    return score


def _undertricks(down: int, doubling: Doubling, vulnerable: bool) -> int:
    if doubling is Doubling.UNDOUBLED:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        penalty = 200 + 300 * (down - 1)
    else:  # 100 for the first, 200 for the second and third, 300 for each after
        penalty = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return penalty * (2 if doubling is Doubling.REDOUBLED else 1)


def contract_score(contract: Contract | None, vulnerable: bool, declarer_tricks: int) -> int:
    """The score for declarer's side; 0 for a passed-out board (`contract` None)."""
    if contract is None:
        return 0
    return declarer_score(contract.level, contract.strain, contract.doubling, vulnerable, declarer_tricks)
