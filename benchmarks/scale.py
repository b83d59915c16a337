"""Throughput at 1, 2 and 4 local worker processes, and what limits it on bigger machines.

    python benchmarks/scale.py [--deals 30] [--bots 5] [--workers 1,2,4] [--concurrency 4]

A conto round robin of random bots (5 bots at 4 seats: 5 tables of 4 rotations, 20
matches of 30 deals) played once per number of workers, each into a fresh results file.
Workers 1 is the run in one process (`run_tournament`); more are `run_on_workers`.  For
each it prints deals (hands) per second over the matches (the bots' start-up apart, and
with it), and the coordinator's own cost per saved match: the CPU time of this process
(its trio loop, unpickling the records, the saves) and the wall time of a save (one
SQLite transaction with its fsync, in a thread).  Then, from those figures, how far the
matches would scale on 16, 64 and 256 cores: each match needs C CPU-seconds somewhere
(the CPU time of the run's processes during the matches, over the matches), so N
cores give at most N / C matches a second; the coordinator gives at most 1 / (its CPU per
match), and SQLite at most 1 / (its wall time per save), since the saves are one after
another.  The lowest of the three is the limit.

Measured on the 2-core machine the arena is developed on (20 matches of 30 deals,
concurrency 4, sandboxed random bots), while other work kept both cores busy, so the
run's own processes got about 1.3 cores of the 2:

    workers 1: 33.9 deals/s   workers 2: 33.7 (x1.00)   workers 4: 43.6 (x1.29)
    (other runs of it: x1.13 and x1.22 at 2 workers, x1.53 at 4)
    with the start-up of workers and bots: 29.8, 23.9 and 22.9 deals/s

Not the 1.6x hoped for at 2 workers: the bots themselves (Python gRPC processes, about
0.5 ms of CPU a decision) use more CPU than the referees, so one process already fills
both cores (its matches: 23 CPU-s of the run's processes in 17.7 s), and every worker
starts its own processes of every bot (the start-up line).  More workers pay where the
cores outnumber what one referee loop can feed.  The coordinator's own cost is small: 4.1
ms of its CPU per saved match (the worker makes the rows; about 40 ms when it made them
itself) and a save 10.5 ms of wall time; a match of 30 deals is 1.16 CPU-seconds of the
run's processes in all.  Hence, matches spread perfectly:

    16 cores:  14 matches/s (414 deals/s), limited by the cores
    64 cores:  55 matches/s (1658 deals/s), limited by the cores
    256 cores: 95 matches/s (2856 deals/s), limited by SQLite's saves one after another
               (95 matches/s, reached at about 110 cores); the coordinator's CPU would
               cap at about 240 matches/s (about 280 cores)

so past about a hundred cores, batch the commits (several matches per transaction, each
match's rows together); longer matches (more deals, slower bots) move both caps out, as
their cost is per match.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import trio

from arena.config import load_tournament
from arena.results import ResultStore
from arena.run import plan_tournament, run_tournament
from arena.run.tournament import open_started_bots
from arena.run.workers import open_workers, run_on_workers

CORES = (16, 64, 256)


@dataclass
class Measure:
    workers: int
    matches: int
    deals: int
    seconds: float  # the matches, bots already started
    with_start: float  # and the start-up of workers and bots
    coordinator_cpu: float  # this process's CPU time during the matches
    busy: float  # the machine's busy CPU time during the matches
    tree: float  # the CPU time of this run's processes during the matches
    saves: list[float]

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds


def _busy_seconds() -> float:
    """CPU time the whole machine has spent busy since boot (all cores, from /proc/stat)."""
    fields = [int(value) for value in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def _tree_seconds() -> float:
    """CPU time of this process and every live process under it (workers, bots) with what
    they reaped, from /proc: unlike `_busy_seconds`, blind to other work on the machine."""
    parents: dict[int, list[int]] = {}
    times: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents.setdefault(int(fields[1]), []).append(int(entry))
            times[int(entry)] = sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
    total, todo = 0.0, [os.getpid()]
    while todo:
        pid = todo.pop()
        total += times.get(pid, 0)
        todo += parents.get(pid, [])
    return total / os.sysconf("SC_CLK_TCK")


def _tournament(folder: Path, bots: int, deals: int, concurrency: int) -> Path:
    path = folder / "scale.toml"
    text = textwrap.dedent(
        f"""
        [tournament]
        name = "scale"
        game = "conto"
        seats = 4
        deals = {deals}
        seed = 1
        concurrency = {concurrency}
        results = "{folder / "scale.sqlite"}"
        logs = "{folder / "logs"}"
        """
    )
    for number in range(1, bots + 1):
        text += f'\n[[bot]]\nname = "random{number}"\ncommand = ["python", "bots/random_bot.py"]\n'
        text += f'args = ["--seed={number}"]\n'
    path.write_text(text)
    return path


async def _run(path: Path, workers: int) -> Measure:
    config = load_tournament(path, workers=workers)
    began = time.monotonic()
    opened: Any = open_workers(config) if workers > 1 else open_started_bots(config)
    async with opened as bots:
        store = ResultStore.open(config.results, config, fresh=True)
        saves: list[float] = []
        save = store.save_rows

        def timed_save(*args: Any) -> None:
            start = time.perf_counter()
            save(*args)
            saves.append(time.perf_counter() - start)

        store.save_rows = timed_save  # type: ignore[method-assign]
        plan = plan_tournament(config, store.completed_keys(), store.deal_secret)
        cpu, busy, tree, start = time.process_time(), _busy_seconds(), _tree_seconds(), time.monotonic()
        if workers > 1:
            summary = await run_on_workers(plan, store, bots)
        else:
            summary = await run_tournament(plan, store, bots=bots)
        seconds = time.monotonic() - start
        cpu, busy, tree = time.process_time() - cpu, _busy_seconds() - busy, _tree_seconds() - tree
        store.close()
    return Measure(
        workers,
        summary.played,
        summary.played * config.deals,
        seconds,
        time.monotonic() - began,
        cpu,
        busy,
        tree,
        saves,
    )


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30, help="deals per match")
    parser.add_argument("--bots", type=int, default=5, help="random bots (at 4 seats)")
    parser.add_argument("--workers", default="1,2,4", help="the numbers of workers to measure")
    parser.add_argument("--concurrency", type=int, default=4, help="matches at once, over all the workers")
    args = parser.parse_args()
    counts = [int(count) for count in args.workers.split(",")]
    print(f"conto, {args.bots} random bots at 4 seats, {args.deals} deals a match, concurrency {args.concurrency}, ")
    print(f"{os.cpu_count()} cores; deals/s over the matches (and with the start-up of workers and bots):")
    measures = []
    for count in counts:
        with tempfile.TemporaryDirectory(prefix="arena-scale-") as folder:
            measure = trio.run(_run, _tournament(Path(folder), args.bots, args.deals, args.concurrency), count)
        measures.append(measure)
        line = (
            f"  workers {count}: {measure.deals_per_second:6.1f} deals/s ({measure.matches} matches in "
            f"{measure.seconds:.1f} s; {measure.deals / measure.with_start:.1f} deals/s with the start-up, "
            f"{measure.with_start:.1f} s)"
        )
        if count > 1:
            line += f"  x{measure.deals_per_second / measures[0].deals_per_second:.2f} of workers {counts[0]}"
        cores = os.cpu_count() or 1
        line += (
            f"\n      this process {measure.coordinator_cpu:.1f} CPU-s; the machine busy "
            f"{measure.busy:.1f} of {measure.seconds * cores:.1f} core-seconds; this run's processes "
            f"{measure.tree:.1f} CPU-s"
        )
        print(line, flush=True)
    spread = [measure for measure in measures if measure.workers > 1] or measures
    matches = sum(measure.matches for measure in spread)
    coordinator = sum(measure.coordinator_cpu for measure in spread) / matches
    saves = [save for measure in spread for save in measure.saves]
    save = sum(saves) / len(saves)
    # Per match: the CPU of the run's processes (bots, referees, saves) during the matches.
    cpu_per_match = sum(measure.tree for measure in measures) / sum(measure.matches for measure in measures)
    print(
        f"\nThe coordinator, per saved match (workers > 1): {_ms(coordinator)} of its CPU (its loop, unpickling, "
        f"the writes); a save {_ms(save)} of wall time (one SQLite transaction and fsync, in a thread)."
    )
    print(f"A match of {args.deals} deals needs {cpu_per_match:.2f} CPU-seconds in all (bots, referees, saves).")
    limits = {"the coordinator's CPU": 1 / coordinator, "SQLite's saves, one after another": 1 / save}
    print("\nOn a bigger machine, if the matches spread perfectly over the cores (matches/s, deals/s):")
    for cores in CORES:
        compute = cores / cpu_per_match
        bound = min([compute, *limits.values()])
        limit = "the cores" if bound == compute else min(limits, key=lambda name: limits[name])
        print(
            f"  {cores:3d} cores: cores alone {compute:6.0f} matches/s; at most {bound:6.0f} matches/s = "
            f"{bound * args.deals:7.0f} deals/s, limited by {limit}"
        )
    for name, most in limits.items():
        cores = most * cpu_per_match
        print(f"  {name} caps at {most:.0f} matches/s, reached at about {cores:.0f} cores with these matches")
    print(
        "  Longer matches (more deals, slower bots) move both caps further out: their cost is per match.\n"
        "  Past the SQLite cap, batch the commits (several matches per transaction, each match's rows together)."
    )


if __name__ == "__main__":
    sys.exit(main())
