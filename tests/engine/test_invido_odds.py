"""The odds behind invido's bluff count (engine/invido/odds.py), against values counted
by hand: the unseen cards are the 32 less the caller's three and the opponent's cards
played face up, each hand the opponent may hold as likely as another."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.invido.odds import Position, win_chance
from engine.invido.records import DECK
from engine.invido.tricks import FACE_DOWN


def test_the_three_threes_cannot_lose_and_the_three_sixes_cannot_win():
    threes, sixes = ("3b", "3c", "3d"), ("6b", "6c", "6d")
    assert win_chance(Position(threes, threes, (), 3, (), True, None)) == 1.0
    assert win_chance(Position(sixes, sixes, (), 3, (), True, None)) == 0.0


def test_a_six_led_to_the_last_trick_after_one_trick_each_wins_only_on_a_tie():
    # A tie in the third trick goes to the winner of the first, this seat: the opponent's
    # last card must be one of the 3 sixes left among the 27 unseen cards.
    position = Position(("6c",), ("6c", "3d", "2s"), ("Ab", "Rb"), 1, (0, 1), True, None)
    assert win_chance(position) == pytest.approx(3 / 27)


def test_following_a_king_with_a_seven_and_a_six_keeps_the_card_that_can_still_tie():
    # Trick 1 won; the opponent leads R to trick 2, which 7 and 6 cannot take.  Played
    # with open cards: give up the 6 and keep the 7 when the last card is a 6 or a 7
    # (a win or a tie that goes to the first trick's winner): 3 + 3 of the 27 unseen.
    position = Position(("7d", "6s"), ("3c", "7d", "6s"), ("Fb", "Rc"), 1, (0,), False, 4)
    assert win_chance(position) == pytest.approx(6 / 27)


def test_a_three_answering_the_lead_after_a_tie_wins_outright():
    position = Position(("3d", "Fb"), ("2s", "3d", "Fb"), ("2b", "Ac"), 1, (None,), False, 5)
    assert win_chance(position) == 1.0


def test_a_card_led_face_down_is_beaten_by_any_card():
    hand = ("6s", "7c", "Fd")
    face_down = win_chance(Position(hand, hand, (), 2, (), False, FACE_DOWN, face_down=True))
    three_led = win_chance(Position(hand, hand, ("3b",), 2, (), False, 7, face_down=True))
    assert face_down > three_led


@pytest.mark.parametrize(
    "position",
    [
        Position(("3c", "2b"), ("3c", "2b", "As"), (), 3, (), True, None),  # a card missing
        Position(("3c", "2b", "As"), ("3c", "2b", "Ad"), (), 3, (), True, None),  # not dealt
        Position(("3c",), ("3c", "3b", "3d"), ("2s", "2b"), 1, (0, 0), True, None),  # decided
    ],
)
def test_a_position_whose_cards_do_not_add_up_is_refused(position):
    with pytest.raises(ValueError, match="is not a position of an undecided invido giocata"):
        win_chance(position)


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 2), st.booleans())
def test_playing_face_down_never_changes_the_odds_with_open_cards(rng: random.Random, tricks: int, leads: bool):
    # A face-down card always loses its trick; with all cards open, the weakest card face
    # up does at least as well, so allowing vado dentro changes no chance.
    cards = rng.sample(DECK, 6)
    outcomes = tuple(rng.choice((0, 1, None)) for _ in range(tricks))
    position = Position(
        tuple(cards[tricks:3]), tuple(cards[:3]), tuple(cards[3 : 3 + tricks]), 3 - tricks, outcomes, leads, None
    )
    try:
        chance = win_chance(position)
    except ValueError:  # the random tricks already decided the giocata
        return
    assert 0.0 <= chance <= 1.0
    assert win_chance(Position(**{**position.__dict__, "face_down": True})) == pytest.approx(chance)
