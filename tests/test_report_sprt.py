"""The report's "SPRT over the run": the LLR of the test a run made, as the matches were
saved, between its bounds, ending where the run's own last look ended; no section for a
file whose run tested nothing."""

from __future__ import annotations

import re
from pathlib import Path

from arena.results import ResultStore
from tests.test_html_report import conto_file, parse_strictly
from tests.test_tournament import arena, write_tournament


def sprt_tournament(tmp_path: Path) -> Path:
    """honest against first_action in 3 seats (as test_sprt.py runs it): the test decides
    H1 in a few dozen matches."""
    bots = {"honest": ["python", "bots/conto_honest.py"], "first": ["python", "tests/fixtures/bots/first_action.py"]}
    keys = {"seats": 3, "deals": 4, "rounds": 20, "seed": 5, "public_deals": True, "concurrency": 2, "move_time": 2.0}
    path = write_tournament(tmp_path, "s", bots, **keys)
    with path.open("a") as toml:
        toml.write('\n[sprt]\ncandidate = "honest"\nbaseline = "first"\nelo0 = 0\nelo1 = 100\n')
    return path


def test_the_report_draws_the_llr_of_the_runs_test_to_its_decision(tmp_path: Path):
    run = arena("run", sprt_tournament(tmp_path)).stdout
    lines = re.findall(r"^.*(SPRT honest vs first \[0, 100\]: LLR .*)$", run, re.M)
    assert lines and "SPRT decided H1: honest is stronger than first" in run
    arena("report", tmp_path / "s.sqlite", "-o", tmp_path / "r.html")
    page = (tmp_path / "r.html").read_text()
    parse_strictly(page)
    found = re.search(r'<section id="sprt">(.*?)</section>', page, re.S)
    assert found is not None and '<a href="#sprt">' in page
    section = found.group(1)
    # The run's last look is the section's last line, word for word, and its last point.
    last = re.search(r'<p class="llr-last">([^<]*)</p>', section)
    assert last is not None and last.group(1) == lines[-1].strip()
    points = re.findall(r'<circle class="look"[^>]*data-matches="(\d+)" data-llr="([^"]+)"', section)
    assert points[-1][1] == re.search(r"LLR (-?[\d.]+)", lines[-1]).group(1)
    # Every match a point in a run this short, the LLR climbing to the upper bound.
    counts = [int(matches) for matches, _ in points]
    assert counts == list(range(1, len(counts) + 1)) and len(counts) >= 5
    assert float(points[-1][1]) >= 2.5 > float(points[0][1])
    assert re.search(r'<polyline class="bound" data-bound="H1" points="[^"]+"', section)
    decided = re.search(r'<circle class="decided"[^>]*data-matches="(\d+)"', section)
    assert decided is not None and int(decided.group(1)) <= counts[-1]
    assert f"Decided H1 after {decided.group(1)} matches" in section
    # Where the run noted its decision: the same match count, said as the run's own.
    with ResultStore.open_readonly(tmp_path / "s.sqlite") as store:
        assert store.info().sprt_decided == int(decided.group(1))
    assert "where the run&#x27;s test decided" in section or "where the run's test decided" in section


def test_no_sprt_section_for_a_run_without_a_test(tmp_path: Path):
    results = conto_file(tmp_path, matches=4)
    arena("report", results, "-o", tmp_path / "r.html")
    page = (tmp_path / "r.html").read_text()
    assert 'id="sprt"' not in page and 'href="#sprt"' not in page
