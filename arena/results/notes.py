"""The lines under the Elo table that say what the table alone does not: a schedule
played in part, public deals, bots outside the sandbox, CPU charged for use off turn."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence

from arena.records import StoredMatch

__all__ = ["PUBLIC_DEALS_NOTE", "MatchTally", "elo_notes"]


#: Under the Elo table of a tournament whose deals anyone with its file could compute.
PUBLIC_DEALS_NOTE = (
    "Deals were public (public_deals = true): anyone with the tournament file could compute every hand, "
    "so a bot could have known them."
)


class MatchTally:
    """What the notes read of the matches, added one at a time (`add`), so a reader of a
    whole file holds none: how many, the matches each bot sat in, and the CPU charged
    to each bot for use off turn (its seats' times alone, not the bot's whole totals)."""

    def __init__(self) -> None:
        self.matches = 0
        self._sat_in: Counter[str] = Counter()
        self._off_turn: dict[str, float] = defaultdict(float)

    @classmethod
    def of(cls, matches: Iterable[StoredMatch]) -> MatchTally:
        tally = cls()
        for match in matches:
            tally.add(match.names, [use.cpu.off_turn for use in match.time_use])
        return tally

    def add(self, names: Sequence[str], off_turn: Iterable[float]) -> None:
        """A match's seats and the CPU seconds charged to each off turn (none: not measured)."""
        self.matches += 1
        self._sat_in.update(set(names))
        for name, seconds in zip(names, off_turn):
            self._off_turn[name] += seconds

    def sat_in(self) -> tuple[int, int]:
        """The fewest and the most matches a bot sat in (0, 0 for none)."""
        return min(self._sat_in.values(), default=0), max(self._sat_in.values(), default=0)

    def off_turn(self) -> list[tuple[str, float]]:
        """Each bot's CPU seconds charged off turn, by name."""
        return sorted(self._off_turn.items())


def elo_notes(
    matches: Sequence[StoredMatch] | MatchTally,
    public_deals: bool,
    unsandboxed: Sequence[str],
    scheduled: int | None = None,
) -> list[str]:
    """What the reader of the Elo table must know besides: a schedule played in part
    (`scheduled`: its matches), public deals, bots that ran outside the sandbox
    (`ResultStore.unsandboxed`), CPU charged for use off turn.  `matches`: the matches,
    or their `MatchTally` when the reader added them up as it read them."""
    tally = matches if isinstance(matches, MatchTally) else MatchTally.of(matches)
    partial = scheduled is not None and 0 < tally.matches < scheduled  # no ratings to lean yet: no note
    notes = [_partial_note(tally, scheduled)] if partial and scheduled is not None else []
    notes += [PUBLIC_DEALS_NOTE] if public_deals else []
    notes += unsandboxed
    spenders = [f"{name} {seconds:.1f} s" for name, seconds in tally.off_turn() if seconds >= 0.05]
    if spenders:
        notes.append("CPU used while nothing was asked of them, charged to their clocks: " + ", ".join(spenders) + ".")
    return notes


def _partial_note(tally: MatchTally, scheduled: int) -> str:
    least, most = tally.sat_in()
    return (
        f"Partial: {tally.matches} of the schedule's {scheduled} matches are played"
        + (f" (each bot in {least} to {most} of them)" if least != most else "")
        + ", so the bots have not yet met the same tables and opponents as often: the ratings lean on "
        "whom each has met so far."
    )
