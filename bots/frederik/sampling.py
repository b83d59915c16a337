"""From a picture to simulated deals: the seat's own `Sim`, and samples of the hidden cards.

`base_sim` rebuilds the deal at the decision as a `Sim` (bots/frederik/sim.py) with -1
for every card the seat does not know: the other seats' face-down cards it has not
seen, the pile's positions it has not seen go under.  Who knows each card is set as
the engine would have it (a face-up or shown card everyone, a face-down card its owner,
a pile position whoever returned or discarded it: `Picture.pile_knowers`).

`sample` fills the -1s with the cards the seat cannot place, at random, as one
possible deal: the search plays its candidates out on many of them.
"""

from __future__ import annotations

import random

from .cards import ALL, BIT, CARD, RANK, SUIT, cards_in, ids
from .reading import TURN, Picture
from .sim import Sim

__all__ = ["base_sim", "sample", "hidden_slots", "face_down_weight"]


def base_sim(picture: Picture) -> Sim:
    """The deal at this decision as the seat knows it (-1 where it does not)."""
    players = picture.players
    sim = Sim(players, picture.starter)
    everyone = sim.everyone
    me = picture.seat
    for seat, row in enumerate(picture.tableaux):
        for table_card in row:
            card = CARD[table_card.card] if table_card.card else -1
            if table_card.face_up:
                knows = everyone
            elif seat == me:
                knows = everyone if table_card.card in picture.public else 1 << me
            elif card >= 0:
                knows = everyone  # another seat's face-down card this seat knows was shown to all
            else:
                knows = 1 << seat
            sim.cards[seat].append(card)
            sim.up[seat].append(table_card.face_up)
            sim.knows[seat].append(knows)
    pile = [-1] * picture.pile_size
    for known in picture.pile_known:
        pile[known.position - 1] = CARD[known.card]
    sim.pile = pile
    if picture.pile_knowers:
        sim.pile_knows = list(picture.pile_knowers)
    else:
        sim.pile_knows = [1 << me if card >= 0 else 0 for card in pile]
    sim.phase = picture.phase.value
    sim.round = picture.round
    actor = picture.to_act
    if picture.kind != TURN and picture.answering_seat is not None:
        actor = picture.answering_seat
    sim.index = (actor - picture.starter) % players if actor is not None else -1
    sim.all_down = list(picture.all_down)
    sim.forfeited = list(picture.forfeited)
    sim.drawn = ids(picture.drawn)
    sim.kept = picture.returning
    sim.to_act = picture.to_act
    return sim


def hidden_slots(sim: Sim) -> tuple[list[tuple[int, int]], list[int], int]:
    """The -1 places of a seat's `Sim`: (seat, index) in front of the others, pile
    positions (0 the top), and the mask of the cards placed."""
    rows = [(seat, i) for seat, row in enumerate(sim.cards) for i, card in enumerate(row) if card < 0]
    pile = [i for i, card in enumerate(sim.pile) if card < 0]
    placed = 0
    for row in sim.cards:
        for card in row:
            if card >= 0:
                placed |= BIT[card]
    for card in sim.pile:
        if card >= 0:
            placed |= BIT[card]
    for card in sim.drawn:
        placed |= BIT[card]
    return rows, pile, placed


def face_down_weight(card: int, rank_counts: list[int], suit_counts: list[int]) -> float:
    """How much likelier `card` is, than a card drawn blind, to be a seat's face-down
    card given its face-up cards: a seat keeps face down the card that matters most to
    its hand.  Measured over greedy drafts (1500 deals, four seats): a card of none of
    its face-up ranks is some ten times rarer than blind, one of a face-up rank three
    times likelier, one that also shares a suit held twice or more some fifteen times,
    one of a rank showing twice or more ten times."""
    same_rank = rank_counts[RANK[card]]
    same_suit = suit_counts[SUIT[card]]
    if same_rank == 0:
        return 2.0 if same_suit >= 4 else 0.1
    if same_rank == 1:
        return 15.0 if same_suit >= 2 else 3.0
    return 10.0


def sample(base: Sim, rng: random.Random, weighted: bool = True, blind: frozenset[int] = frozenset()) -> Sim:
    """One deal the seat cannot tell from the real one: the cards it cannot place, dealt
    into the places it cannot see; each other seat's face-down cards weighted towards
    the cards that fit its face-up ones (`face_down_weight`), except the `blind` seats'
    (taken for random players: they keep any card), the pile's at random."""
    rows, pile, placed = hidden_slots(base)
    unknown = cards_in(ALL & ~placed)
    rng.shuffle(unknown)
    sim = base.clone()
    for seat, i in rows:
        if weighted and not base.all_down[seat] and seat not in blind:
            ranks = [0] * 15
            suits = [0] * 4
            for card, up in zip(base.cards[seat], base.up[seat]):
                if up and card >= 0:
                    ranks[RANK[card]] += 1
                    suits[SUIT[card]] += 1
            weights = [face_down_weight(card, ranks, suits) for card in unknown]
            k = rng.choices(range(len(unknown)), weights)[0]
        else:
            k = len(unknown) - 1
        sim.cards[seat][i] = unknown[k]
        unknown[k] = unknown[-1]
        unknown.pop()
    for i, card in zip(pile, unknown):
        sim.pile[i] = card
    return sim
