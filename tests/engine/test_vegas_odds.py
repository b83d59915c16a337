"""Las Vegas odds (engine/vegas/odds.py): what one seat can expect from the rest of a hand.

Tiny positions counted by hand, an enumeration of every deal of the unseen cards (exact
agreement with up to two opponents; the documented bound with three), a seeded
simulation of whole deals early in a 4-player hand, properties of random positions
reached in play (hypothesis), determinism and refusals.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import astuple

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.vegas import odds
from engine.vegas.odds import Outlook, outlook

RANKS = "A234567FCR"
SUITS = "bcds"
DECK = [rank + suit for rank in RANKS for suit in SUITS]
VALUE = {rank: value for value, rank in enumerate(RANKS, start=1)}
FIELDS = ("vegas", "low", "high", "any_share", "someone_else_vegas", "showdown")
# Three opponents: the pairwise superposition is within this (the module docstring: 0.0047).
BOUND = 0.005

PROFILE = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def play(mine: list[str], hands: list[list[str]], centre: list[str]) -> tuple[float, ...]:
    """One deal played out from here, nobody folding: the seat's (vegas, low, high,
    someone_else_vegas, showdown), by the rules rather than by the module's method."""
    held = ["".join(card[0] for card in hand) for hand in (mine, *hands)]  # ranks only
    for card in centre:
        held = [hand.replace(card[0], "") for hand in held]
        out = [seat for seat, hand in enumerate(held) if not hand]
        if out:
            return (1 / len(out) if 0 in out else 0.0, 0.0, 0.0, float(0 not in out), 0.0)
    totals = [sum(VALUE[rank] for rank in hand) for hand in held]
    low = 1 / totals.count(min(totals)) if totals[0] == min(totals) else 0.0
    high = 1 / totals.count(max(totals)) if totals[0] == max(totals) else 0.0
    return (0.0, low, high, 0.0, 1.0)


def with_any_share(result: tuple[float, ...]) -> tuple[float, ...]:
    vegas, low, high, others, showdown = result
    return vegas, low, high, float(vegas > 0 or low > 0 or high > 0), others, showdown


def every_deal(hand, flipped, unseen, opponents):
    """Every assignment of the unseen cards: the opponents' hands from the cards of ranks
    not yet flipped, then the face-down centre cards, in order, from what is left."""
    gone = {card[0] for card in flipped}
    live = [card for card in unseen if card[0] not in gone]

    def hands(pool, sizes):
        if not sizes:
            yield []
            return
        for first in itertools.combinations(pool, sizes[0]):
            rest = [card for card in pool if card not in first]
            for more in hands(rest, sizes[1:]):
                yield [list(first), *more]

    for dealt in hands(live, list(opponents)):
        taken = {card for hand in dealt for card in hand}
        rest = [card for card in unseen if card not in taken]
        for centre in itertools.permutations(rest, 4 - len(flipped)):
            yield dealt, list(centre)


def brute_force(hand, flipped, unseen, opponents) -> tuple[float, ...]:
    """The mean outcome over every deal, in the order of FIELDS."""
    sums, count = [0.0] * 6, 0
    for dealt, centre in every_deal(hand, flipped, unseen, opponents):
        for i, x in enumerate(with_any_share(play(hand, dealt, centre))):
            sums[i] += x
        count += 1
    return tuple(x / count for x in sums)


def reached(seed: int, players: int, flips: int, fold: float = 0.0):
    """Seat 0's view after `flips` flips of a random deal with forced discards
    (opponents folding at random before each flip), or None when the hand is over."""
    rng = random.Random(seed)
    deck = DECK[:]
    rng.shuffle(deck)
    hands = [deck[3 * seat : 3 * seat + 3] for seat in range(players)]
    centre = deck[3 * players : 3 * players + 4]
    folded = [False] * players
    seen: list[str] = []
    for card in centre[:flips]:
        for seat in range(1, players):
            folded[seat] = folded[seat] or rng.random() < fold
        for seat in range(players):
            if not folded[seat]:
                seen += [c for c in hands[seat] if c[0] == card[0]]
                hands[seat] = [c for c in hands[seat] if c[0] != card[0]]
        if any(not hands[seat] for seat in range(players) if not folded[seat]):
            return None
    known = {*hands[0], *centre[:flips], *seen}
    unseen = [card for card in DECK if card not in known]
    opponents = [len(hands[seat]) for seat in range(1, players) if not folded[seat]]
    return hands[0], centre[:flips], unseen, opponents


def close(got: Outlook, expected: tuple[float, ...], tolerance: float = 1e-9) -> bool:
    return all(abs(getattr(got, name) - x) <= tolerance for name, x in zip(FIELDS, expected))


