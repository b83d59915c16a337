"""Conto's legal actions: the declarations the seat to act may make now (`_generate`),
and the test every applied action passes (`verify`): `ContoState`'s, as a mixin, as its
refusals are (engine/conto/refusals.py).

A random conto decision has about 18 legal actions, and working them out was the largest
part of the engine's time in a match of random bots: each job's keys are made in one
comprehension and its actions made from them in one map (`declaration`: the key alone,
the rest worked out if it is read), and the action applied is found among them by
identity, with no set or dict built per decision.  Nothing is kept between decisions:
the declarations a long run meets are too many to keep (issue 44: an intern table of
them, and the wire's bytes of each, grew by about 80 MB over 2,000 matches).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .._core import Action
from .._errors import IllegalAction
from .records import MAX_QUANTITY, ContoAction, declaration

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
    #: ContoRefusals': why an action is refused.
    _why_illegal: Callable[[object], str]

    def _generate(self) -> None:
        """Every legal action: the bill, then ordinazioni, speziature, abbondanze."""
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
        out: list[ContoAction] = [self.game.bill] if codes else []
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
            base = (plate_code & ~(0xFF << shift)) << 5 | slot << 3 | kind << 1 | quantity << shift << 5
            at = _RANK_KEYS[slot]
            ranks = _RANKS_IN[(declarable & free) >> low << low & _ALL_RANKS]
            out += map(declaration, [base | at[rank] | (hidden >> rank & 1) for rank in ranks])
        self._legal = tuple(out)

    def verify(self, action: Action) -> None:
        # The fast path: the referee applies the very object it was handed, found among
        # the (about 18) legal actions by identity: cheaper than a set or a dict of them,
        # which each decision would have to build.  An equal copy (an action read from
        # text) is found by value, its key first: comparing fields reads them all.
        legal = self._legal
        if legal is None:
            self._generate()
            legal = self._legal
        for candidate in legal:  # type: ignore[union-attr]
            if candidate is action:
                return
        if isinstance(action, ContoAction):
            key = action.key
            for candidate in legal:  # type: ignore[union-attr]
                if candidate.key == key and candidate == action:
                    return
        raise IllegalAction(self._why_illegal(action))
