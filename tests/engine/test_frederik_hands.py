"""Frederik's poker ranking (engine/frederik/hands.py, RULINGS §frederik 1–2) against an
independent evaluator, pokerkit's standard high hands, and on hand-written cases.

On random sets of 5 to 9 cards the engine's category and the order between two hands
must be pokerkit's, and the five cards it picks must be a best hand; the one borrowed
face-up card must give the best hand any single borrow (or none) gives.  By hand:
every category, kickers, the wheel, ties, and short hands (fewer than five cards rank
as they are: no straight or flush, a missing kicker below any card), which pokerkit
does not evaluate.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import StandardHighHand

from engine.frederik import DECK, Category, best_with_borrow, evaluate

FAST = settings(max_examples=150, deadline=None)
#: pokerkit's hand labels by name, as the engine's categories.
LABELS = {
    "HIGH_CARD": Category.HIGH_CARD,
    "ONE_PAIR": Category.PAIR,
    "TWO_PAIR": Category.TWO_PAIR,
    "THREE_OF_A_KIND": Category.THREE_OF_A_KIND,
    "STRAIGHT": Category.STRAIGHT,
    "FLUSH": Category.FLUSH,
    "FULL_HOUSE": Category.FULL_HOUSE,
    "FOUR_OF_A_KIND": Category.FOUR_OF_A_KIND,
    "STRAIGHT_FLUSH": Category.STRAIGHT_FLUSH,
}


def hands(min_size: int = 5, max_size: int = 9):
    return st.lists(st.sampled_from(DECK), min_size=min_size, max_size=max_size, unique=True)


def pk(cards) -> StandardHighHand:
    """pokerkit's best standard high hand of `cards` (five or more)."""
    return StandardHighHand.from_game("".join(cards), "")


def sign(a, b) -> int:
    return (a > b) - (a < b)


def category(cards) -> Category:
    return Category(evaluate(cards)[0][0])


@FAST
@given(cards=hands())
def test_the_category_and_the_five_cards_picked_are_pokerkits(cards):
    value, best = evaluate(cards)
    theirs = pk(cards)
    assert Category(value[0]) is LABELS[theirs.entry.label.name]
    assert len(best) == 5 and set(best) <= set(cards)
    assert StandardHighHand("".join(best)) == theirs  # the five picked are a best hand
    assert evaluate(best)[0] == value


@FAST
@given(a=hands(), b=hands())
def test_two_hands_compare_as_pokerkit_compares_them(a, b):
    assert sign(evaluate(a)[0], evaluate(b)[0]) == sign(pk(a), pk(b))


@FAST
@given(cards=hands(min_size=9, max_size=12), own=st.integers(min_value=5, max_value=7))
def test_one_borrowed_card_gives_the_best_hand_any_single_borrow_gives(cards, own):
    mine, lendable = cards[:own], cards[own:]
    value, best, borrowed = best_with_borrow(mine, lendable)
    options = [pk(mine)] + [pk([*mine, card]) for card in lendable]
    assert StandardHighHand("".join(best)) == max(options)
    assert set(best) <= set(mine) | {borrowed}
    if borrowed is None:
        assert pk(mine) == max(options)
    else:
        assert borrowed in lendable and pk([*mine, borrowed]) == max(options) > pk(mine)
        assert borrowed in best
    assert value == evaluate([*mine, borrowed] if borrowed else mine)[0]


# --- by hand ----------------------------------------------------------------------------

CATEGORIES = [
    ("Ah Kh Qh Jh Th", Category.STRAIGHT_FLUSH, (8, 14)),
    ("9c 9d 9h 9s 2c", Category.FOUR_OF_A_KIND, (7, 9, 2)),
    ("Tc Td Th 4s 4c", Category.FULL_HOUSE, (6, 10, 4)),
    ("Ks 9s 7s 4s 2s", Category.FLUSH, (5, 13, 9, 7, 4, 2)),
    ("9c Td Jh Qs Kc", Category.STRAIGHT, (4, 13)),
    ("7c 7d 7h Ks 2c", Category.THREE_OF_A_KIND, (3, 7, 13, 2)),
    ("Jc Jd 4h 4s Ac", Category.TWO_PAIR, (2, 11, 4, 14)),
    ("Qc Qd 9h 5s 3c", Category.PAIR, (1, 12, 9, 5, 3)),
    ("Ac Jd 9h 5s 3c", Category.HIGH_CARD, (0, 14, 11, 9, 5, 3)),
]


@pytest.mark.parametrize(("cards", "expected", "value"), CATEGORIES)
def test_every_category_and_its_value(cards, expected, value):
    assert evaluate(cards.split())[0] == value and category(cards.split()) is expected