# Hand-checked positions.  Flipped A, 3, 4 (or A, 3): an opponent still in holds none of
# those ranks, so it holds one of the unseen cards of other ranks; the face-down centre
# cards come, in order, from the cards left.  Every such deal is equally likely.


def test_one_flip_left_a_tie_and_a_las_vegas_counted_by_hand():
    # The opponent holds 5c, 7b or 2d (not Ac: aces are flipped); the last centre card is
    # one of the three cards left: 9 deals.  5c: no 5 can flip, 5 v 5 ties both halves
    # (3 deals, 1/2 each).  7b: 5c flips, we empty (1 deal); else 5 v 7, low (2 deals).
    # 2d: 5c flips, we empty (1); else 5 v 2, high (2).  vegas 2/9, low = high =
    # (3/2 + 2)/9 = 7/18, showdown 7/9, a share every time.
    got = outlook(["5b"], ["Ab", "3c", "4d"], ["5c", "7b", "2d", "Ac"], [1])
    assert close(got, (2 / 9, 7 / 18, 7 / 18, 1.0, 0.0, 7 / 9))
    assert got.share == pytest.approx(2 / 9 + 7 / 18)


def test_las_vegas_shared_by_two_players_emptying_on_one_flip():
    # The opponent holds 5c, 5d or 2b; the last flip is one of the two cards left: 6
    # deals.  5c (or 5d): the other 5 flips, both empty, half each; 2b flips, 5 v 5 ties.
    # 2b: a 5 flips either way, we empty alone.  vegas (1/2 + 1/2 + 1 + 1)/6 = 1/2;
    # low = high = (1/2 + 1/2)/6 = 1/6; showdown 2/6.
    got = outlook(["5b"], ["Ab", "3c", "4d"], ["5c", "5d", "2b"], [1])
    assert close(got, (1 / 2, 1 / 6, 1 / 6, 1.0, 0.0, 1 / 3))


def test_the_order_of_the_flips_decides_who_empties_first():
    # Two flips left.  The opponent holds 5c, 2d or 2s; the centre is the other two, in
    # either order: 6 deals.  5c: two 2s flip, 5 v 5 ties (2 deals, 1/2 each).  2d: 5c
    # then 2s, we empty first; 2s then 5c, the opponent does (1 deal each).  2s: alike.
    # vegas 2/6, someone else's 2/6, showdown 2/6, low = high = 1/6, a share 4 times in 6.
    got = outlook(["5b"], ["Ab", "3c"], ["5c", "2d", "2s"], [1])
    assert close(got, (1 / 3, 1 / 6, 1 / 6, 2 / 3, 1 / 3, 1 / 3))


def test_two_opponents_at_the_showdown_counted_by_hand():
    # Two one-card opponents and one flip among 5c, 2b, 7d (ordered: 6 deals).  5c flips
    # (2 deals): we empty alone.  2b flips: 5, 5, 7 remain: low shared with the 5, high
    # lost.  7d flips: 5, 5, 2: low lost, high shared.  vegas 1/3, low = high = 1/6.
    got = outlook(["5b"], ["Ab", "3c", "4d"], ["5c", "2b", "7d"], [1, 1])
    assert close(got, (1 / 3, 1 / 6, 1 / 6, 1.0, 0.0, 2 / 3))


# Every deal enumerated.


@st.composite
def small_positions(draw, most_opponents: int = 2):
    """Positions with few unseen cards, so that every deal can be played out."""
    cards = draw(st.permutations(DECK))
    flips = draw(st.integers(2, 4))
    flipped = cards[:flips]
    gone = {card[0] for card in flipped}
    others = [card for card in cards[flips:] if card[0] not in gone]
    hand = others[: draw(st.integers(1, 3))]
    opponents = draw(st.lists(st.integers(1, 3), max_size=most_opponents))
    unseen = [card for card in cards[flips:] if card not in hand][: draw(st.integers(4, 8))]
    live = sum(card[0] not in gone for card in unseen)
    assume(sum(opponents) <= live and sum(opponents) + 4 - flips <= len(unseen))
    return hand, flipped, unseen, opponents


@settings(max_examples=60, **PROFILE)
@given(small_positions())
def test_exact_with_up_to_two_opponents_against_every_deal(position):
    assert close(outlook(*position), brute_force(*position))


