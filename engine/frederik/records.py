"""frederik's records: the deck; the actions, events and per-seat view of play.

Imports nothing else of the game, which all builds on it.  Every record is exported by
name from `engine.frederik`, the name results files store it under."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import ClassVar

from .._core import Action, Event, View

__all__ = [
    "RANKS",
    "SUITS",
    "DECK",
    "DRAFT_ROUNDS",
    "DRAFT_DRAW",
    "BATTLE_ROUNDS",
    "Move",
    "Phase",
    "Window",
    "Outcome",
    "Category",
    "FrederikAction",
    "TableCard",
    "Tableau",
    "PileCard",
    "ShownHand",
    "DealStarted",
    "Drew",
    "Kept",
    "Returned",
    "Acted",
    "Responded",
    "Resolved",
    "Forfeited",
    "DealEnded",
    "MatchEnded",
    "FrederikView",
    "rank_of",
    "number_of",
    "suit_of",
    "sort_cards",
]

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
SUITS = ("c", "d", "h", "s")
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
#: A card's rank for "higher", "lower" and poker: 2..10, J 11, Q 12, K 13, A 14.
_RANK = {card: RANKS.index(card[0]) + 2 for card in DECK}
#: A card's number in an N-th-card sum: A 1, 2..10, J 11, Q 12, K 13 (RULINGS 4).
_NUMBER = {card: 1 if card[0] == "A" else _RANK[card] for card in DECK}
_SORT_KEY = {card: (_RANK[card], SUITS.index(card[1])) for card in DECK}
DRAFT_ROUNDS = 5
DRAFT_DRAW = 5
BATTLE_ROUNDS = 2


def rank_of(card: str) -> int:
    """2..14: the ace is high when cards are compared (the seed's ace beats a ten)."""
    return _RANK[card]


def number_of(card: str) -> int:
    """1..13: the ace counts 1 in an N-th-card sum."""
    return _NUMBER[card]


def suit_of(card: str) -> str:
    return card[1]


def sort_cards(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=_SORT_KEY.__getitem__))


class Phase(enum.Enum):
    DRAFT, BATTLE, OVER = 1, 2, 3  # five draws each; two turns each; scored


class Move(enum.Enum):
    """Every kind of decision.  The draft's KEEP, KEEP_ALL and RETURN; a battle turn's
    PASS … STEAL_LOWER (the seed's list, in its order); the answers PROTECT and
    INTERRUPT.  PASS also declines an answer or an interrupt."""

    KEEP = 1  # keep one drawn card (face down, or face up: at most one face down)
    KEEP_ALL = 2  # first draft round only: all five face down, no more draws
    RETURN = 3  # the four other drawn cards to the bottom, in this order
    PASS = 4  # nothing: a battle turn passed, or no answer, or no interrupt
    DISCARD_PAIR = 5  # two of one number to the bottom, then draw four
    DISCARD_TRIPLE = 6  # three of one number to the bottom, then draw six
    DRAW = 7  # the top card
    DRAW_NTH = 8  # the N-th card from the top, N a sum of own face-up numbers
    HIDE = 9  # turn one's face-up card face down
    REVEAL = 10  # turn one's face-down card up: another seat's chosen card must turn up
    SWAP_HIGHER = 11
    SWAP_LOWER = 12
    SWAP_EQUAL = 13
    DISCARD_HIGHER = 14
    DISCARD_LOWER = 15
    DISCARD_EQUAL = 16
    STEAL_HIGHER = 17
    STEAL_LOWER = 18
    PROTECT = 19  # the target reveals a card of the suit that protects its card
    INTERRUPT = 20  # discard a card of the suit or number of the actor's card

    @property
    def word(self) -> str:
        return self.name.lower().replace("_", "-")


