"""Bridge partners see each other's cards only as the rules show them: two processes of
one bot, partners at one table, try to pass their hands during the auction through what
their sandboxes share (tests/hostile/bots/partner_spy.py); their own guesses, checked
against the stored deals, learn nothing."""

from __future__ import annotations

import json
import sys

import pytest
import trio
from hostile_support import BOTS, RANDOM, sandbox_or_skip

import engine
from arena.play import open_bot_pool, play_match
from arena.records import BotEntry
from engine.bridge.records import BoardDealt

pytestmark = pytest.mark.usefixtures("needs_sandbox")
BOARDS = 4


@pytest.fixture
def needs_sandbox():
    sandbox_or_skip()


def test_bridge_partners_learn_not_one_card_of_each_other_during_the_auction(tmp_path):
    entries = {
        "spy": BotEntry("spy", command=(sys.executable, str(BOTS / "partner_spy.py")), protocol="stdio"),
        "random": BotEntry("random", command=RANDOM),
    }
    game = engine.load("bridge")

    async def main():
        async with open_bot_pool(entries, tmp_path / "logs", game="bridge") as pool:
            seats = [pool.seat(name, 7) for name in ("spy", "random", "spy", "random")]
            return await play_match(game, seats, seed=7, deals=BOARDS, move_time=5.0)

    record = trio.run(main)
    assert record.faults == (), [str(fault) for fault in record.faults]
    hands = {
        (event.board, hand.seat): set(hand.cards)
        for event in record.history
        if isinstance(event, BoardDealt)
        for hand in event.hands
    }
    guesses = [(c.seat, json.loads(c.text)) for c in record.comments if c.seat in (0, 2)]
    in_auction = [(seat, guess) for seat, guess in guesses if guess["why"] != "play"]
    assert len({guess["board"] for _, guess in in_auction}) == BOARDS, "both spies tried on every board"
    right = sum(len(set(guess["partner"] or ()) & hands[guess["board"], (seat + 2) % 4]) for seat, guess in in_auction)
    assert right == 0, f"the partners learnt {right} of each other's cards"
    assert {guess["why"] for _, guess in in_auction} == {"ENOLCK"}, in_auction
