"""Why a conto action is refused: the sentence an IllegalAction carries.

`ContoState.verify` accepts exactly its legal set; only a refused action comes here, to
be told which rule it breaks, in words a bot author can act on.
"""

from __future__ import annotations

from .notation import plate_text
from .records import CARD_INDEX, JOKER, MAX_QUANTITY, ContoAction, Move, Portata

__all__ = ["ContoRefusals"]


class ContoRefusals:
    """`ContoState`'s `_why_illegal`, from the state it reads (declared here)."""

    _to_act: int | None
    _courses: int
    _held: list[list[int]]
    _revealed_mask: int
    plate: tuple[Portata, ...]
    cards_dealt: int

    def _why_illegal(self, action: object) -> str:
        """The sentence that says why `action` is refused (it is not in the legal set)."""
        if not isinstance(action, ContoAction):
            return f"{action!r} is not a conto action."
        seat = self._to_act
        said = f"{action.text!r}"
        if seat is None:
            return f"The match is over, so {said} cannot be played."
        who = f"seat {seat}"
        if action.kind is Move.CONTO:
            if action.plate or action.reveals or action.slot is not None:
                return f"Calling the bill declares nothing and reveals nothing; {said} does."
            return (
                f"Nobody has declared in this hand yet, so {who} cannot call the bill "
                f"({said}) before the first declaration."
            )
        plate, old = action.plate, self.plate
        if action.reveals == JOKER:
            return f"Jokers can never be declared or revealed; {said} reveals one."
        for p in plate:
            if p.rank == JOKER:
                return f"Jokers can never be declared or revealed; {said} names one."
            if p.quantity < 1:
                return f"A portata holds at least one card; {said} has {p.quantity}."
        ranks = [p.rank for p in plate]
        if len(set(ranks)) != len(ranks):
            return f"The portate must have different ranks; {said} names a rank twice."
        if action.kind is Move.ORDINAZIONE:
            if len(old) >= self._courses:
                return (
                    f"{said} needs a free course, but the plate already holds "
                    f"{len(old)} portate (courses = {self._courses})."
                )
            if plate[:-1] != old or len(plate) != len(old) + 1:
                return (
                    f"An ordinazione keeps the plate {plate_text(old)} and adds one portata after it; {said} does not."
                )
            changed = len(old)
            if plate[-1].quantity != 1:
                return f"An ordinazione adds exactly one card; {said} asks for {plate[-1].quantity}."
        else:
            if not old:
                return f"There is no portata yet to {action.kind.name.lower()}, so {said} cannot be played; start with an ordinazione."
            diff = [
                i for i in range(max(len(plate), len(old))) if i >= len(plate) or i >= len(old) or plate[i] != old[i]
            ]
            if len(plate) != len(old) or len(diff) != 1:
                return (
                    f"Exactly one portata changes per turn; {said} does not change exactly "
                    f"one portata of {plate_text(old)}."
                )
            changed = diff[0]
            before, after = old[changed], plate[changed]
            if action.kind is Move.SPEZIARE:
                if after.quantity != before.quantity:
                    return f"Speziare keeps the quantity ({before.text} has {before.quantity}), and {said} changes it; to add a card, abbondare."
                if CARD_INDEX[after.rank] <= CARD_INDEX[before.rank]:
                    return f"Speziare must raise the rank, and {said} does not ({before.text} → {after.text})."
            elif after.quantity != before.quantity + 1:
                return f"Abbondare adds exactly one card to a portata: {before.text} can become {before.quantity + 1} of a rank, so {said} ({after.text}) is refused."
        if action.slot != changed:
            return f"{said} changes portata {changed}, but says slot {action.slot}."
        new = plate[changed]
        if new.quantity > MAX_QUANTITY:
            return f"A portata may hold at most {MAX_QUANTITY} cards; {said} asks for {new.quantity}."
        total = sum(p.quantity for p in plate)
        if total > self.cards_dealt:
            return (
                f"The plate of {said} totals {total} cards, more than the "
                f"{self.cards_dealt} dealt this hand, so it cannot be declared."
            )
        rank = CARD_INDEX[new.rank]
        revealed = (self._revealed_mask >> rank) & 1
        if not revealed and not self._held[seat][rank]:
            return (
                f"No {new.rank} is revealed on the table and {who} holds none to reveal, "
                f"so {who} cannot declare {new.rank} ({said})."
            )
        if revealed and action.reveals:
            return f"A {new.rank} is already revealed, so {said} may not reveal another card."
        if not revealed and action.reveals != new.rank:
            return f"Declaring {new.rank} first needs a {new.rank} revealed from {who}'s hand; {said} must say 'reveals {new.rank}'."
        return f"{said} is not legal now."
