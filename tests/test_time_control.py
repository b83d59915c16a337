"""Time controls: a fixed time per move, or a bank per match or per deal with an increment.

The clock is driven here through `Match` with chosen answer times (no real waiting), so
each test says exactly what a bot's clock holds after each decision and what its
requests tell it.  One test plays a real bot process that thinks too long for its bank.
"""

import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from arena.clock import Clock, Period, TimeControl
from arena.errors import BotFault
from arena.play import Match
from arena.records import FaultKind
from arena.v1 import arena_pb2 as pb

ROOT = Path(__file__).resolve().parent.parent


# --- the time control as written ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "control", "words"),
    [
        ("60+0.5", TimeControl(60, 0.5, Period.MATCH), "60 s per match + 0.5 s per decision"),
        ("60", TimeControl(60, 0, Period.MATCH), "60 s per match"),
        ("10+0.25/deal", TimeControl(10, 0.25, Period.DEAL), "10 s per deal + 0.25 s per decision"),
        ("1.5/move", TimeControl(1.5, 0, Period.MOVE), "1.5 s per move"),
        (" 0 + 1 ", TimeControl(0, 1, Period.MATCH), "0 s per match + 1 s per decision"),
    ],
)
def test_a_time_control_reads_as_written_and_says_itself_in_words(text, control, words):
    parsed = TimeControl.parse(text)
    assert parsed == control
    assert str(parsed) == words
    assert TimeControl.parse(parsed.text) == parsed


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("fast", "is not a time control"),
        ("60+", "is not a time control"),
        ("1+1/move", "a fixed time per move has no increment"),
        ("0+0", "its base and increment are both 0"),
        ("100000", "from 0 to 86400 seconds"),
        ("-1", "is not a time control"),
    ],
)
def test_a_wrong_time_control_says_what_is_wrong(text, why):
    with pytest.raises(ValueError, match=why):
        TimeControl.parse(text)


@given(
    base=st.integers(0, 86_400_000).map(lambda ms: ms / 1000),
    increment=st.integers(0, 60_000).map(lambda ms: ms / 1000),
    period=st.sampled_from([Period.MATCH, Period.DEAL]),
)
def test_every_bank_time_control_survives_its_text(base, increment, period):
    if base + increment == 0:
        return
    control = TimeControl(base, increment, period)
    assert TimeControl.parse(control.text) == control


# --- the clock ---------------------------------------------------------------------------------


def test_a_bank_gains_the_increment_when_asked_and_loses_the_time_taken():
    clock = Clock(TimeControl(1.0, 0.5, Period.MATCH))
    assert clock.limit() == 1.5
    clock.spend(0.7)
    assert clock.limit() == pytest.approx(0.8 + 0.5)
    clock.new_deal()  # a match bank is not refilled
    assert clock.limit() == pytest.approx(1.3)
    clock.run_out()
    assert clock.limit() == 0.5


def test_a_deal_bank_is_refilled_when_a_deal_starts_and_a_move_time_never_changes():
    clock = Clock(TimeControl(2.0, 0.0, Period.DEAL))
    clock.spend(1.5)
    assert clock.limit() == pytest.approx(0.5)
    clock.new_deal()
    assert clock.limit() == 2.0
    fixed = Clock(TimeControl.per_move(1.0))
    fixed.spend(0.9)
    fixed.run_out()
    assert fixed.limit() == 1.0


def test_cpu_used_off_turn_is_taken_from_the_next_decision_only():
    fixed = Clock(TimeControl.per_move(1.0))
    fixed.charge(0.3)
    assert fixed.limit() == pytest.approx(0.7)
    fixed.spend(0.1)
    assert fixed.limit() == 1.0  # nothing carries over a fixed time per move
    fixed.charge(1.5)
    assert fixed.limit() == 0.0
    bank = Clock(TimeControl(1.0, 0.5, Period.MATCH))
    bank.charge(0.4)
    assert bank.limit() == pytest.approx(1.1)
    bank.spend(0.1)  # the bank keeps what the charge and the decision left of it
    assert bank.limit() == pytest.approx(1.0 + 0.5)


# --- the referee's clocks ---------------------------------------------------------------------


class _Stream:
    def send(self, message):
        pass

    def cancel(self):
        pass


def _match(*controls: TimeControl, deals: int = 3) -> Match:
    game = engine.load("conto", players=len(controls))
    match = Match(game, [f"bot{i}" for i in range(len(controls))], seed=3, deals=deals, time_controls=controls)
    for seat in match.seats:
        seat.stream = _Stream()
    return match


def _play(match: Match, seconds_by_seat: dict[int, float]) -> list[tuple[int, int, float, int]]:
    """Play the match out with seeded random actions, each seat taking its time; returns
    (seat, deal, time_limit, time_limit_ms in the request) per request."""
    rng = random.Random(5)
    asked = []
    while (ask := match.next_request()) is not None:
        request = pb.RefereeMessage.FromString(ask.request).decision_request
        asked.append((ask.seat.index, match.current_deal(), ask.time_limit, request.time_limit_ms))
        seconds = seconds_by_seat[ask.seat.index]
        index = rng.randrange(len(request.legal_actions))
        match.answered(ask.seat, pb.Decision(decision_id=ask.decision_id, action_index=index), seconds)
    return asked


