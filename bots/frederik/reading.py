"""Reading a frederik `DecisionRequest` into the bot's own picture (`read_request` →
`Picture`; no gRPC calls, no I/O).

The view (`request.view.frederik`, protos/arena/v1/frederik.proto) is the current deal
as this seat knows it; `request.kind` says why it is asked: its turn (the draft's keep
or return, a battle turn), the target's answer (RESPONSE) or an interrupt offer
(INTERRUPT), the view's `answering` then the action concerned and `answering_seat` its
actor.  The deal's events are replayed once more to learn who knows each position of
the pile (its own returns, every seat's, public discards), which the view gives only for
this seat's own knowledge, and which cards have been public.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.frederik import FrederikAction, Move, Phase, PileCard, TableCard, parse_action

__all__ = ["Picture", "read_request", "action_of", "TURN", "RESPONSE", "INTERRUPT"]

TURN, RESPONSE, INTERRUPT = 1, 2, 3  # arena.v1 DecisionKind values


@dataclass(frozen=True)
class Picture:
    """What one seat knows at a decision, as engine records and plain values."""

    seat: int
    players: int
    deal: int
    starter: int
    phase: Phase
    round: int
    to_act: int | None
    kind: int  # TURN, RESPONSE or INTERRUPT
    tableaux: tuple[tuple[TableCard, ...], ...]  # every seat's row; "" where unknown
    drawn: tuple[str, ...]  # the draft's five, while it keeps or returns
    pile_size: int
    pile_known: tuple[PileCard, ...]
    all_down: tuple[bool, ...]
    forfeited: tuple[bool, ...]
    answering: FrederikAction | None
    answering_seat: int | None
    legal: tuple[FrederikAction, ...]
    #: Per pile position (top first): the bit mask of the seats that know its card,
    #: replayed from the deal's events; empty when the replay does not agree with the view.
    pile_knowers: tuple[int, ...]
    #: Cards this deal's public events showed (face up, used, shown, discarded).
    public: frozenset[str]
    #: Per seat, the chance that it plays at random rather than like the greedy, from
    #: how its public keeps and battle turns fit each (`_TYPE_ODDS`); 0 for itself.
    random_odds: tuple[float, ...]

    @property
    def mine(self) -> tuple[TableCard, ...]:
        return self.tableaux[self.seat]

    @property
    def returning(self) -> bool:
        """In the draft: the card is kept, the other four go back now."""
        return bool(self.legal) and self.legal[0].kind is Move.RETURN

    def index(self, action: FrederikAction) -> int:
        """The index of `action` among the legal actions (0, a legal one, if absent)."""
        try:
            return self.legal.index(action)
        except ValueError:
            text = action.text
            for i, legal in enumerate(self.legal):
                if legal.text == text:
                    return i
            return 0


def action_of(message: Any) -> FrederikAction:
    """A FrederikAction message as the engine's record."""
    return FrederikAction(
        Move(message.kind),
        card=message.card if message.HasField("card") else None,
        target=message.target if message.HasField("target") else None,
        cards=tuple(message.cards),
        seat=message.seat if message.HasField("seat") else None,
        slot=message.slot if message.HasField("slot") else None,
        number=message.number if message.HasField("number") else None,
        face_down=message.face_down,
    )


#: How much likelier a random player is than a greedy one to make each public move (a
#: likelihood ratio), and the prior odds that a seat is random.  The draft's, for keeps
#: after the first, were counted over 3000 simulated drafts (a greedy seat keeps face
#: down 20% of the time, a random one 50%; a face-up keep pairs one of its face-up
#: ranks 9% of the time against 4%, shares a suit held twice 14% against 2%); the
#: battle's are rough: a random seat draws or passes a turn in some 3% of turns, the
#: greedy in some 70%, and hides or reveals where the greedy never does.
_TYPE_ODDS = {
    "prior": 0.25,
    "down": 2.5,
    "up pairs": 0.45,
    "up suited": 0.16,
    "up": 0.76,
    "draw or pass": 0.05,
    "hide or reveal": 20.0,
    "throw": 2.0,
    "targeted": 4.0,
    "draw known": 0.2,
    "draw unknown": 10.0,
}


