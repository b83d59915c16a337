"""Worlds consistent with what a seat knows: the determinizations ISMCTS searches.

ISMCTS (Cowling, Powley and Whitehouse 2012) needs, at each simulation, one full state
drawn from the seat's information set.  Each function here reads a request and returns
an engine match of one deal, rebuilt at this decision: the seat's own cards and
everything public as they are, the hidden cards dealt uniformly at random among the
places they may be (no inference from the others' bids or declarations: that is the
algorithm's business, and ours would make it our bot).  Games without one are not
offered to the bot.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import engine

__all__ = ["WORLDS", "PAST_AS_SEEN", "conto_world", "bridge_world", "invido_world", "vegas_world", "frederik_world"]


def conto_world(request: Any, rng: random.Random) -> engine.State:
    """The hand with the other seats' unrevealed cards dealt uniformly from the unseen ones."""
    from bots.conto.playout import build_state  # noqa: PLC0415 — loaded for conto only
    from bots.conto.reading import read_request  # noqa: PLC0415
    from bots.conto.sampling import sample_dealt_hands  # noqa: PLC0415

    info = read_request(request)
    return build_state(info, sample_dealt_hands(info, rng))


_BRIDGE_DECK = tuple(suit + rank for suit in "SHDC" for rank in "AKQJT98765432")


def _deal_hidden(
    pool: list[str], room: dict[int, int], voids: set[tuple[int, str]], rng: random.Random
) -> dict[int, list[str]] | None:
    """The pool dealt to the seats with room, none to a seat in a suit it showed out of."""
    hands: dict[int, list[str]] = {seat: [] for seat in room}
    left = dict(room)
    # Cards with the fewest seats that may hold them go first, so a forced card finds room.
    order = sorted(pool, key=lambda card: (sum((seat, card[0]) not in voids for seat in room), rng.random()))
    for card in order:
        seats = [seat for seat in room if left[seat] and (seat, card[0]) not in voids]
        if not seats:
            return None
        weights = [left[seat] for seat in seats]  # uniform over the places still open
        seat = rng.choices(seats, weights)[0]
        hands[seat].append(card)
        left[seat] -= 1
    return hands


def bridge_world(request: Any, rng: random.Random) -> engine.State:
    """The board with the unseen cards dealt at random to the seats that may hold them
    (a seat that did not follow suit holds none of it), the auction and play replayed."""
    from bots.bridge.reading import read_request  # noqa: PLC0415 — loaded for bridge only
    from engine.bridge import BoardDealt, DealtHand, Vulnerability, parse_hand  # noqa: PLC0415

    table = read_request(request)
    played: dict[int, list[str]] = {seat: [] for seat in range(4)}
    for seat, card in table.played:
        played[seat].append(card)
    known = {table.seat: list(table.hand)}
    if table.dummy_seat is not None and (table.dummy or len(played[table.dummy_seat]) == 13):
        known[table.dummy_seat] = list(table.dummy)  # shown once the opening lead is made
    seen = {card for cards in known.values() for card in cards} | {card for _, card in table.played}
    pool = [card for card in _BRIDGE_DECK if card not in seen]
    room = {seat: 13 - len(played[seat]) for seat in range(4) if seat not in known}
    for _ in range(1000):
        hidden = _deal_hidden(pool, room, table.voids(), rng)
        if hidden is not None:
            break
    else:
        raise RuntimeError("no layout of the hidden cards fits the play")
    hands = {**known, **hidden}
    dealt = tuple(DealtHand(seat, parse_hand(" ".join(hands[seat] + played[seat]))) for seat in range(4))
    view = request.view.bridge
    # The board's own number: its dealer and vulnerability, so its scores, are the real ones.
    board = BoardDealt(
        view.board,
        max(view.boards_in_match, view.board),
        table.dealer,
        Vulnerability(table.vulnerability),
        dealt,
        (0, 0),
    )
    state = engine.load("bridge").replay([board])
    for call in table.auction:
        state.apply(call)
    for _, card in table.played:
        state.apply(card)
    return state


def _one_of(state: engine.State, **fields: Any) -> engine.Action:
    """The legal action whose fields have these values (the event a request shows, as
    the action that made it)."""
    for action in state.legal_actions():
        if all(getattr(action, name) == value for name, value in fields.items()):
            return action
    raise RuntimeError(f"no legal action with {fields} in {[str(a) for a in state.legal_actions()]}")


