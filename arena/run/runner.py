"""How a run is carried out: one `Runner` protocol, whichever machines play the matches.

    async with open_runner(config, cluster=None, allow_faulty=…, on_problem=…) as runner:
        store = ResultStore.open(…); plan = plan_tournament(…)
        summary = await run_tournament(plan, store, runner=runner, policies=[…], on_progress=…)

`open_runner` starts the run's bots where its matches are played and hands out the
runner: `InProcess` (one process, arena.run.tournament), `Workers` (``workers = N`` with
N > 1, arena.run.workers) or `Cluster` (a Dask cluster, arena.run.cluster); a bot that
does not start raises `BotStartError` before anything is written, unless `allow_faulty`.
`run_tournament` plays the plan with it: the runner plays every match of `plan.todo`,
`concurrency` at a time, and tells the run's `RunLedger` (arena.run.ledger) what became
of each; the ledger, written once for every runner, counts them, tells the run's
policies (arena.run.policies: the SPRT stop, the live table) and ``on_progress`` after
each, stops the run when a policy says so, and makes the `RunSummary`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Protocol

from arena.config import TournamentConfig, usable_cores
from arena.errors import UsageError
from arena.human.tables import seat_people
from arena.play import poll_for_answers
from arena.protocol import HUMAN
from arena.results import ResultStore
from arena.run.cluster import open_cluster
from arena.run.ledger import RunLedger, RunSummary
from arena.run.plan import TournamentPlan
from arena.run.policies import RunPolicy
from arena.run.progress import Progress
from arena.run.tournament import InProcess, StartProblem, open_started_bots
from arena.run.workers import open_workers

__all__ = ["Runner", "open_runner", "run_tournament"]


class Runner(Protocol):
    """Where and how a run's matches are played, its bots started (see the module docstring)."""

    @property
    def where(self) -> str:
        """Where the matches run, for the run's first line: "" in this process, else
        " in 2 worker processes", " on the Dask cluster …"."""

    @property
    def sandbox(self) -> str | None:
        """The "unsandboxed: …" line of where the bots run (None: every bot sandboxed)."""

    async def play(self, ledger: RunLedger) -> None:
        """Play every match of ``ledger.plan.todo`` not stopped by ``ledger.stopped()``,
        saving each to ``ledger.store`` and telling `ledger` what became of it."""


@asynccontextmanager
async def open_runner(
    config: TournamentConfig,
    *,
    cluster: str | None = None,
    allow_faulty: bool = False,
    on_problem: Callable[[StartProblem], None] | None = None,
) -> AsyncIterator[Runner]:
    """The runner of `config`, every bot started: on the Dask cluster at `cluster` when
    given (``local:N`` starts one), else in ``config.workers`` worker processes when
    there are more than one, else in this process.  A bot that does not start raises
    `BotStartError` unless `allow_faulty`; `on_problem` hears once of each bot that does
    not start, now or later in the run.  On leaving, every bot is stopped.

    A file with people in it (``human = true``) is played in this process, whatever its
    workers, where they play in the browser (arena/human/tables.py), and never on a
    cluster."""
    people = [bot.name for bot in config.bots if bot.protocol == HUMAN]
    if people and cluster is not None:
        raise UsageError(
            f"{', '.join(people)} {'is a person' if len(people) == 1 else 'are people'} (human = true), "
            f"{'who plays' if len(people) == 1 else 'who play'} in the browser of this machine: "
            "run the file without --cluster."
        )
    if people:
        poll_for_answers(config.concurrency, usable_cores())
        with seat_people(config) as humans:  # their page's address is printed
            async with open_started_bots(
                config, allow_faulty=allow_faulty, on_problem=on_problem, humans=humans
            ) as bots:
                yield InProcess(bots)
    elif cluster is not None:
        async with open_cluster(config, cluster, allow_faulty=allow_faulty, on_problem=on_problem) as on_cluster:
            yield on_cluster
    elif config.workers > 1:  # each worker decides for itself how it waits for answers
        async with open_workers(config, allow_faulty=allow_faulty, on_problem=on_problem) as workers:
            yield workers
    else:
        poll_for_answers(config.concurrency, usable_cores())
        async with open_started_bots(config, allow_faulty=allow_faulty, on_problem=on_problem) as bots:
            yield InProcess(bots)


async def run_tournament(
    plan: TournamentPlan,
    store: ResultStore,
    *,
    runner: Runner | None = None,
    policies: Sequence[RunPolicy] = (),
    on_progress: Callable[[Progress], None] | None = None,
    allow_faulty: bool = False,
    on_start_problem: Callable[[StartProblem], None] | None = None,
) -> RunSummary:
    """Play every match of `plan.todo` with `runner`, saving each to `store`.

    Without a runner, `open_runner(plan.config)` starts the bots first, with
    `allow_faulty` and `on_start_problem` (see there).  A match in which a bot never
    started, or that an internal error ended, is not saved (arena.run.ledger).  Each of
    `policies` is started before the first match and asked before each new one whether
    the run stops (arena.run.policies); they, then `on_progress`, see the progress once
    at the start and again after each match is saved or left.
    """
    if runner is None:
        async with open_runner(plan.config, allow_faulty=allow_faulty, on_problem=on_start_problem) as opened:
            return await run_tournament(plan, store, runner=opened, policies=policies, on_progress=on_progress)
    ledger = RunLedger(plan, store, policies, on_progress)
    for policy in policies:
        policy.start(plan, store)
    ledger.begin()
    try:
        await runner.play(ledger)
    finally:
        ledger.close()
    return ledger.summary()
