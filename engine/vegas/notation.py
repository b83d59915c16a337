"""Las Vegas's card and action text: reading cards, hands and actions.

Cards are written rank then suit, Italian deck: ranks ``A 2 3 4 5 6 7 F C R``, suits
``b c d s`` (``7d``, ``Rs``, ``Fb``).  Actions are written as `VegasAction.text` writes
them: ``busso``, ``punta 2``, ``vedi``, ``rilancia 4`` (raise to 4), ``lascia``; a bet or
raise may be written without its number (the fixed limit decides it) and is then read
as the one the state allows.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._errors import NotationError
from .._suits import italian_suits
from .records import CENTRE_SIZE, DECK, HAND_SIZE, RANKS, SUITS, Bet, VegasAction, sort_cards

__all__ = ["parse_card", "parse_hand", "parse_action", "check_deal", "SUIT_FACES"]

#: How a viewer draws each suit (the game's `GameSpec.suits`).
SUIT_FACES = italian_suits(SUITS)

_DECK_SET = frozenset(DECK)
_WORDS = {kind.name.lower(): kind for kind in Bet}


def parse_card(token: str, context: str | None = None) -> str:
    """Read one card like ``7d`` or ``Rs`` (rank letters in either case)."""
    where = f" in {context!r}" if context is not None and context != token else ""
    t = token.strip()
    if len(t) == 2:
        card = t[0].upper() + t[1].lower()
        if card in _DECK_SET:
            return card
    raise NotationError(
        f"Cannot read the card {token!r}{where}: write the rank then the suit, ranks "
        f"{' '.join(RANKS)}, suits {' '.join(SUITS)} (e.g. 7d, Rs, Fb)."
    )


def parse_hand(text: str) -> tuple[str, ...]:
    """Read cards like ``"7d Rs Ab"``; they come back lowest first."""
    if not isinstance(text, str):
        raise NotationError(f"Cards must be written as text like '7d Rs Ab', not {text!r}.")
    return sort_cards([parse_card(token, text) for token in text.split()])


def check_deal(hands: Sequence[str], players: int) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Read a deal `new_match(hands=...)` gives: one hand of 3 cards per seat (seat 0
    first), then the 4 centre cards in the order they will be flipped; no card twice."""
    if isinstance(hands, str) or len(hands) != players + 1:
        raise NotationError(
            f"A Las Vegas deal for {players} players is {players} hands of {HAND_SIZE} cards (seat 0 first) "
            f"and then the {CENTRE_SIZE} centre cards in flip order, e.g. ['Ab 5c Rd', ..., '2b 7s 7d Fc']; "
            f"got {hands!r}."
        )
    parsed = [parse_hand(h) for h in hands[:players]]
    centre = tuple(parse_card(token, hands[players]) for token in hands[players].split())
    seen: dict[str, str] = {}
    for owner, cards, size in [
        *((f"seat {s}", h, HAND_SIZE) for s, h in enumerate(parsed)),
        ("the centre", centre, CENTRE_SIZE),
    ]:
        if len(cards) != size:
            raise NotationError(f"{owner.capitalize()} is given {len(cards)} cards; it needs {size}.")
        for card in cards:
            if card in seen:
                raise NotationError(
                    f"The card {card} is given twice ({seen[card]} and {owner}); the deck holds one of each."
                )
            seen[card] = owner
    return tuple(parsed), centre


def parse_action(text: str) -> VegasAction:
    """Read an action's text (NotationError when it cannot be read).  A bet or raise
    without its number comes back with `level` None: the state fills it in."""
    if not isinstance(text, str):
        raise NotationError(f"An action text must be a string, not {text!r}.")
    words = text.strip().lower().split()
    kind = _WORDS.get(words[0]) if words else None
    if kind is not None and len(words) == 1:
        return VegasAction(kind)
    # isascii: str.isdigit() also passes '²', which int() refuses.
    if kind in (Bet.PUNTA, Bet.RILANCIA) and len(words) == 2 and words[1].isascii() and words[1].isdigit():
        return VegasAction(kind, int(words[1]))
    raise NotationError(
        f"Cannot read the action {text!r}: write 'busso', 'punta <chips>' (e.g. 'punta 2'), 'vedi', "
        "'rilancia <the new bet>' (e.g. 'rilancia 4'), or 'lascia'."
    )
