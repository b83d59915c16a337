"""A person in a tournament file (`[[bot]] human = true`): `arena run` prints the address
of their page and waits for them at each of their tables, one at a time; a scripted
person plays through that page's JSON (the browser's own requests), every match is saved
with them in it.  A file with a person is checked like any other."""

from __future__ import annotations

import json
import re
import subprocess
import threading
import urllib.request
from pathlib import Path

import pytest

from tests.test_tournament import ARENA, ROOT, arena, arena_here, write_tournament

pytestmark = pytest.mark.slow


def play_through_the_page(address: str, stop: threading.Event, moves: list[int]) -> None:
    """The person: follows the page's state and plays the first action whenever asked."""
    base, token = address.split("/?t=")
    version = 0
    while not stop.is_set():
        try:
            with urllib.request.urlopen(f"{base}/state?t={token}&v={version}", timeout=30) as answer:
                picture = json.load(answer)
        except OSError:
            return  # the run has ended, and its page with it
        if picture["version"] <= version:
            continue
        version = picture["version"]
        if picture["actions"]:
            request = urllib.request.Request(f"{base}/act?t={token}", data=b"1", method="POST")
            with urllib.request.urlopen(request, timeout=30) as answer:
                if not json.load(answer)["refused"]:
                    moves.append(version)


def test_a_person_plays_their_tables_in_a_tournament(tmp_path: Path) -> None:
    bots = {"r1": ["python", "bots/random_bot.py", "--seed=1"], "r2": ["python", "bots/random_bot.py", "--seed=2"]}
    toml = write_tournament(tmp_path, "people", bots, seats=3, deals=2, seed=3, concurrency=2)
    toml.write_text(toml.read_text() + '\n[[bot]]\nname = "me"\nhuman = true\n')
    errors = (tmp_path / "stderr.txt").open("w")
    run = subprocess.Popen([*ARENA, "run", str(toml)], cwd=ROOT, stdout=subprocess.PIPE, stderr=errors, text=True)
    stop, moves = threading.Event(), []
    try:
        assert run.stdout is not None
        for line in run.stdout:
            found = re.search(r"http://127\.0\.0\.1:\d+/\?t=\S+", line)
            if found:
                break
        else:
            pytest.fail(f"no address printed; stderr: {(tmp_path / 'stderr.txt').read_text()}")
        person = threading.Thread(target=play_through_the_page, args=(found.group(0), stop, moves), daemon=True)
        person.start()
        output = run.stdout.read()  # the progress, to the end of the run
        assert run.wait(timeout=300) == 0, (tmp_path / "stderr.txt").read_text()
        assert "3/3 matches" in output
        assert "me has sandbox = false" not in output  # a person runs no program to sandbox
    finally:
        stop.set()
        errors.close()
        if run.poll() is None:
            run.kill()
            run.wait()
    assert moves, "the person was never asked"
    listed = arena("list", tmp_path / "people.sqlite").stdout
    assert len(re.findall(r"\bme\b", listed)) == 3  # every rotation of the one table, with the person in it


def test_a_person_takes_no_program_keys(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bots = {"r1": ["python", "bots/random_bot.py"], "r2": ["python", "bots/random_bot.py"]}
    toml = write_tournament(tmp_path, "wrong", bots, seats=3)
    toml.write_text(toml.read_text() + '\n[[bot]]\nname = "me"\nhuman = true\ncommand = ["python", "x.py"]\n')
    code, _, err = arena_here(capsys, "run", toml)
    assert code == 2
    assert "is a person (human = true), so command does not apply to it" in err


def test_a_person_is_refused_on_a_cluster_before_anything_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bots = {"r1": ["python", "bots/random_bot.py"], "r2": ["python", "bots/random_bot.py"]}
    toml = write_tournament(tmp_path, "cluster", bots, seats=3)
    toml.write_text(toml.read_text() + '\n[[bot]]\nname = "me"\nhuman = true\n')
    code, _, err = arena_here(capsys, "run", toml, "--cluster", "local:1")
    assert code == 2
    assert (
        "me is a person (human = true), who plays in the browser of this machine: run the file without --cluster" in err
    )
    assert not (tmp_path / "cluster.sqlite").exists()
