"""How the HTML report copes with a large tournament: 10,000 conto matches.

    python benchmarks/report_scale.py [--matches 10000] [--file /tmp/report-scale.sqlite] [--replays all|N]

Builds (once; kept at --file) a results file shaped like tournaments/conto.toml run for
many rounds: 6 bots at 4-seat tables (15 tables of 4 rotations per round), 12 deals a
match, played at random by the engine in this process (no bot processes: what is timed
is the report, not the play). Then `arena report`'s work (wall clock, and CPU in this
process and in the replay workers, since under a load from other work the wall clock
says little), its parts in one process (reading the matches and summaries, the sections,
a replay's phases), the page's size, and, in headless Chromium when it is installed
(Debian's `chromium`, driven by playwright), how long the page takes to open: from
navigation to the match list drawn and the page's load event, and how long one replay
takes to open (its chunk decoded).

Issue 44, 2026-11-28: the sections read the summaries stored with each match (no
history), and the page holds 300 replays (`--replays`, default 300) made by 2 worker
processes while the sections are made. On the 2-core machine at a load average of
32-37 from other work (so the wall clock is some 15 times an idle one's):
10,000 matches: 300.6 s wall; CPU 13.8 s in the report's process and 17.9 s in the
two workers, 31.7 s in all, which on 2 otherwise idle cores is about 16 s of wall clock
(the goal: 20 s); a 4.7 MB page (56 MB with every replay). In one process: the sections
5.2 s of CPU (of which 9 fits for Elo over the run and the table); the SPRT section,
timed apart on the same file with a test set (9 points), 4.1 s of CPU. A replay, per
match, at that load: decoding 55.9 ms, scenes 45.3, marks 89.1 (conto's odds: its cache
is cold in a worker that no longer computes the statistics first), replay data 44.5,
packing 31.4; 266 ms in all (an earlier run at load 27 gave 1.2 s: the wall clock at such
loads varies fourfold). Chromium, three runs at load 31-33: load event 4.45, 1.50,
1.35 s; match list drawn 5.07, 2.46, 1.93 s; a replay opened in 1131, 389, 207 ms.
Again as the load fell, the same day: at load 10-13, 54.6 s wall, CPU 12.6 s here and
18.8 s in the workers; reading matches and summaries 8.3 s, the sections 17.0 s (CPU 5.7
s); a replay 94 ms (decoding 20.0, scenes 16.1, marks 31.5, replay data 18.1, packing
8.5); Chromium: load event 1.27, 0.56, 0.75 s; match list drawn 1.82, 0.95, 0.85 s; a
replay opened in 171, 149, 341 ms.  At load 6.5-7.4: 59.7 s wall, CPU 13.9 s here and
21.5 s in the workers (35.4 s: about 18 s on 2 idle cores, the goal's 20 s met only by
that estimate: no idle machine was to be had); reading 6.6 s, the sections 8.2 s (CPU
7.6 s); a replay 87 ms; Chromium: load event 1.00, 1.30, 1.13 s; match list drawn 1.43,
1.63, 1.50 s; a replay opened in 209, 301, 261 ms.
Then, the replays' scenes compared as tuples and packed at gzip level 6, one worker
beside the report's process (not two), the fits given CheckedObservation and the last
point of Elo over the run taken from the table: at load 12-19, `arena report` 74.3 s
wall, 16.2 s CPU with its worker (`/usr/bin/time`; 19.8 s before these changes, the same
hour at load 6-8); this benchmark 58.5 s wall, CPU 6.4 s here and 9.0 s in the worker
(15.4 s: on 2 idle cores the two run side by side, about 10 s of wall clock); in one
process (`workers=0`) 14.4 and 16.0 s CPU in two runs. The sections 2.9 s CPU (3.7
before); a replay 108 ms at that load (decoding 29.6, scenes 24.1, marks 35.3, replay
data 7.2, packing 11.5). Chromium at load 12-14: load event 0.70, 1.28, 0.48 s; match
list drawn 1.14, 1.50, 0.82 s; a replay opened in 345, 425, 590 ms; the page 4.7 MB.
The same report with 500 replays, at load 28-29: 392.6 s wall, CPU 14.2 s here and
35.6 s in the workers (about 25 s on 2 idle cores: over the goal, hence 300).

Earlier figures, every match replayed and the statistics made from the histories:
2026-11-24, otherwise idle, 10,000 matches: the report 108.5 s on 2 processes, 56.1 MB;
per match: decoding 5.4 ms, statistics 4.5 ms, scenes 5.8 ms, replay data 4.6 ms,
packing 3.1 ms; Chromium: load event 0.50-0.58 s, match list drawn 0.56-0.63 s, a replay
opened in 56-75 ms. With the bluff lens's marks, 2026-11-27, load 8-16, 1,000 matches:
81.7 s, 10.0 MB; per match: decoding 15.3 ms, statistics 12.9, scenes 26.6, marks 9.8,
replay data 30.7, packing 12.2; Chromium: load event 0.49-1.39 s, a replay in 206-427 ms.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import os
import random
import resource
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from arena.cli.report import replay_count  # noqa: E402
from arena.config import load_tournament  # noqa: E402
from arena.records import MatchRecord, MatchSlot  # noqa: E402
from arena.report import DEFAULT_REPLAYS, Ratings, write_report  # noqa: E402
from arena.report._replay import CHUNK_MATCHES, pack, replay_data  # noqa: E402
from arena.report._sections import StoredResults, table_sections  # noqa: E402
from arena.results import ResultStore  # noqa: E402
from arena.results.summaries import stored_summaries  # noqa: E402

BOTS = ("random", "honest", "probabilist", "bluffer", "adaptive", "search")


def build(path: Path, matches: int) -> None:
    config = load_tournament(ROOT / "tournaments" / "conto.toml")
    tables = list(itertools.combinations(BOTS, 4))
    rounds = -(-matches // (len(tables) * 4))
    config = dataclasses.replace(config, results=path, rounds=rounds)
    game = engine.load("conto", players=4, **config.options)
    rng = random.Random(1)
    started, made = time.perf_counter(), 0
    with ResultStore.open(path, config) as store:
        for round_no in range(1, rounds + 1):
            for table_no, names in enumerate(tables, start=1):
                seed = round_no * 1000 + table_no
                for rotation in range(4):
                    if made == matches:
                        break
                    seated = names[rotation:] + names[:rotation]
                    state = game.new_match(seed=seed, deals=config.deals)
                    while not state.is_terminal():
                        state.apply(rng.choice(state.legal_actions()))
                    record = MatchRecord(
                        match_id=f"m{made}", game="conto", players=4, options=dict(game.options), seed=seed,
                        deals=config.deals, names=seated, result=state.result(), standing=state.standing(),
                        history=state.history, faults=(), comments=(), latencies=tuple(() for _ in seated),
                        seconds=0.5,
                    )  # fmt: skip
                    key = f"r{round_no}-t{table_no}-p{rotation + 1}"
                    store.save(MatchSlot(key, round_no, table_no, rotation, seed, seated), record)
                    made += 1
    print(f"built {path}: {made} matches in {time.perf_counter() - started:.0f} s")


def timed_report(path: Path, output: Path, replays: int | None, sample: int = 200) -> None:
    """`write_report` whole, then its parts in this process: reading what the sections
    need (the matches without history, the summaries), the sections, and the cost per
    match of a replay over `sample` matches: decoding a history, scenes, marks (the moves
    the statistics count), replay data and packing."""
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    start, before = time.perf_counter(), _cpu_seconds()
    written = write_report(path, output, Ratings(), replays=replays)
    total, used = time.perf_counter() - start, [after - then for after, then in zip(_cpu_seconds(), before)]
    print(
        f"report of {written} matches, replays {'all' if replays is None else replays}: {total:.1f} s on "
        f"{os.cpu_count()} cores (CPU: {used[0]:.1f} s in this process, {used[1]:.1f} s in the workers), "
        f"{output.stat().st_size / 1e6:.1f} MB; load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}"
    )
    store = ResultStore.open_readonly(path)
    info = store.info()
    game = engine.load(info.game, players=info.seats, **info.options)
    start = time.perf_counter()
    summaries = stored_summaries(store, game)[0]
    headers = list(store.matches(history=False))
    read = time.perf_counter() - start
    start, cpu_start = time.perf_counter(), time.process_time()
    table_sections(StoredResults(info, tuple(headers), tuple(summaries), ()), game, info.anchor, info.prior_games)
    print(
        f"  in one process: reading matches and summaries {read:.1f} s, the sections "
        f"{time.perf_counter() - start:.1f} s (CPU {time.process_time() - cpu_start:.1f} s)"
    )
    keys = [match.key for match in headers[:sample]]
    phases = dict.fromkeys(("decoding", "scenes", "marks", "replay data", "packing"), 0.0)
    for index in range(0, len(keys), CHUNK_MATCHES):
        tick = time.perf_counter()
        matches = [store.match(key) for key in keys[index : index + CHUNK_MATCHES]]
        phases["decoding"] += time.perf_counter() - tick
        tick = time.perf_counter()
        scenes = [game.scenes(match.history) for match in matches]
        phases["scenes"] += time.perf_counter() - tick
        tick = time.perf_counter()
        marks = [engine.counted_moments(game, match.history) for match in matches]  # the bluff lens
        phases["marks"] += time.perf_counter() - tick
        tick = time.perf_counter()
        replays_data = [replay_data(scene, match.names, mark) for scene, match, mark in zip(scenes, matches, marks)]
        phases["replay data"] += time.perf_counter() - tick
        tick = time.perf_counter()
        pack(replays_data)
        phases["packing"] += time.perf_counter() - tick
    store.close()
    per_match = {name: seconds / len(keys) * 1000 for name, seconds in phases.items()}
    print(
        f"  a replay, per match in one process, over {len(keys)}: "
        + ", ".join(f"{n} {ms:.1f} ms" for n, ms in per_match.items())
        + f"; {sum(per_match.values()):.0f} ms in all"
    )


def _cpu_seconds() -> tuple[float, float]:
    """CPU time (user and system) of this process and of its waited-for children: under a
    load from other work the wall clock says little, the CPU a report costs much more."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