@settings(max_examples=40, **PROFILE)
@given(small_positions(most_opponents=4))
def test_las_vegas_and_the_showdown_chance_are_exact_with_more_opponents(position):
    got, expected = outlook(*position), dict(zip(FIELDS, brute_force(*position)))
    for name in ("vegas", "someone_else_vegas", "showdown"):
        assert getattr(got, name) == pytest.approx(expected[name], abs=1e-9)


@pytest.mark.parametrize("hand", [["6b"], ["Ad", "2c", "4s"]])
def test_three_opponents_at_the_last_showdown_within_the_bound(hand):
    # Reached in play: 4 players, every centre card flipped, each opponent left with one
    # card after throwing two; 22 live cards unseen, 9,240 deals.  Three opponents are
    # the superposition's case: within BOUND, and not exact (that would be no test).
    flipped, thrown = ["3b", "Rd", "7c", "5d"], ["3c", "Rc", "7d", "5b", "3s", "7s"]
    unseen = [card for card in DECK if card not in {*hand, *flipped, *thrown}]
    got, expected = outlook(hand, flipped, unseen, [1, 1, 1]), brute_force(hand, flipped, unseen, [1, 1, 1])
    errors = [abs(getattr(got, name) - x) for name, x in zip(FIELDS, expected)]
    assert max(errors) <= BOUND
    assert max(errors) > 1e-6
    assert close(outlook(hand, flipped, unseen, [1, 1]), brute_force(hand, flipped, unseen, [1, 1]))


# Simulated deals.


def test_a_simulation_of_whole_deals_agrees_early_in_a_four_player_hand():
    # Round 2: an R flipped, an opponent threw Rc, the others had none; two unseen Rs can
    # only be in the centre or the rest.  20,000 deals drawn by the model: opponents' hands
    # from the live cards, then the three face-down centre cards from everything left.
    hand, flipped, thrown, opponents = ["Ad", "6c", "7b"], ["Rb"], ["Rc"], [3, 2, 3]
    unseen = [card for card in DECK if card not in {*hand, *flipped, *thrown}]
    live = [card for card in unseen if card[0] != "R"]
    dead = [card for card in unseen if card[0] == "R"]
    rng = random.Random(20260601)
    samples = []
    for _ in range(20_000):
        rng.shuffle(live)
        dealt = [live[:3], live[3:5], live[5:8]]
        samples.append(with_any_share(play(hand, dealt, rng.sample(live[8:] + dead, 3))))
    got = outlook(hand, flipped, unseen, opponents)
    for i, name in enumerate(FIELDS):
        column = [sample[i] for sample in samples]
        mean = sum(column) / len(column)
        error = math.sqrt(sum((x - mean) ** 2 for x in column) / (len(column) - 1) / len(column))
        slack = 0.0 if name in ("vegas", "someone_else_vegas", "showdown") else BOUND
        assert abs(getattr(got, name) - mean) <= 4 * error + slack, name


# Properties of positions reached in play.


def positions(flips: tuple[int, ...] = (0, 1, 2, 3, 4)):
    """Seat 0's view of random deals after some flips, the hand still on."""
    seeds, players, fold = st.integers(0, 2**32), st.integers(2, 6), st.sampled_from([0.0, 0.2])
    built = st.builds(reached, seeds, players, st.sampled_from(flips), fold)
    return built.filter(lambda position: position is not None)


FLIPPED = positions(flips=(4,))


@settings(max_examples=40, **PROFILE)
@given(positions())
def test_the_ways_a_hand_ends_add_up(position):
    got = outlook(*position)
    # The seat empties first (alone or not), someone else does, or the showdown comes.
    assert got.vegas + got.someone_else_vegas + got.showdown <= 1 + 1e-12
    assert got.low <= got.showdown + 1e-12 and got.high <= got.showdown + 1e-12
    assert got.vegas <= got.any_share + 1e-12
    if not position[3]:
        assert got.vegas + got.showdown == pytest.approx(1)
        assert got.low == got.high == pytest.approx(got.showdown)
        assert (got.someone_else_vegas, got.any_share) == (0, pytest.approx(1))


@settings(max_examples=40, **PROFILE)
@given(FLIPPED)
def test_with_every_centre_card_flipped_there_is_no_las_vegas(position):
    hand, flipped, unseen, opponents = position
    got = outlook(hand, flipped, unseen, opponents)
    assert (got.vegas, got.someone_else_vegas, got.showdown) == (0, 0, 1)


