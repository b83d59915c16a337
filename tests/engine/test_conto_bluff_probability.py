"""Conto's "probably false" rates (engine/conto/odds.py, engine/conto/stats.py).

The exact chance that a portata or a plate is true given what the declarer sees: hand
computed cases (the issue's 2 4 6 6 J Q example among them), a joker in hand that backs
only one portata, and the hypergeometric sum against a brute-force enumeration of the
unseen cards on small decks.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.conto import JOKER, RANKS, ContoStats, Move, Portata, conto_statistics, plate_is_true
from engine.conto.odds import chance_true

PROFILE = dict(
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=False,
    suppress_health_check=[HealthCheck.too_slow],
)
KINDS = RANKS + JOKER


def counts(cards: str) -> list[int]:
    out = [0] * len(KINDS)
    for card in cards.split():
        out[KINDS.index(card)] += 1
    return out


# --- hand-computed cases -------------------------------------------------------------------


def test_the_issue_example_2J_needs_one_J_or_joker_among_16_unseen() -> None:
    # Holding 2 4 6 6 J Q and seeing an 8 and a K the others revealed: 100 cards unseen
    # by it, of which 7 J and 4 jokers; 16 of them are in the other hands.
    known = counts("2 4 6 6 J Q 8 K")
    chance = chance_true((Portata("J", 2),), known, 16)
    assert chance == 1 - Fraction(comb(89, 16), comb(100, 16))
    assert 0.86 < chance < 0.87  # ~87%: not probably false


def test_the_issue_example_in_a_match_is_unbacked_but_not_probably_false() -> None:
    state = engine.load("conto", players=4).new_match(
        hands=["2 4 6 6 J Q", "8 3 5 7 9 T", "3 5 7 9 T K", "K 3 5 7 9 A"], deals=1
    )
    for move in [
        "ordinazione → 12, reveals 2",
        "speziare → 18, reveals 8",
        "abbondare → 28",
        "ordinazione → 28 1K, reveals K",
        "speziare → 2J 1K, reveals J",  # seat 0: one J of its own, 16 cards unseen
    ]:
        state.apply(move)
    seat0 = conto_statistics(state.history, 4)[0]
    # a lie all the same: the one J of the table is seat 0's
    assert seat0 == ContoStats(hands=1, declarations=2, bluffs=1, probably_false=0, plate_probably_false=0, lies=1)
    cells = dict(seat0.columns())
    assert (cells["bluff %"], cells["prob. false %"], cells["plate p.f. %"]) == ("50.0", "0.0", "0.0")


def test_certain_and_impossible() -> None:
    known = counts("A A K")
    assert chance_true((Portata("A", 2),), known, 20) == 1
    assert chance_true((), known, 20) == 1
    # 12 A holding a joker it spent elsewhere: 8 Aces and the 3 other jokers are too few
    assert chance_true((Portata("A", 12),), counts("K W"), 20, jokers=0) == 0
    assert chance_true((Portata("A", 12),), counts("K"), 20) > 0  # all 12 among the 20
    assert chance_true((Portata("A", 3),), known, 0) == 0  # nothing unseen, no joker


def test_one_unseen_card_of_a_one_copy_deck() -> None:
    # one copy of each rank and one joker, nothing known: 14 cards, one unseen
    nothing = [0] * len(KINDS)
    assert chance_true((Portata("A", 1),), nothing, 1, copies=1, deck_jokers=1) == Fraction(2, 14)
    # two unseen: 1A 1K is true with A K, A W or K W, 3 of C(14, 2) = 91 draws
    plate = (Portata("A", 1), Portata("K", 1))
    assert chance_true(plate, nothing, 2, copies=1, deck_jokers=1) == Fraction(3, 91)


def test_a_joker_in_hand_backs_one_portata_only() -> None:
    # The issue's case: 2A then 2 9 with one A, one 9 and one joker (and 3 other cards);
    # 3 players of 6 cards: 12 unseen among the 102 others, 7 nines and 3 jokers.
    known = counts("A 9 W 2 3 4")
    plate = (Portata("A", 2), Portata("9", 2))
    assert plate_is_true(plate[1:], known)  # "backed": the joker covers the 9 ...
    assert plate_is_true(plate[:1], known)  # ... and the A, but not both
    assert not plate_is_true(plate, known)
    assert chance_true(plate[1:], known, 12) == 1  # the joker counted for the 9 alone
    # Counted once, it backs the 9 only if an unseen A takes the 2A: the 9 needs one
    # more 9, joker or A among the 12 unseen (7 + 3 + 7 of the 102 it does not see),
    # as does the whole plate.
    once = 1 - Fraction(comb(85, 12), comb(102, 12))
    assert chance_true(plate[1:], known, 12, others=plate[:1]) == once
    assert chance_true(plate, known, 12) == once
    # Without its joker the 9 needs a 9 or an unseen joker, whatever the A portata needs.
    assert chance_true(plate[1:], known, 12, others=plate[:1], jokers=0) == 1 - Fraction(comb(92, 12), comb(102, 12))
    # A joker the other portata does not need stays with the changed one.
    assert chance_true(plate[1:], known, 12, others=(Portata("A", 1),)) == 1


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="unseen"):
        chance_true((Portata("A", 1),), counts("A"), 200)
    with pytest.raises(ValueError, match="pairwise"):
        chance_true((Portata("A", 1), Portata("A", 2)), counts("A"), 5)
    with pytest.raises(ValueError, match="do not fit"):
        chance_true((Portata("A", 1),), counts("W W W W W"), 5)


# --- exact sum against brute force -----------------------------------------------------------


@st.composite
def small_deck(
    draw: st.DrawFn,
) -> tuple[int, int, list[int], int, tuple[Portata, ...], tuple[Portata, ...], int | None]:
    copies = draw(st.integers(1, 3))
    deck_jokers = draw(st.integers(0, 2))
    # Most ranks fully seen, so that few cards are unseen and enumeration stays small.
    open_ranks = draw(st.lists(st.sampled_from(range(len(RANKS))), max_size=4, unique=True))
    pool = [draw(st.integers(0, copies)) if i in open_ranks else 0 for i in range(len(RANKS))]
    pool.append(draw(st.integers(0, deck_jokers)))
    known = [copies - n for n in pool[:-1]] + [deck_jokers - pool[-1]]
    unseen = draw(st.integers(0, min(5, sum(pool))))
    ranks = draw(st.lists(st.sampled_from(RANKS), min_size=1, max_size=4, unique=True))
    mine = draw(st.integers(1, len(ranks)))  # the plate's portate; the others take jokers first
    portate = [Portata(r, draw(st.integers(1, copies + 2))) for r in ranks]
    jokers = draw(st.none() | st.integers(0, known[-1]))
    return copies, deck_jokers, known, unseen, tuple(portate[:mine]), tuple(portate[mine:]), jokers


@settings(max_examples=300, **PROFILE)
@given(small_deck())
def test_the_exact_chance_equals_brute_force(
    case: tuple[int, int, list[int], int, tuple[Portata, ...], tuple[Portata, ...], int | None],
) -> None:
    copies, deck_jokers, known, unseen, plate, others, jokers = case
    hidden = [
        kind for i, kind in enumerate(KINDS) for _ in range((deck_jokers if kind == JOKER else copies) - known[i])
    ]
    own = known[-1] if jokers is None else jokers
    true = total = 0
    for drawn in combinations(range(len(hidden)), unseen):  # every card distinct
        seen = list(known)
        for i in drawn:
            seen[KINDS.index(hidden[i])] += 1
        # the own jokers fill the others' gaps first; the unseen ones are all the plate's
        others_miss = sum(max(0, p.quantity - seen[KINDS.index(p.rank)]) for p in others)
        seen[-1] += max(0, own - others_miss) - known[-1]
        total += 1
        true += plate_is_true(plate, seen)
    got = chance_true(plate, known, unseen, others=others, jokers=jokers, copies=copies, deck_jokers=deck_jokers)
    assert got == Fraction(true, total)


# --- in play: the declarer's own view ---------------------------------------------------------


@settings(max_examples=60, **PROFILE)
@given(
    players=st.integers(3, 8),
    courses=st.sampled_from([2, 3]),
    seed=st.integers(0, 2**63 - 1),
    policy=st.integers(0, 2**32 - 1),
)
def test_random_playouts_count_from_the_declarers_view(players: int, courses: int, seed: int, policy: int) -> None:
    state = engine.load("conto", players=players, courses=courses).new_match(seed=seed, deals=2)
    rng = random.Random(policy)
    expected = [[0, 0] for _ in range(players)]
    while not state.is_terminal():
        seat = state.current_seat()
        legal = state.legal_actions()
        declarations = [a for a in legal if a.kind is not Move.CONTO]
        if not declarations or rng.random() < 0.1:
            state.apply(legal[0])
            continue
        action = rng.choice(declarations)
        view = state.view(seat)
        known = counts(" ".join(view.hand + tuple(card.rank for card in view.revealed)))
        unseen = view.cards_dealt - sum(known)
        changed = action.plate[action.slot]
        others = tuple(p for p in action.plate if p != changed)
        portata = chance_true((changed,), known, unseen, others=others)
        plate = chance_true(action.plate, known, unseen)
        assert plate <= portata  # a true plate has its changed portata true
        expected[seat][0] += portata < Fraction(1, 2)
        expected[seat][1] += plate < Fraction(1, 2)
        state.apply(action)
    for seat, x in enumerate(conto_statistics(state.history, players)):
        assert [x.probably_false, x.plate_probably_false] == expected[seat]
        assert x.probably_false <= x.plate_probably_false <= x.declarations
