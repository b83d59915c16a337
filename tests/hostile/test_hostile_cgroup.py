"""Where the machine lets the arena make cgroups, each bot process has one of its own: every
process the bot starts is in it, however it detaches; it is gone when the bot is; and the
cgroups a killed arena leaves, with whatever still runs in them, go when the next starts."""

from __future__ import annotations

import signal
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
import trio
from hostile_support import MARKER, RANDOM, ROOT, carrying, hostile, run_match, wait_until

from arena.process import _cgroup
from arena.process.bot import BotCommand, open_bot_process
from arena.records import BotEntry, FaultKind


@pytest.fixture(autouse=True)
def cgroups_here():
    if _cgroup.hierarchy() is None:
        pytest.skip("no cgroup can be made here")


def cgroups_of(pid: int) -> set[str]:
    """The cgroups (one per hierarchy) a process is in, as /proc/<pid>/cgroup names them."""
    lines = Path(f"/proc/{pid}/cgroup").read_text().splitlines()
    return {line.split(":", 2)[2] for line in lines if "arena-" in line}


def _cgroups_of_live(pids: list[int]) -> dict[int, set[str]]:
    """`cgroups_of` each of `pids` still alive when read (the double fork's middle
    process ends at any moment)."""
    found = {}
    for pid in pids:
        try:
            groups = cgroups_of(pid)
            state = Path(f"/proc/{pid}/stat").read_bytes().rsplit(b")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue
        if state not in (b"Z", b"X"):  # ending: the kernel may have taken it out of its cgroups
            found[pid] = groups
    return found


def test_everything_a_bot_starts_is_in_its_cgroup_which_goes_with_it(tmp_path, sandbox):
    marker = uuid.uuid4().hex
    # It starts a child, a setsid daemon and a double-forked setsid daemon.
    command = BotCommand(name="detaches", argv=hostile("detaches"), env={MARKER: marker})

    async def main() -> tuple[str, ...]:
        async with open_bot_process(command, tmp_path) as bot:
            with trio.fail_after(30):
                while len(seen := _cgroups_of_live(carrying(marker))) < 4:  # the bot, its child, both daemons
                    await trio.sleep(0.02)
            cgroup = bot._limits.cgroup
            assert cgroup is not None
            names = {Path(folder).name for folder in cgroup.folders}
            assert len(names) == 1, names
            for pid, groups in seen.items():
                assert {Path(path).name for path in groups} == names, pid
            return cgroup.folders

    folders = trio.run(main)
    assert not any(Path(folder).exists() for folder in folders)
    assert wait_until(lambda: not carrying(marker)), carrying(marker)


# An arena that starts an unsandboxed bot, says so, and waits to be killed.
_ARENA = """
import sys, trio
from arena.process import bot as process

async def main(marker, bot, log_dir):
    command = process.BotCommand("detaches", argv=(sys.executable, bot), env={"HOSTILE_MARKER": marker}, sandbox=False)
    async with process.open_bot_process(command, log_dir) as started:
        print(*started._limits.cgroup.folders, flush=True)
        await trio.sleep_forever()

trio.run(main, *sys.argv[1:])
"""


def test_the_next_arena_removes_what_a_killed_arena_left_in_its_cgroups(tmp_path):
    # Unsandboxed, a setsid'ed daemon outlives a `kill -9` of the arena; in its cgroup it
    # does not outlive the next arena's start.
    marker = uuid.uuid4().hex
    arena = subprocess.Popen(
        [sys.executable, "-c", _ARENA, marker, hostile("detaches")[1], str(tmp_path / "logs")],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert arena.stdout is not None
        folders = arena.stdout.readline().split()
        assert folders and all(Path(folder).is_dir() for folder in folders)
        assert wait_until(lambda: len(carrying(marker)) >= 4), carrying(marker)
        arena.send_signal(signal.SIGKILL)
        arena.wait(timeout=30)
        assert carrying(marker), "the setsid'ed daemons outlive the arena"
        subprocess.run(
            [sys.executable, "-c", "from arena.process import _cgroup; _cgroup.hierarchy()"],
            cwd=ROOT,
            check=True,
            timeout=30,
        )
        assert wait_until(lambda: not carrying(marker)), f"survivors: {carrying(marker)}"
        assert not any(Path(folder).exists() for folder in folders)
    finally:
        if arena.poll() is None:
            arena.kill()
            arena.wait()
        arena.stdout.close()
        for pid in carrying(marker):
            subprocess.run(["kill", "-9", str(pid)], check=False)


def test_the_kernel_stops_what_the_watcher_does_not_see_in_time(tmp_path, sandbox, monkeypatch):
    # The watcher made blind to the cgroup's memory: the kernel's cap (1.5 times the limit,
    # at least 64 MiB above it) stops the memfd hoarder, and its OOM kill is the fault memory.
    monkeypatch.setattr(_cgroup.BotCgroup, "memory", lambda self: 0)
    limit = 128 * 1024**2
    marker = uuid.uuid4().hex
    entries = {
        "hoards": BotEntry(
            "hoards",
            command=hostile("hoards_memfd"),
            env={MARKER: marker, "HOARD": str(8 * limit)},
            memory_limit=limit,
        ),
        "random": BotEntry("random", command=RANDOM),
    }
    record = run_match(tmp_path, entries, deals=2)
    assert len(record.result.deals) == 2, "the match went on to the end"
    assert {fault.bot for fault in record.faults} == {"hoards"}, record.faults
    first = record.faults[0]
    assert first.kind is FaultKind.MEMORY, str(first)
    assert "its processes held 192 MiB, over its 128 MiB limit: the kernel stopped one" in first.reason, first.reason
    assert wait_until(lambda: not carrying(marker)), f"survivors: {carrying(marker)}"
