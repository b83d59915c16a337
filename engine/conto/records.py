"""Conto's records: the deck's ranks, and the frozen dataclasses and enums of play.

Actions, events (a history holds nothing else), the per-seat view and the showdown rule
they are judged by.  This module imports nothing else of the game, so the game's other
modules (notation, refusals, stats, rules) all build on it and never on each other's
records.  Every record is exported by name from `engine.conto`, the name results files
store it under.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from .._core import Action, Event, View
from .._errors import NotationError

__all__ = [
    "RANKS",
    "JOKER",
    "MAX_QUANTITY",
    "COPIES_PER_RANK",
    "JOKERS_IN_DECK",
    "Move",
    "Portata",
    "ContoAction",
    "RevealedCard",
    "DealtHand",
    "HandDealt",
    "Declared",
    "BillCalled",
    "Showdown",
    "Forfeited",
    "ContoView",
    "plate_is_true",
]

RANKS = "23456789TJQKA"
JOKER = "W"
CARD_INDEX = {r: i for i, r in enumerate(RANKS + JOKER)}
JOKER_INDEX = 13  # index of the joker in count arrays
MAX_QUANTITY = 12
COPIES_PER_RANK = 8
JOKERS_IN_DECK = 4


class Move(enum.Enum):
    ORDINAZIONE = 1
    SPEZIARE = 2
    ABBONDARE = 3
    CONTO = 4


@dataclass(frozen=True, slots=True)
class Portata:
    """A declared course: `quantity` cards of `rank`."""

    rank: str
    quantity: int
    #: "2A", worked out once: it goes into the text of every action whose plate holds it.
    text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.rank not in CARD_INDEX:
            raise NotationError(f"{self.rank!r} is not a rank; ranks are {' '.join(RANKS)}.")
        object.__setattr__(self, "text", f"{self.quantity}{self.rank}")

    def __str__(self) -> str:
        return self.text


def _slot_code(slot: int | None) -> int:
    # The slot is part of an action's identity: "2A 2K" may come from 1A 2K (slot 0) or
    # from 2A 1K (slot 1), and the two reveal different ranks.
    return 3 if slot is None else slot & 3


def _plate_code(plate: Sequence[Portata]) -> int:
    code = 0
    for slot, p in enumerate(plate):
        code |= (CARD_INDEX[p.rank] * 16 + min(p.quantity, 15)) << (8 * slot)
    return code


#: Every portata a declaration may hold, by rank index (the joker's last) and quantity (0
#: has none): made once, so that every plate holds the same few objects.
PORTATE: tuple[tuple[Portata | None, ...], ...] = tuple(
    tuple(Portata(rank, quantity) if quantity else None for quantity in range(MAX_QUANTITY + 1))
    for rank in RANKS + JOKER
)
#: The fields a declaration made from its key (`declaration`) works out when first read.
_FROM_KEY = frozenset({"kind", "slot", "plate", "reveals", "text"})


@dataclass(frozen=True, slots=True)
class ContoAction(Action):
    """A declaration (the plate it leaves and the card it reveals) or the bill.

    `slot` is the portata that changes (None for the bill).  `plate` is the whole plate
    after the declaration, as the seed's tables write it ("Due A e tre T" = 2A 3T).

    `key` packs all of it in one int: the plate (a byte a portata: rank index * 16 +
    quantity, slot 0 lowest), then the slot, the kind and whether a card is revealed.
    The legal actions are made from their keys alone (`declaration`), a few hundred
    nanoseconds each, and their other fields are worked out from the key the first time
    one is read: a random decision has about 18 legal actions and reads one.
    """

    kind: Move
    slot: int | None = None
    plate: tuple[Portata, ...] = ()
    reveals: str | None = None
    key: int = field(init=False, repr=False, compare=False)
    #: The canonical text, worked out once: it goes to every bot that may choose the
    #: action and into every event that records it.
    text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "key",
            (_plate_code(self.plate) << 5)
            | (_slot_code(self.slot) << 3)
            | (self.kind.value << 1)
            | (self.reveals is not None),
        )
        object.__setattr__(self, "text", _action_text(self.kind, self.plate, self.reveals))

    if not TYPE_CHECKING:  # for mypy every field is always there, as it is to a reader

        def __getattr__(self, name: str) -> object:
            # Called only for a field not yet set: a declaration made by `declaration`.
            if name not in _FROM_KEY:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            _fill_from_key(self, self.key)
            return _GET[name](self)

    def __str__(self) -> str:
        return self.text


_NEW = object.__new__
#: The slots' own setters and getters: a frozen dataclass refuses `setattr`.
_GET = {name: ContoAction.__dict__[name].__get__ for name in _FROM_KEY}
_SET_KEY = ContoAction.__dict__["key"].__set__
_SET_KIND = ContoAction.__dict__["kind"].__set__
_SET_SLOT = ContoAction.__dict__["slot"].__set__
_SET_PLATE = ContoAction.__dict__["plate"].__set__
_SET_REVEALS = ContoAction.__dict__["reveals"].__set__
_SET_TEXT = ContoAction.__dict__["text"].__set__
#: A declaration's kind by its two bits in the key (the bill, Move.CONTO, is never made
#: from a key).
_KIND_BITS = (None, Move.ORDINAZIONE, Move.SPEZIARE, Move.ABBONDARE)


def declaration(key: int) -> ContoAction:
    """The declaration whose `ContoAction.key` is `key` (a legal action: its plate's
    portate all of rank 2–A and quantity 1–12), its other fields worked out when read."""
    action = _NEW(ContoAction)
    _SET_KEY(action, key)
    return action


def _fill_from_key(action: ContoAction, key: int) -> None:
    plate = []
    texts = []
    code = key >> 5
    while code:
        portata = PORTATE[code >> 4 & 15][code & 15]
        plate.append(portata)
        texts.append(portata.text)  # type: ignore[union-attr]
        code >>= 8
    bits = key >> 1 & 3
    slot = key >> 3 & 3
    whole = tuple(plate)
    _SET_KIND(action, _KIND_BITS[bits])
    _SET_SLOT(action, slot)
    _SET_PLATE(action, whole)
    # The text as `_action_text` writes it, without its look-up of the kind (an Enum's
    # hash runs Python code): the wire reads the text of every legal action it sends.
    if key & 1:
        reveals = whole[slot].rank  # type: ignore[union-attr]
        _SET_REVEALS(action, reveals)
        _SET_TEXT(action, f"{_PREFIX_BITS[bits]}{' '.join(texts)}, reveals {reveals}")
    else:
        _SET_REVEALS(action, None)
        _SET_TEXT(action, _PREFIX_BITS[bits] + " ".join(texts))


_TEXT_PREFIX = {kind: f"{kind.name.lower()} → " for kind in Move}
_PREFIX_BITS = tuple("" if kind is None else _TEXT_PREFIX[kind] for kind in _KIND_BITS)


def _action_text(kind: Move, plate: tuple[Portata, ...], reveals: str | None) -> str:
    if kind is Move.CONTO:
        return "il conto"
    shown = " ".join([p.text for p in plate])
    if reveals:
        return f"{_TEXT_PREFIX[kind]}{shown}, reveals {reveals}"
    return _TEXT_PREFIX[kind] + shown


@dataclass(frozen=True, slots=True)
class RevealedCard:
    """A card face up on the table, and who revealed it."""

    seat: int
    rank: str


@dataclass(frozen=True, slots=True)
class DealtHand:
    """A seat's hand; `cards` is empty where the viewer may not see them."""

    seat: int
    size: int
    cards: tuple[str, ...]