def test_each_request_tells_the_bot_what_its_clock_has_left():
    match = _match(TimeControl(1.0, 0.5, Period.MATCH), TimeControl.per_move(2.0), TimeControl(1.0, 0.5, Period.MATCH))
    asked = _play(match, {0: 0.4, 1: 1.9, 2: 0.1})
    limits: dict[int, list[int]] = {}
    for seat, _, seconds, ms in asked:
        assert ms == round(seconds * 1000)
        limits.setdefault(seat, []).append(ms)
    # seat 0: 1.5, then 1.5 - 0.4 + 0.5 = 1.6, then 1.7 ...; seat 1 always its 2 s
    assert limits[0] == [1500 + 100 * n for n in range(len(limits[0]))]
    assert set(limits[1]) == {2000}
    assert limits[2] == [1500 + 400 * n for n in range(len(limits[2]))]
    assert min(len(limits[0]), len(limits[2])) >= 3
    assert not match.faults


def test_the_match_start_names_each_seat_its_own_time_control():
    match = _match(TimeControl(60, 0.5, Period.MATCH), TimeControl.per_move(1.5), TimeControl(10, 0, Period.DEAL))
    starts = [match.start_message(seat) for seat in match.seats]
    assert [(s.time_control.base_ms, s.time_control.increment_ms) for s in starts] == [
        (60000, 500),
        (1500, 0),
        (10000, 0),
    ]
    assert [pb.TimeControlPeriod.Name(s.time_control.period) for s in starts] == [
        "TIME_CONTROL_PERIOD_MATCH",
        "TIME_CONTROL_PERIOD_MOVE",
        "TIME_CONTROL_PERIOD_DEAL",
    ]
    assert [s.move_time_ms for s in starts] == [0, 1500, 0]


def test_a_spent_clock_times_out_unasked_until_the_seat_is_stopped():
    match = _match(TimeControl(1.0, 0.0, Period.MATCH), TimeControl.per_move(5), TimeControl.per_move(5), deals=12)
    asked = _play(match, {0: 1.0, 1: 0.01, 2: 0.01})  # seat 0 spends its whole bank at once
    assert [seat for seat, *_ in asked].count(0) == 1
    faults = [f for f in match.faults if f.seat == 0]
    assert [f.kind for f in faults] == [FaultKind.TIMEOUT] * 3 + [FaultKind.STOPPED]
    assert faults[0].reason == "its clock has run out (1 s per match)"
    assert faults[0].deal < faults[1].deal < faults[2].deal  # each timeout forfeits its deal
    assert not [f for f in match.faults if f.seat != 0]


def test_a_deal_bank_is_refilled_for_the_next_deal():
    match = _match(TimeControl(1.0, 0.0, Period.DEAL), TimeControl.per_move(5), TimeControl.per_move(5), deals=6)
    asked = _play(match, {0: 0.3, 1: 0.0, 2: 0.0})
    firsts: dict[int, float] = {}
    for seat, deal, limit, _ in asked:
        if seat == 0:
            firsts.setdefault(deal, limit)
    assert set(firsts.values()) == {1.0}
    assert any(seat == 0 and limit < 1.0 for seat, _, limit, _ in asked)  # spent within a deal
    # Seat 0 ran its bank out in some deals, and still started the next ones with a full bank.
    spent_in = {f.deal for f in match.faults if f.reason == "its clock has run out (1 s per deal)"}
    assert spent_in and any(deal + 1 in firsts for deal in spent_in)
    assert {f.seat for f in match.faults} == {0}


def test_a_timeout_under_a_bank_names_the_clock_and_empties_it():
    match = _match(TimeControl(1.0, 0.25, Period.MATCH), TimeControl.per_move(5), TimeControl.per_move(5))
    ask = match.next_request()
    assert ask is not None
    match.faulted(ask.seat, BotFault(FaultKind.TIMEOUT, "no answer within 1250 ms"))
    assert match.faults[0].reason == "no answer within 1250 ms (its clock: 1 s per match + 0.25 s per decision)"
    assert ask.seat.clock.limit() == 0.25  # only the increment is left


# --- a real bot process -------------------------------------------------------------------------


def test_a_bot_that_thinks_too_long_for_its_bank_times_out_and_the_match_goes_on(tmp_path):
    result = subprocess.run(
        [
            sys.executable, "-m", "arena", "play", "conto",
            "--bot", f"a=python {ROOT / 'bots' / 'random_bot.py'}",
            "--bot", f"slow=python {ROOT / 'tests' / 'fixtures' / 'bots' / 'thinks.py'} --seconds=0.2",
            "--bot", f"c=python {ROOT / 'bots' / 'random_bot.py'}",
            "--deals", "2", "--tc", "0.5+0", "--logs", str(tmp_path / "logs"),
        ],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    faults = [line for line in result.stdout.splitlines() if line.startswith("fault:")]
    assert faults, result.stdout
    assert all("seat 1 (slow) timeout" in line for line in faults), faults
    assert "0.5 s per match" in faults[0]
