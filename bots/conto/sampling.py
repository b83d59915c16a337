"""Sampling the hidden hands of a conto table for the search bot (no gRPC, no I/O).

The unseen cards (`unseen_pool`), every seat's hand as dealt drawn consistently with the
view (`sample_dealt_hands`), and a sample's weight: how well it explains the opponents'
declarations of this hand, given their bluff odds and policy types (`sample_weight`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bots.conto.odds import credibility, prob_true, supported
from bots.conto.policies import ADAPTIVE, HONEST, PROBABILIST, RANDOM
from bots.conto.reading import DECK, Info, Plate, add, hand_declarations, revealed_by_seat


def unseen_pool(info: Info, deck: Sequence[int] = DECK) -> list[int]:
    """The unseen cards as a list of indices: deck minus my hand minus revealed cards."""
    pool: list[int] = []
    known = info.known
    for i in range(14):
        pool.extend([i] * (deck[i] - known[i]))
    return pool


def sample_dealt_hands(
    info: Info, rng: random.Random, pool: list[int] | None = None, by_seat: list[list[int]] | None = None
) -> list[list[int]]:
    """Every seat's hand as dealt (count vectors), the other hands drawn uniformly from
    the unseen cards with the right sizes, each seat's revealed cards added back."""
    if pool is None:
        pool = unseen_pool(info)
    if by_seat is None:
        by_seat = revealed_by_seat(info)
    others = [s for s in range(info.players) if s != info.seat]
    need = sum(info.hand_sizes[s] for s in others)
    drawn = rng.sample(pool, need)
    hands: list[list[int]] = []
    pos = 0
    for s in range(info.players):
        if s == info.seat:
            counts = list(info.hand)
        else:
            counts = [0] * 14
            for c in drawn[pos : pos + info.hand_sizes[s]]:
                counts[c] += 1
            pos += info.hand_sizes[s]
        hands.append(add(counts, by_seat[s]))
    return hands


def sample_weight(
    info: Info,
    dealt: Sequence[Sequence[int]],
    odds: Sequence[float],
    raise_threshold: float = 0.5,
    raise_penalty: float = 1.0,
    types: Sequence[int] | None = None,
    honest_threshold: float = 0.25,
) -> float:
    """Likelihood (up to a constant) of the opponents' declarations of this hand given
    a sample: each unsupported opponent declaration counts that opponent's bluff odds
    ratio rho (see `fit_bluff_odds`), a supported one 1; a raise over a plate that the
    opponent's policy type (`types`, default probabilist) would have doubted with its
    sampled hand counts `raise_penalty`."""
    weight = 1.0
    revealed_so_far = [0] * 14
    revealed_self = [[0] * 14 for _ in range(info.players)]
    sizes = [sum(h) for h in dealt]
    in_hands = sum(sizes)
    plate: Plate = ()
    cameriere = -1
    for d in hand_declarations(info):
        s = d.seat
        if s != info.seat:
            # what s knew before acting: its hand + every card face up
            known = [dealt[s][i] + revealed_so_far[i] - revealed_self[s][i] for i in range(14)]
            kind = PROBABILIST if types is None else types[s]
            if plate and raise_penalty != 1.0 and kind != RANDOM:
                p = prob_true(plate, known, in_hands - sizes[s])
                if kind == ADAPTIVE and odds[cameriere] != 1.0 and p < 1.0:
                    deck = [a - b for a, b in zip(DECK, known)]
                    deck = [a + b for a, b in zip(deck, revealed_so_far)]  # minus s's hand only
                    chance = prob_true(plate, revealed_so_far, sizes[cameriere], deck)
                    p = credibility(p, chance, odds[cameriere])
                if p < (honest_threshold if kind == HONEST else raise_threshold):
                    weight *= raise_penalty
            if not supported(d.act.plate, known):
                weight *= odds[s]
        if d.act.reveals is not None:
            revealed_so_far[d.act.reveals] += 1
            revealed_self[s][d.act.reveals] += 1
            sizes[s] -= 1
            in_hands -= 1
        plate = d.act.plate
        cameriere = s
    return weight
