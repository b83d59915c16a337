"""How many worker processes a run uses when neither the file nor --workers says: the
environment's ARENA_WORKERS, or the cores this process may run on."""

from __future__ import annotations

import os

from arena.errors import Problem

__all__ = ["WORKERS_ENV", "default_workers", "usable_cores", "workers_env_problem"]

#: The environment variable that gives the default number of worker processes.
WORKERS_ENV = "ARENA_WORKERS"


def default_workers(concurrency: int) -> int:
    """Worker processes when neither the file nor --workers says: the environment's
    ARENA_WORKERS, or else one per core this process may run on, never more than the
    matches played at once (a worker with nothing to play only costs its start)."""
    given = os.environ.get(WORKERS_ENV, "").strip()
    if given and workers_env_problem() is None:
        return int(given)
    return max(1, min(usable_cores(), concurrency))


def usable_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        return os.cpu_count() or 1


def workers_env_problem() -> Problem | None:
    given = os.environ.get(WORKERS_ENV, "").strip()
    # isascii: str.isdigit() also passes '²', which int() refuses.
    if not given or (given.isascii() and given.isdigit() and 1 <= int(given) <= 1_000):
        return None
    return Problem("environment", None, WORKERS_ENV, f"must be a whole number from 1 to 1000, not {given!r}.")
