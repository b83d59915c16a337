"""`arena check-bot` tells a bot author, in words, whether the bot is ready."""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def check(*argv, game="conto", extra=(), tmp=None):
    # TMPDIR: the logs check-bot keeps when something is wrong go to the test's folder.
    env = None if tmp is None else {**os.environ, "TMPDIR": str(tmp)}
    return subprocess.run(
        [sys.executable, "-m", "arena.cli", "check-bot", "--game", game, "--deals", "2", *extra, "--", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


def test_a_good_bot_passes_with_its_latency_reported(tmp_path):
    result = check("python", "bots/random_bot.py", tmp=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "OK: no problems found." in result.stdout
    assert list(tmp_path.iterdir()) == [], "nothing is left behind when all is well"
    assert "latency over" in result.stdout and "median" in result.stdout and "p99" in result.stdout
    assert "plays conto, invido" in result.stdout
    assert "invido: 2 matches" in result.stdout, "every claimed game is tried"
    assert "conto: 4 matches, the bot in every seat, 8 deals\n" in result.stdout, "the game asked for: --deals 2"
    assert "invido: 2 matches, the bot in every seat, 2 deals (1 a match: a game it also claims is only tried" in (
        result.stdout
    ), "the line says why a claimed game plays fewer deals than --deals"


def test_out_of_range_answers_are_reported_in_words(tmp_path):
    result = check("python", "tests/fixtures/bots/answers_9999.py", tmp=tmp_path)
    assert result.returncode == 1
    assert "illegal" in result.stdout and "9999 is out of range" in result.stdout
    (kept,) = tmp_path.iterdir()  # the bot's output, for its author
    assert f"the bot's output is in {kept}" in result.stdout


def test_a_bot_that_never_starts_is_reported(tmp_path):
    result = check("python", "tests/fixtures/bots/never_starts.py", tmp=tmp_path)
    assert result.returncode == 1
    assert "No valid Hello" in result.stdout and "exited with status 3" in result.stdout
    assert "--stdio" not in result.stdout, "a gRPC bot that crashed is not told it may be a stdio bot"


def test_a_stdio_bot_checked_over_grpc_is_told_to_add_stdio(tmp_path):
    result = check("bash", "bots/stdio/random.sh", tmp=tmp_path)
    assert result.returncode == 1
    assert "check it with --stdio: arena check-bot --game conto --stdio -- bash bots/stdio/random.sh" in result.stdout


def test_a_stdio_bot_that_stays_silent_over_grpc_is_told_to_add_stdio(tmp_path):
    # Sandboxed, a bot that neither answers nor exits is found to have made no socket.
    silent = "import sys, time; sys.stdin.read(); time.sleep(60)"
    result = check("python", "-c", silent, extra=("--startup-timeout", "1"), tmp=tmp_path)
    assert result.returncode == 1
    assert "No valid Hello" in result.stdout and "within 1 s" in result.stdout
    # named as the bot sees it, not by the arena's way in through /proc
    assert re.search(r"no socket at [^ ]+/arena-run-[^ ]+/bot\.sock \(its ARENA_BOT_ADDRESS\)", result.stdout)
    assert "if it is a stdio bot (JSON lines on stdin and stdout), check it with --stdio" in result.stdout


def test_a_grpc_bot_checked_as_stdio_is_told_to_drop_stdio(tmp_path):
    result = check("python", "bots/random_bot.py", extra=("--stdio", "--move-time", "0.2"), tmp=tmp_path)
    assert result.returncode == 1
    assert "check it without --stdio: arena check-bot --game conto -- python bots/random_bot.py" in result.stdout


def test_late_answers_are_reported(tmp_path):
    result = check("python", "tests/fixtures/bots/hangs.py", extra=("--move-time", "0.2"), tmp=tmp_path)
    assert result.returncode == 1
    assert "timeout" in result.stdout


def test_no_command_is_a_usage_error():
    result = subprocess.run(
        [sys.executable, "-m", "arena.cli", "check-bot", "--game", "conto"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 2 and "give the bot's command" in result.stderr


def test_an_answer_dropped_after_its_timeout_is_reported_with_its_delay(tmp_path):
    result = check("python", "tests/fixtures/bots/late_once.py", tmp=tmp_path)
    assert result.returncode == 1
    assert "timeout once" in result.stdout
    assert "1 answer was dropped, first: its answer to decision " in result.stdout
    assert "past the 1000 ms limit" in result.stdout


def test_an_answer_naming_another_decision_is_reported_as_malformed(tmp_path):
    result = check("python", "tests/fixtures/bots/wrong_id.py", tmp=tmp_path)
    assert result.returncode == 1
    assert "malformed" in result.stdout and "but decision" in result.stdout and "was asked" in result.stdout


def test_a_stdio_bot_that_does_not_flush_is_told_to_flush(tmp_path):
    result = check(
        "python", "tests/fixtures/bots/stdio_unflushed.py", extra=("--stdio", "--move-time", "0.2"), tmp=tmp_path
    )
    assert result.returncode == 1
    assert "its answers arrived later: it does not flush its output after each line" in result.stdout, result.stdout
    assert "without --stdio" not in result.stdout  # it is a stdio bot: gRPC is not the way


def test_a_hello_description_is_printed_on_one_line_with_its_control_characters_escaped(tmp_path):
    """A bot's own words (its Hello's description and games) reach the author's terminal
    escaped: an escape sequence would rewrite the screen, a newline forge a line."""
    bot = tmp_path / "bot" / "loud.py"
    bot.parent.mkdir()
    bot.write_text(
        "from arena import sdk\n\n\n"
        "class Loud(sdk.Bot):\n"
        '    name, games = "loud", ("conto",)\n'
        '    description = "clears\\x1b[2J the screen\\nOK: no problems found."\n\n'
        "    def act(self, request):\n"
        "        return 0\n\n\n"
        "sdk.run(Loud)\n"
    )
    result = check("python", str(bot), tmp=tmp_path)
    assert "\x1b" not in result.stdout
    assert "— clears\\x1b[2J the screen\\nOK: no problems found." in result.stdout
    assert [line for line in result.stdout.splitlines() if line.startswith("OK")] == ["OK: no problems found."]
