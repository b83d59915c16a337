"""Layouts of the hidden cards consistent with what a seat knows, for the double-dummy
player.

Known: the seat's hand, the dummy once exposed, every card played, and the voids shown
by failures to follow suit; those are hard constraints (a layout that breaks one is never
drawn).  The auction is a soft one, a documented approximation: each hidden seat's
`Shown` (bots/bridge/auction.py: a range of high-card points and of each suit's length,
read as if everybody played the bots' system) is checked on the seat's original thirteen
cards (its hidden cards plus those it played).  A layout is drawn at random among those
that respect the voids; it is accepted at once when it fits every range, else kept if it
misses by less than any other drawn so far, and after `tries` draws the closest is used.
So the auction steers the layouts where it can and never makes sampling impossible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from bots.bridge.auction import Shown
from bots.bridge.hands import SUITS, hcp, lengths

__all__ = ["Hidden", "sample_layout", "misfit"]


@dataclass(frozen=True)
class Hidden:
    """A seat whose cards are unknown: how many it holds now, the cards it played this
    board, the suits it is known to be void in, and what its calls showed."""

    seat: int
    count: int
    played: tuple[str, ...]
    voids: frozenset[str]
    shown: Shown


def misfit(cards: Sequence[str], hidden: Hidden) -> int:
    """How far the seat's original hand (`cards` plus what it played) is from what its
    calls showed: points outside the range, plus cards outside each suit's range."""
    whole = list(cards) + list(hidden.played)
    points = hcp(whole)
    shown = hidden.shown
    miss = max(0, shown.lo - points) + max(0, points - shown.hi)
    count = lengths(whole)
    for suit in SUITS:
        miss += 2 * (max(0, shown.min_len[suit] - count[suit]) + max(0, count[suit] - shown.max_len[suit]))
    return miss


def _draw(pool: Sequence[str], seats: Sequence[Hidden], rng: random.Random) -> list[list[str]] | None:
    """One random layout of `pool` among `seats` respecting their sizes and voids."""
    hands: list[list[str]] = [[] for _ in seats]
    room = [h.count for h in seats]
    cards = list(pool)
    rng.shuffle(cards)
    # The most constrained cards first: a card only some seats can hold.
    cards.sort(key=lambda c: sum(1 for h in seats if c[0] not in h.voids))
    for card in cards:
        able = [i for i, h in enumerate(seats) if room[i] > 0 and card[0] not in h.voids]
        if not able:
            return None
        i = rng.choice(able) if len(able) > 1 else able[0]
        # Weight by the room left, so each seat ends with its count on average.
        if len(able) > 1:
            total = sum(room[j] for j in able)
            pick = rng.randrange(total)
            for j in able:
                if pick < room[j]:
                    i = j
                    break
                pick -= room[j]
        hands[i].append(card)
        room[i] -= 1
    return hands


def sample_layout(
    pool: Sequence[str], seats: Sequence[Hidden], rng: random.Random, tries: int = 40
) -> list[list[str]] | None:
    """A layout of the hidden cards, as close to the auction as `tries` draws find (None
    when the voids admit none, which a legal position never does)."""
    best: list[list[str]] | None = None
    best_miss = 1 << 30
    for _ in range(tries):
        hands = _draw(pool, seats, rng)
        if hands is None:
            continue
        miss = sum(misfit(cards, h) for cards, h in zip(hands, seats))
        if miss < best_miss:
            best, best_miss = hands, miss
            if miss == 0:
                break
    return best
