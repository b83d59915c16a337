"""The lines under the Elo table that say what the table alone does not: a schedule
played in part, public deals, bots outside the sandbox, CPU charged for use off turn."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence

from arena.records import StoredMatch

__all__ = ["PUBLIC_DEALS_NOTE", "elo_notes"]


#: Under the Elo table of a tournament whose deals anyone with its file could compute.
PUBLIC_DEALS_NOTE = (
    "Deals were public (public_deals = true): anyone with the tournament file could compute every hand, "
    "so a bot could have known them."
)


def elo_notes(
    matches: Sequence[StoredMatch], public_deals: bool, unsandboxed: Sequence[str], scheduled: int | None = None
) -> list[str]:
    """What the reader of the Elo table must know besides: a schedule played in part
    (`scheduled`: its matches), public deals, bots that ran outside the sandbox
    (`ResultStore.unsandboxed`), CPU charged for use off turn."""
    partial = scheduled is not None and 0 < len(matches) < scheduled  # no ratings to lean yet: no note
    notes = [_partial_note(matches, scheduled)] if partial and scheduled is not None else []
    notes += [PUBLIC_DEALS_NOTE] if public_deals else []
    notes += unsandboxed
    charged: dict[str, float] = defaultdict(float)  # the seats' times alone, not the bots' whole totals
    for match in matches:
        for name, use in zip(match.names, match.time_use):
            charged[name] += use.cpu.off_turn
    spenders = [f"{name} {seconds:.1f} s" for name, seconds in sorted(charged.items()) if seconds >= 0.05]
    if spenders:
        notes.append("CPU used while nothing was asked of them, charged to their clocks: " + ", ".join(spenders) + ".")
    return notes


def _partial_note(matches: Sequence[StoredMatch], scheduled: int) -> str:
    played = Counter(name for match in matches for name in set(match.names))
    least, most = min(played.values(), default=0), max(played.values(), default=0)
    return (
        f"Partial: {len(matches)} of the schedule's {scheduled} matches are played"
        + (f" (each bot in {least} to {most} of them)" if least != most else "")
        + ", so the bots have not yet met the same tables and opponents as often: the ratings lean on "
        "whom each has met so far."
    )
