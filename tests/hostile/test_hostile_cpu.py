"""CPU is charged to the bot that uses it: a bot that keeps a process spinning after it
has answered owes that CPU on its own clock (its timeouts say so), its neighbour is not
charged, and the watcher stops it when it owes more than it may (fault `cpu`)."""

from __future__ import annotations

import sys
import uuid

from hostile_support import MARKER, ROOT, carrying, hostile, run_match, wait_until

from arena.clock import TimeControl
from arena.process.cpu import OFF_TURN_LIMIT
from arena.records import BotEntry, FaultKind

# Thinks 0.6 s per decision: while it does, the spinner is off turn and spinning.
SLOW = (sys.executable, str(ROOT / "tests" / "fixtures" / "bots" / "thinks.py"), "--seconds=0.6")


def test_a_bot_spinning_after_it_answered_is_charged_on_its_clock_not_its_neighbour(tmp_path, sandbox):
    marker = uuid.uuid4().hex
    entries = {
        "spins": BotEntry("spins", command=hostile("spins"), env={MARKER: marker}),
        "slow": BotEntry("slow", command=SLOW),
    }
    # 0.1 s a move: each 0.6 s of the neighbour's thinking costs the spinner more than that,
    # and its three gaps more than 0.2 s in all, even on a machine so loaded that its
    # spinning child gets only 30% of a core (two CI runs, with 0.3 s of thinking and 0.2 s
    # a move, then 0.1 s a move, charged it too little).  The neighbour's 10 s: a loaded
    # machine (one core spun away) must not time it out.
    controls = [TimeControl.per_move(0.1), TimeControl.per_move(10.0)]
    record = run_match(tmp_path, entries, deals=3, time_controls=controls)
    assert len(record.result.deals) == 3, "the match went on to the end"
    spins, slow = record.time_use()
    assert spins.cpu.off_turn > 0.2, spins
    assert slow.cpu.off_turn == 0.0 and slow.cpu.seconds < spins.cpu.seconds, (slow, spins)
    assert {fault.bot for fault in record.faults} == {"spins"}, record.faults
    timeouts = [fault for fault in record.faults if fault.kind is FaultKind.TIMEOUT]
    assert timeouts, record.faults
    assert "of CPU its processes used while nothing was asked of it were charged to its clock" in timeouts[0].reason
    assert wait_until(lambda: not carrying(marker)), f"survivors: {carrying(marker)}"


def test_a_bot_that_owes_too_much_cpu_is_stopped_with_fault_cpu(tmp_path, sandbox):
    marker = uuid.uuid4().hex
    entries = {
        "spins": BotEntry("spins", command=hostile("spins"), env={MARKER: marker}),
        "random": BotEntry("random", command=(sys.executable, str(ROOT / "bots" / "random_bot.py"))),
    }

    def after_the_match() -> None:
        # Nothing is asked of the spinner any more and its child spins on: within about
        # OFF_TURN_LIMIT seconds of CPU the watcher stops it, while the pool still runs.
        assert wait_until(lambda: not carrying(marker), seconds=OFF_TURN_LIMIT * 2 + 5), carrying(marker)

    run_match(tmp_path, entries, deals=1, inside=after_the_match)
    said = "".join(path.read_text() for path in (tmp_path / "logs").glob("spins*"))
    assert "stopped: its processes used" in said and "s of CPU while nothing was asked of it" in said, said[-2000:]
