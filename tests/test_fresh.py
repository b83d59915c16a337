"""`arena run --fresh`: a run whose file changed is refused without it; it starts a
tournament's own results file over, keeping what the file held in a dated copy beside it,
and refuses the file of another tournament, which it leaves as it was.

The command runs in the test's process (`arena_here`) and the matches it plays are the
random bot's class in-process: what is checked is what --fresh does to the files, which
does not depend on how a seat is played."""

from __future__ import annotations

import re
from pathlib import Path

from test_tournament import arena_here, arena_here_ok, tournament_file, write_inprocess_tournament

from arena.results import ResultStore

RANDOM = "module:bots.random_bot:RandomBot"


def test_fresh_refuses_another_tournaments_results_and_loses_nothing(tmp_path, capsys):
    shared = tmp_path / "shared.sqlite"
    bridge = arena_here_ok(capsys, "run", "--game", "bridge", "--bot", f"a={RANDOM}", "--bot", f"b={RANDOM}", "--deals",
                           "1", "--results", shared)  # fmt: skip
    assert "2 matches played" in bridge
    before = {path.name: path.read_bytes() for path in (shared, tmp_path / "shared.toml")}

    # The same results file given to a conto run, without a file: its tournament file is bridge's.
    bots = [item for name in "abc" for item in ("--bot", f"{name}={RANDOM}")]
    code, _, err = arena_here(capsys, "run", "--game", "conto", *bots, "--seats", "3", "--deals", "1", "--results",
                              shared, "--fresh")  # fmt: skip
    assert code == 2 and err == (
        f"arena: {tmp_path / 'shared.toml'} holds another tournament, 'bridge-adhoc' (bridge), not 'conto-adhoc' "
        "(conto); --fresh replaces only a tournament's own file, and was refused so as not to lose it. Give --name "
        f"NAME (or --results PATH) for a new one, or move {tmp_path / 'shared.toml'} away first.\n"
    )

    # And to a conto tournament file.
    conto = tournament_file(tmp_path, "small")
    code, _, err = arena_here(capsys, "run", conto, "--results", shared, "--fresh")
    assert code == 2 and err.endswith(
        f"arena: {shared} holds 2 matches of another tournament, 'bridge-adhoc' (bridge), not of 'small' (conto); "
        "--fresh starts over only a tournament's own results file, and was refused so as not to throw them away. "
        f"Give this run a results file of its own (--results PATH), or move {shared} away first.\n"
    )
    code, _, err = arena_here(capsys, "run", conto, "--results", shared)  # without --fresh, --fresh is not offered
    assert code == 2 and "--fresh" not in err
    assert "holds 2 matches of another tournament, 'bridge-adhoc' (bridge)" in err

    assert {path.name: path.read_bytes() for path in (shared, tmp_path / "shared.toml")} == before
    assert sorted(path.name for path in tmp_path.glob("shared.*.sqlite")) == []


def test_fresh_on_its_own_file_keeps_a_dated_copy_and_says_where(tmp_path, capsys):
    seeds = {f"random-{seat}": f"--seed={seat}" for seat in range(4)}
    path = write_inprocess_tournament(tmp_path, "small", seeds, seats=3, deals=1, seed=5, concurrency=2)
    results = tmp_path / "small.sqlite"
    arena_here_ok(capsys, "run", path)
    with ResultStore.open_readonly(results) as store:
        before = list(store.matches())
    code, _, err = arena_here(capsys, "run", path, "--deals", "2")  # without --fresh, a changed run is refused
    assert code == 2 and "deals" in err and "--fresh" in err, err
    fresh = arena_here_ok(capsys, "run", path, "--deals", "2", "--fresh")
    said = re.search(rf"--fresh: the 12 matches {re.escape(str(results))} held are kept in (\S+); it starts over\.",
                     fresh)  # fmt: skip
    assert said is not None, fresh
    copy = Path(said[1])
    assert copy.parent == tmp_path and re.fullmatch(r"small\.\d{4}-\d\d-\d\d-\d{6}\.sqlite", copy.name)
    assert "12 matches played" in fresh
    with ResultStore.open_readonly(copy) as store:
        assert list(store.matches()) == before
    assert arena_here_ok(capsys, "table", copy).startswith("small: 12 matches")
    with ResultStore.open_readonly(results) as store:
        assert all(len(match.deals) == 2 for match in store.matches()) and len(store) == 12


def test_dry_run_previews_what_fresh_would_do(tmp_path, capsys):
    seeds = {f"random-{seat}": f"--seed={seat}" for seat in range(4)}
    path = write_inprocess_tournament(tmp_path, "small", seeds, seats=3, deals=1, seed=5, concurrency=2)
    results = tmp_path / "small.sqlite"
    arena_here_ok(capsys, "run", path)
    before = results.read_bytes()
    # Changed and without --fresh: refused, and --fresh offered.
    out = arena_here_ok(capsys, "run", path, "--deals", "2", "--dry-run")
    assert "A run would be refused" in out and "give --fresh to start over" in out, out
    # With --fresh: every match to play again, the file's matches kept, not "refused ... give --fresh".
    out = arena_here_ok(capsys, "run", path, "--deals", "2", "--dry-run", "--fresh")
    assert f"--fresh: {results} would start over, its 12 matches kept in a dated copy beside it." in out, out
    assert "refused" not in out and "Already in" not in out
    # Another tournament's file: --fresh would be refused too, and the preview says so.
    other = write_inprocess_tournament(tmp_path, "other", seeds, seats=3, deals=1, seed=5)
    out = arena_here_ok(capsys, "run", other, "--results", results, "--dry-run", "--fresh")
    assert f"A run would be refused: {results} holds 12 matches of another tournament, 'small' (conto)" in out, out
    assert results.read_bytes() == before and not list(tmp_path.glob("small.*.sqlite"))  # a preview writes nothing
