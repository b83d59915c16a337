"""`arena run` end to end: a small tournament, a kill -9 and resume, config errors."""

import contextlib
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from arena.cli import main

ROOT = Path(__file__).resolve().parent.parent
ARENA = [sys.executable, "-m", "arena.cli"]


def tournament_file(tmp_path: Path, name: str, *, deals: int = 3, extra_bot: str = "") -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(
        textwrap.dedent(
            f"""
            [tournament]
            name = "{name}"
            game = "conto"
            seats = 3
            deals = {deals}
            seed = 5
            concurrency = 2
            move_time = 2.0
            results = "{tmp_path / name}.sqlite"
            logs = "{tmp_path / "logs" / name}"

            [[bot]]
            name = "random"
            command = ["python", "bots/random_bot.py"]

            [[bot]]
            name = "random-b"
            command = ["python", "bots/random_bot.py"]
            args = ["--seed=9"]

            [[bot]]
            name = "first"
            command = ["python", "tests/fixtures/bots/first_action.py"]

            [[bot]]
            name = "random-c"
            command = ["python", "bots/random_bot.py"]
            args = ["--seed=4"]
            {extra_bot}
            """
        )
    )
    return path


def write_tournament(tmp_path: Path, name: str, bots: dict[str, list[str]], **keys: object) -> Path:
    """`tmp_path/<name>.toml`: a conto tournament of `bots` (name: command), its results
    and logs in `tmp_path`, with more [tournament] `keys` (strings are quoted)."""
    bot_keys = {bot: [_toml_list("command", command)] for bot, command in bots.items()}
    return _write(tmp_path, name, bot_keys, keys)


def write_inprocess_tournament(tmp_path: Path, name: str, seeds: dict[str, str], **keys: object) -> Path:
    """As `write_tournament`, its bots the random bot's class played in-process (name:
    its seed argument): for tests of what a run records, which does not depend on how a
    seat is played, without a process (and its start) per seat."""
    bot_keys = {
        bot: ['module = "bots.random_bot:RandomBot"', _toml_list("args", [seed])] for bot, seed in seeds.items()
    }
    return _write(tmp_path, name, bot_keys, keys)


def _toml_list(key: str, items: list[str]) -> str:
    return f"{key} = [" + ", ".join(f'"{item}"' for item in items) + "]"


def _write(tmp_path: Path, name: str, bot_keys: dict[str, list[str]], keys: dict[str, object]) -> Path:
    lines = ["[tournament]", f'name = "{name}"', 'game = "conto"']
    for key, value in keys.items():
        text = f'"{value}"' if isinstance(value, str) else str(value).lower() if isinstance(value, bool) else value
        lines.append(f"{key} = {text}")
    lines += [f'results = "{tmp_path / name}.sqlite"', f'logs = "{tmp_path / "logs"}"']
    for bot, entries in bot_keys.items():
        lines += ["", "[[bot]]", f'name = "{bot}"', *entries]
    path = tmp_path / f"{name}.toml"
    path.write_text("\n".join(lines) + "\n")
    return path


def arena(*args, check=True, timeout=300):
    result = subprocess.run([*ARENA, *map(str, args)], cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    if check and result.returncode != 0:
        raise AssertionError(f"arena {args} exited {result.returncode}:\n{result.stdout}\n{result.stderr}")
    return result


def arena_here(capsys, *args: object) -> tuple[int, str, str]:
    """`arena ARGS` run in the test's own process (`arena.cli.main`, what `python -m
    arena.cli` calls): its exit code, stdout and stderr.  For commands refused before
    anything starts, without paying a new interpreter's imports each time; `arena` above
    runs the real command line."""
    try:
        with contextlib.chdir(ROOT):  # where `arena` runs it
            code = main([str(arg) for arg in args])
    except SystemExit as exit_:  # argparse's own refusal
        code = exit_.code if isinstance(exit_.code, int) else 1
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def arena_here_ok(capsys, *args: object) -> str:
    """`arena_here` for a command that must succeed: its stdout."""
    code, out, err = arena_here(capsys, *args)
    assert code == 0, f"arena {args} exited {code}:\n{out}\n{err}"
    return out


def saved_matches(path: Path) -> int:
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            return db.execute("select count(*) from matches").fetchone()[0]
    except sqlite3.Error:
        return 0


def table_lines(output: str) -> list[str]:
    """The Elo table rows of `arena run`/`arena table` output."""
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("#  bot"))
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("Elo:"))
    return lines[start:end]


def results_of(rows: list[str]) -> list[list[str]]:
    """The Elo table's rows without the times (ms/decision, max ms, cpu ms), which vary."""
    return [row.split()[:7] + row.split()[10:] for row in rows[2:]]


