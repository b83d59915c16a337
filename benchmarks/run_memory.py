"""The arena's memory during a long run: does it grow with the matches saved?

    python benchmarks/run_memory.py [--matches 2000] [--every 100] [--workers 1] [--concurrency 4]
                                    [--deals 3] [--bot sdk|stdio|inprocess] [--table-every N] [--trace]

Issue 44's figure: the arena's RSS during an 8,000-match run within 20 MB of where it was
after the first 100 matches.  This plays a long conto tournament of 5 cheap random bots at
4-seat tables (5 tables of 4 rotations: 20 matches a round, as many rounds as `--matches`
needs), a few deals a match so the matches are quick, the way `arena run` plays it
(`open_runner`, `run_tournament`, its progress printer; the live table with
`--table-every`), and reads the RSS of this process (the arena's: the referees with
``--workers 1``, the coordinator otherwise) and of its worker processes from /proc every
`--every` saved matches.  It prints each sample, then the RSS after the first 100
matches, at the end, the growth, and the slope after the first 100 matches (a least-squares
line through the samples) extrapolated to 8,000 matches.

`--trace` also follows Python's own allocations (tracemalloc, from the first 100 matches
on: the run is several times slower) and the live objects by type (gc), and prints what
grew most between the first 100 matches and the end: where to look when the RSS grows.

The bots (`--bot`): the SDK's random bot (bots/random_bot.py, Python over gRPC, one
process per bot for the run), bots/stdio/random.awk (stdio, one process per match), or
the SDK's random bot inside the arena's process (``module = …``: no process at all).

Measured 2026-11-28 on the 2-core machine, ``--matches 2000 --every 200`` with the SDK
bots, at low load (10.6 matches/s): 74.4 MB before the first match, 128.7 after 200, 197.0
after 1,000, 212.7 after 2,000 (+84 MB; the growth slows, +2.8 MB over the last 400; an
earlier run at load 18-34 gave the same RSS within 4 MB).  ``--objects`` names what grew:
conto's actions (+86,483 ContoAction, with their tuples), revealed cards, dealt hands and
conto's odds (Chance).  The caches that hold them are bounded, but far above 20 MB:
conto's intern table (engine/conto/rules.py, INTERN_LIMIT 400,000 actions: 37 MB at
115,000), the wire's encoded actions (arena/play/feed.py, 400,000, as much again), conto's
two odds caches of 65,536 answers (full after about 1,000 matches), and the identity caches
of nested records (arena/play/_encode.py, 20,000 per field: a deal's own hands, never asked
for again).  The same 2,000 matches with those bounds set lower in the benchmark's process
(intern table and encoded actions 20,000, nested records 2,000 a field, odds 4,096 each):
95.5 MB after 200, 99.4 after 1,000, 101.3 after 2,000 (+5.9 MB), at 11.2 matches/s.

Conto then stopped keeping its declarations (made anew at each decision from an int key,
their fields worked out when read; the wire's identity cache of encoded actions 4,096),
and the nested records and odds were bounded lower.  Measured 2026-11-28, the same
``--matches 2000 --every 200`` at load 15-27 (so some answers timed out: 39 and 51 lines),
each tree in turn: before, 121.0 MB after 200 matches, 155.1 after 1,000, 167.3 after
2,000 (+46.3 MB, 288k -> 490k live objects); after, 88.3 after 200, 93.8 after 1,000,
96.5 after 2,000 (+8.2 MB, the last 1,000 matches +2.7; live objects 101k -> 112k).  The
least-squares line says +31.6 MB at 8,000, but it is drawn through a growth that slows.
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import sys
import tempfile
import textwrap
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import trio

from arena.config import load_tournament
from arena.results import ResultStore
from arena.run import LiveTable, ProgressPrinter, RunPolicy, open_runner, plan_tournament, run_tournament
from arena.run.progress import Progress

#: The issue's yardsticks: the RSS after this many matches, and the run it speaks of.
BASELINE_MATCHES = 100
ISSUE_MATCHES = 8_000
#: Matches a round of 5 bots at 4-seat tables plays: 5 tables of 4 rotations.
MATCHES_PER_ROUND = 20

RANDOM_BOTS = {
    "sdk": 'command = ["python", "bots/random_bot.py"]\nargs = ["--seed={seed}"]\n',
    "stdio": 'command = ["bots/stdio/random.awk"]\nargs = ["-v", "seed={seed}"]\nprotocol = "stdio"\n',
    "inprocess": 'module = "bots.random_bot:RandomBot"\nargs = ["--seed={seed}"]\n',
}


def _tournament(folder: Path, bot: str, rounds: int, deals: int, concurrency: int) -> Path:
    path = folder / "memory.toml"
    text = textwrap.dedent(
        f"""
        [tournament]
        name = "memory"
        game = "conto"
        seats = 4
        deals = {deals}
        rounds = {rounds}
        seed = 1
        concurrency = {concurrency}
        results = "{folder / "memory.sqlite"}"
        logs = "{folder / "logs"}"
        """
    )
    for number in range(1, 6):
        text += f'\n[[bot]]\nname = "random{number}"\n' + RANDOM_BOTS[bot].format(seed=number)
    path.write_text(text)
    return path


def rss_mb(pid: int | str = "self") -> float:
    """The resident set of process `pid` in MB (VmRSS of /proc), 0 once it is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def worker_pids() -> list[int]:
    """This process's worker processes (multiprocessing's spawned children, not its bots
    nor its resource tracker)."""
    me = str(os.getpid())
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            parent = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1]
            command = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        if parent == me and b"spawn_main" in command:
            found.append(int(entry))
    return sorted(found)


