"""Bridge scoring: Law 77 for every contract and result, against endplay's scorer and the
textbook; the IMP scale of Law 78B at every edge of every band."""

from __future__ import annotations

import itertools

import pytest
from endplay.types import Contract as EndplayContract
from endplay.types import Denom, Penalty, Player, Vul

from engine.bridge import IMP_SCALE, BoardScored, Contract, Doubling, Strain, contract_score, declarer_score, imps

_DENOM = {
    Strain.CLUBS: Denom.clubs,
    Strain.DIAMONDS: Denom.diamonds,
    Strain.HEARTS: Denom.hearts,
    Strain.SPADES: Denom.spades,
    Strain.NOTRUMP: Denom.nt,
}
_PENALTY = {
    Doubling.UNDOUBLED: Penalty.passed,
    Doubling.DOUBLED: Penalty.doubled,
    Doubling.REDOUBLED: Penalty.redoubled,
}


def endplay_score(level: int, strain: Strain, doubling: Doubling, vulnerable: bool, tricks: int) -> int:
    """endplay's Law 77 score for declarer North (vulnerable: both sides are)."""
    contract = EndplayContract(
        level=level,
        denom=_DENOM[strain],
        declarer=Player.north,
        penalty=_PENALTY[doubling],
        result=tricks - (level + 6),
    )
    return contract.score(Vul.both if vulnerable else Vul.none)


@pytest.mark.parametrize("doubling", list(Doubling), ids=lambda d: d.name.lower())
@pytest.mark.parametrize("vulnerable", [False, True], ids=["nv", "vul"])
def test_every_contract_and_result_scores_as_endplay_does(doubling, vulnerable):
    """7 levels x 5 strains x 14 results per doubling and vulnerability (2940 in all);
    every mismatch is listed, not only the first."""
    mismatches = []
    cases = 0
    for level, strain, tricks in itertools.product(range(1, 8), Strain, range(14)):
        ours = declarer_score(level, strain, doubling, vulnerable, tricks)
        theirs = endplay_score(level, strain, doubling, vulnerable, tricks)
        cases += 1
        if ours != theirs:
            mismatches.append(f"{level}{strain.letter} {doubling.name} {tricks} tricks: {ours} != endplay {theirs}")
    assert cases == 7 * 5 * 14
    assert not mismatches, "\n".join(mismatches)


@pytest.mark.parametrize(
    ("level", "strain", "doubling", "vulnerable", "tricks", "score"),
    [
        (4, Strain.SPADES, Doubling.UNDOUBLED, False, 11, 450),  # 4S+1 NV
        (4, Strain.SPADES, Doubling.UNDOUBLED, True, 10, 620),  # 4S= V
        (3, Strain.NOTRUMP, Doubling.UNDOUBLED, True, 9, 600),  # 3NT= V
        (3, Strain.NOTRUMP, Doubling.UNDOUBLED, False, 9, 400),  # 3NT= NV
        (1, Strain.NOTRUMP, Doubling.UNDOUBLED, False, 7, 90),  # 1NT= partscore
        (1, Strain.NOTRUMP, Doubling.DOUBLED, False, 7, 180),  # 1NTX= NV: 80 + 50 + 50 insult
        (1, Strain.NOTRUMP, Doubling.REDOUBLED, False, 7, 560),  # 1NTXX= NV: 160, game, insult 100
        (2, Strain.HEARTS, Doubling.DOUBLED, False, 8, 470),  # 2HX= makes game NV
        (2, Strain.HEARTS, Doubling.DOUBLED, True, 9, 870),  # 2HX+1 V
        (5, Strain.CLUBS, Doubling.UNDOUBLED, False, 13, 440),  # 5C+2 NV
        (6, Strain.DIAMONDS, Doubling.UNDOUBLED, False, 12, 920),  # small slam NV
        (6, Strain.SPADES, Doubling.UNDOUBLED, True, 12, 1430),  # small slam V
        (7, Strain.NOTRUMP, Doubling.UNDOUBLED, True, 13, 2220),  # grand slam V
        (7, Strain.NOTRUMP, Doubling.REDOUBLED, True, 13, 2980),  # 7NTXX= V
        (4, Strain.HEARTS, Doubling.UNDOUBLED, False, 8, -100),  # 2 down NV
        (4, Strain.HEARTS, Doubling.UNDOUBLED, True, 8, -200),  # 2 down V
        (4, Strain.SPADES, Doubling.DOUBLED, False, 7, -500),  # 3 down doubled NV
        (4, Strain.SPADES, Doubling.DOUBLED, True, 6, -1100),  # 4 down doubled V
        (4, Strain.SPADES, Doubling.DOUBLED, False, 6, -800),  # 4 down doubled NV
        (4, Strain.SPADES, Doubling.REDOUBLED, False, 7, -1000),  # 3 down redoubled NV
        (1, Strain.CLUBS, Doubling.DOUBLED, True, 6, -200),  # 1 down doubled V
        (7, Strain.NOTRUMP, Doubling.REDOUBLED, True, 0, -7600),  # 13 down redoubled V
    ],
)
def test_textbook_scores(level, strain, doubling, vulnerable, tricks, score):
    assert declarer_score(level, strain, doubling, vulnerable, tricks) == score


