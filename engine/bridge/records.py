"""Contract bridge's records: the deck, the board cycle, and the frozen records of play.

Actions, events (a history holds nothing else) and the per-seat view, with the constants
they are written in.  This module imports nothing else of the game, so the game's other
modules (notation, scoring, refusals, stats, rules) all build on it.  Every record is
exported by name from `engine.bridge`, the name results files store it under.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import ClassVar

from .._core import Action, Event, View

__all__ = [
    "SUITS",
    "RANKS",
    "DECK",
    "SEATS",
    "HAND_SIZE",
    "TRICKS",
    "HCP",
    "Strain",
    "CallKind",
    "Doubling",
    "Vulnerability",
    "Phase",
    "BridgeAction",
    "Contract",
    "DealtHand",
    "PlayedCard",
    "BoardDealt",
    "Called",
    "AuctionEnded",
    "CardPlayed",
    "DummyExposed",
    "TrickTaken",
    "BoardScored",
    "Forfeited",
    "MatchEnded",
    "BridgeView",
    "seat_name",
    "side_of",
    "sort_cards",
    "dealer_of",
    "vulnerability_of",
    "is_vulnerable",
]

#: Suits from the highest, as a hand is written (spades, hearts, diamonds, clubs).
SUITS = ("S", "H", "D", "C")
#: Ranks from the highest; T is the ten.
RANKS = ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2")
#: A card is its suit then its rank: SA (ace of spades), HT (ten of hearts), C2.
DECK = tuple(suit + rank for suit in SUITS for rank in RANKS)
#: Seats clockwise: 0 North, 1 East, 2 South, 3 West.  North-South is side 0.
SEATS = ("N", "E", "S", "W")
HAND_SIZE = 13
TRICKS = 13
#: High-card points, the seed's "punteggio delle carte" (A 4, K 3, Q 2, J 1).
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
_ORDER = {card: i for i, card in enumerate(DECK)}


def seat_name(seat: int) -> str:
    return SEATS[seat]


def side_of(seat: int) -> int:
    """0 for North-South, 1 for East-West."""
    return seat % 2


def sort_cards(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Cards as a hand is written: spades first, highest first within a suit."""
    return tuple(sorted(cards, key=_ORDER.__getitem__))


class Strain(enum.Enum):
    """A bid's denomination, lowest first (the seed: fiori, quadri, cuori, picche, SA)."""

    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3
    SPADES = 4
    NOTRUMP = 5

    @property
    def letter(self) -> str:
        return "NT" if self is Strain.NOTRUMP else self.name[0]

    @property
    def suit(self) -> str | None:
        """The trump suit's letter, None at notrump."""
        return None if self is Strain.NOTRUMP else self.name[0]


class CallKind(enum.Enum):
    """What a decision is: the four calls of the auction, or a card in the play."""

    PASS = 1
    BID = 2
    DOUBLE = 3
    REDOUBLE = 4
    PLAY = 5


class Doubling(enum.Enum):
    UNDOUBLED = 1
    DOUBLED = 2
    REDOUBLED = 3


class Vulnerability(enum.Enum):
    """Who is vulnerable on a board (Law 2)."""

    NONE = 1
    NS = 2
    EW = 3
    BOTH = 4


class Phase(enum.Enum):
    AUCTION = 1
    PLAY = 2
    OVER = 3


#: Law 2's 16-board cycle of vulnerability, from board 1.
_CYCLE = "0NEB NEB0 EB0N B0NE"
_VUL_LETTER = {"0": Vulnerability.NONE, "N": Vulnerability.NS, "E": Vulnerability.EW, "B": Vulnerability.BOTH}


def dealer_of(board: int) -> int:
    """Board 1 is dealt by North, 2 by East, and so on round the table (Law 2)."""
    return (board - 1) % 4


def vulnerability_of(board: int) -> Vulnerability:
    return _VUL_LETTER[_CYCLE.replace(" ", "")[(board - 1) % 16]]


def is_vulnerable(vulnerability: Vulnerability, seat: int) -> bool:
    if vulnerability is Vulnerability.BOTH:
        return True
    if vulnerability is Vulnerability.NONE:
        return False
    return (vulnerability is Vulnerability.NS) == (side_of(seat) == 0)


