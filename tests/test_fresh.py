"""`arena run --fresh`: a run whose file changed is refused without it; it starts a
tournament's own results file over, keeping what the file held in a dated copy beside it,
and refuses the file of another tournament, which it leaves as it was."""

from __future__ import annotations

import re
from pathlib import Path

from test_tournament import arena, tournament_file

from arena.results import ResultStore

RANDOM = "python bots/random_bot.py"


def test_fresh_refuses_another_tournaments_results_and_loses_nothing(tmp_path):
    shared = tmp_path / "shared.sqlite"
    bridge = arena("run", "--game", "bridge", "--bot", f"a={RANDOM}", "--bot", f"b={RANDOM}", "--deals", "1",
                   "--results", shared)  # fmt: skip
    assert "2 matches played" in bridge.stdout
    before = {path.name: path.read_bytes() for path in (shared, tmp_path / "shared.toml")}

    # The same results file given to a conto run, without a file: its tournament file is bridge's.
    bots = [item for name in "abc" for item in ("--bot", f"{name}={RANDOM}")]
    adhoc = arena("run", "--game", "conto", *bots, "--seats", "3", "--deals", "1", "--results", shared, "--fresh",
                  check=False)  # fmt: skip
    assert adhoc.returncode == 2 and "Traceback" not in adhoc.stderr, adhoc.stderr
    assert adhoc.stderr == (
        f"arena: {tmp_path / 'shared.toml'} holds another tournament, 'bridge-adhoc' (bridge), not 'conto-adhoc' "
        "(conto); --fresh replaces only a tournament's own file, and was refused so as not to lose it. Give --name "
        f"NAME (or --results PATH) for a new one, or move {tmp_path / 'shared.toml'} away first.\n"
    )

    # And to a conto tournament file.
    conto = tournament_file(tmp_path, "small")
    run = arena("run", conto, "--results", shared, "--fresh", check=False)
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
    assert run.stderr.endswith(
        f"arena: {shared} holds 2 matches of another tournament, 'bridge-adhoc' (bridge), not of 'small' (conto); "
        "--fresh starts over only a tournament's own results file, and was refused so as not to throw them away. "
        f"Give this run a results file of its own (--results PATH), or move {shared} away first.\n"
    )
    resumed = arena("run", conto, "--results", shared, check=False)  # without --fresh, --fresh is not offered
    assert resumed.returncode == 2 and "--fresh" not in resumed.stderr
    assert "holds 2 matches of another tournament, 'bridge-adhoc' (bridge)" in resumed.stderr

    assert {path.name: path.read_bytes() for path in (shared, tmp_path / "shared.toml")} == before
    assert sorted(path.name for path in tmp_path.glob("shared.*.sqlite")) == []


def test_fresh_on_its_own_file_keeps_a_dated_copy_and_says_where(tmp_path):
    path = tournament_file(tmp_path, "small", deals=1)
    results = tmp_path / "small.sqlite"
    arena("run", path)
    with ResultStore.open_readonly(results) as store:
        before = list(store.matches())
    changed = arena("run", path, "--deals", "2", check=False)  # without --fresh, a changed run is refused
    assert changed.returncode == 2 and "deals" in changed.stderr and "--fresh" in changed.stderr, changed.stderr
    assert "Traceback" not in changed.stderr
    fresh = arena("run", path, "--deals", "2", "--fresh")
    said = re.search(rf"--fresh: the 12 matches {re.escape(str(results))} held are kept in (\S+); it starts over\.",
                     fresh.stdout)  # fmt: skip
    assert said is not None, fresh.stdout
    copy = Path(said[1])
    assert copy.parent == tmp_path and re.fullmatch(r"small\.\d{4}-\d\d-\d\d-\d{6}\.sqlite", copy.name)
    assert "12 matches played" in fresh.stdout
    with ResultStore.open_readonly(copy) as store:
        assert list(store.matches()) == before
    assert arena("table", copy).stdout.startswith("small: 12 matches")
    with ResultStore.open_readonly(results) as store:
        assert all(len(match.deals) == 2 for match in store.matches()) and len(store) == 12
