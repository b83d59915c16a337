"""`arena show`'s transcript reads in the arena's words: "deal", one pair of parentheses."""

from __future__ import annotations

import random

import engine
from arena.results import transcript


def _played(name: str, seed: int) -> engine.State:
    state = engine.load(name).new_match(seed=seed)
    chooser = random.Random(seed)
    while not state.is_terminal():
        state.apply(chooser.choice(state.legal_actions()))
    return state


def test_a_conto_transcript_says_deal_and_puts_the_role_beside_the_seat():
    state = _played("conto", 3)
    text = transcript(state.history, ["ada", "bea", "cid", "dan"][: state.game.players])
    assert "deal 1: " in text and "hand 1:" not in text
    showdowns = [line for line in text.splitlines() if line.startswith("showdown:")]
    assert showdowns, text
    for line in showdowns:
        # "bea (seat 1, capotavola) loses", not "bea (seat 1) (capotavola) loses"
        assert ") (" not in line and (", capotavola) loses" in line or ", cameriere) loses" in line), line


def test_a_vegas_match_ends_after_its_deals():
    state = _played("vegas", 5)
    assert state.history[-1].text.startswith("match over after ") and " deals; chips: " in state.history[-1].text
