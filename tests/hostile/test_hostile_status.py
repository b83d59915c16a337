"""What the arena says about the sandbox, and the tournament keys that shape it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from arena.config.bots import BotChecker
from arena.config.check import Reporter
from arena.config.tournament import load_tournament
from arena.process import _sandbox
from arena.records import DEFAULT_MAX_PROCESSES, BotEntry

LOCAL = BotEntry("local", command=("python", "bots/random_bot.py"))


@pytest.fixture
def without_bubblewrap(monkeypatch):
    """As on a machine without bwrap: the probe runs again, and once more after the test."""
    monkeypatch.setenv(_sandbox.BWRAP_ENV, "")
    _sandbox.sandbox_problem.cache_clear()
    yield
    _sandbox.sandbox_problem.cache_clear()


def test_the_status_names_every_bot_outside_the_sandbox():
    remote = BotEntry("far", address="localhost:50051")
    loose = BotEntry("loose", command=("python", "bots/random_bot.py"), sandbox=False)
    assert _sandbox.sandbox_status([remote, loose]) == (
        "unsandboxed: loose has sandbox = false; far runs elsewhere (address = …), outside it."
    )
    if _sandbox.sandbox_problem() is None:
        assert _sandbox.sandbox_status([LOCAL]) is None


def test_without_bubblewrap_the_arena_says_so_once_and_bots_run_unsandboxed(without_bubblewrap, caplog):
    status = _sandbox.sandbox_status([LOCAL])
    assert status == (
        "unsandboxed: bubblewrap (bwrap) is not installed (Debian and Ubuntu: apt install bubblewrap); "
        "every bot runs with resource limits only."
    )
    _sandbox.sandbox_status([LOCAL])
    warnings = [r.getMessage() for r in caplog.records if "bubblewrap" in r.getMessage()]
    assert len(warnings) == 1 and "unsandboxed" in warnings[0]


def test_a_bwrap_that_cannot_run_is_named(monkeypatch):
    monkeypatch.setenv(_sandbox.BWRAP_ENV, sys.executable)  # runs, but is no bwrap
    _sandbox.sandbox_problem.cache_clear()
    try:
        problem = _sandbox.sandbox_problem()
    finally:
        _sandbox.sandbox_problem.cache_clear()
    assert problem is not None and problem.startswith(f"bubblewrap ({sys.executable}) cannot run here")


def test_the_bot_keys_of_the_sandbox(tmp_path, monkeypatch):
    monkeypatch.chdir(Path(__file__).resolve().parents[2])
    (tmp_path / "model.bin").write_bytes(b"w")
    path = tmp_path / "t.toml"
    path.write_text(
        '[tournament]\nname = "t"\ngame = "invido"\n'
        '[[bot]]\nname = "a"\ncommand = ["python", "bots/random_bot.py"]\n'
        f'sandbox = false\nnetwork = true\nfiles = ["{tmp_path / "model.bin"}"]\nmax_processes = 3\n'
        '[[bot]]\nname = "b"\ncommand = ["python", "bots/random_bot.py"]\n'
    )
    a, b = load_tournament(path).bots
    assert (a.sandbox, a.network, a.files, a.max_processes) == (False, True, (str(tmp_path / "model.bin"),), 3)
    assert (b.sandbox, b.network, b.files, b.max_processes) == (True, False, (), DEFAULT_MAX_PROCESSES)


def test_missing_files_and_too_few_processes_are_problems(tmp_path, monkeypatch):
    monkeypatch.chdir(Path(__file__).resolve().parents[2])
    text = (
        '[[bot]]\nname = "a"\ncommand = ["python", "bots/random_bot.py"]\nfiles = ["no/such/file"]\nmax_processes = 0\n'
    )
    report = Reporter("t.toml", text)
    BotChecker(report, Path.cwd()).check(
        {"name": "a", "command": ["python", "bots/random_bot.py"], "files": ["no/such/file"], "max_processes": 0},
        ("bot", 0),
    )
    messages = [problem.message for problem in report.problems]
    assert any("'no/such/file' that bot 'a' may read does not exist" in m for m in messages), messages
    assert any("at least 1" in m for m in messages), messages


def test_a_bot_without_its_own_sandbox_key_gets_the_tournaments():
    report = Reporter("t.toml", "")
    block = {"name": "a", "command": ["python", "bots/random_bot.py"]}
    assert BotChecker(report, Path.cwd(), sandbox=False).check(block, ("bot", 0)).sandbox is False
    assert BotChecker(report, Path.cwd(), sandbox=False).check({**block, "sandbox": True}, ("bot", 0)).sandbox is True
