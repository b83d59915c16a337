"""A results file damaged on disk: the commands say what can still be read, and `arena
recover` copies every whole match into a new file that `arena run` resumes."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from test_store import play_record, rotated
from test_tournament import arena, arena_here, tournament_file

from arena.cli import main
from arena.config import load_tournament
from arena.records import MatchSlot
from arena.results import ResultStore, readable_matches, recover_results, recovered_path
from arena.results.schema import MATCH_COLUMNS

GARBAGE = b"\xde\xad\xbe\xef"
MALFORMED = "database disk image is malformed"


# --- a results file, and pages of it to damage ------------------------------------------


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> tuple[Path, Path]:
    """A small tournament played once (12 matches of 3 deals): its file and its results."""
    folder = tmp_path_factory.mktemp("played")
    toml = tournament_file(folder, "small")
    arena("run", toml)
    results = folder / "small.sqlite"
    assert not results.with_name("small.sqlite-wal").exists(), "the run left its WAL: the copies would miss matches"
    return toml, results


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = 0
    for i in range(9):
        byte = data[at + i]
        if i == 8:
            return (value << 8) | byte, at + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    raise AssertionError("unreachable")


def leaf_pages(path: Path, table: str) -> list[tuple[int, list[int]]]:
    """(page number, rowids) of every leaf page of `table`'s b-tree, in rowid order.

    Read from SQLite's file format, so that a test damages a page it knows the rows of.
    """
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
        size = db.execute("PRAGMA page_size").fetchone()[0]
    data = path.read_bytes()
    leaves: list[tuple[int, list[int]]] = []

    def walk(number: int) -> None:
        page = data[(number - 1) * size : number * size]
        header = 100 if number == 1 else 0
        kind, cells = page[header], int.from_bytes(page[header + 3 : header + 5], "big")
        pointers = [int.from_bytes(page[at : at + 2], "big") for at in range(header + 12, header + 12 + 2 * cells, 2)]
        if kind == 0x0D:  # a table leaf: each cell is payload size, rowid, payload
            cells_at = [int.from_bytes(page[at : at + 2], "big") for at in range(header + 8, header + 8 + 2 * cells, 2)]
            leaves.append((number, [_varint(page, _varint(page, at)[1])[0] for at in cells_at]))
            return
        assert kind == 0x05, f"page {number} of {table} is neither a table leaf nor an interior page"
        for at in pointers:
            walk(int.from_bytes(page[at : at + 4], "big"))
        walk(int.from_bytes(page[header + 8 : header + 12], "big"))

    walk(root)
    return leaves


def damage_page(path: Path, number: int) -> None:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        size = db.execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(path.read_bytes())
    data[(number - 1) * size : number * size] = GARBAGE * (size // len(GARBAGE))
    path.write_bytes(bytes(data))


def keys_by_rowid(path: Path, table: str = "matches", column: str = "key") -> dict[int, str]:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        return dict(db.execute(f"SELECT rowid, {column} FROM {table}"))


def raw_rows(path: Path) -> tuple[list, list, list]:
    """The meta, matches and deals rows exactly as stored, in key order."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        return (
            db.execute("SELECT key, value FROM meta ORDER BY key").fetchall(),
            db.execute(f"SELECT {MATCH_COLUMNS} FROM matches ORDER BY key").fetchall(),
            db.execute("SELECT * FROM deals ORDER BY match, deal, seat").fetchall(),
        )


