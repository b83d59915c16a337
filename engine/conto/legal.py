"""Conto's legal actions: the declarations the seat to act may make now, found among the
game's interned actions (`_generate`), and the test every applied action passes
(`verify`): `ContoState`'s, as a mixin, as its refusals are (engine/conto/refusals.py).

A random conto decision has about 18 legal actions, and working them out was the largest
part of the engine's time in a match of random bots: each job's keys are made in one
comprehension and its actions found in one map, and the action applied is found among
them by identity, with no set or dict built per decision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .._core import Action
from .._errors import IllegalAction
from .records import MAX_QUANTITY, ContoAction

if TYPE_CHECKING:
    from .rules import ContoGame

__all__ = ["ContoLegalMoves"]

_ALL_RANKS = (1 << 13) - 1
#: The ranks in each 13-bit mask, lowest first: legal moves visit only the ranks they can name.
_RANKS_IN = [tuple(rank for rank in range(13) if mask >> rank & 1) for mask in range(1 << 13)]
#: Per slot, each rank's part of an action's key (see ContoAction.key): its plate code's
#: rank bits, in the slot's byte.
_RANK_KEYS = [tuple((rank * 16) << (8 * slot) << 5 for rank in range(13)) for slot in range(3)]


class ContoLegalMoves:
    """`ContoState`'s `_generate` and `verify`, from the state they read (declared here)."""

    game: ContoGame
    _to_act: int | None
    _legal: tuple[ContoAction, ...] | None
    _revealed_mask: int
    _held_ranks: list[int]
    _codes: list[int]
    _courses: int
    cards_dealt: int
    #: ContoState's: a declaration never met before, made and interned.
    _make: Callable[[int, int, int, bool, int], ContoAction]
    #: ContoRefusals': why an action is refused.
    _why_illegal: Callable[[object], str]

    def _generate(self) -> None:
        """Every legal action: the bill, then ordinazioni, speziature, abbondanze."""
        game = self.game
        mask = self._revealed_mask
        codes = self._codes
        # A rank can be declared when it is revealed or when we hold one to reveal.
        declarable = mask | self._held_ranks[self._to_act]  # type: ignore[index]
        hidden = ~mask  # bit r set: naming rank r reveals a card of it
        used = 0
        total = 0
        plate_code = 0
        for slot, code in enumerate(codes):
            used |= 1 << (code >> 4)
            total += code & 15
            plate_code |= code << (8 * slot)
        room = total < self.cards_dealt  # may the plate grow by one card?
        out: list[ContoAction] = [game.bill] if codes else []
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
        # Each job's keys in one comprehension, its interned actions found in one map.
        find = game._actions.get
        for kind, slot, low, quantity, free in jobs:
            shift = 8 * slot
            base = (plate_code & ~(0xFF << shift)) << 5 | slot << 3 | kind << 1 | quantity << shift << 5
            ranks = _RANKS_IN[(declarable & free) >> low << low & _ALL_RANKS]
            at = _RANK_KEYS[slot]
            keys = [base | at[rank] | (hidden >> rank & 1) for rank in ranks]
            found = list(map(find, keys))
            if not all(found):  # declarations never met before: made and interned now
                for i, action in enumerate(found):
                    if action is None:
                        rank = ranks[i]
                        found[i] = self._make(kind, slot, rank * 16 + quantity, bool(hidden >> rank & 1), keys[i])
            out += found  # type: ignore[arg-type]  # every None was made above
        self._legal = tuple(out)

    def verify(self, action: Action) -> None:
        # The fast path: the referee applies the very object it was handed, found among
        # the (about 18) legal actions by identity: cheaper than a set or a dict of them,
        # which each decision would have to build.  An equal copy (an action read from
        # text, or made anew after the intern table was emptied) is found by value.
        legal = self._legal
        if legal is None:
            self._generate()
            legal = self._legal
        for candidate in legal:  # type: ignore[union-attr]
            if candidate is action:
                return
        if isinstance(action, ContoAction) and action in legal:  # type: ignore[operator]
            return
        raise IllegalAction(self._why_illegal(action))
