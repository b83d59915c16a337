"""A match as a person reads it: per deal, a table of moves like the seed's, then the rest.

Generic over games: a move event gives its cells through `Event.columns()`; any other
event (a deal, a showdown, a forfeit) is printed as its text.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabulate import tabulate

import engine

__all__ = ["transcript"]


def transcript(history: Sequence[engine.Event], names: Sequence[str]) -> str:
    out: list[str] = []
    rows: list[list[str]] = []
    headers: list[str] = []

    def flush() -> None:
        if rows:
            out.append(tabulate(rows, headers=headers, tablefmt="github"))
            rows.clear()

    def named(text: str) -> str:
        for seat in sorted(range(len(names)), reverse=True):  # "seat 10" before "seat 1"
            text = text.replace(f"seat {seat}", f"{names[seat]} (seat {seat})")
        return text

    for event in history:
        cells = event.columns()
        seat = getattr(event, "seat", None)
        if cells is not None and seat is not None:
            headers = ["turn", "player", *(title for title, _ in cells)]
            rows.append([str(len(rows) + 1), names[seat], *(value for _, value in cells)])
            continue
        flush()
        out.append(named(event.text))
    flush()
    return "\n".join(out)