# --- events ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    starts_deal: ClassVar[bool] = True

    hand_number: int
    hands_in_match: int
    dealer: int
    oste: int | None
    hands: tuple[DealtHand, ...]
    #: The match seed, so that `replay` deals the hands after the history the same way.
    #: Referee-side only: it would give away every hand, so no seat ever sees it.
    seed: int | None = field(default=None, metadata={"referee_only": True})

    def visible_to(self, seat: int) -> HandDealt:
        hidden = tuple(h if h.seat == seat else DealtHand(h.seat, h.size, ()) for h in self.hands)
        return HandDealt(self.hand_number, self.hands_in_match, self.dealer, self.oste, hidden)

    @property
    def text(self) -> str:
        hands = "; ".join(f"seat {h.seat}: {' '.join(h.cards) if h.cards else f'{h.size} cards'}" for h in self.hands)
        oste = " (the Oste)" if self.oste is not None else ""
        return f"deal {self.hand_number}: seat {self.dealer} deals{oste}; {hands}"


@dataclass(frozen=True, slots=True)
class Declared(Event):
    hand_number: int
    seat: int
    action: ContoAction

    @property
    def text(self) -> str:
        return f"seat {self.seat}: {self.action.text}"

    def columns(self) -> tuple[tuple[str, str], ...]:
        action = self.action
        return (
            ("action", f"{action.kind.name.lower()} (portata {action.slot + 1})"),  # type: ignore[operator]
            ("declaration", " + ".join(f"{p.quantity}×{p.rank}" for p in action.plate)),
            ("reveals", action.reveals or "-"),
        )


