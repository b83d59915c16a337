"""The moves a game's statistics count, marked one by one (`engine.counted_moments`): in
random matches of every game, each seat's marks of each kind are exactly its
counts in the statistics table, each mark sits on the event it judges, and its number is
the one the statistics compare (conto's chance from the declarer's view)."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

import engine
from engine.bridge import BridgeMark
from engine.conto import COPIES_PER_RANK, JOKERS_IN_DECK, ContoMark, Declared, Showdown
from engine.frederik import FrederikMark
from engine.invido import InvidoMark
from engine.vegas import VegasMark

#: Per game, which statistics field each mark label is counted in.
COUNTED = {
    "conto": {
        ContoMark.BLUFF: "bluffs",
        ContoMark.PROBABLY_FALSE: "probably_false",
        ContoMark.PLATE_PROBABLY_FALSE: "plate_probably_false",
        ContoMark.LIE: "lies",
        ContoMark.CAUGHT: "caught",
    },
    "vegas": {VegasMark.WEAK_BET: "bluffs", VegasMark.WEAK_RAISE: "bluffs"},
    "invido": {InvidoMark.BLUFF: "bluffs", InvidoMark.BLUFF_FOLDED: "bluffs_folded"},
    "bridge": {BridgeMark.MADE: "made", BridgeMark.DOWN: "down"},
    "frederik": {FrederikMark.INTERRUPT: "interrupts", FrederikMark.PROTECTION: "protections"},
}


def played(name: str, seed: int, **options: object) -> tuple[engine.Game, engine.State]:
    game = engine.load(name, **options)
    state = game.new_match(seed=seed, deals=4)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return game, state


@pytest.mark.parametrize("name", sorted(COUNTED))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_seats_marks_are_its_counts(name: str, seed: int):
    game, state = played(name, seed)
    moments = engine.counted_moments(game, state.history)
    stats = game.seat_statistics(state.history)
    assert stats is not None
    marked: Counter[tuple[int, str]] = Counter()
    for moment in moments:
        if moment.label in COUNTED[name]:
            marked[moment.seat, COUNTED[name][moment.label]] += 1
        assert 0 <= moment.event < len(state.history)
        assert moment.detail and f"{moment.label}: {moment.detail}" == moment.text
    for seat, line in enumerate(stats):
        for field in set(COUNTED[name].values()):
            assert marked[seat, field] == getattr(line, field), (seat, field)
    assert [m.event for m in moments] == sorted(m.event for m in moments)
    if name == "conto":
        assert any(m.label is ContoMark.PROBABLY_FALSE for m in moments), "a random conto match always bluffs"


def test_a_conto_mark_gives_the_declarers_chance_and_sits_on_its_move():
    game, state = played("conto", 4, players=3)
    history = state.history
    checked = 0
    for moment in engine.counted_moments(game, history):
        event = history[moment.event]
        if moment.label is ContoMark.CAUGHT:
            assert isinstance(event, Showdown) and not event.plate_true and moment.seat == event.cameriere
            continue
        assert isinstance(event, Declared) and event.seat == moment.seat
        if moment.label is ContoMark.PROBABLY_FALSE:
            assert moment.detail.endswith(f"true from seat {event.seat}'s view")
            percent = moment.detail.split()[1]
            assert percent == "<1%" or int(percent.rstrip("%")) <= 50
            checked += 1
    assert checked


def test_a_bluff_in_a_hand_built_deal_says_its_exact_chance():
    # Seat 1 holds one King and claims two: unbacked. It sees its six cards and seat 0's
    # revealed 2; the other 11 cards dealt are unseen, drawn from the rest of the deck, and
    # the claim is true when they hold a King or a joker: 1 - C(rest - K - W, 11) / C(rest, 11).
    game = engine.load("conto", players=3)
    state = game.new_match(hands=["2 3 4 5 6 7", "K 8 9 T J Q", "A A 2 3 4 5"], deals=1)
    state.apply("ordinazione → 12, reveals 2")
    state.apply("abbondare → 2K, reveals K")
    moments = {m.label: m for m in engine.counted_moments(game, state.history) if m.seat == 1}
    assert ContoMark.BLUFF in moments and ContoMark.LIE in moments  # no other King is dealt
    rest = 13 * COPIES_PER_RANK + JOKERS_IN_DECK - 7
    useful = COPIES_PER_RANK - 1 + JOKERS_IN_DECK
    chance = 1 - math.comb(rest - useful, 11) / math.comb(rest, 11)
    expected = f"2K {round(100 * chance)}% true from seat 1's view"
    assert moments[ContoMark.BLUFF].detail == f"not in its cards or face up; {expected}"
    assert (ContoMark.PROBABLY_FALSE in moments) == (chance < 0.5)
