"""Every game's declared suits (`GameSpec.suits`, drawn by the report's replays) are
exactly the suits of its deck, letter for letter as its notation writes them: the
letters of every card a random match shows, read at the end `suit_first` says."""

from __future__ import annotations

import random

import pytest

import engine
from engine import SuitFace


def match_cards(name: str) -> set[str]:
    """Every card in a hand or in front of a seat in one random match of game `name`."""
    game = engine.load(name)
    state = game.new_match(seed=1)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return {card for scene in game.scenes(state.history) for seat in scene.seats for card in seat.hand + seat.shown}


@pytest.mark.parametrize("name", [spec.name for spec in engine.games()])
def test_the_declared_suits_are_the_suits_of_the_deck(name: str):
    spec = engine.game_class(name).spec
    letters = [face.letter for face in spec.suits]
    assert all(isinstance(face, SuitFace) and face.name and face.symbol and face.color for face in spec.suits)
    assert len(set(letters)) == len(letters), f"{name} declares a suit letter twice: {letters}"
    cards = match_cards(name)
    assert cards, f"a random {name} match showed no card"
    if not spec.suits:
        return
    used = {card[0] if spec.suit_first else card[-1] for card in cards}
    assert used <= set(letters), f"{name}'s cards {sorted(cards)} have suits {sorted(used - set(letters))} undeclared"
    assert used == set(letters), f"{name} declares suits {sorted(set(letters) - used)} no card of a match had"


def test_conto_cards_have_no_suits():
    spec = engine.game_class("conto").spec
    assert spec.suits == () and spec.suit_first is False
    assert all(len(card) == 1 for card in match_cards("conto"))


def test_the_suit_letters_are_the_notations():
    specs = {spec.name: spec for spec in engine.games()}
    assert [f.letter for f in specs["invido"].suits] == [f.letter for f in specs["vegas"].suits] == list("bcds")
    assert [f.name for f in specs["invido"].suits] == ["bastoni", "coppe", "denari", "spade"]
    assert [f.letter for f in specs["frederik"].suits] == list("cdhs") and not specs["frederik"].suit_first
    assert [f.letter for f in specs["bridge"].suits] == list("SHDC") and specs["bridge"].suit_first
    spades = next(face for face in specs["bridge"].suits if face.letter == "S")
    assert (spades.name, spades.symbol) == ("spades", "♠")


@pytest.mark.parametrize("name", [spec.name for spec in engine.games() if spec.ranks])
def test_the_named_ranks_are_the_letters_the_decks_cards_use(name: str):
    # The legend names every rank a card writes as a letter, and only those.
    spec = engine.game_class(name).spec
    ranks = {card[1:] if spec.suit_first else card[:-1] for card in match_cards(name)}
    assert {rank for rank in ranks if not rank.isdigit()} == {rank.letter for rank in spec.ranks}
    assert all(rank.name for rank in spec.ranks)
