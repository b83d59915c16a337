"""A human plays a whole match of every game in the terminal (`arena play GAME --human`),
driven through tmux as a person would: it reads the screen (capture-pane) and types
(send-keys) a number, an action's text, a wrong choice, and a key at the end.

Skipped with the reason when tmux is missing (`apt-get install tmux`).
"""

from __future__ import annotations

import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (apt-get install tmux)"),
]

ROOT = Path(__file__).resolve().parent.parent
ASKED = re.compile(r"^(YOUR TURN|OUT OF TURN|ANSWER).* · your move (\d+)\s*$", re.MULTILINE)
#: The first legal action as the screen lists it: "  1 pass" at a line's start or after "│".
FIRST_ACTION = re.compile(r"│ {1,3}1 (\S.*?) *$", re.MULTILINE)
#: The numbers of the actions the screen shows.
NUMBERS = re.compile(r"│\s*(\d+) ", re.MULTILINE)

GAMES = {
    "conto": 3,
    "invido": 2,
    "vegas": 3,
    "bridge": 4,
    "frederik": 3,
}


class Tmux:
    """One 80×24 tmux session on a server of its own."""

    def __init__(self, command: str, tmp: Path) -> None:
        self.socket = f"arena-human-{os.getpid()}-{time.monotonic_ns()}"
        self.done = tmp / "exit-status"
        # Written beside it, then renamed: `echo $? > done` creates the file before it writes
        # the status, and a test that saw it exist read it empty (under load, once).
        writing = shlex.quote(str(tmp / "exit-status.part"))
        shell = f"{command}; echo $? > {writing}; mv {writing} {shlex.quote(str(self.done))}; sleep 600"
        self._tmux("new-session", "-d", "-x", "80", "-y", "24", shell)

    def _tmux(self, *args: str) -> str:
        return subprocess.run(
            ["tmux", "-L", self.socket, *args], check=True, capture_output=True, text=True, cwd=ROOT
        ).stdout

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p")

    def keys(self, *keys: str) -> None:
        self._tmux("send-keys", *keys)

    def wait(self, ready, what: str, timeout: float = 60.0) -> str:
        """The screen once `ready(screen)` holds (polled), or a failure saying `what`."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if ready(screen):
                return screen
            if time.monotonic() > deadline:
                pytest.fail(f"waited {timeout:g} s for {what}; the screen:\n{screen}")
            time.sleep(0.05)  # polling the screen, not a wait for an event we could be told of

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_human_plays_a_whole_match_in_the_terminal(game: str, tmp_path: Path) -> None:
    bots = " ".join(
        f"--bot r{i}={shlex.quote('python bots/random_bot.py --seed=' + str(i))}" for i in range(GAMES[game] - 1)
    )
    command = (
        f"{shlex.quote(sys.executable)} -m arena play {game} --human me {bots} --deals 2 --seed 3 "
        f"--logs {shlex.quote(str(tmp_path / 'logs'))} 2>/dev/null"
    )
    tmux = Tmux(command, tmp_path)
    try:
        rng = random.Random(5)
        decisions = refused = typed_text = 0
        kinds: set[str] = set()

        def next_move(screen: str) -> bool:
            asked = ASKED.search(screen)
            return asked is not None and int(asked.group(2)) == decisions + 1

        while True:
            screen = tmux.wait(lambda s: "press any key" in s or next_move(s), f"move {decisions + 1} or the end")
            if "press any key" in screen:
                break
            kinds.add(ASKED.search(screen).group(1))  # type: ignore[union-attr]
            decisions += 1
            if decisions == 2:  # a wrong number: a one-line reason, and the same decision again
                tmux.keys("99", "Enter")
                tmux.wait(lambda s: "is not an action's number" in s, "the reason 99 is refused")
                refused += 1
            first = FIRST_ACTION.search(screen)
            if decisions % 3 == 1 and first is not None and len(first.group(1)) < 30:
                tmux.keys("-l", first.group(1))  # the action's text, as listed
                tmux.keys("Enter")
                typed_text += 1
                taken = tmux.wait(
                    lambda s: "press any key" in s or next_move(s) or "not a legal action" in s, "the text taken"
                )
                assert "not a legal action" not in taken, f"{first.group(1)!r} was refused:\n{screen}\n{taken}"
            else:  # any action shown: a human wanders through the game
                tmux.keys(str(rng.choice([int(n) for n in NUMBERS.findall(screen)] or [1])), "Enter")
        assert "The match is over." in screen and "(you)" in screen
        tmux.keys("q")  # any key leaves
        tmux.wait(lambda s: tmux.done.exists(), "the program to end")
        assert tmux.done.read_text().strip() == "0"
        assert decisions >= 2 and refused == 1 and typed_text >= 1
        if game == "frederik":
            assert "OUT OF TURN" in kinds  # asked out of turn, and the screen said so
        # Back in the shell, the result table names the human.
        assert re.search(r"^\s+\d+\s+me\s", tmux.screen(), re.MULTILINE)
    finally:
        tmux.close()
