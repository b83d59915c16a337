"""Every column of every printed table is explained: `arena table --explain`, `arena play
--explain`, and the column declarations the tables are written from.

The tests read the headings off the printed tables (github format: `| a | b |`), so a
column printed without its explanation fails them, however it was added."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from test_store import make_config

import engine
from arena.cli import main
from arena.records import Comment, Fault, FaultKind, MatchRecord, MatchSlot, StoredMatch
from arena.results import (
    MATCH_LIST_COLUMNS,
    ResultStore,
    elo_columns,
    elo_table,
    explain,
    match_result_columns,
    match_result_table,
    render,
    statistics_columns,
    statistics_table,
)

GAMES = [spec.name for spec in engine.games()]
# A table of each game's default size: every registered game, the coming ones included.
NAMES = {spec.name: ("ada", "bea", "cid", "dan", "eve", "fay")[: spec.default_players] for spec in engine.games()}


def played(game_name: str, seed: int, names: tuple[str, ...], deals: int = 4) -> MatchRecord:
    """A match played at random by the engine, with a timeout charged to seat 0 at times."""
    game = engine.load(game_name, players=len(names))
    state = game.new_match(seed=seed, deals=deals)
    rng = random.Random(seed)
    faults = []
    while not state.is_terminal():
        seat = state.current_seat()
        if seat == 0 and rng.random() < 0.03:
            deal = len(state.deal_results()) + 1
            faults.append(Fault(seat, names[seat], FaultKind.TIMEOUT, "no answer within 1 s", deal))
            state.forfeit(seat, "timeout: no answer within 1 s")
        else:
            state.apply(rng.choice(state.legal_actions()))
    return MatchRecord(
        match_id=f"m{seed}",
        game=game_name,
        players=len(names),
        options=dict(game.options),
        seed=seed,
        deals=deals,
        names=names,
        result=state.result(),
        standing=state.standing(),
        history=state.history,
        faults=tuple(faults),
        comments=(Comment(0, 1, "hello"),),
        latencies=tuple((0.01,) for _ in names),
    )


def stored(record: MatchRecord, key: str, round_: int = 1, rotation: int = 0) -> StoredMatch:
    result = record.result
    return StoredMatch(
        key,
        round_,
        1,
        rotation,
        record.seed,
        record.names,
        result.scores,
        result.ranks,
        record.standing,
        result.deals,
        record.history,
        record.faults,
        1.0,
        "2025-01-01T00:00:00+00:00",
    )


def matches_of(game_name: str, deals: int = 2) -> list[StoredMatch]:
    """Twelve matches in two seatings per round, as a duplicate schedule stores them (bridge
    compares the two).  Two deals a match: the columns are the same as with more, and
    bridge's statistics solve every board double dummy for its par (0.1 s of CPU a board)."""
    names = NAMES[game_name]
    return [
        stored(
            played(game_name, seed, names[seed % 2 :] + names[: seed % 2], deals),
            f"m{seed}",
            seed // 2 + 1,
            seed % 2,
        )
        for seed in range(12)
    ]


def headings(table: str) -> list[str]:
    """The headings of a table printed in tabulate's github format."""
    return [cell.strip() for cell in table.splitlines()[0].strip("|").split("|")]


def explained(text: str) -> dict[str, str]:
    """The "heading: explanation" lines of `--explain` output."""
    return dict(line.split(": ", 1) for line in text.splitlines() if ": " in line)


def assert_explained(table: str, explanations: str) -> None:
    found = explained(explanations)
    missing = [heading for heading in headings(table) if not found.get(heading)]
    assert not missing, f"columns printed without an explanation: {missing}"


@pytest.mark.parametrize("game_name", GAMES)
def test_every_column_of_the_elo_and_statistics_tables_is_explained(game_name):
    game = engine.load(game_name, players=len(NAMES[game_name]))
    matches = matches_of(game_name)
    text, rated = elo_table(matches, game, tablefmt="github")
    assert rated is not None
    assert_explained(text, explain(elo_columns(game)))
    stats = statistics_table(matches, game, tablefmt="github")
    assert stats is not None
    assert_explained(stats, explain(statistics_columns(game)))
    assert len(headings(stats)) == 1 + len(game.statistics_kind().COLUMNS)  # the bot, then the game's


