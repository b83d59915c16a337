"""`arena run --game … --bot …` (a round robin without a file) and `arena run --dry-run`.

The round robins without a file run in the test's process (`arena_here`): what is
checked is the file the command line writes, resumes from and refuses, which does not
depend on a new interpreter; where the bots' kind does not matter either, they are the
random bot's class in-process."""

import sqlite3
import tempfile
from pathlib import Path

import pytest
from test_tournament import arena, arena_here, write_tournament

RANDOM = "python bots/random_bot.py"
IN_PROCESS = "module:bots.random_bot:RandomBot"


def adhoc(capsys, tmp_path: Path, *extra: str, bots=("a", "b", "c"), bot=RANDOM, extra_bot=None):
    """`arena run` of a round robin of `bots` given on the command line: exit code, stdout, stderr."""
    flags = [item for name in bots for item in ("--bot", f"{name}={bot} --seed={len(name)}")]
    flags += ["--bot", extra_bot] if extra_bot else []
    results = tmp_path / "adhoc.sqlite"
    return arena_here(
        capsys, "run", "--game", "conto", *flags, "--seats", "3", "--deals", "2", "--seed", "4", "--results", results,
        *extra,
    )  # fmt: skip


def played(capsys, tmp_path: Path, *extra: str, **keys) -> str:
    code, out, err = adhoc(capsys, tmp_path, *extra, **keys)
    assert code == 0, out + err
    return out


def test_bots_on_the_command_line_play_a_round_robin_that_resumes_from_its_file(tmp_path, capsys):
    first = played(capsys, tmp_path)
    assert "3 matches played" in first  # one table of 3 bots, in 3 rotations
    written = tmp_path / "adhoc.toml"
    text = written.read_text()
    assert text.startswith("# Written by: arena run --game conto --bot ")  # the command as typed, once
    assert 'game = "conto"' in text and "deals = 2" in text and "seed = 4" in text
    assert 'command = ["python", "bots/random_bot.py", "--seed=1"]' in text
    again = played(capsys, tmp_path)
    assert "Resuming: 3 of 3 matches already" in again and "0 matches played" in again
    code, from_file, _ = arena_here(capsys, "run", written)
    assert code == 0 and "Resuming: 3 of 3 matches already" in from_file
    with sqlite3.connect(tmp_path / "adhoc.sqlite") as db:
        assert db.execute("select count(*) from matches").fetchone()[0] == 3


def test_another_round_robin_under_the_same_name_is_refused_not_overwritten(tmp_path, capsys):
    played(capsys, tmp_path, bot=IN_PROCESS)
    before = (tmp_path / "adhoc.toml").read_text()
    code, _, err = adhoc(capsys, tmp_path, bots=("a", "b", "d"), bot=IN_PROCESS)
    assert code == 2 and "adhoc.toml holds another tournament" in err and "--fresh" in err
    assert (tmp_path / "adhoc.toml").read_text() == before


def test_a_file_and_bots_on_the_command_line_are_refused_together(tmp_path, capsys):
    # Refused before anything starts: run in this process (`arena_here`), not as commands.
    code, _, both = arena_here(capsys, "run", "tournaments/conto.toml", "--game", "conto", "--bot", f"a={RANDOM}")
    assert code == 2
    assert "Give a tournament file, or --game and --bot without one, not both." in both
    code, _, neither = arena_here(capsys, "run")
    assert code == 2 and "Give a tournament file" in neither
    code, _, one_bot = arena_here(capsys, "run", "--game", "conto", "--bot", "lonely")
    assert code == 2 and "--bot takes NAME=COMMAND" in one_bot


def _tournament(tmp_path: Path, broken: bool = False) -> Path:
    bots = {
        "r1": ["python", "bots/random_bot.py"],
        "r2": ["python", "bots/random_bot.py", "--seed=2"],
        "first": ["python", "tests/fixtures/bots/first_action.py"],
    }
    if broken:
        bots["broken"] = ["python", "-c", "raise SystemExit(3)"]
    return write_tournament(tmp_path, "dry", bots, seats=3, deals=8)


