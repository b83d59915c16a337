"""Policies of a run: what it does between its matches, whichever runner plays them.

A policy is told the run's plan and results file before the first match (`start`), sees
the progress after each match saved or left (`after`, and once at the start), and is
asked before each new match whether the run should stop (`should_stop`): once one says
so, no match is started and those under way finish and are saved.

    summary = await run_tournament(plan, store, policies=[SprtStop(config.sprt), LiveTable(5)])

* `SprtStop`: the tournament's SPRT test (arena.results.sprt) after each saved match,
  over the results file so far (each match read once, fitted when a bound may have been
  reached: `SprtFollower`), its line said when fitted; the run stops once it decides.  The
  first crossing is the decision: it is noted in the file (`note_sprt_decided`) and
  stands, though the matches under way then, saved after it, may move the LLR back
  inside the bounds.  A resumed run stops at once when the file already decides, or
  decided before.
* `LiveTable`: the Elo table so far, every `every` matches this run saves (not after
  the last: the final table follows).

Each says what it has to say through a callable (`arena run` gives its progress
printer's `note`); by default to the ``arena.run`` log.  Both read the results file on
a read-only connection of their own, and a failure to read or fit it never stops the run.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from arena.records import SprtTest
from arena.results import ResultStore, elo_table
from arena.results.sprt import Decision, SprtFollower, SprtState, decided_state
from arena.results.summaries import FollowedResults, summarised_observations
from arena.run.plan import TournamentPlan
from arena.run.progress import Progress

__all__ = ["LiveTable", "RunPolicy", "SprtStop"]

log = logging.getLogger("arena.run")


def _to_log(text: str) -> None:
    log.info("%s", text)


class RunPolicy(Protocol):
    """What a run does between its matches (see the module docstring)."""

    def start(self, plan: TournamentPlan, store: ResultStore) -> None:
        """Before the first match: the run's plan and its results file (opened to write)."""

    def after(self, progress: Progress) -> None:
        """After each match saved or left, and once before the first."""

    def should_stop(self) -> bool:
        """Asked before each new match: true once no new match should start."""


class SprtStop:
    """Stop the run once the SPRT `test` decides (see the module docstring); `on_line`
    hears each line of the test and the note that it stopped the run."""

    def __init__(self, test: SprtTest, on_line: Callable[[str], None] = _to_log) -> None:
        self.test = test
        self._on_line = on_line
        #: The test over the stored matches, as last computed (None: not yet).
        self.state: SprtState | None = None
        #: The test where it first reached a bound: the decision, which stands.
        self.decided: SprtState | None = None
        self._follower: SprtFollower | None = None
        self._store: ResultStore | None = None
        self._done = -1  # progress.done when the test was last computed

    def start(self, plan: TournamentPlan, store: ResultStore) -> None:
        self._follower = SprtFollower(plan.game, self.test)
        store.note_sprt(self.test)
        self._store = store
        earlier = decided_state(store, plan.game, self.test)
        if earlier is not None:  # an earlier run of the file decided: nothing to start
            matches, self.decided = earlier
            self._on_line(f"{self.decided.line()} (after the first {matches} matches saved)")
        self._update()  # a resumed run stops at once when the file already decides

    def after(self, progress: Progress) -> None:
        if progress.done != self._done:
            self._done = progress.done
            if progress.done > progress.already_done:  # a match was saved: the test again
                self._update()

    def should_stop(self) -> bool:
        return self.decided is not None

    def _update(self) -> None:
        """The test over the results file so far, its line said; when it first decides,
        the decision noted in the file and a note that no new match is started."""
        assert self._follower is not None and self._store is not None, "start() comes first"
        before = self.state
        try:
            with ResultStore.open_readonly(self._store.path) as store:
                self.state = self._follower.update(store)
        except Exception as error:  # noqa: BLE001 - the test never stops the run by failing
            log.debug("the SPRT could not read the results", exc_info=True)
            self._on_line(f"SPRT: cannot read the results yet: {type(error).__name__}: {error}")
            return
        if self.state is before:  # not fitted again: the new matches cannot have reached a bound
            return
        self._on_line(self.state.line())
        if self.decided is None and self.state.decision is not Decision.CONTINUE:
            self.decided = self.state
            try:
                self._store.note_sprt_decided(self._follower.seen)
            except Exception:  # noqa: BLE001 - the run stops all the same; a rerun tests again
                log.warning("the SPRT's decision could not be noted in the results file", exc_info=True)
            self._on_line(
                f"SPRT decided {self.state.decision.value}: no new match is started; the matches under way "
                "finish and are saved."
            )


class LiveTable:
    """The Elo table so far, to `on_table` every `every` matches the run saves (see the
    module docstring)."""

    def __init__(self, every: int, on_table: Callable[[str], None] = _to_log) -> None:
        self.every = every
        self._on_table = on_table
        self._tabled = 0  # matches saved by this run when the last table was made
        self._plan: TournamentPlan | None = None
        self._results: Path | None = None
        # Each table reads only the matches saved since the last (their summaries hold
        # the observations): a run's tables cost in proportion to what is new.
        self._followed = FollowedResults()

    def start(self, plan: TournamentPlan, store: ResultStore) -> None:
        self._plan = plan
        self._results = store.path

    def after(self, progress: Progress) -> None:
        saved = progress.done - progress.already_done
        if saved and saved % self.every == 0 and saved != self._tabled and not progress.finished:
            self._tabled = saved
            self._on_table(self.text(progress.total))

    def should_stop(self) -> bool:
        return False

    def text(self, total: int) -> str:
        """The Elo table over the results file so far, as `arena run` prints it at the end;
        one line instead when it cannot be fitted yet (or cannot be read)."""
        assert self._plan is not None and self._results is not None, "start() comes first"
        config = self._plan.config
        game = self._plan.game
        try:
            with ResultStore.open_readonly(self._results) as store:
                matches, summaries = self._followed.read(store, store.info(), game)
            by_key = {summary.key: summary for summary in summaries}
            whole = all(match.key in by_key for match in matches)  # else one saved between the reads
            rated = summarised_observations([by_key[m.key] for m in matches], game) if whole and matches else None
            text, fitted = elo_table(matches, game, config.anchor, prior_games=config.prior_games, rated=rated)
        except Exception as error:  # noqa: BLE001 - a live table never stops the run
            log.debug("the live table failed", exc_info=True)
            return f"No table yet: {type(error).__name__}: {error}"
        head = f"After {len(matches)} of {total} matches:"
        if fitted is None:
            return f"{head} {text.splitlines()[0] if text else 'no ratings yet.'}"
        return f"\n{head}\n{text}\n"
