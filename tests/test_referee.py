"""The referee with real bot processes over gRPC: a normal match, every fault kind."""

import logging
import os
import re
import sys
import threading
from pathlib import Path

import pytest
import trio

import engine
from arena.play import STOP_AFTER, open_bot_pool, play_match
from arena.records import BotEntry, FaultKind

ROOT = Path(__file__).resolve().parent.parent
BOTS = ROOT / "tests" / "fixtures" / "bots"
RANDOM = (sys.executable, str(ROOT / "bots" / "random_bot.py"))


def fixture(name: str) -> tuple[str, ...]:
    return (sys.executable, str(BOTS / f"{name}.py"))


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def run_match(tmp_path, seats, *, deals=3, move_time=2.0, memory_limit=2 * 1024**3, game=None):
    """Play one conto match; return the record and the pids the pool started."""
    game = game or engine.load("conto", players=len(seats))
    entries = {
        name: BotEntry(name, command=argv, memory_limit=memory_limit, startup_timeout=10.0) for name, argv in seats
    }
    pids = []

    async def main():
        async with open_bot_pool(entries, tmp_path / "logs", game=game.spec.name) as pool:
            record = await play_match(
                game, [pool.seat(name) for name, _ in seats], seed=7, deals=deals, move_time=move_time, match_id="t"
            )
            pids.extend(process.pid for process in pool.processes())
            return record

    record = trio.run(main)
    for pid in pids:
        assert not pid_alive(pid), f"bot process {pid} outlived the pool"
    return record


def test_a_match_between_real_bot_processes(tmp_path):
    record = run_match(tmp_path, [("r1", RANDOM), ("r2", RANDOM), ("r3", RANDOM), ("r4", RANDOM)], deals=4)
    assert record.faults == ()
    assert len(record.result.deals) == 4
    # Each deal of conto has exactly one loser, who pays one point.
    assert sum(record.standing) == 4
    assert all(sorted(d.ranks) == [0, 0, 0, 3] for d in record.result.deals)
    assert record.decisions > 4


def test_same_seed_and_deterministic_bots_give_the_same_match(tmp_path):
    seats = [("a", RANDOM), ("b", fixture("first_action")), ("c", RANDOM)]
    first = run_match(tmp_path / "1", seats)
    second = run_match(tmp_path / "2", seats)
    assert [e.text for e in first.history] == [e.text for e in second.history]


@pytest.mark.parametrize(
    "bot, kind, move_time, memory_limit",
    [
        ("never_starts", FaultKind.START, 2.0, None),
        ("hangs", FaultKind.TIMEOUT, 0.3, None),
        ("exits_mid_match", FaultKind.CRASH, 2.0, None),
        ("answers_9999", FaultKind.ILLEGAL, 2.0, None),
        ("garbage", FaultKind.MALFORMED, 2.0, None),
        ("wrong_id", FaultKind.MALFORMED, 2.0, None),
        ("floods", FaultKind.FLOOD, 2.0, None),
        ("oversized", FaultKind.OVERSIZED, 2.0, None),
        ("allocates", FaultKind.MEMORY, 5.0, 400 * 1024**2),
    ],
)
def test_each_broken_bot_gives_its_named_fault_and_the_match_ends(tmp_path, bot, kind, move_time, memory_limit):
    deals = 4
    record = run_match(
        tmp_path,
        [("broken", fixture(bot)), ("r1", RANDOM), ("r2", RANDOM)],
        deals=deals,
        move_time=move_time,
        memory_limit=memory_limit or 2 * 1024**3,
    )
    kinds = [f.kind for f in record.faults if f.bot == "broken"]
    assert kinds and kinds[0] is kind, record.faults
    assert all(f.bot == "broken" for f in record.faults), "only the broken bot is charged"
    assert len(record.result.deals) == deals, "the match went on to the end"
    # Every deal the broken bot faulted in, it lost; the others never lost those.
    for deal in record.result.deals:
        if deal.forfeit is not None:
            assert deal.forfeit == 0 and deal.ranks[0] == 2
    assert all(f.reason for f in record.faults)


