"""`arena report --replays all|N`: a large file's page holds a bounded number of replays,
every match stays listed with its result, a line above the list says how many are
replayable and how to get every one, and the matches with a fault are among them."""

from __future__ import annotations

import re
from pathlib import Path

from arena.records import MatchSlot
from arena.report import CHUNK_MATCHES, write_report
from arena.results import ResultStore
from tests.test_html_report import conto_file, game_file, listing, parse_strictly, replays, stored_matches
from tests.test_store import NAMES, make_config, play_record, rotated
from tests.test_tournament import arena, arena_here


def file_with_two_faulty(tmp_path: Path, matches: int = 8) -> Path:
    """A conto file of random matches in one table's rotations, the 4th and 7th with faults."""
    config = make_config(tmp_path)
    with ResultStore.open(config.results, config) as store:
        for rotation in range(matches):
            faulty = rotation in (3, 6)
            record = play_record(300 + rotation, names=rotated(NAMES, rotation % 4), fault_rate=0.1 if faulty else 0)
            store.save(MatchSlot(f"r1-t1-p{rotation + 1}", 1, 1, rotation, record.seed, record.names), record)
    return config.results


def note(page: str) -> str:
    found = re.search(r'<p class="note" id="replays-note">([^<]*)</p>', page)
    assert found is not None
    return found.group(1)


def test_a_small_file_has_every_match_replayable(tmp_path: Path):
    results = conto_file(tmp_path, matches=3)
    arena("report", results, "-o", tmp_path / "r.html")
    page = (tmp_path / "r.html").read_text()
    assert note(page) == "Every match is replayable (3): its replay button opens it."
    assert all("chunk" in entry for entry in listing(page)["matches"])


def test_replays_n_keeps_every_match_listed_and_replays_the_faulty_first(tmp_path: Path):
    results = file_with_two_faulty(tmp_path)
    matches = stored_matches(results)
    faulty = {m.key for m in matches if m.faults}
    assert faulty == {"r1-t1-p4", "r1-t1-p7"}
    out = arena("report", results, "-o", tmp_path / "r.html", "--replays", "3")
    assert out.stdout.startswith("8 matches written to")
    page = (tmp_path / "r.html").read_text()
    parse_strictly(page)
    listed = listing(page)["matches"]
    assert sorted(entry["key"] for entry in listed) == [m.key for m in matches]
    replayable = [entry for entry in listed if "chunk" in entry]
    assert len(replayable) == 3 and faulty <= {entry["key"] for entry in replayable}
    # Each replayable match points at its own replay; the others at none.
    embedded = replays(page)
    assert len(embedded) == 3
    for entry in replayable:
        match = next(m for m in matches if m.key == entry["key"])
        assert embedded[entry["chunk"] * 50 + entry["index"]]["names"] == list(match.names)
    line = note(page)
    assert line.startswith(f"3 of 8 matches are replayable here ({len(faulty)} with a fault, the rest spread")
    assert f"arena report {results.name} --replays all" in line
    assert f"arena show {results.name} KEY --html" in line
    assert 'id="replay-filter"' in page

    arena("report", results, "-o", tmp_path / "all.html", "--replays", "all")
    whole = (tmp_path / "all.html").read_text()
    assert len(replays(whole)) == 8 and note(whole).startswith("Every match is replayable (8)")
    arena("report", results, "-o", tmp_path / "none.html", "--replays", "0")
    none = (tmp_path / "none.html").read_text()
    assert replays(none) == [] and note(none).startswith("0 of 8 matches are replayable here")
    assert len(listing(none)["matches"]) == 8


def test_a_bad_replays_value_is_named_with_exit_2(tmp_path: Path, capsys):
    results = conto_file(tmp_path, matches=1)
    for bad, reason in (("lots", "'lots' is neither 'all' nor a whole number"), ("-1", "0 or more matches, not -1")):
        code, out, err = arena_here(capsys, "report", results, "--replays", bad)
        assert (code, out) == (2, "")
        assert "--replays" in err and reason in err and "Traceback" not in err
    assert not results.with_suffix(".html").exists()


def test_bridge_rooms_are_replayable_together(tmp_path: Path):
    # A bridge board is compared across its two rooms, so a room's replay comes with the other's.
    results = game_file(tmp_path, "bridge")
    arena("report", results, "-o", tmp_path / "r.html", "--replays", "1")
    page = (tmp_path / "r.html").read_text()
    assert len(replays(page)) == 2 and all("chunk" in entry for entry in listing(page)["matches"])


def test_replays_made_by_a_worker_process_are_those_made_in_the_report_s_own(tmp_path: Path):
    # More matches than one chunk of replays, so a worker process makes them when asked.
    results = conto_file(tmp_path, matches=CHUNK_MATCHES + 2)
    write_report(results, tmp_path / "here.html", workers=0)
    write_report(results, tmp_path / "worker.html", workers=1)
    here, worker = (tmp_path / "here.html").read_text(), (tmp_path / "worker.html").read_text()
    assert len(replays(here)) == CHUNK_MATCHES + 2
    assert replays(worker) == replays(here)
    assert worker == here
