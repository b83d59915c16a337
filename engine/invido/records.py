"""Invido's records: the deck, the call ladder, and the frozen dataclasses and enums of play.

Actions, events (a history holds nothing else) and the per-seat view, with the constants
they are written in.  This module imports nothing else of the game, so the game's other
modules (notation, refusals, tricks, stats, rules) all build on it.  Every record is
exported by name from `engine.invido`, the name results files store it under.
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
    "LADDER",
    "CALL_NAMES",
    "GOAL",
    "RESET_GOAL",
    "DEFAULT_CAP",
    "HAND_SIZE",
    "Kind",
    "EndReason",
    "InvidoAction",
    "PlayedCard",
    "TrickRecord",
    "DealtHand",
    "GiocataDealt",
    "CardPlayed",
    "TrickEnded",
    "Called",
    "MonteCalled",
    "Answered",
    "WentAway",
    "Forfeited",
    "GiocataEnded",
    "MatchReset",
    "MatchEnded",
    "InvidoView",
    "strength",
]

RANKS = ("A", "2", "3", "6", "7", "F", "C", "R")
SUITS = ("b", "c", "d", "s")
RANK_STRENGTH = {"6": 0, "7": 1, "F": 2, "C": 3, "R": 4, "A": 5, "2": 6, "3": 7}
DECK = tuple(rank + suit for rank in RANKS for suit in SUITS)
DECK_SET = frozenset(DECK)
#: Canonical card order: strongest first, then by suit (how the manual lists hands).
SORT_KEY = {card: (-RANK_STRENGTH[card[0]], SUITS.index(card[1])) for card in DECK}

LADDER = (1, 3, 6, 9, 12, 24)
CALL_NAMES = {
    1: "canèla",
    3: "invido",
    6: "tras mas",
    9: "tras mas nof",
    12: "fuori gioco",
    24: "partita",
}
NEXT_CALL = {LADDER[i]: LADDER[i + 1] for i in range(len(LADDER) - 1)}
GOAL = 24
RESET_GOAL = 8
DEFAULT_CAP = 1000
HAND_SIZE = 3


def strength(card: str) -> int:
    """The trick strength of a card, 0 (a 6) to 7 (a 3); suits do not count."""
    return RANK_STRENGTH[card[0]]


def call_name(value: int) -> str:
    return f"{CALL_NAMES.get(value, str(value))} ({value})"


class Kind(enum.Enum):
    PLAY = 1  # play a card face up
    CALL = 2  # a score call: the next step of the ladder
    VA_BENE = 3  # accept the pending score call, or the pending a monte
    VADO_VIA = 4  # give up the giocata: the opponent takes the value in force
    A_MONTE = 5  # ask to call the giocata off
    NO = 6  # refuse an a monte: play resumes where it stopped
    VADO_DENTRO = 7  # play a card face down (option vado_dentro): it loses the trick


class EndReason(enum.Enum):
    TRICKS = 1  # decided by the tricks
    TIES = 2  # three tied tricks: void
    VADO_VIA = 3  # a player went away
    A_MONTE = 4  # an a monte was accepted: void
    FORFEIT = 5  # a seat faulted: its vado via


# --- actions --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class InvidoAction(Action):
    """One decision.  `card` only for PLAY / VADO_DENTRO, `value` only for CALL."""

    kind: Kind
    card: str | None = None
    value: int | None = None

    @property
    def text(self) -> str:
        kind = self.kind
        if kind is Kind.PLAY:
            return f"play {self.card}"
        if kind is Kind.VADO_DENTRO:
            return f"vado dentro {self.card}"
        if kind is Kind.CALL:
            if self.value in CALL_NAMES:
                return f"call {call_name(self.value)}"
            return f"call {self.value}"
        return ANSWER_TEXT[kind]

    def __str__(self) -> str:
        return self.text


ANSWER_TEXT = {
    Kind.VA_BENE: "va bene",
    Kind.VADO_VIA: "vado via",
    Kind.A_MONTE: "a monte",
    Kind.NO: "no",
}
TEXT_ANSWER = {text: kind for kind, text in ANSWER_TEXT.items()}


# --- records --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """A card on the table; `card` is None where the viewer may not see it (face down)."""

    seat: int
    card: str | None
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """One trick: number (1-3), leader, cards so far; `winner` None means a tie."""

    number: int
    leader: int
    cards: tuple[PlayedCard, ...]
    finished: bool
    winner: int | None

    def visible_to(self, seat: int) -> TrickRecord:
        """The trick as `seat` sees it: the other seat's face-down cards hidden."""
        cards = tuple(PlayedCard(c.seat, None, True) if c.face_down and c.seat != seat else c for c in self.cards)
        return TrickRecord(self.number, self.leader, cards, self.finished, self.winner)


