"""The referee's fault book-keeping with scripted seats (tests/fakebot.py): which deal a
fault is charged to, the stop after repeated faults included."""

import logging
from contextlib import asynccontextmanager

import trio

import engine
from arena.play import STOP_AFTER, play_match
from arena.records import FaultKind
from tests.fakebot import FakeSeat


def out_of_range(request, rng):
    return len(request.legal_actions) + 5


def play(deals: int):
    seats = [FakeSeat("wrong", out_of_range), FakeSeat("a", seed=1), FakeSeat("b", seed=2)]

    async def main():
        return await play_match(engine.load("conto", players=3), seats, seed=3, deals=deals)

    return trio.run(main)


def test_the_stop_is_charged_to_the_deal_of_the_fault_that_caused_it():
    record = play(deals=6)
    kinds = [fault.kind for fault in record.faults]
    assert kinds == [FaultKind.ILLEGAL] * STOP_AFTER + [FaultKind.STOPPED], [str(f) for f in record.faults]
    last_fault, stop = record.faults[STOP_AFTER - 1], record.faults[STOP_AFTER]
    # The stop comes with the fault that caused it, not with the deal after it.
    assert stop.deal == last_fault.deal
    assert all(1 <= fault.deal <= 6 for fault in record.faults)


def test_a_stop_in_the_last_deal_is_charged_to_the_last_deal_not_the_one_after():
    # Where the third fault falls with these seeds, then a match that ends with that deal.
    last = play(deals=6).faults[STOP_AFTER - 1].deal
    record = play(deals=last)
    assert len(record.result.deals) == last
    assert [fault.kind for fault in record.faults][-1] is FaultKind.STOPPED
    assert [fault.deal for fault in record.faults][-2:] == [last, last], [str(f) for f in record.faults]
    assert max(fault.deal for fault in record.faults) == last


class _Forger(FakeSeat):
    """Answers well, with a comment that tries to write a line of its own into the log."""

    @asynccontextmanager
    async def open_play(self, start):
        async with super().open_play(start) as stream:
            answer = stream.answer

            def forging(request, decision_id):
                decision = answer(request, decision_id)
                decision.comment = "fine\nFAKE LOG LINE: seat 1 (a) cheats\x1b[2K\r"
                return decision

            stream.answer = forging
            yield stream


def test_a_bots_comment_stays_on_its_own_log_line(caplog):
    seats = [_Forger("forger"), FakeSeat("a", seed=1), FakeSeat("b", seed=2)]

    async def main():
        return await play_match(engine.load("conto", players=3), seats, seed=3, deals=1)

    with caplog.at_level(logging.INFO, logger="arena.referee"):
        record = trio.run(main)
    assert record.comments[0].text.startswith("fine\nFAKE LOG LINE"), "stored as said"
    said = [r.getMessage() for r in caplog.records if "says:" in r.getMessage()]
    assert said and all("\n" not in line and "\x1b" not in line and "\r" not in line for line in said), said
    assert said[0].endswith("says: fine\\nFAKE LOG LINE: seat 1 (a) cheats\\x1b[2K\\r")
