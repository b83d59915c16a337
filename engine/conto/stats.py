"""Conto's per-seat statistics: how much each seat bluffs, lies, challenges and loses.

Pure functions of a match's full (referee-side) history: every hand is read from its
HandDealt event, which there carries every seat's cards.  A seat's copy of the history
hides the other hands, so it cannot be judged and is refused.

Definitions, per seat, over every hand of the history (RULINGS.md §conto numbers):

- **hands**: hands dealt (every seat plays every hand; an unfinished last hand counts).
- **declarations**: Declared events of the seat (ordinazione, speziare, abbondare).
- **bluffs** ("unbacked"): declarations whose own claim the declarer could not know to be
  true (it may still think it likely: see probably false).  A
  declaration changes exactly one portata (§conto 1: the portata it adds, re-ranks
  or enlarges); the rest of the plate is what earlier declarers claimed and stays their
  claim.  The declarer's information is its own dealt hand of that hand (the cards it
  still holds plus the cards it has revealed, including the one this declaration
  reveals) and every card revealed on the table before the declaration by the other
  seats.  The declaration is a bluff when the portata it changes is false on those
  cards by the showdown rule (§conto 4): it misses, in natural cards, more than the
  jokers of the declarer's own hand.  Jokers are never revealed, so no other joker is
  known.
- **probably false**: declarations whose changed portata had a probability under 1/2 of
  being true given exactly what the declarer saw (the cards above), every other card
  dealt in the hand being unseen and uniformly drawn from the rest of the deck; computed
  exactly, hypergeometric over the unseen cards (odds.py).  The declarer's own jokers
  serve once across the plate: they first fill what the other portate lack over all the
  cards dealt, and only those left back the changed portata (unseen jokers may back it).
  A declaration whose plate is true has its changed portata true, so a probably false
  declaration always has a probably false plate.
- **plate probably false**: the same for the whole plate after the declaration (every
  portata true at once, each joker, seen or unseen, covering one portata).
- **lies**: declarations whose plate was false when made over the whole table: the
  showdown rule applied to the whole plate and every card dealt in that hand (all
  hands, revealed cards included).  A lie need not be a bluff (the false portata may be
  someone else's, left standing), and a bluff that the other hands happen to cover is
  not a lie.
- **challenged**: showdowns in which the seat was the cameriere (its declaration was
  answered with the bill); **caught**: of those, the plate was false and it lost.
- **challenges**: bills the seat called (it was the capotavola); **challenges right**:
  of those, the plate was false, so the challenge won.
- **lost as capotavola** / **lost as cameriere**: showdowns lost in that role (the first
  equals challenges − challenges right, the second equals caught); **forfeits**: hands
  lost by a Forfeited event (a fault of the seat's bot).

The counts add with `+` over matches.  `ContoStats.COLUMNS` is the arena's statistics
table: each heading with its one-line explanation and its cell, each rate a percentage
of its count, "-" when that count is zero.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, ClassVar

from .._core import Event, SeatStats, StatsColumn
from .._errors import OptionError, PositionError
from .._stats import Moment
from .odds import chance_true
from .records import (
    JOKER,
    RANKS,
    Declared,
    Forfeited,
    HandDealt,
    Showdown,
    plate_is_true,
)

__all__ = ["ContoMark", "ContoStats", "Verdict", "conto_moments", "conto_statistics"]

_INDEX = {rank: i for i, rank in enumerate(RANKS + JOKER)}


@dataclass(frozen=True, slots=True)
class ContoStats(SeatStats):
    """One seat's conto counts (see the module docstring for each definition)."""

    hands: int = 0
    declarations: int = 0
    bluffs: int = 0
    probably_false: int = 0
    plate_probably_false: int = 0
    lies: int = 0
    challenged: int = 0
    caught: int = 0
    challenges: int = 0
    challenges_right: int = 0
    lost_as_capotavola: int = 0
    lost_as_cameriere: int = 0
    forfeits: int = 0

    @property
    def hands_lost(self) -> int:
        return self.lost_as_capotavola + self.lost_as_cameriere + self.forfeits

    COLUMNS: ClassVar[tuple[StatsColumn, ...]] = (
        StatsColumn("deals", "deals played (every seat plays every deal)", lambda s: str(s.hands)),
        StatsColumn("decl.", "declarations made (ordinazione, speziare, abbondare)", lambda s: str(s.declarations)),
        StatsColumn(
            "bluff %",
            "unbacked: of its declarations, those whose changed portata its own hand and the cards face up "
            "did not back (it may still have thought it likely)",
            lambda s: _percent(s.bluffs, s.declarations),
        ),
        StatsColumn(
            "prob. false %",
            "of its declarations, those whose changed portata was under 50% likely given what it saw (its "
            "cards, the face-up ones, the rest unseen and uniform; exact; its jokers used once across the plate)",
            lambda s: _percent(s.probably_false, s.declarations),
        ),
        StatsColumn(
            "plate p.f. %",
            "of its declarations, those whose whole plate was under 50% likely to be all true given what it saw",
            lambda s: _percent(s.plate_probably_false, s.declarations),
        ),
        StatsColumn(
            "lie %",
            "of its declarations, those whose whole plate the cards of the whole table did not hold",
            lambda s: _percent(s.lies, s.declarations),
        ),
        StatsColumn(
            "challenged",
            "showdowns as the cameriere: its declaration was answered with the bill",
            lambda s: str(s.challenged),
        ),
        StatsColumn(
            "caught %",
            "of those showdowns, the ones its plate was false in, so it paid",
            lambda s: _percent(s.caught, s.challenged),
        ),
        StatsColumn("bills", "bills it called, as the capotavola", lambda s: str(s.challenges)),
        StatsColumn(
            "bills right %",
            "of its bills, those that found the plate false, so the cameriere paid",
            lambda s: _percent(s.challenges_right, s.challenges),
        ),
        StatsColumn(
            "lost capo.",
            "deals lost as the capotavola: it called the bill on a true plate (bills - bills right)",
            lambda s: str(s.lost_as_capotavola),
        ),
        StatsColumn(
            "lost cam.",
            "deals lost as the cameriere: its plate was called and false (as many as caught)",
            lambda s: str(s.lost_as_cameriere),
        ),
        StatsColumn(
            "forfeits",
            "deals lost by a fault of its bot (a timeout, a crash, an illegal answer…)",
            lambda s: str(s.forfeits),
        ),
    )
    SCORE_EXPLANATION: ClassVar[str] = (
        "the percentage of its deals the bot lost: each deal has one loser, who pays the bill or "
        "forfeits (par is 100 / seats)"
    )
    STANDING_EXPLANATION: ClassVar[str] = "bills paid: the deals the seat lost (fewer is better)"

    @classmethod
    def moments(cls, history: Sequence[Event], players: int, options: Mapping[str, Any]) -> tuple[Moment, ...]:
        return conto_moments(history, players)