def invido_world(request: Any, rng: random.Random) -> engine.State:
    """The giocata with the opponent's unseen cards drawn from the cards neither seat has
    shown, its calls and plays replayed (a card it played face down: one of its drawn).
    The match's points are not carried over: the rebuilt giocata starts the match."""
    from engine.invido import DECK, DealtHand, GiocataDealt, Kind  # noqa: PLC0415

    view = request.view.invido
    seat = view.seat
    events = list(view.deal_events)
    dealt = events[0].giocata_dealt
    mine = list(view.hand)
    shown: list[str] = []  # the opponent's cards played face up
    for event in events:
        if event.WhichOneof("event") == "card_played":
            played = event.card_played
            if played.seat == seat:
                mine.append(played.card)
            elif played.HasField("card") and not played.face_down:
                shown.append(played.card)
    unseen = [card for card in DECK if card not in mine and card not in shown]
    theirs = shown + rng.sample(unseen, 3 - len(shown))
    hands = [DealtHand(s, 3, tuple(mine if s == seat else theirs)) for s in range(2)]
    game = engine.load("invido", vado_dentro=request.view.invido.vado_dentro)
    state = game.replay(
        [GiocataDealt(1, dealt.max_giocate or 1000, dealt.dealer, dealt.leader, 24, (0, 0), tuple(hands))]
    )
    for event in events[1:]:
        kind = event.WhichOneof("event")
        if kind == "card_played":
            played = event.card_played
            if played.face_down and not played.HasField("card"):
                state.apply(rng.choice([a for a in state.legal_actions() if a.kind is Kind.VADO_DENTRO]))
            else:
                move = Kind.VADO_DENTRO if played.face_down else Kind.PLAY
                state.apply(_one_of(state, kind=move, card=played.card))
        elif kind == "called":
            state.apply(_one_of(state, kind=Kind.CALL))
        elif kind == "monte_called":
            state.apply(_one_of(state, kind=Kind.A_MONTE))
        elif kind == "answered":
            state.apply(_one_of(state, kind=Kind(event.answered.answer)))
        elif kind == "went_away" and not state.is_terminal() and state.current_seat() == event.went_away.seat:
            if any(a.kind is Kind.VADO_VIA for a in state.legal_actions()):
                state.apply(_one_of(state, kind=Kind.VADO_VIA))
    return state


def vegas_world(request: Any, rng: random.Random) -> engine.State:
    """The hand with the others' unseen cards and the centre's unflipped cards drawn from
    the cards the seat has not seen, the bets replayed (flips and discards follow)."""
    from engine.vegas import DECK, DealtHand, HandDealt  # noqa: PLC0415
    from engine.vegas.records import Bet  # noqa: PLC0415

    view = request.view.vegas
    seat, players = view.seat, view.players
    events = list(view.deal_events)
    dealt = events[0].hand_dealt
    mine = next(list(hand.cards) for hand in dealt.hands if hand.seat == seat)
    discarded: dict[int, list[str]] = {s: [] for s in range(players)}
    # A seat still in at a flip discards every card of its rank: it holds none of them after.
    barred: dict[int, set[str]] = {s: set() for s in range(players)}
    folded: set[int] = set()
    flipped: list[str] = []
    for event in events:
        kind = event.WhichOneof("event")
        if kind == "acted" and event.acted.action == Bet.LASCIA.value:
            folded.add(event.acted.seat)
        elif kind == "forfeited":
            folded.add(event.forfeited.seat)
        elif kind == "card_flipped":
            flipped.append(event.card_flipped.card)
            for s in range(players):
                if s not in folded:
                    barred[s].add(event.card_flipped.card[0])
            for discard in event.card_flipped.discards:
                discarded[discard.seat].extend(discard.cards)
    seen = set(mine) | set(flipped) | {card for cards in discarded.values() for card in cards}
    unseen = [card for card in DECK if card not in seen]
    for _ in range(1000):
        rng.shuffle(unseen)
        pool = list(unseen)
        hands = []
        for s in range(players):
            if s == seat:
                hands.append(DealtHand(s, 3, tuple(mine)))
                continue
            allowed = [card for card in pool if card[0] not in barred[s]]
            need = 3 - len(discarded[s])
            if len(allowed) < need:
                break
            drawn = allowed[:need]  # the pool is shuffled: the first allowed are a uniform draw
            for card in drawn:
                pool.remove(card)
            hands.append(DealtHand(s, 3, tuple(discarded[s] + drawn)))
        if len(hands) == players:
            break
    else:
        raise RuntimeError("no deal of the unseen cards fits the discards")
    centre = tuple(flipped + pool[: 4 - len(flipped)])
    game = engine.load("vegas", players=players, ante=view.ante, bet=view.bet, raises=view.max_raises)
    pot = dealt.ante * players
    state = game.replay([HandDealt(1, 1, dealt.dealer, dealt.ante, pot, tuple(hands), centre, (0,) * players)])
    for event in events[1:]:
        kind = event.WhichOneof("event")
        if kind == "acted":
            state.apply(_one_of(state, kind=Bet(event.acted.action)))
        elif kind == "forfeited":
            state.forfeit(event.forfeited.seat, event.forfeited.reason)
    return state