def test_the_categories_rank_as_international_poker():
    values = [evaluate(cards.split())[0] for cards, _, _ in CATEGORIES]
    assert values == sorted(values, reverse=True)  # full house above flush, and so on


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Qc Qd 9h 5s 4c", "Qh Qs 9c 5d 3h"),  # the last kicker decides
        ("Jc Jd 4h 4s Ac", "Jh Js 4c 4d Kc"),  # two pair: the kicker
        ("Jc Jd 5h 5s 2c", "Jh Js 4c 4d Ac"),  # two pair: the second pair before the kicker
        ("7c 7d 7h As 2c", "7s 7d 7h Ks Qc"),  # trips: the first kicker
        ("9c 9d 9h 9s 3c", "9c 9d 9h 9s 2c"),  # quads: the kicker
        ("3c 3d 3h 2s 2c", "2c 2d 2h As Ac"),  # full house: the three first
        ("Ks 9s 7s 4s 3s", "Ks 9s 7s 4s 2s"),  # flush: down to the fifth card
        ("2c 3d 4h 5s 6c", "Ac 2d 3h 4s 5c"),  # the wheel is the lowest straight
        ("Ac 2d 3h 4s 5c", "Kc Qd 9h 5s 3c"),  # and still a straight
        ("Ah 2h 3h 4h 5h", "Ks Kd Kh Kc Ad"),  # the steel wheel: a straight flush
    ],
)
def test_kickers_and_the_wheel(better, worse):
    assert evaluate(better.split())[0] > evaluate(worse.split())[0]
    assert pk(better.split()) > pk(worse.split())


def test_the_wheel_is_five_high_and_ace_high_is_the_top_straight():
    value, best = evaluate("Ac 2d 3h 4s 5c 9c".split())
    assert value == (4, 5) and set(best) == {"Ac", "2d", "3h", "4s", "5c"}
    assert evaluate("Ac Kd Qh Js Tc 2d 3h".split())[0] == (4, 14)
    assert evaluate("Kc Ad 2h 3s 4c".split())[0][0] == Category.HIGH_CARD.value  # no wrap-around


def test_exact_ties_are_equal_whatever_the_suits():
    assert evaluate("Ac Kd 9s 7h 4c".split())[0] == evaluate("Ad Kc 9h 7s 4d".split())[0]
    assert evaluate("2c 3d 4h 5s 6c 6d".split())[0] == evaluate("2d 3c 4s 5h 6h".split())[0]


def test_the_best_five_of_more_cards():
    assert evaluate("Ah Kh 9h 5h 3h 2h Qc".split()) == ((5, 14, 13, 9, 5, 3), ("Ah", "Kh", "9h", "5h", "3h"))
    assert evaluate("Tc Td Th 4s 4c 4d 9c".split())[0] == (6, 10, 4)  # two threes: a full house
    assert evaluate("Kc Kd 8h 8s 3c 3d 2h".split())[0] == (2, 13, 8, 3)  # three pairs: the third is a kicker
    assert evaluate("5h 6h 7h 8h 9h Th 5c 5d 5s".split())[0] == (8, 10)


def test_short_hands_rank_as_they_are():
    assert evaluate("Ah Kh Qh Jh".split()) == ((0, 14, 13, 12, 11), ("Ah", "Kh", "Qh", "Jh"))  # no flush
    assert category("5c 6d 7h 8s".split()) is Category.HIGH_CARD  # no straight
    assert evaluate("7c 7d Kh 2s".split())[0] == (1, 7, 13, 2)
    assert evaluate("7c 7d Kh 2s".split())[0] < evaluate("7h 7s Kc 2d 3c".split())[0]  # a missing kicker
    assert evaluate("7c 7d Kh 2s".split())[0] > evaluate("7h 7s Qc Jd 9c".split())[0]  # but K beats Q
    assert evaluate("9c 9d 9h 9s".split())[0] == (7, 9)
    assert evaluate("9c 9d 9h".split())[0] > evaluate("Ac Ad Kh Ks Qc".split())[0]
    assert evaluate(["2c"])[0] == (0, 2) and evaluate([])[0] == (0,)
    assert evaluate([])[0] < evaluate(["2c"])[0]


def test_a_borrow_is_taken_only_when_it_helps_and_at_most_one():
    own = "Kh Qh Jh Th".split()
    assert best_with_borrow(own, ["2c", "Ah", "9h"])[1:] == (("Ah", "Kh", "Qh", "Jh", "Th"), "Ah")
    value, best, borrowed = best_with_borrow("Ac Ad Kh Ks Qc".split(), ["2c", "3d"])
    assert borrowed is None and best == ("Ac", "Ad", "Kh", "Ks", "Qc")
    # Two fours lent would make four of a kind; one borrow makes three.
    assert best_with_borrow("4c 4d".split(), ["4h", "4s"])[0] == (3, 4)
    # A short hand borrows to be longer: a kicker beats none.
    assert best_with_borrow("7c 7d".split(), ["2h"])[1:] == (("7c", "7d", "2h"), "2h")
