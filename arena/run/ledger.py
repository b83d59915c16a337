"""What a run does with each match, kept alike whichever runner plays them: the tail every
runner shares (arena.run.runner).

A runner (one process, worker processes, a Dask cluster) plays the plan's matches and
tells the run's `RunLedger` what became of each: saved (`saved`, once the match is in
the results file), left because a bot of it had not started (`left`, with its
`NotStarted`), or ended by an internal error (`failed`, with its `MatchError`, logged
here).  The ledger counts them in the run's `Progress`, tells the run's policies
(arena.run.policies) and its ``on_progress`` after each, answers whether a new match may
start (`stopped`), and at the end writes the note of the matches left (`unstarted_note`)
and makes the `RunSummary`.

A match in which a bot never started is not final: it is not saved, and the note beside
the results file remembers it, so the next run plays it again and can say why.
"""

from __future__ import annotations

import json
import logging
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from arena.records import MatchRecord
from arena.results import ResultStore
from arena.run.match_errors import EXIT_MATCH_ERRORS, MatchError, error_notes, report
from arena.run.plan import TournamentPlan
from arena.run.policies import RunPolicy
from arena.run.progress import Progress

__all__ = [
    "NotStarted",
    "RunLedger",
    "RunSummary",
    "read_unstarted_note",
    "unstarted_note",
    "update_unstarted_note",
]

log = logging.getLogger("arena.tournament")


@dataclass(frozen=True)
class NotStarted:
    """A match not played because its bot `bot` had not started (a later run plays it)."""

    bot: str


@dataclass(frozen=True)
class RunSummary:
    scheduled: int
    already_done: int
    played: int
    seconds: float
    #: The matches left unsaved because a bot in them had not started: key -> that bot.
    unstarted: dict[str, str] = field(default_factory=dict)
    #: The matches left unsaved because an internal error ended them, in order.
    errors: tuple[MatchError, ...] = ()

    def notes(self, log_file: Path | None = None) -> list[str]:
        """The run's closing lines: the matches it left for a later run, and why
        (`log_file`: where the run's log with the errors' tracebacks is)."""
        lines = []
        if self.unstarted:
            by_bot = Counter(self.unstarted.values())
            count = len(self.unstarted)
            bots = ", ".join(f"{bot} in {n}" for bot, n in sorted(by_bot.items()))
            lines.append(
                f"{count} match{'' if count == 1 else 'es'} left unplayed because a bot had not started ({bots}); "
                "run the same command again once it starts to play them."
            )
        return lines + error_notes(self.errors, None if log_file is None else str(log_file))

    @property
    def exit_code(self) -> int:
        """`arena run`'s exit code after this run: `EXIT_MATCH_ERRORS` if an error ended a match."""
        return EXIT_MATCH_ERRORS if self.errors else 0


class RunLedger:
    """One run's account of its matches (see the module docstring)."""

    def __init__(
        self,
        plan: TournamentPlan,
        store: ResultStore,
        policies: Sequence[RunPolicy] = (),
        on_progress: Callable[[Progress], None] | None = None,
    ) -> None:
        self.plan = plan
        self.store = store
        self.progress = Progress(len(plan.schedule), plan.already_done)
        self.played = 0
        #: The matches left because a bot had not started: key -> that bot.
        self.unstarted: dict[str, str] = {}
        self.errors: list[MatchError] = []
        self._policies = tuple(policies)
        self._on_progress = on_progress
        self._started = time.monotonic()
        self._held = False  # within `batch`: one notice at its end

    def begin(self) -> None:
        """Tell the policies and ``on_progress`` where the run starts."""
        self._notify()

    def stopped(self) -> bool:
        """True once a policy says no new match should start."""
        return any(policy.should_stop() for policy in self._policies)

    def saved(self, record: MatchRecord) -> None:
        """A match is in the results file."""
        self.played += 1
        self.progress.add(record)
        self._notify()

    def left(self, key: str, why: NotStarted) -> None:
        """Match `key` is left for a later run: a bot of it had not started."""
        self.unstarted[key] = why.bot
        self.progress.leave()
        self._notify()

    def failed(self, error: MatchError) -> None:
        """A match is left for a later run: `error` ended it (logged here)."""
        report(error)
        self.errors.append(error)
        self.progress.fail(error)
        self._notify()

    @contextmanager
    def batch(self) -> Iterator[None]:
        """What is told within is told to the policies and ``on_progress`` once, at the end
        (a runner that handles what came back together)."""
        self._held = True
        try:
            yield
        finally:
            self._held = False
        self._notify()

    def _notify(self) -> None:
        if self._held:
            return
        for policy in self._policies:
            policy.after(self.progress)
        if self._on_progress is not None:
            self._on_progress(self.progress)

    def close(self) -> None:
        """At the end of the run: the note of the matches left (`update_unstarted_note`)."""
        update_unstarted_note(self.store, self.unstarted)

    def summary(self) -> RunSummary:
        plan = self.plan
        seconds = time.monotonic() - self._started
        return RunSummary(
            len(plan.schedule), plan.already_done, self.played, seconds, dict(self.unstarted), tuple(self.errors)
        )


# --- matches a bot never started in ----------------------------------------------------------


def unstarted_note(results: Path) -> Path:
    """The note beside `results` of the matches left unsaved because a bot had not started."""
    return results.with_name(results.stem + ".unstarted.json")


def read_unstarted_note(results: Path) -> dict[str, str]:
    """The note of `results` (see `unstarted_note`): match key -> the bot that had not started."""
    try:
        data = json.loads(unstarted_note(results).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    matches = data.get("matches") if isinstance(data, dict) else None
    if not isinstance(matches, dict):
        return {}
    return {str(key): str(bot) for key, bot in matches.items()}


def update_unstarted_note(store: ResultStore, unstarted: dict[str, str]) -> None:
    """At the end of a run: the note of `store` holds what an earlier run left and this one
    did not save, and what this one left (`unstarted`: match key -> bot)."""
    earlier = read_unstarted_note(store.path)
    done = store.completed_keys()
    _write_unstarted_note(store.path, {k: b for k, b in earlier.items() if k not in done} | unstarted)


def _write_unstarted_note(results: Path, unstarted: dict[str, str]) -> None:
    path = unstarted_note(results)
    try:
        if unstarted:
            text = json.dumps({"matches": dict(sorted(unstarted.items()))}, indent=1)
            path.write_text(text + "\n", encoding="utf-8")
        else:
            path.unlink(missing_ok=True)
    except OSError as error:  # the matches are replayed all the same; only the why is lost
        log.warning("cannot write %s: %s", path, error.strerror or error)