# --- the action -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BridgeAction(Action):
    """One decision: a call (``pass``, ``1C`` … ``7NT``, ``X`` double, ``XX`` redouble)
    in the auction, or a card (``SA``, ``HT``, ``C2``) in the play.  `level` and `strain`
    are set for a bid only, `card` for a card only."""

    kind: CallKind
    level: int | None = None
    strain: Strain | None = None
    card: str | None = None

    @property
    def text(self) -> str:
        kind = self.kind
        if kind is CallKind.BID:
            return f"{self.level}{self.strain.letter}"  # type: ignore[union-attr]
        if kind is CallKind.PLAY:
            return self.card  # type: ignore[return-value]
        return _CALL_WORDS[kind]

    def __str__(self) -> str:
        return self.text


_CALL_WORDS = {CallKind.PASS: "pass", CallKind.DOUBLE: "X", CallKind.REDOUBLE: "XX"}


# --- records --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Contract:
    """The final contract: `level` (1–7, tricks beyond six), `strain`, whether doubled or
    redoubled, and the declarer."""

    level: int
    strain: Strain
    doubling: Doubling
    declarer: int

    @property
    def text(self) -> str:
        shown = {Doubling.UNDOUBLED: "", Doubling.DOUBLED: "X", Doubling.REDOUBLED: "XX"}[self.doubling]
        return f"{self.level}{self.strain.letter}{shown} by {SEATS[self.declarer]}"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class DealtHand:
    """A seat's thirteen cards; `cards` is empty where the viewer may not see them."""

    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """A card in the current trick and the seat whose card it was."""

    seat: int
    card: str


# --- events ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardDealt(Event):
    """A board begins: its number fixes the dealer and who is vulnerable (Law 2); each
    seat is dealt thirteen cards (the others' are empty in a seat's view).  `totals`
    are the sides' points (North-South, East-West) in the match so far."""

    starts_deal: ClassVar[bool] = True

    board: int
    boards_in_match: int
    dealer: int
    vulnerability: Vulnerability
    hands: tuple[DealtHand, ...]
    totals: tuple[int, ...]
    #: The match seed, so that `replay` deals the boards after the history the same way.
    seed: int | None = field(default=None, metadata={"referee_only": True})

    def visible_to(self, seat: int) -> BoardDealt:
        hidden = tuple(h if h.seat == seat else DealtHand(h.seat, ()) for h in self.hands)
        return BoardDealt(self.board, self.boards_in_match, self.dealer, self.vulnerability, hidden, self.totals)

    @property
    def text(self) -> str:
        vul = {
            Vulnerability.NONE: "nobody",
            Vulnerability.NS: "N-S",
            Vulnerability.EW: "E-W",
            Vulnerability.BOTH: "both sides",
        }
        hands = "; ".join(f"{SEATS[h.seat]}: {_hand_text(h.cards)}" for h in self.hands if h.cards)
        return f"board {self.board}: {SEATS[self.dealer]} deals, {vul[self.vulnerability]} vulnerable" + (
            f"; {hands}" if hands else ""
        )


def _hand_text(cards: tuple[str, ...]) -> str:
    """A hand by suit, as bridge columns print it: S AKQ H T98 D - C 5432."""
    return " ".join(f"{suit} {''.join(c[1] for c in cards if c[0] == suit) or '-'}" for suit in SUITS)


@dataclass(frozen=True, slots=True)
class Called(Event):
    """A call in the auction."""

    board: int
    seat: int
    call: BridgeAction

    @property
    def text(self) -> str:
        return f"{SEATS[self.seat]}: {self.call.text}"

    def columns(self) -> tuple[tuple[str, str], ...]:
        return (("call", self.call.text), ("card", ""))


