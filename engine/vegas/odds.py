"""Las Vegas odds for one seat: the share of the pot its cards can expect to take.

`outlook(hand, flipped, unseen, opponents)` is the value bettor's view of a hand: from
the seat's cards, the centre cards face up and the cards it has not seen, the expected
fraction of the pot it takes by Las Vegas (emptying its hand first) and by each half of
the showdown (lowest and highest total).

Model.  Every deal of the unseen cards consistent with what the seat saw is equally
likely, and nobody folds from now on.  What the seat saw constrains the deal through the
forced discards: a player still in holds no rank already flipped (it threw those away),
so the opponents' hands are drawn from the unseen cards of the other ("live") ranks, and
the face-down centre cards, in order, from everything left.  Folded players' cards are
part of that rest (the caller does not say when they folded).  Suits never matter: all
the work is on rank counts.

Method.  The remaining flips are enumerated as ordered rank sequences, weighted by the
ways to pick their cards times the ways the opponents' hands fit in the live cards they
leave.  A hand empties on the flip where the last of its ranks first shows, so who
empties first only depends on which nested sets of ranks the hands lie inside; the
chance that several hands all lie inside given sets is a ratio of falling factorials
however they overlap, so by inclusion-exclusion `vegas`, `someone_else_vegas` and
`showdown` are EXACT, jointly over the opponents (hands drawn from one pool, without
replacement).

At the showdown each opponent's total is below, equal to or above the seat's.  For one
opponent, or for a pair of them jointly, the counts of hands by class come from the
elementary symmetric polynomials of x^value over the pool, and inclusion-exclusion over
the cards two hands would share: so `low`, `high` and `any_share` are EXACT with up to
two opponents.  A joint law of three or more totals costs far more than the 5 ms budget,
so with three or more opponents the joint expectation is the pairwise (Kirkwood)
superposition: the product over pairs of their exact joint expectations, divided by
each opponent's own expectation to the power (opponents - 2).

Measured error of `low`, `high` and `any_share` in positions reached in play, against
an enumeration of every deal (rounds 3 to 5) and against 3e6 simulated deals per
position (rounds 1 to 3, standard error 0.0003): with three opponents at most 0.0047
(1,493 positions enumerated; 0.0022 over 17 simulated), with four 0.0034 (51
enumerated; 0.0032 over 6 simulated), with five 0.0061 (7 simulated); mostly an
overestimate.  Independent opponents, the obvious shortcut, erred by up to 0.057.  With
up to two opponents the enumeration agreed to 2e-15 (5,676 positions).

Speed (benchmarks/vegas_odds.py): a fresh call on a 4-player table takes about 4 ms in
the first betting round (four flips to come) and 1 to 2 ms afterwards; a position met
again is cached.

Why one module of over 450 lines: it is one computation, a seventh of it this account
of its model and error; the flips' enumeration and the showdown's class counts share the
rank and falling-factorial tables built below, and nothing else reads them.
"""

from __future__ import annotations

import functools
import itertools
import math
import numbers
import threading
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from .._errors import NotationError, PositionError

__all__ = ["Outlook", "outlook"]

_RANKS = "A234567FCR"  # worth 1 to 10 in this order
_SUITS = "bcds"
_NRANKS = len(_RANKS)
_VALUES = np.arange(1, _NRANKS + 1)
_CENTRE = 4
_HAND = 3
_MAX_OPPONENTS = 5  # 2 to 6 players
_DECK = _NRANKS * len(_SUITS)
_TOTALS = _HAND * _NRANKS + 1  # a hand is worth 0 to 30
_BITS = 1 << np.arange(_NRANKS)
# A showdown pool has 11 categories: the ranks, then the blank cards (live cards of a
# flipped rank: worth 0 in a hand).  Pairs of categories, for hands sharing two cards:
_WORTH = np.append(_VALUES, 0)
_PAIRS = np.array([(a, b) for a in range(_NRANKS + 1) for b in range(a, _NRANKS + 1)]).T
_SAME = _PAIRS[0] == _PAIRS[1]
_BOTH_BLANK = (_PAIRS[0] == _NRANKS) & _SAME
_BY_WORTH = np.argsort(-_WORTH)  # categories from worth 10 down to 0
# Two hands of 3 cards sharing all three are one hand: its class (any, equal, above) is
# in both, so [a, b] counts it when a and b include the class.
_OVERLAP = np.array(
    [[[1, 0, 0], [0, 1, 0], [0, 0, 1]], [[0, 1, 0], [0, 1, 0], [0, 0, 0]], [[0, 0, 1], [0, 0, 0], [0, 0, 1]]]
)
# The functions of an opponent's class multiplied over the opponents: the low half's and
# the high half's at each Gauss-Legendre node x (k opponents tied with the seat share a
# half k+1 ways, and 1/(k+1) is the integral of x^k over [0, 1]), then "at least", "at
# most" and "equal" for any_share.  Written over below/equal/above, then turned into
# any/equal/above (below = any - equal - above).
_NODES, _WEIGHTS = (a / 2 for a in np.polynomial.legendre.leggauss(4))
_NODES = _NODES + 0.5
_MIX = np.array([[0, x, 1] for x in _NODES] + [[1, x, 0] for x in _NODES] + [[0, 1, 1], [1, 1, 0], [0, 1, 0]])
_MIX = _MIX - np.outer(_MIX[:, 0], [0, 1, 1])
# _FALL[n, j] = n (n-1) ... (n-j+1), the ordered ways to draw j cards of n (0 if j > n).
_FALL = np.array([[float(math.perm(n, j)) for j in range(_MAX_OPPONENTS * _HAND + 1)] for n in range(_DECK + 1)])
_CHOOSE = _FALL[:, : _HAND + 1] / np.array([math.factorial(j) for j in range(_HAND + 1)])


