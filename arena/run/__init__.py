"""Running tournaments: the schedule, the run itself, and its progress.

plan = plan_tournament(config, store.completed_keys())
summary = await run_tournament(plan, store, on_progress=ProgressPrinter().show)
"""

from arena.run.progress import Progress, ProgressPrinter
from arena.run.schedule import build_schedule, match_seed, tables_for
from arena.run.tournament import RunSummary, TournamentPlan, plan_tournament, run_tournament

__all__ = [
    "Progress",
    "ProgressPrinter",
    "build_schedule",
    "match_seed",
    "tables_for",
    "RunSummary",
    "TournamentPlan",
    "plan_tournament",
    "run_tournament",
]
