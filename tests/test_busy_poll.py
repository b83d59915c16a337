"""Busy polling for answers: the gRPC loop's selector, the runners' rule, and matches
played with it, which must end exactly as when the loop sleeps while it waits."""

import selectors
import socket
import time

import pytest

from arena.play import BUSY_POLL, grpc_loop, poll_for_answers
from arena.play.grpc_loop import _PollingSelector
from arena.records import FaultKind
from tests.test_referee import RANDOM, fixture, run_match


@pytest.fixture
def polling():
    """The process polls for answers during the test (as `arena play` on 2 cores)."""
    before = grpc_loop.busy_poll()
    grpc_loop.set_busy_poll(BUSY_POLL)
    yield
    grpc_loop.set_busy_poll(before)


@pytest.fixture
def selector_and_socket():
    selector = _PollingSelector()
    ours, theirs = socket.socketpair()
    selector.register(ours, selectors.EVENT_READ)
    yield selector, ours, theirs
    selector.close()
    ours.close()
    theirs.close()


def test_while_awake_the_selector_returns_a_ready_socket_at_once(selector_and_socket):
    selector, ours, theirs = selector_and_socket
    theirs.send(b"x")
    selector.awake_until = time.monotonic() + 60.0
    started = time.monotonic()
    events = selector.select(None)
    assert [key.fileobj for key, _ in events] == [ours]
    assert time.monotonic() - started < 30.0, "it returned with the event, not at the end of the awake time"
    assert selector.awake_until > time.monotonic(), "still awake: the next wait polls too"


def test_once_awake_time_is_over_the_selector_waits_out_its_timeout_asleep(selector_and_socket):
    selector, _ours, _theirs = selector_and_socket
    selector.awake_until = time.monotonic() + 0.005
    started = time.monotonic()
    assert selector.select(0.05) == []
    assert time.monotonic() - started >= 0.05, "the timeout is kept, polling included"
    assert selector.awake_until == 0.0, "asleep again until the next request"


def test_a_timeout_shorter_than_the_awake_time_ends_the_poll(selector_and_socket):
    selector, _ours, _theirs = selector_and_socket
    selector.awake_until = time.monotonic() + 60.0
    started = time.monotonic()
    assert selector.select(0.02) == []
    assert 0.02 <= time.monotonic() - started < 30.0


def test_the_referee_polls_only_with_two_cores_for_each_match_at_once():
    before = grpc_loop.busy_poll()
    try:
        assert poll_for_answers(1, 2) and grpc_loop.busy_poll() == BUSY_POLL
        assert poll_for_answers(4, 8) and grpc_loop.busy_poll() == BUSY_POLL
        assert not poll_for_answers(2, 2) and grpc_loop.busy_poll() == 0.0  # conto.toml on 2 cores
        assert not poll_for_answers(1, 1) and grpc_loop.busy_poll() == 0.0
    finally:
        grpc_loop.set_busy_poll(before)


def test_a_match_is_the_same_whether_the_referee_polls_or_sleeps(tmp_path, polling):
    seats = [("a", RANDOM), ("b", fixture("first_action")), ("c", RANDOM)]
    polled = run_match(tmp_path / "polled", seats)
    grpc_loop.set_busy_poll(0.0)
    asleep = run_match(tmp_path / "asleep", seats)
    assert polled.faults == asleep.faults == ()
    assert [e.text for e in polled.history] == [e.text for e in asleep.history]


@pytest.mark.parametrize(
    "bot, kind, move_time",
    [
        ("hangs", FaultKind.TIMEOUT, 0.3),
        ("exits_mid_match", FaultKind.CRASH, 2.0),
        ("garbage", FaultKind.MALFORMED, 2.0),
        ("floods", FaultKind.FLOOD, 2.0),
    ],
)
def test_a_polling_referee_names_each_fault_as_a_sleeping_one_does(tmp_path, polling, bot, kind, move_time):
    record = run_match(tmp_path, [("broken", fixture(bot)), ("r1", RANDOM), ("r2", RANDOM)], move_time=move_time)
    kinds = [f.kind for f in record.faults]
    assert kinds and kinds[0] is kind and {f.bot for f in record.faults} == {"broken"}, record.faults
    assert len(record.result.deals) == 3, "the match went on to the end"