@dataclass(frozen=True)
class Sample:
    matches: int
    seconds: float
    arena_mb: float
    workers_mb: float
    objects: int  # live objects gc follows


@dataclass
class Sampler:
    """Reads the memory every `every` matches this run saves (an ``on_progress``)."""

    every: int
    objects: bool  # the live objects by type, at the first 100 matches and at the end
    trace: bool  # and Python's allocations (tracemalloc)
    printer: ProgressPrinter
    samples: list[Sample] = field(default_factory=list)
    #: At the first 100 matches (with `trace`): the allocations and the objects by type.
    first: tuple[tracemalloc.Snapshot | None, Counter[str]] | None = None
    _next: int = 0
    _started: float = field(default_factory=time.monotonic)

    def __call__(self, progress: Progress) -> None:
        self.printer.show(progress)
        saved = progress.done - progress.already_done
        if saved >= self._next or progress.finished:
            self._next = saved + self.every
            self.take(saved)
        if self.objects and saved >= BASELINE_MATCHES and self.first is None:
            gc.collect()
            if self.trace:  # from here on: what the first matches allocated is not traced
                tracemalloc.start(12)
            self.first = (tracemalloc.take_snapshot() if self.trace else None, _objects_by_type())

    def take(self, saved: int) -> None:
        workers = sum(rss_mb(pid) for pid in worker_pids())
        sample = Sample(saved, time.monotonic() - self._started, rss_mb(), workers, len(gc.get_objects()))
        self.samples.append(sample)
        print(
            f"  {sample.matches:6d} matches  {sample.seconds:7.1f} s  arena {sample.arena_mb:6.1f} MB"
            + (f"  workers {sample.workers_mb:6.1f} MB" if workers else "")
            + f"  {sample.objects:8d} objects",
            flush=True,
        )


def _objects_by_type() -> Counter[str]:
    return Counter(f"{type(obj).__module__}.{type(obj).__qualname__}" for obj in gc.get_objects())


async def _run(path: Path, workers: int, sampler: Sampler, table_every: int | None) -> int:
    config = load_tournament(path, workers=workers)
    async with open_runner(config) as runner:  # as `arena run` opens it
        with ResultStore.open(config.results, config, fresh=True) as store:
            plan = plan_tournament(config, store.completed_keys(), store.deal_secret, store.bot_generations)
            sampler.printer.expect((slot.names for slot in plan.todo), config.concurrency)
            policies: list[RunPolicy] = []
            if table_every:
                policies.append(LiveTable(table_every, on_table=lambda text: None))
            summary = await run_tournament(plan, store, runner=runner, policies=policies, on_progress=sampler)
    return summary.played


def _at(samples: list[Sample], matches: int) -> Sample:
    """The first sample at or after `matches` saved (the last if none)."""
    return next((sample for sample in samples if sample.matches >= matches), samples[-1])


def _slope(samples: list[Sample], value: Callable[[Sample], float]) -> float:
    """MB per 1,000 matches: the least-squares line through `samples`."""
    if len(samples) < 2:
        return 0.0
    xs = [sample.matches for sample in samples]
    ys = [value(sample) for sample in samples]
    mean_x, mean_y = sum(xs) / len(xs), sum(ys) / len(ys)
    spread = sum((x - mean_x) ** 2 for x in xs)
    if not spread:
        return 0.0
    return 1000 * sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys)) / spread


