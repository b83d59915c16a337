"""Deals a second of random bots in-process against the same bots over gRPC, in one run.

    python benchmarks/inprocess.py [--games conto,vegas,invido] [--deals 40] [--matches 4] [--rounds 3]

For each game, a table of random bots (bots/random_bot.py's `RandomBot`, each seat its
own seed; four seats, or as many as the game allows: invido two) plays `--matches`
matches of `--deals` deals, timed, per round, in a process whose heap is settled first,
as `arena run`'s is (`settle_heap`):

- over gRPC: each seat a process of bots/random_bot.py served by `sdk.run`, as `arena run`
  starts it, one match at a time, then two at once (the best of one process on 2 cores:
  the bots think while the referee works); the processes are started and warmed by an
  untimed match first;
- in-process: the same class as ``module = "bots.random_bot:RandomBot"``, one match at a
  time (its bots share the referee's thread: more at once in one process cannot go
  faster), each request an `sdk.LazyDecisionRequest` (a random bot reads only its number
  of legal actions);
- each side also in as many worker processes as the machine has usable cores, one match
  at a time each, as ``arena run --workers N`` plays them (`in_processes`): in one
  process an in-process table uses one core, while a gRPC table's bots think on the
  other; the best of each side's ways is compared, in wall time and in CPU;
- the engine alone: the same number of deals played by `random.choice` on the legal
  actions, with no referee: the ceiling of any referee.

The rounds alternate the ways, since this machine's speed moves from one minute to the
next; compare the figures of one round (each says the load it ran at, and whether the
ways played the same matches).  Then where an in-process decision's CPU goes, in
microseconds: the engine's (the same moves replayed), the referee's (the same matches
with a bare seat that reads the request's number of legal actions), the SDK's and the
bot's (the rest); then what is not in that CPU: the seat's view, which a lazy request
makes only when read, the request's bytes (a bare seat given them, as a gRPC seat is),
and the rows arena run makes of each match to save it, whichever way it was played.

Measured on the 2-core machine the arena is developed on, shared with other work:
see docs/research.md ("In-process bots") for the figures and what they say.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, NamedTuple

import trio

import engine
from arena.config import usable_cores
from arena.play import (
    ProtobufRequests,
    RecordRequests,
    RequestFormat,
    SeatClient,
    open_bot_pool,
    play_match,
    poll_for_answers,
    settle_heap,
)
from arena.play.inprocess import InProcessAnswer, LazyRequests
from arena.protocol import IN_PROCESS
from arena.records import BotEntry, MatchRecord, MatchSlot
from arena.results.store import finished_rows
from arena.v1 import arena_pb2 as pb
from bots.seeds import seat_rng

ROOT = Path(__file__).resolve().parents[1]
SEATS = 4


def players_of(name: str) -> int:
    """`SEATS`, or as many as the game allows (invido: two)."""
    spec = engine.load(name).spec
    return max(spec.min_players, min(SEATS, spec.max_players))


def entries(in_process: bool, seats: int = SEATS) -> dict[str, BotEntry]:
    bots = {}
    for seat in range(seats):
        name = f"random{seat}"
        params = (f"--seed={seat}",)
        if in_process:
            bots[name] = BotEntry(name, command=("bots.random_bot:RandomBot", *params), protocol=IN_PROCESS)
        else:
            bots[name] = BotEntry(name, command=(sys.executable, str(ROOT / "bots/random_bot.py"), *params))
    return bots


class Timed(NamedTuple):
    """One way's timed matches: wall seconds, and CPU seconds of this process and of the
    bots' processes (their meters: `MatchRecord.cpu`); the deals played (fewer than asked
    where the game ends a match by its own rule: invido, first to 24); the records, in the
    seeds' order (none for the engine alone), by which the ways are checked to play the
    same matches."""

    wall: float
    cpu: float
    bots_cpu: float
    decisions: int
    deals: int = 0
    records: tuple[MatchRecord, ...] = ()
    #: When the timed matches began (`time.perf_counter`, one clock for every process).
    began: float = 0.0

    def deals_per_second(self) -> float:
        return self.deals / self.wall

    def deals_per_cpu_second(self) -> float:
        return self.deals / (self.cpu + self.bots_cpu)


async def timed_matches(
    game: engine.Game,
    bots: dict[str, BotEntry],
    seeds: Sequence[int],
    deals: int,
    at_once: int,
    logs: Path,
    seat_for: Callable[[str, int], SeatClient] | None = None,
    ready: Callable[[], object] | None = None,
) -> Timed:
    """A match per seed, `at_once` at a time, after `at_once` untimed warm-up matches at
    once (which start the processes the timed ones reuse: none has played their deals).
    `seat_for(name, seed)`: the seats instead of the pool's; `ready()`, called once they
    are warm, waits for the other worker processes' (`in_processes`)."""
    poll_for_answers(at_once, usable_cores())
    bots_cpu = 0.0
    decisions = 0
    records: dict[int, MatchRecord] = {}
    async with open_bot_pool(bots, logs, game=game.spec.name) as pool:
        names = list(bots)

        async def one(seed: int, timed: bool) -> None:
            nonlocal bots_cpu, decisions
            seats = [(seat_for or pool.seat)(name, seed) for name in names]
            record = await play_match(game, seats, seed=seed, deals=deals, move_time=5.0, match_id=f"b{seed}")
            if timed:
                bots_cpu += sum(use.seconds for use in record.cpu if use is not None)
                decisions += sum(len(answered) for answered in record.latencies)
                records[seed] = record

        async with trio.open_nursery() as warming:  # a process of each bot per match at once
            for warm in range(at_once):
                warming.start_soon(one, -1 - warm, False)
        if ready is not None:
            ready()
        began, cpu = time.perf_counter(), time.process_time()
        limiter = trio.CapacityLimiter(at_once)

        async def limited(seed: int) -> None:
            async with limiter:
                await one(seed, True)

        async with trio.open_nursery() as nursery:
            for seed in seeds:
                nursery.start_soon(limited, seed)
        played = tuple(records[seed] for seed in seeds)
        deals_played = sum(len(record.result.deals) for record in played)
        wall = time.perf_counter() - began
        return Timed(wall, time.process_time() - cpu, bots_cpu, decisions, deals_played, played, began)


