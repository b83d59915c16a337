"""A stdio bot's output cannot end a run (issue 39, items 1 and 10), tried as a user
does: `arena run` on a tournament file.

- Answers that broke Python's JSON reading (30,000 nested arrays, an index of 5,000
  digits, non-ASCII digits as the decision id, a lone surrogate in the comment, a key
  given twice) are each a `malformed` fault that says what was wrong; every match is
  played and stored.
- A stdio bot that writes without reading (`yes garbage`) has not started: the run
  says so and why, exit 2, nothing written (before, a 73-line ExceptionGroup).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from hostile_support import BOTS, RANDOM, ROOT

from arena.records import FaultKind
from arena.results.store import ResultStore

ARENA = (sys.executable, "-m", "arena.cli")

#: What each bad answer of bots/bad_answers.py is called, in the order it sends them.
REASONS = [
    'nested deeper than 64 levels: \'{"action_index":0,"x":[[[[',
    "the action index '1111",
    "the decision_id is not a decision id",
    "the comment holds a lone surrogate",
    "the key 'action_index' is given twice",
]


def tournament(tmp_path: Path, bot: tuple[str, ...], deals: int) -> Path:
    """Conto at 3 seats: `bot` (stdio) and two random bots, one table in 3 rotations."""
    path = tmp_path / "t.toml"
    path.write_text(
        textwrap.dedent(
            f"""
            [tournament]
            name = "answers"
            game = "conto"
            seats = 3
            deals = {deals}
            concurrency = 1
            move_time = 2.0
            results = "{tmp_path / "t.sqlite"}"
            logs = "{tmp_path / "logs"}"

            [[bot]]
            name = "bot"
            command = {list(bot)!r}
            protocol = "stdio"

            [[bot]]
            name = "r1"
            command = {list(RANDOM)!r}

            [[bot]]
            name = "r2"
            command = {list(RANDOM)!r}
            args = ["--seed=2"]
            """
        ).replace("'", '"')
    )
    return path


def arena_run(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*ARENA, "run", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_answers_that_broke_the_json_reader_are_malformed_and_every_match_is_stored(tmp_path):
    path = tournament(tmp_path, (sys.executable, str(BOTS / "bad_answers.py")), deals=10)
    result = arena_run(path)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "Traceback" not in output and "Error" not in output, output
    with ResultStore.open_readonly(tmp_path / "t.sqlite") as store:
        matches = list(store.matches(history=False))
    assert len(matches) == 3, output
    for match in matches:
        faults = [fault for fault in match.faults if fault.bot == "bot"]
        assert [fault.kind for fault in faults] == [FaultKind.MALFORMED] * len(REASONS), faults
        for fault, reason in zip(faults, REASONS):
            assert reason in fault.reason, (fault.reason, reason)
        assert len(match.deals) == 10  # the match went on after each


def test_a_stdio_bot_that_writes_without_reading_has_not_started(tmp_path):
    path = tournament(tmp_path, ("yes", "garbage"), deals=2)
    result = arena_run(path)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr and "ExceptionGroup" not in result.stderr, result.stderr
    assert (
        "bot bot did not start: flood at start-up: more than 64 lines nobody asked for; "
        "the first line was malformed: not an action index nor a JSON object: 'garbage'"
    ) in result.stderr
    assert "its command: yes garbage" in result.stderr
    assert not (tmp_path / "t.sqlite").exists()
