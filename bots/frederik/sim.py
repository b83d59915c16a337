"""A frederik deal in full, fast: the search's playouts and the heuristics' look-ahead.

`Sim` holds one deal as the engine's FrederikState does (engine/frederik/rules.py), in
small integers (bots/frederik/cards.py): every seat's row of cards with which are face
up and which seats know each, the pile top first with who knows each position, the
draft's and the battle's turn order.  It moves cards by the same rules, with the same
resolution of answers and interrupt windows, but asks its `Chooser` (a policy) for
every decision and checks nothing: the policies only make legal moves, and
tests/test_frederik_bots.py plays random deals through both and compares them.

A card the simulating seat does not know is -1 in a `Sim` built from its picture
(bots/frederik/reading.py: `Sim.from_picture`); the search fills them from a sample
before it plays out (bots/frederik/sampling.py).  Policies read a card only where the
deciding seat's bit is set in `knows` or `pile_knows`, so a sample's cards never leak
into a simulated seat's decisions.

Why one module of over 450 lines: it is one class, the engine's state redone in
integers for speed, whose parts share its arrays; the engine spreads the same rules over
rules.py, table.py and windows.py, and this file should be split the same way when it
next grows.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from engine.frederik import BATTLE_ROUNDS, DRAFT_DRAW, DRAFT_ROUNDS, FrederikAction, Move

from .cards import BIT, CARD, NAME, RANK, SUIT, best_value

__all__ = [
    "Act",
    "Chooser",
    "Sim",
    "DRAFT",
    "BATTLE",
    "OVER",
    "to_act",
    "to_engine",
    "HIGHER",
    "LOWER",
    "EQUAL",
    "TARGETED",
    "SWAPS",
    "DISCARDS",
    "STEALS",
    "SWAP_BY",
    "DISCARD_BY",
    "STEAL_BY",
    "KEEP",
    "KEEP_ALL",
    "RETURN",
    "PASS",
    "DRAW",
    "DRAW_NTH",
    "DISCARD_PAIR",
    "DISCARD_TRIPLE",
    "HIDE",
    "REVEAL",
    "PROTECT",
    "INTERRUPT",
]

DRAFT, BATTLE, OVER = 1, 2, 3  # engine.frederik.Phase values

_M = Move
KEEP, KEEP_ALL, RETURN, PASS = _M.KEEP.value, _M.KEEP_ALL.value, _M.RETURN.value, _M.PASS.value
DISCARD_PAIR, DISCARD_TRIPLE, DRAW, DRAW_NTH = (
    _M.DISCARD_PAIR.value,
    _M.DISCARD_TRIPLE.value,
    _M.DRAW.value,
    _M.DRAW_NTH.value,
)
HIDE, REVEAL, PROTECT, INTERRUPT = _M.HIDE.value, _M.REVEAL.value, _M.PROTECT.value, _M.INTERRUPT.value
SWAPS = frozenset({_M.SWAP_HIGHER.value, _M.SWAP_LOWER.value, _M.SWAP_EQUAL.value})
DISCARDS = frozenset({_M.DISCARD_HIGHER.value, _M.DISCARD_LOWER.value, _M.DISCARD_EQUAL.value})
STEALS = frozenset({_M.STEAL_HIGHER.value, _M.STEAL_LOWER.value})
HIGHER = frozenset({_M.SWAP_HIGHER.value, _M.DISCARD_HIGHER.value, _M.STEAL_HIGHER.value})
LOWER = frozenset({_M.SWAP_LOWER.value, _M.DISCARD_LOWER.value, _M.STEAL_LOWER.value})
EQUAL = frozenset({_M.SWAP_EQUAL.value, _M.DISCARD_EQUAL.value})
TARGETED = SWAPS | DISCARDS | STEALS
#: The kinds by direction, (higher, lower, equal): what a card may do against a target.
SWAP_BY = (_M.SWAP_HIGHER.value, _M.SWAP_LOWER.value, _M.SWAP_EQUAL.value)
DISCARD_BY = (_M.DISCARD_HIGHER.value, _M.DISCARD_LOWER.value, _M.DISCARD_EQUAL.value)
STEAL_BY = (_M.STEAL_HIGHER.value, _M.STEAL_LOWER.value)


class Act(NamedTuple):
    """One decision in ids: FrederikAction's fields (-1 or () where unused)."""

    kind: int
    card: int = -1
    target: int = -1
    cards: tuple[int, ...] = ()
    seat: int = -1
    slot: int = -1
    number: int = 0
    face_down: bool = False


