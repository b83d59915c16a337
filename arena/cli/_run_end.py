"""What `arena run` prints when its matches are over, or it was interrupted: the tables over
the whole results file, the SPRT's verdict, the run's closing lines, and its exit code.

A run that could play no match because none of its bots' matches could start (every
match left has a bot that did not start, which ``--allow-faulty`` plays on past) ends as a
run without the flag does: with `BotStartError`, exit 2, saying so in a sentence.
"""

from __future__ import annotations

from arena.config import TournamentConfig
from arena.errors import BotStartError
from arena.process import EXIT_INTERRUPTED
from arena.results import ResultStore, elo_notes, elo_table, statistics_table
from arena.results.sprt import Decision, decided_state, sprt_state
from arena.run import RunSummary, TournamentPlan

__all__ = ["report_end", "nothing_played"]


def report_end(
    config: TournamentConfig, store: ResultStore, plan: TournamentPlan, summary: RunSummary | None, interrupted: bool
) -> int:
    """Print the end of a run over `store` (closed here); its exit code (BotStartError if no match could be played)."""
    total = len(plan.schedule)
    saved = len(store)
    stored = list(store.matches())
    unsandboxed = store.unsandboxed()
    decided = decided_state(store, plan.game, config.sprt) if config.sprt is not None else None
    store.close()
    nothing = None if interrupted else nothing_played(summary)
    if nothing is not None and not stored:  # no table of nothing: the sentence alone
        raise BotStartError(nothing, sorted(set(summary.unstarted.values())) if summary is not None else ())
    print()
    if interrupted:
        print(
            f"Interrupted: {saved} of {total} matches are saved in {config.results}; "
            f"run the same command again to play the remaining {total - saved}."
        )
    text, _ = elo_table(stored, plan.game, config.anchor, prior_games=config.prior_games)
    print(text)
    for note in elo_notes(stored, config.public_deals, unsandboxed, scheduled=total):
        print(note)
    stats = statistics_table(stored, plan.game)
    if stats:
        print()
        print(stats)
    if config.sprt is not None:
        sprt = config.sprt
        state = sprt_state(
            stored,
            plan.game,
            sprt.candidate,
            sprt.baseline,
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            prior_games=config.prior_games,
        )
        print()
        if decided is not None and (decided[0] < saved or state.decision is not decided[1].decision):
            matches, at = decided
            print(f"{at.verdict()} It decided over the first {matches} matches saved.")
            if state.decision is not at.decision:
                print(
                    f"The {saved - matches} matches under way then, saved since, leave the LLR at {state.llr:.2f} "
                    f"({state.bounds[0]:.2f}, {state.bounds[1]:.2f}): the decision stands, as a sequential test's "
                    "does where it first reaches a bound."
                )
        else:
            print(state.verdict())
        if (decided is not None or state.decision is not Decision.CONTINUE) and saved < total:
            print(f"The test stopped the run: {saved} of {total} matches are in {config.results}.")
    if interrupted or summary is None:
        return EXIT_INTERRUPTED if interrupted else 0
    if nothing is not None:
        raise BotStartError(nothing, sorted(set(summary.unstarted.values())))
    print(f"\n{summary.played} matches played in {summary.seconds:.0f} s; results in {config.results}")
    for note in summary.notes(config.logs / "arena.log"):
        print(note)
    return summary.exit_code  # 1 when an internal error ended a match (arena.run.match_errors)


def nothing_played(summary: RunSummary | None) -> str | None:
    """The sentence for a run that could play none of its matches because a bot of each had
    not started (None if it played one, had none to play, or an error ended them)."""
    if summary is None or summary.played or not summary.unstarted or summary.errors:
        return None
    bots = sorted(set(summary.unstarted.values()))
    count = len(summary.unstarted)
    one = len(bots) == 1
    who = bots[0] if one else ", ".join(bots[:-1]) + f" and {bots[-1]}"
    matches = "the match is" if count == 1 else f"the {count} matches are"
    return (
        f"no match could be played: {who} did not start (see above), and every match left has "
        f"{'it' if one else 'one of them'} at its table; {matches} left for a later run: "
        f"run the same command again once {'it starts' if one else 'they start'}."
    )
