"""Frederik positions for the scenario tests: a pile that deals each seat the tableau a
test wants, and the draft played to it.

A tableau is written as the seat's cards in the order they arrive, the face-down card in
brackets: ``"Kh Th 2c 5d [9s]"``; five bracketed cards are a seat that kept all five
face down on its first draw.  The draft is played from seat 0 (the first deal's
starter) clockwise, five rounds of five cards from the top; a seat keeps the next card
of its tableau (face down up to the bracketed card, each keep turning the older one up,
then face up) and returns the other four in the order drawn.  `deal_pile` works out
which five cards each draw sees (draws take the top five, returns go to the bottom) and
places each seat's cards there; the pile left for the battle starts with `battle`.
"""

from __future__ import annotations

from collections.abc import Sequence

import engine
from engine.frederik import (
    DECK,
    DRAFT_DRAW,
    DRAFT_ROUNDS,
    Acted,
    DealEnded,
    FrederikState,
    Phase,
    Resolved,
    TableCard,
)


def parse_tableau(text: str) -> list[tuple[str, bool]]:
    """``"Kh Th [9s]"`` → [("Kh", True), ("Th", True), ("9s", False)] (card, face up)."""
    out = []
    for token in text.split():
        down = token.startswith("[") and token.endswith("]")
        out.append((token.strip("[]"), not down))
    return out


def _keep_all(cards: list[tuple[str, bool]]) -> bool:
    return all(not up for _, up in cards)


def deal_pile(tableaux: Sequence[str], battle: str = "") -> str:
    """The 52-card pile, top first, whose draft gives seat s `tableaux[s]` (seat 0
    starting), the battle's pile then starting with the cards of `battle`."""
    rows = [parse_tableau(t) for t in tableaux]
    for seat, row in enumerate(rows):
        assert len(row) == DRAFT_ROUNDS, f"seat {seat}: a draft ends with five cards"
        assert _keep_all(row) or sum(not up for _, up in row) == 1, f"seat {seat}: one face-down card, or all five"
    # The pile as slots of the initial pile (0 … 51), dealt symbolically: each draw's
    # first slot gets the card the seat keeps, the other four go back under in order.
    pile = list(range(len(DECK)))
    assigned: dict[int, str] = {}
    for rnd in range(DRAFT_ROUNDS):
        for row in rows:
            if _keep_all(row) and rnd > 0:
                continue
            drawn, pile = pile[:DRAFT_DRAW], pile[DRAFT_DRAW:]
            if _keep_all(row):
                assigned.update(zip(drawn, (card for card, _ in row), strict=True))
                continue
            assigned[drawn[0]] = row[rnd][0]
            pile.extend(drawn[1:])
    battle_cards = battle.split()
    assert len(battle_cards) <= len(pile), "the battle pile is longer than what the draft leaves"
    assigned.update(zip(pile, battle_cards, strict=False))
    used = set(assigned.values())
    assert len(used) == len(assigned), "a card is given twice"
    rest = iter(card for card in DECK if card not in used)
    return " ".join(assigned[slot] if slot in assigned else next(rest) for slot in range(len(DECK)))


def play_draft(state: FrederikState, tableaux: Sequence[str]) -> None:
    """Play the draft so that each seat keeps its tableau (see the module doc)."""
    rows = [parse_tableau(t) for t in tableaux]
    while state.view(0).phase is Phase.DRAFT:
        seat = state.current_seat()
        assert seat is not None
        view = state.view(seat)
        row = rows[seat]
        if _keep_all(row):
            state.apply("keep all")
            continue
        card, up = row[view.round - 1]
        assert card in view.drawn, f"seat {seat} draws {view.drawn} in round {view.round}, not {card}"
        # Face down until the bracketed card (each such keep turns the older one up), then up.
        down = any(not u for _, u in row[view.round - 1 :])
        state.apply(f"keep {card} {'down' if down else 'up'}")
        state.apply("return " + " ".join(state.view(seat).drawn))


def table(*tableaux: str, battle: str = "", deals: int = 1) -> FrederikState:
    """A match at the first battle turn (seat 0's), each seat holding its tableau."""
    state = engine.load("frederik", players=len(tableaux)).new_match(hands=[deal_pile(tableaux, battle)], deals=deals)
    play_draft(state, tableaux)
    for seat, text in enumerate(tableaux):
        assert row(state, seat) == parse_tableau(text), f"seat {seat} holds {row(state, seat)}"
    return state


def row(state: FrederikState, seat: int, viewer: int | None = None) -> list[tuple[str, bool]]:
    """A seat's cards in order, (card, face up), as `viewer` (default the seat) sees them."""
    view = state.view(seat if viewer is None else viewer)
    cards: tuple[TableCard, ...] = view.tableaux[seat].cards
    return [(c.card, c.face_up) for c in cards]


def cards_of(state: FrederikState, seat: int) -> list[str]:
    return [card for card, _ in row(state, seat)]


def pile_bottom(state: FrederikState, count: int, viewer: int = 0) -> list[str]:
    """The last `count` cards of the pile as `viewer` knows them ("" if it does not)."""
    view = state.view(viewer)
    known = {p.position: p.card for p in view.pile_known}
    return [known.get(pos, "") for pos in range(view.pile_size - count + 1, view.pile_size + 1)]


def play(state: FrederikState, *texts: str) -> None:
    for text in texts:
        state.apply(text)


def legal(state: FrederikState) -> list[str]:
    return [action.text for action in state.legal_actions()]


def refusal(state: FrederikState, text: str) -> str:
    """The sentence `text` is refused with (the state unchanged)."""
    before = state.history
    try:
        state.apply(text)
    except engine.IllegalAction as refused:
        assert state.history == before
        return str(refused)
    raise AssertionError(f"{text!r} was accepted")


def pass_rest(state: FrederikState) -> DealEnded:
    """Everyone passes every decision to the end of the deal; its DealEnded."""
    deal = state.view(0).deal
    while not any(isinstance(e, DealEnded) and e.deal == deal for e in state.history):
        state.apply("pass")
    return next(e for e in state.history if isinstance(e, DealEnded) and e.deal == deal)


def last(state: FrederikState, kind: type) -> object:
    return next(e for e in reversed(state.history) if isinstance(e, kind))


def resolved(state: FrederikState) -> Resolved:
    event = last(state, Resolved)
    assert isinstance(event, Resolved)
    return event


def acted(state: FrederikState) -> Acted:
    event = last(state, Acted)
    assert isinstance(event, Acted)
    return event