def _worker(
    name: str, seats: int, in_process: bool, seeds: Sequence[int], deals: int, logs: Path, barrier: Any, out: Any
) -> None:
    """One process of `in_processes`: its share of the matches, one at a time."""
    settle_heap()
    game = engine.load(name, players=seats)
    out.send(trio.run(timed_matches, game, entries(in_process, seats), seeds, deals, 1, logs, None, barrier.wait))


def in_processes(
    processes: int, game: engine.Game, in_process: bool, seeds: Sequence[int], deals: int, logs: Path
) -> Timed:
    """The matches shared by `processes` worker processes, one match at a time each, as
    `arena run --workers N` plays them: each started afresh (spawn, as arena run's) and
    warmed, then all timed from one moment to the last one's end."""
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(processes)
    pipes = [context.Pipe(duplex=False) for _ in range(processes)]
    workers = [
        context.Process(
            target=_worker,
            args=(game.spec.name, game.players, in_process, seeds[n::processes], deals, logs, barrier, pipes[n][1]),
        )
        for n in range(processes)
    ]
    for worker in workers:
        worker.start()
    shares: list[Timed] = [reading.recv() for reading, _ in pipes]
    for worker in workers:
        worker.join()
    began = min(share.began for share in shares)
    by_seed = {record.seed: record for share in shares for record in share.records}
    return Timed(
        max(share.began + share.wall for share in shares) - began,
        sum(share.cpu for share in shares),
        sum(share.bots_cpu for share in shares),
        sum(share.decisions for share in shares),
        sum(share.deals for share in shares),
        tuple(by_seed[seed] for seed in seeds),
        began,
    )


def same_matches(ways: Sequence[Timed]) -> bool:
    """Whether every way that kept its records played the same matches: the same
    histories, results and faults (none, for random bots)."""
    played = [[(r.history, r.result, r.faults) for r in way.records] for way in ways if way.records]
    return all(matches == played[0] for matches in played)


