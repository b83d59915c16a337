"""Every command refuses a bad flag with a message naming it and exit code 2, never a
traceback; `arena --version` says the version."""

import re
import shutil
from pathlib import Path

import pytest

from arena.cli import build_parser, main
from arena.protocol import ARENA_VERSION

RANDOM = f"python {Path(__file__).resolve().parent.parent / 'bots' / 'random_bot.py'}"

BAD = [
    (["play", "conto", "--deals", "-1"], "argument --deals: must be 1 or more, not -1"),
    (["play", "conto", "--deals", "two"], "argument --deals: 'two' is not a whole number"),
    (["play", "conto", "--move-time", "-1"], "argument --move-time: must be a number of seconds above 0, not -1"),
    (["play", "conto", "--move-time", "nan"], "argument --move-time: must be a number of seconds above 0, not nan"),
    (["check-bot", "--deals", "0", "--", "x"], "argument --deals: must be 1 or more, not 0"),
    (["check-bot", "--move-time", "0", "--", "x"], "argument --move-time: must be a number of seconds above 0, not 0"),
    (["bench", "--deals", "0"], "argument --deals: must be 1 or more, not 0"),
    (["check-bot", "--hands", "0", "--", "x"], "argument --hands: must be 1 or more, not 0"),  # the old name
    (["bench", "--rounds", "0"], "argument --rounds: must be 1 or more, not 0"),
    (["bench", "--warm", "-1"], "argument --warm: must be 0 or more, not -1"),
    (["bench", "--players", "2"], "Option 'players' cannot be 2; conto is for 3 to 8 players."),
    (["run", "tournaments/conto.toml", "--deals", "0"], "argument --deals: must be 1 or more, not 0"),
    (["run", "tournaments/conto.toml", "--concurrency", "0"], "argument --concurrency: must be 1 or more, not 0"),
    (["run", "tournaments/conto.toml", "--rounds", "x"], "argument --rounds: 'x' is not a whole number"),
    (["run", "tournaments/conto.toml", "--tc", "soon"], "argument --tc: 'soon' is not a time control"),
    (["run", "tournaments/conto.toml", "--tc", "1+1/move"], "argument --tc: a fixed time per move has no increment"),
    (["run", "--game", "chess", "--bot", "a=x"], "argument --game: invalid choice: 'chess'"),
    (["run", "--game", "conto", "--name", "a b", "--bot", "a=x"], "argument --name: the name 'a b' may only use ASCII"),
    (["run", "--game", "conto", "--name", "n" * 41, "--bot", "a=x"], "41 characters long; a name may have at most 40"),
    (["run", "--game", "conto", "--bot", "Ñandú=x", "--bot", "b=x"], "--bot: the bot name 'Ñandú' may only use ASCII"),
    (["play", "conto", "--bot", f"{'a' * 300}=x", "--bot", "b=x", "--bot", "c=x"], "300 characters long; a name"),
    (["run", "tournaments/conto.toml", "--seats", "3"], "--seats is for a run without a file"),
    (["run"], "Give a tournament file (arena run tournaments/conto.toml), or the game and the bots"),
    (["play", "conto", "--tc", "x"], "argument --tc: 'x' is not a time control"),
    (["play", "conto", "--bot", "a=no-such-program", "--bot", "b=x", "--bot", "c=x"], "--bot a: the program"),
    (["recover", "no/such/results.sqlite"], "no/such/results.sqlite"),
    (["table", "results.sqlite", "--format", "bogus"], "argument --format: invalid choice: 'bogus'"),
    (["export", "results.sqlite", "--format", "xml"], "argument --format: invalid choice: 'xml'"),
    # A mistyped flag is refused by the command that was given, with its closest flag.
    (
        ["run", "tournaments/conto.toml", "--deasl", "3"],
        "arena run: error: unrecognized arguments: --deasl 3 (did you mean --deals?)",
    ),
    (
        ["table", "results.sqlite", "--matrx"],
        "arena table: error: unrecognized arguments: --matrx (did you mean --matrix?)",
    ),
    # A flag's prefix is not taken for it: "--round 3" is not a run of 3 rounds, unasked.
    # (A file that does not exist: were it taken, the test fails on the file, not by playing.)
    (
        ["run", "no/such/tournament.toml", "--round", "3"],
        "arena run: error: unrecognized arguments: --round 3 (did you mean --rounds?)",
    ),
    # A word near no flag gets no guess (the dashes every flag shares do not make it near).
    (["run", "tournaments/conto.toml", "--bogus"], "arena run: error: unrecognized arguments: --bogus\n"),
    # A mistyped game is named before the bots' commands are looked at.
    (["play", "cont", "--bot", "a=no-such-program", "--bot", "b=x"], "There is no game 'cont'"),
    # check-bot: a command that cannot run is the author's mistake, named as arena play names it.
    (
        ["check-bot", "--", "no-such-program"],
        "the bot's command: the program 'no-such-program' of the bot was not found",
    ),
    (
        ["check-bot", "--", "python", "bots/no_such_bot.py"],
        "the script 'bots/no_such_bot.py' of the bot does not exist",
    ),
    (["check-bot", "--", "module:bots.random_bot:RandomBot"], "is a class played in the arena's own process"),
    # The bots given do not fill the game's seats: said in the words of the command line.
    (
        ["play", "invido", *["--bot", f"a={RANDOM}", "--bot", f"b={RANDOM}", "--bot", f"c={RANDOM}"]],
        "invido is for 2 players and 3 were given: one --bot per seat.",
    ),
    # A file where the bots' log folder should be (it was a traceback: FileExistsError from mkdir).
    (["play", "conto", "--logs", __file__, "--bot", "a=x"], f"--logs: {__file__} is a file; give the folder"),
]