def test_a_dry_run_shows_the_schedule_checks_the_bots_estimates_the_time_and_writes_nothing(tmp_path):
    result = arena("run", _tournament(tmp_path), "--dry-run", "--workers", "2")
    out = result.stdout
    assert "dry run, nothing is written" in out and "3 matches of 8 deals" in out
    assert "concurrency 1 in 2 worker processes" in out  # where the run would play
    assert "table 1: r1, r2, first" in out
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines() if line.startswith(("r1 ", "r2 ", "first "))}
    assert rows == {"r1": ["3", "24", "ok"], "r2": ["3", "24", "ok"], "first": ["3", "24", "ok"]}
    assert "Timing sample: 3 deals at 1 table (r1, r2, first)" in out
    assert "Estimated time for the 3 matches left" in out
    assert not (tmp_path / "dry.sqlite").exists() and not (tmp_path / "logs").exists()


@pytest.fixture
def own_tmp(tmp_path_factory, monkeypatch) -> Path:
    """The temporary folder of the dry run's bot logs, the test's own (TMPDIR for a command,
    tempfile's for this process): a dry run keeps them when a bot does not start or faults
    in the timing sample, for its author to read, which in /tmp would outlive the test."""
    folder = tmp_path_factory.mktemp("tmp")
    monkeypatch.setenv("TMPDIR", str(folder))
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


@pytest.mark.usefixtures("own_tmp")
def test_a_dry_run_names_a_bot_that_does_not_start_and_exits_1(tmp_path):
    result = arena("run", _tournament(tmp_path, broken=True), "--dry-run", "--cluster", "local:2", check=False)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "concurrency 1 on the Dask cluster local:2" in result.stdout
    broken = next(line for line in result.stdout.splitlines() if line.startswith("broken "))
    assert "start: " in broken and "status 3" in broken
    assert "broken did not start" in result.stdout
    assert not (tmp_path / "dry.sqlite").exists() and not (tmp_path / "logs").exists()


@pytest.mark.usefixtures("own_tmp")
def test_a_dry_run_of_bots_on_the_command_line_writes_no_file(tmp_path, capsys):
    assert "conto-adhoc (dry run" in played(capsys, tmp_path, "--dry-run")
    assert not list(tmp_path.iterdir())


def test_a_failed_run_without_a_file_leaves_no_tournament_file_behind(tmp_path, capsys):
    # A bot that does not start: the run stops before its first match, exit 2.
    code, out, err = adhoc(capsys, tmp_path, bot=IN_PROCESS, extra_bot='d=python -c "raise SystemExit(3)"')
    assert code == 2, out + err
    assert not (tmp_path / "adhoc.toml").exists() and not (tmp_path / "adhoc.sqlite").exists()
    # A game option out of range: refused when the written file is read.
    for option in ("courses=99", "courses=²"):  # '²' passes str.isdigit() but not int()
        code, _, err = adhoc(capsys, tmp_path, "--option", option, bot=IN_PROCESS)
        assert code == 2 and "courses" in err and "Traceback" not in err
        assert not (tmp_path / "adhoc.toml").exists()
    played(capsys, tmp_path, bot=IN_PROCESS)  # played: the file stays, for the same command to resume
    assert (tmp_path / "adhoc.toml").exists()


def test_a_bad_bot_on_the_command_line_is_named_by_its_flag_and_leaves_no_folder(tmp_path, capsys):
    # The file the flags were written to is removed when nothing was played: the message
    # names the flag to mend, not a line of that file, and the folder made for it goes too.
    folder = tmp_path / "new"
    code, out, err = arena_here(
        capsys, "run", "--game", "conto", "--bot", f"a={IN_PROCESS}", "--bot", "b=no-such-program-hb",
        "--results", folder / "results" / "adhoc.sqlite",
    )  # fmt: skip
    assert code == 2, out + err
    assert "--bot b=no-such-program-hb: the program 'no-such-program-hb' of bot 'b' was not found" in err
    assert "adhoc.toml" not in err
    assert not folder.exists() and tmp_path.exists()


@pytest.mark.usefixtures("own_tmp")  # its file is written to a scratch folder there
def test_a_dry_run_of_invido_prices_a_match_at_its_typical_length_not_its_cap(tmp_path, capsys):
    bots = [item for name in ("a", "b") for item in ("--bot", f"{name}={RANDOM}")]
    code, out, err = arena_here(
        capsys, "run", "--game", "invido", *bots, "--deals", "200", "--results", tmp_path / "i.sqlite", "--dry-run"
    )
    assert code == 0, out + err
    assert "2 matches of up to 200 deals" in out
    assert "priced at 20.4 deals, its measured mean length, not at the cap of 200" in out