def _percent(part: int, whole: int) -> str:
    return "-" if whole == 0 else f"{100 * part / whole:.1f}"


class ContoMark(StrEnum):
    """What a marked conto move counts as (the statistics' names for them)."""

    BLUFF = "bluff (unbacked)"
    PROBABLY_FALSE = "probably false"
    PLATE_PROBABLY_FALSE = "plate probably false"
    LIE = "lie"
    CAUGHT = "caught"


@dataclass(frozen=True, slots=True)
class Verdict:
    """One declaration judged as the statistics count it (the module docstring's words)."""

    #: A bluff: the changed portata false on what the declarer knew.
    unbacked: bool
    #: The changed portata under 1/2 likely from the declarer's view (compared exactly).
    probably_false: bool
    #: The whole plate under 1/2 likely to be all true from the declarer's view.
    plate_probably_false: bool
    #: The plate false over every card dealt.
    lie: bool
    #: The chances behind the two above, for showing.
    changed_chance: float
    plate_chance: float


def conto_statistics(history: Sequence[Event], players: int) -> tuple[ContoStats, ...]:
    """Per-seat ContoStats of one match (seats 0..players-1) from its full history."""
    counts = [dict.fromkeys((f.name for f in fields(ContoStats)), 0) for _ in range(players)]
    for _, event, verdict in _judged(history, players):
        if isinstance(event, HandDealt):
            for seat in range(players):
                counts[seat]["hands"] += 1
        elif isinstance(event, Declared):
            assert verdict is not None  # _judged judges every declaration
            mine = counts[event.seat]
            mine["declarations"] += 1
            mine["bluffs"] += verdict.unbacked
            mine["probably_false"] += verdict.probably_false
            mine["plate_probably_false"] += verdict.plate_probably_false
            mine["lies"] += verdict.lie
        elif isinstance(event, Showdown):
            capotavola, cameriere = counts[event.capotavola], counts[event.cameriere]
            capotavola["challenges"] += 1
            cameriere["challenged"] += 1
            if event.plate_true:
                capotavola["lost_as_capotavola"] += 1
            else:
                capotavola["challenges_right"] += 1
                cameriere["caught"] += 1
                cameriere["lost_as_cameriere"] += 1
        elif isinstance(event, Forfeited):
            counts[event.seat]["forfeits"] += 1
        # A BillCalled is counted at its Showdown, which always follows it and names both roles.
    return tuple(ContoStats(**c) for c in counts)


