"""frederik's card and action text.

Cards are rank then suit: ranks ``2 3 4 5 6 7 8 9 T J Q K A``, suits ``c d h s``
(``Ah``, ``Td``, ``7s``; ``10`` is read as ``T``).  Actions are written as
`FrederikAction.text` writes them:

- draft: ``keep 7h down`` (the new card face down: the older face-down card turns up),
  ``keep 7h up``, ``keep all`` (first draw only), ``return 2c 9d Kh 5s`` (to the bottom
  in that order: 2c goes under first, so it comes up first);
- battle: ``pass``, ``draw``, ``draw 17`` (the 17th card from the top),
  ``discard 7h 7s`` (a pair: draw four), ``discard 7h 7s 7d`` (three: draw six),
  ``hide 7h``, ``reveal 7h seat 2 slot 0``, ``swap-higher 9h Ks``, ``swap-lower 2h Kh``,
  ``swap-equal 9h 9s``, ``discard-higher Ah Ts``, ``discard-lower …``,
  ``discard-equal …``, ``steal-higher Ah Ts with Td 4s``,
  ``steal-lower 2s Ts with 3s 4s 5s``;
- answers: ``protect Js``, ``interrupt 9c``, ``pass``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._errors import NotationError
from .._suits import french_suits
from .cards import DECK, RANKS, SUITS, sort_cards
from .kinds import TARGETED, Move
from .records import FrederikAction

__all__ = ["parse_card", "parse_cards", "parse_action", "check_pile", "SUIT_FACES"]

#: How a viewer draws each suit (the game's `GameSpec.suits`).
SUIT_FACES = french_suits(SUITS)

_DECK_SET = frozenset(DECK)
_WORDS = {kind.word: kind for kind in Move}
_SINGLE = {Move.HIDE, Move.PROTECT, Move.INTERRUPT}
_GRAMMAR = (
    "'keep <card> down|up', 'keep all', 'return <4 cards>', 'pass', 'draw', 'draw <N>', "
    "'discard <2 or 3 cards>', 'hide <card>', 'reveal <card> seat <S> slot <I>', "
    "'<swap|discard|steal>-<higher|lower|equal> <your card> <their card> [with <cards>]', "
    "'protect <card>', 'interrupt <card>'"
)


def parse_card(token: str, context: str | None = None) -> str:
    """Read one card like ``Ah`` or ``Td`` (either case; ``10h`` is ``Th``)."""
    where = f" in {context!r}" if context is not None and context != token else ""
    t = token.strip()
    if t[:2] == "10":
        t = "T" + t[2:]
    if len(t) == 2:
        card = t[0].upper() + t[1].lower()
        if card in _DECK_SET:
            return card
    raise NotationError(
        f"Cannot read the card {token!r}{where}: write the rank then the suit, ranks "
        f"{' '.join(RANKS)}, suits {' '.join(SUITS)} (e.g. Ah, Td, 7s)."
    )


def parse_cards(text: str) -> tuple[str, ...]:
    """Read cards like ``"Ah Td 7s"`` in the order written."""
    if not isinstance(text, str):
        raise NotationError(f"Cards must be written as text like 'Ah Td 7s', not {text!r}.")
    return tuple(parse_card(token, text) for token in text.split())


def check_pile(hands: Sequence[str]) -> tuple[str, ...]:
    """Read the pile `new_match(hands=...)` gives: the 52 cards top first, as one text or
    several (joined in order); a shorter text is completed with the rest of the deck in
    its standard order, so a scenario writes only the cards it needs."""
    if isinstance(hands, str):
        hands = [hands]
    cards = [card for text in hands for card in parse_cards(text)]
    seen: set[str] = set()
    for card in cards:
        if card in seen:
            raise NotationError(f"The card {card} is given twice in the pile; the deck holds one of each.")
        seen.add(card)
    return tuple(cards) + tuple(card for card in DECK if card not in seen)


def parse_action(text: str) -> FrederikAction:
    """Read an action's text (NotationError when it cannot be read)."""
    if not isinstance(text, str):
        raise NotationError(f"An action text must be a string, not {text!r}.")
    words = text.strip().split()
    if not words:
        raise NotationError(f"Cannot read the empty action {text!r}: write {_GRAMMAR}.")
    head, rest = words[0].lower(), words[1:]
    try:
        return _read(head, rest, text)
    except (ValueError, IndexError):
        raise NotationError(f"Cannot read the action {text!r}: write {_GRAMMAR}.") from None


def _read(head: str, rest: list[str], text: str) -> FrederikAction:
    if head == "keep":
        if [w.lower() for w in rest] == ["all"]:
            return FrederikAction(Move.KEEP_ALL)
        if len(rest) == 2 and rest[1].lower() in ("down", "up"):
            return FrederikAction(Move.KEEP, card=parse_card(rest[0], text), face_down=rest[1].lower() == "down")
        raise ValueError
    if head == "return" and len(rest) == 4:
        return FrederikAction(Move.RETURN, cards=tuple(parse_card(w, text) for w in rest))
    if head in ("pass", "draw") and not rest:
        return FrederikAction(Move.PASS if head == "pass" else Move.DRAW)
    if head == "draw" and len(rest) == 1 and rest[0].isdigit():
        return FrederikAction(Move.DRAW_NTH, number=int(rest[0]))
    if head == "discard" and len(rest) in (2, 3):
        size = Move.DISCARD_PAIR if len(rest) == 2 else Move.DISCARD_TRIPLE
        return FrederikAction(size, cards=tuple(parse_card(w, text) for w in rest))
    if head == "reveal" and len(rest) == 5 and rest[1].lower() == "seat" and rest[3].lower() == "slot":
        return FrederikAction(Move.REVEAL, card=parse_card(rest[0], text), seat=int(rest[2]), slot=int(rest[4]))
    kind = _WORDS.get(head)
    if kind is None:
        raise ValueError
    if kind in _SINGLE and len(rest) == 1:
        return FrederikAction(kind, card=parse_card(rest[0], text))
    if kind in TARGETED and len(rest) >= 2:
        shown: tuple[str, ...] = ()
        if len(rest) > 2:
            if rest[2].lower() != "with" or len(rest) == 3:
                raise ValueError
            shown = sort_cards([parse_card(w, text) for w in rest[3:]])
        return FrederikAction(kind, card=parse_card(rest[0], text), target=parse_card(rest[1], text), cards=shown)
    raise ValueError
