"""The greedy and the saboteur, written once as a `Chooser` of bots/frederik/sim.py.

`Heuristic` decides every kind of decision for any seat of a `Sim`, from what that seat
knows (bots/frederik/knowledge.py): the bots run it on the `Sim` of their own picture;
the search's playouts use its draft (bots/frederik/rollout.py).

- The draft (bots/frederik/drafting.py): keep the card that makes the best hand so far
  (the best borrow counted, as issue 18 has the greedy do; `draft_borrow`) plus its
  prospects (cards of one suit, runs, high cards) with the keeps and battle draws still
  to come; keep all five face down on the first draw when they already make `keep_all`
  or better (a full house by default: a hand nobody can target, borrow from or see);
  the card left face down is the one that matters most to the hand.  The four others
  go back with the most useful to it first.
- The battle (greedy): the action with the best expected strength of its own hand, the
  best borrow included: a known card reachable by `draw N`, the top card (a known one,
  or the mean over the cards it cannot place), a pair or three thrown for four or six
  new cards, a swap or steal weighed by the chance that it is protected or interrupted
  (then its card is lost); a pass when nothing can improve the hand.  The saboteur
  first attacks the leader, the other seat whose visible hand is strongest, with the
  swap, discard or steal whose damage to it (times the chance it goes through) plus its
  own gain or loss is best.
- Answers: protect when the target card matters to its hand.  Interrupts (greedy): when
  it is the target and the action would cost it more than the card it discards, or the
  action would help the actor more than that card costs; the saboteur interrupts every
  action that helps a rival, unless it costs its hand more than `sabotage_cost`.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import BIT, RANK, SUIT, best_value
from .drafting import HeuristicParams, cards_to_come, draft_keep, draft_return, draft_score
from .knowledge import (
    expected_draw,
    own_strength,
    reach,
    strength,
    unknown_to,
    visible_strength,
)
from .sim import (
    DISCARD_BY,
    DISCARD_PAIR,
    DISCARD_TRIPLE,
    DISCARDS,
    DRAW,
    DRAW_NTH,
    HIGHER,
    LOWER,
    PASS,
    REVEAL,
    STEAL_BY,
    STEALS,
    SWAP_BY,
    SWAPS,
    Act,
    Sim,
)

__all__ = [
    "HeuristicParams",
    "Heuristic",
    "draft_score",
    "draft_keep",
    "draft_return",
    "cards_to_come",
    "targeted_options",
]

_PASS = Act(PASS)
_DRAW = Act(DRAW)
_NO_BORROW: list[int] = []


def targeted_options(sim: Sim, seat: int, only_owner: int = -1, only_target: int = -1) -> list[Act]:
    """The swaps, discards and steals `seat` may make (moves.targeted_moves), a steal
    with the first matching cards it may show; against one seat's card only when given."""
    out: list[Act] = []
    mine = [c for c in sim.cards[seat] if c >= 0]
    for step in range(1, sim.players):
        owner = (seat + step) % sim.players
        if only_owner >= 0 and owner != only_owner:
            continue
        owner_up = sim.face_up(owner)
        for target in owner_up:
            if only_target >= 0 and target != only_target:
                continue
            rank, suit = RANK[target], SUIT[target]
            highest = all(not (SUIT[o] == suit and RANK[o] > rank) for o in owner_up)
            lowest = all(not (SUIT[o] == suit and RANK[o] < rank) for o in owner_up)
            for card in mine:
                mine_rank = RANK[card]
                if mine_rank > rank and highest:
                    out.append(Act(SWAP_BY[0], card, target))
                    out.append(Act(DISCARD_BY[0], card, target))
                    shown = _matching(target, mine, card)
                    if len(shown) >= 2:
                        out.append(Act(STEAL_BY[0], card, target, tuple(shown[:2])))
                if mine_rank < rank and SUIT[card] == suit and lowest:
                    out.append(Act(SWAP_BY[1], card, target))
                    out.append(Act(DISCARD_BY[1], card, target))
                    shown = _matching(target, mine, card)
                    if len(shown) >= 3:
                        out.append(Act(STEAL_BY[1], card, target, tuple(shown[:3])))
                if mine_rank == rank:
                    out.append(Act(SWAP_BY[2], card, target))
                    out.append(Act(DISCARD_BY[2], card, target))
    return out


