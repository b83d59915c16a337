"""Which frederik actions are legal: the battle's list, the answers, the interrupts.

Plain functions of the cards on the table (a seat's cards and which are face up), so
the state, the refusals and the bots' search all judge legality the same way.  Imports
only the game's records.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, permutations

from .cards import number_of, rank_of, sort_cards, suit_of
from .kinds import HIGHER, LOWER, Move
from .records import FrederikAction

__all__ = [
    "make_action",
    "nth_numbers",
    "battle_moves",
    "targeted_moves",
    "protectors",
    "interrupt_cards",
    "matching",
    "return_orders",
    "is_extreme",
]


def _action_maker():  # noqa: ANN202
    """A constructor of FrederikAction without the frozen dataclass's `__init__`: the
    slots are filled through their descriptors, about twice as fast, for the legal sets
    (the draft's 24 orders of return are made at every draw)."""
    new = object.__new__
    s_kind, s_card, s_target, s_cards, s_seat, s_slot, s_number, s_down = (
        getattr(FrederikAction, name).__set__ for name in FrederikAction.__slots__
    )

    def make(
        kind: Move,
        card: str | None = None,
        target: str | None = None,
        cards: tuple[str, ...] = (),
        seat: int | None = None,
        slot: int | None = None,
        number: int | None = None,
        face_down: bool = False,
    ) -> FrederikAction:
        action = new(FrederikAction)
        s_kind(action, kind)
        s_card(action, card)
        s_target(action, target)
        s_cards(action, cards)
        s_seat(action, seat)
        s_slot(action, slot)
        s_number(action, number)
        s_down(action, face_down)
        return action

    return make


#: FrederikAction(...) made fast: the same record, the same arguments.
make_action = _action_maker()


_PASS = make_action(Move.PASS)
_DRAW = make_action(Move.DRAW)


def nth_numbers(face_up: Sequence[str], pile_size: int) -> list[int]:
    """Every N that is the sum of a non-empty subset of `face_up` (A 1 … K 13), N ≤ the pile."""
    reach = 0
    for card in face_up:
        value = number_of(card)
        reach |= (reach << value) | (1 << value)
    return [n for n in range(1, pile_size + 1) if reach >> n & 1]


def is_extreme(card: str, face_up: Sequence[str], highest: bool) -> bool:
    """Whether `card` is the highest (or lowest) of its suit among `face_up` (its owner's
    face-up cards, the card itself among them): RULINGS §frederik 6."""
    suit, rank = suit_of(card), rank_of(card)
    for other in face_up:
        if suit_of(other) == suit and (rank_of(other) > rank if highest else rank_of(other) < rank):
            return False
    return True


def matching(card: str, cards: Sequence[str]) -> list[str]:
    """The cards of `cards` with the suit or the number of `card` (itself left out)."""
    suit, rank = suit_of(card), rank_of(card)
    return [c for c in cards if c != card and (suit_of(c) == suit or rank_of(c) == rank)]


def targeted_moves(mine: Sequence[str], target: str, owner_up: Sequence[str]) -> list[FrederikAction]:
    """Every swap, discard and steal of one of `mine` against `target`, a face-up card
    whose owner's face-up cards are `owner_up`."""
    out: list[FrederikAction] = []
    rank, suit = rank_of(target), suit_of(target)
    highest = is_extreme(target, owner_up, True)
    lowest = is_extreme(target, owner_up, False)
    for card in mine:
        mine_rank = rank_of(card)
        others = [c for c in mine if c != card]
        if mine_rank > rank and highest:
            out.append(make_action(Move.SWAP_HIGHER, card=card, target=target))
            out.append(make_action(Move.DISCARD_HIGHER, card=card, target=target))
            shown = matching(target, others)
            for pair in combinations(sort_cards(shown), 2):
                out.append(make_action(Move.STEAL_HIGHER, card=card, target=target, cards=pair))
        if mine_rank < rank and suit_of(card) == suit and lowest:
            out.append(make_action(Move.SWAP_LOWER, card=card, target=target))
            out.append(make_action(Move.DISCARD_LOWER, card=card, target=target))
            shown = matching(target, others)
            for three in combinations(sort_cards(shown), 3):
                out.append(make_action(Move.STEAL_LOWER, card=card, target=target, cards=three))
        if mine_rank == rank:
            out.append(make_action(Move.SWAP_EQUAL, card=card, target=target))
            out.append(make_action(Move.DISCARD_EQUAL, card=card, target=target))
    return out


def battle_moves(
    seat: int,
    tableaux: Sequence[tuple[Sequence[str], Sequence[bool]]],
    pile_size: int,
) -> list[FrederikAction]:
    """A battle turn's legal actions, in a stable order: pass, draw, draw N, the pairs
    and threes to discard (each order), hide, reveal, then the actions against each other
    seat's face-up cards, seat by seat clockwise."""
    mine, up = tableaux[seat]
    out = [_PASS]
    if pile_size:
        out.append(_DRAW)
    face_up = [c for c, u in zip(mine, up, strict=True) if u]
    out.extend(make_action(Move.DRAW_NTH, number=n) for n in nth_numbers(face_up, pile_size))
    by_rank: dict[int, list[str]] = {}
    for card in sort_cards(list(mine)):
        by_rank.setdefault(rank_of(card), []).append(card)
    for group in by_rank.values():
        for size, kind in ((2, Move.DISCARD_PAIR), (3, Move.DISCARD_TRIPLE)):
            for chosen in combinations(group, size):
                out.extend(make_action(kind, cards=order) for order in permutations(chosen))
    out.extend(make_action(Move.HIDE, card=c) for c in face_up)
    face_down = [c for c, u in zip(mine, up, strict=True) if not u]
    players = len(tableaux)
    if face_down:
        for step in range(1, players):
            other = (seat + step) % players
            slots = [i for i, u in enumerate(tableaux[other][1]) if not u]
            for card in face_down:
                out.extend(make_action(Move.REVEAL, card=card, seat=other, slot=i) for i in slots)
    for step in range(1, players):
        cards, shown = tableaux[(seat + step) % players]
        owner_up = [c for c, u in zip(cards, shown, strict=True) if u]
        for target in owner_up:
            out.extend(targeted_moves(mine, target, owner_up))
    return out


def protectors(action: FrederikAction, cards: Sequence[str], up: Sequence[bool]) -> list[str]:
    """The target's face-down cards that protect `action`'s target: of its suit, higher
    against a "higher" action, lower against a "lower" one; none against "equal"."""
    target = action.target
    if target is None or (action.kind not in HIGHER and action.kind not in LOWER):
        return []
    suit, rank = suit_of(target), rank_of(target)
    higher = action.kind in HIGHER
    return [
        c
        for c, u in zip(cards, up, strict=True)
        if not u and suit_of(c) == suit and (rank_of(c) > rank if higher else rank_of(c) < rank)
    ]


def interrupt_cards(card: str, cards: Sequence[str], target: str | None = None) -> list[str]:
    """The cards a seat holding `cards` may interrupt `card` with: its suit or number,
    but not the action's `target` (an interrupt leaves the target its card)."""
    return [c for c in matching(card, cards) if c != target]


def return_orders(cards: tuple[str, ...]) -> tuple[FrederikAction, ...]:
    """Every order in which the draft's four other cards may go to the bottom."""
    return tuple(make_action(Move.RETURN, cards=order) for order in permutations(cards))
