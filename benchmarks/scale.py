"""Throughput of local worker processes and of a Dask cluster, and what limits it.

Deals a second at 1, 2 and 4 local worker processes and on a Dask LocalCluster, and the
limits on bigger machines:

    python benchmarks/scale.py [--bot sdk,stdio] [--deals 30] [--bots 5] [--workers 1,2,4] [--cluster local:2] [--concurrency 4]

A conto round robin of random bots (5 bots at 4 seats: 5 tables of 4 rotations, 20
matches of 30 deals) played once per number of workers, each into a fresh results file:
first one match at a time and two at once (in one process, then on 2 workers; skipped
with --no-pairs), then `--concurrency` matches at once over each number of workers.
Workers 1 is the run in one process; more are worker processes (arena.run.workers);
``--cluster local:2`` is a LocalCluster of 2 worker processes (`open_runner` opens each).  For
each it prints deals (hands) per second over the matches (the bots' start-up apart, and
with it), and the coordinator's own cost per saved match: the CPU time of this process
(its trio loop, unpickling the records, the saves) and the wall time of a save (one
SQLite transaction with its fsync, in a thread).  Then, from those figures, how far the
matches would scale on 16, 64 and 256 cores: each match needs C CPU-seconds somewhere
(the CPU time of the run's processes during the matches, over the matches), so N
cores give at most N / C matches a second; the coordinator gives at most 1 / (its CPU per
match), and SQLite at most 1 / (its wall time per match saved, measured again one match
and eight to a transaction), since the saves are one after another.  The lowest is the
limit.

All of it twice, with two random bots (`--bot`): the SDK's random bot (bots/random_bot.py,
Python over gRPC), which takes about as much CPU a decision as its referee, most of both
being gRPC's; and bots/stdio/random.awk, one awk process on stdio, far cheaper than its
referee.  The last lines say, for each, how 2 workers compare with one against the goal
of 1.6 times, and what share of the CPU the bots took.

Measured on the 2-core machine the arena is developed on (2026-11-27, three runs with the
SDK bots; with the awk bots, three runs before the referee made their lines as JSON
straight from the records, and two after; this machine's speed moves by a factor of up
to two from one minute to the next, so compare the figures of one run):

    deals/s                              SDK bots (gRPC)      awk bots (stdio)
                                                              before               after
    one match at a time, one process     48.1, 42.2, 60.8     36.4, 34.6, 41.1     45.0, 44.3
    two at once, one process             69.2, 55.0, 73.9     52.0, 47.2, 58.3     72.0, 66.2
    two at once, on 2 workers            70.7, 54.8, 76.8     78.5, 64.1, 86.2     96.3, 89.5
      against one match at a time        x1.47, x1.30, x1.26  x2.16, x1.85, x2.10  x2.14, x2.02
    concurrency 4, workers 1             63.2, 59.3, 66.0     50.5, 40.8, 54.3     63.4, 67.1
    concurrency 4, workers 2             70.2, 61.0, 65.0     93.3, 69.0, 80.6     90.4, 96.9
      against workers 1                  x1.11, x1.03, x0.98  x1.85, x1.69, x1.48  x1.43, x1.44
    concurrency 4, workers 4             68.4, 51.6, 64.8     74.4, 65.9, 82.3     89.5, 84.2
    cluster local:2                      -, 57.8, 54.7        60.7, 53.8, 85.2     67.8, 72.9

The goal, 2 workers at least 1.6 times one, holds where the arena is the limit, as it was
when the goal was set: with bots far cheaper than their referee, one process keeps one
core busy and 2 workers both.  With the awk bots, 2 workers played x1.85-2.16 as fast as
one match at a time in one process in every run.  Against one process playing 4 matches
at once, x1.48-1.85 before and x1.43-1.44 after: the cheaper the referee, the less one
process leaves to gain.  Since it makes a stdio bot's lines as JSON straight from the
records, the referee costs about a third less CPU a match, every run with those bots is
faster (one process at concurrency 4: 41-54 -> 63-67 deals/s), and the bots' share of the
CPU rose from 31-33% to 42%, so that ratio fell.  (Two runs in between, with only the
requests made so, gave x1.76 and x1.69, x1.63 and x1.55.)  With the SDK's Python bots the
goal does not hold, and cannot on 2 cores: those bots took 42-44% of the CPU, so one
process already keeps both cores mostly busy, and 2 workers reached x1.26-1.47 and
x0.98-1.11, where the cores allow at most x1.40-1.63 and x1.08-1.19 at the CPU per match
the 2 workers used (93-96% of it reached): whatever runs the matches, the bots and
referees need that CPU.  Workers pay where one process cannot keep the cores busy: many
cores, or bots cheaper than the referee.  A Dask LocalCluster played within the spread of
the local workers in two runs and slower in the others (down to 35%): its scheduler,
nannies and workers' own loops take CPU of their own.

Fair play costs processes: each rotation of a table needs a process of each bot that has
not played its deals (arena/play/pool.py), 20 for this tournament in one process, and a
Python bot takes about 130 ms to start.  The matches used to wait for them; the pool now
starts them while the previous match plays (`BotPool.expect`), and a worker is told its
next match for that.  On 2026-11-25, with SDK bots, one match at a time went from 66.7-73.8 to 88.3-94.1 deals/s (three
alternated runs), one worker process playing one match at a time (a core to spare, as
on a big machine) from 53.7-66.2 to 72.6-76.8; 2 workers on 2 cores gained nothing
measurable.

The coordinator's own cost is small: 3.5-5.6 ms of its CPU per saved match in the runs
above (3.0-3.1 on 2026-11-25, an hour when this machine was faster); a save 3.5-9.6 ms of
wall time (one match to a transaction, as the matches came back one at a time here);
saved again, the same matches took 1.7-2.6 ms a match one to a transaction, 0.8-1.3
eight to one.  Hence, from the last run's SDK figures (0.80 CPU-seconds a match), if the
matches spread perfectly:

    16 cores:  20 matches/s (600 deals/s), limited by the cores
    64 cores:  80 matches/s (2399 deals/s), limited by the cores
    256 cores: 247 matches/s (7423 deals/s), limited by the coordinator's CPU (from about
               198 cores); SQLite's saves cap at 601 matches/s one to a transaction, 1223
               eight to one

The coordinator saves the matches back at one moment in one transaction, so when matches
come faster than a save, they wait together and the cap moves out; longer matches (more
deals, slower bots) move every cap out, as their cost is per match.  On a Dask cluster the
coordinator's CPU per match is the same work plus a task's round trip.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import textwrap
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import trio

from arena.config import load_tournament
from arena.results import ResultStore
from arena.run import open_runner, plan_tournament, run_tournament

CORES = (16, 64, 256)
#: Matches per transaction in the batched save measure.
BATCH = 8


@dataclass
class Measure:
    label: str  # "concurrency C, workers N" or "cluster ADDRESS"
    workers: int
    matches: int
    deals: int
    seconds: float  # the matches, bots already started
    with_start: float  # and the start-up of workers and bots
    coordinator_cpu: float  # this process's CPU time during the matches
    busy: float  # the machine's busy CPU time during the matches
    tree: float  # the CPU time of this run's processes during the matches
    saves: list[tuple[float, int]]  # each transaction's wall time and its matches
    rows: list[tuple[str, str, Any]]  # what was saved, for `_batched_saves`

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds


def _ceiling(measure: Measure, cores: int) -> float:
    """Deals/s that `cores` fully busy would give at the CPU time per match `measure` used."""
    return cores * measure.deals / measure.tree


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


#: The random bot of `--bot`: the SDK's in Python over gRPC, or one awk process on stdio.
RANDOM_BOTS = {
    "sdk": 'command = ["python", "bots/random_bot.py"]\nargs = ["--seed={seed}"]\n',
    "stdio": 'command = ["bots/stdio/random.awk"]\nargs = ["-v", "seed={seed}"]\nprotocol = "stdio"\n',
}


def _tournament(folder: Path, bots: int, deals: int, concurrency: int, bot: str = "sdk") -> Path:
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
        text += f'\n[[bot]]\nname = "random{number}"\n' + RANDOM_BOTS[bot].format(seed=number)
    path.write_text(text)
    return path


async def _run(path: Path, workers: int, cluster: str | None = None) -> Measure:
    config = load_tournament(path, workers=workers)
    began = time.monotonic()
    async with open_runner(config, cluster=cluster) as runner:  # as `arena run` opens it
        store = ResultStore.open(config.results, config, fresh=True)
        saves: list[tuple[float, int]] = []
        saved: list[tuple[str, str, Any]] = []
        save = store.save_many

        def timed_save(matches: Any) -> None:
            start = time.perf_counter()
            save(matches)
            saves.append((time.perf_counter() - start, len(matches)))
            saved.extend(matches)

        store.save_many = timed_save  # type: ignore[method-assign]
        plan = plan_tournament(config, store.completed_keys(), store.deal_secret)
        cpu, busy, tree, start = time.process_time(), _busy_seconds(), _tree_seconds(), time.monotonic()
        summary = await run_tournament(plan, store, runner=runner)
        seconds = time.monotonic() - start
        cpu, busy, tree = time.process_time() - cpu, _busy_seconds() - busy, _tree_seconds() - tree
        store.close()
    return Measure(
        f"cluster {cluster}" if cluster is not None else f"concurrency {config.concurrency}, workers {workers}",
        workers,
        summary.played,
        summary.played * config.deals,
        seconds,
        time.monotonic() - began,
        cpu,
        busy,
        tree,
        saves,
        saved,
    )


def _batched_saves(path: Path, rows: list[tuple[str, str, Any]], batch: int) -> float:
    """Wall seconds per match to save `rows` again into a fresh copy of the tournament's
    results file, `batch` matches per transaction (what the coordinator does when that
    many are back at once)."""
    config = load_tournament(path)
    with tempfile.TemporaryDirectory(prefix="arena-saves-") as folder:
        config = replace(config, results=Path(folder) / "saves.sqlite")
        with ResultStore.open(config.results, config, fresh=True) as store:
            start = time.perf_counter()
            for first in range(0, len(rows), batch):
                store.save_many(rows[first : first + batch])
            return (time.perf_counter() - start) / len(rows)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30, help="deals per match")
    parser.add_argument("--bots", type=int, default=5, help="random bots (at 4 seats)")
    parser.add_argument(
        "--bot",
        default=",".join(RANDOM_BOTS),
        help="the random bots to measure with, comma-separated: sdk (the SDK's, Python over gRPC) and stdio "
        "(bots/stdio/random.awk, far cheaper than its referee); default both",
    )
    parser.add_argument("--workers", default="1,2,4", help="the numbers of workers to measure")
    parser.add_argument("--cluster", default="local:2", help="Dask clusters to measure too, comma-separated ('': none)")
    parser.add_argument("--concurrency", type=int, default=4, help="matches at once, over all the workers")
    parser.add_argument(
        "--no-pairs",
        action="store_true",
        help="skip one match at a time against two at once (in one process, 2 workers)",
    )
    args = parser.parse_args()
    bots = [bot for bot in args.bot.split(",") if bot]
    unknown = [bot for bot in bots if bot not in RANDOM_BOTS]
    if unknown or not bots:
        parser.error(f"--bot {args.bot!r}: choose among {', '.join(RANDOM_BOTS)}, comma-separated")
    verdicts = [_measure(args, bot) for bot in bots]
    print("\nThe goal, 2 workers at least 1.6 times one:")
    for verdict in verdicts:
        print(f"  {verdict}")


def _measure(args: argparse.Namespace, bot: str) -> str:
    """Every run of `args` with the random bot `bot`, printed; the verdict on the goal."""
    counts = [int(count) for count in args.workers.split(",")]
    cores = os.cpu_count() or 1
    print(f"\n=== conto, {args.bots} random bots ({bot}) at 4 seats, {args.deals} deals a match, {cores} cores;")
    print("deals/s over the matches (and with the start-up of workers and bots):")
    single = batched = 0.0  # wall seconds per match saved alone, and BATCH to a transaction

    def measure_all(title: str, runs: list[tuple[int, int, str | None]]) -> list[Measure]:
        """Each (concurrency, workers, cluster) of `runs` measured and printed, against the first."""
        nonlocal single, batched
        print(f"\n{title}")
        measures: list[Measure] = []
        for concurrency, count, cluster in runs:
            with tempfile.TemporaryDirectory(prefix="arena-scale-") as folder:
                path = _tournament(Path(folder), args.bots, args.deals, concurrency, bot)
                measure = trio.run(_run, path, count, cluster)
                if not single:
                    single = _batched_saves(path, measure.rows, 1)
                    batched = _batched_saves(path, measure.rows, BATCH)
            measures.append(measure)
            line = (
                f"  {measure.label}: {measure.deals_per_second:6.1f} deals/s ({measure.matches} matches in "
                f"{measure.seconds:.1f} s; {measure.deals / measure.with_start:.1f} deals/s with the start-up, "
                f"{measure.with_start:.1f} s)"
            )
            if measure is not measures[0]:
                line += f"  x{measure.deals_per_second / measures[0].deals_per_second:.2f} of {measures[0].label}"
            line += (
                f"\n      this process {measure.coordinator_cpu:.1f} CPU-s; the machine busy "
                f"{measure.busy:.1f} of {measure.seconds * cores:.1f} core-seconds; this run's processes "
                f"{measure.tree:.1f} CPU-s: at that CPU per match the {cores} cores allow at most "
                f"{_ceiling(measure, cores):.1f} deals/s ({measure.deals_per_second / _ceiling(measure, cores):.0%} "
                "reached)"
            )
            print(line, flush=True)
        return measures

    pairs: list[Measure] = []
    if not args.no_pairs:
        pairs = measure_all(
            "One match at a time, then two at once: in one process, and on 2 workers (a match each):",
            [(1, 1, None), (2, 1, None), (2, 2, None)],
        )
    clusters = [(args.concurrency, 1, address) for address in args.cluster.split(",") if address]
    measures = measure_all(
        f"Concurrency {args.concurrency}, over the workers:",
        [(args.concurrency, count, None) for count in counts] + clusters,
    )
    verdict = [f"{bot} bots:"]
    if pairs:
        alone, spread = pairs[0], pairs[2]
        verdict.append(_against_goal("one match at a time against two on 2 workers", alone, spread, cores))
        print(
            f"\n2 workers, a match each: x{spread.deals_per_second / alone.deals_per_second:.2f} of one match at a "
            f"time in one process (goal x1.6).  The {cores} cores allow at most {_ceiling(spread, cores):.1f} "
            f"deals/s at the CPU per match the 2 workers used: x{_ceiling(spread, cores) / alone.deals_per_second:.2f}."
        )
    local = [m for m in measures if not m.label.startswith("cluster")]
    two = next((m for m in local if m.workers == 2), None)
    if two is not None and measures[0].workers == 1:
        verdict.append(_against_goal(f"concurrency {args.concurrency}, workers 1 against 2", measures[0], two, cores))
        goal = 1.6 * measures[0].deals_per_second
        cheapest = max(measures, key=lambda m: _ceiling(m, cores))
        print(
            f"At concurrency {args.concurrency}, 2 workers at 1.6x workers 1 would be {goal:.1f} deals/s. The "
            f"{cores} cores allow at most {_ceiling(two, cores):.1f} at the CPU per match that 2 workers used, "
            f"{_ceiling(cheapest, cores):.1f} at the cheapest ({cheapest.label}): whatever runs the matches, the "
            "bots and referees need that CPU."
        )
    own = [m for m in pairs + measures if m.workers == 1 and not m.label.startswith("cluster")]
    if own:
        bots_share = sum(m.tree - m.coordinator_cpu for m in own) / sum(m.tree for m in own)
        verdict.append(
            f"the bots took {bots_share:.0%} of the CPU of the runs in one process, the arena's process (its referee) the rest"
        )
    measures = pairs + measures
    spread = [measure for measure in measures if measure.workers > 1 and not measure.label.startswith("cluster")]
    spread = spread or measures
    matches = sum(measure.matches for measure in spread)
    coordinator = sum(measure.coordinator_cpu for measure in spread) / matches
    saves = [save for measure in spread for save in measure.saves]
    save = sum(seconds for seconds, _ in saves) / sum(count for _, count in saves)
    largest = max(count for _, count in saves)
    # Per match: the CPU of the run's processes (bots, referees, saves) during the matches.
    cpu_per_match = sum(measure.tree for measure in measures) / sum(measure.matches for measure in measures)
    print(
        f"\nThe coordinator, per saved match (workers > 1): {_ms(coordinator)} of its CPU (its loop, unpickling, "
        f"the writes); a save {_ms(save)} of wall time per match (SQLite transactions with their fsync, in a "
        f"thread; at most {largest} matches to one here)."
    )
    print(
        f"The same matches saved again: {_ms(single)} per match one per transaction, {_ms(batched)} per match "
        f"{BATCH} to a transaction (as the coordinator saves the matches back at once when they come faster)."
    )
    print(f"A match of {args.deals} deals needs {cpu_per_match:.2f} CPU-seconds in all (bots, referees, saves).")
    limits = {
        "the coordinator's CPU": 1 / coordinator,
        "SQLite's saves, one match per transaction": 1 / single,
        f"SQLite's saves, {BATCH} matches per transaction": 1 / batched,
    }
    print("\nOn a bigger machine, if the matches spread perfectly over the cores (matches/s, deals/s):")
    for cores in CORES:
        compute = cores / cpu_per_match
        # Saves batch themselves: matches that come faster than one a save wait together.
        batching = {name: most for name, most in limits.items() if "one match per" not in name}
        bound = min([compute, *batching.values()])
        limit = "the cores" if bound == compute else min(batching, key=lambda name: batching[name])
        print(
            f"  {cores:3d} cores: cores alone {compute:6.0f} matches/s; at most {bound:6.0f} matches/s = "
            f"{bound * args.deals:7.0f} deals/s, limited by {limit}"
        )
    for name, most in limits.items():
        cores = most * cpu_per_match
        print(f"  {name} caps at {most:.0f} matches/s, reached at about {cores:.0f} cores with these matches")
    print(
        "  Longer matches (more deals, slower bots) move the caps further out: their cost is per match.\n"
        "  The coordinator saves what is back at once in one transaction, so one match per transaction is\n"
        "  the cap only while matches come one at a time; past it, they come faster and wait together."
    )
    return " ".join(verdict[:1]) + " " + "; ".join(verdict[1:]) + "."


def _against_goal(what: str, one: Measure, two: Measure, cores: int) -> str:
    """`two`'s deals/s against `one`'s, against the goal of 1.6, and what the cores allow."""
    ratio = two.deals_per_second / one.deals_per_second
    allowed = _ceiling(two, cores) / one.deals_per_second
    return f"{what} x{ratio:.2f} ({'met' if ratio >= 1.6 else 'not met'}; the cores allow x{allowed:.2f})"


if __name__ == "__main__":
    sys.exit(main())
