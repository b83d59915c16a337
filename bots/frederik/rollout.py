"""The search's playout policy: the greedy, pared down to what a playout can afford.

A playout plays a whole deal for every seat in a few milliseconds, so the battle here
is the greedy's (bots/frederik/policies.py) without the borrow: every value is one
look-up of the seat's own cards.  That is what matters about it.  A cheaper battle (the
best known card within reach, else the top card, never a pass or a swap) plays about
as well in self-play, but the search's draft choices made with it did not beat the
greedy, while with the greedy's own battle they did (over 40 paired deals against
three greedy bots, 30 playouts a candidate: −0.01 ± 0.07 of a seat beaten a deal,
+0.15 ± 0.06 with the greedy's battle, +0.12 ± 0.06 with this one, three times faster):
the playouts must foresee how the others will play, passes and swaps included.

- keep and return: the greedy's (`draft_keep`, `draft_return`), scores cached;
- a battle turn: the best of a pass, the top card (a known one, or the mean of a few
  cards it cannot place), a known card within reach of `draw N`, and a swap or steal
  of another seat's face-up card weighed by the greedy's chance that it is stopped;
- answers and interrupts: the greedy's.

Every decision reads only what the deciding seat knows (`knows`, `pile_knows`).
"""

from __future__ import annotations

from random import Random

from .cards import BIT, RANK, SUIT, hand_value
from .drafting import HeuristicParams, draft_keep, draft_return, draft_score
from .knowledge import known_mask, reach, unknown_to
from .policies import Heuristic, targeted_options
from .sim import DRAW, DRAW_NTH, HIDE, KEEP, KEEP_ALL, PASS, REVEAL, STEAL_BY, SWAP_BY, Act, Sim

__all__ = ["Rollout", "RandomPlay", "Wary"]

_DRAW = Act(DRAW)
_PASS = Act(PASS)
_NO_BORROW: list[int] = []
_ORDER = tuple((RANK[c], SUIT[c]) for c in range(52))


class Rollout:
    """A `Chooser` for every seat of a playout."""

    def __init__(self, params: HeuristicParams | None = None) -> None:
        self.params = params or HeuristicParams()
        self.greedy = Heuristic(self.params)
        # draft_score by (cards, cards to come): the candidates of one decision replay
        # the same draws until their choices part, and a bot's decisions meet the same
        # hands again, so most are look-ups.
        self.scores: dict[int, float] = {}

    def score(self, mask: int, coming: int) -> float:
        key = mask << 4 | coming
        score = self.scores.get(key)
        if score is None:
            if len(self.scores) > 200_000:
                self.scores.clear()
            score = self.scores[key] = draft_score(mask, _NO_BORROW, coming, self.params)
        return score

    def keep(self, sim: Sim, seat: int) -> Act:
        return draft_keep(sim, seat, self.params, self.score)

    def give_back(self, sim: Sim, seat: int) -> tuple[int, ...]:
        return draft_return(sim, seat, self.score)

    def battle(self, sim: Sim, seat: int) -> Act:
        pile = sim.pile
        bit = 1 << seat
        own = sim.mask(seat)
        best, best_value = _PASS, float(hand_value(own))
        seen = known_mask(sim, seat)
        if pile:
            if sim.pile_knows[0] & bit:
                value = float(hand_value(own | BIT[pile[0]]))
            else:  # a few cards it cannot place, spread over the deck, stand for the top
                probes = [c for c in range(seat * 5 % 4, 52, 4) if not seen >> c & 1][:6]
                value = sum(hand_value(own | BIT[c]) for c in probes) / len(probes) if probes else best_value
            if value > best_value:
                best, best_value = _DRAW, value
            sums = reach(sim.face_up(seat), len(pile)) >> 1
            position = 1
            while sums:
                sums >>= 1
                position += 1
                if sums & 1 and sim.pile_knows[position - 1] & bit:
                    value = float(hand_value(own | BIT[pile[position - 1]]))
                    if value > best_value:
                        best, best_value = Act(DRAW_NTH, number=position), value
        grab = self.grab(sim, seat, own, best_value)
        return grab if grab is not None else best

    def grab(self, sim: Sim, seat: int, own: int, floor: float) -> Act | None:
        """The swap or steal with the best expected hand, if it beats `floor`: the hand
        if it goes through, or without its card if it is stopped (moves.targeted_moves'
        conditions; a steal shows the first matching cards in the engine's order)."""
        best, best_value = None, floor
        unknown: list[int] | None = None
        mine = [c for c in sim.cards[seat] if c >= 0]
        for step in range(1, sim.players):
            owner = (seat + step) % sim.players
            owner_up = sim.face_up(owner)
            for target in owner_up:
                if hand_value(own | BIT[target]) <= floor:
                    continue
                rank, suit = RANK[target], SUIT[target]
                highest = all(not (SUIT[o] == suit and RANK[o] > rank) for o in owner_up)
                lowest = all(not (SUIT[o] == suit and RANK[o] < rank) for o in owner_up)
                for card in mine:
                    done = hand_value((own & ~BIT[card]) | BIT[target])
                    if done <= best_value:
                        continue
                    act = _take(card, target, mine, highest, lowest)
                    if act is None:
                        continue
                    if unknown is None:
                        unknown = unknown_to(sim, seat)
                    stop = self.greedy.stops(sim, seat, act, unknown)
                    value = (1 - stop) * done + stop * hand_value(own & ~BIT[card])
                    if value > best_value:
                        best, best_value = act, value
        return best

    def answer(self, sim: Sim, seat: int, actor: int, act: Act) -> int:
        return self.greedy.answer(sim, seat, actor, act)

    def interrupt(self, sim: Sim, seat: int, actor: int, act: Act) -> int:
        return self.greedy.interrupt(sim, seat, actor, act)


