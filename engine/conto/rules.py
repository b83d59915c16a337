"""Il Conto, Prego! — the bluffing game (seed 000, settled by RULINGS.md §conto).

3–8 players share a 108-card deck (two French decks, 4 jokers).  Players take turns
declaring a *plate* of up to `courses` portate, each a (rank, quantity), and every
declaration must outbid the last: *ordinazione* adds a portata of one card, *speziare*
raises one portata's rank, *abbondare* adds one card to one portata and may change its
rank either way.  A rank not yet revealed on the table can only be declared by revealing
a card of it from one's own hand.  Instead of declaring, a player may ask for the bill
(*il conto, prego!*): all hands are shown, and the plate is true when the jokers can cover
what the natural cards lack.  True plate: the challenger (capotavola) loses; false: the
last declarer (cameriere) loses.  The loser pays one point; a match is many hands.

Choices where RULINGS.md is silent:
- Suits mean nothing in this game, so cards are ranks; hand text may carry suits
  (``Qh``), which are checked and dropped.
- The first hand is dealt by the last seat, so seat 0 opens it; the deal then rotates
  clockwise.  With the Regola dell'Oste, a hand that ended in a forfeit (no showdown, so
  no Oste) also passes the deal clockwise.
- Cards are dealt in consecutive blocks from the dealer's left after a SHA-256 shuffle
  (engine/_rng.py), so a seed gives the same cards on every machine.
- HandDealt carries the match seed in the referee's history only (a seat's copy has
  None), so a match rebuilt by ``replay`` and played on deals the same later hands.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .._core import (
    Action,
    DealResult,
    Event,
    Game,
    GameSpec,
    Option,
    State,
    View,
)
from .._errors import IllegalAction, NotationError, OptionError
from .._registry import register
from .._rng import DealRandom

if TYPE_CHECKING:
    from .stats import ContoStats

__all__ = [
    "RANKS",
    "JOKER",
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
    "ContoGame",
    "ContoState",
    "parse_hand",
    "plate_is_true",
    "MAX_QUANTITY",
]

RANKS = "23456789TJQKA"
JOKER = "W"
_CARD_INDEX = {r: i for i, r in enumerate(RANKS + JOKER)}
_J = 13  # index of the joker in count arrays
MAX_QUANTITY = 12
COPIES_PER_RANK = 8
JOKERS_IN_DECK = 4
_SUITS = "cdhs"


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

    def __post_init__(self) -> None:
        if self.rank not in _CARD_INDEX:
            raise NotationError(
                f"{self.rank!r} is not a rank; ranks are {' '.join(RANKS)}."
            )

    @property
    def text(self) -> str:
        return f"{self.quantity}{self.rank}"

    def __str__(self) -> str:
        return self.text


def _slot_code(slot: int | None) -> int:
    # The slot is part of an action's identity: "2A 2K" may come from 1A 2K (slot 0) or
    # from 2A 1K (slot 1), and the two reveal different ranks.
    return 3 if slot is None else slot & 3


def _plate_code(plate: Sequence[Portata]) -> int:
    code = 0
    for slot, p in enumerate(plate):
        code |= (_CARD_INDEX[p.rank] * 16 + min(p.quantity, 15)) << (8 * slot)
    return code


@dataclass(frozen=True, slots=True)
class ContoAction(Action):
    """A declaration (the plate it leaves and the card it reveals) or the bill.

    `slot` is the portata that changes (None for the bill).  `plate` is the whole plate
    after the declaration, as the seed's tables write it ("Due A e tre T" = 2A 3T).
    """

    kind: Move
    slot: int | None = None
    plate: tuple[Portata, ...] = ()
    reveals: str | None = None
    key: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "key",
            (_plate_code(self.plate) << 5)
            | (_slot_code(self.slot) << 3)
            | (self.kind.value << 1)
            | (self.reveals is not None),
        )

    @property
    def text(self) -> str:
        if self.kind is Move.CONTO:
            return "il conto"
        plate = " ".join(p.text for p in self.plate)
        reveal = f", reveals {self.reveals}" if self.reveals else ""
        return f"{self.kind.name.lower()} → {plate}{reveal}"

    def __str__(self) -> str:
        return self.text


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
    hand_number: int
    hands_in_match: int
    dealer: int
    oste: int | None
    hands: tuple[DealtHand, ...]
    #: The match seed, so that `replay` deals the hands after the history the same way.
    #: Referee-side only: it would give away every hand, so no seat ever sees it.
    seed: int | None = field(default=None, metadata={"referee_only": True})

    def visible_to(self, seat: int) -> HandDealt:
        hidden = tuple(
            h if h.seat == seat else DealtHand(h.seat, h.size, ()) for h in self.hands
        )
        return HandDealt(self.hand_number, self.hands_in_match, self.dealer, self.oste, hidden)

    @property
    def text(self) -> str:
        hands = "; ".join(
            f"seat {h.seat}: {' '.join(h.cards) if h.cards else f'{h.size} cards'}"
            for h in self.hands
        )
        oste = " (the Oste)" if self.oste is not None else ""
        return f"hand {self.hand_number}: seat {self.dealer} deals{oste}; {hands}"


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
        return (
            f"showdown: {plate} is {verdict} ({counts}, jokers: {self.jokers}); "
            f"seat {self.loser} ({role}) loses"
        )


@dataclass(frozen=True, slots=True)
class Forfeited(Event):
    hand_number: int
    seat: int
    reason: str

    @property
    def text(self) -> str:
        return f"seat {self.seat} forfeits hand {self.hand_number}: {self.reason}"


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
    hand_size: int
    oste_rule: bool
    history: tuple[Event, ...]


# --- card text ------------------------------------------------------------------------


def parse_hand(text: str) -> tuple[str, ...]:
    """Read a hand like ``"2 6 7 T Q Q"`` (suits such as ``Qh`` allowed and dropped)."""
    cards = []
    for token in text.split():
        rank = token[:-1] if len(token) > 1 and token[-1] in _SUITS else token
        if rank == "10":
            rank = "T"
        if rank not in _CARD_INDEX or (rank == JOKER and rank != token):
            raise NotationError(
                f"Cannot read the card {token!r} in {text!r}: ranks are "
                f"{' '.join(RANKS)}, {JOKER} is the joker, suits are {' '.join(_SUITS)}."
            )
        cards.append(rank)
    return tuple(cards)


def plate_is_true(plate: Sequence[Portata], counts: Sequence[int]) -> bool:
    """The showdown rule: each joker covers one missing card of one portata."""
    missing = sum(max(0, p.quantity - counts[_CARD_INDEX[p.rank]]) for p in plate)
    return missing <= counts[_J]


_ACTION_RE = re.compile(r"^\s*(\w+)\s*(?:→|->)\s*(.*?)\s*(?:,\s*reveals\s+(\S+))?\s*$", re.I)
_PORTATA_RE = re.compile(r"^(\d+)(\S)$")
_BILL_TEXTS = {"il conto", "il conto, prego!", "il conto prego", "conto"}


# --- the game -------------------------------------------------------------------------


@register
class ContoGame(Game["ContoState"]):
    spec = GameSpec(
        name="conto",
        title="Il Conto, Prego!",
        summary="Bluffing: declare ever bigger plates or call the bill on the last one.",
        min_players=3,
        max_players=8,
        default_players=4,
        options=(
            Option("hand_size", 6, (5, 6), "cards per player; 5 only with 6+ players"),
            Option("courses", 2, (2, 3), "portate on the plate; 3 deals one extra card"),
            Option("oste", False, (False, True), "Regola dell'Oste: the winner deals, +1 card"),
        ),
        score_title="hands lost %",
        score_factor=-100.0,
    )

    def __init__(self, players: int | None = None, **options: object) -> None:
        super().__init__(players, **options)
        # Actions are interned: the same declaration is the same object every time, which
        # keeps legal-move generation far below the cost of one gRPC round trip.
        self._actions: dict[int, ContoAction] = {}
        self._portate = [
            [Portata(rank, q) if q else None for q in range(MAX_QUANTITY + 1)]
            for rank in RANKS + JOKER
        ]
        self.bill = self._intern(ContoAction(Move.CONTO))

    def _check_combination(self) -> None:
        if self.options["hand_size"] == 5 and self.players < 6:
            raise OptionError(
                f"Option 'hand_size' cannot be 5 with {self.players} players; "
                "5-card hands are allowed only with 6 or more players."
            )

    def _intern(self, action: ContoAction) -> ContoAction:
        return self._actions.setdefault(action.key, action)

    def seat_statistics(self, history: Sequence[Event]) -> tuple[ContoStats, ...]:
        """Per-seat bluffing, challenge and loss counts (engine/conto/stats.py)."""
        # Imported here: stats reads this module's events, so it imports us.
        from .stats import conto_statistics

        return conto_statistics(history, self.players)

    @property
    def cards_per_hand(self) -> int:
        return self.options["hand_size"] + (1 if self.options["courses"] == 3 else 0)

    def new_match(
        self,
        seed: int = 0,
        deals: int | None = None,
        hands: Sequence[str] | None = None,
        first_dealer: int | None = None,
    ) -> ContoState:
        explicit = None
        if hands is not None:
            explicit = [parse_hand(h) for h in hands]
        return ContoState(self, seed, 1 if deals is None else deals, first_dealer, explicit)

    def replay(self, history: Sequence[Event]) -> ContoState:
        deals = [e for e in history if isinstance(e, HandDealt)]
        if not deals:
            raise ValueError("A conto history starts with a HandDealt event; none was found.")
        queue = [tuple(h.cards for h in d.hands) for d in deals]
        first = deals[0]
        seed = 0 if first.seed is None else first.seed
        state = ContoState(self, seed, first.hands_in_match, first.dealer, None, queue)
        for event in history:
            if isinstance(event, Declared):
                state.apply(event.action)
            elif isinstance(event, BillCalled):
                state.apply(self.bill)
            elif isinstance(event, Forfeited):
                state.forfeit(event.seat, event.reason)
        return state


class ContoState(State):
    """One conto match: a sequence of hands at one table."""

    game: ContoGame

    def __init__(
        self,
        game: ContoGame,
        seed: int,
        deals: int,
        first_dealer: int | None,
        first_hands: list[tuple[str, ...]] | None,
        replay_hands: list[tuple[tuple[str, ...], ...]] | None = None,
    ) -> None:
        n = game.players
        if type(deals) is not int or deals < 1:
            raise ValueError(f"A match needs at least one deal; deals={deals!r} was asked.")
        if first_dealer is None:
            first_dealer = n - 1
        if not 0 <= first_dealer < n:
            raise ValueError(f"first_dealer must be a seat from 0 to {n - 1}, not {first_dealer}.")
        super().__init__(game)
        self.seed = seed
        self.deals = deals
        self._courses = game.options["courses"]
        self._oste_rule = game.options["oste"]
        self.points = [0] * n
        self._explicit = [tuple(first_hands)] if first_hands is not None else []
        if replay_hands is not None:
            self._explicit = list(replay_hands)
        self.hand_number = 0
        self.dealer = first_dealer
        self.oste: int | None = None
        self._deal()

    # --- dealing ----------------------------------------------------------------------
    def _hand_sizes(self) -> list[int]:
        sizes = [self.game.cards_per_hand] * self.game.players
        if self.oste is not None:
            sizes[self.oste] += 1
        return sizes

    def _deal(self) -> None:
        n = self.game.players
        self.hand_number += 1
        sizes = self._hand_sizes()
        if self._explicit:
            hands = self._explicit.pop(0)
            _check_explicit_hands(hands, sizes)
        else:
            deck = [r for r in RANKS for _ in range(COPIES_PER_RANK)] + [JOKER] * JOKERS_IN_DECK
            DealRandom(self.seed, "conto", "deal", self.hand_number).shuffle(deck)
            dealt: list[tuple[str, ...]] = [()] * n
            pos = 0
            for k in range(n):
                seat = (self.dealer + 1 + k) % n
                dealt[seat] = tuple(sorted(deck[pos : pos + sizes[seat]], key=_CARD_INDEX.get))
                pos += sizes[seat]
            hands = tuple(dealt)
        self._dealt_hands = hands
        self._held = [[0] * 14 for _ in range(n)]
        for seat, hand in enumerate(hands):
            for card in hand:
                self._held[seat][_CARD_INDEX[card]] += 1
        self._counts = [sum(h[i] for h in self._held) for i in range(14)]
        self.cards_dealt = sum(sizes)
        self._revealed: list[RevealedCard] = []
        self._revealed_mask = 0
        self.plate: tuple[Portata, ...] = ()
        self._codes: list[int] = []  # per slot: rank index * 16 + quantity
        self.cameriere: int | None = None
        self._to_act: int | None = (self.dealer + 1) % n
        self._legal: tuple[ContoAction, ...] | None = None
        self._legal_keys: frozenset[int] | set[int] = frozenset()
        self._history.append(
            HandDealt(
                self.hand_number,
                self.deals,
                self.dealer,
                self.oste,
                tuple(DealtHand(s, len(h), tuple(h)) for s, h in enumerate(hands)),
                self.seed,
            )
        )

    def _end_hand(self, loser: int, forfeit: int | None, oste: int | None) -> None:
        n = self.game.players
        self.points[loser] += 1
        self._results.append(
            DealResult(
                self.hand_number,
                tuple(-1.0 if s == loser else 0.0 for s in range(n)),
                tuple(n - 1 if s == loser else 0 for s in range(n)),
                forfeit,
            )
        )
        self._to_act = None
        self._legal = ()
        self._legal_keys = frozenset()
        if self.hand_number >= self.deals:
            return
        if self._oste_rule and oste is not None:
            self.oste = oste
            self.dealer = oste
        else:
            self.oste = None
            self.dealer = (self.dealer + 1) % n
        self._deal()

    # --- the interface ----------------------------------------------------------------
    def standing(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.points)

    def _generate(self) -> None:
        """Every legal action: the bill, then ordinazioni, speziature, abbondanze."""
        game = self.game
        table = game._actions
        held = self._held[self._to_act]  # type: ignore[index]
        mask = self._revealed_mask
        codes = self._codes
        # A rank can be declared when it is revealed or when we hold one to reveal.
        declarable = mask
        for rank in range(13):
            if held[rank]:
                declarable |= 1 << rank
        used = 0
        total = 0
        plate_code = 0
        for slot, code in enumerate(codes):
            used |= 1 << (code >> 4)
            total += code & 15
            plate_code |= code << (8 * slot)
        room = total < self.cards_dealt  # may the plate grow by one card?
        out: list[ContoAction] = []
        keys: set[int] = set()
        if codes:
            out.append(game.bill)
            keys.add(game.bill.key)
        jobs = []
        if room and len(codes) < self._courses:
            jobs.append((1, len(codes), 0, 1, ~used))
        for slot, code in enumerate(codes):
            others = used & ~(1 << (code >> 4))
            jobs.append((2, slot, (code >> 4) + 1, code & 15, ~others))
        for slot, code in enumerate(codes):
            if room and (code & 15) < MAX_QUANTITY:
                others = used & ~(1 << (code >> 4))
                jobs.append((3, slot, 0, (code & 15) + 1, ~others))
        for kind, slot, low, quantity, free in jobs:
            shift = 8 * slot
            base = (plate_code & ~(0xFF << shift)) << 5 | slot << 3 | kind << 1
            candidates = declarable & free
            for rank in range(low, 13):
                if (candidates >> rank) & 1:
                    key = base | ((rank * 16 + quantity) << shift << 5) | (not (mask >> rank) & 1)
                    action = table.get(key)
                    if action is None:
                        action = self._make(Move(kind), slot, rank * 16 + quantity, not (mask >> rank) & 1)
                    out.append(action)
                    keys.add(key)
        self._legal = tuple(out)
        self._legal_keys = keys

    def _make(self, kind: Move, slot: int, new_code: int, reveal: bool) -> ContoAction:
        portate = self.game._portate
        plate = [portate[c >> 4][c & 15] for c in self._codes]
        new = portate[new_code >> 4][new_code & 15]
        if slot == len(plate):
            plate.append(new)
        else:
            plate[slot] = new
        reveals = RANKS[new_code >> 4] if reveal else None
        return self.game._intern(ContoAction(kind, slot, tuple(plate), reveals))

    def verify(self, action: ContoAction) -> None:  # type: ignore[override]
        # The fast path: interned actions are found by their integer key, far cheaper
        # than hashing whole plates into the base class's set of legal actions.
        if self._legal is None:
            self._generate()
        if isinstance(action, ContoAction) and action.key in self._legal_keys:
            legal = self.game._actions[action.key]
            if legal is action or legal == action:
                return
        raise IllegalAction(self._why_illegal(action))

    def _why_illegal(self, action: object) -> str:
        """The sentence that says why `action` is refused (it is not in the legal set)."""
        if not isinstance(action, ContoAction):
            return f"{action!r} is not a conto action."
        seat = self._to_act
        said = f"{action.text!r}"
        if seat is None:
            return f"The match is over, so {said} cannot be played."
        who = f"seat {seat}"
        if action.kind is Move.CONTO:
            if action.plate or action.reveals or action.slot is not None:
                return f"Calling the bill declares nothing and reveals nothing; {said} does."
            return (
                f"Nobody has declared in this hand yet, so {who} cannot call the bill "
                f"({said}) before the first declaration."
            )
        plate, old = action.plate, self.plate
        if action.reveals == JOKER:
            return f"Jokers can never be declared or revealed; {said} reveals one."
        for p in plate:
            if p.rank == JOKER:
                return f"Jokers can never be declared or revealed; {said} names one."
            if p.quantity < 1:
                return f"A portata holds at least one card; {said} has {p.quantity}."
        ranks = [p.rank for p in plate]
        if len(set(ranks)) != len(ranks):
            return f"The portate must have different ranks; {said} names a rank twice."
        if action.kind is Move.ORDINAZIONE:
            if len(old) >= self._courses:
                return (
                    f"{said} needs a free course, but the plate already holds "
                    f"{len(old)} portate (courses = {self._courses})."
                )
            if plate[:-1] != old or len(plate) != len(old) + 1:
                return f"An ordinazione keeps the plate {_plate_text(old)} and adds one portata after it; {said} does not."
            changed = len(old)
            if plate[-1].quantity != 1:
                return f"An ordinazione adds exactly one card; {said} asks for {plate[-1].quantity}."
        else:
            if not old:
                return f"There is no portata yet to {action.kind.name.lower()}, so {said} cannot be played; start with an ordinazione."
            diff = [i for i in range(max(len(plate), len(old))) if i >= len(plate) or i >= len(old) or plate[i] != old[i]]
            if len(plate) != len(old) or len(diff) != 1:
                return (
                    f"Exactly one portata changes per turn; {said} does not change exactly "
                    f"one portata of {_plate_text(old)}."
                )
            changed = diff[0]
            before, after = old[changed], plate[changed]
            if action.kind is Move.SPEZIARE:
                if after.quantity != before.quantity:
                    return f"Speziare keeps the quantity ({before.text} has {before.quantity}), and {said} changes it; to add a card, abbondare."
                if _CARD_INDEX[after.rank] <= _CARD_INDEX[before.rank]:
                    return f"Speziare must raise the rank, and {said} does not ({before.text} → {after.text})."
            elif after.quantity != before.quantity + 1:
                return f"Abbondare adds exactly one card to a portata: {before.text} can become {before.quantity + 1} of a rank, so {said} ({after.text}) is refused."
        if action.slot != changed:
            return f"{said} changes portata {changed}, but says slot {action.slot}."
        new = plate[changed]
        if new.quantity > MAX_QUANTITY:
            return f"A portata may hold at most {MAX_QUANTITY} cards; {said} asks for {new.quantity}."
        total = sum(p.quantity for p in plate)
        if total > self.cards_dealt:
            return (
                f"The plate of {said} totals {total} cards, more than the "
                f"{self.cards_dealt} dealt this hand, so it cannot be declared."
            )
        rank = _CARD_INDEX[new.rank]
        revealed = (self._revealed_mask >> rank) & 1
        if not revealed and not self._held[seat][rank]:
            return (
                f"No {new.rank} is revealed on the table and {who} holds none to reveal, "
                f"so {who} cannot declare {new.rank} ({said})."
            )
        if revealed and action.reveals:
            return f"A {new.rank} is already revealed, so {said} may not reveal another card."
        if not revealed and action.reveals != new.rank:
            return f"Declaring {new.rank} first needs a {new.rank} revealed from {who}'s hand; {said} must say 'reveals {new.rank}'."
        return f"{said} is not legal now."

    def parse_action(self, text: str) -> ContoAction:
        if not isinstance(text, str):
            raise NotationError(f"An action text must be a string, not {text!r}.")
        if text.strip().lower() in _BILL_TEXTS:
            return self.game.bill
        match = _ACTION_RE.match(text)
        kinds = {m.name.lower(): m for m in Move if m is not Move.CONTO}
        if not match or match.group(1).lower() not in kinds:
            raise NotationError(
                f"Cannot read the action {text!r}: write 'il conto' or "
                "'ordinazione|speziare|abbondare → <quantity><rank> ...[, reveals <rank>]', "
                "e.g. 'abbondare → 2A 3T, reveals T'."
            )
        kind = kinds[match.group(1).lower()]
        plate = []
        for token in match.group(2).split():
            m = _PORTATA_RE.match(token)
            if not m or m.group(2) not in _CARD_INDEX:
                raise NotationError(
                    f"Cannot read the portata {token!r} in {text!r}: write the quantity "
                    f"then the rank, e.g. 2A or 3T (ranks {' '.join(RANKS)})."
                )
            plate.append(Portata(m.group(2), int(m.group(1))))
        if not plate:
            raise NotationError(f"The action {text!r} declares no portata.")
        reveals = match.group(3)
        if reveals is not None and reveals not in _CARD_INDEX:
            raise NotationError(f"Cannot read the revealed card {reveals!r} in {text!r}.")
        slot = self._changed_slot(kind, plate)
        if reveals is None:
            # The reveal is forced by the rules, so text may leave it out.
            new = plate[slot] if slot is not None and slot < len(plate) else None
            if new is not None and new.rank in RANKS and not (self._revealed_mask >> _CARD_INDEX[new.rank]) & 1:
                reveals = new.rank
        action = ContoAction(kind, slot, tuple(plate), reveals)
        # Prefer the interned copy, but only when it is the same action: the key does not
        # hold the revealed rank, and a text is read as written, never corrected.
        interned = self.game._actions.get(action.key)
        return interned if interned == action else action

    def _changed_slot(self, kind: Move, plate: list[Portata]) -> int | None:
        if kind is Move.ORDINAZIONE:
            return len(plate) - 1
        diff = [i for i in range(min(len(plate), len(self.plate))) if plate[i] != self.plate[i]]
        return diff[0] if len(diff) == 1 else (diff[0] if diff else None)

    def _apply_verified(self, action: ContoAction) -> Event:  # type: ignore[override]
        seat = self._to_act
        assert seat is not None
        n = self.game.players
        if action.kind is Move.CONTO:
            event = BillCalled(self.hand_number, seat, self.cameriere, self.plate)  # type: ignore[arg-type]
            self._history.append(event)
            self._showdown(capotavola=seat)
            return event
        if action.reveals is not None:
            rank = _CARD_INDEX[action.reveals]
            self._held[seat][rank] -= 1
            self._revealed.append(RevealedCard(seat, action.reveals))
            self._revealed_mask |= 1 << rank
        self.plate = action.plate
        self._codes = [_CARD_INDEX[p.rank] * 16 + p.quantity for p in action.plate]
        self.cameriere = seat
        self._to_act = (seat + 1) % n
        self._legal = None
        event = Declared(self.hand_number, seat, action)
        self._history.append(event)
        return event

    def _showdown(self, capotavola: int) -> None:
        cameriere = self.cameriere
        assert cameriere is not None
        counts = self._counts
        true = plate_is_true(self.plate, counts)
        loser = capotavola if true else cameriere
        self._history.append(
            Showdown(
                self.hand_number,
                tuple(DealtHand(s, len(h), tuple(h)) for s, h in enumerate(self._dealt_hands)),
                self.plate,
                tuple(counts[_CARD_INDEX[p.rank]] for p in self.plate),
                counts[_J],
                true,
                capotavola,
                cameriere,
                loser,
            )
        )
        self._end_hand(loser, None, oste=cameriere if true else capotavola)

    def forfeit(self, seat: int, reason: str) -> Event:
        if self._to_act is None:
            raise IllegalAction(f"The match is over, so seat {seat} cannot forfeit.")
        if not 0 <= seat < self.game.players:
            raise IllegalAction(f"There is no seat {seat} at a {self.game.players}-player table.")
        event = Forfeited(self.hand_number, seat, reason)
        self._history.append(event)
        self._end_hand(seat, seat, oste=None)
        return event

    def view(self, seat: int) -> ContoView:
        if not 0 <= seat < self.game.players:
            raise ValueError(f"There is no seat {seat} at a {self.game.players}-player table.")
        held = self._held[seat]
        hand = tuple(card for card in RANKS + JOKER for _ in range(held[_CARD_INDEX[card]]))
        options = self.game.options
        return ContoView(
            seat=seat,
            players=self.game.players,
            hand_number=self.hand_number,
            hands_in_match=self.deals,
            dealer=self.dealer,
            oste=self.oste,
            to_act=self._to_act,
            hand=hand,
            hand_sizes=tuple(sum(h) for h in self._held),
            cards_dealt=self.cards_dealt,
            plate=self.plate,
            revealed=tuple(self._revealed),
            cameriere=self.cameriere,
            points=tuple(self.points),
            courses=options["courses"],
            hand_size=options["hand_size"],
            oste_rule=options["oste"],
            history=self.events_for(seat),
        )

    def clone(self) -> ContoState:
        other = self._copy()
        other.points = list(self.points)
        other._explicit = list(self._explicit)
        other._held = [list(h) for h in self._held]
        other._revealed = list(self._revealed)
        other._codes = list(self._codes)
        return other


def _plate_text(plate: Sequence[Portata]) -> str:
    return " ".join(p.text for p in plate) if plate else "(empty)"


def _check_explicit_hands(hands: Sequence[Sequence[str]], sizes: Sequence[int]) -> None:
    if len(hands) != len(sizes):
        raise ValueError(f"{len(sizes)} hands are needed, one per seat; {len(hands)} were given.")
    for seat, (hand, size) in enumerate(zip(hands, sizes)):
        if len(hand) != size:
            raise ValueError(f"Seat {seat}'s hand has {len(hand)} cards; this deal gives {size}.")
    counts: dict[str, int] = {}
    for hand in hands:
        for card in hand:
            counts[card] = counts.get(card, 0) + 1
    for card, count in counts.items():
        limit = JOKERS_IN_DECK if card == JOKER else COPIES_PER_RANK
        if count > limit:
            raise ValueError(f"The hands hold {count} cards {card!r}; the deck has only {limit}.")
