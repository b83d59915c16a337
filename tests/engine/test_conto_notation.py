"""Card and action text for conto: what is read, and how a bad token is reported."""

from __future__ import annotations

import pytest

import engine
from engine.conto import ContoAction, Move, Portata, parse_hand

FILLER = "2 3 4 5 6"


def fresh(players: int = 4, **options) -> engine.State:
    return engine.load("conto", players=players, **options).new_match(seed=1)


# --- cards ---------------------------------------------------------------------------------


def test_hands_read_ranks_with_optional_suits_and_ten_as_10() -> None:
    assert parse_hand("2 6 7 T Q Q") == ("2", "6", "7", "T", "Q", "Q")
    assert parse_hand("2h 6d 7c 10s Qh W") == ("2", "6", "7", "T", "Q", "W")
    assert parse_hand("  A\tK \n") == ("A", "K")


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("2 6 X T Q Q", "X"),
        ("2 6 7 T Q Qx", "Qx"),
        ("2 6 7 1 Q Q", "1"),
        ("2 6 7 T Q q", "q"),
        ("2 6 7 T Q Wh", "Wh"),
        ("2 6 7 T Q 11", "11"),
    ],
)
def test_a_bad_card_is_named(text: str, token: str) -> None:
    with pytest.raises(engine.NotationError) as info:
        parse_hand(text)
    assert f"{token!r}" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_a_bad_card_in_explicit_hands_is_named() -> None:
    game = engine.load("conto", players=4)
    with pytest.raises(ValueError, match="'X'"):
        game.new_match(hands=["2 6 X T Q Q", f"K {FILLER}", f"A {FILLER}", f"J {FILLER}"])


def test_a_portata_of_an_unknown_rank_cannot_exist() -> None:
    with pytest.raises(engine.NotationError, match="'X'"):
        Portata("X", 1)


# --- explicit hands the deck cannot hold -----------------------------------------------------


def test_more_copies_of_a_rank_than_the_deck_holds_are_refused() -> None:
    game = engine.load("conto", players=4)
    hands = ["Q Q Q Q Q Q", "Q Q Q 2 3 4", f"A {FILLER}", f"J {FILLER}"]  # 9 Queens
    with pytest.raises(ValueError) as info:
        game.new_match(hands=hands)
    assert "9" in str(info.value) and "'Q'" in str(info.value) and "8" in str(info.value)
    hands[1] = "Q Q 2 3 4 5"  # 8 Queens: the deck has them
    assert game.new_match(hands=hands).view(0).hand == ("Q",) * 6


def test_more_than_four_jokers_are_refused() -> None:
    game = engine.load("conto", players=4)
    with pytest.raises(ValueError) as info:
        game.new_match(hands=["W W W 2 3 4", "W W 2 3 4 5", f"A {FILLER}", f"J {FILLER}"])
    assert "5" in str(info.value) and "'W'" in str(info.value) and "4" in str(info.value)


def test_hands_of_the_wrong_size_or_number_are_refused() -> None:
    game = engine.load("conto", players=4)
    with pytest.raises(ValueError, match="Seat 1's hand has 5 cards; this deal gives 6"):
        game.new_match(hands=[f"K {FILLER}", FILLER, f"A {FILLER}", f"J {FILLER}"])
    with pytest.raises(ValueError, match="4 hands are needed"):
        game.new_match(hands=[f"K {FILLER}", f"Q {FILLER}", f"A {FILLER}"])
    six = engine.load("conto", players=6, hand_size=5)
    with pytest.raises(ValueError, match="this deal gives 5"):
        six.new_match(hands=[f"K {FILLER}"] * 6)


# --- actions -----------------------------------------------------------------------------------


def test_actions_read_arrows_both_ways_and_the_bill_several_ways() -> None:
    state = fresh()
    first = state.legal_actions()[0]
    plate = " ".join(p.text for p in first.plate)
    assert state.parse_action(f"{first.kind.name.lower()} -> {plate}, reveals {first.reveals}") == first
    assert state.parse_action(f"  ORDINAZIONE → {plate} ,  reveals {first.reveals} ") == first
    for text in ("il conto", "Il conto, prego!", "conto", "IL CONTO PREGO"):
        assert state.parse_action(text) is state.game.bill


def test_a_forced_reveal_may_be_left_out_of_the_text() -> None:
    state = engine.load("conto", players=4).new_match(
        hands=[f"K {FILLER}", f"Q {FILLER}", f"A {FILLER}", f"J {FILLER}"]
    )
    action = state.parse_action("ordinazione → 1K")
    assert action == ContoAction(Move.ORDINAZIONE, 0, (Portata("K", 1),), "K")
    assert action.text == "ordinazione → 1K, reveals K"


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("abbondare → 2A 3Z", "3Z"),
        ("abbondare → 2A T3", "T3"),
        ("abbondare → 2A 3T, reveals Z", "Z"),
        ("abbondare → 2A 3T, reveals 10", "10"),
        ("abbondare → 2A 3T,", "3T,"),
        ("abbondare → A", "A"),
    ],
)
def test_a_bad_token_in_an_action_is_named(text: str, token: str) -> None:
    with pytest.raises(engine.NotationError) as info:
        fresh().parse_action(text)
    assert f"{token!r}" in str(info.value)


@pytest.mark.parametrize(
    "text",
    ["pass", "passo", "raddoppiare → 2A", "abbondare 2A", "", "→ 2A", "abbondare →", "abbondare → , reveals A"],
)
def test_unreadable_action_text_is_refused_with_the_text(text: str) -> None:
    with pytest.raises(engine.NotationError) as info:
        fresh().parse_action(text)
    assert repr(text) in str(info.value)


def test_action_text_must_be_a_string() -> None:
    with pytest.raises(engine.NotationError, match="string"):
        fresh().parse_action(42)  # type: ignore[arg-type]


def test_readable_but_illegal_text_is_an_illegal_action_not_a_notation_error() -> None:
    state = fresh()
    with pytest.raises(engine.IllegalAction) as info:
        state.apply("speziare → 2A")
    assert not isinstance(info.value, engine.NotationError)
    assert "'speziare → 2A" in str(info.value)


def test_a_wrong_reveal_is_read_as_written_and_refused() -> None:
    state = engine.load("conto", players=3).new_match(hands=["K Q 2 3 4 5", "2 3 4 5 6 7", "2 3 4 5 6 7"])
    assert state.parse_action("ordinazione → 1K, reveals K") in state.legal_actions()
    action = state.parse_action("ordinazione → 1K, reveals Q")
    assert action.reveals == "Q"
    assert action.text == "ordinazione → 1K, reveals Q"
    with pytest.raises(engine.IllegalAction, match="reveals K"):
        state.apply("ordinazione → 1K, reveals Q")
    assert state.view(0).hand == ("2", "3", "4", "5", "Q", "K")
