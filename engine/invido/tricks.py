"""How invido's tricks and giocate are won: the pure rules of the card play."""

from __future__ import annotations

from collections.abc import Sequence

from .records import _STRENGTH, PlayedCard

__all__ = ["trick_winner", "giocata_winner"]


def trick_winner(first: PlayedCard, second: PlayedCard) -> int | None:
    """The seat that takes a trick, or None for a tie (a face-down card always loses)."""
    if first.face_down or second.face_down:
        if first.face_down and second.face_down:
            return None
        return second.seat if first.face_down else first.seat
    a, b = _STRENGTH[first.card[0]], _STRENGTH[second.card[0]]  # type: ignore[index]
    if a == b:
        return None
    return first.seat if a > b else second.seat


def giocata_winner(outcomes: Sequence[int | None]) -> int | None:
    """Who has won the giocata after these tricks (None: undecided or void).

    A second trick wins; a trick won after an earlier tie wins; a tie after a won trick
    goes to the winner of the first trick that was won.
    """
    if not outcomes:
        return None
    last = outcomes[-1]
    earlier = outcomes[:-1]
    if last is not None:
        if last in earlier or None in earlier:
            return last
        return None
    for outcome in earlier:
        if outcome is not None:
            return outcome
    return None
