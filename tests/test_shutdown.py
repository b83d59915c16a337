"""However `arena run` ends — Ctrl-C, SIGTERM, kill -9 — no bot process outlives it."""

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def children(pid: int) -> set[int]:
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry))
    return found


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_until(condition, seconds, message):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, message
        time.sleep(0.05)


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL], ids=["ctrl-c", "sigterm", "kill-9"])
def test_no_bot_outlives_the_arena(tmp_path, how):
    path = tmp_path / "long.toml"
    path.write_text(
        textwrap.dedent(f"""
        [tournament]
        name = "long"
        game = "conto"
        seats = 3
        hands = 400
        concurrency = 2
        results = "{tmp_path / "long.sqlite"}"
        logs = "{tmp_path / "logs"}"
        [[bot]]
        name = "a"
        command = ["python", "bots/random_bot.py"]
        [[bot]]
        name = "b"
        command = ["python", "bots/random_bot.py"]
        [[bot]]
        name = "c"
        command = ["python", "bots/random_bot.py"]
    """)
    )
    arena = subprocess.Popen(
        [sys.executable, "-m", "arena.cli", "run", str(path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_until(lambda: len(children(arena.pid)) >= 3, 60, "the bots did not start")
        bots = children(arena.pid)
        arena.send_signal(how)
        out, err = arena.communicate(timeout=90)
    finally:
        if arena.poll() is None:
            arena.kill()
    wait_until(lambda: not any(alive(pid) for pid in bots), 10, f"bot processes {bots} outlived the arena")
    if how is not signal.SIGKILL:
        assert arena.returncode == 130, (out, err)
        assert "Interrupted" in out and "run the same command again" in out
        assert "Traceback" not in err