def _take(card: int, target: int, mine: list[int], highest: bool, lowest: bool) -> Act | None:
    """The swap (or, with matching cards to show, the steal) `card` may make for
    `target`, or None (a discard takes the target from its owner for nothing)."""
    rank, suit = RANK[target], SUIT[target]
    if RANK[card] > rank and highest:
        shown = sorted((c for c in mine if c != card and (SUIT[c] == suit or RANK[c] == rank)), key=_ORDER.__getitem__)
        if len(shown) >= 2:
            return Act(STEAL_BY[0], card, target, tuple(shown[:2]))
        return Act(SWAP_BY[0], card, target)
    if RANK[card] < rank and SUIT[card] == suit and lowest:
        shown = sorted((c for c in mine if c != card and (SUIT[c] == suit or RANK[c] == rank)), key=_ORDER.__getitem__)
        if len(shown) >= 3:
            return Act(STEAL_BY[1], card, target, tuple(shown[:3]))
        return Act(SWAP_BY[1], card, target)
    if RANK[card] == rank:
        return Act(SWAP_BY[2], card, target)
    return None


class RandomPlay:
    """A seat that plays at random, as a bot like random_bot does: every legal choice
    alike (the battle's near enough: one steal a card and target, where the engine lists
    each pair or three it may show).  `rng` is the round's."""

    def __init__(self, rng: Random) -> None:
        self.rng = rng

    def keep(self, sim: Sim, seat: int) -> Act:
        drawn = sim.drawn
        if sim.round == 1:
            if len(drawn) == 5 and self.rng.randrange(6) == 0:
                return Act(KEEP_ALL)
            return Act(KEEP, self.rng.choice(drawn), face_down=True)
        return Act(KEEP, self.rng.choice(drawn), face_down=self.rng.random() < 0.5)

    def give_back(self, sim: Sim, seat: int) -> tuple[int, ...]:
        order = list(sim.drawn)
        self.rng.shuffle(order)
        return tuple(order)

    def battle(self, sim: Sim, seat: int) -> Act:
        options: list[Act] = [_PASS]
        pile = len(sim.pile)
        if pile:
            options.append(_DRAW)
        sums = reach(sim.face_up(seat), pile)
        options += [Act(DRAW_NTH, number=n) for n in range(1, pile + 1) if sums >> n & 1]
        options += [Act(HIDE, c) for c in sim.face_up(seat)]
        down = [c for c, u in zip(sim.cards[seat], sim.up[seat]) if not u]
        for other in range(sim.players):
            if other != seat:
                slots = [i for i, u in enumerate(sim.up[other]) if not u]
                options += [Act(REVEAL, c, seat=other, slot=i) for c in down for i in slots]
        options += targeted_options(sim, seat)
        return self.rng.choice(options)

    def answer(self, sim: Sim, seat: int, actor: int, act: Act) -> int:
        return self.rng.choice([-1, *sim.protectors(seat, act)])

    def interrupt(self, sim: Sim, seat: int, actor: int, act: Act) -> int:
        return self.rng.choice([-1, *sim.matching(seat, act)])


