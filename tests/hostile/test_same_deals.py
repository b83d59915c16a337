"""A bot process never plays two matches dealt from the same deals: the rotations of a
table, one after another or at once, and copies of a bot at one table, each get a process
of their own, so no process has seen a deal's showdown before it plays that deal.
Processes are reused across different deals."""

import re
import sys
from collections import defaultdict
from pathlib import Path

import pytest
import trio
import trio.testing
from test_tournament import arena, write_tournament

import engine
from arena.play import open_bot_pool, play_match
from arena.records import BotEntry, MatchRecord

ROOT = Path(__file__).resolve().parents[2]
SAYS_PID = (sys.executable, str(ROOT / "tests" / "fixtures" / "bots" / "says_pid.py"))
GAME = engine.load("conto", players=3)


def _pids(record: MatchRecord, seat: int) -> set[str]:
    return {c.text.split()[1] for c in record.comments if c.seat == seat}


def test_rotations_of_one_table_and_copies_at_it_each_get_their_own_process(tmp_path):
    entries = {"p": BotEntry("p", command=SAYS_PID), "q": BotEntry("q", command=SAYS_PID)}

    async def main():
        async with open_bot_pool(entries, tmp_path, game="conto") as pool:
            played: dict[str, MatchRecord] = {}

            async def play(key: str, seats: list[str], deals: int) -> None:
                played[key] = await play_match(
                    GAME, [pool.seat(name, deals) for name in seats], seed=deals, deals=2, match_id=key
                )

            await play("t1-p1", ["p", "q", "q"], 11)  # copies of q at one table
            async with trio.open_nursery() as nursery:  # two more rotations of those deals, at once
                nursery.start_soon(play, "t1-p2", ["q", "p", "q"], 11)
                nursery.start_soon(play, "t1-p3", ["q", "q", "p"], 11)
            await play("t2-p1", ["p", "q", "q"], 12)  # new deals: processes are reused
            return played, len(pool.processes("p")), len(pool.processes("q"))

    played, p_processes, q_processes = trio.run(main)
    one_table = [played[key] for key in ("t1-p1", "t1-p2", "t1-p3")]
    p_pids = [_pids(record, record.names.index("p")) for record in one_table]
    assert all(len(pids) == 1 for pids in p_pids)
    assert len(set.union(*p_pids)) == 3, "each rotation of the same deals had a process of its own"
    q_pids = [_pids(record, seat) for record in one_table for seat, name in enumerate(record.names) if name == "q"]
    assert len(set.union(*q_pids)) == 6, "q's two seats in three rotations: six processes"
    assert p_processes == 3 and q_processes == 6, "the next table reused them: no new process"
    later = played["t2-p1"]
    assert _pids(later, 0) <= set.union(*p_pids)


def test_the_processes_an_announced_match_needs_start_before_it_asks_and_no_more(tmp_path):
    entries = {"p": BotEntry("p", command=SAYS_PID), "q": BotEntry("q", command=SAYS_PID)}

    async def main():
        async with open_bot_pool(entries, tmp_path, game="conto") as pool:
            for name in entries:
                await pool.hello(name)  # one process each, as a run starts
            rotations = {"t1-p1": ["p", "q", "q"], "t1-p2": ["q", "p", "q"]}
            for seats in rotations.values():  # both announced before either plays
                for name in seats:
                    pool.expect(name, 11)
            await trio.testing.wait_all_tasks_blocked()
            announced = dict(pool.starts)
            played = {}
            for key, seats in rotations.items():
                played[key] = await play_match(
                    GAME, [pool.seat(name, 11) for name in seats], seed=11, deals=2, match_id=key
                )
            return announced, dict(pool.starts), played

    announced, after, played = trio.run(main)
    assert announced == {"p": 2, "q": 4}, "two rotations need p twice and q four times: started when announced"
    assert after == announced, "the matches found their processes started: none was started when they asked"
    pids = [_pids(record, seat) for record in played.values() for seat in range(3)]
    assert len(set.union(*pids)) == 6, "still a process of its own for every seat of the same deals"


@pytest.mark.parametrize("workers", ["1", "2"])
def test_in_a_tournament_no_process_plays_a_table_twice(tmp_path, workers):
    says_pid = ["python", "tests/fixtures/bots/says_pid.py"]
    path = write_tournament(tmp_path, "pids", dict.fromkeys("abcd", says_pid), seats=3, deals=2, concurrency=3)
    run = arena("run", path, "--workers", workers)
    assert "12 matches played" in run.stdout
    log = (tmp_path / "logs" / "arena.log").read_text()
    seen = re.findall(r"match (r\d+-t\d+-p\d+): seat \d \((\w+)\) says: pid (\w+)", log)
    by_process: dict[tuple[str, str], set[str]] = defaultdict(set)
    for key, bot, pid in seen:
        by_process[(bot, pid)].add(key)
    for (bot, pid), keys in by_process.items():
        tables_played = [key.rsplit("-", 1)[0] for key in keys]
        assert len(tables_played) == len(set(tables_played)), f"{bot} process {pid} played {sorted(keys)}"
    assert len(by_process) > 4, "the rotations were spread over several processes per bot"
