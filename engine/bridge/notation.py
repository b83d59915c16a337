"""Bridge's card and action text: reading cards, hands, calls and plays.

A card is its suit then its rank: suits ``S H D C``, ranks ``A K Q J T 9 8 7 6 5 4 3 2``
(``SA``, ``HT``, ``C2``; ``10`` is read as ``T``; either case).  A hand is written either
as cards (``"SA SK H5 …"``) or the PBN way, suits by dots from spades to clubs
(``"AKQ.JT9.-.5432"`` or ``"AKQ.JT9..5432"``).  Calls are ``pass`` (or ``p``), a level
and strain (``1C`` … ``7NT``; ``N`` or ``NT``), ``X`` (double) and ``XX`` (redouble).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._errors import NotationError
from .._suits import french_suits
from .records import DECK, HAND_SIZE, RANKS, SEATS, SUITS, BridgeAction, CallKind, Strain, sort_cards

__all__ = [
    "parse_card",
    "parse_hand",
    "parse_action",
    "check_deal",
    "hand_to_pbn",
    "PASS",
    "DOUBLE",
    "REDOUBLE",
    "BIDS",
    "PLAYS",
    "SUIT_FACES",
]

#: How a viewer draws each suit (the game's `GameSpec.suits`).
SUIT_FACES = french_suits(SUITS)

_DECK_SET = frozenset(DECK)
_STRAINS = {
    "C": Strain.CLUBS,
    "D": Strain.DIAMONDS,
    "H": Strain.HEARTS,
    "S": Strain.SPADES,
    "N": Strain.NOTRUMP,
    "NT": Strain.NOTRUMP,
}

#: Every action object: the state hands out these, so equal actions are the same object.
PASS = BridgeAction(CallKind.PASS)
DOUBLE = BridgeAction(CallKind.DOUBLE)
REDOUBLE = BridgeAction(CallKind.REDOUBLE)
#: The 35 bids, lowest first: 1C 1D 1H 1S 1NT 2C … 7NT.
BIDS = tuple(BridgeAction(CallKind.BID, level, strain) for level in range(1, 8) for strain in Strain)
PLAYS = {card: BridgeAction(CallKind.PLAY, card=card) for card in DECK}
_WORDS = {"PASS": PASS, "P": PASS, "X": DOUBLE, "DOUBLE": DOUBLE, "XX": REDOUBLE, "REDOUBLE": REDOUBLE}


def parse_card(token: str, context: str | None = None) -> str:
    """Read one card like ``SA``, ``ht`` or ``D10``."""
    where = f" in {context!r}" if context is not None and context != token else ""
    t = token.strip().upper().replace("10", "T")
    if t in _DECK_SET:
        return t
    raise NotationError(
        f"Cannot read the card {token!r}{where}: write the suit then the rank, suits {' '.join(SUITS)}, "
        f"ranks {''.join(RANKS)} (e.g. SA, HT, C2)."
    )


def parse_hand(text: str) -> tuple[str, ...]:
    """Read a hand, as cards (``"SA SK H5"``) or PBN (``"AK.5.-.-"``); spades first."""
    if not isinstance(text, str):
        raise NotationError(f"A hand must be written as text like 'AKQ.JT9.-.5432', not {text!r}.")
    if "." not in text:
        return sort_cards([parse_card(token, text) for token in text.split()])
    suits = text.strip().split(".")
    if len(suits) != 4:
        raise NotationError(
            f"Cannot read the hand {text!r}: PBN writes four suits, spades to clubs, between dots "
            "(e.g. 'AKQ.JT9.-.5432')."
        )
    cards = []
    for suit, ranks in zip(SUITS, suits):
        for rank in ranks.strip().upper().replace("10", "T"):
            if rank == "-":
                continue
            cards.append(parse_card(suit + rank, text))
    if len(set(cards)) != len(cards):
        raise NotationError(f"The hand {text!r} names a card twice.")
    return sort_cards(cards)


def hand_to_pbn(cards: Sequence[str]) -> str:
    """A hand the PBN way: ``AKQ.JT9..5432`` (a void is empty)."""
    ordered = sort_cards(list(cards))
    return ".".join("".join(c[1] for c in ordered if c[0] == suit) for suit in SUITS)


def check_deal(hands: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """Read a deal `new_match(hands=...)` gives: four hands of 13 cards, North first,
    clockwise; no card twice."""
    if isinstance(hands, str) or len(hands) != 4:
        raise NotationError(
            "A bridge deal is four hands of 13 cards, North, East, South, West, e.g. "
            f"['AKQJ.T98.765.432', …]; got {hands!r}."
        )
    parsed = [parse_hand(h) for h in hands]
    seen: dict[str, str] = {}
    for seat, cards in enumerate(parsed):
        if len(cards) != HAND_SIZE:
            raise NotationError(f"{SEATS[seat]} is given {len(cards)} cards; a hand is {HAND_SIZE}.")
        for card in cards:
            if card in seen:
                raise NotationError(
                    f"The card {card} is given twice ({seen[card]} and {SEATS[seat]}); the deck holds one of each."
                )
            seen[card] = SEATS[seat]
    return tuple(parsed)


def parse_action(text: str) -> BridgeAction:
    """Read a call or a card (NotationError when it cannot be read)."""
    if not isinstance(text, str):
        raise NotationError(f"An action text must be a string, not {text!r}.")
    t = text.strip().upper()
    if t in _WORDS:
        return _WORDS[t]
    if len(t) >= 2 and t[0] in "1234567" and t[1:] in _STRAINS:
        return BIDS[(int(t[0]) - 1) * 5 + _STRAINS[t[1:]].value - 1]
    card = t.replace("10", "T")
    if card in PLAYS:
        return PLAYS[card]
    raise NotationError(
        f"Cannot read the action {text!r}: a call is 'pass', a bid like '1C', '3NT' or '7S', 'X' (double) "
        "or 'XX' (redouble); a card is its suit then its rank, like 'SA', 'HT' or 'C2'."
    )
