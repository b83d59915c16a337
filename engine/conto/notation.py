"""Conto's card and action text: reading hands and actions, writing plates.

Cards are ranks (``2``–``9``, ``T``, ``J``, ``Q``, ``K``, ``A``; ``W`` the joker); a
suit after the rank is read and dropped.  Actions are written as `ContoAction.text`
writes them: ``il conto`` or ``ordinazione|speziare|abbondare → <plate>[, reveals <rank>]``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .._errors import NotationError
from .records import CARD_INDEX, JOKER, RANKS, ContoAction, Move, Portata

__all__ = ["parse_hand", "parse_action", "plate_text"]

_SUITS = "cdhs"


def parse_hand(text: str) -> tuple[str, ...]:
    """Read a hand like ``"2 6 7 T Q Q"`` (suits such as ``Qh`` allowed and dropped)."""
    cards = []
    for token in text.split():
        rank = token[:-1] if len(token) > 1 and token[-1] in _SUITS else token
        if rank == "10":
            rank = "T"
        if rank not in CARD_INDEX or (rank == JOKER and rank != token):
            raise NotationError(
                f"Cannot read the card {token!r} in {text!r}: ranks are "
                f"{' '.join(RANKS)}, {JOKER} is the joker, suits are {' '.join(_SUITS)}."
            )
        cards.append(rank)
    return tuple(cards)


_ACTION_RE = re.compile(r"^\s*(\w+)\s*(?:→|->)\s*(.*?)\s*(?:,\s*reveals\s+(\S+))?\s*$", re.I)
_PORTATA_RE = re.compile(r"^(\d+)(\S)$")
_BILL_TEXTS = {"il conto", "il conto, prego!", "il conto prego", "conto"}


def parse_action(text: str, table: Sequence[Portata], revealed_mask: int) -> ContoAction:
    """Read an action's canonical text, said at a table whose plate is `table`.

    The table tells which portata a declaration changes, and whether its rank must be
    revealed (bit i of `revealed_mask` is set when rank ``RANKS[i]`` is already face up):
    a text may leave out a reveal the rules force.  The action comes back as written,
    legal or not; NotationError when the text cannot be read.
    """
    if not isinstance(text, str):
        raise NotationError(f"An action text must be a string, not {text!r}.")
    if text.strip().lower() in _BILL_TEXTS:
        return ContoAction(Move.CONTO)
    match = _ACTION_RE.match(text)
    kinds = {m.name.lower(): m for m in Move if m is not Move.CONTO}
    if not match or match.group(1).lower() not in kinds:
        raise NotationError(
            f"Cannot read the action {text!r}: write 'il conto' or "
            "'ordinazione|speziare|abbondare → <quantity><rank> ...[, reveals <rank>]', "
            "e.g. 'abbondare → 2A 3T, reveals T'."
        )
    kind = kinds[match.group(1).lower()]
    plate = []
    for token in match.group(2).split():
        m = _PORTATA_RE.match(token)
        if not m or m.group(2) not in CARD_INDEX:
            raise NotationError(
                f"Cannot read the portata {token!r} in {text!r}: write the quantity "
                f"then the rank, e.g. 2A or 3T (ranks {' '.join(RANKS)})."
            )
        plate.append(Portata(m.group(2), int(m.group(1))))
    if not plate:
        raise NotationError(f"The action {text!r} declares no portata.")
    reveals = match.group(3)
    if reveals is not None and reveals not in CARD_INDEX:
        raise NotationError(f"Cannot read the revealed card {reveals!r} in {text!r}.")
    slot = _changed_slot(kind, plate, table)
    if reveals is None:
        # The reveal is forced by the rules, so text may leave it out.
        new = plate[slot] if slot is not None and slot < len(plate) else None
        if new is not None and new.rank in RANKS and not (revealed_mask >> CARD_INDEX[new.rank]) & 1:
            reveals = new.rank
    return ContoAction(kind, slot, tuple(plate), reveals)


def _changed_slot(kind: Move, plate: list[Portata], table: Sequence[Portata]) -> int | None:
    if kind is Move.ORDINAZIONE:
        return len(plate) - 1
    diff = [i for i in range(min(len(plate), len(table))) if plate[i] != table[i]]
    return diff[0] if len(diff) == 1 else (diff[0] if diff else None)


def plate_text(plate: Sequence[Portata]) -> str:
    """A plate as action texts write it (``2A 3T``), ``(empty)`` before any declaration."""
    return " ".join(p.text for p in plate) if plate else "(empty)"
