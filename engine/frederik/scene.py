"""frederik as a spectator watches it (`engine.Scene`, for replays): each seat's cards
face down (its `hand`, with the cards it drew in the draft while it chooses) and face up
before it, the pile's size, the phase, the action declared and how it ended, the wins.

A seat's silent pass of an answer or an interrupt is seen by that seat alone (the rules
ask only a seat that could answer), so a scene shows neither that pass nor, while a
declared action waits for answers, who is asked: `to_act` is then None.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .._core import Event
from .._scene import Scene, SeatScene, spectator_texts
from .cards import BATTLE_ROUNDS, DECK, DRAFT_ROUNDS
from .kinds import TARGETED, Move, Outcome
from .records import Acted, DealEnded, DealStarted, Drew, Forfeited, Kept, MatchEnded, Resolved, Responded, Returned

__all__ = ["FrederikScenes", "frederik_scenes"]

_SWAPS = (Move.SWAP_HIGHER, Move.SWAP_LOWER, Move.SWAP_EQUAL)
_DISCARDS = (Move.DISCARD_HIGHER, Move.DISCARD_LOWER, Move.DISCARD_EQUAL)


class _Table:
    """The cards before each seat (card, face up) in the order they arrived, the cards a
    seat holds in the draft, the pile's size, and whose turn it is."""

    def __init__(self, players: int, starter: int) -> None:
        self.players, self.starter = players, starter
        self.cards: list[list[tuple[str, bool]]] = [[] for _ in range(players)]
        self.drawn: list[list[str]] = [[] for _ in range(players)]
        self.pile = len(DECK)
        self.all_down = [False] * players
        self.forfeited = [False] * players
        self.battle, self.round, self.index = False, 1, -1
        self.turn: int | None = None
        self.declared = ""

    def place(self, seat: int, card: str, up: bool) -> None:
        self.cards[seat].append((card, up))

    def take(self, seat: int, card: str) -> None:
        self.cards[seat] = [(c, up) for c, up in self.cards[seat] if c != card]

    def discard(self, seat: int, card: str) -> None:
        self.take(seat, card)
        self.pile += 1

    def turn_up(self, seat: int, card: str) -> None:
        self.cards[seat] = [(c, up or c == card) for c, up in self.cards[seat]]

    def owner(self, card: str) -> int:
        return next(seat for seat, cards in enumerate(self.cards) if any(c == card for c, _ in cards))

    def next_turn(self) -> None:
        """The rules' order: the draft's five rounds, then the battle's two, from the
        starter clockwise, skipping a seat that forfeited (or kept all, in the draft)."""
        while True:
            self.index += 1
            if self.index == self.players:
                self.index, self.round = 0, self.round + 1
            if not self.battle and self.round > DRAFT_ROUNDS:
                self.battle, self.round, self.index = True, 1, 0
            if self.battle and self.round > BATTLE_ROUNDS:
                self.turn = None
                return
            seat = (self.starter + self.index) % self.players
            if not self.forfeited[seat] and (self.battle or not self.all_down[seat]):
                self.turn = seat
                return