def to_act(action: FrederikAction) -> Act:
    return Act(
        action.kind.value,
        CARD[action.card] if action.card else -1,
        CARD[action.target] if action.target else -1,
        tuple(CARD[c] for c in action.cards),
        -1 if action.seat is None else action.seat,
        -1 if action.slot is None else action.slot,
        action.number or 0,
        action.face_down,
    )


def to_engine(act: Act) -> FrederikAction:
    return FrederikAction(
        Move(act.kind),
        card=NAME[act.card] if act.card >= 0 else None,
        target=NAME[act.target] if act.target >= 0 else None,
        cards=tuple(NAME[c] for c in act.cards),
        seat=act.seat if act.seat >= 0 else None,
        slot=act.slot if act.slot >= 0 else None,
        number=act.number or None,
        face_down=act.face_down,
    )


class Chooser(Protocol):
    """A policy for every seat of a simulated deal."""

    def keep(self, sim: Sim, seat: int) -> Act: ...

    def give_back(self, sim: Sim, seat: int) -> tuple[int, ...]: ...

    def battle(self, sim: Sim, seat: int) -> Act: ...

    def answer(self, sim: Sim, seat: int, actor: int, act: Act) -> int:
        """The protecting card, or -1 to let the action stand."""
        ...

    def interrupt(self, sim: Sim, seat: int, actor: int, act: Act) -> int:
        """The interrupting card, or -1 to pass."""
        ...


