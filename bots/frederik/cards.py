"""Cards as small integers and poker's ranking as one integer, fast, for the frederik bots.

The engine's `hands.evaluate` (engine/frederik/hands.py) is written to be read; a search
that plays thousands of deals a second needs it some twenty times faster.  Here a card
is its index in `engine.frederik.DECK` (suit × 13 + rank − 2), a set of cards one int
with that bit set, and a hand's value one int that orders hands exactly as the engine's
`HandValue` tuples do (tests/test_frederik_bots.py compares them on random hands):

    category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5

r1 … r5 the tuple's ranks (2..14) after the category; a missing kicker is 0, below any
rank, as the engine's shorter tuple is below a longer one.  Values of a set of cards are
cached by the set's bits: a search meets the same hands again and again.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.frederik import DECK, number_of, rank_of

__all__ = [
    "CARD",
    "NAME",
    "RANK",
    "SUIT",
    "NUMBER",
    "BIT",
    "ALL",
    "ids",
    "names",
    "mask_of",
    "cards_in",
    "hand_value",
    "best_value",
    "best_value_slow",
    "value_tuple",
    "category",
]

#: Card text → id, id → text, and each id's rank (2..14), suit (0..3), number (A 1) and bit.
CARD: dict[str, int] = {card: i for i, card in enumerate(DECK)}
NAME: tuple[str, ...] = DECK
RANK: tuple[int, ...] = tuple(rank_of(card) for card in DECK)
SUIT: tuple[int, ...] = tuple(i // 13 for i in range(52))
NUMBER: tuple[int, ...] = tuple(number_of(card) for card in DECK)
BIT: tuple[int, ...] = tuple(1 << i for i in range(52))
ALL = (1 << 52) - 1
_FIELD = 0x1FFF  # one suit's 13 ranks, bit j = rank j + 2


def ids(cards: Iterable[str]) -> list[int]:
    return [CARD[c] for c in cards]


def names(cards: Iterable[int]) -> tuple[str, ...]:
    return tuple(NAME[c] for c in cards)


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask


def cards_in(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _descending(field: int) -> tuple[int, ...]:
    return tuple(j + 2 for j in range(12, -1, -1) if field >> j & 1)


#: A 13-bit rank field → its ranks, highest first.
_DESC: tuple[tuple[int, ...], ...] = tuple(_descending(f) for f in range(1 << 13))


def _pack(category: int, ranks: tuple[int, ...] | list[int]) -> int:
    value = category << 20
    shift = 16
    for rank in ranks[:5]:
        value |= rank << shift
        shift -= 4
    return value


def _straight_top(field: int) -> int:
    """The top rank of the highest straight in a 13-bit rank field (the ace also low), or 0."""
    extended = (field << 1) | (field >> 12 & 1)  # bit k: rank k + 1, bit 0 the ace as 1
    runs = extended & extended >> 1 & extended >> 2 & extended >> 3 & extended >> 4
    return runs.bit_length() + 4 if runs else 0


def _evaluate(mask: int) -> int:
    a = mask & _FIELD
    b = mask >> 13 & _FIELD
    c = mask >> 26 & _FIELD
    d = mask >> 39 & _FIELD
    present = a | b | c | d
    two = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    three = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)
    four = a & b & c & d
    # Without five of a suit the value depends on the ranks held once, twice, three and
    # four times only, which far fewer hands share: those are cached apart.
    key = present | two << 13 | three << 26 | four << 39
    plain = _SHAPES.get(key)
    if plain is None:
        if len(_SHAPES) > 200_000:
            _SHAPES.clear()
        plain = _SHAPES[key] = _plain_value(present, two, three, four)
    if a.bit_count() < 5 and b.bit_count() < 5 and c.bit_count() < 5 and d.bit_count() < 5:
        return plain
    best_flush = 0
    for field in (a, b, c, d):
        if field.bit_count() >= 5:
            top = _straight_top(field)
            value = (8 << 20 | top << 16) if top else _pack(5, _DESC[field])
            if value > best_flush:
                best_flush = value
    # A flush beats everything but a full house and four of a kind (a straight flush all).
    return max(best_flush, plain)


def _plain_value(present: int, two: int, three: int, four: int) -> int:
    """The value of the ranks held (bit fields of ranks held once or more, twice or more,
    three or four times), flushes aside."""
    if four:
        quad = _DESC[four][0]
        rest = _DESC[present & ~(1 << (quad - 2))]
        return _pack(7, (quad, *rest[:1]))
    if three:
        trip = _DESC[three][0]
        pairs = _DESC[two & ~(1 << (trip - 2))]
        if pairs:
            return 6 << 20 | trip << 16 | pairs[0] << 12
    top = _straight_top(present)
    if top:
        return 4 << 20 | top << 16
    if three:
        trip = _DESC[three][0]
        return _pack(3, (trip, *_DESC[present & ~(1 << (trip - 2))][:2]))
    pairs = _DESC[two]
    if len(pairs) >= 2:
        hi, lo = pairs[0], pairs[1]
        rest = _DESC[present & ~(1 << (hi - 2)) & ~(1 << (lo - 2))]
        return _pack(2, (hi, lo, *rest[:1]))
    if pairs:
        pair = pairs[0]
        return _pack(1, (pair, *_DESC[present & ~(1 << (pair - 2))][:3]))
    return _pack(0, _DESC[present])


_SHAPES: dict[int, int] = {}


_CACHE: dict[int, int] = {}


def hand_value(mask: int) -> int:
    """The value of the best hand of up to five of the cards in `mask` (cached)."""
    value = _CACHE.get(mask)
    if value is None:
        if len(_CACHE) > 400_000:  # a bound on memory over a long tournament
            _CACHE.clear()
        value = _CACHE[mask] = _evaluate(mask)
    return value


def _fills(field: int) -> int:
    """The ranks (a 13-bit field) that, added to `field`, make a higher straight."""
    now = _straight_top(field)
    out = 0
    for j in range(13):
        if not field >> j & 1 and _straight_top(field | 1 << j) > now:
            out |= 1 << j
    return out


#: A 13-bit rank field → the ranks that would give it a higher straight, worked out once.
_FILLS: tuple[int, ...] = tuple(_fills(f) for f in range(1 << 13))


def best_value(own: int, borrowable: Iterable[int]) -> int:
    """The best value of `own` plus at most one card of `borrowable` (ids).

    Only a card that pairs one of the hand's ranks, is of a suit it holds four of, or
    makes a straight can change the hand's shape; any other card can only be a kicker,
    and then the highest of them is the best: the others are never looked up."""
    best = hand_value(own)
    a, b, c, d = own & _FIELD, own >> 13 & _FIELD, own >> 26 & _FIELD, own >> 39 & _FIELD
    ranks = a | b | c | d
    shape = ranks | _FILLS[ranks]
    flush = [a.bit_count() >= 4, b.bit_count() >= 4, c.bit_count() >= 4, d.bit_count() >= 4]
    kicker, kicker_rank = -1, -1
    tried = 0  # ranks already tried (a card's suit matters only with four of it held)
    for card in borrowable:
        rank = RANK[card]
        if flush[SUIT[card]] or (shape >> (rank - 2) & 1 and not tried >> rank & 1):
            tried |= 1 << rank
            value = hand_value(own | BIT[card])
            if value > best:
                best = value
        elif rank > kicker_rank and not shape >> (rank - 2) & 1:
            kicker, kicker_rank = card, rank
    if kicker >= 0:
        value = hand_value(own | BIT[kicker])
        if value > best:
            best = value
    return best


def best_value_slow(own: int, borrowable: Iterable[int]) -> int:
    """`best_value` by trying every card (what the tests compare it with)."""
    best = hand_value(own)
    for card in borrowable:
        best = max(best, hand_value(own | BIT[card]))
    return best


def value_tuple(value: int) -> tuple[int, ...]:
    """The engine's HandValue of a packed value (trailing missing kickers dropped)."""
    out = [value >> 20]
    for shift in (16, 12, 8, 4, 0):
        rank = value >> shift & 0xF
        if not rank:
            break
        out.append(rank)
    return tuple(out)


def category(value: int) -> int:
    """The hand's category, 0 (high card) to 8 (straight flush)."""
    return value >> 20
