"""A bot is limited as a whole: memory split across its processes, or held where no process
shows it (a memfd, SysV segments, empty files), is charged `memory`, as is an allocation
that fails at the limit of one process, even when the bot survives it; processes beyond
max_processes, and threads beyond 16 for each, are charged `processes`; the match goes
on, nothing survives."""

from __future__ import annotations

import ctypes
import os
import random
import sys
import uuid

import pytest
from hostile_support import (
    MARKER,
    RANDOM,
    carrying,
    hostile,
    run_match,
    run_to_the_end,
    sandbox_or_skip,
    wait_until,
)

from arena.process._sandbox import _SHIM, BWRAP_ENV, sandbox_argv
from arena.process.bot import BotCommand
from arena.records import BotEntry, FaultKind

LIMIT = 400 * 1024**2


def play_limited(tmp_path, argv, env, *, deals=2, memory_limit=2 * 1024**3):
    marker = uuid.uuid4().hex
    entries = {
        "hostile": BotEntry("hostile", command=argv, env={**env, MARKER: marker}, memory_limit=memory_limit),
        "random": BotEntry("random", command=RANDOM),
    }
    record = run_match(tmp_path, entries, deals=deals)
    assert len(record.result.deals) == deals, "the match went on to the end"
    assert all(fault.bot == "hostile" for fault in record.faults), record.faults
    assert wait_until(lambda: not carrying(marker)), f"survivors: {carrying(marker)}"
    return record


def test_memory_split_across_two_children_is_charged_memory(tmp_path, sandbox, cgroup):
    # Each child holds 0.6 of the limit: under any per-process limit, over the bot's.
    record = play_limited(tmp_path, hostile("splits_memory"), {"SHARE": str(int(LIMIT * 0.6))}, memory_limit=LIMIT)
    first = record.faults[0]
    assert first.kind is FaultKind.MEMORY, str(first)
    assert "its processes held" in first.reason and "over its 400 MiB limit" in first.reason, first.reason


def test_empty_files_are_charged_memory(tmp_path, cgroup):
    # Each costs the kernel about a KiB of its own memory: 400,000 of them held 494 MiB.
    sandbox_or_skip()  # unsandboxed, its /tmp is the machine's: README, Known limits
    record = play_limited(tmp_path, hostile("hoards_inodes"), {"FILES": "400000"}, memory_limit=256 * 1024**2)
    first = record.faults[0]
    assert first.kind is FaultKind.MEMORY, str(first)
    assert "over its 256 MiB limit" in first.reason, first.reason


def test_two_hundred_children_are_charged_processes(tmp_path, sandbox):
    record = play_limited(tmp_path, hostile("spawns"), {"SPAWN": "200"})
    first = record.faults[0]
    assert first.kind is FaultKind.PROCESSES, str(first)
    assert "processes at once, over its limit of 64" in first.reason, first.reason


def test_fifteen_hundred_threads_are_charged_processes(tmp_path, sandbox):
    # Each thread takes a pid of the machine's: 16 per process it may run, at least 256.
    record = play_limited(tmp_path, hostile("thread_bomb"), {"THREADS": "1500"})
    first = record.faults[0]
    assert first.kind is FaultKind.PROCESSES, str(first)
    assert "threads at once, over its limit of 1024 (16 for each of the 64 processes" in first.reason, first.reason


def test_the_kernel_caps_a_bots_threads_at_twice_the_watchers_limit(tmp_path):
    # The watcher looks every 0.1 s; what a bomb starts between two looks stops at the cap.
    sandbox_or_skip()
    says_its_cap = "import resource, sys; print('cap', resource.getrlimit(resource.RLIMIT_NPROC), file=sys.stderr)"
    command = BotCommand(name="counts", argv=(sys.executable, "-c", says_its_cap), max_processes=8)
    bot = run_to_the_end(command, tmp_path)
    assert "cap (512, 512)" in bot.log_path.read_text()  # 16 threads for each of 8 processes, twice