def _matching(target: int, mine: list[int], used: int) -> list[int]:
    """The cards a steal may show, in the engine's order (rank, then suit)."""
    suit, rank = SUIT[target], RANK[target]
    return sorted((c for c in mine if c != used and (SUIT[c] == suit or RANK[c] == rank)), key=_ORDER.__getitem__)


_ORDER = tuple((RANK[c], SUIT[c]) for c in range(52))


class Heuristic:
    """Greedy or saboteur play for every seat of a `Sim` (see the module docstring)."""

    def __init__(self, params: HeuristicParams | None = None) -> None:
        self.params = params or HeuristicParams()
        self.samples = 0  # unknown cards averaged for a draw (0: all)

    # --- the draft --------------------------------------------------------------------
    def coming(self, sim: Sim, seat: int) -> int:
        return cards_to_come(sim)

    def scorer(self, sim: Sim, seat: int) -> Callable[[int, int], float]:
        """The draft's `draft_score`, with the seat's best borrow or without (`draft_borrow`)."""
        borrow = sim.borrowable(seat) if self.params.draft_borrow else _NO_BORROW
        return lambda mask, coming: draft_score(mask, borrow, coming, self.params)

    def keep(self, sim: Sim, seat: int) -> Act:
        return draft_keep(sim, seat, self.params, self.scorer(sim, seat))

    def give_back(self, sim: Sim, seat: int) -> tuple[int, ...]:
        return draft_return(sim, seat, self.scorer(sim, seat))

    # --- the battle -------------------------------------------------------------------
    def battle(self, sim: Sim, seat: int) -> Act:
        if self.params.style == "saboteur":
            attack = self.sabotage(sim, seat)
            if attack is not None:
                return attack
        return self.best_for_self(sim, seat)[0]

    def draws(self, sim: Sim, seat: int, unknown: list[int]) -> list[tuple[Act, float]]:
        """Every draw worth weighing: the top card, and `draw N` of each known card
        within reach (an unknown one is worth no more than the top)."""
        if not sim.pile:
            return []
        bit = 1 << seat
        mean = None
        out: list[tuple[Act, float]] = []
        if sim.pile_knows[0] & bit and sim.pile[0] >= 0:
            out.append((_DRAW, own_with(sim, seat, sim.pile[0])))
        else:
            mean = expected_draw(sim, seat, unknown, self.samples)
            out.append((_DRAW, mean))
        sums = reach(sim.face_up(seat), len(sim.pile))
        for position in range(2, len(sim.pile) + 1):
            if sums >> position & 1 and sim.pile_knows[position - 1] & bit and sim.pile[position - 1] >= 0:
                out.append((Act(DRAW_NTH, number=position), own_with(sim, seat, sim.pile[position - 1])))
        return out

    def best_for_self(self, sim: Sim, seat: int) -> tuple[Act, float]:
        unknown = unknown_to(sim, seat)
        now = own_strength(sim, seat)
        options: list[tuple[Act, float]] = [(_PASS, now)]
        options += self.draws(sim, seat, unknown)
        options += self.throws(sim, seat, unknown)
        floor = max(value for _, value in options)
        # A swap or steal can give no more than the target card added to the hand as it
        # is: targets that cannot beat the best draw are not weighed at all (most are not).
        own, borrow = sim.mask(seat), sim.borrowable(seat)
        ceiling: dict[int, float] = {}
        for act in targeted_options(sim, seat):
            if act.kind in DISCARDS:
                continue  # a discard takes from the owner and gives the actor nothing
            top = ceiling.get(act.target)
            if top is None:
                top = ceiling[act.target] = strength(best_value(own | BIT[act.target], borrow))
            if top > floor:
                value = self.targeted_value(sim, seat, act, unknown, floor)
                if value > floor:
                    options.append((act, value))
        return max(options, key=lambda option: option[1])

    def throws(self, sim: Sim, seat: int, unknown: list[int]) -> list[tuple[Act, float]]:
        """Two or three of a number thrown for four or six new cards: worth it when the
        pair is not in the hand (rare).  Unknown new cards count as a mean draw each."""
        by_rank: dict[int, list[int]] = {}
        for card in sim.cards[seat]:
            if card >= 0:
                by_rank.setdefault(RANK[card], []).append(card)
        out: list[tuple[Act, float]] = []
        bit = 1 << seat
        for group in by_rank.values():
            for size, kind, count in ((2, DISCARD_PAIR, 4), (3, DISCARD_TRIPLE, 6)):
                if len(group) < size:
                    continue
                thrown = group[:size]
                mask = sim.mask(seat)
                for card in thrown:
                    mask &= ~BIT[card]
                known = [c for c, k in zip(sim.pile[:count], sim.pile_knows[:count]) if k & bit and c >= 0]
                for card in known:
                    mask |= BIT[card]
                value = strength(best_value(mask, sim.borrowable(seat)))
                blind = min(count, len(sim.pile)) - len(known)
                value += 0.15 * blind  # a rough worth of each unseen card drawn
                out.append((Act(kind, cards=tuple(thrown)), value))
        return out

    def stops(self, sim: Sim, seat: int, act: Act, unknown: list[int]) -> float:
        """The chance `act` of `seat` fails: its target protects it, or a seat interrupts."""
        owner = sim.owner_of(act.target) if act.kind != REVEAL else act.seat
        bit = 1 << seat
        pool = len(unknown) or 1
        through = 1.0
        if act.kind in HIGHER or act.kind in LOWER:
            protect = 0
            hidden_unknown = 0
            for card, up, k in zip(sim.cards[owner], sim.up[owner], sim.knows[owner]):
                if up:
                    continue
                if k & bit and card >= 0:
                    protect += _protects(card, act)
                else:
                    hidden_unknown += 1
            if protect:
                through = 0.0
            elif hidden_unknown:
                good = sum(1 for c in unknown if _protects(c, act))
                through *= (1 - good / pool) ** hidden_unknown
        matching = [c for c in unknown if c != act.card and (SUIT[c] == SUIT[act.card] or RANK[c] == RANK[act.card])]
        for step in range(1, sim.players):
            other = (seat + step) % sim.players
            if sim.forfeited[other]:
                continue
            doubt = 1.0 if other == owner else self.params.interrupt_doubt
            can = 0.0
            hidden_unknown = 0
            for card, k in zip(sim.cards[other], sim.knows[other]):
                if k & bit and card >= 0:
                    if card not in (act.card, act.target) and (
                        SUIT[card] == SUIT[act.card] or RANK[card] == RANK[act.card]
                    ):
                        can = 1.0
                else:
                    hidden_unknown += 1
            if not can and hidden_unknown:
                can = 1 - (1 - len(matching) / pool) ** hidden_unknown
            through *= 1 - doubt * can
        return 1 - through

    def targeted_value(self, sim: Sim, seat: int, act: Act, unknown: list[int], floor: float = -1.0) -> float:
        """The expected strength of `seat`'s hand after a swap or steal (-1 when it
        cannot beat `floor`: the hand it would have if the action went through, the
        most it can give, does not)."""
        own = sim.mask(seat) & ~BIT[act.card]
        borrow = sim.borrowable(seat)
        after = own | BIT[act.target]
        if act.kind in SWAPS:
            lent = [c for c in borrow if c != act.target] + [act.card]
        else:
            lent = [c for c in borrow if c != act.target]
        done = strength(best_value(after, lent))
        if done <= floor:
            return -1.0
        failed = strength(best_value(own, borrow))
        stop = self.stops(sim, seat, act, unknown)
        return (1 - stop) * done + stop * failed

    def sabotage(self, sim: Sim, seat: int) -> Act | None:
        """The saboteur's attack on the leader's best visible cards: the swap, discard or
        steal whose expected damage to the leader plus its own gain (a discard's card
        is lost either way) is best, when that is worth `attack_margin` and the
        leader's visible hand is not far below its own."""
        leader, top = -1, -1.0
        for other in range(sim.players):
            if other != seat and not sim.forfeited[other]:
                seen = visible_strength(sim, other, seat)
                if seen > top:
                    leader, top = other, seen
        now = own_strength(sim, seat)
        if leader < 0 or top < now - 1.0:
            return None  # far ahead of everyone it can see: its own hand comes first
        unknown = unknown_to(sim, seat)
        best, best_gain = None, self.params.attack_margin
        for act in targeted_options(sim, seat):
            if sim.owner_of(act.target) != leader:
                continue
            damage = top - self.after_attack(sim, leader, seat, act)
            if damage <= 0:
                continue
            if act.kind in DISCARDS:
                own = strength(best_value(sim.mask(seat) & ~BIT[act.card], sim.borrowable(seat))) - now
            else:
                own = self.targeted_value(sim, seat, act, unknown) - now
            gain = damage * (1 - self.stops(sim, seat, act, unknown)) + own
            if gain > best_gain:
                best, best_gain = act, gain
        return best

    @staticmethod
    def after_attack(sim: Sim, owner: int, viewer: int, act: Act) -> float:
        """`owner`'s visible strength once `act` took its target (a swap leaves it the actor's card)."""
        bit = 1 << viewer
        mask = 0
        for card, k in zip(sim.cards[owner], sim.knows[owner]):
            if k & bit and card >= 0 and card != act.target:
                mask |= BIT[card]
        if act.kind in SWAPS:
            mask |= BIT[act.card]
        borrow = [c for c in sim.borrowable(owner) if c != act.card]
        if act.kind in SWAPS or act.kind in STEALS:
            borrow.append(act.target)
        return strength(best_value(mask, borrow))

    # --- answers and interrupts -------------------------------------------------------
    def answer(self, sim: Sim, seat: int, actor: int, act: Act) -> int:
        cards = sim.protectors(seat, act)
        if not cards:
            return -1
        if self.loss_as_target(sim, seat, act) <= 0:
            return -1
        return min(cards, key=RANK.__getitem__)

    @staticmethod
    def loss_as_target(sim: Sim, seat: int, act: Act) -> float:
        """What `act` would take from `seat`'s hand, its target (0 for a reveal: its
        cards stay its own)."""
        if act.kind == REVEAL:
            return 0.0
        now = own_strength(sim, seat)
        mask = sim.mask(seat) & ~BIT[act.target]
        borrow = [c for c in sim.borrowable(seat) if c != act.card]
        if act.kind in SWAPS:
            mask |= BIT[act.card]
        if act.kind in STEALS or act.kind in SWAPS:
            borrow.append(act.target)
        return now - strength(best_value(mask, borrow))

    def actor_gain(self, sim: Sim, seat: int, actor: int, act: Act) -> float:
        """How much more the actor's hand, as `seat` sees it, is worth if `act` stands
        than if it fails (its card then discarded)."""
        if act.kind == REVEAL or act.kind in DISCARDS:
            return 0.0
        bit = 1 << seat
        mask = 0
        for card, k in zip(sim.cards[actor], sim.knows[actor]):
            if k & bit and card >= 0 and card != act.card:
                mask |= BIT[card]
        borrow = sim.borrowable(actor)
        failed = strength(best_value(mask, borrow))
        done = strength(best_value(mask | BIT[act.target], [c for c in borrow if c != act.target]))
        return done - failed

    def interrupt(self, sim: Sim, seat: int, actor: int, act: Act) -> int:
        cards = sim.matching(seat, act)
        if not cards:
            return -1
        now = own_strength(sim, seat)
        borrow = sim.borrowable(seat)
        own = sim.mask(seat)
        costs = [(now - strength(best_value(own & ~BIT[c], borrow)), RANK[c], c) for c in cards]
        cost, _, card = min(costs)
        owner = act.seat if act.kind == REVEAL else sim.owner_of(act.target)
        if owner == seat:
            loss = self.loss_as_target(sim, seat, act)
            if loss > cost or (act.kind == REVEAL and cost <= 0):
                return card
            return -1
        gain = self.actor_gain(sim, seat, actor, act)
        if self.params.style == "saboteur":
            harms_leader = act.kind in DISCARDS or act.kind in SWAPS or act.kind in STEALS
            if harms_leader and self.is_leader(sim, owner, seat) and owner != actor:
                return -1  # someone else is doing its work
            return card if cost <= self.params.sabotage_cost and (gain > 0 or act.kind == REVEAL) else -1
        return card if gain > cost else -1

    @staticmethod
    def is_leader(sim: Sim, target: int, viewer: int) -> bool:
        seen = [(visible_strength(sim, s, viewer), s) for s in range(sim.players) if s != viewer]
        return max(seen)[1] == target


def own_with(sim: Sim, seat: int, card: int) -> float:
    return strength(best_value(sim.mask(seat) | BIT[card], sim.borrowable(seat)))


def _protects(card: int, act: Act) -> bool:
    if SUIT[card] != SUIT[act.target]:
        return False
    return RANK[card] > RANK[act.target] if act.kind in HIGHER else RANK[card] < RANK[act.target]