def open_in_chromium(output: Path, runs: int = 3) -> None:
    chromium = shutil.which("chromium")
    if chromium is None:
        print("chromium is not installed: no browser timing")
        return
    from playwright.sync_api import sync_playwright

    flags = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=flags)
        for run in range(runs):
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            start = time.perf_counter()
            page.goto(output.as_uri(), wait_until="load")
            loaded = time.perf_counter() - start
            page.wait_for_selector("body[data-ready='1']")
            ready = time.perf_counter() - start
            start = time.perf_counter()
            page.check("#replay-filter")  # a large file's page lists some matches without a replay
            page.click("#match-list tbody .open-replay >> nth=6")
            page.wait_for_selector("#replay-step:has-text('/')")
            opened = page.evaluate("() => performance.getEntriesByName('replay-opened').at(-1).duration") / 1000
            navigation = page.evaluate(
                "() => { const n = performance.getEntriesByType('navigation')[0];"
                " return [n.domContentLoadedEventEnd, n.loadEventEnd]; }"
            )
            print(
                f"chromium run {run + 1}: load event {loaded:.2f} s (browser's own: DOMContentLoaded "
                f"{navigation[0] / 1000:.2f} s, load {navigation[1] / 1000:.2f} s), match list drawn {ready:.2f} s; "
                f"a replay opened in {opened * 1000:.0f} ms"
            )
            page.close()
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--file", type=Path, default=Path("/tmp/report-scale.sqlite"))
    parser.add_argument("--replays", type=replay_count, default=DEFAULT_REPLAYS, metavar="all|N")
    args = parser.parse_args()
    if not args.file.exists():
        build(args.file, args.matches)
    output = args.file.with_suffix(".html")
    timed_report(args.file, output, args.replays)
    open_in_chromium(output)


if __name__ == "__main__":
    main()