@dataclass(frozen=True, slots=True)
class Outlook:
    """What one seat can expect from the rest of a hand, as fractions of the pot.

    vegas: expected fraction won by emptying first (1/k of it when k players empty on
    the same flip); low, high: expected fraction of the low half and of the high half
    taken at the showdown (ties share; 0 when a Las Vegas ends the hand); any_share:
    probability of a share of anything; someone_else_vegas: probability that others
    empty first and this seat gets nothing; showdown: probability of reaching it.
    """

    vegas: float
    low: float
    high: float
    any_share: float
    someone_else_vegas: float
    showdown: float

    @property
    def share(self) -> float:
        """Expected fraction of the whole pot: each half is worth half of it."""
        return self.vegas + (self.low + self.high) / 2


def outlook(hand: Sequence[str], flipped: Sequence[str], unseen: Sequence[str], opponents: Sequence[int]) -> Outlook:
    """The outlook of the seat holding `hand` (see the module docstring for the model).

    hand: the cards the seat still holds (1 to 3); flipped: the centre cards face up, in
    flip order (0 to 4); unseen: every card the seat has not seen; opponents: how many
    cards each opponent still in the hand holds.  Cards are rank then suit: "Ab", "7d",
    "Rs".  Raises engine.PositionError for cards or counts that no position can have
    (engine.NotationError for a card that cannot be read), both ValueErrors.
    """
    mine, shown, pool = _ranks(hand, "hand"), _ranks(flipped, "flipped"), _ranks(unseen, "unseen")
    everything = [*hand, *flipped, *unseen]
    if len(set(everything)) != len(everything):
        raise PositionError("a card appears twice among hand, flipped and unseen")
    if not 1 <= len(mine) <= _HAND:
        raise PositionError(f"the hand holds {len(mine)} cards: 1 to {_HAND} (an empty hand has ended the hand)")
    if len(shown) > _CENTRE:
        raise PositionError(f"{len(shown)} centre cards flipped: there are {_CENTRE}")
    sizes = list(opponents)
    if len(sizes) > _MAX_OPPONENTS or not all(_is_size(n) for n in sizes):
        raise PositionError(f"opponents are at most {_MAX_OPPONENTS} hand sizes, each 1 to {_HAND}: {sizes!r}")
    if set(shown) & set(mine):
        raise PositionError("the hand holds a rank already flipped: it was discarded")
    counts = tuple(map(pool.count, range(_NRANKS)))
    live = sum(count for rank, count in enumerate(counts) if rank not in shown)
    if sum(sizes) > live or sum(sizes) + _CENTRE - len(shown) > len(pool):
        raise PositionError("too few unseen cards for the opponents' hands and the face-down centre cards")
    held = tuple(map(mine.count, range(_NRANKS)))
    gone = sum(1 << rank for rank in set(shown))
    return _outlook(held, gone, _CENTRE - len(shown), counts, tuple(sorted(int(n) for n in sizes)))


def _is_size(n: object) -> bool:
    return isinstance(n, numbers.Integral) and not isinstance(n, bool) and 1 <= int(n) <= _HAND


