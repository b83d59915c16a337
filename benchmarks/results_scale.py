"""What reading a large results file costs: `arena table`, `--matrix` and `arena report`
on N stored conto matches, with their peak memory.

    python benchmarks/results_scale.py [--matches 1000 10000 100000] [--folder /tmp/results-scale]
                                       [--skip report]

Builds (once per N; kept in --folder) a results file shaped like issue 44's soak run:
5 bots at 4-seat tables, 3 deals a match, every seating of every table.  No bot plays:
`--distinct` matches are played at random by the engine in this process, and each stored
match is one of them under its own key and seating, saved through the results file's own
writer in batches (as a run's coordinator saves), so building is quick and what is timed
is the reading.  Each command is then run as the user runs it, in a process of its own,
timed from start to exit, its peak RSS read from the kernel (`wait4`).

The figures to reach (issue 44): `arena table` on 8,000 matches <= 1.5 s and <= 150 MB,
on 100,000 <= 10 s and <= 500 MB; `arena report` of 10,000 <= 20 s.

Each run prints wall time, CPU time (user + system) and peak RSS, with the 1-minute load
average after it: the machine has 2 cores shared with other work, and at a load of 20-40
the wall time is mostly waiting for a core, so compare CPU times taken at the same load.

Before `file_tables.py` (measured 2026-11-27, the load in brackets): `arena table`, 8,000
matches: before the summaries 24.1 s, 403 MB [3]; with them 2.17 s, 146 MB (--matrix
2.84 s, 152 MB) [3], 0.76 s of it importing the command line and about 60% of the rest
decoding the matches without their histories; 100,000 matches 18.1-19.4 s, 957-974 MB
[1-4], --matrix 26.3 s, 1,035 MB (every match held while the fit ran).  `arena report`
(not this issue's): 1,000 matches 66 s, 10,000 matches 513 s [20+].

After (`arena table` reads the file in one pass, holding no match, and the faults and
time use from the summaries' copy; the printed bytes unchanged), 2026-11-28 at load 15-40:

- 8,000 matches: CPU 2.3-2.7 s, peak 70 MB (wall 14-30 s [18-27]); the build before,
  timed alternately with it at the same load: CPU 3.1-5.0 s, peak 140-143 MB (wall
  23-47 s); --matrix: CPU 3.4 s, 70 MB (before summary_seats.py).
- 100,000 matches: CPU 22.3 s, peak 278 MB (wall 86 s [16]); CPU 26.0-35.8 s, peak
  279-281 MB (wall 402-518 s [31]); --matrix CPU
  26.5 s, peak 281 MB (wall 225 s [25]): the 500 MB reached; the 10 s could not be timed
  on this machine at that load.  An estimate, not a measurement: on 8,000 the CPU is
  0.5-0.65 of the old one's, which ran in 2.1 s at load 3, so 1.1-1.4 s there; the same
  ratio on the old 18-19 s of 100,000 gives 9-12 s: the 10 s figure is not shown reached.
- `arena table --help`: CPU 1.1-1.4 s, 47 MB; before 2.0-2.9 s, 70 MB [40] (only the
  command's own module is imported: no gRPC, trio, report, play or bot processes).
- Where the CPU goes now (cProfile, 8,000 matches): reading each match's summary (JSON
  of its counts and outcomes) about a third; the fit's 16,500 `Observation`s (the
  outcomes of a deal family that finished alike merged, 24,000 before) a tenth, most of
  it their validation; decoding each match's time use twice (the table, and the notes
  under it, which take a list of matches) a tenth; importing the command a fifth.

Then (2026-11-28, at load 11-26; `/usr/bin/time -f "%e s wall %U+%S cpu %M KB" arena table
FILE`, bytecode cached, the commit before timed alternately from a copy of its tree): the
fit takes the merged outcomes as `CheckedObservation` tuples (no `Observation` checked
per outcome), the notes read a tally made in the same pass, each seat's time use is
summed as stored (no `TimeUse` per seat), `engine.load` imports conto alone, and the
cycle collector is paused while the file is read and rated (the read's million acyclic
objects made its passes cost a quarter of the time at 100,000).

- 8,000 matches: CPU 1.49-1.54 -> 0.97-0.99 s, peak 69 -> 63 MB (wall 7-15 s at load
  11-21: waiting for a core).
- 100,000 matches: CPU 13.7 -> 8.3 s, peak 277 -> 231 MB (wall 81 s and 104 s at load
  12-19).  In process: import 0.27 s, reading 5.4-6.6 s, observations 0.12 s, fit 0.89 s.
- `arena table --help`: CPU 0.47-0.73 -> 0.33-0.39 s, 46 -> 41 MB.
- What is left in the reading (cProfile, 8,000): JSON decoding of each summary's counts,
  outcomes and time use a quarter, the sqlite read a sixth, the rest Python per match
  (the summary's records, the statistics' sums, the merge of outcomes).
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from arena.config import load_tournament  # noqa: E402
from arena.records import MatchRecord, MatchSlot  # noqa: E402
from arena.results.store import ResultStore, finished_rows  # noqa: E402

SEATS = 4
DEALS = 3
BATCH = 500  # matches per transaction, as a coordinator with many back at once


def played(distinct: int, options: dict) -> list[MatchRecord]:
    """`distinct` conto matches played at random (names filled in when stored)."""
    game = engine.load("conto", players=SEATS, **options)
    rng = random.Random(44)
    records = []
    for seed in range(distinct):
        state = game.new_match(seed=seed, deals=DEALS)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        records.append(
            MatchRecord(
                match_id=f"m{seed}", game="conto", players=SEATS, options=dict(game.options), seed=seed,
                deals=DEALS, names=("",) * SEATS, result=state.result(), standing=state.standing(),
                history=state.history, faults=(), comments=(), latencies=tuple(() for _ in range(SEATS)),
                seconds=0.2,
            )
        )  # fmt: skip
    return records


def build(path: Path, matches: int, distinct: int) -> float:
    """The results file of `matches` matches at `path`; the seconds it took."""
    started = time.perf_counter()
    config = load_tournament(ROOT / "tournaments" / "conto.toml")
    bots = config.bots[:5]
    tables = list(itertools.combinations([bot.name for bot in bots], SEATS))
    rounds = -(-matches // (len(tables) * SEATS))
    config = dataclasses.replace(config, results=path, rounds=rounds, deals=DEALS, bots=bots)
    records = played(distinct, dict(config.options))
    slots = (
        MatchSlot(f"r{r}-t{t}-p{p + 1}", r, t, p, r * 1000 + t, names[p:] + names[:p])
        for r in range(1, rounds + 1)
        for t, names in enumerate(tables, start=1)
        for p in range(SEATS)
    )
    path.unlink(missing_ok=True)
    with ResultStore.open(path, config) as store:
        batch = []
        for number, slot in enumerate(itertools.islice(slots, matches)):
            record = dataclasses.replace(records[number % distinct], names=slot.names, seed=slot.seed)
            batch.append((slot.key, "conto", finished_rows(slot, record)))
            if len(batch) == BATCH:
                store.save_many(batch)
                batch = []
        if batch:
            store.save_many(batch)
    return time.perf_counter() - started


def timed(command: list[str]) -> tuple[float, float, float]:
    """Run `command`; its wall seconds, its CPU seconds (user and system) and its peak RSS in MB."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(command)} failed: {process.stderr.read().decode() if process.stderr else ''}")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, nargs="+", default=[1000, 10000, 100000])
    parser.add_argument("--folder", type=Path, default=Path("/tmp/results-scale"))
    parser.add_argument("--distinct", type=int, default=500, help="matches actually played (default 500)")
    parser.add_argument("--skip", nargs="*", default=[], choices=["table", "matrix", "report"])
    parser.add_argument("--rebuild", action="store_true", help="build the files again even if they exist")
    parser.add_argument("--repeat", type=int, default=1, help="time each command this many times (default 1)")
    args = parser.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    arena = [sys.executable, "-m", "arena"]
    for matches in args.matches:
        path = args.folder / f"conto-{matches}.sqlite"
        if args.rebuild or not path.exists():
            print(f"{matches} matches: built in {build(path, matches, args.distinct):.1f} s", flush=True)
        commands = {
            "table": [*arena, "table", str(path)],
            "matrix": [*arena, "table", str(path), "--matrix"],
            "report": [*arena, "report", str(path), "-o", str(path.with_suffix(".html"))],
        }
        for name, command in commands.items():
            if name in args.skip:
                continue
            for _ in range(args.repeat):
                seconds, cpu, peak = timed(command)
                load = os.getloadavg()[0]
                print(
                    f"{matches} matches: {name}: {seconds:.2f} s (CPU {cpu:.2f} s), peak {peak:.0f} MB [load {load:.1f}]",
                    flush=True,
                )


if __name__ == "__main__":
    main()
