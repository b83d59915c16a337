"""`arena play` prints its match as `arena show` does: the moves its game's statistics
count are marked, with the numbers under each deal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_arena_play_marks_the_bluffs_it_printed():
    bots = ["a=python bots/conto_bluffer.py", "b=python bots/conto_honest.py", "c=python bots/random_bot.py"]
    argv = [sys.executable, "-m", "arena", "play", "conto", "--deals", "3", "--seed", "5"]
    for bot in bots:
        argv += ["--bot", bot]
    out = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "counted as" in out.stdout
    assert "bluff (unbacked)" in out.stdout
    assert "% true from" in out.stdout, "the number behind a mark is printed under the deal"
