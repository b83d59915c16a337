"""Python, Node.js and stdio (bash, awk) bots at one table, through `arena run`."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "bots" / "node" / "node_modules").is_dir(),
    reason="needs node and `npm ci --prefix bots/node` (the README's test command runs it)",
)
def test_the_polyglot_tournament_runs_to_the_end_with_every_bot_and_no_fault(tmp_path):
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "arena.cli",
            "run",
            "tournaments/conto-polyglot.toml",
            "--results",
            str(tmp_path / "poly.sqlite"),
            "--deals",
            "3",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    header = next(i for i, line in enumerate(lines) if line.lstrip().startswith("#  bot"))
    rows = lines[header + 2 : header + 6]
    bots = {row.split()[1]: row.split()[-1] for row in rows}
    assert set(bots) == {"python-random", "node-counter", "bash-random", "awk-first"}
    assert all(faults == "-" for faults in bots.values()), rows
    assert "4 matches played" in result.stdout