def _frederik_event(message: Any) -> engine.Event:
    """One of the view's deal events (a FrederikEvent message) as the engine's record."""
    from bots.frederik.reading import action_of  # noqa: PLC0415 — loaded for frederik only
    from engine import frederik  # noqa: PLC0415

    which = message.WhichOneof("event")
    inner = getattr(message, which)
    record = getattr(frederik, _FREDERIK_EVENTS[which])
    values: dict[str, Any] = {}
    for field in dataclasses.fields(record):
        if field.metadata.get("referee_only"):
            continue
        value = getattr(inner, field.name)
        described = inner.DESCRIPTOR.fields_by_name[field.name]
        if field.name == "action":
            value = action_of(value)
        elif described.has_presence and not inner.HasField(field.name):
            value = None
        elif field.name in ("window", "outcome"):
            value = (frederik.Window if field.name == "window" else frederik.Outcome)(value)
        elif described.is_repeated:
            value = tuple(value)
        values[field.name] = value
    return record(**values)


_FREDERIK_EVENTS = {
    "deal_started": "DealStarted",
    "drew": "Drew",
    "kept": "Kept",
    "returned": "Returned",
    "acted": "Acted",
    "responded": "Responded",
    "resolved": "Resolved",
    "forfeited": "Forfeited",
}


def _frederik_view(message: Any) -> Any:
    """The request's FrederikView message as the engine's `FrederikView`."""
    from bots.frederik.reading import action_of  # noqa: PLC0415 — loaded for frederik only
    from engine import frederik  # noqa: PLC0415

    players = message.players
    return frederik.FrederikView(
        seat=message.seat,
        deal=message.deal,
        deals_in_match=message.deals_in_match,
        players=players,
        starter=message.starter,
        phase=frederik.Phase(message.phase),
        round=message.round,
        to_act=message.to_act if message.HasField("to_act") else None,
        tableaux=tuple(
            frederik.Tableau(t.seat, tuple(frederik.TableCard(c.card, c.face_up) for c in t.cards))
            for t in message.tableaux
        ),
        drawn=tuple(message.drawn),
        pile_size=message.pile_size,
        pile_known=tuple(frederik.PileCard(p.position, p.card) for p in message.pile_known),
        all_down=tuple(message.all_down) or (False,) * players,
        forfeited=tuple(message.forfeited) or (False,) * players,
        answering=action_of(message.answering) if message.HasField("answering") else None,
        answering_seat=message.answering_seat if message.HasField("answering_seat") else None,
        points=tuple(message.points),
        deal_events=tuple(_frederik_event(event) for event in message.deal_events),
    )


#: The frederik request last read, and what was read from it: ISMCTS draws a world for
#: every simulation of one decision, and the reading is the same for all of them.
_FREDERIK_READ: list[Any] = [None, None]


def _frederik_reading(request: Any) -> tuple[Any, Any, Any, Any]:
    """The game, the seat's view (engine records), the window it is asked in (None on a
    turn) and its `Sim` with -1 where it cannot place a card, read once per request."""
    if _FREDERIK_READ[0] is not request:
        from bots.frederik.reading import INTERRUPT, RESPONSE, read_request  # noqa: PLC0415
        from bots.frederik.sampling import base_sim  # noqa: PLC0415
        from engine.frederik import Window  # noqa: PLC0415

        view = _frederik_view(request.view.frederik)
        window = {RESPONSE: Window.ANSWER, INTERRUPT: Window.INTERRUPT}.get(request.kind)
        game = engine.load("frederik", players=view.players)
        _FREDERIK_READ[:] = [request, (game, view, window, base_sim(read_request(request)))]
    return _FREDERIK_READ[1]


def frederik_world(request: Any, rng: random.Random) -> engine.State:
    """The deal at this decision with the cards the seat cannot place (the others' face-down
    cards it has not seen, the pile's positions it has not seen go under) dealt uniformly
    into those places, everything its view shows as it is; the engine's state made from
    them (engine.frederik.state_at_decision), which asks the same seat in the same window.

    What the seat knows is its view: like the engine, the world does not follow a card the
    seat returned into the draft hand of a seat that drew it later."""
    from bots.frederik.cards import names  # noqa: PLC0415 — loaded for frederik only
    from bots.frederik.sampling import sample  # noqa: PLC0415
    from engine.frederik import Fill, state_at_decision  # noqa: PLC0415

    game, view, window, base = _frederik_reading(request)
    world = sample(base, rng, weighted=False)
    fill = Fill(
        tuple(names(row) for row in world.cards),
        tuple(tuple(knows) for knows in world.knows),
        names(world.pile),
        tuple(world.pile_knows),
    )
    return state_at_decision(game, view, window, fill)


#: Games whose worlds hold the deal's past only as the deciding seat saw it (frederik's: the
#: others' hidden draft choices are not drawn, only where the cards are now), so another
#: seat's information set in a world does not tell its cards: the search must allow one
#: information set different actions in different worlds.
PAST_AS_SEEN = frozenset({"frederik"})

#: The games the bot plays, and how it draws a world of each.
WORLDS: dict[str, Callable[[Any, random.Random], engine.State]] = {
    "conto": conto_world,
    "invido": invido_world,
    "vegas": vegas_world,
    "bridge": bridge_world,
    "frederik": frederik_world,
}
