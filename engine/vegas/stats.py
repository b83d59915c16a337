"""Las Vegas per-seat statistics, counted from a match's full (referee) history.

What is counted, per seat:

- ``hands``: hands dealt to it; ``played``: hands in which it put chips in of its own
  will (a bet, a call or a raise: the ante is forced), poker's VPIP.
- ``bets`` (opening bets, *punta*), ``raises`` (*rilancia*), ``calls`` (*vedi*),
  ``folds`` (*lascia*).  Aggression is (bets + raises) / calls.
- ``bluffs``: bets and raises made with a hand whose chance of winning any chips, as
  the seat could know it then, was below `BLUFF_THRESHOLD` (one half: it was more likely
  to win nothing than something): from its own cards, the
  flipped centre cards and the discards it saw, every deal of the unseen cards equally
  likely (`engine.vegas.odds.outlook`).  Betting a weak hand is the bluff.
- ``showdowns``: showdowns it reached; ``showdowns_won``: those it took chips at.
- ``vegas``: Las Vegas pots it took (alone or shared).
- ``forfeits``: hands it was folded in by a fault of its bot (a timeout, a crash…);
  not counted as folds, which measure play.
- ``chips``, ``chips_squared``: the sum of its net chips per hand and of their squares,
  for the mean and its interval.

Counts add up over matches with ``+``.  `VegasStats.COLUMNS` is the arena's statistics
table: each heading with its one-line explanation and its cell.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, ClassVar

from .._core import Event, SeatStats, StatsColumn
from .._stats import Moment
from .odds import outlook
from .records import DECK, Acted, Bet, CardFlipped, Forfeited, HandDealt, HandEnd, HandEnded

__all__ = ["VegasMark", "VegasStats", "vegas_moments", "vegas_statistics", "BLUFF_THRESHOLD"]

#: A bet or raise is a bluff when the bettor was more likely to win nothing than something.
#: (At 0.25 almost no bet qualified: with four in, a hand keeps a fair chance of a half or
#: a Las Vegas until the last flips.  At 0.5, in the shipped tournament, random's bets
#: were 53% bluffs, the bluffer's 18%, the value bettor's none.)
BLUFF_THRESHOLD = 0.5


@dataclass(frozen=True)
class VegasStats(SeatStats):
    hands: int = 0
    played: int = 0
    bets: int = 0
    raises: int = 0
    calls: int = 0
    folds: int = 0
    bluffs: int = 0
    showdowns: int = 0
    showdowns_won: int = 0
    vegas: int = 0
    forfeits: int = 0
    chips: int = 0
    chips_squared: int = 0

    COLUMNS: ClassVar[tuple[StatsColumn, ...]] = (
        StatsColumn("hands", "hands dealt to it", lambda s: str(s.hands)),
        StatsColumn(
            "played %",
            "hands in which it put chips in of its own will (bet, call or raise; the ante is forced)",
            lambda s: _percent(s.played, s.hands),
        ),
        StatsColumn(
            "aggression",
            "its bets and raises per call; - when it never called",
            lambda s: f"{(s.bets + s.raises) / s.calls:.2f}" if s.calls else "-",
        ),
        StatsColumn(
            "bluff %",
            f"of its bets and raises, those made with under {BLUFF_THRESHOLD:.0%} chance of winning any chips "
            "(more likely to win nothing), as it could know then (its cards, the flips and discards it saw; "
            "unseen cards dealt at random)",
            lambda s: _percent(s.bluffs, s.bets + s.raises),
        ),
        StatsColumn("fold %", "hands it folded, of the hands dealt to it", lambda s: _percent(s.folds, s.hands)),
        StatsColumn("showdowns", "showdowns it reached", lambda s: str(s.showdowns)),
        StatsColumn(
            "won at sd %", "of its showdowns, those it took chips at", lambda s: _percent(s.showdowns_won, s.showdowns)
        ),
        StatsColumn("las vegas", "Las Vegas pots it took (alone or shared)", lambda s: str(s.vegas)),
        StatsColumn(
            "forfeits",
            "hands it was folded in by a fault of its bot (a timeout, a crash…), not counted as folds",
            lambda s: str(s.forfeits),
        ),
        StatsColumn(
            "chips/hand",
            "its mean net chips per hand, ± half the 95% interval (hands taken as independent)",
            lambda s: _mean_and_interval(s.chips, s.chips_squared, s.hands),
        ),
    )
    SCORE_EXPLANATION: ClassVar[str] = (
        "the bot's mean net chips per hand: what it took from the pot less what it put in"
    )
    STANDING_EXPLANATION: ClassVar[str] = "net chips in the match so far"

    @classmethod
    def moments(cls, history: Sequence[Event], players: int, options: Mapping[str, Any]) -> tuple[Moment, ...]:
        return vegas_moments(history, players)


def _percent(part: int, whole: int) -> str:
    # One decimal, as every table's percentages (conto's, frederik's, the Elo table's).
    return f"{100 * part / whole:.1f}" if whole else "-"


def _mean_and_interval(total: int, squares: int, n: int) -> str:
    if not n:
        return "-"
    mean = total / n
    if n < 2:
        return f"{mean:+.2f}"
    variance = max(0.0, (squares - n * mean * mean) / (n - 1))
    return f"{mean:+.2f} ± {1.96 * math.sqrt(variance / n):.2f}"


class VegasMark(StrEnum):
    """What a marked Las Vegas move counts as."""

    WEAK_BET = "bet with a weak hand"
    WEAK_RAISE = "raise with a weak hand"


def vegas_statistics(history: Sequence[Event], players: int, options: Mapping[str, Any]) -> tuple[VegasStats, ...]:
    """Per-seat `VegasStats` of one match from its full history (see the module doc)."""
    names = [f.name for f in fields(VegasStats)]
    counts = [dict.fromkeys(names, 0) for _ in range(players)]
    played = [False] * players
    for _, event, chance in _judged(history, players):
        if isinstance(event, HandDealt):
            played = [False] * players
            for seat in range(players):
                counts[seat]["hands"] += 1
        elif isinstance(event, Acted):
            seat, kind = event.seat, event.action
            tally = counts[seat]
            if kind in (Bet.PUNTA, Bet.VEDI, Bet.RILANCIA) and not played[seat]:
                played[seat] = True
                tally["played"] += 1
            if kind is Bet.PUNTA or kind is Bet.RILANCIA:
                tally["bets" if kind is Bet.PUNTA else "raises"] += 1
                assert chance is not None  # _judged judges every bet and raise
                tally["bluffs"] += chance < BLUFF_THRESHOLD
            elif kind is Bet.VEDI:
                tally["calls"] += 1
            elif kind is Bet.LASCIA:
                tally["folds"] += 1
        elif isinstance(event, Forfeited):
            counts[event.seat]["forfeits"] += 1
        elif isinstance(event, HandEnded):
            winners = {p.seat for p in event.payouts}
            for shown in event.shown:
                counts[shown.seat]["showdowns"] += 1
                counts[shown.seat]["showdowns_won"] += shown.seat in winners
            if event.end is HandEnd.LAS_VEGAS:
                for seat in winners:
                    counts[seat]["vegas"] += 1
            for seat, net in enumerate(event.net):
                counts[seat]["chips"] += net
                counts[seat]["chips_squared"] += net * net
    return tuple(VegasStats(**c) for c in counts)


def vegas_moments(history: Sequence[Event], players: int) -> tuple[Moment, ...]:
    """Each bet and raise made with a weak hand (the statistics' bluffs), marked with the
    bettor's chance of winning any chips as it could know it."""
    marks: list[Moment] = []
    for index, event, chance in _judged(history, players):
        if isinstance(event, Acted) and chance is not None and chance < BLUFF_THRESHOLD:
            label = VegasMark.WEAK_BET if event.action is Bet.PUNTA else VegasMark.WEAK_RAISE
            detail = f"{100 * chance:.0f}% chance of winning any chips from seat {event.seat}'s view"
            marks.append(Moment(index, event.seat, label, detail))
    return tuple(marks)


def _judged(history: Sequence[Event], players: int) -> Iterator[tuple[int, Event, float | None]]:
    """Each event with its place, and for a bet or raise the bettor's chance of winning
    any chips from here as it could know it: the one classifier of the bluff count and
    the marks."""
    cards: list[list[str]] = [[] for _ in range(players)]
    out: set[str] = set()  # cards everyone has seen: flipped, discarded
    flipped: list[str] = []
    folded = [False] * players
    for index, event in enumerate(history):
        chance: float | None = None
        if isinstance(event, HandDealt):
            cards = [list(h.cards) for h in sorted(event.hands, key=lambda h: h.seat)]
            out, flipped = set(), []
            folded = [False] * players
        elif isinstance(event, Acted):
            if event.action is Bet.PUNTA or event.action is Bet.RILANCIA:
                chance = _chance_of_any_chips(event.seat, cards, flipped, out, folded)
            elif event.action is Bet.LASCIA:
                folded[event.seat] = True
        elif isinstance(event, Forfeited):
            folded[event.seat] = True
        elif isinstance(event, CardFlipped):
            flipped.append(event.card)
            out.add(event.card)
            for discard in event.discards:
                out.update(discard.cards)
                cards[discard.seat] = [c for c in cards[discard.seat] if c not in discard.cards]
        yield index, event, chance


def _chance_of_any_chips(
    seat: int, cards: list[list[str]], flipped: list[str], out: set[str], folded: list[bool]
) -> float:
    """The seat's chance of winning any chips from here, as it could know it."""
    mine = cards[seat]
    unseen = [card for card in DECK if card not in out and card not in mine]
    opponents = [len(cards[s]) for s in range(len(cards)) if s != seat and not folded[s]]
    return outlook(mine, flipped, unseen, opponents).any_share
