"""When a bot process serving two matches at once dies, each of them charges that seat
`crash` (with how the process ended), not `stopped`, and both matches go on."""

import asyncio
import sys
from pathlib import Path

import trio

import engine
from arena.errors import BotFault
from arena.play import grpc_loop, open_bot_pool, play_match
from arena.play.grpc_bot import PlayStream
from arena.records import BotEntry, FaultKind, MatchRecord

ROOT = Path(__file__).resolve().parents[2]
EXITS = (sys.executable, str(ROOT / "tests" / "fixtures" / "bots" / "exits_mid_match.py"))
RANDOM = (sys.executable, str(ROOT / "bots" / "random_bot.py"))


def test_a_process_that_dies_under_two_matches_is_a_crash_in_both(tmp_path):
    entries = {"exits": BotEntry("exits", command=EXITS), "r": BotEntry("r", command=RANDOM)}
    game = engine.load("conto", players=3)

    async def main() -> list[MatchRecord]:
        records: list[MatchRecord] = []
        async with open_bot_pool(entries, tmp_path, game="conto") as pool:
            await pool.hello("exits")  # one process, which both matches will share (other deals)

            async def play(deals: int) -> None:
                seats = [pool.seat("exits", deals), pool.seat("r", deals), pool.seat("r", deals)]
                records.append(await play_match(game, seats, seed=deals, deals=3, move_time=5.0))

            async with trio.open_nursery() as nursery:
                nursery.start_soon(play, 1)
                nursery.start_soon(play, 2)
            assert pool.starts["exits"] == 1, "both matches were served by one process"
        return records

    records = trio.run(main)
    assert len(records) == 2
    for record in records:
        first = next(f for f in record.faults if f.bot == "exits")
        assert first.kind is FaultKind.CRASH, [str(f) for f in record.faults]
        assert "exited with status 7" in first.reason
        assert len(record.result.deals) == 3


def test_a_crash_reported_between_two_decisions_is_not_turned_into_stopped_by_the_bots_close():
    """The pool reports the dead process on every stream (`fail`), then closes the bot,
    which cancels them: the next decision is still charged the crash, once, then the
    stream stays closed with that reason."""

    class Call:
        def cancel(self) -> None:
            pass

        async def read(self):
            await asyncio.Event().wait()  # the bot never answers

        async def write(self, message) -> None:
            pass

        async def done_writing(self) -> None:
            pass

    async def decisions() -> list[tuple[FaultKind, str]]:
        stream = PlayStream("exits", Call())
        stream.fail(BotFault(FaultKind.CRASH, "the process exited with status 7"))
        stream.cancel()
        faults = []
        for decision_id in (1, 2):
            try:
                await stream.decide_on_loop(b"", decision_id, 1.0)
            except BotFault as fault:
                faults.append((fault.kind, fault.reason))
        await stream.finish(0.0)
        return faults

    assert grpc_loop.submit(decisions()).result(timeout=10) == [
        (FaultKind.CRASH, "the process exited with status 7"),
        (FaultKind.CRASH, "stream already closed (the process exited with status 7)"),
    ]