class Sim:
    """One deal, mutable; `clone` before playing a copy out."""

    __slots__ = (
        "players",
        "everyone",
        "cards",
        "up",
        "knows",
        "pile",
        "pile_knows",
        "starter",
        "phase",
        "round",
        "index",
        "all_down",
        "forfeited",
        "drawn",
        "kept",
        "to_act",
    )

    def __init__(self, players: int, starter: int) -> None:
        self.players = players
        self.everyone = (1 << players) - 1
        self.cards: list[list[int]] = [[] for _ in range(players)]
        self.up: list[list[bool]] = [[] for _ in range(players)]
        self.knows: list[list[int]] = [[] for _ in range(players)]
        self.pile: list[int] = []
        self.pile_knows: list[int] = []
        self.starter = starter
        self.phase = DRAFT
        self.round = 1
        self.index = -1
        self.all_down = [False] * players
        self.forfeited = [False] * players
        self.drawn: list[int] = []
        self.kept = False
        self.to_act: int | None = None

    @classmethod
    def new_deal(cls, players: int, starter: int, pile: list[int]) -> Sim:
        """A deal from its start: the whole pile, top first; the first draw made."""
        sim = cls(players, starter)
        sim.pile = list(pile)
        sim.pile_knows = [0] * len(pile)
        sim.next_draft()
        return sim

    def clone(self) -> Sim:
        other = Sim.__new__(Sim)
        other.players = self.players
        other.everyone = self.everyone
        other.cards = [list(c) for c in self.cards]
        other.up = [list(u) for u in self.up]
        other.knows = [list(k) for k in self.knows]
        other.pile = list(self.pile)
        other.pile_knows = list(self.pile_knows)
        other.starter = self.starter
        other.phase = self.phase
        other.round = self.round
        other.index = self.index
        other.all_down = list(self.all_down)
        other.forfeited = list(self.forfeited)
        other.drawn = list(self.drawn)
        other.kept = self.kept
        other.to_act = self.to_act
        return other

    # --- what a seat has --------------------------------------------------------------
    def seat_at(self, index: int) -> int:
        return (self.starter + index) % self.players

    def mask(self, seat: int) -> int:
        mask = 0
        for card in self.cards[seat]:
            if card >= 0:
                mask |= BIT[card]
        return mask

    def face_up(self, seat: int) -> list[int]:
        return [c for c, u in zip(self.cards[seat], self.up[seat]) if u]

    def borrowable(self, seat: int) -> list[int]:
        """The other seats' face-up cards (anyone may borrow one at the end)."""
        out: list[int] = []
        for other in range(self.players):
            if other != seat:
                out.extend(c for c, u in zip(self.cards[other], self.up[other]) if u)
        return out

    def value(self, seat: int) -> int:
        """The seat's hand now: its own cards and the best borrow (unknown cards left out)."""
        return best_value(self.mask(seat), self.borrowable(seat))

    def values(self) -> list[int]:
        return [self.value(seat) for seat in range(self.players)]

    def owner_of(self, card: int) -> int:
        for seat, cards in enumerate(self.cards):
            if card in cards:
                return seat
        return -1

    # --- moving cards -----------------------------------------------------------------
    def _place(self, seat: int, card: int, face_up: bool) -> None:
        self.cards[seat].append(card)
        self.up[seat].append(face_up)
        self.knows[seat].append(self.everyone if face_up else 1 << seat)

    def _take(self, seat: int, card: int) -> None:
        i = self.cards[seat].index(card)
        del self.cards[seat][i], self.up[seat][i], self.knows[seat][i]

    def _discard(self, seat: int, cards: tuple[int, ...] | list[int]) -> None:
        for card in cards:
            self._take(seat, card)
        self.pile.extend(cards)
        self.pile_knows.extend([self.everyone] * len(cards))

    def _draw_up(self, seat: int, count: int, position: int = 1) -> None:
        start = position - 1
        drawn = self.pile[start : start + count]
        del self.pile[start : start + count], self.pile_knows[start : start + count]
        for card in drawn:
            self._place(seat, card, True)

    def _turn_up(self, seat: int, card: int) -> None:
        i = self.cards[seat].index(card)
        self.up[seat][i] = True
        self.knows[seat][i] = self.everyone

    def _show(self, seat: int, card: int) -> None:
        self.knows[seat][self.cards[seat].index(card)] = self.everyone

    # --- the draft --------------------------------------------------------------------
    def next_draft(self) -> None:
        players = self.players
        while True:
            self.index += 1
            if self.index == players:
                self.index, self.round = 0, self.round + 1
            if self.round > DRAFT_ROUNDS:
                self.phase, self.round, self.index = BATTLE, 1, -1
                self.next_battle()
                return
            seat = self.seat_at(self.index)
            if self.all_down[seat] or self.forfeited[seat]:
                continue
            count = min(DRAFT_DRAW, len(self.pile))
            self.drawn = self.pile[:count]
            del self.pile[:count], self.pile_knows[:count]
            self.kept = False
            self.to_act = seat
            return

    def keep(self, seat: int, act: Act) -> None:
        if act.kind == KEEP_ALL:
            for card in self.drawn:
                self._place(seat, card, False)
            self.drawn = []
            self.all_down[seat] = True
            self.next_draft()
            return
        card = act.card
        self.drawn.remove(card)
        if act.face_down:
            up, knows = self.up[seat], self.knows[seat]
            for i, face_up in enumerate(up):
                if not face_up:
                    up[i] = True
                    knows[i] = self.everyone
            self._place(seat, card, False)
        else:
            self._place(seat, card, True)
        self.kept = True

    def give_back(self, seat: int, order: tuple[int, ...] | list[int]) -> None:
        self.pile.extend(order)
        self.pile_knows.extend([1 << seat] * len(order))
        self.drawn = []
        self.next_draft()

    # --- the battle -------------------------------------------------------------------
    def next_battle(self) -> None:
        players = self.players
        while True:
            self.index += 1
            if self.index == players:
                self.index, self.round = 0, self.round + 1
            if self.round > BATTLE_ROUNDS:
                self.phase = OVER
                self.to_act = None
                return
            seat = self.seat_at(self.index)
            if not self.forfeited[seat]:
                self.to_act = seat
                return

    def act(self, seat: int, act: Act, chooser: Chooser) -> None:
        """A battle turn, its answer and interrupt window asked of `chooser`."""
        kind = act.kind
        if kind == DRAW:
            self._draw_up(seat, 1)
        elif kind == DRAW_NTH:
            self._draw_up(seat, 1, act.number)
        elif kind == DISCARD_PAIR or kind == DISCARD_TRIPLE:
            self._discard(seat, act.cards)
            self._draw_up(seat, 4 if kind == DISCARD_PAIR else 6)
        elif kind == HIDE:
            self.up[seat][self.cards[seat].index(act.card)] = False
        elif kind == REVEAL or kind in TARGETED:
            if kind == REVEAL:
                self._turn_up(seat, act.card)
            else:
                self._show(seat, act.card)
                for card in act.cards:
                    self._show(seat, card)
            self.declared(seat, act, chooser)
            return
        self.next_battle()

    def protectors(self, seat: int, act: Act) -> list[int]:
        """`seat`'s face-down cards that protect `act`'s target (moves.protectors)."""
        kind = act.kind
        if kind not in HIGHER and kind not in LOWER:
            return []
        suit, rank = SUIT[act.target], RANK[act.target]
        higher = kind in HIGHER
        return [
            c
            for c, u in zip(self.cards[seat], self.up[seat])
            if not u and c >= 0 and SUIT[c] == suit and (RANK[c] > rank if higher else RANK[c] < rank)
        ]

    def matching(self, seat: int, act: Act) -> list[int]:
        """The cards `seat` may interrupt `act` with: of its card's suit or number, the
        target itself left out (moves.interrupt_cards)."""
        card, target = act.card, act.target
        suit, rank = SUIT[card], RANK[card]
        return [
            c for c in self.cards[seat] if c >= 0 and c != card and c != target and (SUIT[c] == suit or RANK[c] == rank)
        ]

    def offers(self, actor: int, act: Act) -> list[int]:
        """The seats an interrupt window asks, in order: clockwise from the actor's left,
        each holding a card it may interrupt with."""
        players = self.players
        out = []
        for step in range(1, players):
            seat = (actor + step) % players
            if not self.forfeited[seat] and self.matching(seat, act):
                out.append(seat)
        return out

    def declared(self, seat: int, act: Act, chooser: Chooser, answered: bool = False, after: int = -1) -> None:
        """Resolve a declared action: the target's answer (unless `answered` already),
        then the interrupt window (only the seats after `after` in its order, when that
        seat has just passed), then the outcome."""
        owner = act.seat if act.kind == REVEAL else self.owner_of(act.target)
        if not answered and (act.kind in HIGHER or act.kind in LOWER):
            if not self.forfeited[owner] and self.protectors(owner, act):
                card = chooser.answer(self, owner, seat, act)
                if card >= 0:
                    self._turn_up(owner, card)
                    self.resolve(seat, act, owner, False)
                    return
        players = self.players
        for other in self.offers(seat, act):
            if after >= 0 and (other - seat) % players <= (after - seat) % players:
                continue
            card = chooser.interrupt(self, other, seat, act)
            if card >= 0:
                self._discard(other, [card])
                self.resolve(seat, act, owner, False)
                return
        self.resolve(seat, act, owner, True)

    def resolve(self, seat: int, act: Act, owner: int, done: bool) -> None:
        kind, card, target = act.kind, act.card, act.target
        if kind == REVEAL:
            if done:  # the slot's card turns up, whatever it is
                self.up[act.seat][act.slot] = True
                self.knows[act.seat][act.slot] = self.everyone
        elif not done:
            self._discard(seat, [card])
        elif kind in SWAPS:
            self._take(seat, card)
            self._take(owner, target)
            self._place(owner, card, True)
            self._place(seat, target, True)
        elif kind in DISCARDS:
            self._discard(seat, [card])
            self._discard(owner, [target])
        else:  # a steal
            self._discard(seat, [card])
            self._take(owner, target)
            self._place(seat, target, True)
        self.next_battle()

    # --- playing out ------------------------------------------------------------------
    def step(self, chooser: Chooser) -> None:
        seat = self.to_act
        assert seat is not None
        if self.phase == DRAFT:
            if not self.kept:
                act = chooser.keep(self, seat)
                self.keep(seat, act)
            else:
                self.give_back(seat, chooser.give_back(self, seat))
        else:
            self.act(seat, chooser.battle(self, seat), chooser)

    def play_out(self, chooser: Chooser) -> list[int]:
        """Play to the end of the deal; every seat's final value."""
        while self.phase != OVER:
            self.step(chooser)
        return self.values()

    def ranks(self, values: list[int]) -> list[int]:
        """Each seat's place, 0 best (ties share it), forfeiting seats last (as the engine)."""
        keys = [(not self.forfeited[s], values[s]) for s in range(self.players)]
        return [sum(1 for other in keys if other > mine) for mine in keys]
