"""conto_lib — shared, pure helpers of the Il Conto bots (no gRPC, no I/O).

* Reading a `DecisionRequest` into plain Python values (`read_request`, `HistoryReader`).
* Cards as count vectors: index 0..12 are the ranks 2..A, 13 is the joker (W).
* The exact probability that a plate is true given what a seat knows (`prob_true`):
  the unseen cards are the deck minus the seat's hand minus the revealed cards, and
  the other hidden hands are a uniformly random subset of them (multivariate
  hypergeometric, jokers included).  The deck is a parameter, so tests can enumerate.
* The plate-support test (`supported`), the bluff classification of a showdown
  (`classify_declarations`, `bluff_counts`) and each player's bluff odds fitted from
  it (`bluff_odds`, `credibility`).
* The heuristic policies (honest, probabilist, bluffer, adaptive), written once and used
  by the bots and by the search bot's playouts.
* Determinization for search: sampling the unseen hands consistently with the view
  (`sample_dealt_hands`), weighting a sample by how well it explains the opponents'
  declarations (`sample_weight`), rebuilding an engine state at the decision point
  (`build_state`), playing the hand out with a policy per seat (`Model`, `playout`),
  and recognising each opponent's policy type from the showdowns (`TypeTracker`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
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


# --- truth, support, probability ---------------------------------------------------------


def missing(plate: Plate, counts: Sequence[int]) -> int:
    """Cards the plate needs beyond the natural cards in `counts` (jokers not counted)."""
    return sum(q - counts[r] for r, q in plate if q > counts[r])


def plate_true(plate: Plate, counts: Sequence[int]) -> bool:
    """The showdown rule: each joker covers one missing card of one portata."""
    return missing(plate, counts) <= counts[W]


def supported(plate: Plate, known: Sequence[int]) -> bool:
    """True if the plate would be true using only `known` cards (own hand + face up)."""
    return plate_true(plate, known)


@lru_cache(maxsize=1 << 18)
def _prob(needs: tuple[tuple[int, int], ...], jokers_known: int, jokers_unseen: int,
          unseen: int, hidden: int) -> float:
    """P(true): `needs` holds (cards still needed, unseen copies) per short portata."""
    if hidden <= 0 or unseen <= 0:
        return 1.0 if sum(n for n, _ in needs) <= jokers_known else 0.0
    hidden = min(hidden, unseen)
    others = unseen - jokers_unseen - sum(u for _, u in needs)
    comb = math.comb
    # dist[(cards of the plate ranks among the hidden, total still missing)] = ways
    dist: dict[tuple[int, int], int] = {(0, 0): 1}
    for need, copies in needs:
        nxt: dict[tuple[int, int], int] = {}
        for (used, short), ways in dist.items():
            for x in range(0, min(copies, hidden - used) + 1):
                key = (used + x, short + max(0, need - x))
                nxt[key] = nxt.get(key, 0) + ways * comb(copies, x)
        dist = nxt
    good = 0
    for (used, short), ways in dist.items():
        left = hidden - used
        for j in range(0, min(jokers_unseen, left) + 1):
            if short <= jokers_known + j:
                rest = left - j
                if rest <= others:
                    good += ways * comb(jokers_unseen, j) * comb(others, rest)
    return good / comb(unseen, hidden)


def prob_true(plate: Plate, known: Sequence[int], hidden: int, deck: Sequence[int] = DECK) -> float:
    """Exact P(plate true) for a seat that knows the cards `known` (own hand + revealed).

    The other hands hold `hidden` cards, a uniformly random subset of the unseen cards
    (`deck` minus `known`).  Multivariate hypergeometric over the plate ranks and the
    jokers; the plate is true iff sum(max(0, q - natural)) <= jokers.
    """
    needs = []
    for r, q in plate:
        k = known[r]
        if q > k:
            needs.append((q - k, deck[r] - k))
    if not needs:
        return 1.0
    unseen = sum(deck) - sum(known)
    return _prob(tuple(sorted(needs)), known[W], deck[W] - known[W], unseen, hidden)


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


def event_from_message(message: Any) -> NamedTuple:
    """A ContoEvent message as one of Dealt, Declared, Billed, Showdown, Forfeited."""
    which = message.WhichOneof("event")
    e = getattr(message, which)
    if which == "hand_dealt":
        hands = sorted(e.hands, key=lambda h: h.seat)
        return Dealt(
            e.hand_number, e.dealer, e.oste if e.HasField("oste") else None,
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
            e.hand_number, tuple(tuple(counts_of(h.cards)) for h in hands),
            plate_from_message(e.plate), e.plate_true, e.capotavola, e.cameriere, e.loser,
        )
    return Forfeited(e.hand_number, e.seat)


class HistoryReader:
    """Converts `view.history` incrementally: a request's history extends the last one's.

    Stateless-safe: if the history is not an extension of what was read (shorter, or a
    different first hand), it is read again from the start.
    """

    def __init__(self) -> None:
        self.events: list[NamedTuple] = []
        self._first: Any = None

    def read(self, history: Sequence[Any]) -> list[NamedTuple]:
        n = len(history)
        if n < len(self.events) or (n and self._first is not None and history[0] != self._first):
            self.events = []
        if n and not self.events:
            self._first = history[0]
        for i in range(len(self.events), n):
            self.events.append(event_from_message(history[i]))
        return self.events


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
    history: list[NamedTuple]

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

    def hand_events(self) -> list[NamedTuple]:
        """The events of the current hand, from its deal on."""
        out: list[NamedTuple] = []
        for e in reversed(self.history):
            if e.hand_number != self.hand_number:
                break
            out.append(e)
        out.reverse()
        return out


def read_request(request: Any, reader: HistoryReader | None = None) -> Info:
    """A DecisionRequest (arena.v1) as an `Info`; the history is read only with a reader."""
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
        hand_size=v.hand_size,
        oste_rule=v.oste_rule,
        actions=actions,
        time_limit_ms=request.time_limit_ms,
        history=reader.read(v.history) if reader is not None else [],
    )


# --- ordering of declarations ------------------------------------------------------------


def raise_key(plate: Plate, reveals: int | None) -> tuple[int, int, int]:
    """Smaller is a smaller raise: total quantity, then the ranks, then no reveal first."""
    return (sum(q for _, q in plate), sum(r for r, _ in plate), reveals is not None)


# --- the heuristic policies (on an Info) --------------------------------------------------


def scored_declarations(info: Info) -> list[tuple[float, Act]]:
    """Every legal declaration with its exact P(true) from my view, best first."""
    known = info.known
    hidden = info.hidden
    scored = [(prob_true(a.plate, known, hidden), a) for a in info.actions if not a.is_bill]
    scored.sort(key=lambda pa: (-pa[0], raise_key(pa[1].plate, pa[1].reveals)))
    return scored


def honest_choice(info: Info, threshold: float = 0.25, order: str = "smallest", vouch: str = "portata") -> int:
    """Only supported declarations; the bill when the plate looks impossible
    (P(true) < threshold) or when nothing supported is left.

    `order` picks among supported declarations: "smallest" raise first, or "largest"
    (jump to the biggest plate it can vouch for, leaving the next player less room).
    `vouch` says what must be supported: the "portata" the move changes (what the move
    claims; the rest of the plate is the others' claim, left standing unless the bill is
    called; never a bluff in the statistics' sense), or, stricter, the whole "plate"
    after the move."""
    bill = info.bill
    known = info.known
    if bill is not None and prob_true(info.plate, known, info.hidden) < threshold:
        return bill.index
    if vouch == "portata":
        good = [a for a in info.actions if not a.is_bill and a.slot is not None
                and supported((a.plate[a.slot],), known)]
    else:
        good = [a for a in info.actions if not a.is_bill and supported(a.plate, known)]
    if good:
        pick = max if order == "largest" else min
        return pick(good, key=lambda a: raise_key(a.plate, a.reveals)).index
    if bill is not None:
        return bill.index
    decl = info.declarations  # no bill before the first declaration: smallest raise
    return min(decl, key=lambda a: raise_key(a.plate, a.reveals)).index


def probabilist_choice(info: Info, threshold: float = 0.5, current: float | None = None) -> int:
    """Bill when P(current plate) < threshold, else the declaration most likely true.

    `current`, when given, replaces P(current plate) (the adaptive bot's estimate)."""
    bill = info.bill
    if bill is not None:
        p = prob_true(info.plate, info.known, info.hidden) if current is None else current
        if p < threshold:
            return bill.index
    scored = scored_declarations(info)
    if not scored:
        return bill.index  # type: ignore[union-attr]
    return scored[0][1].index


def bluff_choice(info: Info, floor: float = 0.15, ceiling: float = 0.5) -> int | None:
    """The most plausible bluff: a declaration with P(true) in [floor, ceiling) that
    reveals nothing if possible; None when there is no such declaration."""
    scored = scored_declarations(info)
    candidates = [(p, a) for p, a in scored if floor <= p < ceiling]
    quiet = [(p, a) for p, a in candidates if a.reveals is None]
    pool = quiet or candidates
    if not pool:
        return None
    return pool[0][1].index  # scored is sorted best first


# --- reading showdowns: who bluffs ----------------------------------------------------------


class Record(NamedTuple):
    """One declaration seen at a showdown."""

    seat: int
    supported: bool  # true using only the declarer's own hand + the face-up cards
    chance: float  # P(a random hand of the declarer's size would support it), public view


def classify_declarations(events: Sequence[NamedTuple]) -> list[Record]:
    """A `Record` for every declaration of every hand that reached a showdown.

    A declaration is supported when it would be true using only the declarer's hand as
    dealt plus the cards other players had revealed by then (the declarer's own
    revealed cards are part of its dealt hand).  `chance` is the probability that it
    would be, for a hand drawn at random from the cards not face up at that moment."""
    out: list[Record] = []
    current: list[Declared] = []
    for e in events:
        if isinstance(e, Dealt):
            current = []
        elif isinstance(e, Declared):
            current.append(e)
        elif isinstance(e, Showdown):
            out.extend(_classify_hand(current, e.hands))
            current = []
    return out


def _classify_hand(declared: Sequence[Declared], hands: Sequence[Sequence[int]]) -> list[Record]:
    out = []
    face_up = [0] * 14
    own = [[0] * 14 for _ in hands]  # cards each seat has revealed so far
    for d in declared:
        s = d.seat
        if d.act.reveals is not None:
            face_up[d.act.reveals] += 1
            own[s][d.act.reveals] += 1
        held = [a - b for a, b in zip(hands[s], own[s])]
        ok = supported(d.act.plate, add(held, face_up))
        out.append(Record(s, ok, prob_true(d.act.plate, face_up, sum(held))))
    return out


def bluff_counts(events: Sequence[NamedTuple], players: int) -> list[tuple[int, int]]:
    """Per seat: (unsupported declarations, declarations) seen at showdowns."""
    counts = [[0, 0] for _ in range(players)]
    for r in classify_declarations(events):
        counts[r.seat][1] += 1
        if not r.supported:
            counts[r.seat][0] += 1
    return [(b, n) for b, n in counts]


def fit_bluff_odds(records: Sequence[Record], prior_weight: float = 4.0,
                   low: float = 0.02, high: float = 20.0) -> float:
    """The odds ratio rho = P(declare | unsupported) / P(declare | supported) of a player.

    rho = 1: declarations say nothing about the hand (what the probabilist assumes);
    rho = 0: the player declares only supported plates (honest).  Fitted by matching
    the number of unsupported declarations, sum over records of
    rho (1 - c) / (c + rho (1 - c)) with c = `chance`, then shrunk towards 1 in log
    space with `prior_weight` pseudo-declarations."""
    informative = [r for r in records if 0.0 < r.chance < 1.0]
    n = len(informative)
    if n == 0:
        return 1.0
    bluffs = sum(1 for r in informative if not r.supported)

    def expected(rho: float) -> float:
        return sum(rho * (1 - r.chance) / (r.chance + rho * (1 - r.chance)) for r in informative)

    lo, hi = math.log(low), math.log(high)
    if expected(low) >= bluffs:
        x = lo
    elif expected(high) <= bluffs:
        x = hi
    else:
        for _ in range(40):
            mid = (lo + hi) / 2
            if expected(math.exp(mid)) < bluffs:
                lo = mid
            else:
                hi = mid
        x = (lo + hi) / 2
    return math.exp(x * n / (n + prior_weight))


def bluff_odds(events: Sequence[NamedTuple], players: int, prior_weight: float = 4.0) -> list[float]:
    """`fit_bluff_odds` for every seat from the showdowns in `events`."""
    per_seat: list[list[Record]] = [[] for _ in range(players)]
    for r in classify_declarations(events):
        per_seat[r.seat].append(r)
    return [fit_bluff_odds(rs, prior_weight) for rs in per_seat]


def support_chance(info: Info, seat: int, plate: Plate | None = None) -> float:
    """P(seat's hidden hand + the face-up cards support the plate), from my view."""
    deck = [a - b for a, b in zip(DECK, info.hand)]
    return prob_true(info.plate if plate is None else plate, info.revealed_counts,
                     info.hand_sizes[seat], deck)


def credibility(p: float, chance: float, rho: float) -> float:
    """P(plate true | its declarer declared it), Bayes with odds ratio rho.

    p: P(true) from my view; chance: P(the declarer's hand supports it) from my view.
    A supported plate is true; an unsupported one is declared rho times as readily."""
    chance = min(chance, p)
    den = chance + rho * (1.0 - chance)
    if den <= 0.0:
        return p
    return (chance + rho * (p - chance)) / den


# --- determinization and playouts (search) --------------------------------------------------


def hand_declarations(info: Info) -> list[Declared]:
    return [e for e in info.hand_events() if isinstance(e, Declared)]


def revealed_by_seat(info: Info) -> list[list[int]]:
    by_seat = [[0] * 14 for _ in range(info.players)]
    for seat, rank in info.revealed:
        by_seat[seat][rank] += 1
    return by_seat


def unseen_pool(info: Info, deck: Sequence[int] = DECK) -> list[int]:
    """The unseen cards as a list of indices: deck minus my hand minus revealed cards."""
    pool: list[int] = []
    known = info.known
    for i in range(14):
        pool.extend([i] * (deck[i] - known[i]))
    return pool


def sample_dealt_hands(info: Info, rng: random.Random, pool: list[int] | None = None,
                       by_seat: list[list[int]] | None = None) -> list[list[int]]:
    """Every seat's hand as dealt (count vectors), the other hands drawn uniformly from
    the unseen cards with the right sizes, each seat's revealed cards added back."""
    if pool is None:
        pool = unseen_pool(info)
    if by_seat is None:
        by_seat = revealed_by_seat(info)
    others = [s for s in range(info.players) if s != info.seat]
    need = sum(info.hand_sizes[s] for s in others)
    drawn = rng.sample(pool, need)
    hands: list[list[int]] = []
    pos = 0
    for s in range(info.players):
        if s == info.seat:
            counts = list(info.hand)
        else:
            counts = [0] * 14
            for c in drawn[pos:pos + info.hand_sizes[s]]:
                counts[c] += 1
            pos += info.hand_sizes[s]
        hands.append(add(counts, by_seat[s]))
    return hands


def sample_weight(info: Info, dealt: Sequence[Sequence[int]], odds: Sequence[float],
                  raise_threshold: float = 0.5, raise_penalty: float = 1.0,
                  types: Sequence[int] | None = None, honest_threshold: float = 0.25) -> float:
    """Likelihood (up to a constant) of the opponents' declarations of this hand given
    a sample: each unsupported opponent declaration counts that opponent's bluff odds
    ratio rho (see `fit_bluff_odds`), a supported one 1; a raise over a plate that the
    opponent's policy type (`types`, default probabilist) would have doubted with its
    sampled hand counts `raise_penalty`."""
    weight = 1.0
    revealed_so_far = [0] * 14
    revealed_self = [[0] * 14 for _ in range(info.players)]
    sizes = [sum(h) for h in dealt]
    in_hands = sum(sizes)
    plate: Plate = ()
    cameriere = -1
    for d in hand_declarations(info):
        s = d.seat
        if s != info.seat:
            # what s knew before acting: its hand + every card face up
            known = [dealt[s][i] + revealed_so_far[i] - revealed_self[s][i] for i in range(14)]
            kind = PROBABILIST if types is None else types[s]
            if plate and raise_penalty != 1.0 and kind != RANDOM:
                p = prob_true(plate, known, in_hands - sizes[s])
                if kind == ADAPTIVE and odds[cameriere] != 1.0 and p < 1.0:
                    deck = [a - b for a, b in zip(DECK, known)]
                    deck = [a + b for a, b in zip(deck, revealed_so_far)]  # minus s's hand only
                    chance = prob_true(plate, revealed_so_far, sizes[cameriere], deck)
                    p = credibility(p, chance, odds[cameriere])
                if p < (honest_threshold if kind == HONEST else raise_threshold):
                    weight *= raise_penalty
            if not supported(d.act.plate, known):
                weight *= odds[s]
        if d.act.reveals is not None:
            revealed_so_far[d.act.reveals] += 1
            revealed_self[s][d.act.reveals] += 1
            sizes[s] -= 1
            in_hands -= 1
        plate = d.act.plate
        cameriere = s
    return weight


_ENGINE: dict[tuple, Any] = {}


def engine_game(players: int, hand_size: int, courses: int, oste: bool) -> Any:
    """The engine's conto game with these options (cached)."""
    key = (players, hand_size, courses, oste)
    game = _ENGINE.get(key)
    if game is None:
        import engine  # noqa: PLC0415 — heavy import kept out of the heuristic bots

        import engine.conto  # noqa: F401,PLC0415
        game = _ENGINE[key] = engine.load("conto", players=players, hand_size=hand_size,
                                          courses=courses, oste=oste)
    return game


def engine_action(act: Act) -> Any:
    """An `Act` as the engine's ContoAction."""
    from engine.conto import ContoAction, Move, Portata  # noqa: PLC0415

    if act.kind == BILL:
        return ContoAction(Move.CONTO)
    return ContoAction(Move(act.kind), act.slot, tuple(Portata(RANKS[r], q) for r, q in act.plate),
                       RANKS[act.reveals] if act.reveals is not None else None)


def build_state(info: Info, dealt: Sequence[Sequence[int]]) -> Any:
    """An engine state at this decision: the current hand dealt as `dealt` (hands as
    dealt, revealed cards included) and this hand's declarations replayed."""
    return build_hand_state(info.players, info.hand_size, info.courses, info.oste_rule,
                            info.dealer, dealt, [d.act for d in hand_declarations(info)])


def build_hand_state(players: int, hand_size: int, courses: int, oste_rule: bool, dealer: int,
                     dealt: Sequence[Sequence[int]], acts: Sequence[Act] = ()) -> Any:
    """An engine state of one hand dealt as `dealt` by `dealer`, `acts` replayed.

    With the Regola dell'Oste the dealer may hold one card more; the engine deals that
    only to the winner of a showdown, so such a hand is reached through a one-move
    warm-up hand that the dealer wins."""
    game = engine_game(players, hand_size, courses, oste_rule)
    texts = [cards_text(h) for h in dealt]
    sizes = [sum(h) for h in dealt]
    if len(set(sizes)) == 1:
        state = game.new_match(seed=0, deals=1, hands=texts, first_dealer=dealer)
    else:
        state = _oste_state(game, dealer, texts)
    for act in acts:
        state.apply(engine_action(act))
    return state


def _oste_state(game: Any, dealer: int, texts: list[str]) -> Any:
    from engine.conto import BillCalled, ContoAction, DealtHand, Declared as EDeclared, HandDealt, Move, Portata  # noqa: PLC0415

    n = game.players
    per = game.cards_per_hand
    deck = [r for r in RANKS for _ in range(8)]
    warm = [tuple(sorted(deck[s * per:(s + 1) * per], key=IDX.get)) for s in range(n)]
    opener = dealer  # seat `dealer` opens the warm-up (its dealer is dealer - 1) and wins it
    rank = warm[opener][0]
    first = ContoAction(Move.ORDINAZIONE, 0, (Portata(rank, 1),), rank)
    history = [
        HandDealt(1, 2, (dealer - 1) % n, None, tuple(DealtHand(s, per, warm[s]) for s in range(n))),
        EDeclared(1, opener, first),
        BillCalled(1, (opener + 1) % n, opener, first.plate),
        HandDealt(2, 2, dealer, dealer, tuple(DealtHand(s, len(t.split()), tuple(t.split())) for s, t in enumerate(texts))),
    ]
    return game.replay(history)


_ACTION_INFO: dict[int, tuple[Plate, tuple[int, int, int], int | None]] = {}


def _action_info(action: Any) -> tuple[Plate, tuple[int, int, int], int | None]:
    hit = _ACTION_INFO.get(action.key)
    if hit is None:
        plate = tuple((IDX[p.rank], p.quantity) for p in action.plate)
        reveals = IDX[action.reveals] if action.reveals is not None else None
        hit = _ACTION_INFO[action.key] = (plate, raise_key(plate, reveals), reveals)
    return hit


class Table:
    """The counts a playout needs beside the engine state: hands and face-up cards."""

    __slots__ = ("held", "revealed", "in_hands")

    def __init__(self, held: list[list[int]], revealed: list[int]) -> None:
        self.held = held
        self.revealed = revealed
        self.in_hands = sum(sum(h) for h in held)

    @classmethod
    def for_info(cls, info: Info, dealt: Sequence[Sequence[int]]) -> Table:
        """The table of a determinization at the decision point."""
        by_seat = revealed_by_seat(info)
        held = [[a - b for a, b in zip(dealt[s], by_seat[s])] for s in range(info.players)]
        return cls(held, list(info.revealed_counts))

    def copy(self) -> Table:
        t = object.__new__(Table)
        t.held = [list(h) for h in self.held]
        t.revealed = list(self.revealed)
        t.in_hands = self.in_hands
        return t

    def apply(self, seat: int, action: Any) -> None:
        if action.reveals is not None:
            r = IDX[action.reveals]
            self.held[seat][r] -= 1
            self.revealed[r] += 1
            self.in_hands -= 1


# Policy types, for modelling a seat in playouts and for recognising opponents.
PROBABILIST, ADAPTIVE, HONEST, RANDOM = range(4)
TYPE_NAMES = ("probabilist", "adaptive", "honest", "random")


class Model:
    """How each seat plays in a playout: a policy type per seat and what it needs."""

    __slots__ = ("types", "odds", "threshold", "honest_threshold", "rng")

    def __init__(self, types: Sequence[int], odds: Sequence[float] | None = None, threshold: float = 0.5,
                 honest_threshold: float = 0.25, rng: random.Random | None = None) -> None:
        self.types = list(types)
        self.odds = list(odds) if odds is not None else [1.0] * len(types)
        self.threshold = threshold
        self.honest_threshold = honest_threshold
        self.rng = rng or random.Random(0)


def policy_action(state: Any, table: Table, model: Model) -> Any:
    """The seat to act's modelled policy on an engine state (fast: counts, cached
    probabilities).  The probabilist and adaptive policies are those of the bots; the
    honest one too; random is uniform."""
    seat = state.current_seat()
    legal = state.legal_actions()
    kind = model.types[seat]
    if kind == RANDOM:
        return legal[model.rng.randrange(len(legal))]
    held = table.held[seat]
    known = [a + b for a, b in zip(held, table.revealed)]
    hidden = table.in_hands - sum(held)
    plate = state.plate
    if plate:
        cur = tuple((IDX[p.rank], p.quantity) for p in plate)
        p = prob_true(cur, known, hidden)
        if kind == HONEST:
            call = p < model.honest_threshold
        elif kind == ADAPTIVE and p < 1.0:
            cam = state.cameriere
            rho = model.odds[cam]
            if rho != 1.0:
                deck = [d - h for d, h in zip(DECK, held)]
                chance = prob_true(cur, table.revealed, sum(table.held[cam]), deck)
                p = credibility(p, chance, rho)
            call = p < model.threshold
        else:
            call = p < model.threshold
        if call:
            return legal[0]  # the bill comes first
    best = None
    best_key = None
    if kind == HONEST:
        for action in legal:
            new_plate, rkey, _ = _action_info(action)
            # the honest bot's default rule: the portata the move changes is backed
            if new_plate and plate_true((new_plate[action.slot],), known) and (best_key is None or rkey < best_key):
                best, best_key = action, rkey
        if best is None:
            if plate:
                return legal[0]
            return min(legal, key=lambda a: _action_info(a)[1])
        return best
    for action in legal:
        new_plate, rkey, _ = _action_info(action)
        if not new_plate:
            continue
        key = (-prob_true(new_plate, known, hidden), rkey)
        if best_key is None or key < best_key:
            best, best_key = action, key
    return best if best is not None else legal[0]


def playout(state: Any, table: Table, model: Model, max_moves: int = 400) -> int:
    """Play the current hand to its end with the modelled policies; return the loser."""
    hand = state.hand_number
    moves = 0
    while True:
        seat = state.current_seat()
        if seat is None or state.hand_number != hand:
            break
        action = policy_action(state, table, model)
        table.apply(seat, action)
        state.apply(action)
        moves += 1
        if moves > max_moves:  # cannot happen: the plate cap ends every hand
            raise RuntimeError("playout did not end")
    for result in reversed(state.deal_results()):
        if result.deal == hand:
            return result.ranks.index(max(result.ranks))
    raise RuntimeError("hand without result")


# --- recognising the opponents' policies from the showdowns ---------------------------------


class TypeTracker:
    """Log-likelihood of each policy type per seat, from the decisions of every hand that
    reached a showdown (all hands are shown then, so every decision can be re-judged).

    Deterministic types predict one action; the seat's action scores log(1 - eps) when it
    matches and log(eps / (n - 1)) otherwise (n legal actions); random scores log(1 / n).
    Declarations use `eps_declare` (a bluffer strays from the probabilist on purpose)."""

    def __init__(self, players: int, hand_size: int, courses: int, oste_rule: bool,
                 eps_bill: float = 0.1, eps_declare: float = 0.3, threshold: float = 0.5,
                 honest_threshold: float = 0.25, prior_weight: float = 4.0) -> None:
        self.options = (players, hand_size, courses, oste_rule)
        self.players = players
        self.loglik = [[0.0] * 4 for _ in range(players)]
        self.decisions = [0] * players
        self.done: set[int] = set()
        self.eps_bill = eps_bill
        self.eps_declare = eps_declare
        self.threshold = threshold
        self.honest_threshold = honest_threshold
        self.prior_weight = prior_weight

    def update(self, events: Sequence[NamedTuple]) -> None:
        """Judge every showdown hand of `events` not judged yet."""
        hand_events: list[NamedTuple] = []
        before = 0
        for i, e in enumerate(events):
            if isinstance(e, Dealt):
                hand_events = [e]
                before = i
            else:
                hand_events.append(e)
            if isinstance(e, Showdown) and e.hand_number not in self.done:
                self.done.add(e.hand_number)
                odds = bluff_odds(events[:before], self.players, self.prior_weight)
                try:
                    self._judge(hand_events, odds)
                except Exception:  # noqa: BLE001 — a hand that cannot be rebuilt is skipped
                    pass

    def _judge(self, events: Sequence[NamedTuple], odds: Sequence[float]) -> None:
        dealt_event = events[0]
        show = events[-1]
        assert isinstance(dealt_event, Dealt) and isinstance(show, Showdown)
        dealt = [list(h) for h in show.hands]
        state = build_hand_state(*self.options, dealt_event.dealer, dealt)
        table = Table([list(h) for h in dealt], [0] * 14)
        acts = [e for e in events if isinstance(e, (Declared, Billed))]
        for e in acts:
            seat = state.current_seat()
            if seat != e.seat:
                return
            legal = state.legal_actions()
            n = len(legal)
            if isinstance(e, Billed):
                taken = legal[0]
            else:
                taken = engine_action(e.act)
            if n > 1:
                self.decisions[seat] += 1
                for kind in (PROBABILIST, ADAPTIVE, HONEST):
                    predicted = policy_action(state, table, Model([kind] * self.players, odds,
                                                                  self.threshold, self.honest_threshold))
                    self.loglik[seat][kind] += self._score(predicted, taken, n)
                self.loglik[seat][RANDOM] += -math.log(n)
            table.apply(seat, taken)
            state.apply(taken)

    def _score(self, predicted: Any, taken: Any, n: int) -> float:
        bill_taken = not taken.plate
        bill_predicted = not predicted.plate
        eps = self.eps_bill if (bill_taken or bill_predicted) else self.eps_declare
        if bill_taken == bill_predicted:
            if bill_taken:
                return math.log(1 - eps)
            if taken == predicted:
                return math.log(1 - eps)
        return math.log(eps / max(n - 1, 1))

    def types(self, me: int, prior: Sequence[float] = (0.4, 0.3, 0.15, 0.15)) -> list[int]:
        """The most likely policy type of every seat (mine: adaptive)."""
        out = []
        for seat in range(self.players):
            if seat == me:
                out.append(ADAPTIVE)
                continue
            scores = [math.log(p) + ll for p, ll in zip(prior, self.loglik[seat])]
            out.append(max(range(4), key=scores.__getitem__))
        return out


class Clock:
    def __init__(self, budget: float) -> None:
        self.start = time.perf_counter()
        self.budget = budget

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def left(self) -> bool:
        return self.elapsed() < self.budget
