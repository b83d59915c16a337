"""Tournament files: what a good file gives, and what users read when a file is wrong."""

from __future__ import annotations

import dataclasses
import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from arena.clock import Period, TimeControl
from arena.config import ConfigError, Problem, TournamentConfig, load_tournament, parse_memory
from arena.records import BotEntry

FILE = "tournaments/x.toml"
HEAD = '[tournament]\nname = "zoo"\ngame = "conto"\n'
BOTS = (
    '[[bot]]\nname = "a"\ncommand = ["python", "bots/a.py"]\n\n[[bot]]\nname = "b"\ncommand = ["python", "bots/b.py"]\n'
)

FULL = """\
[tournament]
name = "conto-zoo"
game = "conto"
seats = 5
deals = 20
rounds = 2
seed = 1
concurrency = 2
move_time = 1
duplicate = false
anchor = "random"
anchor_elo = 1000
results = "out/zoo.sqlite"
logs = "out/logs"

[game]
courses = 3

[[bot]]
name = "random"
command = ["python", "bots/a.py"]

[[bot]]
name = "bluffer"
command = ["python3", "bots/b.py"]
args = ["--aggression=0.3"]
env = { SOME_VAR = "x" }
memory_limit = "512MiB"
startup_timeout = 5

[[bot]]
name = "remote"
address = "localhost:50051"
memory_limit = "none"

[[bot]]
name = "native"
command = ["sh", "-c", "exec true"]
protocol = "stdio"
memory_limit = 1048576
"""


