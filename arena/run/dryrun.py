"""`arena run FILE --dry-run`: what a run would do, and about how long it would take.

Nothing is written: not the results file, not the bots' logs (they go to a temporary
folder, removed on the way out).  The preview holds

- the schedule: every table with its bots, the matches left to play, and each bot's
  matches and deals;
- the bots' start check: each gRPC bot started and asked for its Hello, as a run would
  (a stdio bot is started by its first match, so the timing sample checks it);
- an estimate of the run's time from a short timing sample: a match of a few deals at
  as few tables as it takes for every bot to play, as the run would play them.  Each
  bot's mean time per decision, the decisions per seat and deal, and the arena's own
  time per deal then price every match left, and each bot's start-up time its
  processes (one per rotation of a table); the sum is divided by the concurrency.  A
  match of a game with its own end (invido: first to 24 points) is priced at the
  game's typical length (`GameSpec.typical_deals`, measured), not at its cap of deals:
  priced at the cap, the shipped invido run was estimated at 11 minutes and took 54 s.
  Measured (2026-11-27, 2 cores under a load of 13 to 20): the shipped invido run, 600
  matches, 20.4 giocate a match on average, is estimated at 300 s (2,918 s priced at the
  cap of 200) and played in 383 s; again (2026-11-28, load 2.7 to 6), estimated at
  4 min and played in 191 s.
  Bots that think longer in later deals, or a machine busier than during the sample,
  make the run longer.  A bot that did not start (or, at an `address`, did not answer
  its Hello) sits at no table of the sample, and the matches it would play are left out
  of the estimate: seated, it cost the sample its start-up wait again (20 s), which the
  estimate then charged to every deal as the arena's own time (81 s for three matches
  of four deals, none of which a run would play).
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

from arena.errors import BotFault
from arena.play import open_bot_pool, play_match
from arena.protocol import IN_PROCESS
from arena.records import FaultKind, MatchRecord, MatchSlot, TimeUse
from arena.run.plan import TournamentPlan
from engine import GameSpec

__all__ = ["DryRun", "dry_run", "expected_deals", "sample_tables", "SAMPLE_DEALS"]

#: Deals in the timing sample (fewer when the match has fewer).
SAMPLE_DEALS = 3


@dataclass(frozen=True)
class DryRun:
    """What `dry_run` found."""

    tables: tuple[tuple[str, ...], ...]
    matches_left: int
    matches_per_bot: dict[str, int]
    deals_per_bot: dict[str, int]
    #: Per bot: None when it started and said Hello, else why not.
    starts: dict[str, str | None]
    #: The timing sample: one match per table needed for every bot to play once.
    samples: tuple[MatchRecord, ...]
    #: Each sample's wall time, in seconds.
    sample_seconds: tuple[float, ...]
    #: What the estimate is made of: each bot's mean seconds per decision, the
    #: decisions per seat and deal, and the arena's own seconds per deal.
    think: dict[str, float]
    decisions_per_seat_deal: float
    overhead_per_deal: float
    #: Per gRPC bot: seconds from starting its process to its Hello.
    start_seconds: dict[str, float]
    #: Processes of each bot a run starts: one per rotation of a table at least, since
    #: no process plays the same deals twice (arena.play.pool).
    processes_per_bot: int
    #: The deals a match is priced at: the tournament's, or for a game with its own end
    #: the game's typical length when that is fewer (the deals are then a cap).
    deals_per_match: float

    @property
    def not_started(self) -> list[str]:
        """The bots that did not start, or did not answer their Hello."""
        return _not_started(self.starts)

    def playable(self, todo: Sequence[MatchSlot]) -> list[MatchSlot]:
        """The matches of `todo` whose bots all started: those a run plays (with
        --allow-faulty, which leaves the others for a later run)."""
        missing = set(self.not_started)
        return [slot for slot in todo if missing.isdisjoint(slot.names)]

    def estimate(self, todo: Sequence[MatchSlot], concurrency: int) -> float | None:
        """The run's seconds: every playable match left, each deal costing the arena's
        time plus its bots' thinking, `concurrency` matches at once."""
        playable = self.playable(todo)
        if not self.samples or not playable:
            return None
        total = sum(self.start_seconds.values()) * (self.processes_per_bot - 1)
        for slot in playable:
            thinking = sum(self.think.get(name, 0.0) for name in slot.names) * self.decisions_per_seat_deal
            total += self.deals_per_match * (self.overhead_per_deal + thinking)
        return total / max(1, min(concurrency, len(playable)))


def expected_deals(spec: GameSpec, deals: int) -> float:
    """The deals a match of `deals` is expected to play: all of them, unless the game
    ends a match by its own rule sooner (`GameSpec.typical_deals`)."""
    return deals if spec.typical_deals is None else min(float(deals), spec.typical_deals)


