"""Running tournaments: the schedule, the run itself, its policies and its progress.

plan = plan_tournament(config, store.completed_keys())
summary = await run_tournament(plan, store, policies=[SprtStop(config.sprt)], on_progress=ProgressPrinter().show)
"""

from arena.run.ledger import NotStarted, RunLedger, RunSummary
from arena.run.plan import TournamentPlan, plan_tournament
from arena.run.policies import LiveTable, RunPolicy, SprtStop
from arena.run.progress import Progress, ProgressPrinter
from arena.run.runner import Runner, open_runner, run_tournament
from arena.run.schedule import build_schedule, match_seed, tables_for

__all__ = [
    "LiveTable",
    "NotStarted",
    "Progress",
    "ProgressPrinter",
    "RunLedger",
    "RunPolicy",
    "RunSummary",
    "Runner",
    "SprtStop",
    "TournamentPlan",
    "build_schedule",
    "match_seed",
    "open_runner",
    "plan_tournament",
    "run_tournament",
    "tables_for",
]
