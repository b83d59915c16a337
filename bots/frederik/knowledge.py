"""What one seat of a `Sim` knows, and what its hand is worth: the heuristics' ground.

Every function here reads a card only where the deciding seat knows it (its `knows` or
`pile_knows` bit), so the same code decides for the bot from its own picture (unknown
cards are -1 there) and for any seat of a sampled deal the search plays out, without
ever reading a card that seat could not see.

Values are the packed ints of bots/frederik/cards.py; `strength` turns one into a float
whose integer part is the category (a pair 1, two pair 2, …) and whose fraction grows
with the ranks, the common unit of every comparison the heuristics make.
"""

from __future__ import annotations

from .cards import ALL, BIT, NUMBER, RANK, SUIT, best_value, cards_in
from .sim import Sim

__all__ = [
    "strength",
    "known_mask",
    "unknown_to",
    "own_strength",
    "strength_with",
    "strength_without",
    "visible_strength",
    "expected_draw",
    "reach",
    "marginal",
]

_UNIT = 1.0 / (1 << 20)


def strength(value: int) -> float:
    return value * _UNIT


def known_mask(sim: Sim, seat: int) -> int:
    """The cards whose place `seat` knows: its own, every card it knows in front of the
    others, the pile's positions it knows, its own draft draw."""
    bit = 1 << seat
    mask = 0
    for row, knows in zip(sim.cards, sim.knows):
        for card, k in zip(row, knows):
            if k & bit and card >= 0:
                mask |= BIT[card]
    for card, k in zip(sim.pile, sim.pile_knows):
        if k & bit and card >= 0:
            mask |= BIT[card]
    if sim.to_act == seat:
        for card in sim.drawn:
            if card >= 0:
                mask |= BIT[card]
    return mask


def unknown_to(sim: Sim, seat: int) -> list[int]:
    """The cards `seat` cannot place: somewhere face down in front of another seat, in
    the pile where it has not seen them, or in another seat's draft draw."""
    return cards_in(ALL & ~known_mask(sim, seat))


def own_strength(sim: Sim, seat: int) -> float:
    return strength(best_value(sim.mask(seat), sim.borrowable(seat)))


def strength_with(sim: Sim, seat: int, add: int, borrow: list[int] | None = None) -> float:
    """The seat's strength with the cards of mask `add` too."""
    return strength(best_value(sim.mask(seat) | add, sim.borrowable(seat) if borrow is None else borrow))


def strength_without(sim: Sim, seat: int, card: int) -> float:
    return strength(best_value(sim.mask(seat) & ~BIT[card], sim.borrowable(seat)))


def visible_strength(sim: Sim, seat: int, viewer: int) -> float:
    """`seat`'s hand as `viewer` sees it: the cards of it that viewer knows."""
    bit = 1 << viewer
    mask = 0
    for card, k in zip(sim.cards[seat], sim.knows[seat]):
        if k & bit and card >= 0:
            mask |= BIT[card]
    return strength(best_value(mask, sim.borrowable(seat)))


def expected_draw(sim: Sim, seat: int, unknown: list[int], samples: int = 0) -> float:
    """The seat's mean strength after drawing one card it does not know (every unknown
    card alike; `samples` > 0 takes that many, evenly spaced, for speed)."""
    if not unknown:
        return own_strength(sim, seat)
    pool = unknown
    if samples and len(unknown) > samples:
        step = len(unknown) / samples
        pool = [unknown[int(i * step)] for i in range(samples)]
    own = sim.mask(seat)
    borrow = sim.borrowable(seat)
    total = 0
    for card in pool:
        total += best_value(own | BIT[card], borrow)
    return total * _UNIT / len(pool)


def reach(face_up: list[int], pile_size: int) -> int:
    """Bit n set for every N a `draw N` may name: a sum of some face-up cards' numbers
    (A 1 … K 13), at most the pile's size (moves.nth_numbers)."""
    sums = 0
    for card in face_up:
        value = NUMBER[card]
        sums |= (sums << value) | (1 << value)
    return sums & ((1 << (pile_size + 1)) - 2)


def marginal(sim: Sim, seat: int, card: int) -> float:
    """What `card` of the seat's own adds to its hand now (0 when it is not used)."""
    return own_strength(sim, seat) - strength_without(sim, seat, card)


def suit_counts(mask: int) -> list[int]:
    return [(mask >> (13 * s) & 0x1FFF).bit_count() for s in range(4)]


def ranks_of(mask: int) -> int:
    """A 13-bit field of the ranks present (bit j: rank j + 2)."""
    return (mask | mask >> 13 | mask >> 26 | mask >> 39) & 0x1FFF


__all__ += ["suit_counts", "ranks_of", "RANK", "SUIT"]
