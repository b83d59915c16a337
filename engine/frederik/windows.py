"""The answers and interrupt windows a declared frederik move opens, and how it resolves.

A mixin of `FrederikState` (engine/frederik/rules.py) over its table (`FrederikTable`):
a move declared against a face-up card may first be answered by its target (a protecting
card of its suit, for a higher or lower move), then interrupted by any other seat in
turn holding a card of the suit or number of the actor's card; the first that does
ends it, or it takes effect.  RULINGS.md §frederik settles the order.
"""

from __future__ import annotations

from .._core import Event
from .kinds import HIGHER, LOWER, Move, Outcome, Window
from .moves import interrupt_cards, protectors
from .records import FrederikAction, Resolved, Responded
from .table import FrederikTable

__all__ = ["FrederikWindows"]


class FrederikWindows(FrederikTable):
    """A declared move's answer and interrupt windows, over the state's table."""

    _history: list[Event]
    _pending: tuple[int, FrederikAction] | None
    _aimed_at: int
    _window: Window | None
    _offers: list[int]

    def _ask(self, seat: int | None) -> None:
        raise NotImplementedError  # the state asks

    def _next_battle(self) -> None:
        raise NotImplementedError  # the state goes on

    def _declared(self, seat: int, action: FrederikAction) -> None:
        self._pending = (seat, action)
        if action.kind is not Move.REVEAL:
            owner = self.owner_of(action.target)  # type: ignore[arg-type]
            assert owner is not None
            self._aimed_at = owner
        if action.kind in HIGHER or action.kind in LOWER:
            target = self._aimed_at
            if not self.forfeited[target] and protectors(action, self._cards[target], self._up[target]):
                self._window = Window.ANSWER
                self._ask(target)
                return
        self._open_interrupts(seat, action)

    def _open_interrupts(self, seat: int, action: FrederikAction) -> None:
        players = self.players
        order = [(seat + step) % players for step in range(1, players)]
        self._offers = [
            s
            for s in order
            if not self.forfeited[s] and interrupt_cards(action.card, self._cards[s], action.target)  # type: ignore[arg-type]
        ]
        self._offer_next()

    def _offer_next(self) -> None:
        while self._offers:
            seat = self._offers.pop(0)
            if not self.forfeited[seat]:
                self._window = Window.INTERRUPT
                self._ask(seat)
                return
        self._resolve(Outcome.DONE, None)

    def _respond(self, seat: int, action: FrederikAction) -> Event:
        window = self._window
        assert window is not None and self._pending is not None
        event = Responded(self.deal, seat, window, action)
        self._history.append(event)
        if action.kind is Move.PASS:
            if window is Window.ANSWER:
                self._open_interrupts(*self._pending)
            else:
                self._offer_next()
        elif window is Window.ANSWER:
            self._turn_up(seat, action.card)  # type: ignore[arg-type]
            self._resolve(Outcome.PROTECTED, seat)
        else:
            self._discard(seat, [action.card])  # type: ignore[list-item]
            self._resolve(Outcome.INTERRUPTED, seat)
        return event

    def _resolve(self, outcome: Outcome, by: int | None) -> None:
        assert self._pending is not None
        seat, action = self._pending
        kind, card, target = action.kind, action.card, action.target
        assert card is not None
        aimed = self._aimed_at if action.seat is None else action.seat
        turned_up = None
        if kind is Move.REVEAL:
            if outcome is Outcome.DONE:
                turned_up = self._cards[aimed][action.slot]  # type: ignore[index]
                self._turn_up(aimed, turned_up)
        elif outcome is not Outcome.DONE:
            self._discard(seat, [card])
        else:
            owner = self._aimed_at
            assert target is not None
            if kind in (Move.SWAP_HIGHER, Move.SWAP_LOWER, Move.SWAP_EQUAL):
                self._take(seat, card)
                self._take(owner, target)
                self._place(owner, card, True, 0)
                self._place(seat, target, True, 0)
            elif kind in (Move.DISCARD_HIGHER, Move.DISCARD_LOWER, Move.DISCARD_EQUAL):
                self._discard(seat, [card])
                self._discard(owner, [target])
            else:  # a steal
                self._discard(seat, [card])
                self._take(owner, target)
                self._place(seat, target, True, 0)
        self._pending, self._window, self._offers = None, None, []
        self._history.append(Resolved(self.deal, seat, action, aimed, outcome, by, turned_up))
        self._next_battle()