@pytest.fixture(autouse=True)
def workdir(tmp_path, monkeypatch):
    """Every test runs in a fresh directory holding bots/a.py and bots/b.py."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tournaments").mkdir()
    (tmp_path / "bots").mkdir()
    for name in ("a", "b"):
        (tmp_path / "bots" / f"{name}.py").write_text("")
    return tmp_path


def write(text: str) -> str:
    Path(FILE).write_text(text)
    return FILE


def load(text: str, **overrides) -> TournamentConfig:
    return load_tournament(write(text), **overrides)


def problems(text: str, **overrides) -> list[str]:
    with pytest.raises(ConfigError) as caught:
        load(text, **overrides)
    return [str(p) for p in caught.value.problems]


def problem(text: str, **overrides) -> str:
    found = problems(text, **overrides)
    assert len(found) == 1, found
    return found[0]


# --- good files ---------------------------------------------------------------------------


def test_full_file():
    config = load(FULL)
    assert config.path == Path(FILE)
    assert (config.name, config.game, config.seats, config.deals, config.rounds) == ("conto-zoo", "conto", 5, 20, 2)
    assert (config.seed, config.concurrency, config.move_time, config.duplicate) == (1, 2, 1.0, False)
    assert type(config.move_time) is float
    assert config.anchor == ("random", 1000.0)
    assert dict(config.options) == {"courses": 3}  # as given, engine defaults not filled in
    with pytest.raises(TypeError):
        config.options["courses"] = 2  # type: ignore[index]
    assert config.results == Path("out/zoo.sqlite")
    assert config.logs == Path("out/logs")
    random, bluffer, remote, native = config.bots
    assert random == BotEntry(name="random", command=(sys.executable, "bots/a.py"))
    assert bluffer.command == (sys.executable, "bots/b.py", "--aggression=0.3")  # python3 too
    assert dict(bluffer.env) == {"SOME_VAR": "x"}
    assert bluffer.memory_limit == 512 * 1024**2
    assert bluffer.startup_timeout == 5.0
    assert bluffer.cwd is None
    assert remote.address == "localhost:50051" and remote.command == ()
    assert remote.memory_limit is None
    assert native.protocol == "stdio" and native.command == ("sh", "-c", "exec true")
    assert native.memory_limit == 1048576


def test_defaults():
    config = load(HEAD + BOTS)
    assert config.seats == 4  # conto's default number of players
    assert (config.deals, config.rounds, config.seed, config.concurrency) == (10, 1, 0, 1)
    assert config.move_time == 1.0
    assert config.duplicate is True
    assert config.anchor is None
    assert dict(config.options) == {}
    assert config.results == Path("results/zoo.sqlite")
    assert config.logs == Path("logs/zoo")
    bot = config.bots[0]
    assert (bot.protocol, bot.memory_limit, bot.startup_timeout, bot.address) == ("grpc", 2 * 1024**3, 20.0, None)
    assert load(HEAD.replace("conto", "invido") + BOTS).seats == 2
    assert load(HEAD + "anchor = 'a'\n" + BOTS).anchor == ("a", 0.0)


def test_overrides_replace_the_file_values():
    config = load(FULL, deals=3, concurrency=8, results="elsewhere/r.sqlite", rounds=4, seed=77, move_time=0.5)
    assert (config.deals, config.concurrency, config.rounds) == (3, 8, 4)
    assert (config.seed, config.move_time) == (77, 0.5)
    assert config.setup.fingerprint() != load(FULL).setup.fingerprint(), "another seed is another tournament"
    assert config.results == Path("elsewhere/r.sqlite")
    assert load(HEAD + BOTS, results=Path("p.sqlite")).results == Path("p.sqlite")
    untouched = load(FULL, deals=None, concurrency=None, results=None, rounds=None)
    assert (untouched.deals, untouched.concurrency, untouched.rounds) == (20, 2, 2)


def test_overrides_are_checked_like_the_file():
    assert problems(HEAD + "deals = 0\n" + BOTS, deals=0, concurrency=0, rounds=True) == [
        "command line: --deals: must be at least 1, not 0.",
        "command line: --rounds: expected an integer, found a boolean (true).",
        "command line: --concurrency: must be at least 1, not 0.",
    ]
    # A good override hides a bad file value; other file problems are still reported.
    assert problems(HEAD + "deals = 0\nseed = 'x'\n" + BOTS, deals=5) == [
        f'{FILE}:5: tournament.seed: expected an integer, found a string ("x").'
    ]


def test_time_controls_for_all_or_per_bot():
    config = load(HEAD + 'tc = "60+0.5"\n' + BOTS.replace('"bots/b.py"]\n', '"bots/b.py"]\ntc = "10+0.25/deal"\n'))
    assert config.time_control == TimeControl(60, 0.5, Period.MATCH)
    assert config.time_control_of("a") == TimeControl(60, 0.5, Period.MATCH)
    assert config.time_control_of("b") == TimeControl(10, 0.25, Period.DEAL)
    assert config.setup.to_data()["tc"] == "60+0.5"
    assert config.setup.to_data()["bots"][1]["tc"] == "10+0.25/deal"
    per_bot_move = load(HEAD + BOTS.replace('"bots/a.py"]\n', '"bots/a.py"]\nmove_time = 3\n'))
    assert per_bot_move.time_control_of("a") == TimeControl.per_move(3.0)
    assert per_bot_move.time_control_of("b") == TimeControl.per_move(1.0)
    # A file without time controls keeps the fingerprint it had before they existed.
    assert "tc" not in load(FULL).setup.to_data()
    assert all("tc" not in bot for bot in load(FULL).setup.to_data()["bots"])


def test_time_control_overrides_and_mistakes():
    assert load(HEAD + 'tc = "60+0.5"\n' + BOTS, move_time=2.0).time_control == TimeControl.per_move(2.0)
    assert load(HEAD + "move_time = 2\n" + BOTS, tc="5+1").time_control == TimeControl(5, 1, Period.MATCH)
    assert problems(HEAD + 'move_time = 2\ntc = "60+0.5"\n' + BOTS) == [
        f"{FILE}:5: tournament.tc: give move_time (seconds per decision) or tc (a bank of time), not both."
    ]
    assert problems(HEAD + 'tc = "1+1/move"\n' + BOTS) == [
        f"{FILE}:4: tournament.tc: a fixed time per move has no increment."
    ]
    assert problems(HEAD + BOTS, tc="soon") == [
        "command line: --tc: 'soon' is not a time control; write BASE+INCREMENT in seconds for a bank per match "
        '("60+0.5"), add "/deal" for a bank refilled every deal ("10+0.5/deal"), or "SECONDS/move" for a fixed '
        'time per move ("1/move").'
    ]
    assert problems(HEAD + BOTS.replace('"bots/b.py"]\n', '"bots/b.py"]\nmove_time = 1\ntc = "9"\n')) == [
        f"{FILE}:12: bot[2].tc: bot 'b' has move_time and tc; give one: seconds per decision, or a bank of time."
    ]


# --- what users read ----------------------------------------------------------------------


def test_hands_is_read_as_the_old_name_of_deals():
    assert load(HEAD + "hands = 7\n" + BOTS).deals == 7
    assert problem(HEAD + "hands = 0\n" + BOTS) == f"{FILE}:4: tournament.hands: must be at least 1, not 0."
    assert problem(HEAD + "deals = 3\nhands = 4\n" + BOTS) == (
        f"{FILE}:5: tournament.hands: 'hands' is the old name of 'deals', which is also given; keep only 'deals'."
    )


def test_toml_syntax_error_keeps_line_and_column():
    assert problem(HEAD + "deals = \n" + BOTS) == (
        f"{FILE}:4: this is not valid TOML: Invalid value (at line 4, column 9)."
    )
    assert problem(HEAD + "deals = 3\ndeals = 4\n" + BOTS) == (
        f"{FILE}:5: this is not valid TOML: Cannot overwrite a value (at line 5, column 10)."
    )
    assert problem(HEAD + 'logs = "unterminated') == (
        f"{FILE}:4: this is not valid TOML: Unterminated string (at end of document)."
    )


def test_unknown_keys_with_did_you_mean_and_known_keys():
    text = HEAD + "hnads = 3\n[game]\nhand_sise = 6\n" + BOTS + 'comand = ["x"]\n'
    assert problems(text) == [
        f"{FILE}:4: tournament.hnads: unknown key 'hnads' in [tournament]. Did you mean 'deals'? "
        "The known keys are name, game, seats, deals, rounds, seed, concurrency, workers, move_time, "
        "tc, duplicate, pairs, public_deals, sandbox, format, gauntlet, anchor, anchor_elo, prior_games, results, logs.",
        f"{FILE}:6: game.hand_sise: conto has no option 'hand_sise'. Did you mean 'hand_size'? "
        "Its options are hand_size, courses, oste.",
        f"{FILE}:14: bot[2].comand: unknown key 'comand' in a [[bot]] block. Did you mean 'command'? "
        "The known keys are name, command, args, env, protocol, address, module, human, memory_limit, startup_timeout, move_time, tc, sandbox, network, files, max_processes.",
    ]
    assert problems("tournamnet = 1\n" + HEAD + BOTS + "[extra]\nx = 1\n") == [
        f"{FILE}:1: tournamnet: unknown key 'tournamnet'. Did you mean 'tournament'? "
        "A tournament file has the tables [tournament], [game] and [[bot]].",
        f"{FILE}:12: extra: unknown table 'extra'. A tournament file has the tables [tournament], [game] and [[bot]].",
    ]
    assert problem("seed = 3\n" + HEAD + BOTS) == (
        f"{FILE}:1: seed: the key 'seed' is outside any table; move it under [tournament]."
    )


def test_wrong_types_say_what_was_expected_and_found():
    text = (
        HEAD
        + 'deals = "20"\nduplicate = "yes"\nmove_time = "fast"\nseed = 1.5\nanchor = 3\nresults = 1979-05-27\n'
        + BOTS
        + 'env = { A = 1 }\nargs = "--x"\nstartup_timeout = "soon"\n'
    )
    assert problems(text) == [
        f'{FILE}:4: tournament.deals: expected an integer, found a string ("20").',
        f'{FILE}:5: tournament.duplicate: expected a boolean (true or false), found a string ("yes").',
        f'{FILE}:6: tournament.move_time: expected a number, found a string ("fast").',
        f"{FILE}:7: tournament.seed: expected an integer, found a number (1.5).",
        f"{FILE}:8: tournament.anchor: expected a string, found an integer (3).",
        f"{FILE}:9: tournament.results: expected a string, found a date/time (1979-05-27).",
        f'{FILE}:17: bot[2].env.A: environment values must be strings; found an integer (1) (write A = "1").',
        f'{FILE}:18: bot[2].args: expected a list of arguments, found a string ("--x"); use a list: args = ["--x"]',
        f'{FILE}:19: bot[2].startup_timeout: expected a number, found a string ("soon").',
    ]


def test_a_command_string_says_to_use_a_list():
    text = HEAD + '[[bot]]\nname = "a"\ncommand = "python bots/a.py --fast"\n[[bot]]\nname = "b"\naddress = "h:1"\n'
    assert problem(text) == (
        f'{FILE}:6: bot[1].command: expected a list of arguments, found a string ("python bots/a.py --fast"); '
        'use a list: command = ["python", "bots/a.py", "--fast"]'
    )
    text = HEAD + BOTS + '[[bot]]\nname = "c"\ncommand = ["python", 3, true]\n'
    assert problem(text) == (
        f"{FILE}:13: bot[3].command: every element must be a string; element 2 is an integer (3), "
        "element 3 is a boolean (true)."
    )


def test_missing_required_keys_point_at_their_table():
    text = '[tournament]\nseats = 4\n[[bot]]\ncommand = ["python", "bots/a.py"]\n[[bot]]\nname = "b"\n'
    assert problems(text) == [
        f"{FILE}:1: tournament.name: the required key 'name' is missing in [tournament].",
        f"{FILE}:1: tournament.game: the required key 'game' is missing in [tournament].",
        f"{FILE}:3: bot[1].name: the required key 'name' is missing in the 1st [[bot]] block.",
        f"{FILE}:5: bot[2]: bot 'b' needs command (the program to start, e.g. command = "
        '["python", "bots/my_bot.py"]), address (a bot already running, e.g. address = "localhost:50051") or '
        'module (an SDK class played in the arena\'s process, e.g. module = "bots.random_bot:RandomBot").',
    ]
    assert problems(BOTS) == [
        f"{FILE}: tournament: the [tournament] table is missing; it needs at least name and game."
    ]


def test_bots_unique_and_at_least_two():
    assert problem(HEAD + BOTS + '[[bot]]\nname = "a"\naddress = "h:1"\n') == (
        f"{FILE}:12: bot[3].name: the name 'a' is already used by bot[1] (line 5); bot names must be unique."
    )
    assert problem(HEAD + '[[bot]]\nname = "a"\naddress = "h:1"\n') == (
        f"{FILE}:4: bot: a tournament needs at least 2 bots; the file has 1."
    )
    assert problem(HEAD) == f"{FILE}: bot: there are no bots: add at least two [[bot]] blocks."
    assert problem(HEAD + '[bot]\nname = "a"\n') == (
        f"{FILE}:4: bot: bots are written as [[bot]] blocks (double brackets), one per bot, not as one [bot] table."
    )


def test_seats_must_suit_the_game():
    assert problem(HEAD + "seats = 2\n" + BOTS) == (
        f"{FILE}:4: tournament.seats: conto is for 3 to 8 players; seats = 2 is outside that range."
    )
    assert problem(HEAD.replace("conto", "invido") + "seats = 3\n" + BOTS) == (
        f"{FILE}:4: tournament.seats: invido is for exactly 2 players; seats = 3 is outside that range."
    )


def test_unknown_game_with_did_you_mean():
    assert problem(HEAD.replace('"conto"', '"cotno"') + BOTS) == (
        f"{FILE}:3: tournament.game: there is no game 'cotno'. Did you mean 'conto'? The games are "
        + ", ".join(sorted(spec.name for spec in engine.games()))
        + "."
    )


def test_game_options_are_checked_by_the_engine():
    assert problem(HEAD + "[game]\nhand_size = 5\n" + BOTS) == (
        f"{FILE}:4: game: the game refuses these options: Option 'hand_size' cannot be 5 with 4 players; "
        "5-card hands are allowed only with 6 or more players."
    )
    assert load(HEAD + "seats = 6\n[game]\nhand_size = 5\n" + BOTS).options == {"hand_size": 5}
    assert problems(HEAD + '[game]\nhand_size = 7\noste = "yes"\nplayers = 4\n' + BOTS) == [
        f"{FILE}:5: game.hand_size: conto option 'hand_size' cannot be 7; allowed values are 5, 6 "
        "(cards per player; 5 only with 6+ players).",
        f"{FILE}:6: game.oste: conto option 'oste' cannot be \"yes\"; allowed values are false, true "
        "(Regola dell'Oste: the winner deals, +1 card).",
        f"{FILE}:7: game.players: the number of players is set by seats in [tournament], not in [game].",
    ]
    assert problem(HEAD + "game = 3\n" + BOTS) == (
        f"{FILE}:4: this is not valid TOML: Cannot overwrite a value (at line 4, column 9)."
    )


def test_anchor_must_be_a_bot():
    assert problem(HEAD + 'anchor = "bb"\n' + BOTS) == (
        f"{FILE}:4: tournament.anchor: the anchor 'bb' is not one of the bots. Did you mean 'b'? The bots are a, b."
    )
    assert problem(HEAD + "anchor_elo = 5\n" + BOTS) == (
        f"{FILE}:4: tournament.anchor_elo: anchor_elo needs anchor, the name of the bot whose Elo is fixed."
    )


def test_programs_and_scripts_must_exist(workdir):
    (workdir / "bots" / "plain").write_text("")
    text = (
        HEAD
        + '[[bot]]\nname = "a"\ncommand = ["no-such-program-xyz", "--x"]\n'
        + '[[bot]]\nname = "b"\ncommand = ["python", "bots/aa.py"]\n'
        + '[[bot]]\nname = "c"\ncommand = ["./bots/plain"]\n'
        + '[[bot]]\nname = "d"\ncommand = ["bots/missing"]\n'
        + '[[bot]]\nname = "e"\ncommand = ["node"]\nargs = ["bots/e.mjs"]\n'
    )
    found = problems(text)
    assert found == [
        f"{FILE}:6: bot[1].command: the program 'no-such-program-xyz' of bot 'a' was not found "
        "(looked for it in the directories of PATH).",
        f"{FILE}:9: bot[2].command: the script 'bots/aa.py' of bot 'b' does not exist "
        f"(looked for {workdir}/bots/aa.py; relative paths are relative to the current directory). "
        "Did you mean 'bots/a.py'?",
        f"{FILE}:12: bot[3].command: the program './bots/plain' of bot 'c' is not executable; "
        "run chmod +x ./bots/plain, or start it through its interpreter.",
        f"{FILE}:15: bot[4].command: the program 'bots/missing' of bot 'd' does not exist "
        f"(looked for {workdir}/bots/missing).",
    ] + (
        [
            f"{FILE}:18: bot[5].command: the program 'node' of bot 'e' was not found (looked for it in the directories of PATH)."
        ]
        if not __import__("shutil").which("node")
        else []
    ) + [
        f"{FILE}:19: bot[5].args: the script 'bots/e.mjs' of bot 'e' does not exist "
        f"(looked for {workdir}/bots/e.mjs; relative paths are relative to the current directory).",
    ]
    os.chmod(workdir / "bots" / "plain", 0o755)
    config = load(HEAD + BOTS + '[[bot]]\nname = "c"\ncommand = ["./bots/plain", "--flag.py", "x.txt"]\n')
    assert config.bots[2].command == ("./bots/plain", "--flag.py", "x.txt")


def test_protocols_and_addresses():
    text = (
        HEAD
        + BOTS
        + '[[bot]]\nname = "c"\naddress = "h:1"\nprotocol = "stdio"\n'
        + '[[bot]]\nname = "d"\naddress = "h:1"\nprotocol = "grcp"\n'
        + '[[bot]]\nname = "e"\naddress = "h:1"\ncommand = ["python", "bots/a.py"]\n'
        + '[[bot]]\nname = "f"\naddress = "h:1"\nargs = ["-v"]\n'
    )
    assert problems(text) == [
        f"{FILE}:14: bot[3].protocol: bot 'c' uses the stdio protocol, which needs command, not address.",
        f"{FILE}:18: bot[4].protocol: unknown protocol 'grcp'. Did you mean 'grpc'? Use \"grpc\" or \"stdio\".",
        f"{FILE}:21: bot[5].address: bot 'e' has both command and address; give one: command to start the bot, "
        "address to connect to one already running, or module to play an SDK class in the arena's process.",
        f"{FILE}:26: bot[6].args: bot 'f' has args but no command to append them to.",
    ]


def test_memory_limits():
    assert parse_memory("2GiB") == 2 * 1024**3
    assert parse_memory("512 MiB") == 512 * 1024**2
    assert parse_memory("1.5kib") == 1536
    assert parse_memory(4096) == 4096
    assert parse_memory("none") is None
    assert parse_memory("None") is None
    assert problem(HEAD + BOTS + 'memory_limit = "2GB"\n') == (
        f"{FILE}:11: bot[2].memory_limit: cannot read the size '2GB': write a number with KiB, MiB or GiB "
        '("512MiB", "2GiB"), a number of bytes, or "none" for no limit; write 2GiB.'
    )
    assert problem(HEAD + BOTS + "memory_limit = 0\n") == (
        f"{FILE}:11: bot[2].memory_limit: must be a positive number of bytes, not 0."
    )
    assert problem(HEAD + BOTS + "memory_limit = true\n") == (
        f'{FILE}:11: bot[2].memory_limit: expected a size such as "2GiB" or a number of bytes, found a boolean (true).'
    )


def test_numbers_in_range():
    text = HEAD + "deals = 0\nrounds = -1\nconcurrency = 0\nmove_time = 0\nanchor_elo = nan\nanchor = 'a'\n" + BOTS
    text += "startup_timeout = -1\n"
    assert problems(text) == [
        f"{FILE}:4: tournament.deals: must be at least 1, not 0.",
        f"{FILE}:5: tournament.rounds: must be at least 1, not -1.",
        f"{FILE}:6: tournament.concurrency: must be at least 1, not 0.",
        f"{FILE}:7: tournament.move_time: must be a positive number of seconds, not 0.",
        f"{FILE}:8: tournament.anchor_elo: must be a finite number, not nan.",
        f"{FILE}:17: bot[2].startup_timeout: must be a positive number of seconds, not -1.",
    ]
    assert problem(HEAD.replace('"zoo"', '"my zoo"') + BOTS) == (
        f"{FILE}:2: tournament.name: the name 'my zoo' may only use ASCII letters (A-Z, a-z), digits, '_', '.' "
        "and '-', not ' '."
    )


def test_names_are_ascii_and_at_most_40_characters():
    # Names become file names (results, logs), TOML keys, report ids and table columns.
    unicode = BOTS.replace('name = "b"', 'name = "Ñandú"')
    assert problem(HEAD + unicode) == (
        f"{FILE}:9: bot[2].name: the bot name 'Ñandú' may only use ASCII letters (A-Z, a-z), digits, '_', '.' "
        "and '-', not 'Ñ', 'ú'."
    )
    long = BOTS.replace('name = "b"', f'name = "{"b" * 300}"')
    assert problem(HEAD + long) == (
        f"{FILE}:9: bot[2].name: the bot name 'bbbbbbbbbbbbbbbbbbbb…' is 300 characters long; a name may have at most 40."
    )
    assert problem(HEAD.replace('"zoo"', f'"{"z" * 41}"') + BOTS) == (
        f"{FILE}:2: tournament.name: the name 'zzzzzzzzzzzzzzzzzzzz…' is 41 characters long; a name may have at most 40."
    )
    longest = "b" * 40
    config = load(HEAD.replace('"zoo"', f'"{"z" * 40}"') + BOTS.replace('name = "b"', f'name = "{longest}"'))
    assert [bot.name for bot in config.bots] == ["a", longest]


def test_limits_and_huge_numbers():
    huge = "0x" + "f" * 4000  # more digits than Python will print
    text = (
        HEAD
        + f"deals = {huge}\nrounds = 1_000_001\nseed = {2**63}\nmove_time = 1e300\n[game]\ncourses = {huge}\n"
        + BOTS
    )
    text += "startup_timeout = inf\nmemory_limit = 0x7fffffffffffffff\n"
    found = problems(text)
    assert found[:4] == [
        f"{FILE}:4: tournament.deals: must be at most 1_000_000, not a number of about 4817 digits.",
        f"{FILE}:5: tournament.rounds: must be at most 1_000_000, not 1000001.",
        f"{FILE}:6: tournament.seed: must fit in 64 bits (from -2**63 to 2**63 - 1), not {2**63}.",
        f"{FILE}:7: tournament.move_time: must be at most 86400 seconds (a day), not 1e+300.",
    ]
    assert found[4].startswith(f"{FILE}:9: game.courses: conto option 'courses' cannot be a number of ")
    assert found[5:] == [
        f"{FILE}:17: bot[2].startup_timeout: must be at most 86400 seconds (a day), not inf.",
        f"{FILE}:18: bot[2].memory_limit: must be at most 2**62 bytes, not {2**63 - 1}.",
    ]
    assert problem("x = " + "1" * 5000).startswith(f"{FILE}: this is not valid TOML: Exceeds the limit")
    assert problem("x = " + "[" * 5000) == f"{FILE}: this is not valid TOML: it nests too deeply."


def test_lines_of_subtables_and_inline_tables():
    text = HEAD + BOTS + "[bot.env]\nA = 1\n"
    assert problem(text) == (
        f'{FILE}:12: bot[2].env.A: environment values must be strings; found an integer (1) (write A = "1").'
    )
    text = HEAD + BOTS + 'env.A.B = "x"\nenv.C = true\n[[game]]\nx = 1\n'
    assert problems(text) == [
        f"{FILE}:11: bot[2].env.A: environment values must be strings; found a table.",
        f'{FILE}:12: bot[2].env.C: environment values must be strings; found a boolean (true) (write C = "true").',
        f"{FILE}:13: game: expected the table [game] of game options, found a list ([{{'x': 1}}]).",
    ]
    # Keys inside a multi-line array are not mistaken for keys or tables.
    text = HEAD + '[[bot]]\nname = "a"\ncommand = [\n  "python",\n  "bots/a.py",\n]\nargs = [\n"[x]",\n"y = 1",\n]\n'
    text += '[[bot]]\nname = "b"\naddress = "h:1"\nnope = 1\n'
    assert problem(text) == (
        f"{FILE}:17: bot[2].nope: unknown key 'nope' in a [[bot]] block. "
        "The known keys are name, command, args, env, protocol, address, module, human, memory_limit, startup_timeout, move_time, tc, sandbox, network, files, max_processes."
    )


def test_several_problems_are_reported_together_in_file_order():
    text = (
        HEAD.replace('"conto"', '"cotno"')
        + 'hnads = 3\nseats = "4"\n'
        + '[[bot]]\nname = "a"\ncommand = "python bots/a.py"\n'
        + '[[bot]]\nname = "a"\ncommand = ["python", "bots/zzz.py"]\nmemory_limit = "lots"\n'
    )
    with pytest.raises(ConfigError) as caught:
        load(text)
    error = caught.value
    assert [p.line for p in error.problems] == [3, 4, 5, 8, 10, 11, 12]
    assert [p.key for p in error.problems] == [
        "tournament.game",
        "tournament.hnads",
        "tournament.seats",
        "bot[1].command",
        "bot[2].name",
        "bot[2].command",
        "bot[2].memory_limit",
    ]
    assert all(p.file == FILE for p in error.problems)
    text = str(error)
    assert text.startswith(f"{FILE} has 7 problems:\n  {FILE}:3: tournament.game: there is no game 'cotno'.")
    assert len(text.splitlines()) == 8


def test_problem_text():
    assert str(Problem("t.toml", 12, "bot[2].command", "is wrong.")) == "t.toml:12: bot[2].command: is wrong."
    assert str(Problem("t.toml", None, "bot", "is wrong.")) == "t.toml: bot: is wrong."
    assert str(Problem("t.toml", 3, "", "bad TOML.")) == "t.toml:3: bad TOML."
    error = ConfigError([Problem("t.toml", 1, "x", "one.")])
    assert str(error) == "t.toml:1: x: one."


def test_unreadable_files():
    assert [str(p) for p in _problems_of("missing.toml")] == ["missing.toml: there is no such file."]
    assert [str(p) for p in _problems_of("tournaments")] == ["tournaments: this is a directory, not a tournament file."]
    Path("latin1.toml").write_bytes(b'[tournament]\nname = "caf\xe9"\n')
    assert [str(p) for p in _problems_of("latin1.toml")] == [
        "latin1.toml:2: this is not UTF-8 text (TOML files must be UTF-8)."
    ]


def _problems_of(path) -> tuple[Problem, ...]:
    with pytest.raises(ConfigError) as caught:
        load_tournament(path)
    return caught.value.problems


# --- fingerprint --------------------------------------------------------------------------


def test_fingerprint_ignores_what_does_not_change_results():
    base = load(FULL)
    assert base.setup.fingerprint() == load(FULL).setup.fingerprint()
    assert len(base.setup.fingerprint()) == 64
    same = [
        load(FULL, concurrency=7, results="x.sqlite"),
        load(FULL.replace('logs = "out/logs"', 'logs = "other"')),
        load(FULL.replace("anchor_elo = 1000", "anchor_elo = 0")),
        load(FULL.replace('anchor = "random"\nanchor_elo = 1000\n', "")),
        load(FULL.replace('memory_limit = "512MiB"', 'memory_limit = "1GiB"')),
        load(FULL.replace("startup_timeout = 5", "startup_timeout = 50")),
        load(FULL.replace("courses = 3", "courses = 3\noste = false")),  # an explicit default
        load(FULL.replace('"python3", "bots/b.py"', f'"{sys.executable}", "bots/b.py"')),
        load(FULL.replace("move_time = 1", "move_time = 1.0")),
    ]
    for config in same:
        assert config.setup.fingerprint() == base.setup.fingerprint(), config
        assert config.setup.to_data() == base.setup.to_data()


def test_fingerprint_changes_with_what_changes_results():
    base = load(FULL)
    changed = [
        load(FULL.replace("seed = 1", "seed = 2")),
        load(FULL.replace("--aggression=0.3", "--aggression=0.5")),
        load(FULL, deals=21),
        load(FULL, rounds=3),
        load(FULL.replace("seats = 5", "seats = 6")),
        load(FULL.replace("duplicate = false", "duplicate = true")),
        load(FULL.replace("move_time = 1", "move_time = 0.5")),
        load(FULL.replace("courses = 3", "courses = 2")),
        load(FULL.replace('SOME_VAR = "x"', 'SOME_VAR = "y"')),
        load(FULL.replace('protocol = "stdio"', 'protocol = "grpc"')),
        load(FULL.replace("localhost:50051", "localhost:50052")),
        load(FULL.replace('name = "remote"', 'name = "remote2"')),
    ]
    prints = {c.setup.fingerprint() for c in changed}
    assert base.setup.fingerprint() not in prints
    assert len(prints) == len(changed)


def test_fingerprint_data_is_canonical():
    data = load(FULL).setup.to_data()
    assert data["options"] == {"hand_size": 6, "courses": 3, "oste": False}
    assert data["bots"][1] == {
        "name": "bluffer",
        "command": ["python", "bots/b.py", "--aggression=0.3"],
        "address": None,
        "protocol": "grpc",
        "env": {"SOME_VAR": "x"},
    }
    assert set(data) == {"game", "options", "seats", "hands", "rounds", "seed", "duplicate", "move_time", "bots"}
    assert dataclasses.replace(load(FULL), concurrency=99).setup.fingerprint() == load(FULL).setup.fingerprint()


# --- robustness ---------------------------------------------------------------------------

_VALUES = [
    '""',
    '"x"',
    "0",
    "-1",
    "1",
    "3",
    "99999999999999999999999",
    "1.5",
    "nan",
    "inf",
    "-inf",
    "true",
    "false",
    "[]",
    '["python"]',
    '["python", "bots/a.py"]',
    "[1, 2]",
    "{}",
    "{ A = 1 }",
    '{ A = "x" }',
    "1979-05-27",
    "12:00:00",
    '"none"',
    '"2GiB"',
    '"9999999999999999999999999.5GiB"',
    '"conto"',
    '"invido"',
    '"stdio"',
    '"a"',
    '"b"',
    '"bots/a.py"',
    '"python bots/a.py"',
    "[[1]]",
    "0x" + "f" * 4000,
    "1e300",
    '"1e400GiB"',
    "0x7fffffffffffffff",
    "[" * 3000 + "]" * 3000,
]
_KEYS = [
    "name",
    "game",
    "seats",
    "deals",
    "rounds",
    "seed",
    "concurrency",
    "move_time",
    "duplicate",
    "public_deals",
    "anchor",
    "anchor_elo",
    "results",
    "logs",
    "command",
    "args",
    "env",
    "protocol",
    "address",
    "memory_limit",
    "startup_timeout",
    "tc",
    "hand_size",
    "courses",
    "oste",
    "players",
    "bot",
    "x",
    "env.A",
    '"quoted key"',
]
_HEADERS = [
    "[tournament]",
    "[game]",
    "[[bot]]",
    "[bot]",
    "[bot.env]",
    "[[game]]",
    "[x]",
    "[tournament.y]",
    "[[bot.args]]",
]


@st.composite
def mutated_files(draw):
    lines = FULL.splitlines()
    for _ in range(draw(st.integers(1, 6))):
        choice = draw(st.integers(0, 5))
        index = draw(st.integers(0, len(lines)))
        if choice == 0 and lines:
            del lines[min(index, len(lines) - 1)]
        elif choice == 1:
            lines.insert(index, f"{draw(st.sampled_from(_KEYS))} = {draw(st.sampled_from(_VALUES))}")
        elif choice == 2:
            lines.insert(index, draw(st.sampled_from(_HEADERS)))
        elif choice == 3 and lines:
            i = min(index, len(lines) - 1)
            key, sep, _ = lines[i].partition("=")
            if sep:
                lines[i] = f"{key}= {draw(st.sampled_from(_VALUES))}"
        elif choice == 4 and lines:
            i = min(index, len(lines) - 1)
            cut = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:cut] + draw(st.text(max_size=3)) + lines[i][cut:]
        elif lines:
            lines.insert(index, lines[min(index, len(lines) - 1)])
    return "\n".join(lines) + "\n"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mutated_files())
def test_a_broken_file_raises_only_config_error(text):
    try:
        config = load(text)
    except ConfigError as error:
        assert error.problems
        for p in error.problems:
            assert p.file == FILE
            assert p.line is None or 1 <= p.line <= text.count("\n") + 1
            assert str(p).startswith(FILE)
        str(error)
    else:
        assert isinstance(config, TournamentConfig)
        assert len(config.bots) >= 2
        config.setup.fingerprint()


def test_logs_naming_a_file_is_refused_at_its_key():
    Path("notes.txt").write_text("not a folder")
    message = problem(HEAD + 'logs = "notes.txt"\n\n' + BOTS)
    assert "tournament.logs: notes.txt is a file; give the folder the bots' logs are written to" in message
    assert load(HEAD + 'logs = "out/logs"\n\n' + BOTS).logs == Path("out/logs")  # a folder to make is fine


@pytest.mark.parametrize("address", ["localhost", "localhost:", "localhost:port", "localhost:70000", ":50051"])
def test_an_address_without_its_port_is_refused_at_the_key(address):
    message = problem(HEAD + BOTS + f'[[bot]]\nname = "c"\naddress = "{address}"\n')
    assert (
        f'bot[3].address: must be HOST:PORT, such as "localhost:50051" (or unix:/path/to/bot.sock), not "{address}".'
        in message
    )


@pytest.mark.parametrize("address", ["h:1", "localhost:50051", "[::1]:50051", "unix:/tmp/bot.sock", "dns:///h:1"])
def test_addresses_grpc_reads_are_taken(address):
    bot = load(HEAD + BOTS + f'[[bot]]\nname = "c"\naddress = "{address}"\n').bots[2]
    assert bot.address == address
