"""The suit faces the games' decks share (`engine.SuitFace`, a game's `GameSpec.suits`).

The Italian deck (invido, vegas) is drawn with the French symbols its suits usually
correspond to, each in a colour of its own, its Italian name kept for the card's title;
the French deck (frederik, bridge) in the usual black and red.  A game gives its suit
letters as its notation writes them (``b c d s``, ``S H D C``) and gets one face per
letter in that order.
"""

from __future__ import annotations

from collections.abc import Iterable

from ._spec import SuitFace

__all__ = ["italian_suits", "french_suits"]

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
