"""Invido's card and action text: reading cards, hands and actions.

Cards are written rank then suit: ranks ``A 2 3 6 7 F C R``, suits ``b c d s`` (``3c``,
``Rd``, ``Fb``).  Actions are written as `InvidoAction.text` writes them (``play 3c``,
``call invido (3)``, ``va bene`` ...); a call may also be read by its name alone or its
number, and a play by its card alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .._errors import NotationError
from .._suits import italian_suits
from .records import (
    DECK_SET,
    HAND_SIZE,
    LADDER,
    NEXT_CALL,
    RANKS,
    SORT_KEY,
    SUITS,
    TEXT_ANSWER,
    InvidoAction,
    Kind,
    call_name,
)

__all__ = ["parse_card", "parse_hand", "parse_action", "SUIT_FACES"]

#: How a viewer draws each suit (the game's `GameSpec.suits`).
SUIT_FACES = italian_suits(SUITS)

_CALL_WORDS = {
    "invido": 3,
    "tras mas": 6,
    "trasmas": 6,
    "tras mas nof": 9,
    "trasmas nof": 9,
    "trasmasnof": 9,
    "fuori gioco": 12,
    "fuorigioco": 12,
    "partita": 24,
}


def parse_card(token: str, context: str | None = None) -> str:
    """Read one card like ``3c`` or ``Rd`` (rank letters in either case)."""
    where = f" in {context!r}" if context is not None and context != token else ""
    t = token.strip()
    if len(t) == 2:
        card = t[0].upper() + t[1].lower()
        if card in DECK_SET:
            return card
        if card[0] in "45" and card[1] in SUITS:
            raise NotationError(f"Cannot use the card {token!r}{where}: the Invido deck has no 4s and 5s.")
    raise NotationError(
        f"Cannot read the card {token!r}{where}: write the rank then the suit, ranks "
        f"{' '.join(RANKS)}, suits {' '.join(SUITS)} (e.g. 3c, Rd, Fb)."
    )


def parse_hand(text: str) -> tuple[str, ...]:
    """Read a hand like ``"3c 2b As"``; the cards come back strongest first."""
    if not isinstance(text, str):
        raise NotationError(f"A hand must be written as text like '3c 2b As', not {text!r}.")
    cards = [parse_card(token, text) for token in text.split()]
    return tuple(sorted(cards, key=SORT_KEY.__getitem__))


def check_hands(hands: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """Read the two hands `new_match(hands=...)` gives: three cards each, none twice."""
    if isinstance(hands, str) or len(hands) != 2:
        raise NotationError(
            f"Invido needs two hands, one per seat (seat 0 first), e.g. ['3c 2b As', '6s 7c Rd']; got {hands!r}."
        )
    parsed = tuple(parse_hand(h) for h in hands)
    seen: dict[str, int] = {}
    for seat, hand in enumerate(parsed):
        if len(hand) != HAND_SIZE:
            raise NotationError(
                f"Seat {seat}'s hand {hands[seat]!r} has {len(hand)} cards; an Invido hand has {HAND_SIZE}."
            )
        for card in hand:
            if card in seen:
                raise NotationError(
                    f"The card {card} is given twice (seat {seen[card]} and seat {seat}); "
                    "the Invido deck holds one of each card."
                )
            seen[card] = seat
    return parsed


def parse_action(text: str, vado_dentro: bool = False) -> InvidoAction:
    """Read an action's text (NotationError when it cannot be read).

    `vado_dentro` only adds the face-down play to the error message's list of texts:
    ``vado dentro <card>`` is always read, legal or not.
    """
    if not isinstance(text, str):
        raise NotationError(f"An action text must be a string, not {text!r}.")
    words = " ".join(text.strip().split())
    low = words.lower()
    if low in TEXT_ANSWER:
        return InvidoAction(TEXT_ANSWER[low])
    if low.startswith("play "):
        return InvidoAction(Kind.PLAY, parse_card(words[5:], text))
    if low.startswith("vado dentro "):
        return InvidoAction(Kind.VADO_DENTRO, parse_card(words[12:], text))
    if low.startswith("call "):
        return InvidoAction(Kind.CALL, None, _parse_call(words[5:], text))
    if low in _CALL_WORDS:
        return InvidoAction(Kind.CALL, None, _CALL_WORDS[low])
    if len(words) == 2 and " " not in words:
        try:
            return InvidoAction(Kind.PLAY, parse_card(words, text))
        except NotationError:
            pass
    raise NotationError(
        f"Cannot read the action {text!r}: write 'play <card>' (e.g. 'play 3c'), "
        "'call invido (3)' (or tras mas, tras mas nof, fuori gioco, partita), "
        "'va bene', 'vado via', 'a monte', 'no'" + (", or 'vado dentro <card>'." if vado_dentro else ".")
    )


_CALL_RE = re.compile(r"^(?P<name>[^\d()]*?)\s*(?:\(?\s*(?P<num>\d+)\s*\)?)?$")


def _parse_call(rest: str, text: str) -> int:
    match = _CALL_RE.match(rest.strip().lower())
    value = None
    if match:
        name = " ".join(match.group("name").split())
        num = match.group("num")
        by_name = _CALL_WORDS.get(name) if name else None
        by_num = int(num) if num is not None else None
        if name and by_name is None:
            value = None
        elif by_name is not None and by_num is not None and by_name != by_num:
            raise NotationError(f"The call {text!r} names {name} but says {by_num}; {name} is worth {by_name}.")
        else:
            value = by_name if by_name is not None else by_num
    if value not in NEXT_CALL.values():
        steps = ", ".join(call_name(v) for v in LADDER[1:])
        raise NotationError(f"Cannot read the call {text!r}: the calls are {steps}.")
    return value  # type: ignore[return-value]
