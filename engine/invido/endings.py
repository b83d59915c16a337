"""How an invido trick, giocata and match end: the trick's winner, the giocata's points
(a 23–23 or, after it, 7–7 resets the match to a goal of 12), and the match at its goal
or at the cap of giocate.

A mixin of `InvidoState` (engine/invido/rules.py), which owns the attributes declared
here and deals the next giocata (`_deal`).
"""

from __future__ import annotations

from .._core import Action, DealResult, Event, ranks_from_scores
from .records import (
    RESET_GOAL,
    DealtHand,
    EndReason,
    GiocataEnded,
    MatchEnded,
    MatchReset,
    PlayedCard,
    TrickEnded,
    TrickRecord,
)
from .tricks import giocata_winner, trick_winner

__all__ = ["InvidoEndings"]


class InvidoEndings:
    """The ends of a trick, a giocata and the match, over the state (declared here)."""

    _history: list[Event]
    _results: list[DealResult]
    _to_act: int | None
    _legal: tuple[Action, ...] | None
    _legal_set: frozenset[Action]
    _current: list[PlayedCard]
    _tricks: list[TrickRecord]
    _outcomes: list[int | None]
    _dealt: tuple[tuple[str, ...], ...]
    _face_down: bool
    _trick_leader: int
    _turn: int
    dealer: int
    giocata: int
    goal: int
    max_giocate: int
    reset_rule: bool
    points: list[int]
    value: int
    pending_caller: int | None
    pending_value: int | None
    monte_caller: int | None
    monte_used: list[bool]

    def _deal(self) -> None:
        raise NotImplementedError  # the state deals

    def _end_trick(self) -> None:
        first, second = self._current
        winner = trick_winner(first, second)
        number = len(self._tricks) + 1
        self._tricks.append(TrickRecord(number, self._trick_leader, (first, second), True, winner))
        self._outcomes.append(winner)
        self._current = []
        self.monte_used = [False, False]
        self._history.append(TrickEnded(self.giocata, number, self._trick_leader, winner))
        decided = giocata_winner(self._outcomes)
        if decided is not None:
            self._end_giocata(decided, EndReason.TRICKS, None)
        elif number == 3:
            self._end_giocata(None, EndReason.TIES, None)
        else:
            if winner is not None:
                self._trick_leader = winner
            self._turn = self._trick_leader
            self._to_act = self._trick_leader

    def _end_giocata(self, winner: int | None, reason: EndReason, forfeit: int | None) -> None:
        points = self.value if winner is not None else 0
        if winner is not None:
            self.points[winner] += points
        scores = tuple(float(points) if s == winner else 0.0 for s in (0, 1))
        self._results.append(DealResult(self.giocata, scores, ranks_from_scores(scores), forfeit))
        shown: tuple[DealtHand, ...] = ()
        if len(self._tricks) == 3 and not self._face_down:
            shown = tuple(DealtHand(s, len(h), tuple(h)) for s, h in enumerate(self._dealt))
        self._history.append(GiocataEnded(self.giocata, winner, points, self.value, reason, tuple(self.points), shown))
        self.pending_caller = None
        self.pending_value = None
        self.monte_caller = None
        self._to_act = None
        self._legal = ()
        self._legal_set = frozenset()
        p0, p1 = self.points
        if p0 == p1 and (p0 == 23 and not self.reset_rule or p0 == 7 and self.reset_rule):
            before = (p0, p1)
            self.points = [0, 0]
            self.goal = RESET_GOAL
            self.reset_rule = True
            self._history.append(MatchReset(self.giocata, before, self.goal))
        p0, p1 = self.points
        reached = 0 if p0 >= self.goal else 1 if p1 >= self.goal else None
        if reached is not None or self.giocata >= self.max_giocate:
            if reached is None and p0 != p1:
                reached = 0 if p0 > p1 else 1
            self._history.append(MatchEnded(self.giocata, reached, (p0, p1), self.goal, max(p0, p1) < self.goal))
            return
        self.dealer = 1 - self.dealer
        self._deal()
