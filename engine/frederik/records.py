"""frederik's records: the actions, events and per-seat view of play, with the deck
(`cards`) and the kinds they are made of (`kinds`), which it exports too.

Imports nothing else of the game but those two, and the game all builds on it.  Every record is exported by
name from `engine.frederik`, the name results files store it under."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import ClassVar

from .._core import Action, Event, View
from .cards import BATTLE_ROUNDS, DECK, DRAFT_DRAW, DRAFT_ROUNDS, RANKS, SUITS, number_of, rank_of, sort_cards, suit_of
from .kinds import Category, Move, Outcome, Phase, Window

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
        # The kinds by how often they are offered (the draft's 24 orders of return at
        # every draw first): the text is written anew each time a request lists it.
        kind = self.kind
        if kind is Move.RETURN:
            return f"return {' '.join(self.cards)}" if self.cards else "return four cards"
        if kind.targeted:
            shown = f" with {' '.join(self.cards)}" if self.cards else ""
            return f"{kind.word} {self.card} {self.target}{shown}"
        if kind is Move.KEEP:
            return f"keep {self.card or 'a card'} {'down' if self.face_down else 'up'}"
        if kind is Move.DRAW_NTH:
            return f"draw {self.number}"
        if kind is Move.REVEAL:
            return f"reveal {self.card} seat {self.seat} slot {self.slot}"
        if kind is Move.PASS or kind is Move.DRAW:
            return kind.word
        if kind is Move.KEEP_ALL:
            return "keep all"
        if kind is Move.DISCARD_PAIR or kind is Move.DISCARD_TRIPLE:
            return f"discard {' '.join(self.cards)}"
        return f"{kind.word} {self.card}"  # hide, protect, interrupt

    def __str__(self) -> str:
        return self.text


# What another seat sees of a keep face down and of a return: one record each, met again
# by identity, so the referee writes it once (a fresh one each time was written each time).
_HIDDEN_KEEP = FrederikAction(Move.KEEP, face_down=True)
_HIDDEN_RETURN = FrederikAction(Move.RETURN)


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
        hidden = replace(self.action, card=None)
        if hidden == _HIDDEN_KEEP:  # a keep as the rules make it: the shared record
            hidden = _HIDDEN_KEEP
        return Kept(self.deal, self.round, self.seat, hidden, self.turned_up)

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
        return Returned(self.deal, self.round, self.seat, _HIDDEN_RETURN)

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
