"""No process of a bot survives: not its child, not a setsid daemon, not a double-forked
one, all ignoring SIGTERM; not when the pool stops, not when the arena is killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import uuid
from pathlib import Path

import pytest
from hostile_support import MARKER, RANDOM, ROOT, carrying, comments_of, hostile, run_match, sandbox_or_skip, wait_until

from arena.records import BotEntry


def test_nothing_a_bot_started_survives_its_pool(tmp_path, sandbox):
    marker = uuid.uuid4().hex
    entries = {
        "detaches": BotEntry("detaches", command=hostile("detaches"), env={MARKER: marker}),
        "random": BotEntry("random", command=RANDOM),
    }
    seen: list[int] = []

    def inside() -> None:
        seen.extend(carrying(marker))

    record = run_match(tmp_path, entries, inside=inside)
    assert record.faults == ()
    assert comments_of(record, 0)[0] == {"started": 3}
    # The bot, its child and its two daemons were all there while it played.
    assert len(seen) >= 4, seen
    assert wait_until(lambda: not carrying(marker)), f"survivors: {carrying(marker)}"


def tournament(tmp_path: Path, marker: str) -> Path:
    path = tmp_path / "hostile.toml"
    path.write_text(
        textwrap.dedent(f"""
        [tournament]
        name = "hostile"
        game = "invido"
        deals = 100000
        results = "{tmp_path / "hostile.sqlite"}"
        logs = "{tmp_path / "logs"}"
        [[bot]]
        name = "detaches"
        command = ["python", "tests/hostile/bots/detaches.py"]
        env = {{ {MARKER} = "{marker}" }}
        [[bot]]
        name = "random"
        command = ["python", "bots/random_bot.py"]
    """)
    )
    return path


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "kill-9"])
def test_nothing_survives_the_arena(tmp_path, how):
    sandbox_or_skip()
    marker = uuid.uuid4().hex
    arena = subprocess.Popen(
        [sys.executable, "-m", "arena.cli", "run", str(tournament(tmp_path, marker))],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        # bwrap, its init, the bot, its child and two daemons, at least.
        assert wait_until(lambda: len(carrying(marker)) >= 6, 30), "the bot did not start its daemons"
        run_folders = [p for p in Path(tempfile.gettempdir()).glob(f"arena-run-{arena.pid}-*")]
        assert run_folders, "the arena keeps its socket folders in one folder of its own"
        arena.send_signal(how)
        arena.wait(timeout=30)
        assert wait_until(lambda: not carrying(marker)), f"survivors of {how.name}: {carrying(marker)}"
        if how == signal.SIGKILL:
            # The killed arena could not remove its folder; the next arena to start does.
            assert all(folder.exists() for folder in run_folders)
            subprocess.run(
                [
                    sys.executable,
                    "-c",
                    "from arena.process import _folders; _folders.remove_socket_dir(_folders.make_socket_dir('x'))",
                ],
                cwd=ROOT,
                check=True,
                timeout=30,
            )
        assert not any(folder.exists() for folder in run_folders)
    finally:
        _end(arena, arena.stderr, marker)


# An arena whose sandboxed bot never gets its go (arena/process/_release.py's `release_sandbox`
# is held): it prints bwrap's pid, then waits.  Until the go, bwrap's init may not have set
# its death signal yet (bwrap sets it late, after making the sandbox), so the bot waits.
_HELD_BEFORE_THE_GO = """
import sys, trio
from arena.process import bot as process

async def held(bwrap_pid, init_pid, go_fd):
    print(bwrap_pid, flush=True)
    await trio.sleep_forever()

async def main(marker, log_dir):
    command = process.BotCommand("held", argv=tuple(sys.argv[3:]), env={"HOSTILE_MARKER": marker})
    async with process.open_bot_process(command, log_dir):
        pass

process.release_sandbox = held
trio.run(main, sys.argv[1], sys.argv[2])
"""


def _waits_for_its_go(pid: int) -> bool:
    """Whether the process is the sandbox's shim, waiting for the go (not the bot yet)."""
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    return argv[1:4] == [b"-I", b"-S", b"-c"] and RANDOM[1].encode() in argv


def _end(arena: subprocess.Popen, stream, marker: str) -> None:
    """After a test: the arena gone, its pipe closed, and no survivor leaked into other tests."""
    if arena.poll() is None:
        arena.kill()
        arena.wait()
    stream.close()
    for pid in carrying(marker):
        os.kill(pid, signal.SIGKILL)


def test_the_arena_killed_before_the_go_leaves_nothing(tmp_path):
    sandbox_or_skip()
    marker = uuid.uuid4().hex
    arena = subprocess.Popen(
        [sys.executable, "-c", _HELD_BEFORE_THE_GO, marker, str(tmp_path / "logs"), *RANDOM],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
    )
    try:
        assert arena.stdout is not None
        bwrap = int(arena.stdout.readline())  # the arena is at the go, held
        # bwrap, its init and the shim that waits for the go (which never comes).
        assert wait_until(lambda: any(map(_waits_for_its_go, carrying(marker)))), carrying(marker)
        assert bwrap in carrying(marker)
        arena.kill()
        arena.wait(timeout=30)
        # The shim reads EOF, never starts the bot, and the sandbox ends with it.
        assert wait_until(lambda: not carrying(marker)), f"survivors: {carrying(marker)}"
    finally:
        _end(arena, arena.stdout, marker)


def test_the_next_arena_ends_what_the_sandboxes_of_a_gone_arena_left(tmp_path):
    # A run folder whose arena is gone (no process has that pid and start time), and a
    # process naming it as bwrap's --bind does: a bwrap init that bwrap's death left
    # waiting for the go.  The next arena's sweep of stale run folders ends it, and only it.
    from arena.process._folders import remove_stale_run_folders

    gone = subprocess.Popen(["true"])
    gone.wait()
    folder = tmp_path / f"arena-run-{gone.pid}-1"
    (folder / "bot-x").mkdir(parents=True)
    # Each says it is running before the sweep: a process only just exec'd can show an
    # empty command line for a moment (the sweep then missed the stray in CI, once).
    sleeper = [sys.executable, "-c", "import time; print('running', flush=True); time.sleep(600)"]
    stray = subprocess.Popen([*sleeper, "--bind", str(folder / "bot-x"), "/x"], stdout=subprocess.PIPE)
    bystander = subprocess.Popen([*sleeper, str(tmp_path / "arena-run-elsewhere")], stdout=subprocess.PIPE)
    try:
        assert stray.stdout.readline() == bystander.stdout.readline() == b"running\n"
        remove_stale_run_folders(str(tmp_path))
        assert stray.wait(timeout=10) == -signal.SIGKILL
        assert bystander.poll() is None
        assert not folder.exists()
    finally:
        for process in (stray, bystander):
            process.kill()
            process.wait()
            process.stdout.close()


def test_a_stdio_bots_daemon_ends_with_its_match_while_the_run_goes_on(tmp_path, sandbox):
    # A stdio bot has a process per match: what it leaves must not watch the next one.
    marker = uuid.uuid4().hex
    entries = {
        "detaches": BotEntry("detaches", command=hostile("detaches_stdio"), env={MARKER: marker}, protocol="stdio"),
        "random": BotEntry("random", command=RANDOM),
    }
    left: list[bool] = []
    record = run_match(tmp_path, entries, inside=lambda: left.append(wait_until(lambda: not carrying(marker))))
    assert record.faults == ()
    assert comments_of(record, 0)[0] == {"daemon": "up"}
    assert left == [True], "its daemon outlived the match, the pool still open"