@dataclass(frozen=True, slots=True)
class DealtHand:
    """A seat's hand; `cards` is empty where the viewer may not see them."""

    seat: int
    size: int
    cards: tuple[str, ...]


def _hand_text(hand: DealtHand) -> str:
    return " ".join(hand.cards) if hand.cards else f"{hand.size} cards"


# --- events ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GiocataDealt(Event):
    starts_deal: ClassVar[bool] = True

    giocata: int
    max_giocate: int
    dealer: int
    leader: int
    goal: int
    points: tuple[int, ...]
    hands: tuple[DealtHand, ...]
    #: The match seed, so that `replay` deals the giocate after the history the same way.
    seed: int | None = field(default=None, metadata={"referee_only": True})

    def visible_to(self, seat: int) -> GiocataDealt:
        hidden = tuple(h if h.seat == seat else DealtHand(h.seat, h.size, ()) for h in self.hands)
        return GiocataDealt(
            self.giocata,
            self.max_giocate,
            self.dealer,
            self.leader,
            self.goal,
            self.points,
            hidden,
        )

    @property
    def text(self) -> str:
        hands = "; ".join(f"seat {h.seat}: {_hand_text(h)}" for h in self.hands)
        score = "–".join(str(p) for p in self.points)
        return (
            f"giocata {self.giocata}: seat {self.dealer} deals, seat {self.leader} leads "
            f"(match {score}, goal {self.goal}); {hands}"
        )


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    giocata: int
    trick: int
    seat: int
    card: str | None
    face_down: bool

    def visible_to(self, seat: int) -> CardPlayed:
        if self.face_down and seat != self.seat:
            return CardPlayed(self.giocata, self.trick, self.seat, None, True)
        return self

    @property
    def text(self) -> str:
        if self.face_down:
            shown = f" ({self.card})" if self.card else ""
            return f"seat {self.seat} plays a card face down{shown}: vado dentro"
        return f"seat {self.seat} plays {self.card}"


@dataclass(frozen=True, slots=True)
class TrickEnded(Event):
    giocata: int
    trick: int
    leader: int
    winner: int | None

    @property
    def text(self) -> str:
        if self.winner is None:
            return f"trick {self.trick} is tied (patta)"
        return f"trick {self.trick}: seat {self.winner} wins it"


@dataclass(frozen=True, slots=True)
class Called(Event):
    """A score call of `value`; `accepted` is the call it implicitly accepts, if any."""

    giocata: int
    seat: int
    value: int
    accepted: int | None

    @property
    def text(self) -> str:
        also = f", accepting {call_name(self.accepted)}" if self.accepted is not None else ""
        return f"seat {self.seat} calls {call_name(self.value)}{also}"


@dataclass(frozen=True, slots=True)
class MonteCalled(Event):
    """An a monte; `pending` is the score call left waiting meanwhile, if any."""

    giocata: int
    seat: int
    pending: int | None

    @property
    def text(self) -> str:
        return f"seat {self.seat} calls a monte"