#: Battle actions against another seat's face-up card: each names `card` (the actor's)
#: and `target` (the face-up card).  Which ones the target may answer, and how.
TARGETED = frozenset(
    {
        Move.SWAP_HIGHER,
        Move.SWAP_LOWER,
        Move.SWAP_EQUAL,
        Move.DISCARD_HIGHER,
        Move.DISCARD_LOWER,
        Move.DISCARD_EQUAL,
        Move.STEAL_HIGHER,
        Move.STEAL_LOWER,
    }
)
HIGHER = frozenset({Move.SWAP_HIGHER, Move.DISCARD_HIGHER, Move.STEAL_HIGHER})
LOWER = frozenset({Move.SWAP_LOWER, Move.DISCARD_LOWER, Move.STEAL_LOWER})
#: Declarations that open an interrupt window (and, unless EQUAL, an answer).
DECLARED = TARGETED | {Move.REVEAL}


class Window(enum.Enum):
    """A decision out of turn: the target's answer, or an interrupt window's offer."""

    ANSWER = 1
    INTERRUPT = 2


class Outcome(enum.Enum):
    """How a declared action ended."""

    DONE = 1  # it took effect
    PROTECTED = 2  # the target revealed a protecting card: the actor discards its card
    INTERRUPTED = 3  # a seat discarded a matching card: the actor discards its card
    # (a REVEAL's card stays face up) and the target keeps its own


