"""Hand evaluation for the bridge bots: high-card points (A 4, K 3, Q 2, J 1), suit
lengths, shape, suit quality and stoppers.  Cards are the engine's texts (``SA``, ``HT``),
suits ``S H D C`` from the highest; nothing here knows the auction or the play."""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "SUITS",
    "RANKS",
    "MAJORS",
    "MINORS",
    "rank_of",
    "hcp",
    "lengths",
    "suit_cards",
    "is_balanced",
    "longest_suit",
    "honours",
    "good_suit",
    "stopper",
    "shortness_points",
    "length_points",
]

SUITS = ("S", "H", "D", "C")
RANKS = "23456789TJQKA"  # lowest first: rank_of("C2") == 0, rank_of("SA") == 12
MAJORS = ("S", "H")
MINORS = ("D", "C")
_HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


def rank_of(card: str) -> int:
    return RANKS.index(card[1])


def hcp(cards: Iterable[str]) -> int:
    """High-card points: A 4, K 3, Q 2, J 1."""
    return sum(_HCP.get(card[1], 0) for card in cards)


def lengths(cards: Iterable[str]) -> dict[str, int]:
    out = dict.fromkeys(SUITS, 0)
    for card in cards:
        out[card[0]] += 1
    return out


def suit_cards(cards: Iterable[str], suit: str) -> list[str]:
    """The cards of one suit, highest first."""
    return sorted((c for c in cards if c[0] == suit), key=rank_of, reverse=True)


def is_balanced(cards: Iterable[str]) -> bool:
    """4-3-3-3, 4-4-3-2 or 5-3-3-2: no singleton or void, at most one doubleton."""
    shape = sorted(lengths(cards).values())
    return shape[0] >= 2 and shape[1] >= 3


def longest_suit(cards: Iterable[str], among: Iterable[str] = SUITS) -> str:
    """The longest suit among `among`; a tie goes to the higher-ranking suit for the
    majors (bid the higher of two five-card suits first) and the stronger suit else."""
    held = list(cards)
    count = lengths(held)
    return max(among, key=lambda s: (count[s], hcp(suit_cards(held, s)), -SUITS.index(s)))


def honours(cards: Iterable[str], suit: str) -> int:
    """How many of the A K Q J T the hand holds in `suit`."""
    return sum(1 for c in cards if c[0] == suit and c[1] in "AKQJT")


def good_suit(cards: Iterable[str], suit: str) -> bool:
    """A suit worth overcalling or leading from: two of the top three honours, or three of
    the top five."""
    held = {c[1] for c in cards if c[0] == suit}
    return len(held & set("AKQ")) >= 2 or len(held & set("AKQJT")) >= 3


def stopper(cards: Iterable[str], suit: str) -> bool:
    """A notrump stopper: A, Kx, Qxx or Jxxx."""
    held = suit_cards(cards, suit)
    ranks = {c[1] for c in held}
    n = len(held)
    return "A" in ranks or ("K" in ranks and n >= 2) or ("Q" in ranks and n >= 3) or ("J" in ranks and n >= 4)


def shortness_points(cards: Iterable[str], trump: str) -> int:
    """Support points for a hand raising partner's suit: void 5, singleton 3, doubleton 1
    (trumps not counted)."""
    count = lengths(cards)
    return sum({0: 5, 1: 3, 2: 1}.get(count[s], 0) for s in SUITS if s != trump)


def length_points(cards: Iterable[str]) -> int:
    """One point for every card beyond four in a suit (opening and overcalling)."""
    return sum(max(0, n - 4) for n in lengths(cards).values())