def sample_tables(schedule: Sequence[MatchSlot], limit: int = 4, without: Collection[str] = ()) -> list[MatchSlot]:
    """First matches of tables until every bot plays in one (at most `limit`), each the
    table with the most bots not yet sampled (the first in schedule order among equals):
    taken in schedule order, invido's six bots filled the four tables with random's
    pairings and left ISMCTS, the slowest, out of the estimate.  No table seats a bot
    named in `without` (those that did not start)."""
    firsts = [slot for slot in schedule if slot.rotation == 0 and not set(slot.names) & set(without)]
    chosen: list[MatchSlot] = []
    covered: set[str] = set()
    while firsts and len(chosen) < limit:
        best = max(firsts, key=lambda slot: len(set(slot.names) - covered))
        if set(best.names) <= covered:
            break
        chosen.append(best)
        covered.update(best.names)
    return chosen


async def _check_and_sample(
    plan: TournamentPlan, log_dir: Path
) -> tuple[dict[str, str | None], dict[str, float], list[MatchRecord], list[float]]:
    config = plan.config
    entries = {bot.name: bot for bot in config.bots}
    starts: dict[str, str | None] = {}
    start_seconds: dict[str, float] = {}
    samples: list[MatchRecord] = []
    seconds: list[float] = []
    async with open_bot_pool(entries, log_dir, game=config.game) as pool:
        for bot in config.bots:
            starts[bot.name] = None
            if bot.protocol == "stdio":
                continue  # started by its first match: the sample checks it
            began = time.monotonic()
            try:
                await pool.hello(bot.name)
            except BotFault as failure:
                starts[bot.name] = f"{failure.kind.value}: {failure.reason}"
            else:
                if bot.protocol != IN_PROCESS:  # its class answered: no process was started
                    start_seconds[bot.name] = time.monotonic() - began
        for slot in sample_tables(plan.schedule, without=_not_started(starts)):
            began = time.monotonic()
            samples.append(
                await play_match(
                    plan.game,
                    [pool.seat(name, slot.seed) for name in slot.names],
                    seed=slot.seed,
                    deals=min(SAMPLE_DEALS, config.deals),
                    time_controls=[config.time_control_of(name) for name in slot.names],
                    match_id=f"dry-run-{slot.key}",
                )
            )
            seconds.append(time.monotonic() - began)
    for sample in samples:
        for fault in sample.faults:
            if fault.kind is FaultKind.START and starts.get(fault.bot) is None:
                starts[fault.bot] = f"start: {fault.reason}"
    return starts, start_seconds, samples, seconds


def _not_started(starts: dict[str, str | None]) -> list[str]:
    """The bots whose start check found a problem."""
    return [name for name, problem in starts.items() if problem is not None]


async def dry_run(plan: TournamentPlan) -> DryRun:
    """Preview `plan`: its schedule, its bots' start, a timing sample; writes nothing."""
    config = plan.config
    matches: Counter[str] = Counter()
    seats: Counter[str] = Counter()
    for slot in plan.todo:
        matches.update(set(slot.names))
        seats.update(slot.names)
    logs = Path(tempfile.mkdtemp(prefix="arena-dry-run-"))
    kept = False
    try:
        starts, start_seconds, samples, seconds = await _check_and_sample(plan, logs)
        # A bot that did not start, or faulted in the sample, is reported with "(see
        # <its log here>)": the folder stays for its author to read, as check-bot's does.
        kept = bool(_not_started(starts)) or any(s.faults for s in samples)
    finally:
        if not kept:
            shutil.rmtree(logs, ignore_errors=True)
    uses: dict[str, TimeUse] = {}
    seat_deals = 0
    overhead = 0.0
    played_deals = 0
    for sample, wall in zip(samples, seconds):
        deals = len(sample.result.deals)
        played_deals += deals
        seat_deals += deals * len(sample.names)
        overhead += wall - sum(use.total for use in sample.time_use())
        for name, use in zip(sample.names, sample.time_use()):
            uses[name] = uses[name] + use if name in uses else use
    decisions = sum(use.decisions for use in uses.values())
    deals_per_match = expected_deals(plan.game.spec, config.deals)
    return DryRun(
        # The first seating of each table of round 1, as the schedule seats it (a
        # partnership game's tables are partnerships, not subsets of single bots).
        tables=tuple(slot.names for slot in plan.schedule if slot.round == 1 and slot.rotation == 0),
        matches_left=len(plan.todo),
        matches_per_bot={bot.name: matches[bot.name] for bot in config.bots},
        deals_per_bot={bot.name: round(seats[bot.name] * deals_per_match) for bot in config.bots},
        starts=starts,
        samples=tuple(samples),
        sample_seconds=tuple(seconds),
        think={name: use.mean for name, use in uses.items()},
        decisions_per_seat_deal=decisions / seat_deals if seat_deals else 0.0,
        overhead_per_deal=max(0.0, overhead) / played_deals if played_deals else 0.0,
        start_seconds=start_seconds,
        processes_per_bot=config.seats if config.duplicate else 1,
        deals_per_match=deals_per_match,
    )
