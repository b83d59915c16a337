"""A table played with a bot outside the sandbox says so, when run and ever after."""

from test_tournament import arena, table_lines, tournament_file


def test_a_bot_without_the_sandbox_is_named_under_the_table_and_by_arena_table(tmp_path):
    loose = '[[bot]]\nname = "loose"\ncommand = ["python", "bots/random_bot.py"]\nsandbox = false\n'
    path = tournament_file(tmp_path, "loose", deals=1, extra_bot=loose)
    run = arena("run", path)
    status = "unsandboxed: loose has sandbox = false"
    assert status in run.stdout.split("Elo:")[0]  # said when the run starts
    after = run.stdout.split("Elo:")[1]
    assert status in after  # and under the table
    table = arena("table", tmp_path / "loose.sqlite").stdout
    assert status in table and table_lines(table)


def test_a_table_of_sandboxed_bots_says_nothing_of_it(tmp_path):
    run = arena("run", tournament_file(tmp_path, "tight", deals=1))
    assert "unsandboxed" not in run.stdout
    assert "unsandboxed" not in arena("table", tmp_path / "tight.sqlite").stdout
