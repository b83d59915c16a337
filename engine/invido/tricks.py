"""How invido's tricks and giocate are won: the pure rules of the card play."""

from __future__ import annotations

from collections.abc import Sequence

from .records import RANK_STRENGTH, PlayedCard

__all__ = ["FACE_DOWN", "stronger", "trick_winner", "giocata_winner"]

#: The strength of a card played face down: below every card played face up.
FACE_DOWN = -1


def stronger(first: int, second: int) -> int | None:
    """Which of two cards of these strengths takes the trick: 0 the first, 1 the second,
    None a tie (two cards of one strength, or two face down)."""
    if first == second:
        return None
    return 0 if first > second else 1


def trick_winner(first: PlayedCard, second: PlayedCard) -> int | None:
    """The seat that takes a trick, or None for a tie (a face-down card always loses)."""
    taker = stronger(_played_strength(first), _played_strength(second))
    if taker is None:
        return None
    return (first, second)[taker].seat


def _played_strength(played: PlayedCard) -> int:
    return FACE_DOWN if played.face_down else RANK_STRENGTH[played.card[0]]  # type: ignore[index]


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