@pytest.fixture
def damaged(played, tmp_path) -> tuple[Path, Path, set[str]]:
    """A copy of the played results with the middle leaf page of ``matches`` overwritten:
    the undamaged copy, the damaged one, and the keys of the rows that page held."""
    _, results = played
    whole, broken = tmp_path / "whole.sqlite", tmp_path / "small.sqlite"
    shutil.copyfile(results, whole)
    shutil.copyfile(results, broken)
    leaves = leaf_pages(whole, "matches")
    assert len(leaves) >= 2, f"the matches table fits one page ({leaves}): no middle page to damage"
    number, rowids = leaves[len(leaves) // 2]
    damage_page(broken, number)
    keys = keys_by_rowid(whole)
    return whole, broken, {keys[rowid] for rowid in rowids}


# --- the commands that meet the damage ------------------------------------------------------


@pytest.mark.parametrize("command", [["table"], ["list"], ["export", "--format", "csv"], ["show", "LOST"]])
def test_a_damaged_file_is_refused_with_what_can_still_be_read(damaged, command, capsys):
    _, broken, lost = damaged
    name, *rest = command
    rest = [min(lost) if arg == "LOST" else arg for arg in rest]  # show reads only its own match's row
    code, _, err = arena_here(capsys, name, broken, *rest)
    assert code == 2
    assert err == (
        f"arena: {broken} is damaged ({MALFORMED}); the matches that can still be read are {12 - len(lost)} of 12; "
        f"run 'arena recover {broken}' to copy them into a new file.\n"
    )


def test_arena_run_on_a_damaged_file_names_it_without_a_traceback(damaged):
    _, broken, lost = damaged
    toml = tournament_file(broken.parent, "small")  # its results file is the damaged copy: no --results needed
    run = arena("run", toml, check=False)
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
    assert run.stderr.endswith(
        f"arena: {broken} is damaged ({MALFORMED}); the matches that can still be read are {12 - len(lost)} of 12; "
        f"run 'arena recover {broken}' to copy them into a new file.\n"
    )


# --- arena recover --------------------------------------------------------------------------


def test_recover_copies_every_whole_match_as_it_was_and_names_the_lost(damaged, capsys):
    whole, broken, lost = damaged
    new = broken.with_name("small.recovered.sqlite")
    code, out, err = arena_here(capsys, "recover", broken)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"{broken} is damaged ({MALFORMED})."
    assert lines[1] == f"Copied {12 - len(lost)} of 12 matches to {new}."
    matches = "match" if len(lost) == 1 else "matches"  # how many depends on the deals, secret per file
    assert lines[2] == f"Lost {len(lost)} {matches}, which cannot be read whole: {', '.join(sorted(lost))}."
    assert f"'arena run TOURNAMENT.toml --results {new}'" in lines[3] and f"move {new} over {broken}" in lines[3]

    with ResultStore.open_readonly(new) as store:
        assert store.completed_keys() == {key for key in keys_by_rowid(whole).values()} - lost
        recovered = list(store.matches())
    with ResultStore.open_readonly(whole) as store:
        original = {match.key: match for match in store.matches()}
    assert recovered == [original[match.key] for match in recovered]  # whole, equal, in schedule order
    meta, matches, deals = raw_rows(whole)
    assert raw_rows(new) == (
        meta,
        [row for row in matches if row[0] not in lost],
        [row for row in deals if row[0] not in lost],
    )
    assert [path.name for path in broken.parent.iterdir() if path.name.endswith(".tmp")] == []

    again, _, refused = arena_here(capsys, "recover", broken)
    assert again == 2 and f"arena: {new} already exists" in refused
    assert raw_rows(new)[1] == [row for row in matches if row[0] not in lost]


def test_arena_run_resumes_the_recovered_file_and_plays_only_the_lost_matches(played, damaged):
    toml, _ = played
    whole, broken, lost = damaged
    new = broken.with_name("saved.sqlite")
    recover_results(broken, new)
    before = raw_rows(new)[1]
    run = arena("run", toml, "--results", new)
    assert f"Resuming: {12 - len(lost)} of 12 matches already in {new}." in run.stdout
    assert f"\n{len(lost)} matches played in " in run.stdout
    with ResultStore.open_readonly(new) as store:
        assert store.completed_keys() == set(keys_by_rowid(whole).values())
    after = raw_rows(new)[1]
    assert [row for row in after if row[0] not in lost] == before  # the recovered ones, untouched


def test_a_damaged_deals_page_loses_no_match_its_deal_rows_are_made_again(tmp_path, capsys):
    config = load_tournament(tournament_file(tmp_path, "zoo"))
    names = tuple(bot.name for bot in config.bots[:3])
    with ResultStore.open(config.results, config) as store:
        for p in range(12):  # 12 matches of 12 deals at 3 seats: 432 deal rows, a few pages of them
            record = play_record(70 + p, names=rotated(names, p % 3), deals=12)
            store.save(
                MatchSlot(f"r1-t{p // 3 + 1}-p{p % 3 + 1}", 1, p // 3 + 1, p % 3, record.seed, record.names), record
            )
    leaves = leaf_pages(config.results, "deals")
    assert len(leaves) >= 3, f"the deals table spans {len(leaves)} pages: no middle page to damage"
    number, rowids = leaves[len(leaves) // 2]
    match_of = keys_by_rowid(config.results, "deals", "match")
    hit = {match_of[rowid] for rowid in rowids}
    whole = tmp_path / "whole.sqlite"
    shutil.copyfile(config.results, whole)
    damage_page(config.results, number)

    assert readable_matches(config.results).lost == ()
    code, out, _ = arena_here(capsys, "recover", config.results)
    assert code == 0
    assert f"Copied 12 of 12 matches to {recovered_path(config.results)}." in out
    assert f"Of those, {len(hit)} had lost their per-deal rows with their pages; each was made again" in out
    salvage = readable_matches(config.results)
    assert set(salvage.rebuilt) == hit and salvage.unreadable_rows == 0
    assert raw_rows(recovered_path(config.results)) == raw_rows(whole)  # every row, as it was saved


def test_a_deal_row_that_disagrees_with_its_match_loses_the_match(played, tmp_path):
    _, results = played
    broken = tmp_path / "small.sqlite"
    shutil.copyfile(results, broken)
    keys = keys_by_rowid(broken)
    with sqlite3.connect(broken) as db:  # a garbled score, as a bad sector might leave it
        changed = db.execute("UPDATE deals SET score = score + 1 WHERE match = ? AND deal = 1 AND seat = 0", (keys[1],))
        assert changed.rowcount == 1
    number, _ = leaf_pages(broken, "matches")[-1]
    damage_page(broken, number)  # damage elsewhere: the deal rows lost to it are made again, not this one
    salvage = readable_matches(broken)
    assert keys[1] in salvage.lost and keys[1] not in salvage.readable


def test_a_damaged_index_loses_nothing_but_is_damage_all_the_same(played, tmp_path, capsys):
    _, results = played
    broken = tmp_path / "small.sqlite"
    shutil.copyfile(results, broken)
    with sqlite3.connect(f"file:{broken}?mode=ro", uri=True) as db:
        (index_root,) = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'matches_order'").fetchone()
    damage_page(broken, index_root)  # the index `arena table` reads the matches in order by
    code, _, err = arena_here(capsys, "table", broken)
    assert code == 2 and "the matches that can still be read are 12 of 12;" in err
    code, out, _ = arena_here(capsys, "recover", broken, "-o", tmp_path / "out" / "new.sqlite")
    assert code == 0
    assert "Copied 12 of 12 matches" in out and "Lost none" in out
    code, out, _ = arena_here(capsys, "table", tmp_path / "out" / "new.sqlite")
    assert code == 0 and out.startswith("small: 12 matches")


def test_an_undamaged_file_is_said_to_be_whole_and_copied_anyway(played, tmp_path, capsys):
    _, results = played
    source = tmp_path / "small.sqlite"
    shutil.copyfile(results, source)
    code, out, _ = arena_here(capsys, "recover", source)
    new = tmp_path / "small.recovered.sqlite"
    assert code == 0
    assert out == f"{source} is not damaged: it reads whole. All 12 of its matches were copied to {new} anyway.\n"
    assert raw_rows(new) == raw_rows(source)


def test_what_is_not_a_results_file_is_refused_and_nothing_is_written(tmp_path, capsys):
    text = tmp_path / "notes.sqlite"
    text.write_text("not a database\n" * 300)
    foreign = tmp_path / "foreign.sqlite"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE things (name TEXT)")
    expected = {
        text: f"arena: {text} is not an Arena results file, or its first page is damaged (file is not a database)",
        foreign: f"arena: {foreign} is not an Arena results file (it has no results tables).",
        tmp_path / "missing.sqlite": f"arena: There is no results file at {tmp_path / 'missing.sqlite'}.",
        tmp_path: f"arena: {tmp_path} is a directory, not a results file.",
    }
    for path, message in expected.items():
        code, out, err = arena_here(capsys, "recover", path)
        assert (code, out) == (2, ""), (path, out)
        assert err.startswith(message), err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["foreign.sqlite", "notes.sqlite"]


def test_recover_helps_with_examples(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["recover", "--help"])
    assert exit_.value.code == 0
    assert "\nexamples:\n  arena recover results/conto-zoo.sqlite\n" in capsys.readouterr().out
