"""`arena play --human` without a terminal (a pipe): the seat reads one answer a line,
the program ends at once with exit 0, and `--results` saves the match so that `arena
show` and `arena report` replay it; a results file of another setup is refused before
anyone plays."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent


def arena(*args: str, answers: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arena", *args], cwd=ROOT, input=answers, capture_output=True, text=True, timeout=300
    )


def test_a_human_match_without_a_terminal_is_saved_and_replayed(tmp_path: Path) -> None:
    results = tmp_path / "mine.sqlite"
    bots = ["--bot", "honest=python bots/conto_honest.py", "--bot", "bluffer=python bots/conto_bluffer.py"]
    common = ["play", "conto", "--human", "me", *bots, "--seed", "5", "--logs", str(tmp_path / "logs")]
    # A wrong answer first (its reason is printed), then the first action every time.
    played = arena(*common, "--deals", "2", "--results", str(results), answers="nonsense\n" + "1\n" * 60)
    assert played.returncode == 0, played.stderr
    assert "! 'nonsense' is not a legal action now" in played.stdout
    assert "YOUR TURN · your move 1" in played.stdout and "The match is over." in played.stdout
    key = played.stdout.strip().splitlines()[-1].split()[3]
    shown = arena("show", str(results), key)
    assert shown.returncode == 0 and "me (seat 0)" in shown.stdout
    report = arena("report", str(results), "-o", str(tmp_path / "report.html"))
    assert report.returncode == 0 and key in (tmp_path / "report.html").read_text()

    other = arena(*common, "--deals", "3", "--results", str(results), answers="1\n" * 60)
    assert other.returncode == 2 and "deals changed from 2 to 3" in other.stderr
    assert "YOUR TURN" not in other.stdout  # refused before anyone played


def test_human_flags_are_checked(tmp_path: Path) -> None:
    bad = arena(
        "play", "conto", "--human", "a", "--bot", "a=python bots/random_bot.py", "--bot", "b=python bots/random_bot.py"
    )
    assert bad.returncode == 2 and "a bot has that name" in bad.stderr
    web = arena(
        "play", "conto", "--web", "--bot", "a=python bots/random_bot.py", "--bot", "b=python bots/random_bot.py"
    )
    assert web.returncode == 2 and "add --human NAME" in web.stderr