class BareSeat:
    """A seat that plays as bots/random_bot.py does (the same generator, so the same
    match) with no SDK: from the records themselves (`RecordRequests`), whose actions it
    keeps in `played` (by match id) for `engine_replay`; from the request's bytes parsed
    (`ProtobufRequests`); or from the lazy request an in-process bot gets
    (`LazyRequests`), of which it reads the number of legal actions."""

    cpu_meter = None

    def __init__(
        self,
        name: str,
        request_format: RequestFormat,
        played: dict[str, list[engine.Action]] | None = None,
    ) -> None:
        self.name = name
        self.request_format = request_format
        self.param = int(name.removeprefix("random"))  # entries(): random<seat> has --seed=<seat>
        self.played = played

    @asynccontextmanager
    async def open_play(self, start: pb.MatchStart) -> AsyncIterator[BareSeat]:
        self.rng = seat_rng(start.match_id, start.seat, self.param)
        self.actions = self.played.setdefault(start.match_id, []) if self.played is not None else None
        yield self

    def send(self, message: object) -> None:
        pass

    def cancel(self) -> None:
        pass

    async def decide(self, request: Any, decision_id: int, time_limit: float) -> InProcessAnswer:
        if self.request_format is ProtobufRequests:
            request = pb.RefereeMessage.FromString(request).decision_request
        index = self.rng.randrange(len(request.legal_actions))
        if self.actions is not None:
            self.actions.append(request.legal_actions[index])
        return InProcessAnswer(index, "")


def engine_replay(
    game: engine.Game, played: dict[str, list[engine.Action]], seeds: Sequence[int], deals: int, views: bool
) -> Timed:
    """The engine's work in the matches `played` (by match id): per decision, what the
    referee asks of it (the turn, the legal actions, apply) and, with `views`, the
    seat's view, which an in-process seat's request makes only when it is read."""
    began, cpu = time.perf_counter(), time.process_time()
    decisions = 0
    for seed in seeds:
        state = game.new_match(seed=seed, deals=deals)
        for action in played[f"b{seed}"]:
            turn = state.turn()
            assert turn is not None
            state.legal_actions()
            if views:
                state.view(turn.seat)
            state.apply(action)
            decisions += 1
    return Timed(time.perf_counter() - began, time.process_time() - cpu, 0.0, decisions)


def engine_alone(game: engine.Game, seeds: Sequence[int], deals: int) -> Timed:
    began, cpu = time.perf_counter(), time.process_time()
    decisions = deals_played = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_match(seed=seed, deals=deals)
        while not state.is_terminal():
            state.view(state.current_seat())  # as the referee does for each request of a gRPC seat
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        deals_played += len(state.deal_results())
    return Timed(time.perf_counter() - began, time.process_time() - cpu, 0.0, decisions, deals_played)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="conto,vegas,invido", help="comma-separated games")
    parser.add_argument("--deals", type=int, default=40, help="deals per match")
    parser.add_argument("--matches", type=int, default=4, help="timed matches per way and round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of every way, alternated")
    args = parser.parse_args()
    try:
        players = {name: players_of(name) for name in args.games.split(",")}
    except engine.EngineError as error:
        parser.error(f"--games: {error}")
    settle_heap()  # as arena run does, before any match
    logs = Path(tempfile.mkdtemp(prefix="arena-inprocess-"))
    cores = usable_cores()  # worker processes of the ways that use them, as `arena run --workers N`
    print(f"{cores} usable cores; {args.matches} matches of up to {args.deals} deals per way and round")
    print("each figure: deals/s of wall time, then deals per CPU-second (the referee's process and the bots')\n")
    ways = ["gRPC 1 at a time", "gRPC 2 at once", f"gRPC {cores} processes", "in-process", f"in-process {cores} proc."]
    ways.append("engine alone")
    grpc, inproc = slice(0, 3), slice(3, 5)  # the ways of each side; the best of each compared
    for name, seats in players.items():
        game = engine.load(name, players=seats)
        walls: list[float] = []
        cpus: list[float] = []
        print(f"{name} ({seats} seats)" + "".join(f"{way:>21s}" for way in ways) + "   best in-process / best gRPC")
        for round_ in range(args.rounds):
            seeds = [1000 * round_ + m for m in range(args.matches)]
            load = os.getloadavg()[0]
            timed = [
                trio.run(timed_matches, game, entries(False, seats), seeds, args.deals, 1, logs),
                trio.run(timed_matches, game, entries(False, seats), seeds, args.deals, 2, logs),
                in_processes(cores, game, False, seeds, args.deals, logs),
                trio.run(timed_matches, game, entries(True, seats), seeds, args.deals, 1, logs),
                in_processes(cores, game, True, seeds, args.deals, logs),
                engine_alone(game, seeds, args.deals),
            ]
            wall = [t.deals_per_second() for t in timed]
            cpu = [t.deals_per_cpu_second() for t in timed]
            walls.append(max(wall[inproc]) / max(wall[grpc]))
            cpus.append(max(cpu[inproc]) / max(cpu[grpc]))
            cells = "".join(f"{w:9.0f} {c:8.0f}    " for w, c in zip(wall, cpu))
            same = "" if same_matches(timed) else "   NOT THE SAME MATCHES"
            print(f"  round {round_ + 1}  {cells}   x{walls[-1]:.1f} wall, x{cpus[-1]:.1f} CPU   load {load:.1f}{same}")
        print(
            f"  in-process against the best gRPC: x{min(walls):.1f}-{max(walls):.1f} in wall time, "
            f"x{min(cpus):.1f}-{max(cpus):.1f} in CPU"
        )
        where_the_cpu_goes(game, args.matches, args.deals, logs)