def test_contract_score():
    assert contract_score(None, True, 0) == 0  # passed out
    assert contract_score(None, False, 0) == 0
    assert contract_score(Contract(4, Strain.HEARTS, Doubling.DOUBLED, 2), False, 10) == 590
    assert contract_score(Contract(3, Strain.NOTRUMP, Doubling.UNDOUBLED, 1), True, 8) == -100


@pytest.mark.parametrize(("level", "tricks"), [(0, 7), (8, 13), (4, -1), (4, 14)])
def test_impossible_contracts_are_refused(level, tricks):
    with pytest.raises(ValueError, match="level 1 to 7"):
        declarer_score(level, Strain.CLUBS, Doubling.UNDOUBLED, False, tricks)


#: Law 78B as printed: each band's lowest and highest difference and its IMPs.
LAW_78B = [
    (0, 10, 0),
    (20, 40, 1),
    (50, 80, 2),
    (90, 120, 3),
    (130, 160, 4),
    (170, 210, 5),
    (220, 260, 6),
    (270, 310, 7),
    (320, 360, 8),
    (370, 420, 9),
    (430, 490, 10),
    (500, 590, 11),
    (600, 740, 12),
    (750, 890, 13),
    (900, 1090, 14),
    (1100, 1290, 15),
    (1300, 1490, 16),
    (1500, 1740, 17),
    (1750, 1990, 18),
    (2000, 2240, 19),
    (2250, 2490, 20),
    (2500, 2990, 21),
    (3000, 3490, 22),
    (3500, 3990, 23),
    (4000, 100000, 24),
]


@pytest.mark.parametrize(("low", "high", "won"), LAW_78B)
def test_imps_at_both_edges_of_every_band(low, high, won):
    for difference in range(low, min(high, 4100) + 1, 10):
        assert imps(difference) == won, difference
        assert imps(-difference) == -won, -difference
    assert imps(high) == won and imps(-high) == -won


def test_imps_edges_named():
    assert [imps(d) for d in (0, 10, 20, 40, 50, 3990, 4000, 10000)] == [0, 0, 1, 1, 2, 23, 24, 24]
    assert [imps(d) for d in (-10, -20, -50, -4000, -10000)] == [0, -1, -2, -24, -24]
    assert len(IMP_SCALE) == 24  # 25 bands, 0 to 24


def test_every_score_difference_is_a_multiple_of_10():
    """IMPs are only asked of differences of two Law 77 scores, all multiples of 10."""
    scores = {
        declarer_score(level, strain, doubling, vulnerable, tricks)
        for level, strain, doubling, vulnerable, tricks in itertools.product(
            range(1, 8), Strain, Doubling, (False, True), range(14)
        )
    }
    assert all(score % 10 == 0 for score in scores)


def test_a_boards_result_reads_as_bridge_players_say_it():
    grand = Contract(7, Strain.SPADES, Doubling.UNDOUBLED, 2)
    down_twelve = BoardScored(board=3, contract=grand, declarer_tricks=1, score=-600, totals=(-600, 600))
    assert down_twelve.text == "board 3: 7S by S, 1 trick, down 12; N-S -600"
    made = BoardScored(board=4, contract=grand, declarer_tricks=13, score=1510, totals=(910, -910))
    assert made.text == "board 4: 7S by S, 13 tricks, made; N-S +1510"
