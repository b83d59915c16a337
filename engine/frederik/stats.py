"""frederik per-seat statistics, counted from a match's full (referee) history.

What is counted, per seat:

- ``deals``: deals played; ``wins``: deals won (a shared win counts its share).
- ``turns``: its battle turns; by the action it took: ``passes``, ``draws`` (the top
  card), ``nth_draws`` (the N-th card), ``sets`` (a pair or three discarded to draw four
  or six), ``hides``, ``reveals``, ``swaps``, ``discards``, ``steals``.
- ``succeeded``: its reveals, swaps, discards and steals that took effect;
  ``interrupted``: those a seat interrupted; ``protected_against``: those the target
  protected.
- ``targeted``: the swaps, discards and steals aimed at its cards, and ``reveals_suffered``
  the reveals that made it turn a card up (or tried to); ``protections``: the answers in
  which it revealed a protecting card; ``interrupts``: the interrupts it made.
- ``hands_by_category``: its final hands by poker category, weakest first
  (`Category`'s order); ``forfeits``: deals it forfeited by a fault of its bot.

Counts add up over matches with ``+``.  `FrederikStats.COLUMNS` is the arena's
statistics table: each heading with its one-line explanation and its cell.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, ClassVar

from .._core import Event, SeatStats, StatsColumn
from .._stats import Moment
from .records import Acted, Category, DealEnded, Forfeited, Move, Outcome, Resolved, Responded

__all__ = ["FrederikMark", "FrederikStats", "frederik_moments", "frederik_statistics"]

_BY_KIND = {
    Move.PASS: "passes",
    Move.DRAW: "draws",
    Move.DRAW_NTH: "nth_draws",
    Move.DISCARD_PAIR: "sets",
    Move.DISCARD_TRIPLE: "sets",
    Move.HIDE: "hides",
    Move.REVEAL: "reveals",
    Move.SWAP_HIGHER: "swaps",
    Move.SWAP_LOWER: "swaps",
    Move.SWAP_EQUAL: "swaps",
    Move.DISCARD_HIGHER: "discards",
    Move.DISCARD_LOWER: "discards",
    Move.DISCARD_EQUAL: "discards",
    Move.STEAL_HIGHER: "steals",
    Move.STEAL_LOWER: "steals",
}
_SHORT = {
    "passes": "pass",
    "draws": "draw",
    "nth_draws": "draw N",
    "sets": "set",
    "hides": "hide",
    "reveals": "reveal",
    "swaps": "swap",
    "discards": "discard",
    "steals": "steal",
}
_CATEGORY_SHORT = ("HC", "P", "2P", "3K", "S", "F", "FH", "4K", "SF")


@dataclass(frozen=True)
class FrederikStats(SeatStats):
    deals: int = 0
    wins: float = 0.0
    turns: int = 0
    passes: int = 0
    draws: int = 0
    nth_draws: int = 0
    sets: int = 0
    hides: int = 0
    reveals: int = 0
    swaps: int = 0
    discards: int = 0
    steals: int = 0
    succeeded: int = 0
    interrupted: int = 0
    protected_against: int = 0
    targeted: int = 0
    reveals_suffered: int = 0
    protections: int = 0
    interrupts: int = 0
    hands_by_category: tuple[int, ...] = (0,) * len(Category)
    forfeits: int = 0

    def __add__(self, other: SeatStats) -> SeatStats:
        if type(other) is not type(self):
            return NotImplemented
        values: dict[str, Any] = {}
        for f in fields(self):
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            values[f.name] = (
                tuple(a + b for a, b in zip(mine, theirs, strict=True))
                if f.name == "hands_by_category"
                else mine + theirs
            )
        return FrederikStats(**values)

    COLUMNS: ClassVar[tuple[StatsColumn, ...]] = (
        StatsColumn("deals", "deals it played", lambda s: str(s.deals)),
        StatsColumn("wins %", "deals it won (a shared win counts its share)", lambda s: _percent(s.wins, s.deals)),
        StatsColumn(
            "actions used",
            "its battle turns by action: pass, draw (the top card), draw N (the N-th card), set (a pair or "
            "three discarded to draw), hide, reveal, swap, discard, steal",
            lambda s: " · ".join(f"{_SHORT[k]} {getattr(s, k)}" for k in _SHORT if getattr(s, k)) or "-",
        ),
        StatsColumn(
            "took effect %",
            "of its reveals, swaps, discards and steals, those neither protected nor interrupted",
            lambda s: _percent(s.succeeded, s.reveals + s.swaps + s.discards + s.steals),
        ),
        StatsColumn("interrupts", "interrupts it made (a matching card discarded)", lambda s: str(s.interrupts)),
        StatsColumn("interrupted", "its own actions another seat interrupted", lambda s: str(s.interrupted)),
        StatsColumn(
            "protections", "answers in which it revealed a card that protected its own", lambda s: str(s.protections)
        ),
        StatsColumn("targeted", "swaps, discards and steals aimed at its face-up cards", lambda s: str(s.targeted)),
        StatsColumn(
            "final hands %",
            "its final hands by poker category: HC high card, P pair, 2P two pair, 3K three of a kind, "
            "S straight, F flush, FH full house, 4K four of a kind, SF straight flush",
            lambda s: (
                " · ".join(
                    f"{_CATEGORY_SHORT[i]} {_percent(n, s.deals)}" for i, n in enumerate(s.hands_by_category) if n
                )
                or "-"
            ),
        ),
        StatsColumn("forfeits", "deals it forfeited by a fault of its bot, ranked last", lambda s: str(s.forfeits)),
    )
    SCORE_EXPLANATION: ClassVar[str] = "the share of deals the bot won (a win shared by k seats counts 1/k)"
    STANDING_EXPLANATION: ClassVar[str] = "deals won in the match so far (shared wins count their share)"

    @classmethod
    def moments(cls, history: Sequence[Event], players: int, options: Mapping[str, Any]) -> tuple[Moment, ...]:
        return frederik_moments(history)


def _percent(part: float, whole: int) -> str:
    # One decimal, as the Elo table's wins % beside it: 37.5 there and 38 here read as two figures.
    return f"{100 * part / whole:.1f}" if whole else "-"


def frederik_statistics(history: Sequence[Event], players: int) -> tuple[FrederikStats, ...]:
    """Per-seat `FrederikStats` of one match from its full history (see the module doc)."""
    counts: list[dict[str, object]] = [
        {f.name: (0.0 if f.name == "wins" else 0) for f in fields(FrederikStats) if f.name != "hands_by_category"}
        for _ in range(players)
    ]
    categories = [[0] * len(Category) for _ in range(players)]
    for event in history:
        if isinstance(event, Acted):
            tally = counts[event.seat]
            kind = event.action.kind
            tally["turns"] += 1  # type: ignore[operator]
            tally[_BY_KIND[kind]] += 1  # type: ignore[operator]
            if kind is Move.REVEAL:
                counts[event.action.seat]["reveals_suffered"] += 1  # type: ignore[index, operator]
        elif isinstance(event, Responded) and (answer := _answer(event)) is not None:
            counts[event.seat][_ANSWER_COUNT[answer]] += 1  # type: ignore[operator]
        elif isinstance(event, Resolved):
            tally = counts[event.seat]
            if event.outcome is Outcome.DONE:
                tally["succeeded"] += 1  # type: ignore[operator]
            elif event.outcome is Outcome.INTERRUPTED:
                tally["interrupted"] += 1  # type: ignore[operator]
            else:
                tally["protected_against"] += 1  # type: ignore[operator]
            if event.action.kind is not Move.REVEAL:
                counts[event.target_seat]["targeted"] += 1  # type: ignore[operator]
        elif isinstance(event, Forfeited):
            counts[event.seat]["forfeits"] += 1  # type: ignore[operator]
        elif isinstance(event, DealEnded):
            for hand in event.hands:
                counts[hand.seat]["deals"] += 1  # type: ignore[operator]
                counts[hand.seat]["wins"] += event.scores[hand.seat]  # type: ignore[operator]
                categories[hand.seat][hand.category.value] += 1
    return tuple(
        FrederikStats(**c, hands_by_category=tuple(categories[s]))  # type: ignore[arg-type]
        for s, c in enumerate(counts)
    )


class FrederikMark(StrEnum):
    """What a marked frederik answer counts as."""

    INTERRUPT = "interrupt"
    PROTECTION = "protection"


_ANSWER_COUNT = {FrederikMark.INTERRUPT: "interrupts", FrederikMark.PROTECTION: "protections"}
_ANSWER_DETAIL = {
    FrederikMark.INTERRUPT: "a matching card discarded to stop seat {actor}'s action",
    FrederikMark.PROTECTION: "a card revealed that protects its own against seat {actor}'s action",
}


def _answer(event: Responded) -> FrederikMark | None:
    """What an answer counts as (None: it let the action pass): the one reading of the
    interrupt and protection counts and their marks."""
    if event.action.kind is Move.PASS:
        return None
    return FrederikMark.PROTECTION if event.action.kind is Move.PROTECT else FrederikMark.INTERRUPT


def frederik_moments(history: Sequence[Event]) -> tuple[Moment, ...]:
    """Each interrupt and protection of one match, marked for the seat that made it."""
    marks: list[Moment] = []
    actor: int | None = None  # the seat whose declared action the answers are to
    for index, event in enumerate(history):
        if isinstance(event, Acted):
            actor = event.seat
        elif isinstance(event, Responded) and (answer := _answer(event)) is not None:
            detail = _ANSWER_DETAIL[answer].format(actor="?" if actor is None else actor)
            marks.append(Moment(index, event.seat, answer, detail, bluff=False))
    return tuple(marks)
