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

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import ClassVar

from .._core import Event, SeatStats, StatsColumn
from .._errors import OptionError, PositionError
from .odds import chance_true
from .records import (
    JOKER,
    RANKS,
    BillCalled,
    Declared,
    Forfeited,
    HandDealt,
    Showdown,
    plate_is_true,
)

__all__ = ["ContoStats", "conto_statistics"]

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


def _percent(part: int, whole: int) -> str:
    return "-" if whole == 0 else f"{100 * part / whole:.1f}"


def conto_statistics(history: Sequence[Event], players: int) -> tuple[ContoStats, ...]:
    """Per-seat ContoStats of one match (seats 0..players-1) from its full history."""
    if players < 1:
        raise OptionError(f"players must be positive, not {players!r}.")
    counts = [dict.fromkeys((f.name for f in fields(ContoStats)), 0) for _ in range(players)]
    dealt: list[list[int]] | None = None  # per seat, the hand's cards by rank index
    table: list[int] = []  # every card dealt in the hand, by rank index
    revealed: list[tuple[int, int]] = []  # (seat, rank index) revealed so far this hand

    def seat_of(seat: int, event: Event) -> dict[str, int]:
        if not 0 <= seat < players:
            raise PositionError(f"{event.text!r} names seat {seat}, but the table has {players} seats.")
        return counts[seat]

    for event in history:
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
            for seat in range(players):
                counts[seat]["hands"] += 1
        elif isinstance(event, Declared):
            if dealt is None:
                raise PositionError("A declaration comes before any HandDealt event.")
            mine = seat_of(event.seat, event)
            action = event.action
            if action.reveals is not None:
                revealed.append((event.seat, _INDEX[action.reveals]))
            known = list(dealt[event.seat])
            for seat, rank in revealed:
                if seat != event.seat:  # one's own reveals are already in one's hand
                    known[rank] += 1
            mine["declarations"] += 1
            assert action.slot is not None  # a declaration always names its portata
            changed = action.plate[action.slot]
            if not plate_is_true((changed,), known):
                mine["bluffs"] += 1
            unseen = sum(table) - sum(known)
            others = action.plate[: action.slot] + action.plate[action.slot + 1 :]
            if 2 * chance_true((changed,), known, unseen, others=others) < 1:
                mine["probably_false"] += 1
            if 2 * chance_true(action.plate, known, unseen) < 1:
                mine["plate_probably_false"] += 1
            if not plate_is_true(action.plate, table):
                mine["lies"] += 1
        elif isinstance(event, Showdown):
            capotavola = seat_of(event.capotavola, event)
            cameriere = seat_of(event.cameriere, event)
            capotavola["challenges"] += 1
            cameriere["challenged"] += 1
            if event.plate_true:
                capotavola["lost_as_capotavola"] += 1
            else:
                capotavola["challenges_right"] += 1
                cameriere["caught"] += 1
                cameriere["lost_as_cameriere"] += 1
        elif isinstance(event, Forfeited):
            seat_of(event.seat, event)["forfeits"] += 1
        elif isinstance(event, BillCalled):
            pass  # counted at its Showdown, which always follows it and names both roles
    return tuple(ContoStats(**c) for c in counts)
