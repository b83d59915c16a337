"""The exact chance that a conto plate is true, given what one seat can see.

A seat sees its own dealt hand and the cards the others have revealed; every other card
dealt in the hand is one of `unseen` cards drawn uniformly, without replacement, from
the rest of the deck (the deck less the cards it sees).  The chance that a plate is true
by the showdown rule (§conto 4: each joker covers one missing card of one portata) is
then a sum over the multivariate hypergeometric distribution of the unseen cards of the
plate's ranks and of jokers, in exact integer arithmetic: no sampling.

`chance_true(plate, known, unseen)` is that chance for a whole plate, as a `Chance`: the
favourable draws and all the draws, two integers, compared and multiplied by integers
exactly by cross-multiplication (no `fractions.Fraction`, whose reduction by the gcd of
two numbers of a hundred digits cost the statistics most of their time), and a float for
showing.  Both the sum (by the shape of the plate) and the whole answer (by its
arguments) are cached, as a tournament's declarations repeat the same few thousand.  The stats module
(stats.py) also asks it for the one portata a declaration changes, passing the rest of
the plate as `others`: one joker in hand backs one portata only, so the seat's own
jokers first fill what the other portate lack over all the cards dealt, and only those
left (with the unseen jokers) back the changed portata.  Whenever the whole plate is
true the changed portata is then true too, so its chance is never below the plate's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from .._errors import PositionError
from .records import COPIES_PER_RANK, JOKERS_IN_DECK, RANKS, Portata

__all__ = ["Chance", "chance_true"]

_INDEX = {rank: i for i, rank in enumerate(RANKS)}
JOKER_INDEX = len(RANKS)  # the joker's place in count arrays


@dataclass(frozen=True, slots=True, eq=False)
class Chance:
    """An exact probability, `favourable` of `ways` equally likely draws (not reduced).

    Compares with another Chance, an int, a Fraction or a float exactly, and multiplies by
    an int (so `2 * chance < 1` reads as it would with a Fraction); `float()` for showing,
    `fraction` for the reduced value."""

    favourable: int
    ways: int

    @property
    def fraction(self) -> Fraction:
        return Fraction(self.favourable, self.ways)

    @property
    def below_half(self) -> bool:
        return 2 * self.favourable < self.ways

    def __float__(self) -> float:
        return self.favourable / self.ways

    def __mul__(self, factor: object) -> Chance:
        if isinstance(factor, int):
            return Chance(self.favourable * factor, self.ways)
        return NotImplemented

    __rmul__ = __mul__

    def _cross(self, other: object) -> tuple[int, int] | None:
        """self's and other's numerators over one denominator, None for a non-number."""
        if isinstance(other, Chance):
            n, d = other.favourable, other.ways
        elif isinstance(other, (int, Fraction)):
            n, d = other.numerator, other.denominator
        elif isinstance(other, float):
            n, d = other.as_integer_ratio()
        else:
            return None
        return self.favourable * d, n * self.ways

    def __eq__(self, other: object) -> bool:
        pair = self._cross(other)
        return NotImplemented if pair is None else pair[0] == pair[1]

    def __lt__(self, other: object) -> bool:
        pair = self._cross(other)
        return NotImplemented if pair is None else pair[0] < pair[1]

    def __le__(self, other: object) -> bool:
        pair = self._cross(other)
        return NotImplemented if pair is None else pair[0] <= pair[1]

    def __gt__(self, other: object) -> bool:
        pair = self._cross(other)
        return NotImplemented if pair is None else pair[0] > pair[1]

    def __ge__(self, other: object) -> bool:
        pair = self._cross(other)
        return NotImplemented if pair is None else pair[0] >= pair[1]

    def __hash__(self) -> int:
        return hash(self.fraction)  # equal values, equal hashes, as == says


def _shortfall(portata: Portata, known: Sequence[int]) -> int:
    return max(0, portata.quantity - known[_INDEX[portata.rank]])


def chance_true(
    plate: Sequence[Portata],
    known: Sequence[int],
    unseen: int,
    *,
    others: Sequence[Portata] = (),
    jokers: int | None = None,
    copies: int = COPIES_PER_RANK,
    deck_jokers: int = JOKERS_IN_DECK,
) -> Chance:
    """The probability that `plate` is true over the known cards and `unseen` hidden ones.

    `known` counts the cards the seat sees by rank (RANKS order, then the joker); the
    deck holds `copies` of each rank and `deck_jokers` jokers, and the hidden cards are
    drawn uniformly from what the seat does not see.  The plate's missing cards may be
    covered by the unseen jokers and by `jokers` of the known ones (default: all of
    them), each joker covering one card; with `others`, those known jokers first cover
    what the portate of `others` miss (over all the cards), and only the rest the plate.
    """
    return _chance_true(tuple(plate), tuple(known), unseen, tuple(others), jokers, copies, deck_jokers)


# Keyed by whole plates, so a long run keeps meeting new ones: at 65,536 it was full after
# about 1,000 matches and held its memory all run; 4,096 gave the statistics the same speed.
@lru_cache(maxsize=1 << 12)
def _chance_true(
    plate: tuple[Portata, ...],
    known: tuple[int, ...],
    unseen: int,
    others: tuple[Portata, ...],
    jokers: int | None,
    copies: int,
    deck_jokers: int,
) -> Chance:
    """`chance_true` once per distinct question (a refused one raises, and is not kept)."""
    if len(known) != JOKER_INDEX + 1:
        raise PositionError(f"known counts {len(known)} kinds of card, not {JOKER_INDEX + 1}.")
    pool = [copies - n for n in known[:JOKER_INDEX]] + [deck_jokers - known[JOKER_INDEX]]
    if min(pool) < 0 or min(known) < 0:
        raise PositionError(
            f"known counts {list(known)} do not fit a deck of {copies} per rank and {deck_jokers} jokers."
        )
    total = sum(pool)
    if not 0 <= unseen <= total:
        raise PositionError(f"{unseen} unseen cards cannot come from the {total} the seat does not see.")
    ranks = [p.rank for p in (*plate, *others)]
    if len(set(ranks)) != len(ranks):
        raise PositionError(f"a plate's ranks differ pairwise, not {ranks}.")
    own = known[JOKER_INDEX] if jokers is None else jokers
    # Only how many cards each portata lacks and how many of its rank are unseen matter,
    # not which rank it is nor the order: many declarations share that shape, so it is computed once.
    shapes = tuple(
        sorted(
            (_shortfall(portata, known), pool[_INDEX[portata.rank]], mine)
            for portata, mine in [(p, True) for p in plate] + [(p, False) for p in others]
        )
    )
    return _chance(shapes, own, pool[JOKER_INDEX], unseen, total)


@lru_cache(maxsize=1 << 16)
def _chance(shapes: tuple[tuple[int, int, bool], ...], own: int, wild: int, unseen: int, total: int) -> Chance:
    """`chance_true` for portate of these shapes (cards lacking, cards of the rank not
    seen, the plate's or the others'), `own` jokers held, `wild` jokers not seen."""
    cap = own + min(wild, unseen) + 1  # any shortfall from here on is false
    # (unseen cards of those ranks drawn, plate's shortfall, others' shortfall up to
    # `own`) -> the ways to draw them
    ways: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}
    for need, left, mine in shapes:
        grown: dict[tuple[int, int, int], int] = {}
        for (used, short, other), w in ways.items():
            for x in range(min(left, unseen - used) + 1):
                miss = max(0, need - x)
                key = (used + x, min(cap, short + miss), other) if mine else (used + x, short, min(own, other + miss))
                grown[key] = grown.get(key, 0) + w * comb(left, x)
        ways = grown
    rest = total - wild - sum(left for _, left, _ in shapes)
    favourable = 0
    for (used, short, other), w in ways.items():
        for x in range(min(wild, unseen - used) + 1):
            if short <= own - other + x:
                favourable += w * comb(wild, x) * comb(rest, unseen - used - x)
    return Chance(favourable, comb(total, unseen))