def where_the_cpu_goes(game: engine.Game, matches: int, deals: int, logs: Path, repeats: int = 3) -> None:
    """An in-process decision's CPU, taken apart by playing the same matches (the same
    generators: the same decisions) without each part in turn, the least of `repeats`
    tries each: CPU time, which a busy machine disturbs far less than wall time."""
    seeds = [9000 + m for m in range(matches)]
    played: dict[str, list[engine.Action]] = {}
    bots = entries(True, game.players)

    def least(play: Callable[[], Timed]) -> float:
        tries = [play() for _ in range(repeats)]
        return min(t.cpu / t.decisions for t in tries)

    def in_trio(seat_for: Callable[[str, int], SeatClient] | None = None) -> Callable[[], Timed]:
        def play() -> Timed:
            played.clear()  # what the seats keep: of the last try only
            return trio.run(timed_matches, game, bots, seeds, deals, 1, logs, seat_for)

        return play

    full = least(in_trio())
    lazy = least(in_trio(lambda name, seed: BareSeat(name, LazyRequests)))
    parsed = least(in_trio(lambda name, seed: BareSeat(name, ProtobufRequests)))
    kept = in_trio()()
    rows = least(lambda: saved_rows(kept.records))
    least(in_trio(lambda name, seed: BareSeat(name, RecordRequests, played=played)))  # the moves, for the replay
    alone = least(lambda: engine_replay(game, played, seeds, deals, views=False))
    viewed = least(lambda: engine_replay(game, played, seeds, deals, views=True))
    print(
        f"  where an in-process decision's CPU goes ({kept.decisions / kept.deals:.1f} decisions a deal), microseconds:"
    )
    parts = {
        "the engine (turn, legal, apply)": alone,
        "the referee, the lazy request made": lazy - alone,
        "the SDK and the bot's act": full - lazy,
        "all": full,
        "(the seat's view, made only if read)": viewed - alone,
        "(the request's bytes, its view made, written, parsed)": parsed - lazy,
        "(the rows arena run saves, made at the end)": rows,
    }
    for part, cpu in parts.items():
        print(f"    {part:42s} {cpu * 1e6:7.1f}")
    print()


def saved_rows(records: Sequence[MatchRecord]) -> Timed:
    """The rows `arena run` makes of each finished match to save it (`finished_rows`: the
    history as JSON, the seats' statistics), whichever way it was played; left out of the
    figures above, as none of the ways saves."""
    began, cpu = time.perf_counter(), time.process_time()
    for record in records:
        finished_rows(MatchSlot(record.match_id, 1, 1, 0, record.seed, record.names), record)
    decisions = sum(len(answered) for record in records for answered in record.latencies)
    return Timed(time.perf_counter() - began, time.process_time() - cpu, 0.0, decisions)


if __name__ == "__main__":
    main()
