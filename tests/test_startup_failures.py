"""`arena run` when a bot does not start: the run stops before the first match with the
bot's command, exit status and last stderr lines (exit 2, nothing written); with
--allow-faulty it plays on and leaves the bot's matches for a later run, which plays them
once the bot is fixed, and says so.  A bot that fails one start is tried again."""

import os
import re
import shutil
import subprocess
import textwrap
from pathlib import Path

from tests.test_tournament import ARENA, ROOT, arena, saved_matches

# 4 bots at 3 seats: 4 tables of 3 rotations, 12 matches; any one bot sits in 9 of them.
MATCHES, WITH_ONE_BOT = 12, 9

BROKEN = """\
from arena import sdk

class Broken(sdk.Bot):
    def act(self, request)  # the colon is missing
        return 0

sdk.run(Broken)
"""

FIXED = BROKEN.replace("def act(self, request)  # the colon is missing", "def act(self, request):")

# Fails its first start (it leaves a mark beside itself), starts well from the second on.
SECOND_TIME = """\
import sys
from pathlib import Path

from arena import sdk

mark = Path(__file__).with_suffix(".started")
if not mark.exists():
    mark.write_text("once")
    print("first start: cannot open my model file", file=sys.stderr)
    sys.exit(3)

class Late(sdk.Bot):
    def act(self, request):
        return 0

sdk.run(Late)
"""


def tournament(tmp_path: Path, bot: str, source: str, entry: str = "", *, random_processes: bool = False) -> Path:
    """A tournament of 3 random bots and `bot`, whose program is `source` in tmp_path.

    `bot`'s start is what these tests (and test_workers.py's) are about, and it is always a
    process; the random bots are the random bot's class in the arena's own process (a
    worker's, on workers) unless `random_processes`, so that a run does not start three
    interpreters a match to play the seats beside it."""
    program = tmp_path / f"{bot}.py"
    program.write_text(source)
    path = tmp_path / "starts.toml"
    randoms = "".join(
        f"""
            [[bot]]
            name = "r{number}"
            {_random_bot(random_processes)}
            args = ["--seed={number}"]
            """
        for number in (1, 2, 3)
    )
    path.write_text(
        textwrap.dedent(
            f"""
            [tournament]
            name = "starts"
            game = "conto"
            seats = 3
            deals = 2
            concurrency = 2
            move_time = 2.0
            results = "{tmp_path / "starts.sqlite"}"
            logs = "{tmp_path / "logs"}"
            """
            + randoms
            + f"""
            [[bot]]
            name = "{bot}"
            command = ["python", "{program}"]
            """
        )
        + textwrap.dedent(entry)
    )
    return path


def _random_bot(process: bool) -> str:
    return (
        f'command = ["python", "{ROOT / "bots" / "random_bot.py"}"]'
        if process
        else 'module = "bots.random_bot:RandomBot"'
    )


def test_a_bot_with_a_syntax_error_stops_the_run_before_the_first_match(tmp_path):
    path = tournament(tmp_path, "broken", BROKEN)
    result = arena("run", path, check=False)
    assert result.returncode == 2, result.stdout + result.stderr
    error = result.stderr
    assert "Traceback" not in error.split("the last lines of")[0]
    assert "bot broken did not start" in error
    assert str(tmp_path / "broken.py") in error  # its command
    assert "exited with status 1" in error and "the arena failed" not in error  # the bot's failure, not ours
    assert "SyntaxError" in error and "def act(self, request)" in error  # its stderr's last lines
    assert "--allow-faulty" in error
    # Nothing written: the results file is opened only once every bot has started.
    assert not (tmp_path / "starts.sqlite").exists()
    assert saved_matches(tmp_path / "starts.sqlite") == 0


def test_a_stdio_bot_that_exits_at_once_stops_the_run_too(tmp_path):
    path = tournament(tmp_path, "broken", BROKEN, 'protocol = "stdio"\n')
    result = arena("run", path, check=False)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "bot broken did not start" in result.stderr and "exited with status 1" in result.stderr
    assert "SyntaxError" in result.stderr
    assert not (tmp_path / "starts.sqlite").exists()