@dataclass(frozen=True, slots=True)
class Answered(Event):
    """*Va bene* or *no*; `to_monte` tells an a monte's answer from a score call's.

    `value` is what the giocata is worth after the answer.
    """

    giocata: int
    seat: int
    answer: Kind
    to_monte: bool
    value: int

    @property
    def text(self) -> str:
        said = ANSWER_TEXT[self.answer]
        if self.to_monte:
            return f"seat {self.seat} answers the a monte: {said}"
        return f"seat {self.seat}: {said}, the giocata is worth {self.value}"


@dataclass(frozen=True, slots=True)
class WentAway(Event):
    """*Vado via*: the opponent takes `value`; `pending` is the call refused, if any."""

    giocata: int
    seat: int
    value: int
    pending: int | None

    @property
    def text(self) -> str:
        refused = f", refusing {call_name(self.pending)}" if self.pending is not None else ""
        return f"seat {self.seat}: vado via{refused}; seat {1 - self.seat} takes {self.value}"


@dataclass(frozen=True, slots=True)
class Forfeited(Event):
    giocata: int
    seat: int
    reason: str

    @property
    def text(self) -> str:
        return f"seat {self.seat} forfeits giocata {self.giocata}: {self.reason}"


@dataclass(frozen=True, slots=True)
class GiocataEnded(Event):
    """How a giocata ended; `points` go to `winner` (None: void).

    `hands` holds both dealt hands only when every card was played face up.
    """

    giocata: int
    winner: int | None
    points: int
    value: int
    reason: EndReason
    match_points: tuple[int, ...]
    hands: tuple[DealtHand, ...]

    @property
    def text(self) -> str:
        why = {
            EndReason.TRICKS: "on the tricks",
            EndReason.TIES: "three tied tricks",
            EndReason.VADO_VIA: "vado via",
            EndReason.A_MONTE: "a monte",
            EndReason.FORFEIT: "forfeit",
        }[self.reason]
        score = "–".join(str(p) for p in self.match_points)
        if self.winner is None:
            return f"giocata {self.giocata} is void ({why}); match {score}"
        return f"giocata {self.giocata}: seat {self.winner} wins {self.points} ({why}); match {score}"


@dataclass(frozen=True, slots=True)
class MatchReset(Event):
    """Both seats on 23–23 (or 7–7 after that): both go back to 0; `goal` from now on."""

    giocata: int
    points_before: tuple[int, ...]
    goal: int

    @property
    def text(self) -> str:
        score = "–".join(str(p) for p in self.points_before)
        return f"{score}: both reset to 0, the match now goes to {self.goal}"


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """The match is over; `winner` is None when the giocata cap ended it level."""

    giocata: int
    winner: int | None
    points: tuple[int, ...]
    goal: int
    capped: bool

    @property
    def text(self) -> str:
        score = "–".join(str(p) for p in self.points)
        if self.capped:
            who = "level" if self.winner is None else f"seat {self.winner} ahead"
            giocate = "giocata" if self.giocata == 1 else "giocate"
            return f"match stopped at the cap of {self.giocata} {giocate}, {score} ({who})"
        return f"seat {self.winner} wins the match {score}"


# --- the view -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class InvidoView(View):
    """All one seat may know: its own hand and everything public, nothing else.

    `tricks` lists this giocata's tricks, the one in progress last (finished=False).
    `pending_call` is the score call waiting for an answer (made by `pending_caller`);
    `monte_caller` is the seat whose a monte waits for an answer; `monte_used` says per
    seat whether it has called a monte in the current trick.
    """

    seat: int
    giocata: int
    max_giocate: int
    dealer: int
    leader: int
    to_act: int | None
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    tricks: tuple[TrickRecord, ...]
    trick: int
    value: int
    pending_call: int | None
    pending_caller: int | None
    monte_caller: int | None
    last_raiser: int | None
    monte_used: tuple[bool, ...]
    points: tuple[int, ...]
    goal: int
    reset_rule: bool
    vado_dentro: bool
    #: This deal's events so far, as the seat may see them (earlier deals it saw as events).
    deal_events: tuple[Event, ...]
