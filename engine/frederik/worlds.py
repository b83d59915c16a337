"""A frederik state rebuilt at one seat's decision, from its view and a fill of what it
cannot see: the worlds a search bot plays on (OpenSpiel's ISMCTS, bots/ismcts/worlds.py).

`state_at_decision(game, view, window, fill)` takes the deciding seat's `FrederikView`, exactly
as `FrederikState.view` gives it, and a `Fill`: every card in front of every seat and in
the pile, with the seats that know each.  It checks that the fill agrees with
everything the view shows and that it holds the 52 cards once each, and returns a
`FrederikState` at that decision: the same seat asked, in the same window (`window`:
None on a turn, `Window.ANSWER` or `Window.INTERRUPT` out of turn), so offered the same
actions, and played on from there by the engine's own rules.  The seats still to be
offered the interrupt window are worked out from the fill, as the rules would.

The state is this one deal: the match ends when it is scored (its `deals_in_match` is the
deal's number), since later deals are other cards.  Its history is the seat's own record
of the deal (the view's `deal_events`), so the seat sees its past exactly as it did; the
hidden choices of the others are not in it, and it cannot be replayed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .._errors import PositionError
from .cards import DECK
from .kinds import TARGETED, Move, Phase, Window
from .moves import interrupt_cards
from .records import Forfeited, FrederikView, Kept
from .rules import FrederikGame, FrederikState

__all__ = ["Fill", "state_at_decision"]


@dataclass(frozen=True, slots=True)
class Fill:
    """Every card of a deal at one moment, as a world has them.

    `rows` each seat's cards in row order (the view's `tableaux`, every card named);
    `row_knowers` per card the bit mask of the seats that know it (its owner's bit and,
    for a face-up card, everyone's are added); `pile` the pile top first, and
    `pile_knowers` per position the seats that know its card."""

    rows: tuple[tuple[str, ...], ...]
    row_knowers: tuple[tuple[int, ...], ...]
    pile: tuple[str, ...]
    pile_knowers: tuple[int, ...]


def _check_rows(view: FrederikView, fill: Fill) -> list[str]:
    problems: list[str] = []
    bit = 1 << view.seat
    if len(fill.rows) != view.players or len(fill.row_knowers) != view.players:
        return [f"the fill has {len(fill.rows)} rows for {view.players} seats"]
    for tableau, row, knowers in zip(view.tableaux, fill.rows, fill.row_knowers, strict=True):
        if len(row) != len(tableau.cards) or len(knowers) != len(row):
            problems.append(f"seat {tableau.seat}'s row has {len(tableau.cards)} cards in the view, {len(row)} filled")
            continue
        for slot, (shown, card, known) in enumerate(zip(tableau.cards, row, knowers, strict=True)):
            seen = bool(known & bit) or shown.face_up or tableau.seat == view.seat
            if shown.card and shown.card != card:
                problems.append(f"seat {tableau.seat}'s slot {slot} is {shown.card} in the view, {card} filled")
            elif bool(shown.card) != seen:
                problems.append(f"seat {tableau.seat}'s slot {slot}: the view and the knowers disagree on who sees it")
    return problems


def _check_pile(view: FrederikView, fill: Fill) -> list[str]:
    bit = 1 << view.seat
    if len(fill.pile) != view.pile_size or len(fill.pile_knowers) != len(fill.pile):
        return [f"the pile has {view.pile_size} cards in the view, {len(fill.pile)} filled"]
    problems = [
        f"pile position {known.position} is {known.card} in the view, {fill.pile[known.position - 1]} filled"
        for known in view.pile_known
        if fill.pile[known.position - 1] != known.card
    ]
    seen = {known.position for known in view.pile_known}
    if seen != {i + 1 for i, known in enumerate(fill.pile_knowers) if known & bit}:
        problems.append("the view and the pile's knowers disagree on which positions the seat knows")
    return problems


def _check_deck(view: FrederikView, fill: Fill) -> list[str]:
    cards = [card for row in fill.rows for card in row] + list(fill.pile) + list(view.drawn)
    missing = sorted(set(DECK) - set(cards))
    twice = sorted({card for card in cards if cards.count(card) > 1})
    problems = [f"cards missing: {' '.join(missing)}"] if missing else []
    if twice:
        problems.append(f"cards placed twice: {' '.join(twice)}")
    if len(cards) != len(DECK) and not missing and not twice:
        problems.append(f"{len(cards)} cards placed, not {len(DECK)}")
    return problems


def _check_turn(view: FrederikView, window: Window | None) -> list[str]:
    if view.phase is Phase.OVER or view.to_act != view.seat:
        return [f"the view is not seat {view.seat}'s decision (phase {view.phase.name}, to act {view.to_act})"]
    if (window is None) != (view.answering is None):
        asked = "an answer or interrupt window" if window is not None else "a turn"
        return [f"{asked} was given, but the view's answering is {view.answering}"]
    return []


def state_at_decision(game: FrederikGame, view: FrederikView, window: Window | None, fill: Fill) -> FrederikState:
    """The deal at `view.seat`'s decision, its hidden cards as `fill` has them (see the
    module's docstring).  PositionError, listing what disagrees, when the fill does not
    fit the view."""
    if view.players != game.players:
        raise PositionError(f"The view is of a {view.players}-player table, the game of {game.players}.")
    problems = _check_turn(view, window) + _check_rows(view, fill) + _check_pile(view, fill) + _check_deck(view, fill)
    if problems:
        raise PositionError("The fill does not fit seat {}'s view: {}.".format(view.seat, "; ".join(problems)))
    # Made by the constructor, so that every attribute a state has exists; then set to the decision.
    state = FrederikState(game, 0, 1, view.starter, [DECK])
    players, everyone = view.players, (1 << view.players) - 1
    state.deal = state.deals_in_match = view.deal
    state.points = list(view.points)
    state.phase, state.round = view.phase, view.round
    state.all_down, state.forfeited = list(view.all_down), list(view.forfeited)
    state._cards = [list(row) for row in fill.rows]
    state._up = [[shown.face_up for shown in tableau.cards] for tableau in view.tableaux]
    state._known = [
        [everyone if up else known | 1 << seat for up, known in zip(state._up[seat], fill.row_knowers[seat])]
        for seat in range(players)
    ]
    state._pile, state._pile_known = list(fill.pile), list(fill.pile_knowers)
    state.drawn = list(view.drawn)
    events = view.deal_events
    state._kept = bool(events) and isinstance(events[-1], Kept) and events[-1].action.kind is Move.KEEP
    state._forfeiter = next((e.seat for e in events if isinstance(e, Forfeited)), None)
    state._history = list(events)
    state._results = []
    state.__dict__.pop("_visible_cache", None)  # the constructor's history is gone
    actor = view.answering_seat if view.answering_seat is not None else view.seat
    state._index = (actor - view.starter) % players
    state._window, state._offers, state._aimed_at = window, [], -1
    state._pending = None
    if view.answering is not None:
        action = view.answering
        state._pending = (actor, action)
        if action.kind in TARGETED:
            owner = state.owner_of(action.target)  # type: ignore[arg-type]
            state._aimed_at = -1 if owner is None else owner
        if window is Window.INTERRUPT:
            order = [(actor + step) % players for step in range(1, players)]
            later = order[order.index(view.seat) + 1 :] if view.seat in order else []
            state._offers = [
                s
                for s in later
                if not state.forfeited[s] and interrupt_cards(action.card, state._cards[s], action.target)  # type: ignore[arg-type]
            ]
    state._to_act = view.seat
    state._legal = None
    if replace(state.view(view.seat), deals_in_match=view.deals_in_match) != view:
        raise PositionError(f"The state rebuilt from seat {view.seat}'s view does not show it that view.")
    return state