#: Each card's rank, by its text ("7d": 6).
_RANK_OF = {rank + suit: index for index, rank in enumerate(_RANKS) for suit in _SUITS}


def _ranks(cards: Sequence[str], what: str) -> list[int]:
    if isinstance(cards, str):
        raise NotationError(f"{what} is a sequence of cards, not one string: {cards!r}")
    try:  # one lookup a card: the statistics read some forty cards for every bet and raise
        return [_RANK_OF[card] for card in cards]
    except (KeyError, TypeError):
        bad = next(card for card in cards if not isinstance(card, str) or card not in _RANK_OF)
        raise NotationError(f"{what}: {bad!r} is not a card (a rank of {_RANKS}, then a suit of {_SUITS})") from None


@dataclass(frozen=True)
class _Centre:
    """The face-down centre cards' flips (see _centre).  Rows are the last axis so that
    numpy works along long rows."""

    counts: np.ndarray  # [rank, multiset]: flips of the rank
    sequences: np.ndarray  # [multiset]: rank sequences with those counts
    ranks: np.ndarray  # [multiset]: the bit set of its ranks
    order: np.ndarray  # [i, row]: the row's ranks in the order they first show, then _NRANKS
    times: np.ndarray  # [i, row]: flips of order[i, row]
    part: np.ndarray  # [row]: its share of its multiset's sequences
    of: np.ndarray  # [row]: its multiset


@functools.cache
def _centre(flips: int) -> _Centre:
    """The rank sequences of `flips` centre cards, gathered by what decides the odds.

    Given how many cards of each rank show (a multiset), every order is equally likely
    and the cards left for the hands are the same.  The order only matters when the seat
    empties: whoever empties earlier depends on which ranks show before the seat's last.
    So multisets serve the rest, and rows (sequences alike in the order in which their
    ranks first show and in how many of each) serve the seat's own Las Vegas.
    """
    found: defaultdict[tuple[tuple[int, ...], tuple[int, ...]], int] = defaultdict(int)
    for seq in itertools.product(range(_NRANKS), repeat=flips):
        shown = tuple(dict.fromkeys(seq))
        found[shown, tuple(seq.count(rank) for rank in shown)] += 1
    multisets: dict[tuple[int, ...], int] = {}
    width = max(flips, 1)  # with nothing to flip, one padding row keeps the shapes simple
    order = np.full((width, len(found)), _NRANKS, dtype=np.intp)
    times = np.zeros((width, len(found)), dtype=np.intp)
    of = np.zeros(len(found), dtype=np.intp)
    for i, (shown, counted) in enumerate(found):
        order[: len(shown), i] = shown
        times[: len(counted), i] = counted
        key = tuple(counted[shown.index(rank)] if rank in shown else 0 for rank in range(_NRANKS))
        of[i] = multisets.setdefault(key, len(multisets))
    rows = np.array(list(found.values()), dtype=float)
    sequences = np.bincount(of, rows)
    counts = np.array(list(multisets), dtype=np.intp).reshape(len(multisets), _NRANKS).T
    return _Centre(counts, sequences, _BITS @ (counts > 0), order, times, rows / sequences[of], of)