class Wary:
    """The playout policy for one round of the search: the seats the round takes for
    random players play at random (`RandomPlay`), the others as `policy`, quicker to
    stop the searching seat: each that may protect against, or interrupt, an action of
    `me` does so with chance `doubt` even where the greedy would not (with its cheapest
    card).  Bots that interrupt far more often than the greedy exist (a random one takes
    every second chance; the saboteur interrupts whatever helps a rival): in a
    tournament they stopped about two thirds of the search's swaps and steals, the
    greedy's rule alone foresaw a third.  With `borrow_draft` the others draft counting
    the borrow, as the greedy bot does.  `rng` is the round's: every candidate meets the
    same luck."""

    def __init__(
        self,
        policy: Rollout,
        me: int,
        doubt: float,
        rng: Random,
        borrow_draft: bool = False,
        random_seats: frozenset[int] = frozenset(),
    ) -> None:
        self.policy = policy
        self.me = me
        self.doubt = doubt
        self.rng = rng
        self.borrow_draft = borrow_draft
        self.random_seats = random_seats
        self.random = RandomPlay(rng)

    def keep(self, sim: Sim, seat: int) -> Act:
        if seat in self.random_seats:
            return self.random.keep(sim, seat)
        if seat == self.me or not self.borrow_draft:
            return self.policy.keep(sim, seat)
        borrow = sim.borrowable(seat)
        params = self.policy.params
        return draft_keep(sim, seat, params, lambda mask, coming: draft_score(mask, borrow, coming, params))

    def give_back(self, sim: Sim, seat: int) -> tuple[int, ...]:
        if seat in self.random_seats:
            return self.random.give_back(sim, seat)
        if seat == self.me or not self.borrow_draft:
            return self.policy.give_back(sim, seat)
        borrow = sim.borrowable(seat)
        params = self.policy.params
        return draft_return(sim, seat, lambda mask, coming: draft_score(mask, borrow, coming, params))

    def battle(self, sim: Sim, seat: int) -> Act:
        if seat in self.random_seats:
            return self.random.battle(sim, seat)
        return self.policy.battle(sim, seat)

    def answer(self, sim: Sim, seat: int, actor: int, act: Act) -> int:
        if seat in self.random_seats:
            return self.random.answer(sim, seat, actor, act)
        card = self.policy.answer(sim, seat, actor, act)
        if card < 0 and actor == self.me and self.rng.random() < self.doubt:
            cards = sim.protectors(seat, act)
            if cards:
                return min(cards, key=RANK.__getitem__)
        return card

    def interrupt(self, sim: Sim, seat: int, actor: int, act: Act) -> int:
        if seat in self.random_seats:
            return self.random.interrupt(sim, seat, actor, act)
        card = self.policy.interrupt(sim, seat, actor, act)
        if card < 0 and actor == self.me and self.rng.random() < self.doubt:
            cards = sim.matching(seat, act)
            if cards:
                own = sim.mask(seat)
                return max(cards, key=lambda c: (hand_value(own & ~BIT[c]), -RANK[c]))
        return card