def test_allow_faulty_plays_on_and_a_rerun_after_the_fix_plays_the_bots_matches(tmp_path):
    path = tournament(tmp_path, "broken", BROKEN)
    faulty = arena("run", path, "--allow-faulty")
    out = faulty.stdout
    assert out.count("bot broken did not start") == 1, out  # said once, on the console
    assert "SyntaxError" in out
    assert f"{MATCHES - WITH_ONE_BOT} matches played" in out
    assert f"{WITH_ONE_BOT} matches left unplayed because a bot had not started (broken in {WITH_ONE_BOT})" in out
    assert saved_matches(tmp_path / "starts.sqlite") == MATCHES - WITH_ONE_BOT
    # The bot fixed, the same command plays exactly its matches, and says why.
    (tmp_path / "broken.py").write_text(FIXED)
    fixed = arena("run", path)
    assert f"Resuming: {MATCHES - WITH_ONE_BOT} of {MATCHES} matches" in fixed.stdout
    assert f"{WITH_ONE_BOT} matches are played again: their bot broken had not started." in fixed.stdout
    assert f"{WITH_ONE_BOT} matches played" in fixed.stdout
    assert "did not start" not in fixed.stdout and "left unplayed" not in fixed.stdout
    assert saved_matches(tmp_path / "starts.sqlite") == MATCHES
    listed = arena("list", tmp_path / "starts.sqlite", "--bot", "broken", "--fault", "start")
    assert listed.stdout.startswith("starts: 0 of 12 stored matches with broken"), listed.stdout


def test_a_bot_that_fails_one_start_is_tried_again_for_its_next_match(tmp_path):
    path = tournament(tmp_path, "late", SECOND_TIME)
    # The bot leaves its mark beside itself, which the sandbox would not let it write: the
    # arena is told of a bwrap that does not exist, so its bots run unsandboxed.
    environment = dict(os.environ, ARENA_BWRAP=str(tmp_path / "no-bwrap-here"))
    result = subprocess.run(
        [*ARENA, "run", str(path), "--allow-faulty"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=environment,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert out.count("bot late did not start") == 1 and "exited with status 3" in out, out
    assert "cannot open my model file" in out
    assert f"{MATCHES} matches played" in out and "left unplayed" not in out
    assert saved_matches(tmp_path / "starts.sqlite") == MATCHES


def test_allow_faulty_with_no_bot_started_says_no_match_could_be_played_and_exits_2(tmp_path):
    path = tournament(tmp_path, "broken", BROKEN, random_processes=True)
    path.write_text(path.read_text().replace(str(ROOT / "bots" / "random_bot.py"), str(tmp_path / "broken.py")))
    result = arena("run", path, "--allow-faulty", check=False)
    assert result.returncode == 2, result.stdout + result.stderr
    for bot in ("r1", "r2", "r3", "broken"):
        assert f"bot {bot} did not start" in result.stdout
    said = re.fullmatch(
        r"arena: no match could be played: (.+) did not start \(see above\), and every match left has one of them "
        rf"at its table; the {MATCHES} matches are left for a later run: run the same command again once they "
        r"start\.\n",
        result.stderr.splitlines(keepends=True)[-1],
    )
    assert said is not None, result.stderr
    assert set(re.split(", | and ", said[1])) <= {"r1", "r2", "r3", "broken"}  # the bot each match waits for
    assert "fit()" not in result.stdout + result.stderr and "No ratings yet" not in result.stdout
    assert "Traceback" not in result.stderr
    assert saved_matches(tmp_path / "starts.sqlite") == 0


def test_allow_faulty_when_only_a_broken_bots_matches_are_left_prints_the_table_then_says_so(tmp_path):
    path = tournament(tmp_path, "broken", BROKEN)
    arena("run", path, "--allow-faulty")
    again = arena("run", path, "--allow-faulty", check=False)
    assert again.returncode == 2, again.stdout + again.stderr
    assert "Elo" in again.stdout  # the table of the matches stored before
    assert again.stderr.endswith(
        "arena: no match could be played: broken did not start (see above), and every match left has it at its "
        f"table; the {WITH_ONE_BOT} matches are left for a later run: run the same command again once it starts.\n"
    )
    assert saved_matches(tmp_path / "starts.sqlite") == MATCHES - WITH_ONE_BOT


def test_dry_run_keeps_the_log_it_names_of_a_bot_that_did_not_start(tmp_path):
    path = tournament(tmp_path, "broken", BROKEN)
    result = arena("run", path, "--dry-run", check=False)
    assert result.returncode == 1, result.stdout + result.stderr
    named = re.findall(r"\(see (\S+\.log)\)", result.stdout)
    assert named, result.stdout
    logs = {Path(log).parent for log in named}
    try:
        # Each log the preview points to is there to read, with the bot's own error.
        assert all(Path(log).is_file() for log in named), named
        assert any("SyntaxError" in Path(log).read_text() for log in named)
        # What a run would do, as a run does it: stop before the first match, or play on with the flag.
        assert "A run would stop before its first match (exit 2)" in result.stdout
        assert "--allow-faulty" in result.stdout
    finally:
        for folder in logs:
            shutil.rmtree(folder, ignore_errors=True)