class Category(enum.Enum):
    """Poker's hand categories, weakest first."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


# --- actions --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FrederikAction(Action):
    """One decision.  `card` is the deciding seat's own card (kept, hidden, revealed,
    used against a target, protecting, interrupting); `target` another seat's face-up
    card; `cards` several own cards in order (returned, discarded as a pair or triple:
    the first goes to the bottom first) or the matching cards a steal shows; `seat` and
    `slot` the face-down card a REVEAL makes turn up (its index in that seat's cards);
    `number` the N of DRAW_NTH; `face_down` whether a KEEP leaves the new card face down
    (turning the older face-down card up) or puts it face up."""

    kind: Move
    card: str | None = None
    target: str | None = None
    cards: tuple[str, ...] = ()
    seat: int | None = None
    slot: int | None = None
    number: int | None = None
    face_down: bool = False

    @property
    def text(self) -> str:
        kind = self.kind
        word = kind.word
        if kind is Move.KEEP:
            card = self.card or "a card"
            return f"keep {card} {'down' if self.face_down else 'up'}"
        if kind is Move.KEEP_ALL:
            return "keep all"
        if kind is Move.RETURN:
            return f"return {' '.join(self.cards)}" if self.cards else "return four cards"
        if kind in (Move.PASS, Move.DRAW):
            return word
        if kind is Move.DRAW_NTH:
            return f"draw {self.number}"
        if kind in (Move.DISCARD_PAIR, Move.DISCARD_TRIPLE):
            return f"discard {' '.join(self.cards)}"
        if kind is Move.REVEAL:
            return f"reveal {self.card} seat {self.seat} slot {self.slot}"
        if kind in TARGETED:
            shown = f" with {' '.join(self.cards)}" if self.cards else ""
            return f"{word} {self.card} {self.target}{shown}"
        return f"{word} {self.card}"  # hide, protect, interrupt

    def __str__(self) -> str:
        return self.text


# --- records --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableCard:
    """A card in front of a seat.  `card` is "" where the viewer does not know it."""

    card: str
    face_up: bool


@dataclass(frozen=True, slots=True)
class Tableau:
    """The cards in front of one seat, in the order they arrived (a REVEAL's `slot`
    is an index here)."""

    seat: int
    cards: tuple[TableCard, ...]


@dataclass(frozen=True, slots=True)
class PileCard:
    """A card of the pile the viewer knows (it returned or saw it go under, and no one
    has drawn it since): `position` 1 is the top."""

    position: int
    card: str


@dataclass(frozen=True, slots=True)
class ShownHand:
    """A seat's cards at the end, all of them face up: its best hand of up to five,
    with at most one face-up card `borrowed` from another seat."""

    seat: int
    cards: tuple[str, ...]
    borrowed: str | None
    best: tuple[str, ...]
    category: Category
    #: The hand's strength: category then ranks, compared as a tuple (higher wins).
    value: tuple[int, ...]


# --- events ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    """A deal begins: the pile is the whole deck, face down; `starter` draws first and
    takes the first battle turn.  `points` are the match so far (wins, shared on ties)."""

    starts_deal: ClassVar[bool] = True

    deal: int
    deals_in_match: int
    starter: int
    points: tuple[float, ...]
    #: Referee-side only: the shuffled pile, top first, and the match seed, for `replay`.
    pile: tuple[str, ...] = field(default=(), metadata={"referee_only": True})
    seed: int | None = field(default=None, metadata={"referee_only": True})

    def visible_to(self, seat: int) -> DealStarted:
        return DealStarted(self.deal, self.deals_in_match, self.starter, self.points)

    @property
    def text(self) -> str:
        return f"deal {self.deal}: seat {self.starter} starts"


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """A draft draw: `seat` takes `count` cards from the top (`cards` only for itself)."""

    deal: int
    round: int
    seat: int
    count: int
    cards: tuple[str, ...]

    def visible_to(self, seat: int) -> Drew:
        return self if seat == self.seat else Drew(self.deal, self.round, self.seat, self.count, ())

    @property
    def text(self) -> str:
        drawn = " ".join(self.cards) if self.cards else f"{self.count} cards"
        return f"draft {self.round}: seat {self.seat} draws {drawn}"


@dataclass(frozen=True, slots=True)
class Kept(Event):
    """A draft keep.  A card kept face down is the seat's alone; `turned_up` is the
    card its keep turned face up (the older face-down one, or the kept one)."""

    deal: int
    round: int
    seat: int
    action: FrederikAction
    turned_up: str | None

    def visible_to(self, seat: int) -> Kept:
        if seat == self.seat or not self.action.face_down:
            return self
        return Kept(self.deal, self.round, self.seat, replace(self.action, card=None), self.turned_up)

    @property
    def text(self) -> str:
        if self.action.kind is Move.KEEP_ALL:
            return f"seat {self.seat} keeps all five face down"
        kept = self.action.card or "a card"
        how = "face down" if self.action.face_down else "face up"
        up = f", turns {self.turned_up} up" if self.turned_up and self.action.face_down else ""
        return f"seat {self.seat} keeps {kept} {how}{up}"


@dataclass(frozen=True, slots=True)
class Returned(Event):
    """The four other drawn cards go to the bottom in the seat's order (seen by it alone)."""

    deal: int
    round: int
    seat: int
    action: FrederikAction

    def visible_to(self, seat: int) -> Returned:
        if seat == self.seat:
            return self
        return Returned(self.deal, self.round, self.seat, FrederikAction(Move.RETURN))

    @property
    def text(self) -> str:
        cards = " ".join(self.action.cards) if self.action.cards else "four cards"
        return f"seat {self.seat} returns {cards} to the bottom"


@dataclass(frozen=True, slots=True)
class Acted(Event):
    """A battle turn, public: the action and the cards it drew (face up)."""

    deal: int
    round: int
    seat: int
    action: FrederikAction
    drawn: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        drawn = f", draws {' '.join(self.drawn)}" if self.drawn else ""
        return f"battle {self.round}: seat {self.seat}: {self.action.text}{drawn}"

    def columns(self) -> tuple[tuple[str, str], ...]:
        return (("action", self.action.text), ("result", f"draws {' '.join(self.drawn)}" if self.drawn else ""))


@dataclass(frozen=True, slots=True)
class Responded(Event):
    """An answer or an interrupt offer taken (public) or let pass (seen by that seat only)."""

    deal: int
    seat: int
    window: Window
    action: FrederikAction

    def visible_to(self, seat: int) -> Responded | None:
        return self if seat == self.seat or self.action.kind is not Move.PASS else None

    @property
    def text(self) -> str:
        if self.action.kind is Move.PASS:
            return f"seat {self.seat} lets it pass"
        if self.action.kind is Move.PROTECT:
            return f"seat {self.seat} protects with {self.action.card}"
        return f"seat {self.seat} interrupts with {self.action.card}"

    def columns(self) -> tuple[tuple[str, str], ...]:
        # A row of the battle's table, under the action it answers.
        return (("action", self.action.text), ("result", ""))


@dataclass(frozen=True, slots=True)
class Resolved(Event):
    """How a declared action ended, public: `target_seat` the seat it was aimed at, `by`
    the seat that protected or interrupted, `turned_up` the card a REVEAL made the
    target turn face up."""

    deal: int
    seat: int
    action: FrederikAction
    target_seat: int
    outcome: Outcome
    by: int | None = None
    turned_up: str | None = None

    @property
    def result(self) -> str:
        if self.outcome is Outcome.DONE:
            return (
                f"takes effect, seat {self.target_seat} turns {self.turned_up} up" if self.turned_up else "takes effect"
            )
        return f"{self.outcome.name.lower()} by seat {self.by}"

    @property
    def text(self) -> str:
        return f"seat {self.seat}'s {self.action.kind.word}: {self.result}"

    def columns(self) -> tuple[tuple[str, str], ...]:
        return (("action", ""), ("result", self.result))


@dataclass(frozen=True, slots=True)
class Forfeited(Event):
    """A seat faulted: it passes its decisions for the rest of the deal, ranked last."""

    deal: int
    seat: int
    reason: str

    @property
    def text(self) -> str:
        return f"seat {self.seat} forfeits the deal: it passes from now on and ranks last ({self.reason})"


@dataclass(frozen=True, slots=True)
class DealEnded(Event):
    """The deal is scored: every seat's hand shown, `ranks` (0 best; forfeiting seats
    last), `scores` (a win, shared on ties) and the match `points` after it."""

    deal: int
    hands: tuple[ShownHand, ...]
    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    points: tuple[float, ...]

    @property
    def text(self) -> str:
        shown = "; ".join(
            f"seat {h.seat}: {' '.join(h.best) or 'nothing'} ({h.category.name.lower().replace('_', ' ')}"
            + (f", borrows {h.borrowed})" if h.borrowed else ")")
            for h in self.hands
        )
        winners = ", ".join(str(s) for s, r in enumerate(self.ranks) if r == 0)
        return f"deal {self.deal} ends: {shown}; won by seat {winners}"


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    deals: int
    points: tuple[float, ...]

    @property
    def text(self) -> str:
        deals = "1 deal" if self.deals == 1 else f"{self.deals} deals"
        return f"match over after {deals}; wins: " + ", ".join(f"{p:g}" for p in self.points)


# --- the view -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FrederikView(View):
    """All one seat may know of the deal, and nothing else.

    `tableaux` every seat's cards in front of it (another seat's face-down card shows
    as "" unless this seat knows it: it saw it face up, or shown); `drawn` the cards this
    seat holds in the draft, to keep or return; `pile_known` the pile's cards it knows,
    by position; `answering` the declared action an answer or interrupt is about, by
    `answering_seat`; `points` the match so far (wins, shared on ties).
    """

    seat: int
    deal: int
    deals_in_match: int
    players: int
    starter: int
    phase: Phase
    round: int
    to_act: int | None
    tableaux: tuple[Tableau, ...]
    drawn: tuple[str, ...]
    pile_size: int
    pile_known: tuple[PileCard, ...]
    all_down: tuple[bool, ...]
    forfeited: tuple[bool, ...]
    answering: FrederikAction | None
    answering_seat: int | None
    points: tuple[float, ...]
    #: This deal's events so far, as the seat may see them (earlier deals it saw as events).
    deal_events: tuple[Event, ...]