@dataclass(frozen=True, slots=True)
class AuctionEnded(Event):
    """Three passes after a call end the auction; `contract` is None when all four
    passed (the board is passed out, scored 0, and nothing is played).  `dummy` is the
    declarer's partner (-1 when passed out)."""

    board: int
    contract: Contract | None
    dummy: int

    @property
    def text(self) -> str:
        if self.contract is None:
            return f"board {self.board}: passed out"
        return f"contract {self.contract.text}; {SEATS[(self.contract.declarer + 1) % 4]} leads"


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A card played to trick `trick` (1–13) from `seat`'s hand; `by` is whose bot chose
    it (the declarer for the dummy's cards)."""

    board: int
    trick: int
    seat: int
    by: int
    card: str

    @property
    def text(self) -> str:
        played = f"{SEATS[self.seat]} plays {self.card}"
        return played if self.by == self.seat else f"{played} (chosen by {SEATS[self.by]})"

    def columns(self) -> tuple[tuple[str, str], ...]:
        chosen = self.card if self.by == self.seat else f"{self.card} (by {SEATS[self.by]})"
        return (("call", ""), ("card", chosen))


@dataclass(frozen=True, slots=True)
class DummyExposed(Event):
    """After the opening lead the dummy's hand goes face up on the table, for all."""

    board: int
    seat: int
    cards: tuple[str, ...]

    @property
    def text(self) -> str:
        return f"dummy ({SEATS[self.seat]}): {_hand_text(self.cards)}"


@dataclass(frozen=True, slots=True)
class TrickTaken(Event):
    """Trick `trick` is complete: `cards` in the order played, won by `winner`, who
    leads next.  `tricks` are the tricks taken so far (North-South, East-West)."""

    board: int
    trick: int
    cards: tuple[PlayedCard, ...]
    winner: int
    tricks: tuple[int, ...]

    @property
    def text(self) -> str:
        return f"trick {self.trick} to {SEATS[self.winner]} (N-S {self.tricks[0]}, E-W {self.tricks[1]})"


@dataclass(frozen=True, slots=True)
class BoardScored(Event):
    """The board's result: the contract (None when passed out), the tricks declarer's
    side took, and the score for North-South by Law 77 (East-West score its negative).
    `totals` are the sides' points in the match after the board."""

    board: int
    contract: Contract | None
    declarer_tricks: int
    score: int
    totals: tuple[int, ...]

    @property
    def text(self) -> str:
        if self.contract is None:
            return f"board {self.board}: passed out, 0"
        need = self.contract.level + 6
        made = "made" if self.declarer_tricks >= need else f"down {need - self.declarer_tricks}"
        extra = self.declarer_tricks - need
        if extra > 0:
            made += f" +{extra}"
        return f"board {self.board}: {self.contract.text}, {self.declarer_tricks} trick{'s' if self.declarer_tricks != 1 else ''}, {made}; N-S {self.score:+d}"


@dataclass(frozen=True, slots=True)
class Forfeited(Event):
    """A seat faulted: the board ends at once, its side last; it scores 0 at this table,
    and the duplicate comparison gives the faulting side average-minus."""

    board: int
    seat: int
    reason: str

    @property
    def text(self) -> str:
        return f"{SEATS[self.seat]} forfeits board {self.board} ({self.reason})"


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """The match's boards are played; `totals` are the sides' points (N-S, E-W)."""

    boards: int
    totals: tuple[int, ...]

    @property
    def text(self) -> str:
        boards = "1 board" if self.boards == 1 else f"{self.boards} boards"
        return f"match over after {boards}; N-S {self.totals[0]:+d}, E-W {self.totals[1]:+d}"


# --- the view -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BridgeView(View):
    """All one seat may know: its own hand, the dummy's once the opening lead is made,
    and everything public.

    `hand` is the seat's cards still held; `dummy` the dummy's cards still held (empty
    before the opening lead and when passed out); `auction` the calls so far from the
    dealer on; `contract` the final contract once the auction is over; `trick` the
    cards of the trick in progress, `leader` who led it; `tricks` the tricks taken
    (North-South, East-West); `to_play` whose card is due (the dummy's, when the
    declarer is asked to play for it); `totals` the sides' points in the match before
    this board.  A seat that is the dummy is never asked: its partner plays its cards.
    """

    seat: int
    board: int
    boards_in_match: int
    dealer: int
    vulnerability: Vulnerability
    phase: Phase
    hand: tuple[str, ...]
    auction: tuple[BridgeAction, ...]
    contract: Contract | None
    dummy_seat: int | None
    dummy: tuple[str, ...]
    trick: tuple[PlayedCard, ...]
    leader: int | None
    tricks: tuple[int, ...]
    to_play: int | None
    totals: tuple[int, ...]
    #: This board's events so far, as the seat may see them (earlier boards it saw as events).
    deal_events: tuple[Event, ...]
