"""The exact odds of a conto plate, and each player's bluff odds (pure, no I/O).

* The exact probability that a plate is true given what a seat knows (`prob_true`):
  the unseen cards are the deck minus the seat's hand minus the revealed cards, and
  the other hidden hands are a uniformly random subset of them (multivariate
  hypergeometric, jokers included).  The deck is a parameter, so tests can enumerate.
* The plate-support test (`supported`), the bluff classification of a showdown
  (`classify_declarations`, `bluff_counts`) and each player's bluff odds fitted from
  it (`bluff_odds`, `credibility`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from bots.conto.reading import DECK, Dealt, Declared, Info, Plate, Showdown, W, add

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
def _prob(needs: tuple[tuple[int, int], ...], jokers_known: int, jokers_unseen: int, unseen: int, hidden: int) -> float:
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


def fit_bluff_odds(
    records: Sequence[Record], prior_weight: float = 4.0, low: float = 0.02, high: float = 20.0
) -> float:
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


class BluffOdds:
    """`bluff_odds` of one match's events (a `MatchLog`'s), fitted again only once more
    events have come (a bot keeps one per match)."""

    def __init__(self) -> None:
        self._key: tuple[int, int] | None = None
        self._odds: list[float] = []

    def __call__(self, events: Sequence[NamedTuple], players: int, prior_weight: float = 4.0) -> list[float]:
        key = (len(events), players)
        if key != self._key:
            self._odds = bluff_odds(events, players, prior_weight)
            self._key = key
        return self._odds


def support_chance(info: Info, seat: int, plate: Plate | None = None) -> float:
    """P(seat's hidden hand + the face-up cards support the plate), from my view."""
    deck = [a - b for a, b in zip(DECK, info.hand)]
    return prob_true(info.plate if plate is None else plate, info.revealed_counts, info.hand_sizes[seat], deck)


def credibility(p: float, chance: float, rho: float) -> float:
    """P(plate true | its declarer declared it), Bayes with odds ratio rho.

    p: P(true) from my view; chance: P(the declarer's hand supports it) from my view.
    A supported plate is true; an unsupported one is declared rho times as readily."""
    chance = min(chance, p)
    den = chance + rho * (1.0 - chance)
    if den <= 0.0:
        return p
    return (chance + rho * (p - chance)) / den
