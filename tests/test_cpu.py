"""CPU time per decision: the meter over a bot's processes, and the referee charging what
a bot used off turn to its own clock."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

import engine
from arena.clock import TimeControl
from arena.errors import BotFault
from arena.play._match import Match
from arena.process.cpu import OFF_TURN_ALLOWANCE, OFF_TURN_SLACK, CpuMeter, DecisionCpu
from arena.records import CpuUse, FaultKind
from arena.v1 import arena_pb2 as pb

# Burns the CPU seconds it reads from each line, then says "done".
BURNER = (
    "import sys, time\n"
    "for line in sys.stdin:\n"
    "    end = time.process_time() + float(line)\n"
    "    while time.process_time() < end:\n"
    "        pass\n"
    "    print('done', flush=True)\n"
)
TICK = 0.02  # the burner overshoots each target by a little; the meter itself counts in ns


@pytest.fixture
def burner():
    child = subprocess.Popen(
        [sys.executable, "-c", BURNER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )

    def burn(seconds: float) -> None:
        child.stdin.write(f"{seconds}\n")
        assert child.stdout.readline() == "done\n"

    burn(0.0)  # started: its interpreter's start-up CPU is behind it
    yield child.pid, burn
    child.kill()
    child.wait()


def test_the_meter_gives_each_decision_the_cpu_used_while_it_was_asked(burner):
    pid, burn = burner
    meter = CpuMeter()
    meter.track([pid])
    first = meter.asked()
    assert first.owed == 0.0  # what a bot does before its first decision is free
    burn(0.3)
    assert meter.answered(first) == pytest.approx(0.3, abs=TICK)
    # Two decisions at once (one process, two matches): they share what it used.
    one, two = meter.asked(), meter.asked()
    burn(0.4)
    assert meter.answered(one) == pytest.approx(0.2, abs=TICK)
    assert meter.answered(two) == pytest.approx(0.2, abs=TICK)
    meter.close()


def test_cpu_used_off_turn_is_owed_beyond_the_allowance_and_charged_once(burner):
    pid, burn = burner
    meter = CpuMeter()
    meter.track([pid])
    began = time.monotonic()
    meter.answered(meter.asked())
    burn(0.5)  # nothing asked of it
    owed = meter.owed()
    # The allowance grows with the wall time off turn, which a loaded machine stretches:
    # bound it by the wall time measured around it, not by a guess.
    off_turn = time.monotonic() - began
    assert 0.5 - OFF_TURN_SLACK - OFF_TURN_ALLOWANCE * off_turn - TICK < owed < 0.5 - OFF_TURN_SLACK + TICK
    charged = meter.asked()
    assert charged.owed == pytest.approx(owed, abs=0.05)
    assert meter.answered(charged) < 0.05
    assert meter.owed() < 0.01, "what was charged is not owed again"
    meter.close()


class ScriptedMeter:
    """Owes the next of `owed` at each decision asked; each decision used `thinking`."""

    def __init__(self, *owed: float, thinking: float = 0.01) -> None:
        self._owed = list(owed)
        self._thinking = thinking

    def asked(self) -> DecisionCpu:
        return DecisionCpu(0.0, self._owed.pop(0) if self._owed else 0.0)

    def answered(self, decision: DecisionCpu) -> float:
        return self._thinking


class _Stream:
    def send(self, message):
        pass

    def cancel(self):
        pass


def test_the_referee_charges_cpu_owed_to_the_clock_and_says_so():
    game = engine.load("invido")
    match = Match(game, ["spinner", "calm"], seed=3, deals=4, time_controls=[TimeControl.per_move(1.0)] * 2)
    for seat in match.seats:
        seat.stream = _Stream()
    spinner = match.seats[0]
    spinner.meter = ScriptedMeter(0.0, 0.4, 0.4, 1.5)  # type: ignore[assignment]
    limits, reasons = [], []
    while (ask := match.next_request()) is not None and len(limits) < 3:
        if ask.seat is not spinner:
            match.answered(ask.seat, pb.Decision(decision_id=ask.decision_id, action_index=0), 0.01)
            continue
        limits.append(pb.RefereeMessage.FromString(ask.request).decision_request.time_limit_ms)
        if len(limits) == 3:  # it answers too late this time
            match.faulted(ask.seat, BotFault(FaultKind.TIMEOUT, "no answer within 600 ms"))
        else:
            match.answered(ask.seat, pb.Decision(decision_id=ask.decision_id, action_index=0), 0.01)
    assert limits == [1000, 600, 600]
    reasons = [fault.reason for fault in match.faults]
    charged = "400 ms of CPU its processes used while nothing was asked of it were charged to its clock"
    assert reasons[0] == f"no answer within 600 ms; {charged}"
    # The fourth decision owes more than it may take: it times out unasked.
    assert ask is not None and ask.seat is not spinner
    while ask is not None and ask.seat is not spinner:
        match.answered(ask.seat, pb.Decision(decision_id=ask.decision_id, action_index=0), 0.01)
        ask = match.next_request()
    spent = "its clock has run out: 1500 ms of CPU its processes used while nothing was asked of it"
    assert match.faults[1].reason == f"{spent} were charged to its clock (1 s per move)"
    record = match.record()
    assert record.cpu == (CpuUse(4, 4 * 0.01 + 2.3, 2.3), None)
