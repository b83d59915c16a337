"""`arena play` prints its match as `arena show` does: its notation's legend first, then
the moves, those its game's statistics count marked, with the numbers under each deal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import engine

ROOT = Path(__file__).resolve().parents[1]


def test_arena_play_marks_the_bluffs_it_printed():
    bots = ["a=python bots/conto_bluffer.py", "b=python bots/conto_honest.py", "c=python bots/random_bot.py"]
    argv = [sys.executable, "-m", "arena", "play", "conto", "--deals", "3", "--seed", "5"]
    for bot in bots:
        argv += ["--bot", bot]
    out = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    notation = engine.load("conto").spec.notation
    assert out.stdout.startswith(f"notation: {notation[:60]}"), "the legend comes before the moves it explains"
    assert "\ndeal 1: " in out.stdout
    assert "counted as" in out.stdout
    assert "bluff (unbacked)" in out.stdout
    assert "% true from" in out.stdout, "the number behind a mark is printed under the deal"
    assert "\ncounted moves in this match:\nbot " in out.stdout, "each bot's marks counted, as arena show does"
