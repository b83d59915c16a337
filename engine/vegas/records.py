"""Las Vegas's records: the deck, and the frozen dataclasses and enums of play.

Actions, events (a history holds nothing else) and the per-seat view, with the constants
they are written in.  This module imports nothing else of the game, so the game's other
modules (notation, refusals, stats, rules) all build on it.  Every record is exported by
name from `engine.vegas`, the name results files store it under.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import ClassVar

from .._core import Action, Event, View

__all__ = [
    "RANKS",
    "SUITS",
    "DECK",
    "VALUES",
    "HAND_SIZE",
    "CENTRE_SIZE",
    "ROUNDS",
    "Bet",
    "HandEnd",
    "VegasAction",
    "DealtHand",
    "Discard",
    "Payout",
    "ShownHand",
    "HandDealt",
    "Acted",
    "Forfeited",
    "CardFlipped",
    "HandEnded",
    "MatchEnded",
    "VegasView",
    "card_value",
    "sort_cards",
]

RANKS = ("A", "2", "3", "4", "5", "6", "7", "F", "C", "R")
SUITS = ("b", "c", "d", "s")
DECK = tuple(rank + suit for rank in RANKS for suit in SUITS)
#: A card's value is its nominal value: A=1, 2..7, F=8, C=9, R=10.
VALUES = {rank: value for value, rank in enumerate(RANKS, start=1)}
#: Canonical card order in a hand: by value, then suit.
_SORT_KEY = {card: (VALUES[card[0]], SUITS.index(card[1])) for card in DECK}
HAND_SIZE = 3
CENTRE_SIZE = 4
#: Betting rounds per hand: one before each of the four flips, one after the last.
ROUNDS = CENTRE_SIZE + 1


def card_value(card: str) -> int:
    return VALUES[card[0]]


def sort_cards(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=_SORT_KEY.__getitem__))


class Bet(enum.Enum):
    """The five actions of the seed, by their Italian names."""

    BUSSO = 1  # check: nothing bet yet in this round
    PUNTA = 2  # bet `bet` chips: the round's opening bet
    VEDI = 3  # call: match the round's bet
    RILANCIA = 4  # raise the round's bet by `bet` chips
    LASCIA = 5  # fold: only when facing a bet


class HandEnd(enum.Enum):
    """How a hand ended."""

    SHOWDOWN = 1  # after the fifth betting round: low and high halves
    LAS_VEGAS = 2  # a flip emptied one or more hands: the whole pot to them
    FOLDS = 3  # everyone else folded (or forfeited): the whole pot to the one left


# --- actions --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VegasAction(Action):
    """One decision.  `level` is the round's bet per player after a PUNTA or RILANCIA
    (``punta 2``, ``rilancia 4``: raise to 4); None for the others."""

    kind: Bet
    level: int | None = None

    @property
    def text(self) -> str:
        name = self.kind.name.lower()
        return f"{name} {self.level}" if self.level is not None else name

    def __str__(self) -> str:
        return self.text


# --- records --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealtHand:
    """A seat's hand; `cards` is empty where the viewer may not see them."""

    seat: int
    size: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Discard:
    """What a flip made one seat throw away (face up), and how many cards it has left."""

    seat: int
    cards: tuple[str, ...]
    left: int


@dataclass(frozen=True, slots=True)
class Payout:
    """What one seat took from the pot at the end of a hand, and why ("low", "high",
    "las vegas", "last in"; "low+high" for both halves)."""

    seat: int
    chips: int
    why: str


@dataclass(frozen=True, slots=True)
class ShownHand:
    """A hand shown at the showdown: the cards a seat had left, and their total."""

    seat: int
    cards: tuple[str, ...]
    total: int


