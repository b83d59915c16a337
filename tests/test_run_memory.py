"""A long run keeps nothing per match it has finished (issue 44: the arena's memory flat
during a run): what the run's progress, its bot pool and its JSON writer keep is bounded,
whatever the number of matches.  The figures are benchmarks/run_memory.py's."""

import sys
from pathlib import Path

import pytest
import trio
import trio.testing

import engine
from arena.play import open_bot_pool, play_match
from arena.records import BotEntry
from arena.run.progress import REST_WINDOW, EtaEstimator, match_kind

ROOT = Path(__file__).resolve().parent.parent
SAYS_PID = (sys.executable, str(ROOT / "tests" / "fixtures" / "bots" / "says_pid.py"))
FAST = match_kind(["random", "random-b"])
UNSEEN = match_kind(["greedy", "search"])


def test_the_estimate_of_a_new_kind_takes_the_median_of_the_recent_matches_only():
    # Time besides thinking: 5 s a match for a window's worth, then 1 s for as many more.
    # The median of them all would be 3 s; the estimator keeps the last window only.
    eta = EtaEstimator([FAST] * (2 * REST_WINDOW + 1), concurrency=1, started=0.0)
    now = 0.0
    for rest in [5.0] * REST_WINDOW + [1.0] * REST_WINDOW:
        now += rest + 0.5
        eta.finished(FAST, at=now, think=[0.25, 0.25])
    # greedy and search, never measured, think as the measured bots do: 0.25 s each.
    assert eta.expected(UNSEEN) == pytest.approx(1.0 + 0.25 + 0.25)


def test_the_window_still_starts_from_the_first_matches():
    eta = EtaEstimator([FAST] * 4, concurrency=1, started=0.0)
    for at in (6.0, 12.0, 13.0):  # 6, 6 and 1 s besides no thinking: the median is 6
        eta.finished(FAST, at=at, think=[0.0, 0.0])
    assert eta.expected(UNSEEN) == pytest.approx(6.0)


def test_the_pool_forgets_the_deals_of_the_seats_announced_once_they_are_seated(tmp_path):
    # Each table announces its seats (`expect`) before they ask; an 8,000-match run has
    # 2,000 tables, and what was announced must not stay once the seats have asked.
    entries = {"p": BotEntry("p", command=SAYS_PID), "q": BotEntry("q", command=SAYS_PID)}
    game = engine.load("conto", players=3)

    async def main():
        async with open_bot_pool(entries, tmp_path, game="conto") as pool:
            for deals in (11, 12, 13):  # three tables, one after another
                seats = ["p", "q", "q"]
                for name in seats:
                    pool.expect(name, deals)
                await trio.testing.wait_all_tasks_blocked()
                await play_match(game, [pool.seat(name, deals) for name in seats], seed=deals, deals=1)
            return {name: dict(counts) for name, counts in pool._expected.items()}, dict(pool.starts)

    announced, starts = trio.run(main)
    assert announced == {"p": {}, "q": {}}
    assert starts == {"p": 1, "q": 2}, "the tables reused the processes"
