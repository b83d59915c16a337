"""The suit faces the games' decks share (`engine.SuitFace`, a game's `GameSpec.suits`),
and the Italian deck's rank names (`engine.RankName`, a game's `GameSpec.ranks`).

The Italian deck (invido, vegas) is drawn with the French symbols its suits usually
correspond to, each in a colour of its own, its Italian name kept for the card's title;
the French deck (frederik, bridge) in the usual black and red.  A game gives its suit
letters as its notation writes them (``b c d s``, ``S H D C``) and gets one face per
letter in that order.
"""

from __future__ import annotations

from collections.abc import Iterable

from ._spec import RankName, SuitFace

__all__ = ["italian_suits", "french_suits", "ITALIAN_RANKS"]

#: The Italian deck's ranks that are not numbers, as its games write them (A 2–7 F C R).
ITALIAN_RANKS = (
    RankName("A", "asso (ace)"),
    RankName("F", "fante (jack)"),
    RankName("C", "cavallo (knight)"),
    RankName("R", "re (king)"),
)

_RED = "#c0392b"
_BLACK = "#111"

_ITALIAN = {
    "b": ("bastoni", "♣", "#1b7a3a"),
    "c": ("coppe", "♥", _RED),
    "d": ("denari", "♦", "#a87a00"),
    "s": ("spade", "♠", "#1f4e9c"),
}
_FRENCH = {
    "c": ("clubs", "♣", _BLACK),
    "d": ("diamonds", "♦", _RED),
    "h": ("hearts", "♥", _RED),
    "s": ("spades", "♠", _BLACK),
}


def italian_suits(letters: Iterable[str]) -> tuple[SuitFace, ...]:
    """The faces of an Italian deck's suits written ``b c d s`` (either case)."""
    return tuple(SuitFace(letter, *_ITALIAN[letter.lower()]) for letter in letters)


def french_suits(letters: Iterable[str]) -> tuple[SuitFace, ...]:
    """The faces of a French deck's suits written ``c d h s`` (either case)."""
    return tuple(SuitFace(letter, *_FRENCH[letter.lower()]) for letter in letters)
