"""The kinds frederik's records are made of: the phases of a deal, every kind of move
(and which are declared against a face-up card), the windows out of turn, how a declared
move ended, and poker's hand categories."""

from __future__ import annotations

import enum

__all__ = ["Phase", "Move", "TARGETED", "HIGHER", "LOWER", "DECLARED", "Window", "Outcome", "Category"]


class Phase(enum.Enum):
    DRAFT, BATTLE, OVER = 1, 2, 3  # five draws each; two turns each; scored


class Move(enum.Enum):
    """Every kind of decision.  The draft's KEEP, KEEP_ALL and RETURN; a battle turn's
    PASS … STEAL_LOWER (the seed's list, in its order); the answers PROTECT and
    INTERRUPT.  PASS also declines an answer or an interrupt."""

    KEEP = 1  # keep one drawn card (face down, or face up: at most one face down)
    KEEP_ALL = 2  # first draft round only: all five face down, no more draws
    RETURN = 3  # the four other drawn cards to the bottom, in this order
    PASS = 4  # nothing: a battle turn passed, or no answer, or no interrupt
    DISCARD_PAIR = 5  # two of one number to the bottom, then draw four
    DISCARD_TRIPLE = 6  # three of one number to the bottom, then draw six
    DRAW = 7  # the top card
    DRAW_NTH = 8  # the N-th card from the top, N a sum of own face-up numbers
    HIDE = 9  # turn one's face-up card face down
    REVEAL = 10  # turn one's face-down card up: another seat's chosen card must turn up
    SWAP_HIGHER = 11
    SWAP_LOWER = 12
    SWAP_EQUAL = 13
    DISCARD_HIGHER = 14
    DISCARD_LOWER = 15
    DISCARD_EQUAL = 16
    STEAL_HIGHER = 17
    STEAL_LOWER = 18
    PROTECT = 19  # the target reveals a card of the suit that protects its card
    INTERRUPT = 20  # discard a card of the suit or number of the actor's card

    #: The move's word in the notation ("swap-higher"), and whether it is in TARGETED:
    #: set once per member, as every action's text is written from them (a frozenset's
    #: `in` would run the Enum's hash, Python code, each time).
    word: str
    targeted: bool

    def __init__(self, value: int) -> None:
        self.word = self.name.lower().replace("_", "-")


#: Battle actions against another seat's face-up card: each names `card` (the actor's)
#: and `target` (the face-up card).  Which ones the target may answer, and how.
TARGETED = frozenset(
    {
        Move.SWAP_HIGHER,
        Move.SWAP_LOWER,
        Move.SWAP_EQUAL,
        Move.DISCARD_HIGHER,
        Move.DISCARD_LOWER,
        Move.DISCARD_EQUAL,
        Move.STEAL_HIGHER,
        Move.STEAL_LOWER,
    }
)
for _move in Move:
    _move.targeted = _move in TARGETED
HIGHER = frozenset({Move.SWAP_HIGHER, Move.DISCARD_HIGHER, Move.STEAL_HIGHER})
LOWER = frozenset({Move.SWAP_LOWER, Move.DISCARD_LOWER, Move.STEAL_LOWER})
#: Declarations that open an interrupt window (and, unless EQUAL, an answer).
DECLARED = TARGETED | {Move.REVEAL}


class Window(enum.Enum):
    """A decision out of turn: the target's answer, or an interrupt window's offer."""

    ANSWER = 1
    INTERRUPT = 2


class Outcome(enum.Enum):
    """How a declared action ended."""

    DONE = 1  # it took effect
    PROTECTED = 2  # the target revealed a protecting card: the actor discards its card
    INTERRUPTED = 3  # a seat discarded a matching card: the actor discards its card
    # (a REVEAL's card stays face up) and the target keeps its own


class Category(enum.Enum):
    """Poker's hand categories, weakest first."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
