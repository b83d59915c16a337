"""Why a frederik action is refused: the sentence an IllegalAction carries.

`FrederikState.verify` accepts exactly its legal set; only a refused action comes here,
to be told which rule it breaks, in words a bot author can act on.  Slow and thorough
on purpose: it runs once per refusal.  `verify` itself is here too: it searches small
legal sets rather than hashing them, the draft's being made afresh at every draw.
"""

from __future__ import annotations

from .._core import Action
from .._errors import IllegalAction
from .cards import rank_of, suit_of
from .kinds import HIGHER, LOWER, TARGETED, Move, Phase, Window
from .moves import interrupt_cards, is_extreme, matching, nth_numbers, protectors
from .records import FrederikAction

__all__ = ["FrederikRefusals"]


class FrederikRefusals:
    """`FrederikState`'s `verify` and `_why_illegal`, from the state it reads (declared here)."""

    _to_act: int | None
    phase: Phase
    round: int
    players: int
    drawn: list[str]
    _kept: bool
    _cards: list[list[str]]
    _up: list[list[bool]]
    _pile: list[str]
    _window: Window | None
    _pending: tuple[int, FrederikAction] | None
    _legal: tuple[Action, ...] | None
    _legal_set: frozenset[Action]

    #: Legal sets up to this size are searched rather than hashed into a frozenset: the
    #: draft's 10 keeps and 24 orders of return are made afresh at every draw.
    _SCAN = 40

    def verify(self, action: Action) -> None:
        """Raise IllegalAction, with a sentence saying why, unless `action` is legal now."""
        if self._legal is None:
            self._generate()  # type: ignore[attr-defined]
        legal = self._legal
        assert legal is not None
        for candidate in legal:
            if candidate is action:  # the referee answers with the very record it offered
                return
        if self._legal_set is None:  # not made yet: the state leaves it None
            if len(legal) <= self._SCAN:
                if action in legal:
                    return
                raise IllegalAction(self._why_illegal(action))
            self._legal_set = frozenset(legal)
        try:
            if action in self._legal_set:
                return
        except TypeError:  # unhashable junk
            pass
        raise IllegalAction(self._why_illegal(action))

    def _why_illegal(self, action: object) -> str:
        """The sentence that says why `action` is refused (it is not in the legal set)."""
        if not isinstance(action, FrederikAction) or not isinstance(action.kind, Move):
            return f"{action!r} is not a frederik action."
        seat = self._to_act
        said = repr(action.text)
        if seat is None:
            return f"The match is over, so {said} cannot be played."
        if self.phase is Phase.DRAFT:
            return self._why_draft(seat, action, said)
        if self._window is not None:
            return self._why_answer(seat, action, said)
        return self._why_battle(seat, action, said)

    # --- the draft ----------------------------------------------------------------------
    def _why_draft(self, seat: int, action: FrederikAction, said: str) -> str:
        drawn = " ".join(self.drawn)
        where = f"Seat {seat} in draft round {self.round}"
        if not self._kept:
            if action.kind is Move.KEEP_ALL:
                return f"Only the first draw may keep all five cards face down (RULINGS §frederik 3); {where} keeps one of {drawn}."
            if action.kind is not Move.KEEP:
                return f"{where} has drawn {drawn} and must first keep one of them ('keep <card> down' or 'up'), not {said}."
            if action.card not in self.drawn:
                return f"{where} drew {drawn}; {said} names a card it did not draw."
            return f"In the first draft round the kept card goes face down: {where} may say 'keep {action.card} down', not {said}."
        if action.kind is not Move.RETURN:
            return f"{where} has kept its card and must return the other four to the bottom ('return {drawn}' in any order), not {said}."
        return f"{where} must return exactly the four other cards it drew, {drawn}, each once, in any order; {said} does not."

    # --- answers and interrupts ---------------------------------------------------------
    def _why_answer(self, seat: int, action: FrederikAction, said: str) -> str:
        assert self._pending is not None
        actor, declared = self._pending
        about = f"seat {actor}'s '{declared.text}'"
        if self._window is Window.ANSWER:
            if action.kind is not Move.PROTECT:
                return f"Seat {seat} is answering {about}: it may 'protect <card>' or 'pass', not {said}."
            if action.card not in self._cards[seat]:
                return f"Seat {seat} has no {action.card} to protect {about} with."
            fit = protectors(declared, self._cards[seat], self._up[seat])
            side = "higher" if declared.kind in HIGHER else "lower"
            return (
                f"Only a face-down card of {declared.target}'s suit, {side} than it, protects against {about}; "
                f"{action.card} does not" + (f" (seat {seat} could protect with {' '.join(fit)})." if fit else ".")
            )
        if action.kind is not Move.INTERRUPT:
            return f"Seat {seat} may interrupt {about} ('interrupt <card>') or 'pass', not {said}."
        if action.card not in self._cards[seat]:
            return f"Seat {seat} has no {action.card} to interrupt {about} with."
        fit = interrupt_cards(declared.card, self._cards[seat], declared.target)  # type: ignore[arg-type]
        if action.card == declared.target:
            return (
                f"Seat {seat} cannot interrupt {about} with {action.card}, the card it aims at: an interrupt "
                f"leaves the target its card" + (f" (seat {seat} could use {' '.join(fit)})." if fit else ".")
            )
        return (
            f"An interrupt discards a card of the suit or the number of {declared.card}; {action.card} is neither"
            + (f" (seat {seat} could use {' '.join(fit)})." if fit else ".")
        )

    # --- a battle turn ------------------------------------------------------------------
    def _why_battle(self, seat: int, action: FrederikAction, said: str) -> str:
        kind = action.kind
        mine, up = self._cards[seat], self._up[seat]
        where = f"seat {seat} in battle round {self.round}"
        if kind in (Move.KEEP, Move.KEEP_ALL, Move.RETURN):
            return f"The draft is over: {where} plays a battle action or 'pass', not {said}."
        if kind in (Move.PROTECT, Move.INTERRUPT):
            return (
                f"Nothing is waiting for an answer or an interrupt: it is {where}'s turn, so {said} cannot be played."
            )
        if kind is Move.DRAW:
            return f"The pile is empty, so {where} cannot draw."
        own = [c for c in (action.card, *action.cards) if c is not None]
        missing = [c for c in own if c not in mine]
        if missing:
            return f"Seat {seat} has no {missing[0]} in front of it, so {said} cannot be played."
        if kind is Move.DRAW_NTH:
            face_up = [c for c, u in zip(mine, up, strict=True) if u]
            sums = nth_numbers(face_up, len(self._pile))
            return (
                f"The N-th card's N must be the sum of some of {where}'s face-up cards (A 1 … K 13) and at most "
                f"the pile's {len(self._pile)} cards; {action.number} is not"
                + (f" (it may draw {', '.join(map(str, sums))})." if sums else " (it has no face-up card to sum).")
            )
        if kind in (Move.DISCARD_PAIR, Move.DISCARD_TRIPLE):
            return f"{said} must discard two or three cards of the same number, each once; {' '.join(action.cards)} are not."
        if kind is Move.HIDE:
            return f"{action.card} is face down already: 'hide' turns a face-up card face down."
        if kind is Move.REVEAL:
            return self._why_reveal(seat, action, said)
        if kind in TARGETED:
            return self._why_targeted(seat, action, said)
        return f"{said} cannot be played by {where}."

    def _why_reveal(self, seat: int, action: FrederikAction, said: str) -> str:
        if self._up[seat][self._cards[seat].index(action.card)]:  # type: ignore[arg-type]
            return f"{action.card} is face up already: 'reveal' turns one of seat {seat}'s face-down cards up."
        other = action.seat
        if other is None or not 0 <= other < self.players or other == seat:
            return f"'reveal' makes another seat turn a card up; {other!r} is not another seat at this table."
        slots = [i for i, u in enumerate(self._up[other]) if not u]
        if not slots:
            return f"Seat {other} has no face-down card to turn up."
        return (
            f"Seat {other}'s face-down cards are at slots {', '.join(map(str, slots))}; slot {action.slot} is not one."
        )

    def _why_targeted(self, seat: int, action: FrederikAction, said: str) -> str:
        kind, card, target = action.kind, action.card, action.target
        assert card is not None
        owner = next((s for s, cards in enumerate(self._cards) if target in cards), None)
        if owner is None or owner == seat:
            return f"{said} needs another seat's face-up card as its target; {target} is not in front of another seat."
        owner_up = [c for c, u in zip(self._cards[owner], self._up[owner], strict=True) if u]
        if target not in owner_up:
            return f"{target} is face down in front of seat {owner}: face-down cards cannot be targeted."
        mine_rank, rank = rank_of(card), rank_of(target)
        if kind in HIGHER:
            if mine_rank <= rank:
                return f"{said} needs a card higher than {target} (the ace is high); {card} is not."
            if not is_extreme(target, owner_up, True):
                return f"{target} is not the highest face-up {_SUIT[suit_of(target)]} of seat {owner}, so it is protected from {said}."
        elif kind in LOWER:
            if mine_rank >= rank or suit_of(card) != suit_of(target):
                return f"{said} needs a card of {target}'s suit lower than it; {card} is not."
            if not is_extreme(target, owner_up, False):
                return f"{target} is not the lowest face-up {_SUIT[suit_of(target)]} of seat {owner}, so it is protected from {said}."
        elif mine_rank != rank:
            return f"{said} needs a card of {target}'s number; {card} is not."
        if kind in (Move.STEAL_HIGHER, Move.STEAL_LOWER):
            need = 2 if kind is Move.STEAL_HIGHER else 3
            others = [c for c in self._cards[seat] if c != card]
            fit = matching(target, others)
            return (
                f"{said} must show {need} of seat {seat}'s other cards with the suit or number of {target}, each once; "
                f"{' '.join(action.cards) or 'none'} are not"
                + (f" (it holds {' '.join(fit)})." if fit else " (it holds none).")
            )
        return f"{said} cannot be played by seat {seat}: it must name one card, without 'with'."


_SUIT = {"c": "club", "d": "diamond", "h": "heart", "s": "spade"}
