"""Conto's odds (engine/conto/odds.py) are exact without `fractions.Fraction`: every
`Chance` equals an exact reference computed here with Fractions, by a direct sum over
the cards of each portata's rank and the jokers drawn (not the module's shape-merging
sum), on the real deck; and it compares, multiplies and converts as a Fraction would.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product
from math import comb

import pytest

from engine.conto import JOKER, RANKS, Portata
from engine.conto.odds import Chance, chance_true
from engine.conto.records import COPIES_PER_RANK, JOKERS_IN_DECK

KINDS = RANKS + JOKER


def reference(
    plate: tuple[Portata, ...], known: list[int], unseen: int, others: tuple[Portata, ...], jokers: int | None
) -> Fraction:
    """The chance by enumerating how many unseen cards of each named rank, and of jokers,
    the hidden hands hold; the remaining hidden cards come from the ranks nobody named."""
    pool = [COPIES_PER_RANK - n for n in known[:-1]] + [JOKERS_IN_DECK - known[-1]]
    total = sum(pool)
    named = [*plate, *others]
    pools = [pool[KINDS.index(p.rank)] for p in named]
    rest = total - sum(pools) - pool[-1]
    own = known[-1] if jokers is None else jokers
    favourable = 0
    for drawn in product(*(range(n + 1) for n in pools), range(pool[-1] + 1)):
        *by_rank, wild = drawn
        left = unseen - sum(drawn)
        if left < 0 or left > rest:
            continue
        ways = comb(rest, left) * comb(pool[-1], wild)
        for n, x in zip(pools, by_rank):
            ways *= comb(n, x)
        miss = [max(0, p.quantity - known[KINDS.index(p.rank)] - x) for p, x in zip(named, by_rank)]
        covering = max(0, own - sum(miss[len(plate) :])) + wild  # own jokers fill the others first
        if sum(miss[: len(plate)]) <= covering:
            favourable += ways
    return Fraction(favourable, comb(total, unseen))


def random_case(rng: random.Random) -> tuple[tuple[Portata, ...], list[int], int, tuple[Portata, ...], int | None]:
    known = [0] * len(KINDS)
    for _ in range(rng.randint(4, 14)):  # a hand and a few revealed cards
        kind = rng.randrange(len(KINDS))
        if known[kind] < (JOKERS_IN_DECK if KINDS[kind] == JOKER else COPIES_PER_RANK):
            known[kind] += 1
    unseen = rng.randint(0, 30)
    ranks = rng.sample(RANKS, rng.randint(1, 4))
    portate = tuple(Portata(rank, rng.randint(1, 5)) for rank in ranks)
    mine = rng.randint(1, len(portate))
    jokers = rng.choice([None, 0, known[-1]])
    return portate[:mine], known, unseen, portate[mine:], jokers


def test_every_chance_equals_the_exact_reference_on_the_real_deck() -> None:
    rng = random.Random(44)
    near_half = 0
    for _ in range(150):
        plate, known, unseen, others, jokers = random_case(rng)
        got = chance_true(plate, known, unseen, others=others, jokers=jokers)
        exact = reference(plate, known, unseen, others, jokers)
        assert isinstance(got, Chance)
        assert got == exact and got.fraction == exact
        assert got.below_half == (exact < Fraction(1, 2)) == (2 * got < 1)
        assert abs(float(got) - float(exact)) <= 1e-15  # the float shown: one rounding
        near_half += abs(exact - Fraction(1, 2)) < Fraction(1, 10)
    assert near_half > 5  # the cases do reach the 1/2 the statistics compare with


def test_a_chance_compares_and_multiplies_exactly_where_a_float_would_not() -> None:
    # 1/3 by cross-multiplication: neither a float's rounding nor a reduction.
    third = Chance(10**40, 3 * 10**40)
    assert third == Fraction(1, 3) and Fraction(1, 3) == third and hash(third) == hash(Fraction(1, 3))
    assert third < 0.3333333333333334 and third > 0.3333333333333333  # floats read exactly
    assert 3 * third == 1 and third * 3 <= 1 and not 3 * third < 1
    assert Chance(1, 2) >= Chance(2, 4) and not Chance(1, 2).below_half and Chance(49, 100).below_half
    assert Chance(1, 3) < Fraction(1, 2) < Chance(2, 3) and Fraction(1, 2) > Chance(1, 3)
    with pytest.raises(TypeError):
        _ = third < "a third"
