"""frederik's deck: 52 cards written rank then suit, how cards compare and count, and
the deal's shape (draft rounds and draws, battle turns)."""

from __future__ import annotations

__all__ = [
    "RANKS",
    "SUITS",
    "DECK",
    "DRAFT_ROUNDS",
    "DRAFT_DRAW",
    "BATTLE_ROUNDS",
    "rank_of",
    "number_of",
    "suit_of",
    "sort_cards",
]

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
SUITS = ("c", "d", "h", "s")
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
#: A card's rank for "higher", "lower" and poker: 2..10, J 11, Q 12, K 13, A 14.
_RANK = {card: RANKS.index(card[0]) + 2 for card in DECK}
#: A card's number in an N-th-card sum: A 1, 2..10, J 11, Q 12, K 13 (RULINGS 4).
_NUMBER = {card: 1 if card[0] == "A" else _RANK[card] for card in DECK}
_SORT_KEY = {card: (_RANK[card], SUITS.index(card[1])) for card in DECK}
DRAFT_ROUNDS = 5
DRAFT_DRAW = 5
BATTLE_ROUNDS = 2


def rank_of(card: str) -> int:
    """2..14: the ace is high when cards are compared (the seed's ace beats a ten)."""
    return _RANK[card]


def number_of(card: str) -> int:
    """1..13: the ace counts 1 in an N-th-card sum."""
    return _NUMBER[card]


def suit_of(card: str) -> str:
    return card[1]


def sort_cards(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=_SORT_KEY.__getitem__))
