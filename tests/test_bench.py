"""`arena bench` runs end to end and prints every ping-pong and ratio (no figures asserted)."""

import re
import subprocess
import sys


def test_arena_bench_prints_the_full_path_the_ping_pongs_and_the_ratios():
    run = subprocess.run(
        [sys.executable, "-m", "arena", "bench", "--hands", "2", "--players", "3"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert re.search(r"\d+ decisions in [\d.]+ s: [\d,]+ decisions/s", out), out
    assert re.search(r"to one server: +[\d,]+ round trips/s", out), out
    assert re.search(r"to one server per seat: +[\d,]+ round trips/s", out), out
    ratios = re.findall(r"Ratio full path / ping-pong to one server(?: per seat)?: +([\d.]+)", out)
    assert len(ratios) == 2 and all(float(r) > 0 for r in ratios), out
    assert re.search(r"through the referee's trio bridge: [\d,]+ round trips/s", out), out
    assert re.search(r"Ratio bridged / raw ping-pong, one server per seat: +[\d.]+", out), out
