"""What a Las Vegas seat may know: `VegasState`'s `view` and `deal_events`.

The referee asks for the view of the seat to act at every decision, so both are made
with as little work as the rules allow: the hand's events are read from where the hand
begins in the history (of a hand's events only its HandDealt hides anything), and the
view's slots are set directly rather than through the frozen dataclass's `__init__`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Protocol

from .._core import Event
from .._errors import SeatError
from .records import HandDealt, VegasView

__all__ = ["VegasViews"]

#: Each VegasView field's slot setter, in the fields' order.
_VIEW_SLOTS: tuple[Callable[[VegasView, object], None], ...] = tuple(
    getattr(VegasView, field.name).__set__ for field in fields(VegasView)
)


def _new_view(*values: object) -> VegasView:
    """A VegasView of its fields' values in order.  A frozen dataclass's `__init__` sets
    each field through `object.__setattr__`; setting the slots themselves makes the view
    (21 fields) in about 1.6 µs instead of 2.6.  VegasView has no default or
    `__post_init__` that this would skip."""
    view = object.__new__(VegasView)
    for set_slot, value in zip(_VIEW_SLOTS, values, strict=True):
        set_slot(view, value)
    return view


class _Table(Protocol):
    ante: int
    bet: int
    max_raises: int


class VegasViews:
    """`VegasState`'s `view` and `deal_events`, from the state they read (declared here;
    `_deal_at` and `_dealt_seen` are set with each new hand)."""

    game: _Table
    players: int
    hand: int
    hands_in_match: int
    dealer: int
    _cards: list[list[str]]
    flipped: list[str]
    folded: list[bool]
    round: int
    level: int
    put_in_round: list[int]
    put_in: list[int]
    pot: int
    raises: int
    _to_act: int | None
    chips: list[int]
    _history: list[Event]
    #: Where the hand begins in the history (its HandDealt).
    _deal_at: int
    #: Its HandDealt as each seat sees it, made when first asked.
    _dealt_seen: list[HandDealt | None]

    def view(self, seat: int) -> VegasView:
        if not 0 <= seat < self.players:
            raise SeatError(f"There is no seat {seat} at a {self.players}-player Las Vegas table.")
        game = self.game
        return _new_view(
            seat,
            self.hand,
            self.hands_in_match,
            self.players,
            self.dealer,
            game.ante,
            game.bet,
            game.max_raises,
            tuple(self._cards[seat]),  # cards
            tuple(map(len, self._cards)),  # hand_sizes
            tuple(self.flipped),
            tuple(self.folded),
            self.round,
            self.level,
            tuple(self.put_in_round),
            tuple(self.put_in),
            self.pot,
            self.raises,
            self._to_act,  # to_act
            tuple(self.chips),
            self.deal_events(seat),
        )

    def deal_events(self, seat: int) -> tuple[Event, ...]:
        """As State.deal_events: each seat's copy of the hand's HandDealt made once, every
        later event the very event.  State.deal_events, which keeps a log per seat fed
        event by event (any game's event may hide something), took a fifth of the view's
        time in random matches (7.9 µs a view, 6.3 with this)."""
        seen = self._dealt_seen[seat]
        if seen is None:
            dealt = self._history[self._deal_at]
            assert isinstance(dealt, HandDealt)
            seen = self._dealt_seen[seat] = dealt.visible_to(seat)
        return (seen, *self._history[self._deal_at + 1 :])
