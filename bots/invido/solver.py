"""The card play of an invido giocata solved exactly (pure, no I/O).

* A hand is a sorted tuple of strengths.  `solve` is the perfect-information value
  of the rest of a giocata (+1 I win, -1 I lose, 0 void), memoized; it knows the
  giocata rules (a second trick wins, a trick after a tie wins, a tie after a won trick
  goes to the winner of the first, three ties are void).
* The opponent's hand is every multiset of strengths the unseen cards allow, weighted
  by how many suit combinations give it (`opponent_hands`); each of the opponent's calls
  in this giocata is read as evidence (a raise or an accepted raise makes hands that win
  likelier, an *a monte* makes hands that lose likelier; `doubt` is the weight left to
  the hands that do not fit).  `analyse` gives the win / lose probabilities, whether
  the giocata is already certain, and the best card (highest mean value, then the
  cheapest card: the lowest card that still wins, the lowest card when nothing wins).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from math import comb

from bots.invido.reading import THREE, Position

# --- solving the card play ------------------------------------------------------------------


def decided(outcomes: Sequence[int]) -> int | None:
    """+1 / -1 when the giocata is won / lost after these tricks, 0 when void, else None."""
    if not outcomes:
        return None
    last = outcomes[-1]
    earlier = outcomes[:-1]
    if last != 0:
        if last in earlier or 0 in earlier:
            return last
        return None
    for outcome in earlier:
        if outcome != 0:
            return outcome
    return 0 if len(outcomes) == 3 else None


def _without(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


@cache
def solve(
    mine: tuple[int, ...], opp: tuple[int, ...], outcomes: tuple[int, ...], leader_me: bool, table: int | None
) -> int:
    """Perfect-information value for me of the rest of the giocata (+1, 0, -1)."""
    me_to_play = leader_me if table is None else not leader_me
    hand = mine if me_to_play else opp
    values = [play_value(mine, opp, outcomes, leader_me, table, c) for c in set(hand)]
    return max(values) if me_to_play else min(values)


def play_value(
    mine: tuple[int, ...],
    opp: tuple[int, ...],
    outcomes: tuple[int, ...],
    leader_me: bool,
    table: int | None,
    card: int,
) -> int:
    """The value for me after the seat whose card turn it is plays `card` (then best play)."""
    me_to_play = leader_me if table is None else not leader_me
    if me_to_play:
        mine = _without(mine, card)
    else:
        opp = _without(opp, card)
    if table is None:
        return solve(mine, opp, outcomes, leader_me, card)
    mine_card, opp_card = (table, card) if leader_me else (card, table)
    trick = (mine_card > opp_card) - (mine_card < opp_card)
    after = outcomes + (trick,)
    result = decided(after)
    if result is not None:
        return result
    next_leader = leader_me if trick == 0 else trick == 1
    return solve(mine, opp, after, next_leader, None)


@lru_cache(maxsize=4096)
def opponent_hands(unseen: tuple[int, ...], size: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every multiset of `size` strengths drawable from `unseen`, with its number of
    suit combinations (so the weights are the exact deal probabilities, unnormalized)."""
    out: list[tuple[tuple[int, ...], int]] = []

    def rec(rank: int, left: int, hand: tuple[int, ...], weight: int) -> None:
        if left == 0:
            out.append((hand, weight))
            return
        if rank == 8:
            return
        for k in range(min(left, unseen[rank]), -1, -1):
            rec(rank + 1, left - k, hand + (rank,) * k, weight * comb(unseen[rank], k))

    rec(0, size, (), 1)
    return tuple(out)


@dataclass(frozen=True)
class Analysis:
    win: float  # posterior probability that I win the giocata (best play from here)
    lose: float
    sure_win: bool  # I win whatever the opponent holds
    sure_loss: bool  # I lose whatever the opponent holds
    best_card: int | None  # strength to play when it is my card turn
    card_values: dict[int, float]

    @property
    def equity(self) -> float:
        return self.win - self.lose


def analyse(pos: Position, doubt: float = 0.3, doubt_accept: float = 0.7) -> Analysis:
    hands = opponent_hands(pos.unseen, pos.opp_size) or (((), 1),)
    mine, outcomes, leader_me, table = pos.mine, pos.outcomes, pos.leader_me, pos.table
    my_turn = pos.my_card_turn and bool(mine)
    choices = sorted(set(mine)) if my_turn else []
    total = win = lose = 0.0
    sums = {c: 0.0 for c in choices}
    sure_win = sure_loss = True
    for opp, count in hands:
        if not opp and not my_turn:  # nothing left to solve (should not happen mid-giocata)
            value = decided(outcomes) or 0
            per_card: dict[int, int] = {}
        elif my_turn:
            per_card = {c: play_value(mine, opp, outcomes, leader_me, table, c) for c in choices}
            value = max(per_card.values())
        else:
            value = solve(mine, opp, outcomes, leader_me, table)
            per_card = {}
        sure_win &= value == 1
        sure_loss &= value == -1
        weight = float(count)
        # Evidence: the opponent's calls say something about the hand behind them.
        if pos.opp_raises:
            weight *= (1.0 if value == -1 else doubt) ** min(pos.opp_raises, 2)
        if pos.opp_accepts:
            weight *= (1.0 if value <= 0 else doubt_accept) ** min(pos.opp_accepts, 2)
        if pos.opp_montes:
            weight *= (1.0 if value >= 0 else doubt) ** min(pos.opp_montes, 2)
        total += weight
        win += weight * (value == 1)
        lose += weight * (value == -1)
        for c, v in per_card.items():
            sums[c] += weight * v
    total = total or 1.0
    values = {c: s / total for c, s in sums.items()}
    best = None
    if values:
        top = max(values.values())
        best = min(c for c, v in values.items() if v >= top - 1e-9)  # cheapest of the best
    return Analysis(win / total, lose / total, sure_win, sure_loss, best, values)


def secured_by_three(pos: Position) -> bool:
    """The manual's first example: having won the first decided trick, a 3 in hand
    cannot lose a trick, so the giocata is won whatever the opponent holds."""
    won_first = next((o for o in pos.outcomes if o != 0), 0) == 1
    return won_first and THREE in pos.mine
