"""`arena bench` runs end to end and prints every measure and the breakdown (no figures asserted)."""

import os
import re
import subprocess
import sys


def test_arena_bench_prints_the_rounds_the_sizes_the_breakdown_and_the_ratios(tmp_path):
    run = subprocess.run(
        [sys.executable, "-m", "arena", "bench", "--deals", "2", "--players", "3", "--warm", "1", "--rounds", "2"],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "TMPDIR": str(tmp_path)},
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout
    rounds = re.findall(
        r"round \d: full path [\d,]+/s \(asleep [\d,]+/s, from trio [\d,]+/s\); raw ping-pong [\d,]+/s, "
        r"raw grpc.aio [\d,]+/s \(polling [\d,]+/s\)",
        out,
    )
    assert len(rounds) == 2, out
    assert re.search(r"Requests: [\d,]+ bytes median, [\d,]+ max", out), out
    assert re.search(r"The referee's own work: \d+ µs median per decision \(mean µs: legal \d+, view \d+", out), out
    assert re.search(r"thread.s CPU time from making a request to applying the answer: \d+ µs median", out), out
    assert re.search(r"the same work on a like match in process, no bots running: \d+ µs median", out), out
    for part in ("transport", "the referee's streams", "the SDK bot's own work", "the referee's own work", "left over"):
        assert re.search(rf"  {re.escape(part)}.* +-?\d+ µs", out), (part, out)
    assert re.search(r"Ratio full path / raw ping-pong, one server per seat: median [\d.]+ \([\d., ]+\)", out), out
    assert re.search(r"the referee asleep while it waits: +median [\d.]+ \([\d., ]+\)", out), out
    assert re.search(r"Ratio full path / raw grpc.aio ping-pong: +median [\d.]+ \([\d., ]+\)", out), out
    assert re.search(r"to raw grpc.aio polling for answers the same way: +median [\d.]+", out), out
    # On this machine's cores the referee polls for one match, or says why it does not.
    assert re.search(r"The referee (polls for answers without sleeping|waits for answers asleep)", out), out
    assert re.search(r"the same match once more, every action met before: \d+ µs median", out), out
    assert "RuntimeWarning" not in run.stderr
    # The ping-pong to SDK bots ends by cancelling their streams: a normal end, not a traceback.
    assert "Traceback" not in run.stderr + out
    assert list(tmp_path.iterdir()) == [], "its temporary folders are gone"