def _report(samples: list[Sample], played: int, seconds: float) -> None:
    base, end = _at(samples, BASELINE_MATCHES), samples[-1]
    after = [sample for sample in samples if sample.matches >= base.matches]
    print(f"\n{played} matches in {seconds:.0f} s ({played / seconds:.1f} matches/s)")
    measures: list[tuple[str, Callable[[Sample], float]]] = [("arena", lambda sample: sample.arena_mb)]
    if any(sample.workers_mb for sample in samples):
        measures.append(("workers", lambda sample: sample.workers_mb))
    for name, value in measures:
        slope = _slope(after, value)
        growth = value(end) - value(base)
        projected = value(base) + slope * (ISSUE_MATCHES - base.matches) / 1000
        print(
            f"{name}: {value(samples[0]):.1f} MB before the first match, {value(base):.1f} MB after {base.matches}, "
            f"{value(end):.1f} MB after {end.matches}: {growth:+.1f} MB; the line through the samples "
            f"{slope:+.2f} MB per 1,000 matches, {projected - value(base):+.1f} MB at {ISSUE_MATCHES:,} "
            f"(goal: within 20 MB)"
        )
    print(f"live objects: {base.objects} after {base.matches} matches, {end.objects} after {end.matches}")


def _growth_report(first: tuple[tracemalloc.Snapshot | None, Counter[str]], top: int = 15) -> None:
    gc.collect()
    objects = _objects_by_type()
    if first[0] is not None:
        ignore = [tracemalloc.Filter(False, tracemalloc.__file__)]
        differences = tracemalloc.take_snapshot().filter_traces(ignore).compare_to(first[0], "traceback")
        print(f"\nPython allocations made after the first {BASELINE_MATCHES} matches and still alive (tracemalloc):")
        for difference in differences[:top]:
            if difference.size_diff <= 0:
                break
            print(f"  {difference.size_diff / 1024:+9.1f} KiB {difference.count_diff:+7d} blocks")
            for frame in difference.traceback.format(limit=6, most_recent_first=True)[::2]:
                print(f"      {frame.strip()}")
    print(f"\nLive objects by type that grew most since the first {BASELINE_MATCHES} matches (gc):")
    grown = Counter({kind: count - first[1][kind] for kind, count in objects.items() if count > first[1][kind]})
    for kind, count in grown.most_common(top):
        print(f"  {count:+8d} {kind}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000, help="matches to play (rounded up to whole rounds of 20)")
    parser.add_argument("--every", type=int, default=100, help="matches between two samples of the memory")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (1: the matches in this process)")
    parser.add_argument("--concurrency", type=int, default=4, help="matches at once")
    parser.add_argument("--deals", type=int, default=3, help="deals a match")
    parser.add_argument("--bot", choices=sorted(RANDOM_BOTS), default="sdk", help="the random bots (see above)")
    parser.add_argument("--table-every", type=int, default=None, help="the live table every N matches, as arena run")
    parser.add_argument("--objects", action="store_true", help="what grew: the live objects by type (gc)")
    parser.add_argument("--trace", action="store_true", help="and Python's allocations (tracemalloc: far slower)")
    args = parser.parse_args()
    for name in ("matches", "every", "workers", "concurrency", "deals"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} {getattr(args, name)}: give a positive whole number")
    rounds = math.ceil(args.matches / MATCHES_PER_ROUND)
    print(
        f"conto, 5 random bots ({args.bot}) at 4 seats, {rounds * MATCHES_PER_ROUND} matches of {args.deals} deals, "
        f"concurrency {args.concurrency}, workers {args.workers}"
        + (f", a live table every {args.table_every}" if args.table_every else "")
        + (", traced" if args.trace else ", objects counted" if args.objects else ""),
        flush=True,
    )
    sampler = Sampler(
        args.every, args.objects or args.trace, args.trace, ProgressPrinter(stream=sys.stderr, interval=60)
    )
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="arena-memory-") as folder:
        path = _tournament(Path(folder), args.bot, rounds, args.deals, args.concurrency)
        played = trio.run(_run, path, args.workers, sampler, args.table_every)
    _report(sampler.samples, played, time.monotonic() - started)
    if sampler.first is not None:
        _growth_report(sampler.first)


if __name__ == "__main__":
    main()