@functools.cache
def _terms(opponents: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Inclusion-exclusion over the opponents, gathered by the number of cards involved.

    P(no opponent's hand inside a set of n of the pool's live cards) is the sum of
    avoid_coef[s] n^(s) / pool^(s) (falling powers).  The seat's share when it empties at
    some flip, with Y the cards of ranks flipped before and X those flipped up to then, is
    E[1{no hand inside Y} / (1 + #hands inside X, not Y)]; 1/(1+k) is the integral of x^k
    over [0, 1], so it is the integral of the product over opponents of
    (1 - (1-x) [inside X] - x [inside Y]); expanding it leaves sums of "b cards inside Y
    and a more inside X" weighted by (-1)^(p+q) p! q! / (p+q+1)!.
    """
    avoid: defaultdict[int, float] = defaultdict(float)
    for chosen in itertools.product((0, 1), repeat=len(opponents)):
        avoid[sum(n for n, c in zip(opponents, chosen) if c)] += (-1) ** sum(chosen)
    share: defaultdict[tuple[int, int], float] = defaultdict(float)
    for where in itertools.product((0, 1, 2), repeat=len(opponents)):
        p, q = where.count(1), where.count(2)
        a = sum(n for n, w in zip(opponents, where) if w == 1)
        b = sum(n for n, w in zip(opponents, where) if w == 2)
        share[a, b] += (-1) ** (p + q) * math.factorial(p) * math.factorial(q) / math.factorial(p + q + 1)
    sizes = [s for s, c in avoid.items() if c]
    kept = [(a, b) for (a, b), c in share.items() if abs(c) > 1e-15]
    return (
        np.array(sizes, dtype=np.intp),
        np.array([avoid[s] for s in sizes]),
        np.array([a for a, _ in kept], dtype=np.intp),
        np.array([b for _, b in kept], dtype=np.intp),
        np.array([share[k] for k in kept]),
    )


def _none_inside(inside: np.ndarray, pool: np.ndarray, opponents: tuple[int, ...]) -> np.ndarray:
    """P(no opponent's hand lies wholly among `inside` of the `pool` live cards)."""
    sizes, coef = _terms(opponents)[:2]
    return (coef * _FALL[inside[:, None], sizes] / _FALL[pool[:, None], sizes]).sum(axis=1)


@functools.lru_cache(maxsize=4096)
def _outlook(
    hand: tuple[int, ...], gone: int, flips: int, unseen: tuple[int, ...], opponents: tuple[int, ...]
) -> Outlook:
    u = np.array(unseen, dtype=np.intp)
    live = np.array([not (gone >> rank) & 1 for rank in range(_NRANKS)], dtype=np.intp)
    v = u * live
    most = int(v.sum())
    centre = _centre(flips)
    ways = centre.sequences * _FALL[u[:, None], centre.counts].prod(axis=0)
    possible = ways > 0
    # The centre's live cards are in no hand (clipped where impossible: weight 0 anyway).
    pool = np.maximum(most - live @ centre.counts, 0)
    weight = ways * _FALL[pool, sum(opponents)]
    weight /= weight.sum()
    held_mask = sum(1 << rank for rank, n in enumerate(hand) if n)
    empties = (centre.ranks & held_mask) == held_mask

    # The seat empties: rows, with the rank _NRANKS (no card) as padding.
    rows = np.flatnonzero((empties & possible)[centre.of])
    order, times, of = centre.order[:, rows], centre.times[:, rows], centre.of[rows]
    left = np.append(v, 0)[order] - times * np.append(live, 0)[order]  # live cards the hands may hold
    last = ((np.append(hand, 0)[order] > 0) * np.arange(len(order))[:, None]).max(axis=0)
    columns = np.arange(len(rows))
    inside_by = np.cumsum(left, axis=0)[last, columns]  # Y and X of _terms
    inside_before = inside_by - left[last, columns]
    # Gathered by (inside Y, inside X, pool): X adds at most 4 cards to Y (one rank), and
    # the centre takes at most 4 live cards from the pool.
    key = (inside_before * 5 + inside_by - inside_before) * 5 + most - pool[of]
    table = np.bincount(key, weight[of] * centre.part[rows])
    keys = np.flatnonzero(table)
    mass = table[keys]
    n_pool, n_before = most - keys % 5, keys // 25
    n_by = n_before + keys // 5 % 5
    _, _, a, b, c = _terms(opponents)
    ratio = _FALL[n_before[:, None], b] * _FALL[np.maximum(n_by[:, None] - b, 0), a] / _FALL[n_pool[:, None], a + b]
    vegas = float(mass @ (ratio @ c))
    first_out = float(mass @ _none_inside(n_before, n_pool, opponents))
    beaten = float(mass.sum()) - first_out

    # The seat never empties: multisets gathered by the live ranks flipped and the live
    # cards of those ranks left (which fixes the pool), at most 16 (4 ranks of 4 cards).
    rest = ~empties & possible
    blank = ((v[:, None] - centre.counts * live[:, None]) * (centre.counts > 0)).sum(axis=0)
    table = np.bincount(((centre.ranks & ~gone) * 17 + blank)[rest], weight[rest])
    keys = np.flatnonzero(table)
    mass = table[keys]
    in_centre = (keys // 17 >> np.arange(_NRANKS)[:, None]) & 1
    blank = keys % 17
    counted = v[:, None] * (1 - in_centre)  # live cards still worth their value
    nobody_out = _none_inside(blank, blank + counted.sum(axis=0), opponents)
    own = ((np.array(hand) * _VALUES)[:, None] * (1 - in_centre)).sum(axis=0)
    low, high, win = (np.clip(x, 0, nobody_out) for x in _showdown(counted, blank, own, opponents))
    return Outlook(
        vegas=_fraction(vegas),
        low=_fraction(mass @ low),
        high=_fraction(mass @ high),
        any_share=_fraction(first_out + mass @ win),
        someone_else_vegas=_fraction(beaten + mass @ (1 - nobody_out)),
        showdown=_fraction(mass @ nobody_out),
    )


def _fraction(x: float) -> float:
    """x, a probability computed with rounding errors, within [0, 1]."""
    return min(max(float(x), 0.0), 1.0)


def _showdown(
    counted: np.ndarray, blank: np.ndarray, own: np.ndarray, opponents: tuple[int, ...]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Shares of the low and of the high half, and P(a share of either), at the showdown.

    One column per group: counted[r] live cards of rank r worth their value, blank cards
    worth 0, own the seat's total (1 or more).  An opponent's hand is in the classes any
    (worth 1 or more: a hand worth 0 has emptied), equal (worth own) or above (more).
    """
    size = len(blank)
    cards = np.vstack([counted, blank])  # [category, group]
    levels, whole = _classes(cards, own)
    pool = cards.sum(axis=0)
    two_ways = cards[_PAIRS[0]] * (cards[_PAIRS[1]] - _SAME[:, None]) / (1 + _SAME[:, None])  # C(n, 2) if _SAME
    spare = np.maximum(blank - 1, 0), np.maximum(blank - 2, 0)  # the index is unused when negative
    tables = {}
    for n in set(opponents):
        # Hands of n cards by class: all of them, those holding a given card, those
        # holding two.  Any: every such hand but those of blank cards only.
        shapes = [(3, size), (3, _NRANKS + 1, size), (3, len(_SAME), size)][: min(n, 2) + 1]
        held = [_scratch(f"held{n}.{k}", shape) for k, shape in enumerate(shapes)]
        held[0][0] = _CHOOSE[pool, n] - _CHOOSE[blank, n]
        held[0][1:] = whole[:, n]
        held[1][0] = _CHOOSE[pool - 1, n - 1]
        held[1][0, -1] -= _CHOOSE[spare[0], n - 1]
        _holding(levels, n, 1, held[1][1:])
        if n >= 2:
            held[2][0] = _CHOOSE[pool - 2, n - 2] - _BOTH_BLANK[:, None] * _CHOOSE[spare[1], n - 2]
            _holding(levels, n, 2, held[2][1:])
        tables[n] = held
    values = np.ones((len(_MIX), size))
    for (n1, n2), count in Counter((a, b) for i, a in enumerate(opponents) for b in opponents[i + 1 :]).items():
        # Ordered pairs of disjoint hands, by inclusion-exclusion over the cards both would
        # hold: any two hands, less those sharing a card, plus those sharing two, less
        # those sharing three.
        one, two = tables[n1], tables[n2]
        both = one[0][:, None] * two[0][None, :]
        both -= np.einsum("acg,bcg,cg->abg", one[1], two[1], cards)
        if min(n1, n2) >= 2:
            both += np.einsum("apg,bpg,pg->abg", one[2], two[2], two_ways)
        if n1 == n2 == 3:
            both -= _OVERLAP @ one[0]
        both /= _CHOOSE[pool, n1] * _CHOOSE[pool - n1, n2]
        values *= np.einsum("fa,abg,fb->fg", _MIX, both, _MIX) ** count
    if len(opponents) == 1:
        values = _MIX @ (tables[opponents[0]][0] / _CHOOSE[pool, opponents[0]])
    elif len(opponents) > 2:  # the superposition: the pairs over the singles
        for n, count in Counter(opponents).items():
            single = (_MIX @ (tables[n][0] / _CHOOSE[pool, n])) ** (count * (len(opponents) - 2))
            np.divide(values, single, out=values, where=single > 0)
            values[single <= 0] = 0
    low = _WEIGHTS @ values[: len(_NODES)]
    high = _WEIGHTS @ values[len(_NODES) : 2 * len(_NODES)]
    return low, high, values[-3] + values[-2] - values[-1]


def _classes(cards: np.ndarray, own: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
    """levels[i][class, shift, group]: sets of i cards (0 to 2) of the pool, worth t, with
    t + shift equal to (class 0) or above (class 1) own; whole[class, i, group]: the same
    for i = 0 to 3 and no shift.

    Sets of i cards by total: the elementary symmetric polynomials of x^value over the
    pool, by Newton's identities on its power sums.
    """
    size = len(own)
    kernel = cards[_BY_WORTH]
    power = _scratch("power", (2, _TOTALS, size), zero=True)  # sums of x^value, of x^(2 value)
    power[0, _WORTH] = cards
    power[1, 2 * _WORTH] = cards
    square, p1p2 = _spread(power, kernel)
    # Totals 0 to 30 at 1 to 31: index 0 holds no set, to be gathered where own - shift < 0.
    sets = _scratch("sets", (3, _TOTALS + 1, size), zero=True)
    sets[0, 1:] = power[0]
    np.subtract(square, power[1], out=sets[1, 1:])
    sets[1] /= 2
    _spread(square, kernel, out=sets[2, 1:])
    p1p2 *= 3
    sets[2, 1:] -= p1p2
    sets[2, 1 + 3 * _WORTH] += 2 * cards  # the sum of x^(3 value)
    sets[2] /= 6
    below = np.cumsum(sets, axis=1, out=_scratch("below", sets.shape))
    # Hands holding given cards worth w need their other i cards at shift w: two others
    # with one card given (shift up to 10), one other up to 20, none up to 30.
    levels = [_scratch("empty", (2, _TOTALS, size))]
    shift = np.arange(_TOTALS)[:, None]
    np.equal(shift, own, out=levels[0][0], casting="unsafe")  # the empty set is worth 0
    np.greater(shift, own, out=levels[0][1], casting="unsafe")
    for i in (1, 2):
        out = _scratch(f"level{i}", (2, _NRANKS * (3 - i) + 1, size))
        levels.append(out)
        index = (np.maximum(own + 1 - np.arange(out.shape[1])[:, None], 0) * size + np.arange(size)).ravel()
        np.take(sets[i - 1].ravel(), index, out=out[0].reshape(-1))
        np.take(below[i - 1].ravel(), index, out=out[1].reshape(-1))
        np.subtract(below[i - 1, -1], out[1], out=out[1])
    whole = np.zeros((2, 4, size))  # own >= 1: the empty set is in neither class
    whole[0, 1:] = sets[:, own + 1, np.arange(size)]
    whole[1, 1:] = below[:, -1] - below[:, own + 1, np.arange(size)]
    return levels, whole


def _holding(levels: list[np.ndarray], n: int, held: int, out: np.ndarray) -> None:
    """out[class, category or pair, group] = hands of n cards by class that hold `held`
    given cards: one of each category (held 1), or one of each category of a pair of
    _PAIRS (held 2, two of one category when it pairs with itself).

    Those hands are the given cards and n - held others from the pool less them.
    Dividing the pool's polynomial by (1 + y x^w) for each given card leaves these
    alternating sums of shifted sets of the whole pool.
    """
    if held == 1:
        terms = [((-1) ** j, n - 1 - j, (1 + j) * _WORTH) for j in range(n)]
    else:
        first, second = _WORTH[_PAIRS[0]], _WORTH[_PAIRS[1]]
        terms = [(1, n - 2, first + second)]
        if n == 3:
            terms += [(-1, 0, 2 * first + second), (-1, 0, first + 2 * second)]
    (_, i, shift), *rest = terms
    np.take(levels[i], shift, axis=1, out=out)
    for sign, i, shift in rest:
        (np.add if sign > 0 else np.subtract)(out, np.take(levels[i], shift, axis=1), out=out)


def _spread(poly: np.ndarray, kernel: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """poly times the pool's sum of x^value, up to degree 30 (kernel: cards by _BY_WORTH)."""
    padded = np.concatenate([np.zeros((*poly.shape[:-2], _NRANKS, poly.shape[-1])), poly], axis=-2)
    windows = sliding_window_view(padded, _NRANKS + 1, axis=-2)  # [..., t, group, k]: padded[t + k]
    return np.einsum("...tgk,kg->...tg", windows, kernel, out=out)


class _Scratch(threading.local):
    """Arrays kept from call to call, per thread: a first-round call works through a few
    MB of arrays, and faulting in fresh memory for them cost as much as the arithmetic."""

    def __init__(self) -> None:
        self.arrays: dict[str, np.ndarray] = {}


_SCRATCH = _Scratch()


def _scratch(name: str, shape: tuple[int, ...], zero: bool = False) -> np.ndarray:
    """The thread's array `name` in `shape`, holding what it last held unless zero."""
    size = math.prod(shape)
    array = _SCRATCH.arrays.get(name)
    if array is None or array.size < size:
        array = _SCRATCH.arrays[name] = np.empty(size)
    view = array[:size].reshape(shape)
    if zero:
        view.fill(0)
    return view
