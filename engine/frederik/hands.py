"""Poker's ranking of a frederik hand: the best five of a seat's cards, at most one borrowed.

International poker (RULINGS §frederik 1): straight flush, four of a kind, full house,
flush, straight, three of a kind, two pair, pair, high card; A-2-3-4-5 is the lowest
straight (the five high), A-K-Q-J-T the highest.  Equal categories compare their ranks
then the kickers.  A hand of fewer than five cards ranks as it is: no straight or flush,
and a missing kicker is below any card (a pair of sevens with K 2 loses to the pair of
sevens with K 2 and a third kicker).

`HandValue` is a tuple (category, ranks…) that compares as the hands do.  Imports only
the game's records.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import rank_of, suit_of
from .kinds import Category

__all__ = ["HandValue", "evaluate", "best_with_borrow"]

HandValue = tuple[int, ...]
_WHEEL = (14, 5, 4, 3, 2)


def _straight_top(ranks: set[int]) -> int | None:
    """The top rank of the highest straight among `ranks`, the ace also low."""
    if 14 in ranks:
        ranks = ranks | {1}
    for top in range(14, 4, -1):
        if all(top - i in ranks for i in range(5)):
            return top
    return None


def evaluate(cards: Sequence[str]) -> tuple[HandValue, tuple[str, ...]]:
    """The best hand of up to five of `cards`: its value and the cards that make it
    (strongest first)."""
    by_rank: dict[int, list[str]] = {}
    by_suit: dict[str, list[str]] = {}
    for card in cards:
        by_rank.setdefault(rank_of(card), []).append(card)
        by_suit.setdefault(suit_of(card), []).append(card)
    for group in by_rank.values():
        group.sort(key=suit_of)
    best: tuple[HandValue, tuple[str, ...]] | None = None
    for suited in by_suit.values():
        if len(suited) < 5:
            continue
        ranks = {rank_of(c) for c in suited}
        top = _straight_top(ranks)
        pick = _pick_suited(suited, top)
        value: HandValue
        if top is not None:
            value = (Category.STRAIGHT_FLUSH.value, top)
        else:
            value = (Category.FLUSH.value, *(rank_of(c) for c in pick))
        if best is None or value > best[0]:
            best = (value, pick)
    if best is not None and best[0][0] == Category.STRAIGHT_FLUSH.value:
        return best
    counts = sorted(by_rank, key=lambda r: (len(by_rank[r]), r), reverse=True)
    quads = [r for r in counts if len(by_rank[r]) == 4]
    if quads:
        return _with_kickers(Category.FOUR_OF_A_KIND, by_rank, [(quads[0], 4)], 1)
    trips = sorted((r for r in by_rank if len(by_rank[r]) >= 3), reverse=True)
    if trips:
        pairs = sorted((r for r in by_rank if len(by_rank[r]) >= 2 and r != trips[0]), reverse=True)
        if pairs:
            made = by_rank[trips[0]][:3] + by_rank[pairs[0]][:2]
            return (Category.FULL_HOUSE.value, trips[0], pairs[0]), tuple(made)
    if best is not None:
        return best
    top = _straight_top(set(by_rank))
    if top is not None:
        order = _WHEEL if top == 5 else tuple(range(top, top - 5, -1))
        return (Category.STRAIGHT.value, top), tuple(by_rank[r][0] for r in order)
    if trips:
        return _with_kickers(Category.THREE_OF_A_KIND, by_rank, [(trips[0], 3)], 2)
    pairs = sorted((r for r in by_rank if len(by_rank[r]) == 2), reverse=True)
    if len(pairs) >= 2:
        return _with_kickers(Category.TWO_PAIR, by_rank, [(pairs[0], 2), (pairs[1], 2)], 1)
    if pairs:
        return _with_kickers(Category.PAIR, by_rank, [(pairs[0], 2)], 3)
    return _with_kickers(Category.HIGH_CARD, by_rank, [], 5)


def _pick_suited(suited: list[str], top: int | None) -> tuple[str, ...]:
    if top is None:
        return tuple(sorted(suited, key=rank_of, reverse=True)[:5])
    wanted = _WHEEL if top == 5 else tuple(range(top, top - 5, -1))
    by_rank = {rank_of(c): c for c in suited}
    return tuple(by_rank[r] for r in wanted)


def _with_kickers(
    category: Category, by_rank: dict[int, list[str]], groups: list[tuple[int, int]], kickers: int
) -> tuple[HandValue, tuple[str, ...]]:
    used = {rank for rank, _ in groups}
    made = [card for rank, size in groups for card in by_rank[rank][:size]]
    rest = sorted((c for r, group in by_rank.items() if r not in used for c in group), key=rank_of, reverse=True)
    extra = rest[:kickers]
    value = (category.value, *(rank for rank, _ in groups), *(rank_of(c) for c in extra))
    return value, tuple(made + extra)


def best_with_borrow(own: Sequence[str], borrowable: Iterable[str]) -> tuple[HandValue, tuple[str, ...], str | None]:
    """The best hand of `own` plus at most one of `borrowable` (other seats' face-up
    cards): its value, its cards, and the card borrowed (None when none helps; of equal
    borrows, the first in `borrowable`'s order)."""
    value, made = evaluate(own)
    borrowed = None
    for card in borrowable:
        other, other_made = evaluate([*own, card])
        if other > value:
            value, made, borrowed = other, other_made, card
    return value, made, borrowed