@pytest.mark.parametrize("game_name", GAMES)
def test_every_column_of_a_played_match_and_the_match_list_is_explained(game_name):
    game = engine.load(game_name, players=len(NAMES[game_name]))
    record = played(game_name, 3, NAMES[game_name])
    table = match_result_table(record, game, tablefmt="github")
    assert_explained(table, explain(match_result_columns(game)))
    assert explained(explain(match_result_columns(game)))["standing"] == game.statistics_kind().STANDING_EXPLANATION
    ranks = [int(cells.split("|")[-2]) for cells in table.splitlines()[2:]]
    assert min(ranks) == 1 and max(ranks) <= game.players  # 1-based
    listing = render(MATCH_LIST_COLUMNS, matches_of(game_name), "github")
    assert_explained(listing, explain(MATCH_LIST_COLUMNS))


@pytest.mark.parametrize("game_name", GAMES)
def test_a_game_declares_its_statistics_columns_with_explanations(game_name):
    kind = engine.load(game_name).statistics_kind()
    assert kind is not None and kind.SCORE_EXPLANATION and kind.STANDING_EXPLANATION
    assert kind.COLUMNS and all(column.heading and column.explanation for column in kind.COLUMNS)
    assert len({column.heading for column in kind.COLUMNS}) == len(kind.COLUMNS)
    assert [heading for heading, _ in kind().columns()] == [column.heading for column in kind.COLUMNS]


def test_the_conto_columns_people_asked_about_are_explained():
    text = explain(statistics_columns(engine.load("conto")))
    found = explained(text)
    assert "capotavola" in found["lost capo."] and "cameriere" in found["lost cam."]
    assert "hands" not in headings(render(statistics_columns(engine.load("conto")), [], "github"))


def results_file(tmp_path: Path) -> Path:
    config = make_config(tmp_path, deals=4)  # conto, 4 seats: ada, bea, cid, dan
    with ResultStore.open(config.results, config) as store:
        for p in range(4):
            names = NAMES["conto"][p:] + NAMES["conto"][:p]
            record = dataclasses.replace(played("conto", 20 + p, names), seed=20 + p)
            store.save(MatchSlot(f"r1-t1-p{p + 1}", 1, 1, p, record.seed, names), record)
    return config.results


def blocks(output: str) -> list[str]:
    return [block for block in output.split("\n\n") if block.strip()]


def test_arena_table_explain_prints_each_tables_explanations_under_it(tmp_path, capsys):
    path = results_file(tmp_path)
    assert main(["table", str(path), "--explain", "--format", "github"]) == 0
    output = capsys.readouterr().out
    parts = blocks(output)
    tables = [i for i, part in enumerate(parts) if part.lstrip().startswith(("|", "zoo:")) and "|" in part]
    assert len(tables) == 2, output  # the Elo table, then conto's statistics
    for i in tables:
        table = parts[i][parts[i].index("|") :]
        assert_explained(table, parts[i + 1])
    assert main(["table", str(path)]) == 0
    assert ": the bot's place by Elo" not in capsys.readouterr().out  # only when asked


def test_arena_table_explain_without_results_explains_every_table(capsys):
    assert main(["table", "--explain"]) == 0
    output = capsys.readouterr().out
    for name in GAMES:
        game = engine.load(name)
        assert f"The Elo table of {name}" in output and f"A match of {name} (arena play)" in output
        for column in (*elo_columns(game), *statistics_columns(game), *match_result_columns(game)):
            assert f"{column.heading}: {column.explanation}" in output
    assert "The stored matches (arena list)" in output and "The deals export" in output
    assert main(["table", "--explain", "--game", "invido"]) == 0
    only = capsys.readouterr().out
    assert "The Elo table of invido" in only and "The Elo table of conto" not in only


@pytest.mark.parametrize(
    "argv, message",
    [
        (["table"], "arena table needs a results file (or --explain"),
        (["table", "--explain", "--anchor", "ada"], "--anchor needs a results file"),
        (["table", "results.sqlite", "--game", "conto"], "--game is for --explain without a results file"),
    ],
)
def test_arena_table_refuses_what_it_cannot_do(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
