"""Why an invido action is refused: the sentence an IllegalAction carries.

`InvidoState.verify` accepts exactly its legal set; only a refused action comes here, to
be told which rule it breaks, in words a bot author can act on.
"""

from __future__ import annotations

from .records import (
    ANSWER_TEXT,
    DECK_SET,
    LADDER,
    NEXT_CALL,
    RANKS,
    SUITS,
    InvidoAction,
    Kind,
    TrickRecord,
    call_name,
)

__all__ = ["InvidoRefusals"]


class InvidoRefusals:
    """`InvidoState`'s `_why_illegal`, from the state it reads (declared here)."""

    _to_act: int | None
    _vado_dentro: bool
    _hands: list[list[str]]
    _tricks: list[TrickRecord]
    value: int
    pending_value: int | None
    monte_caller: int | None
    last_raiser: int | None

    def _why_illegal(self, action: object) -> str:
        """The sentence that says why `action` is refused (it is not in the legal set)."""
        if not isinstance(action, InvidoAction):
            return f"{action!r} is not an invido action."
        said = repr(action.text)
        seat = self._to_act
        if seat is None:
            return f"The match is over, so {said} cannot be played."
        other = 1 - seat
        kind = action.kind
        if not isinstance(kind, Kind):
            return f"{said} has no kind of invido action."
        if kind in (Kind.PLAY, Kind.VADO_DENTRO):
            if action.value is not None:
                return f"A card play carries no call value, and {said} has one."
            if action.card not in DECK_SET:
                return f"{said} names no card of the Invido deck (ranks {' '.join(RANKS)}, suits {' '.join(SUITS)})."
        elif kind is Kind.CALL:
            if action.card is not None:
                return f"A call carries no card, and {said} has one."
            if action.value not in NEXT_CALL.values():
                steps = ", ".join(str(v) for v in LADDER[1:])
                return f"{said} is not a step of the call ladder ({steps})."
        elif action.card is not None or action.value is not None:
            return f"{said} carries a card or a value, which {ANSWER_TEXT.get(kind, kind.name)!r} never does."
        if self.monte_caller is not None:
            return (
                f"Seat {self.monte_caller} called a monte, so seat {seat} must answer "
                f"'va bene' or 'no' before anything else; {said} is not such an answer."
            )
        pending = self.pending_value
        if kind in (Kind.PLAY, Kind.VADO_DENTRO):
            if kind is Kind.VADO_DENTRO and not self._vado_dentro:
                return (
                    f"Vado dentro (a card face down) is off in this match, so {said} "
                    "cannot be played; the option vado_dentro allows it."
                )
            if pending is not None:
                return (
                    f"Seat {other} called {call_name(pending)} and seat {seat} must answer it "
                    f"(va bene, vado via, a counter-call or a monte) before playing, so "
                    f"{said} cannot be played now."
                )
            hand = " ".join(self._hands[seat]) or "empty"
            return f"Seat {seat} does not hold {action.card}, so {said} is refused; the hand is {hand}."
        if kind is Kind.CALL:
            if pending is not None:
                step = NEXT_CALL.get(pending)
                if step is None:
                    return f"Seat {other} called {call_name(pending)}, the top of the ladder, so {said} has nothing above it."
                return (
                    f"Only the next step may be called: seat {other} called {call_name(pending)}, "
                    f"so a counter-call must be {call_name(step)}, not {said}."
                )
            if self.last_raiser == seat:
                return (
                    f"Seat {seat} made the last raise that was accepted (to {call_name(self.value)}), "
                    f"so seat {seat} cannot raise again with {said}; only seat {other} may raise next."
                )
            step = NEXT_CALL.get(self.value)
            if step is None:
                return f"The giocata is already worth {call_name(self.value)}, the top of the ladder, so {said} cannot be called."
            return (
                f"Only the next step may be called: the giocata is worth {call_name(self.value)}, "
                f"so the call must be {call_name(step)}, not {said}."
            )
        if kind is Kind.VA_BENE:
            return f"There is no call for seat {seat} to answer, so {said} means nothing now."
        if kind is Kind.NO:
            if pending is not None:
                return (
                    f"{said} answers only an a monte; seat {other}'s call of {call_name(pending)} "
                    "is answered with va bene, vado via, a counter-call or a monte."
                )
            return f"{said} answers only an a monte, and none is pending."
        if kind is Kind.A_MONTE:
            return (
                f"Seat {seat} already called a monte in trick {len(self._tricks) + 1}; a player "
                f"may call it at most once per trick, so {said} is refused."
            )
        return f"{said} is not legal now."
