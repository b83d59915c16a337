"""Reading a conto `DecisionRequest` into plain Python values (no gRPC, no I/O).

* Cards as count vectors: index 0..12 are the ranks 2..A, 13 is the joker (W); plates
  as ((rank index, quantity), ...).
* A legal action as an `Act`, an event as one of `Dealt`, `Declared`, `Billed`,
  `Showdown`, `Forfeited` (`event_from_message`), the whole request as an `Info`
  (`read_request`: the current hand, its events included), and what a seat can tell
  from it (`hand_declarations`, `revealed_by_seat`).
* The match's events as a seat saw them, kept from the news (`MatchLog`): a request
  holds the current hand only, so what earlier hands showed is remembered there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

RANKS = "23456789TJQKA"
JOKER = "W"
CARDS = RANKS + JOKER
IDX = {c: i for i, c in enumerate(CARDS)}
W = 13  # index of the joker in count vectors
DECK: tuple[int, ...] = (8,) * 13 + (4,)  # 108 cards: 8 of each rank, 4 jokers
MAX_QUANTITY = 12

ORDINAZIONE, SPEZIARE, ABBONDARE, BILL = 1, 2, 3, 4  # ContoMove / engine Move values
KIND_NAMES = {ORDINAZIONE: "ordinazione", SPEZIARE: "speziare", ABBONDARE: "abbondare", BILL: "il conto"}

Plate = tuple[tuple[int, int], ...]  # ((rank index, quantity), ...)


# --- cards ------------------------------------------------------------------------------


def counts_of(cards: Iterable[str | int]) -> list[int]:
    """A 14-entry count vector from cards given as letters ('Q', 'W'), as hand text
    ('Q Q W') or as indices."""
    if isinstance(cards, str):
        cards = cards.split()
    counts = [0] * 14
    for card in cards:
        counts[card if isinstance(card, int) else IDX[card]] += 1
    return counts


def cards_text(counts: Sequence[int]) -> str:
    """A count vector as hand text, e.g. '2 6 7 T Q Q'."""
    return " ".join(CARDS[i] for i in range(14) for _ in range(counts[i]))


def add(a: Sequence[int], b: Sequence[int]) -> list[int]:
    return [x + y for x, y in zip(a, b)]


def plate_text(plate: Plate) -> str:
    return " ".join(f"{q}{RANKS[r]}" for r, q in plate)


def plate_from_message(portate: Iterable[Any]) -> Plate:
    return tuple((IDX[p.rank], int(p.quantity)) for p in portate)


# --- the request as plain values ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Act:
    """One legal action: `kind` 1..4 (ordinazione, speziare, abbondare, bill)."""

    index: int
    kind: int
    slot: int | None
    plate: Plate
    reveals: int | None
    text: str

    @property
    def is_bill(self) -> bool:
        return self.kind == BILL


def act_text(kind: int, plate: Plate, reveals: int | None) -> str:
    """The engine's canonical text of an action."""
    if kind == BILL:
        return "il conto"
    reveal = f", reveals {RANKS[reveals]}" if reveals is not None else ""
    return f"{KIND_NAMES[kind]} → {plate_text(plate)}{reveal}"


def act_from_message(index: int, message: Any, text: str = "") -> Act:
    """An `Act` from a ContoAction message."""
    kind = int(message.kind)
    slot = message.slot if message.HasField("slot") else None
    plate = plate_from_message(message.plate)
    reveals = IDX[message.reveals] if message.HasField("reveals") else None
    return Act(index, kind, slot, plate, reveals, text or act_text(kind, plate, reveals))


class Dealt(NamedTuple):
    hand_number: int
    dealer: int
    oste: int | None
    sizes: tuple[int, ...]
    cards: tuple[tuple[int, ...] | None, ...]  # counts per seat, None where hidden


class Declared(NamedTuple):
    hand_number: int
    seat: int
    act: Act


class Billed(NamedTuple):
    hand_number: int
    seat: int
    cameriere: int
    plate: Plate


class Showdown(NamedTuple):
    hand_number: int
    hands: tuple[tuple[int, ...], ...]  # counts per seat, as dealt
    plate: Plate
    plate_true: bool
    capotavola: int
    cameriere: int
    loser: int


class Forfeited(NamedTuple):
    hand_number: int
    seat: int


#: One conto event, as a bot reads it.
Event = Dealt | Declared | Billed | Showdown | Forfeited