@pytest.mark.parametrize("argv, message", BAD, ids=[" ".join(argv) for argv, _ in BAD])
def test_a_bad_flag_is_refused_by_name_with_exit_2(argv, message, capsys):
    try:
        code = main(argv)
    except SystemExit as exit_:  # argparse's own refusal
        code = exit_.code
    assert code == 2
    err = capsys.readouterr().err
    assert message in err, err
    assert "Traceback" not in err


def test_the_version(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"arena {ARENA_VERSION}"


@pytest.mark.parametrize(
    "command", ["run", "table", "list", "show", "export", "recover", "play", "games", "check-bot", "bench"]
)
def test_every_command_helps_with_its_defaults_and_examples(command, capsys):
    with pytest.raises(SystemExit) as exit_:
        main([command, "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert "\nexamples:\n  arena " + command in out, out
    if command in ("play", "check-bot", "bench"):
        assert "(default: " in out


@pytest.mark.parametrize(
    "argv",
    [["run", "tournaments/conto.toml"], ["check-bot", "--", "x"], ["bench"], ["play", "conto"]],
    ids=["run", "check-bot", "bench", "play"],
)
def test_help_names_deals_alone_and_the_old_hands_is_still_read(argv, capsys):
    with pytest.raises(SystemExit):
        main([argv[0], "--help"])
    out = capsys.readouterr().out
    assert "--deals" in out and "--hands" not in out, out
    assert build_parser().parse_args([argv[0], "--hands", "7", *argv[1:]]).deals == 7


@pytest.mark.parametrize(
    "command", ["run", "table", "list", "show", "export", "recover", "report", "play", "games", "check-bot", "bench"]
)
def test_no_flag_says_its_default_twice(command, capsys):
    """The help adds "(default: X)" itself; a help text that also says "(default X)"
    printed it twice ("with --anchor (default 0) (default: 0.0)")."""
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = capsys.readouterr().out.split("\nexamples:\n")[0]
    flags = re.split(r"\n  (?=-)", out)[1:]  # one paragraph per flag
    for text in flags:
        said = " ".join(text.split())
        assert not ("(default: " in said and re.search(r"\(default \d", said)), said


@pytest.mark.parametrize("where", ["a folder", "a missing folder"])
def test_export_to_a_path_it_cannot_write_says_so_with_exit_2(where, tmp_path, capsys):
    results = tmp_path / "conto.sqlite"
    shutil.copy(Path(__file__).parent / "fixtures" / "results" / "conto-before-summaries.sqlite", results)
    output = tmp_path if where == "a folder" else tmp_path / "no" / "such" / "deals.csv"
    assert main(["export", str(results), "-o", str(output)]) == 2
    err = capsys.readouterr().err
    assert f"Cannot write {output}: " in err and "Traceback" not in err, err


@pytest.mark.parametrize("command", ["table", "report"])
def test_anchor_elo_without_anchor_is_refused_not_ignored(command, tmp_path, capsys):
    results = tmp_path / "conto.sqlite"
    shutil.copy(Path(__file__).parent / "fixtures" / "results" / "conto-before-summaries.sqlite", results)
    extra = ["-o", str(tmp_path / "r.html")] if command == "report" else []
    assert main([command, str(results), "--anchor-elo", "100", *extra]) == 2
    assert (
        "--anchor-elo fixes the Elo of the bot --anchor names; give --anchor NAME with it." in capsys.readouterr().err
    )
    assert not (tmp_path / "r.html").exists()


def test_games_lists_each_games_players_as_one_count_or_a_range(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "stake up to 24. (2 players)" in out and "IMPs. (4 players)" in out  # not "(2–2 players)"
    assert "(3–8 players)" in out and "(2–6 players)" in out


def test_a_run_without_a_file_names_its_problems_by_flag_not_by_a_line_of_a_file(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)  # its file would go to results/ here, and is removed on a mistake
    assert main(["run", "--game", "conto", "--bot", f"a={RANDOM}", "--bot", f"a={RANDOM}"]) == 2
    err = capsys.readouterr().err
    assert f"the name 'a' is already used by --bot a={RANDOM}; bot names must be unique." in err, err
    assert "(line " not in err  # the file it would name is gone
    assert main(["run", "--game", "conto", "--bot", f"a={RANDOM}"]) == 2
    assert "--bot: a tournament needs at least 2 bots; the command line gives 1." in capsys.readouterr().err
    assert not list(tmp_path.rglob("*.toml"))
