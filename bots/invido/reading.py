"""Reading an invido `DecisionRequest` into plain Python values (`read_request` →
`Position`; no gRPC, no I/O).  Suits never matter to the bots, so a card is its
strength (6 = 0 … 3 = 7; a face-down card on the table is -1)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

STRENGTH = {"6": 0, "7": 1, "F": 2, "C": 3, "R": 4, "A": 5, "2": 6, "3": 7}
THREE = 7
FACE_DOWN = -1
LADDER = (1, 3, 6, 9, 12, 24)
NEXT = {LADDER[i]: LADDER[i + 1] for i in range(len(LADDER) - 1)}

# arena.v1.InvidoKind values (kept here so this module needs no protobuf import).
PLAY, CALL, VA_BENE, VADO_VIA, A_MONTE, NO, VADO_DENTRO = 1, 2, 3, 4, 5, 6, 7


def strength(card: str) -> int:
    return STRENGTH[card[0]]


# --- the position -------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """What one seat knows at a decision, as plain values."""

    seat: int
    hand: tuple[str, ...]
    mine: tuple[int, ...]  # my strengths, sorted
    opp_size: int  # cards in the opponent's hand
    unseen: tuple[int, ...]  # per strength 0..7: cards not in my hand nor played
    outcomes: tuple[int, ...]  # finished tricks: +1 mine, -1 theirs, 0 tied
    leader_me: bool  # I lead the trick in progress
    table: int | None  # strength of the card led in this trick, if any
    value: int  # what the giocata is worth now
    pending: int | None  # a score call waiting for an answer
    pending_mine: bool  # ... made by me
    monte_by_opp: bool  # the opponent's a monte waits for my answer
    my_points: int
    opp_points: int
    goal: int
    opp_raises: int = 0  # opponent's score calls this giocata
    opp_accepts: int = 0  # opponent's va bene to my calls / no to my a monte
    opp_montes: int = 0  # opponent's a monte calls this giocata
    legal: tuple[tuple[int, str | None, int | None], ...] = field(default=())

    @property
    def my_card_turn(self) -> bool:
        return self.leader_me if self.table is None else not self.leader_me

    def can(self, kind: int) -> bool:
        return any(k == kind for k, _, _ in self.legal)

    @property
    def raise_to(self) -> int | None:
        for kind, _, value in self.legal:
            if kind == CALL:
                return value
        return None


def _opt(message: Any, name: str) -> Any:
    return getattr(message, name) if message.HasField(name) else None


def read_request(request: Any) -> Position:
    """A `DecisionRequest` (protobuf) for an invido seat as a `Position`."""
    view = request.view.invido
    seat = view.seat
    other = 1 - seat
    hand = tuple(view.hand)
    seen = [0] * 8
    for card in hand:
        seen[strength(card)] += 1
    outcomes: list[int] = []
    leader_me = view.leader == seat
    table: int | None = None
    for trick in view.tricks:
        for played in trick.cards:
            if played.HasField("card") and not played.face_down:
                seen[strength(played.card)] += 1
        if trick.finished:
            winner = _opt(trick, "winner")
            outcomes.append(0 if winner is None else (1 if winner == seat else -1))
        else:
            leader_me = trick.leader == seat
            if trick.cards:
                first = trick.cards[0]
                table = FACE_DOWN if first.face_down else strength(first.card)
    unseen = tuple(4 - n for n in seen)
    # The opponent's calls in this giocata: the view's deal events are this giocata's.
    raises = accepts = montes = 0
    for event in view.deal_events:
        kind = event.WhichOneof("event")
        if kind == "called" and event.called.seat == other:
            raises += 1
        elif kind == "monte_called" and event.monte_called.seat == other:
            montes += 1
        elif kind == "answered" and event.answered.seat == other:
            answer = event.answered
            if (not answer.to_monte and answer.answer == VA_BENE) or (answer.to_monte and answer.answer == NO):
                accepts += 1
    pending = _opt(view, "pending_call")
    legal = tuple(
        (a.action.invido.kind, _opt(a.action.invido, "card"), _opt(a.action.invido, "value"))
        for a in request.legal_actions
    )
    points = list(view.points) or [0, 0]
    return Position(
        seat=seat,
        hand=hand,
        mine=tuple(sorted(strength(c) for c in hand)),
        opp_size=view.hand_sizes[other] if len(view.hand_sizes) > other else 3,
        unseen=unseen,
        outcomes=tuple(outcomes),
        leader_me=leader_me,
        table=table,
        value=view.value or 1,
        pending=pending,
        pending_mine=pending is not None and _opt(view, "pending_caller") == seat,
        monte_by_opp=_opt(view, "monte_caller") == other,
        my_points=points[seat],
        opp_points=points[other],
        goal=view.goal or 24,
        opp_raises=raises,
        opp_accepts=accepts,
        opp_montes=montes,
        legal=legal,
    )