# --- events ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """A hand begins: everyone antes `ante`, the dealer deals 3 cards each and 4 centre
    cards face down (`centre` is empty where the viewer may not see them: always, except
    in the referee's history).  `chips` are the seats' net chips in the match so far."""

    starts_deal: ClassVar[bool] = True

    hand: int
    hands_in_match: int
    dealer: int
    ante: int
    pot: int
    hands: tuple[DealtHand, ...]
    centre: tuple[str, ...]
    chips: tuple[int, ...]
    #: The match seed, so that `replay` deals the hands after the history the same way.
    seed: int | None = field(default=None, metadata={"referee_only": True})

    def visible_to(self, seat: int) -> HandDealt:
        hidden = tuple(h if h.seat == seat else DealtHand(h.seat, h.size, ()) for h in self.hands)
        return HandDealt(self.hand, self.hands_in_match, self.dealer, self.ante, self.pot, hidden, (), self.chips)

    @property
    def text(self) -> str:
        hands = "; ".join(f"seat {h.seat}: {' '.join(h.cards) if h.cards else f'{h.size} cards'}" for h in self.hands)
        centre = f", centre {' '.join(self.centre)}" if self.centre else ""
        return (
            f"deal {self.hand}: seat {self.dealer} deals, everyone antes {self.ante} (pot {self.pot}){centre}; {hands}"
        )


@dataclass(frozen=True, slots=True)
class Acted(Event):
    """A seat's betting action: it put `paid` chips in; the round's bet is now `level`."""

    hand: int
    round: int
    seat: int
    action: Bet
    paid: int
    level: int
    pot: int

    @property
    def text(self) -> str:
        said = self.action.name.lower()
        if self.action in (Bet.PUNTA, Bet.RILANCIA):
            said = f"{said} {self.level}"
        paid = f", puts in {self.paid}" if self.paid else ""
        return f"seat {self.seat}: {said}{paid} (pot {self.pot})"

    def columns(self) -> tuple[tuple[str, str], ...]:
        said = self.action.name.lower()
        if self.action in (Bet.PUNTA, Bet.RILANCIA):
            said = f"{said} {self.level}"
        return (("action", said), ("put in", str(self.paid)), ("pot", str(self.pot)))


@dataclass(frozen=True, slots=True)
class Forfeited(Event):
    """A seat faulted: it folds (it loses what it put in), and the hand goes on."""

    hand: int
    seat: int
    reason: str

    @property
    def text(self) -> str:
        return f"seat {self.seat} forfeits: it folds ({self.reason})"


@dataclass(frozen=True, slots=True)
class CardFlipped(Event):
    """A centre card turned face up after betting round `flip`; every seat still in
    discards all its cards of that rank (forced, public)."""

    hand: int
    flip: int
    card: str
    discards: tuple[Discard, ...]

    @property
    def text(self) -> str:
        thrown = "; ".join(f"seat {d.seat} discards {' '.join(d.cards)} ({d.left} left)" for d in self.discards)
        return f"flip {self.flip}: {self.card}" + (f"; {thrown}" if thrown else "; nobody holds one")


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    """How a hand ended.  `shown` are the hands of the seats in at a showdown (what they
    had left, everyone sees them); `payouts` who took what; `net` each seat's chips won
    or lost in the hand; `chips` the match totals after it."""

    hand: int
    end: HandEnd
    pot: int
    shown: tuple[ShownHand, ...]
    payouts: tuple[Payout, ...]
    net: tuple[int, ...]
    chips: tuple[int, ...]

    @property
    def text(self) -> str:
        shown = "; ".join(f"seat {h.seat} shows {' '.join(h.cards)} ({h.total})" for h in self.shown)
        paid = ", ".join(f"seat {p.seat} takes {p.chips} ({p.why})" for p in self.payouts)
        why = {HandEnd.SHOWDOWN: "showdown", HandEnd.LAS_VEGAS: "Las Vegas", HandEnd.FOLDS: "the others folded"}
        parts = [f"deal {self.hand} ends ({why[self.end]}), pot {self.pot}"]
        if shown:
            parts.append(shown)
        parts.append(paid)
        return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """The match's hands are played; `chips` are the seats' net chips."""

    hands: int
    chips: tuple[int, ...]

    @property
    def text(self) -> str:
        hands = "1 deal" if self.hands == 1 else f"{self.hands} deals"
        return f"match over after {hands}; chips: " + ", ".join(f"{c:+d}" for c in self.chips)


# --- the view -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VegasView(View):
    """All one seat may know: its own cards and everything public, nothing else.

    `flipped` are the centre cards face up, in order (the others are face down);
    `hand_sizes` the cards each seat holds; `folded` who is out of this hand; `round` the
    betting round (1–5); `level` the round's bet per player; `put_in_round` what each
    seat has put in this round, `put_in` in this hand (ante included); `raises` the raises
    made this round (the opening bet is not one), at most `max_raises`; `chips` the
    seats' net chips in the match before this hand.
    """

    seat: int
    hand: int
    hands_in_match: int
    players: int
    dealer: int
    ante: int
    bet: int
    max_raises: int
    cards: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    flipped: tuple[str, ...]
    folded: tuple[bool, ...]
    round: int
    level: int
    put_in_round: tuple[int, ...]
    put_in: tuple[int, ...]
    pot: int
    raises: int
    to_act: int | None
    chips: tuple[int, ...]
    #: This hand's events so far, as the seat may see them (earlier hands it saw as events).
    deal_events: tuple[Event, ...]