def test_a_late_answer_is_dropped_and_logged_with_its_delay(tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="arena")
    record = run_match(
        tmp_path, [("late", fixture("late_once")), ("r1", RANDOM), ("r2", RANDOM)], deals=3, move_time=1.0
    )
    assert [(f.bot, f.kind) for f in record.faults] == [("late", FaultKind.TIMEOUT)]
    assert len(record.result.deals) == 3 and record.result.deals[0].forfeit == 0
    notes = [r.getMessage() for r in caplog.records if "came" in r.getMessage()]
    assert len(notes) == 1, caplog.text
    delay = int(re.search(r"came (\d+) ms after the request, past the 1000 ms limit", notes[0]).group(1))
    assert 1250 <= delay < 10000 and notes[0].startswith("bot late: its answer to decision ")


def test_a_bot_faulting_three_times_in_a_row_is_stopped(tmp_path):
    record = run_match(tmp_path, [("nines", fixture("answers_9999")), ("r1", RANDOM), ("r2", RANDOM)], deals=6)
    kinds = [f.kind for f in record.faults]
    assert kinds[:STOP_AFTER] == [FaultKind.ILLEGAL] * STOP_AFTER
    assert kinds[STOP_AFTER] is FaultKind.STOPPED
    assert len(kinds) == STOP_AFTER + 1, "a stopped bot is not asked again"
    assert record.standing[0] == 6, "it forfeits every deal"
    assert "out of range" in record.faults[0].reason and "9999" in record.faults[0].reason


def test_a_crashed_bot_is_restarted_for_the_next_match(tmp_path):
    game = engine.load("conto", players=3)
    entries = {
        "exits": BotEntry("exits", command=fixture("exits_mid_match")),
        "r": BotEntry("r", command=RANDOM),
    }

    async def main():
        async with open_bot_pool(entries, tmp_path, game="conto") as pool:
            records = []
            for match in range(2):
                records.append(
                    await play_match(
                        game, [pool.seat("exits"), pool.seat("r"), pool.seat("r")], seed=match, deals=2, move_time=2.0
                    )
                )
            return records, pool.starts["exits"]

    records, starts = trio.run(main)
    assert starts == 2
    assert all(any(f.kind is FaultKind.CRASH for f in r.faults) for r in records)
    assert "exited with status 7" in next(f.reason for f in records[0].faults if f.kind is FaultKind.CRASH)


def test_a_table_of_grpc_bots_is_driven_from_one_worker_thread_and_a_stdio_seat_from_trio(tmp_path):
    """The thread driver for gRPC tables (no hop through trio per decision), the trio
    driver as soon as a stdio seat sits at the table; both play the match through."""
    entries = {
        "r1": BotEntry("r1", command=RANDOM, startup_timeout=10.0),
        "r2": BotEntry("r2", command=RANDOM, startup_timeout=10.0),
        "r3": BotEntry("r3", command=RANDOM, startup_timeout=10.0),
        "awk": BotEntry("awk", command=(str(ROOT / "bots" / "stdio" / "first.awk"),), protocol="stdio"),
    }

    async def main():
        threads = {}
        async with open_bot_pool(entries, tmp_path / "logs", game="conto") as pool:
            for table in (("r1", "r2", "r3"), ("r1", "r2", "awk")):
                seen = threads[table] = set()
                record = await play_match(
                    engine.load("conto", players=len(table)),
                    [pool.seat(name) for name in table],
                    seed=3,
                    deals=2,
                    move_time=5.0,
                    on_event=lambda event, seen=seen: seen.add(threading.current_thread().name),
                )
                assert record.faults == () and len(record.result.deals) == 2
        return threads, threading.current_thread().name

    threads, trio_thread = trio.run(main)
    grpc_table, mixed_table = threads[("r1", "r2", "r3")], threads[("r1", "r2", "awk")]
    # The first deal is recorded as the match is set up, in trio; every later event
    # comes from the thread that drives the match (the gRPC loop).
    assert len(grpc_table - {trio_thread}) == 1, grpc_table
    assert mixed_table == {trio_thread}