@settings(max_examples=40, **PROFILE)
@given(positions(), st.permutations(SUITS))
def test_suits_and_the_order_of_the_arguments_do_not_matter(position, suits):
    hand, flipped, unseen, opponents = position
    odds._outlook.cache_clear()
    relabel = {old: new for old, new in zip(SUITS, suits)}

    def renamed(cards):
        return [card[0] + relabel[card[1]] for card in cards]

    moved = outlook(renamed(hand)[::-1], renamed(flipped)[::-1], renamed(unseen)[::-1], opponents[::-1])
    odds._outlook.cache_clear()
    assert moved == outlook(hand, flipped, unseen, opponents)


@settings(max_examples=40, **PROFILE)
@given(FLIPPED)
def test_reflecting_the_values_swaps_low_and_high_when_nothing_is_left_to_flip(position):
    # With nothing left to flip and every hand as long as the seat's, a card worth v
    # becoming one worth 11 - v turns every total t into 11 n - t: lowest becomes highest.
    hand, flipped, unseen, seats = position
    opponents = [len(hand)] * len(seats)
    gone = {card[0] for card in flipped}
    assume(sum(opponents) <= sum(card[0] not in gone for card in unseen))

    def reflected(cards):
        return [RANKS[len(RANKS) - 1 - RANKS.index(card[0])] + card[1] for card in cards]

    got = outlook(hand, flipped, unseen, opponents)
    mirror = outlook(reflected(hand), reflected(flipped), reflected(unseen), opponents)
    assert (mirror.low, mirror.high) == (pytest.approx(got.high, abs=1e-12), pytest.approx(got.low, abs=1e-12))
    assert mirror.any_share == pytest.approx(got.any_share, abs=1e-12)


@settings(max_examples=40, **PROFILE)
@given(FLIPPED)
def test_a_total_out_of_every_opponents_reach_decides_both_halves(position):
    # Nothing left to flip, and no opponent can reach the seat's total with the unseen
    # cards of the other ranks: the seat takes the high half alone, and never the low one
    # (a hand of Rs against lower cards; mirrored, a hand no opponent can get under).
    hand, flipped, unseen, opponents = position
    assume(opponents)
    gone = {card[0] for card in flipped}
    live = sorted(VALUE[card[0]] for card in unseen if card[0] not in gone)
    total = sum(VALUE[card[0]] for card in hand)
    got = outlook(hand, flipped, unseen, opponents)
    if sum(live[-max(opponents) :]) < total:
        assert (got.low, got.high) == (0, pytest.approx(1))
    if live[0] > total:
        assert (got.low, got.high) == (pytest.approx(1), 0)


def test_only_rs_never_take_the_low_half_from_lower_cards():
    flipped = ["Ab", "2b", "3b", "4b"]
    unseen = [card for card in DECK if card[0] in "567FC"]
    got = outlook(["Rb", "Rc"], flipped, unseen, [2, 2, 2])
    assert (got.low, got.high, got.any_share) == (0, pytest.approx(1), pytest.approx(1))


def test_the_same_position_gives_the_same_outlook():
    hand, flipped, unseen, opponents = reached(7, 4, 0)
    first = outlook(hand, flipped, unseen, opponents)
    odds._outlook.cache_clear()
    again = outlook(list(hand), list(flipped), list(unseen), list(opponents))
    assert astuple(first) == astuple(again)
    assert outlook(hand, flipped, unseen, opponents) is outlook(hand, flipped, unseen, opponents)


# Refusals.

GOOD = (["5b"], ["Ab", "3c", "4d"], ["5c", "7b", "2d", "Ac"], [1])


@pytest.mark.parametrize(
    "change, message",
    [
        (dict(hand=["5x"]), "not a card"),
        (dict(hand="5b"), "not one string"),
        (dict(hand=[]), "holds 0 cards"),
        (dict(hand=["5b", "6b", "7c", "Fb"]), "holds 4 cards"),
        (dict(hand=["Ad"]), "already flipped"),
        (dict(unseen=["5b", "7b", "2d", "Ac"]), "twice"),
        (dict(flipped=["Ab", "3c", "4d", "6d", "7d"]), "5 centre cards"),
        (dict(opponents=[4]), "hand sizes"),
        (dict(opponents=[0]), "hand sizes"),
        (dict(opponents=[1.0]), "hand sizes"),
        (dict(opponents=[True]), "hand sizes"),
        (dict(opponents=[1] * 6), "hand sizes"),
        (dict(opponents=[1, 3]), "too few unseen"),
        (dict(unseen=["Ac", "5c"], opponents=[1, 1]), "too few unseen"),
        (dict(unseen=["5c"]), "too few unseen"),
    ],
)
def test_impossible_positions_are_refused(change, message):
    arguments = dict(zip(("hand", "flipped", "unseen", "opponents"), GOOD)) | change
    with pytest.raises(ValueError, match=message):
        outlook(**arguments)