def event_from_message(message: Any) -> Event:
    """A ContoEvent message as one of Dealt, Declared, Billed, Showdown, Forfeited."""
    which = message.WhichOneof("event")
    e = getattr(message, which)
    if which == "hand_dealt":
        hands = sorted(e.hands, key=lambda h: h.seat)
        return Dealt(
            e.hand_number,
            e.dealer,
            e.oste if e.HasField("oste") else None,
            tuple(h.size for h in hands),
            tuple(tuple(counts_of(h.cards)) if h.cards else None for h in hands),
        )
    if which == "declared":
        return Declared(e.hand_number, e.seat, act_from_message(-1, e.action))
    if which == "bill_called":
        return Billed(e.hand_number, e.seat, e.cameriere, plate_from_message(e.plate))
    if which == "showdown":
        hands = sorted(e.hands, key=lambda h: h.seat)
        return Showdown(
            e.hand_number,
            tuple(tuple(counts_of(h.cards)) for h in hands),
            plate_from_message(e.plate),
            e.plate_true,
            e.capotavola,
            e.cameriere,
            e.loser,
        )
    return Forfeited(e.hand_number, e.seat)


class MatchLog:
    """The conto events of one match as this seat saw them, oldest first, kept from the
    news (`Bot.on_event`, fed every event exactly once, in order).

    A request's view holds the current hand only; what earlier hands showed (their
    showdowns, which the adaptive and search bots learn from) is remembered here.  A bot
    instance plays one match and seat, so a bot keeps one log.  A bot asked without the
    news (from one request alone) has a short or empty log: it learns from what it has,
    and falls back to its prior where it has seen nothing.
    """

    def __init__(self) -> None:
        self.events: list[Event] = []

    def add(self, message: Any) -> None:
        """One `GameEvent` of the news (an event of another game is not conto's: skipped)."""
        if message.WhichOneof("game") == "conto":
            self.events.append(event_from_message(message.conto))


@dataclass
class Info:
    """A decision request as plain values."""

    seat: int
    players: int
    hand_number: int
    dealer: int
    oste: int | None
    hand: list[int]  # counts of the cards still in my hand
    hand_sizes: tuple[int, ...]
    cards_dealt: int
    plate: Plate
    revealed: tuple[tuple[int, int], ...]  # (seat, rank index)
    revealed_counts: list[int]
    cameriere: int | None
    points: tuple[int, ...]
    courses: int
    hand_size: int
    oste_rule: bool
    actions: list[Act]
    time_limit_ms: int
    deal_messages: Sequence[Any] = ()  # the view's deal_events, read on first use

    @cached_property
    def deal_events(self) -> list[Event]:
        """The current hand's events, from its deal on (most bots never look at them,
        so they are converted only when asked for)."""
        return [event_from_message(m) for m in self.deal_messages]

    @property
    def known(self) -> list[int]:
        """The cards I can see: my hand plus every face-up card."""
        return add(self.hand, self.revealed_counts)

    @property
    def hidden(self) -> int:
        """Cards in the other players' hands."""
        return sum(self.hand_sizes) - self.hand_sizes[self.seat]

    @property
    def bill(self) -> Act | None:
        for a in self.actions:
            if a.is_bill:
                return a
        return None

    @property
    def declarations(self) -> list[Act]:
        return [a for a in self.actions if not a.is_bill]


def read_request(request: Any) -> Info:
    """A DecisionRequest (arena.v1) as an `Info`."""
    v = request.view.conto
    revealed = tuple((c.seat, IDX[c.rank]) for c in v.revealed)
    actions = [act_from_message(i, la.action.conto, la.text) for i, la in enumerate(request.legal_actions)]
    return Info(
        seat=v.seat,
        players=v.players,
        hand_number=v.hand_number,
        dealer=v.dealer,
        oste=v.oste if v.HasField("oste") else None,
        hand=counts_of(v.hand),
        hand_sizes=tuple(v.hand_sizes),
        cards_dealt=v.cards_dealt,
        plate=plate_from_message(v.plate),
        revealed=revealed,
        revealed_counts=counts_of(r for _, r in revealed),
        cameriere=v.cameriere if v.HasField("cameriere") else None,
        points=tuple(v.points),
        courses=v.courses,
        hand_size=v.hand_size_option,
        oste_rule=v.oste_rule,
        actions=actions,
        time_limit_ms=request.time_limit_ms,
        deal_messages=v.deal_events,
    )


# --- what a seat can tell from the request ---------------------------------------------------


def hand_declarations(info: Info) -> list[Declared]:
    """The declarations of the current hand, in order."""
    return [e for e in info.deal_events if isinstance(e, Declared)]


def revealed_by_seat(info: Info) -> list[list[int]]:
    by_seat = [[0] * 14 for _ in range(info.players)]
    for seat, rank in info.revealed:
        by_seat[seat][rank] += 1
    return by_seat