def test_a_small_tournament_runs_and_prints_the_table(small_tournament, tmp_path, capsys):
    stdout, results = small_tournament  # `arena run` of tournament_file(…, "small"), conftest.py
    rows = table_lines(stdout)
    # 4 bots, 3 seats: every 3-subset (4 tables) in 3 rotations = 12 matches.
    assert "12 matches played" in stdout
    for bot in ("random", "random-b", "random-c", "first"):
        assert any(f" {bot} " in row for row in rows), rows
    assert all("-" == row.split()[-1] for row in rows[2:]), "no faults"
    again = arena("table", results)
    assert table_lines(again.stdout) == rows
    export = arena("export", results, "--format", "csv")
    assert len(export.stdout.strip().splitlines()) == 1 + 12 * 3 * 3  # header + match × deal × seat
    show = arena("show", results, "r1-t1-p1")
    assert "showdown" in show.stdout or "forfeit" in show.stdout
    # The stored matches, with the keys `arena show` takes; filters by bot and fault.
    listed = arena("list", results)
    assert listed.stdout.startswith("small: 12 of 12 stored matches\n")
    assert "r1-t1-p1 " in listed.stdout
    assert len([line for line in listed.stdout.splitlines() if line.startswith("r1-")]) == 12
    # (Each command above ran as a command; the rest run in this process, `arena_here`.)
    code, first, _ = arena_here(capsys, "list", results, "--bot", "first")
    assert code == 0 and first.startswith("small: 9 of 12 stored matches with first\n")  # 3 of its 4 tables
    assert all(" first " in f" {line} " for line in first.splitlines() if line.startswith("r1-"))
    code, timeouts, _ = arena_here(capsys, "list", results, "--bot", "first", "--fault", "timeout")
    assert code == 0 and timeouts == "small: 0 of 12 stored matches with first and a timeout fault\n"
    # A file damaged on disk is said to be damaged, without a traceback.
    damaged = tmp_path / "damaged.sqlite"
    data = bytearray((results).read_bytes())
    middle = len(data) // 2
    data[middle : middle + 8192] = b"\xde\xad\xbe\xef" * 2048
    damaged.write_bytes(bytes(data))
    # `arena list` reads every match's row, so it meets the damage wherever it fell.
    code, _, broken = arena_here(capsys, "list", damaged)
    assert code == 2 and "Traceback" not in broken, broken
    assert f"arena: {damaged} is damaged (" in broken and "arena recover" in broken
    # `arena table` reads only the summaries and seats: it prints the table when the damage
    # fell in pages it does not read (a history here), or says the file is damaged.
    code, _, table_says = arena_here(capsys, "table", damaged)
    assert "Traceback" not in table_says
    assert code == 0 or (code == 2 and f"arena: {damaged} is damaged (" in table_says), table_says
    # Damage where the table reads is said as damage: the summaries' pages overwritten.
    code, _, summaries_hit = arena_here(capsys, "table", _with_summaries_damaged(results, tmp_path))
    assert code == 2 and "Traceback" not in summaries_hit and " is damaged (" in summaries_hit, summaries_hit
    # An anchor that is not one of the bots is refused, with the bots named.
    code, _, nobody = arena_here(capsys, "table", results, "--anchor", "nobody")
    assert code == 2 and "Traceback" not in nobody
    assert "'nobody' is not a bot of small; its bots are" in nobody and "random-b" in nobody


def _with_summaries_damaged(results: Path, folder: Path) -> Path:
    """A copy of `results` whose summaries table's pages (found by SQLite's dbstat) are garbage."""
    with sqlite3.connect(results) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        size = db.execute("PRAGMA page_size").fetchone()[0]
        pages = [page for (page,) in db.execute("SELECT pageno FROM dbstat WHERE name = 'summaries'")]
    data = bytearray(results.read_bytes())
    for page in pages:
        start = (page - 1) * size
        data[start : start + size] = b"\xde\xad\xbe\xef" * (size // 4)
    damaged = folder / "summaries-damaged.sqlite"
    damaged.write_bytes(bytes(data))
    return damaged


def test_kill_9_mid_run_then_resume_gives_the_identical_table(tmp_path):
    reference = arena("run", tournament_file(tmp_path, "whole", deals=4))
    path = tournament_file(tmp_path, "killed", deals=4)
    results = tmp_path / "killed.sqlite"
    # The same results file deals the same (its secret is mixed into the deals): start from
    # a copy of the reference's, emptied of its matches.
    shutil.copy(tmp_path / "whole.sqlite", results)
    with sqlite3.connect(results) as db:
        db.execute("DELETE FROM deals")
        db.execute("DELETE FROM matches")
    process = subprocess.Popen(
        [*ARENA, "run", str(path)], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 120
    while saved_matches(results) < 3:
        assert process.poll() is None, "the run ended before it could be killed"
        assert time.monotonic() < deadline, "no match was saved in time"
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    interrupted_at = saved_matches(results)
    assert 3 <= interrupted_at < 12
    partial = f"Partial: {interrupted_at} of the schedule's 12 matches are played"
    assert partial in arena("table", results).stdout  # the table of a part says so
    resumed = arena("run", path)
    assert f"Resuming: {interrupted_at} of 12" in resumed.stdout
    assert f"{12 - interrupted_at} matches played" in resumed.stdout
    assert results_of(table_lines(resumed.stdout)) == results_of(table_lines(reference.stdout))
    assert "Partial" not in resumed.stdout and "Partial" not in arena("table", results).stdout


def test_config_errors_name_the_file_the_key_and_what_is_wrong(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text(
        textwrap.dedent(
            """
            [tournament]
            name = "broken"
            game = "conto"
            seats = 4
            deals = "many"
            concurency = 2

            [game]
            courses = 4

            [[bot]]
            name = "a"
            command = ["python", "bots/no_such_bot.py"]

            [[bot]]
            name = "a"
            command = "python bots/random_bot.py"
            """
        )
    )
    result = arena("run", path, check=False)
    assert result.returncode == 2
    err = result.stderr
    assert "Traceback" not in err
    assert str(path) in err or "broken.toml" in err
    assert "deals" in err and "concurency" in err and "concurrency" in err  # did you mean
    assert "courses" in err
    assert "no_such_bot.py" in err
    assert "duplicate" in err.lower() or "twice" in err.lower()
