"""`arena run FILE --dry-run`: what a run would play, where, whether its bots start, and
about how long it would take (the preview itself: `arena.run.dryrun`); and the words a run
and its preview share for what is played (deals, time controls)."""

from __future__ import annotations

from functools import partial

from tabulate import tabulate

from arena.config import TournamentConfig
from arena.process import run_interruptibly
from arena.results import ResultStore
from arena.run import TournamentPlan, plan_tournament
from arena.run.dryrun import dry_run

__all__ = ["deals_text", "print_dry_run", "time_controls"]


def time_controls(config: TournamentConfig) -> str:
    own = [f"{bot.name} {bot.time_control}" for bot in config.bots if bot.time_control is not None]
    return str(config.time_control) + (f" ({', '.join(own)})" if own else "")


def print_dry_run(config: TournamentConfig, cluster: str | None, fresh: bool) -> int:
    """Print what a run would do, where, and about how long it would take (as played in
    this process); write nothing.  With `fresh`, the run it previews starts the file over."""
    done: frozenset[str] = frozenset()
    refusal, starts_over = "", ""
    generations: tuple[tuple[str, ...], ...] = ()
    if config.results.exists():
        with ResultStore.open_readonly(config.results) as store:
            info = store.info()
            held = len(store.completed_keys())
            generations = store.bot_generations
            grown = config.setup.grown_from(info.setup, generations)
            if held and (info.name, info.game) != (config.name, config.game):
                refusal = (
                    f"{config.results} holds {_count(held, 'match')} of another tournament, {info.name!r} "
                    f"({info.game}), which --fresh does not start over either; give this run its own --results."
                )
            elif fresh:
                generations = ()
                if held:
                    starts_over = f"{config.results} would start over, its {_count(held, 'match')} kept in a dated copy"
            elif info.fingerprint == config.setup.fingerprint() or grown is not None:
                done, generations = store.completed_keys(), grown or generations
            else:
                refusal = (
                    f"{config.results} holds matches of another setup "
                    f"({'; '.join(config.setup.changes_from(info.setup))}); give --fresh to start over, or another "
                    "--results."
                )
    plan = plan_tournament(config, done, "", generations)
    print(
        f"{config.name} (dry run, nothing is written): {plan.game.spec.title}, {len(config.bots)} bots, "
        f"{config.seats} seats, {len(plan.schedule)} matches of {deals_text(plan, config)}"
        + (" (duplicate deals)" if config.duplicate else "")
        + f", concurrency {config.concurrency}"
        + (f" on the Dask cluster {cluster}" if cluster is not None else _in_workers(config))
        + f", time {time_controls(config)}"
    )
    if refusal:
        print(f"A run would be refused: {refusal}")
    elif starts_over:
        print(f"--fresh: {starts_over} beside it.")
    elif done:
        print(f"Already in {config.results}: {len(done)} of {len(plan.schedule)} matches.")
    preview = run_interruptibly(partial(dry_run, plan))
    print(f"\n{_count(len(preview.tables), 'table')}:")
    for number, table in enumerate(preview.tables[:_TABLES_SHOWN], start=1):
        print(f"  table {number}: {', '.join(table)}")
    if len(preview.tables) > _TABLES_SHOWN:
        print(f"  … and {len(preview.tables) - _TABLES_SHOWN} more")
    rows = [
        (
            bot.name,
            preview.matches_per_bot[bot.name],
            preview.deals_per_bot[bot.name],
            "ok" if preview.starts.get(bot.name) is None else preview.starts[bot.name],
        )
        for bot in config.bots
    ]
    print()
    print(tabulate(rows, headers=("bot", "matches left", "deals left", "start check"), disable_numparse=True))
    if preview.samples:
        tables = "; ".join(", ".join(sample.names) for sample in preview.samples)
        deals = sum(len(sample.result.deals) for sample in preview.samples)
        print(
            f"\nTiming sample: {deals} deals at {_count(len(preview.samples), 'table')} ({tables}) "
            f"in {sum(preview.sample_seconds):.1f} s."
        )
        thinking = ", ".join(f"{name} {seconds * 1000:.0f} ms" for name, seconds in preview.think.items())
        print(
            f"Per decision: {thinking}; {preview.decisions_per_seat_deal:.1f} decisions per seat and deal; "
            f"the arena's own time {preview.overhead_per_deal * 1000:.0f} ms per deal."
        )
        if preview.start_seconds:
            started = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in preview.start_seconds.items())
            print(f"Start to Hello: {started}; {preview.processes_per_bot} processes per bot.")
        for sample in preview.samples:
            for fault in sample.faults:
                print(f"  fault in the sample: {fault}")
        typical = plan.game.spec.typical_deals
        if typical is not None and preview.deals_per_match < config.deals:
            print(
                f"{plan.game.spec.title} ends a match by its own rule: priced at {preview.deals_per_match:g} deals, "
                f"its measured mean length, not at the cap of {config.deals}."
            )
    failed = preview.not_started
    playable = preview.playable(plan.todo)
    estimate = preview.estimate(plan.todo, config.concurrency)
    if estimate is not None:
        print(
            f"Estimated time for the {_count(len(playable), 'match')} left"
            + (" whose bots all started" if failed else "")
            + f" at concurrency {min(config.concurrency, len(playable))}: about {_duration(estimate)}"
            + (f"; {_left_out(preview.matches_left - len(playable), failed)}." if failed else ".")
        )
    elif failed and preview.matches_left:
        print(
            f"\nNo timing sample and no estimate: every match left seats a bot that did not start or answer ({', '.join(failed)})."
        )
    if not preview.matches_left:
        print("\nNothing is left to play.")
    if failed:
        print(
            f"\n{_not_started(config, failed)}; see above. A run would stop before its first match (exit 2); "
            "with --allow-faulty it would play on, leaving their matches for a later run."
        )
        return 1
    return 0


_TABLES_SHOWN = 20


def _count(number: int, noun: str) -> str:
    plural = "es" if noun.endswith(("ch", "s")) else "s"
    return f"{number} {noun}{'' if number == 1 else plural}"


def _not_started(config: TournamentConfig, failed: list[str]) -> str:
    """Who did not start, a bot at an address (which the arena does not start) as not answering."""
    addresses = {bot.name: bot.address for bot in config.bots if bot.address is not None}
    started = [name for name in failed if name not in addresses]
    parts = [f"{', '.join(started)} did not start"] if started else []
    parts += [f"{name} did not answer at {addresses[name]}" for name in failed if name in addresses]
    return "; ".join(parts)


def _left_out(matches: int, failed: list[str]) -> str:
    """The matches the estimate leaves out, and why: no wait for a bot that never answered."""
    return (
        f"not counted, the {_count(matches, 'match')} of {', '.join(failed)}, which did not start or answer "
        "(a run does not play them)"
    )


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def deals_text(plan: TournamentPlan, config: TournamentConfig) -> str:
    """A match's deals, as a cap ("up to 200 deals") for a game that ends a match itself."""
    return f"{'up to ' if plan.game.spec.typical_deals is not None else ''}{config.deals} deals"


def _in_workers(config: TournamentConfig) -> str:
    """Where the matches of a run not on a cluster would run, for the dry run's first line."""
    return f" in {config.workers} worker processes" if config.workers > 1 else ""