def _replay(view: Any) -> tuple[list[int], set[str], list[float]]:
    """The pile's knowers by position, the public cards and each seat's odds of playing
    at random, from the events."""
    players = view.players
    everyone = (1 << players) - 1
    pile: list[int] = []
    public: set[str] = set()
    odds = [_TYPE_ODDS["prior"]] * players
    shown: list[list[str]] = [[] for _ in range(players)]  # each seat's face-up cards
    holding: dict[int, int] = {}  # a seat's draft cards in hand, while it decides
    for event in view.deal_events:
        which = event.WhichOneof("event")
        if which == "deal_started":
            pile = [0] * 52
        elif which == "drew":
            e = event.drew
            del pile[: e.count]
            holding[e.seat] = e.count
        elif which == "kept":
            e = event.kept
            action = e.action
            if action.kind == Move.KEEP_ALL.value:
                holding.pop(e.seat, None)
            else:
                holding[e.seat] = holding.get(e.seat, 1) - 1
                if e.round > 1:
                    odds[e.seat] *= _TYPE_ODDS[_keep_sign(action, shown[e.seat])]
                if not action.face_down and action.HasField("card"):
                    public.add(action.card)
            if e.HasField("turned_up"):
                public.add(e.turned_up)
                shown[e.seat].append(e.turned_up)
        elif which == "returned":
            e = event.returned
            pile.extend([1 << e.seat] * holding.pop(e.seat, 4))
        elif which == "acted":
            odds[event.acted.seat] *= _TYPE_ODDS[_turn_sign(event.acted.action, pile, event.acted.seat)]
            _acted(event.acted, pile, public, everyone)
        elif which == "responded":
            e = event.responded
            if e.action.kind != Move.PASS.value and e.action.HasField("card"):
                public.add(e.action.card)
                if e.action.kind == Move.INTERRUPT.value:
                    pile.append(everyone)
        elif which == "resolved":
            e = event.resolved
            kind = Move(e.action.kind)
            if kind is not Move.REVEAL:
                if e.outcome != 1:  # protected or interrupted: the actor's card goes
                    pile.append(everyone)
                elif kind in (Move.DISCARD_HIGHER, Move.DISCARD_LOWER, Move.DISCARD_EQUAL):
                    pile.extend((everyone, everyone))
                elif kind in (Move.STEAL_HIGHER, Move.STEAL_LOWER):
                    pile.append(everyone)
        elif which == "forfeited":
            e = event.forfeited
            left = holding.pop(e.seat, 0)
            if left:  # a draft draw forfeited goes back under as drawn
                pile.extend([1 << e.seat] * left)
    odds[view.seat] = 0.0
    return pile, public, [o / (1 + o) for o in odds]


def _keep_sign(action: Any, shown: list[str]) -> str:
    """Which kind of keep, for `_TYPE_ODDS`: down, or up and how it fits the face-up cards."""
    if action.face_down or not action.HasField("card"):
        return "down"
    card = action.card
    if any(card[0] == other[0] for other in shown):
        return "up pairs"
    if sum(card[1] == other[1] for other in shown) >= 2:
        return "up suited"
    return "up"


def _turn_sign(action: Any, pile: list[int], seat: int) -> str:
    """Which kind of battle turn, for `_TYPE_ODDS` (a `draw N` by whether the seat knew
    that position's card: the greedy draws only a card it knows there)."""
    kind = Move(action.kind)
    if kind in (Move.PASS, Move.DRAW):
        return "draw or pass"
    if kind in (Move.HIDE, Move.REVEAL):
        return "hide or reveal"
    if kind in (Move.DISCARD_PAIR, Move.DISCARD_TRIPLE):
        return "throw"
    if kind is Move.DRAW_NTH:
        known = 0 < action.number <= len(pile) and pile[action.number - 1] >> seat & 1
        return "draw known" if known else "draw unknown"
    return "targeted"


def _acted(e: Any, pile: list[int], public: set[str], everyone: int) -> None:
    action = e.action
    kind = Move(action.kind)
    public.update(e.drawn)
    public.update(action.cards)
    if action.HasField("card"):
        public.add(action.card)
    if kind is Move.DRAW:
        del pile[:1]
    elif kind is Move.DRAW_NTH:
        del pile[action.number - 1 : action.number]
    elif kind in (Move.DISCARD_PAIR, Move.DISCARD_TRIPLE):
        pile.extend([everyone] * len(action.cards))
        del pile[: len(e.drawn)]


def read_request(request: Any) -> Picture:
    """A `DecisionRequest` (protobuf) for a frederik seat as a `Picture`."""
    view = request.view.frederik
    tableaux = tuple(tuple(TableCard(c.card, c.face_up) for c in t.cards) for t in view.tableaux)
    pile_known = tuple(PileCard(p.position, p.card) for p in view.pile_known)
    knowers, public, odds = _replay(view)
    bit = 1 << view.seat
    mine = {i + 1 for i, k in enumerate(knowers) if k & bit}
    if len(knowers) != view.pile_size or mine != {p.position for p in pile_known}:
        knowers = []  # the replay disagrees with the view: trust the view alone
    return Picture(
        seat=view.seat,
        players=view.players,
        deal=view.deal,
        starter=view.starter,
        phase=Phase(view.phase),
        round=view.round,
        to_act=view.to_act if view.HasField("to_act") else None,
        kind=request.kind or TURN,
        tableaux=tableaux,
        drawn=tuple(view.drawn),
        pile_size=view.pile_size,
        pile_known=pile_known,
        all_down=tuple(view.all_down),
        forfeited=tuple(view.forfeited) or (False,) * view.players,
        answering=action_of(view.answering) if view.HasField("answering") else None,
        answering_seat=view.answering_seat if view.HasField("answering_seat") else None,
        legal=tuple(parse_action(a.text) for a in request.legal_actions),
        pile_knowers=tuple(knowers),
        public=frozenset(public),
        random_odds=tuple(odds),
    )