def conto_moments(history: Sequence[Event], players: int) -> tuple[Moment, ...]:
    """Each bluff, probably false declaration, lie and caught cameriere of one match,
    marked with the number behind it (the same judgement `conto_statistics` counts)."""
    marks: list[Moment] = []
    for index, event, verdict in _judged(history, players):
        if isinstance(event, Declared):
            assert verdict is not None
            seat, action = event.seat, event.action
            assert action.slot is not None
            view = f"from seat {seat}'s view"
            changed = f"{action.plate[action.slot].text} {_chance(verdict.changed_chance)} true {view}"
            if verdict.unbacked:
                detail = f"not in its cards or face up; {changed}"
                marks.append(Moment(index, seat, ContoMark.BLUFF, detail))
            if verdict.probably_false:
                marks.append(Moment(index, seat, ContoMark.PROBABLY_FALSE, changed))
            if verdict.plate_probably_false:
                plate = f"{_chance(verdict.plate_chance)} all true {view}"
                marks.append(Moment(index, seat, ContoMark.PLATE_PROBABLY_FALSE, plate))
            if verdict.lie:
                marks.append(Moment(index, seat, ContoMark.LIE, "the whole table's cards do not hold the plate"))
        elif isinstance(event, Showdown) and not event.plate_true:
            detail = f"seat {event.capotavola}'s bill found the plate false; seat {event.cameriere} pays"
            marks.append(Moment(index, event.cameriere, ContoMark.CAUGHT, detail))
    return tuple(marks)


def _chance(value: float) -> str:
    # Whole percents, but never "0%" or "100%" for a chance that is neither.
    percent = 100 * value
    if 0 < percent < 1:
        return "<1%"
    if 99 < percent < 100:
        return ">99%"
    return f"{percent:.0f}%"


def _judged(history: Sequence[Event], players: int) -> Iterator[tuple[int, Event, Verdict | None]]:
    """Each event of the history with its place, and for a declaration its verdict: the
    one classifier of the statistics and the marks. Refuses a history the statistics
    cannot judge (a seat's copy, a seat the table has not)."""
    if players < 1:
        raise OptionError(f"players must be positive, not {players!r}.")
    dealt: list[list[int]] | None = None  # per seat, the hand's cards by rank index
    table: list[int] = []  # every card dealt in the hand, by rank index
    revealed: list[tuple[int, int]] = []  # (seat, rank index) revealed so far this hand

    def check(seat: int, event: Event) -> None:
        if not 0 <= seat < players:
            raise PositionError(f"{event.text!r} names seat {seat}, but the table has {players} seats.")

    for index, event in enumerate(history):
        verdict: Verdict | None = None
        if isinstance(event, HandDealt):
            if len(event.hands) != players:
                raise PositionError(
                    f"Hand {event.hand_number} is dealt to {len(event.hands)} seats, but the table has {players}."
                )
            dealt = [[0] * len(_INDEX) for _ in range(players)]
            for hand in event.hands:
                if len(hand.cards) != hand.size:
                    raise PositionError(
                        f"Hand {event.hand_number} hides seat {hand.seat}'s cards: conto "
                        "statistics need the referee's full history, not a seat's copy."
                    )
                for card in hand.cards:
                    dealt[hand.seat][_INDEX[card]] += 1
            table = [sum(column) for column in zip(*dealt)]
            revealed = []
        elif isinstance(event, Declared):
            if dealt is None:
                raise PositionError("A declaration comes before any HandDealt event.")
            check(event.seat, event)
            if event.action.reveals is not None:
                revealed.append((event.seat, _INDEX[event.action.reveals]))
            verdict = _judge(event, dealt, table, revealed)
        elif isinstance(event, Showdown):
            check(event.capotavola, event)
            check(event.cameriere, event)
        elif isinstance(event, Forfeited):
            check(event.seat, event)
        yield index, event, verdict


def _judge(event: Declared, dealt: list[list[int]], table: list[int], revealed: list[tuple[int, int]]) -> Verdict:
    """A declaration judged from what its declarer knew and from the whole table."""
    action = event.action
    known = list(dealt[event.seat])
    for seat, rank in revealed:
        if seat != event.seat:  # one's own reveals are already in one's hand
            known[rank] += 1
    assert action.slot is not None  # a declaration always names its portata
    changed = action.plate[action.slot]
    unseen = sum(table) - sum(known)
    others = action.plate[: action.slot] + action.plate[action.slot + 1 :]
    changed_chance = chance_true((changed,), known, unseen, others=others)
    plate_chance = chance_true(action.plate, known, unseen)
    return Verdict(
        unbacked=not plate_is_true((changed,), known),
        probably_false=2 * changed_chance < 1,
        plate_probably_false=2 * plate_chance < 1,
        lie=not plate_is_true(action.plate, table),
        changed_chance=float(changed_chance),
        plate_chance=float(plate_chance),
    )