@pytest.mark.parametrize("setuid_bwrap", [False, True], ids=["bwrap", "setuid-bwrap"])
def test_an_arena_not_root_caps_threads_where_the_cap_is_the_bots_alone(tmp_path, monkeypatch, setuid_bwrap):
    # RLIMIT_NPROC counts a uid's threads in one user namespace: bwrap makes the bot one of
    # its own unless bwrap is setuid, where the cap would count every process of the user.
    bwrap = tmp_path / "bwrap"
    bwrap.write_text("")
    bwrap.chmod(0o4755 if setuid_bwrap else 0o755)
    monkeypatch.setenv(BWRAP_ENV, str(bwrap))
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    command = BotCommand(name="bot", argv=(sys.executable, "bot.py"), max_processes=8)
    argv = sandbox_argv(command, sys.executable, str(tmp_path), str(tmp_path / "s"), 3, 4, 5, 6, threads=512)
    uid, threads = argv[argv.index(_SHIM) + 5 : argv.index(_SHIM) + 7]
    assert (uid, threads) == ("-", "-" if setuid_bwrap else "512")


def test_forking_beyond_max_processes_stops_the_bot(tmp_path):
    sandbox_or_skip()
    command = BotCommand(
        name="spawns", argv=hostile("spawns"), env={"SPAWN": "10", "SPAWN_AT_START": "1"}, max_processes=8
    )
    bot = run_to_the_end(command, tmp_path)
    assert bot.limit_fault is not None and bot.limit_fault.kind is FaultKind.PROCESSES
    assert "over its limit of 8" in bot.exit_description()
    assert "limit of 8" in bot.log_path.read_text()  # the arena's note in the bot's log


def test_an_allocation_failing_at_the_per_process_limit_is_named_memory(tmp_path, sandbox):
    # One process at its RLIMIT_AS: the watcher sees no sum over the limit, its output does.
    command = BotCommand(name="greedy", argv=(sys.executable, "-c", "bytearray(1 << 40)"), memory_limit=LIMIT)
    bot = run_to_the_end(command, tmp_path)
    assert bot.limit_fault is not None and bot.limit_fault.kind is FaultKind.MEMORY
    assert "an allocation failed at its memory limit (400 MiB) in one of its processes" in bot.limit_fault.reason


def assert_charged_memory(record) -> None:
    first = record.faults[0]
    assert first.kind is FaultKind.MEMORY, str(first)
    assert "over its 400 MiB limit" in first.reason, first.reason


def test_memory_held_in_a_memfd_is_charged_memory(tmp_path, sandbox, cgroup):
    # Written, never mapped: no process's resident memory shows it, the memfd holds it.
    record = play_limited(tmp_path, hostile("hoards_memfd"), {"HOARD": str(3 * LIMIT)}, memory_limit=LIMIT)
    assert_charged_memory(record)


def test_memory_held_in_detached_sysv_segments_is_charged_memory(tmp_path, sandbox, cgroup):
    if sandbox == "sandboxed":
        pytest.skip("the sandbox refuses shmget (arena/process/_seccomp.py; test_hostile_channels.py tries it)")
    key = random.randrange(1 << 20, 1 << 30)
    env = {"HOARD": str(3 * LIMIT), "SHM_KEY": str(key)}
    try:
        record = play_limited(tmp_path, hostile("hoards_sysv"), env, memory_limit=LIMIT)
    finally:
        remove_segments(key)  # unsandboxed, they would outlive the bot
    assert_charged_memory(record)


def remove_segments(first_key: int) -> None:
    """Remove the SysV segments whose keys are first_key … first_key + 95 (in the arena's
    IPC namespace: an unsandboxed bot's)."""
    libc = ctypes.CDLL(None, use_errno=True)
    for key in range(first_key, first_key + 96):
        segment = libc.shmget(key, 0, 0)
        if segment >= 0:
            libc.shmctl(segment, 0, None)  # IPC_RMID


def test_a_bot_that_survives_its_memory_error_is_charged_memory(tmp_path, sandbox):
    # It catches the MemoryError at its RLIMIT_AS and goes on without answering: its output
    # said an allocation failed, so it is stopped (the fault memory), not left to time out.
    record = play_limited(tmp_path, hostile("survives_memory_error"), {}, memory_limit=LIMIT)
    first = record.faults[0]
    assert first.kind is FaultKind.MEMORY, str(first)
    assert "an allocation failed at its memory limit (400 MiB) in one of its processes" in first.reason
