"""Invido per-seat statistics, counted from a match's full (referee) history.

What is counted, per seat:

- ``giocate``: giocate played (every giocata that ended, void ones included);
  ``won``: giocate won; ``points``: points won (what the giocate were worth to it).
- ``raises``: score calls made, counter-calls included.  ``raises_accepted``: those the
  opponent accepted, by *va bene* or by a counter-call (which accepts the call it
  answers).  ``raises_folded``: those the opponent answered *vado via*, the raise making
  it give up.  A raise left unanswered because an *a monte* voided the giocata, or a
  forfeit ended it, is neither.
- ``folds``: *vado via*, whether answering a call or with nothing pending.  Forfeits
  are NOT folds: a forfeit is a fault of the bot (a timeout, a crash, an illegal answer)
  that the engine scores as a *vado via*, not a decision, so it is counted apart in
  ``forfeits`` and keeps the fold rate a measure of play.
- ``montes``: *a monte* calls made; ``montes_accepted``: those the opponent accepted
  with *va bene* (the giocata void).
- ``bluffs``: raises made with under an even chance of winning the giocata, judged from
  exactly what the caller could see: its cards against every hand the opponent could
  hold, the rest played out with all cards open (engine/invido/odds.py).
  ``bluffs_folded``: those the opponent answered *vado via*, the bluff winning the pot.

Counts add up over matches with ``+``.  `InvidoStats.COLUMNS` is the arena's statistics
table: each heading with its one-line explanation and its cell (rates as percentages,
"-" when their count is zero).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, ClassVar

from .._core import Event, SeatStats, StatsColumn
from .._stats import Moment
from .odds import Position, win_chance
from .records import (
    HAND_SIZE,
    RANK_STRENGTH,
    Answered,
    Called,
    CardPlayed,
    Forfeited,
    GiocataDealt,
    GiocataEnded,
    Kind,
    MonteCalled,
    TrickEnded,
    WentAway,
)
from .tricks import FACE_DOWN

__all__ = ["InvidoMark", "InvidoStats", "invido_moments", "invido_statistics"]


@dataclass(frozen=True)
class InvidoStats(SeatStats):
    giocate: int = 0
    won: int = 0
    points: int = 0
    raises: int = 0
    raises_accepted: int = 0
    raises_folded: int = 0
    folds: int = 0
    forfeits: int = 0
    montes: int = 0
    montes_accepted: int = 0
    bluffs: int = 0
    bluffs_folded: int = 0

    COLUMNS: ClassVar[tuple[StatsColumn, ...]] = (
        StatsColumn("giocate", "giocate played, void ones included", lambda s: str(s.giocate)),
        StatsColumn("won", "giocate won, as a share of the giocate played", lambda s: _percent(s.won, s.giocate)),
        StatsColumn("points", "points won: what the giocate it won were worth", lambda s: str(s.points)),
        StatsColumn(
            "points/giocata",
            "points won per giocata played",
            lambda s: f"{s.points / s.giocate:.2f}" if s.giocate else "-",
        ),
        StatsColumn("raises", "score calls made, counter-calls included", lambda s: str(s.raises)),
        StatsColumn(
            "accepted",
            "of its raises, those the opponent accepted (va bene or a counter-call)",
            lambda s: _percent(s.raises_accepted, s.raises),
        ),
        StatsColumn(
            "folded to",
            "of its raises, those the opponent answered with vado via (gave up)",
            lambda s: _percent(s.raises_folded, s.raises),
        ),
        StatsColumn(
            "bluff %",
            "of its raises, those made with under an even chance of winning the giocata: its cards "
            "against every hand the opponent could hold (the cards it had seen excluded), played out "
            "with all cards open",
            lambda s: _percent(s.bluffs, s.raises),
        ),
        StatsColumn(
            "bluffs folded to",
            "of its bluffs, those the opponent answered with vado via (gave up)",
            lambda s: _percent(s.bluffs_folded, s.bluffs),
        ),
        StatsColumn("folds", "vado via it said, to a call or with nothing pending", lambda s: str(s.folds)),
        StatsColumn("fold %", "folds as a share of the giocate played", lambda s: _percent(s.folds, s.giocate)),
        StatsColumn(
            "forfeits",
            "giocate lost by a fault of its bot (a timeout, a crash, an illegal answer…), not counted as folds",
            lambda s: str(s.forfeits),
        ),
        StatsColumn("a monte", "a monte calls it made", lambda s: str(s.montes)),
        StatsColumn(
            "a monte ok",
            "of its a monte calls, those the opponent accepted (the giocata void)",
            lambda s: _percent(s.montes_accepted, s.montes),
        ),
    )
    SCORE_EXPLANATION: ClassVar[str] = (
        "the bot's mean points per giocata: a giocata's winner scores what it was worth, the loser 0"
    )
    STANDING_EXPLANATION: ClassVar[str] = "match points: the first to 24 wins the match"

    @classmethod
    def moments(cls, history: Sequence[Event], players: int, options: Mapping[str, Any]) -> tuple[Moment, ...]:
        return invido_moments(history, players, face_down=bool(options.get("vado_dentro")))


def _percent(part: int, whole: int) -> str:
    # One decimal, as every table's percentages (conto's, frederik's, the Elo table's).
    return f"{100 * part / whole:.1f}%" if whole else "-"


class InvidoMark(StrEnum):
    """What a marked invido move counts as."""

    BLUFF = "bluff call"
    CALL = "call"
    BLUFF_FOLDED = "bluff folded to"


def invido_statistics(history: Sequence[Event], players: int = 2, face_down: bool = False) -> tuple[InvidoStats, ...]:
    """Per-seat `InvidoStats` of one match from its full history (see the module doc);
    `face_down`: the match allowed vado dentro (the bluff odds count that play)."""
    names = [f.name for f in fields(InvidoStats)]
    counts = [dict.fromkeys(names, 0) for _ in range(players)]

    def other(seat: int) -> int:
        return (seat + 1) % players

    for _, event, chance, folded_to_bluff in _judged(history, players, face_down):
        if isinstance(event, GiocataEnded):
            for seat in range(players):
                counts[seat]["giocate"] += 1
            if event.winner is not None:
                counts[event.winner]["won"] += 1
                counts[event.winner]["points"] += event.points
        elif isinstance(event, Called):
            counts[event.seat]["raises"] += 1
            assert chance is not None  # _judged judges every call
            counts[event.seat]["bluffs"] += chance < 0.5
            if event.accepted is not None:  # a counter-call accepts the opponent's call
                counts[other(event.seat)]["raises_accepted"] += 1
        elif isinstance(event, Answered):
            if event.answer is Kind.VA_BENE:
                key = "montes_accepted" if event.to_monte else "raises_accepted"
                counts[other(event.seat)][key] += 1
        elif isinstance(event, WentAway):
            counts[event.seat]["folds"] += 1
            counts[other(event.seat)]["bluffs_folded"] += folded_to_bluff
            if event.pending is not None:
                counts[other(event.seat)]["raises_folded"] += 1
        elif isinstance(event, MonteCalled):
            counts[event.seat]["montes"] += 1
        elif isinstance(event, Forfeited):
            counts[event.seat]["forfeits"] += 1
    return tuple(InvidoStats(**c) for c in counts)


def invido_moments(history: Sequence[Event], players: int = 2, face_down: bool = False) -> tuple[Moment, ...]:
    """Every score call marked with the caller's chance of winning the giocata (a bluff
    under an even chance, as the statistics count it), and every vado via to a bluff."""
    marks: list[Moment] = []
    for index, event, chance, folded_to_bluff in _judged(history, players, face_down):
        if isinstance(event, Called) and chance is not None:
            bluff = chance < 0.5
            label = InvidoMark.BLUFF if bluff else InvidoMark.CALL
            detail = f"{100 * chance:.0f}% to win the giocata from seat {event.seat}'s view"
            marks.append(Moment(index, event.seat, label, detail, bluff=bluff))
        elif isinstance(event, WentAway) and folded_to_bluff:
            bluffer = (event.seat + 1) % players
            detail = f"seat {event.seat} gave up to seat {bluffer}'s bluff"
            marks.append(Moment(index, bluffer, InvidoMark.BLUFF_FOLDED, detail))
    return tuple(marks)


def _judged(history: Sequence[Event], players: int, face_down: bool) -> Iterator[tuple[int, Event, float | None, bool]]:
    """Each event with its place; for a score call the caller's chance of winning the
    giocata from what it saw; for a vado via whether it gave up to a call that was a
    bluff: the one classifier of the bluff counts and the marks."""
    giocata = _Giocata()
    bluffed: set[tuple[int, int]] = set()  # (seat, value) of this giocata's bluffs
    for index, event in enumerate(history):
        giocata.follow(event)
        if isinstance(event, GiocataDealt):
            bluffed.clear()
        chance: float | None = None
        folded_to_bluff = False
        if isinstance(event, Called):
            chance = win_chance(giocata.seen_by(event.seat, face_down))
            if chance < 0.5:
                bluffed.add((event.seat, event.value))
        elif isinstance(event, WentAway):
            folded_to_bluff = ((event.seat + 1) % players, event.pending) in bluffed
        yield index, event, chance, folded_to_bluff


class _Giocata:
    """The cards of the giocata in progress, followed event by event, to see it as one
    seat saw it."""

    def __init__(self) -> None:
        self.dealt: dict[int, tuple[str, ...]] = {}
        self.played: dict[int, list[str]] = {}
        self.face_up: dict[int, list[str]] = {}
        self.tricks: list[int | None] = []
        self.leader = 0
        self.table: list[tuple[int, int]] = []  # (seat, strength) of the current trick

    def follow(self, event: Event) -> None:
        if isinstance(event, GiocataDealt):
            self.dealt = {hand.seat: hand.cards for hand in event.hands}
            self.played = {seat: [] for seat in self.dealt}
            self.face_up = {seat: [] for seat in self.dealt}
            self.tricks, self.leader, self.table = [], event.leader, []
        elif isinstance(event, CardPlayed):
            assert event.card is not None  # the full history names every card
            self.played[event.seat].append(event.card)
            if not event.face_down:
                self.face_up[event.seat].append(event.card)
            self.table.append((event.seat, FACE_DOWN if event.face_down else RANK_STRENGTH[event.card[0]]))
        elif isinstance(event, TrickEnded):
            self.tricks.append(event.winner)
            self.leader = event.leader if event.winner is None else event.winner
            self.table = []

    def seen_by(self, seat: int, face_down: bool) -> Position:
        opponent = next(s for s in self.dealt if s != seat)
        played = self.played[seat]
        hand = list(self.dealt[seat])
        for card in played:
            hand.remove(card)
        return Position(
            hand=tuple(hand),
            dealt=self.dealt[seat],
            seen=tuple(self.face_up[opponent]),
            opponent_cards=HAND_SIZE - len(self.played[opponent]),
            tricks=tuple(None if w is None else int(w != seat) for w in self.tricks),
            leads=self.leader == seat,
            on_table=self.table[0][1] if self.table else None,
            face_down=face_down,
        )