@dataclass(frozen=True, slots=True)
class BillCalled(Event):
    hand_number: int
    seat: int
    cameriere: int
    plate: tuple[Portata, ...]

    @property
    def text(self) -> str:
        plate = " ".join(p.text for p in self.plate)
        return f"seat {self.seat}: il conto, prego! (doubts seat {self.cameriere}'s {plate})"

    def columns(self) -> tuple[tuple[str, str], ...]:
        return (("action", "il conto"), ("declaration", "Il conto, prego!"), ("reveals", "-"))


@dataclass(frozen=True, slots=True)
class Showdown(Event):
    """Every hand shown; `natural` counts each portata's rank among all cards dealt."""

    hand_number: int
    hands: tuple[DealtHand, ...]
    plate: tuple[Portata, ...]
    natural: tuple[int, ...]
    jokers: int
    plate_true: bool
    capotavola: int
    cameriere: int
    loser: int

    @property
    def text(self) -> str:
        plate = " ".join(p.text for p in self.plate)
        counts = ", ".join(f"{p.rank}: {n}" for p, n in zip(self.plate, self.natural))
        verdict = "true" if self.plate_true else "false"
        role = "capotavola" if self.plate_true else "cameriere"
        return f"showdown: {plate} is {verdict} ({counts}, jokers: {self.jokers}); seat {self.loser} ({role}) loses"


@dataclass(frozen=True, slots=True)
class Forfeited(Event):
    hand_number: int
    seat: int
    reason: str

    @property
    def text(self) -> str:
        return f"seat {self.seat} forfeits deal {self.hand_number}: {self.reason}"


# --- the view -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ContoView(View):
    """All one seat may know: its own hand and everything public, nothing else."""

    seat: int
    players: int
    hand_number: int
    hands_in_match: int
    dealer: int
    oste: int | None
    to_act: int | None
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    cards_dealt: int
    plate: tuple[Portata, ...]
    revealed: tuple[RevealedCard, ...]
    cameriere: int | None
    points: tuple[int, ...]
    courses: int
    # Not `hand_size`: beside the repeated `hand`, protobuf's C++ accessor hand_size()
    # would be generated twice, and the protocol must compile in every language.
    hand_size_option: int
    oste_rule: bool
    #: This deal's events so far, as the seat may see them (earlier deals it saw as events).
    deal_events: tuple[Event, ...]


# --- the showdown ---------------------------------------------------------------------


def plate_is_true(plate: Sequence[Portata], counts: Sequence[int]) -> bool:
    """The showdown rule: each joker covers one missing card of one portata."""
    missing = sum(max(0, p.quantity - counts[CARD_INDEX[p.rank]]) for p in plate)
    return missing <= counts[JOKER_INDEX]