def frederik_scenes(history: Sequence[Event], players: int) -> Iterator[Scene]:
    """One scene after each event of a full history."""
    table = _Table(players, 0)
    points = [0.0] * players
    deal_line = last = ended = ""
    open_hands = False
    for event in history:
        actor: int | None = getattr(event, "seat", None)
        if isinstance(event, DealStarted):
            table = _Table(players, event.starter)
            table.next_turn()
            points = list(event.points)
            deal_line = f"{event.deal} of {event.deals_in_match}"
            last = ended = ""
            open_hands = False
        elif isinstance(event, Drew):
            table.drawn[event.seat] = list(event.cards)
            table.pile -= event.count
            actor = None
        elif isinstance(event, Kept):
            _keep(table, event)
        elif isinstance(event, Returned):
            table.drawn[event.seat] = []
            table.pile += len(event.action.cards)
            table.next_turn()
        elif isinstance(event, Acted):
            _act(table, event)
        elif isinstance(event, Responded):
            if event.action.kind is Move.PASS:
                actor = None  # seen by that seat alone
            elif event.action.kind is Move.PROTECT:
                table.turn_up(event.seat, event.action.card)  # type: ignore[arg-type]
            else:
                table.discard(event.seat, event.action.card)  # type: ignore[arg-type]
        elif isinstance(event, Resolved):
            _resolve(table, event)
            last, table.declared, actor = event.text, "", None
            table.next_turn()
        elif isinstance(event, Forfeited):
            table.forfeited[event.seat] = True
            if not table.declared and table.turn == event.seat:
                table.pile += len(table.drawn[event.seat])
                table.drawn[event.seat] = []
                table.next_turn()
        elif isinstance(event, DealEnded):
            points, open_hands, table.turn, actor = list(event.points), True, None, None
            ended = event.text.split(": ", 1)[1]
        elif isinstance(event, MatchEnded):
            points, table.turn = list(event.points), None
        text, secret_text = spectator_texts(event)
        last_round = BATTLE_ROUNDS if table.battle else DRAFT_ROUNDS
        phase = "over" if open_hands else f"{'battle' if table.battle else 'draft'} {min(table.round, last_round)}"
        yield Scene(
            text=text,
            actor=actor,
            seats=tuple(
                SeatScene(
                    hand=tuple(c for c, up in table.cards[seat] if not up) + tuple(table.drawn[seat]),
                    open=open_hands,
                    shown=tuple(c for c, up in table.cards[seat] if up),
                    status=_status(seat, table, points[seat]),
                )
                for seat in range(players)
            ),
            table=(
                ("deal", deal_line),
                ("phase", phase if deal_line else ""),
                ("pile", f"{table.pile} cards" if deal_line else ""),
                ("declared", table.declared),
                ("last", last),
                ("ended", ended),
            ),
            to_act=None if table.declared else table.turn,
            secret_text=secret_text,
        )


def _keep(table: _Table, event: Kept) -> None:
    seat, action = event.seat, event.action
    if action.kind is Move.KEEP_ALL:
        for drawn in table.drawn[seat]:
            table.place(seat, drawn, False)
        table.drawn[seat] = []
        table.all_down[seat] = True
        table.next_turn()
        return
    card = action.card
    assert card is not None
    table.drawn[seat].remove(card)
    if action.face_down:
        table.cards[seat] = [(c, True) for c, _ in table.cards[seat]]
    table.place(seat, card, not action.face_down)


def _act(table: _Table, event: Acted) -> None:
    seat, action = event.seat, event.action
    kind = action.kind
    if kind in (Move.DISCARD_PAIR, Move.DISCARD_TRIPLE):
        for card in action.cards:
            table.discard(seat, card)
    elif kind is Move.HIDE:
        table.cards[seat] = [(c, up and c != action.card) for c, up in table.cards[seat]]
    elif kind is Move.REVEAL:
        table.turn_up(seat, action.card)  # type: ignore[arg-type]
    for card in event.drawn:
        table.place(seat, card, True)
    table.pile -= len(event.drawn)
    if kind is Move.REVEAL or kind in TARGETED:
        table.declared = f"seat {seat}: {action.text}"
    else:
        table.next_turn()


def _resolve(table: _Table, event: Resolved) -> None:
    seat, action, aimed = event.seat, event.action, event.target_seat
    card, target = action.card, action.target
    assert card is not None
    if action.kind is Move.REVEAL:
        if event.turned_up is not None:
            table.turn_up(aimed, event.turned_up)
    elif event.outcome is not Outcome.DONE:
        table.discard(seat, card)
    else:
        assert target is not None
        if action.kind in _SWAPS:
            table.take(seat, card)
            table.take(aimed, target)
            table.place(aimed, card, True)
            table.place(seat, target, True)
        elif action.kind in _DISCARDS:
            table.discard(seat, card)
            table.discard(aimed, target)
        else:  # a steal
            table.discard(seat, card)
            table.take(aimed, target)
            table.place(seat, target, True)


def _status(seat: int, table: _Table, points: float) -> str:
    parts = ["starter"] if seat == table.starter else []
    if table.all_down[seat]:
        parts.append("all face down")
    if table.forfeited[seat]:
        parts.append("forfeited")
    parts.append(f"{points:g} win{'s' if points != 1 else ''}")
    return " · ".join(parts)


class FrederikScenes:
    """`FrederikGame.scenes`, a mixin of the game class (engine/frederik/rules.py is at
    the 500-line limit, so its one method lives here)."""

    players: int

    def scenes(self, history: Sequence[Event]) -> tuple[Scene, ...]:
        """Each seat's cards face down and face up, the pile, the declared action and how
        it ended, the wins (engine/frederik/scene.py)."""
        return tuple(frederik_scenes(history, self.players))
