"""frederik's rules: FrederikGame (the registered game: spec, replay) and FrederikState
(one match: the draft, the battle with its answers and interrupt windows, scoring).

The rules as Arena plays them, and the choices where RULINGS.md is silent, are in the
package docstring (engine/frederik/__init__.py).  Legality lives in moves.py, poker's
ranking in hands.py, the sentences of refusal in refusals.py, the cards on the table in
table.py, and the answers and interrupt windows a declared move opens in windows.py.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._core import DealResult, DecisionKind, Event, Game, GameSpec, RateBy, State, Turn
from .._errors import IllegalAction, OptionError, PositionError, SeatError
from .._registry import register
from .._rng import DealRandom
from .cards import BATTLE_ROUNDS, DECK, DRAFT_DRAW, DRAFT_ROUNDS
from .hands import best_with_borrow
from .kinds import TARGETED, Category, Move, Phase, Window
from .moves import battle_moves, interrupt_cards, make_action, protectors, return_orders
from .notation import SUIT_FACES, check_pile, parse_action
from .records import (
    Acted,
    DealEnded,
    DealStarted,
    Drew,
    Forfeited,
    FrederikAction,
    Kept,
    MatchEnded,
    Responded,
    Returned,
    ShownHand,
)
from .refusals import FrederikRefusals
from .scene import FrederikScenes
from .stats import FrederikStats, frederik_statistics
from .windows import FrederikWindows

__all__ = ["FrederikGame", "FrederikState", "DEFAULT_DEALS"]

#: Deals in a match when the tournament does not say (`deals`).
DEFAULT_DEALS = 10
_PASS = FrederikAction(Move.PASS)
_KEEP_ALL = FrederikAction(Move.KEEP_ALL)


@register
class FrederikGame(FrederikScenes, Game["FrederikState"]):
    spec = GameSpec(
        name="frederik",
        title="Come quando Frederik piange",
        summary="Draft five cards, then two turns of swaps, discards and steals with answers and "
        "interrupts out of turn; the best poker hand wins.",
        min_players=2,
        max_players=6,
        default_players=4,
        options=(),
        # Every deal is a complete contest, ranked by poker: ratings take each deal's
        # finishing order (Plackett-Luce, ties shared).  The score is the deal won.
        rate_by=RateBy.DEAL,
        score_title="wins %",
        score_factor=100.0,
        suits=SUIT_FACES,
        notation=(
            "A card is rank then suit, T the ten (Th: the ten of hearts). A battle action names the "
            "actor's card, then its target, a face-up card in another seat's row: swap-higher Kh 9s "
            "trades the actor's Kh for a 9s it outranks (-lower: a lower card of the target's suit; "
            "-equal: one of its rank), discard-… sends both to the bottom, steal-… discards the "
            'actor\'s card and takes the target ("with": the cards it shows). draw 17 takes the '
            "pile's 17th card; reveal 7h seat 2 slot 0 turns up the actor's 7h and seat 2's card in "
            "slot 0. An interrupt (a card of the actor's card's suit or rank) cancels the action; a "
            "protection (a face-down card of the target's suit, higher or lower) foils it. When the "
            'deal ends, "borrows Ah" is the one card of another row a hand uses.'
        ),
    )

    def seat_statistics(self, history: Sequence[Event]) -> tuple[FrederikStats, ...]:
        """Per-seat actions, answers, interrupts and final hands (engine/frederik/stats.py)."""
        return frederik_statistics(history, self.players)

    def new_match(
        self,
        seed: int = 0,
        deals: int | None = None,
        hands: Sequence[str] | None = None,
        first_dealer: int | None = None,
    ) -> FrederikState:
        """`hands` is the first deal's pile, top first (`notation.check_pile`);
        `first_dealer` the seat that starts the first deal (default seat 0)."""
        explicit = [check_pile(hands)] if hands is not None else []
        return FrederikState(self, seed, DEFAULT_DEALS if deals is None else deals, first_dealer, explicit)

    def replay(self, history: Sequence[Event]) -> FrederikState:
        started = [e for e in history if isinstance(e, DealStarted)]
        if not started:
            raise PositionError("A frederik history starts with a DealStarted event; none was found.")
        if any(len(e.pile) != len(DECK) for e in started):
            raise PositionError("The pile is hidden in this history; replay needs the full (referee) history.")
        first = started[0]
        state = FrederikState(self, first.seed or 0, first.deals_in_match, first.starter, [e.pile for e in started])
        for event in history:
            if isinstance(event, Kept | Returned | Acted | Responded):
                state.apply(event.action)
            elif isinstance(event, Forfeited):
                state.forfeit(event.seat, event.reason)
        return state


class FrederikState(FrederikWindows, FrederikRefusals, State):
    """One frederik match: `deals_in_match` deals, the starting seat moving left each deal.

    The table is kept card by card with who knows each card: `_known[seat][i]` and
    `_pile_known[i]` are bit masks of the seats that know that card (its owner, everyone
    once it was face up or shown, the seat that returned it to the pile), so that a view
    shows each seat exactly what it has seen.
    """

    game: FrederikGame

    def __init__(
        self,
        game: FrederikGame,
        seed: int,
        deals_in_match: int,
        first: int | None,
        queue: list[tuple[str, ...]],
    ) -> None:
        if type(deals_in_match) is not int or deals_in_match < 1:
            raise OptionError(f"A match needs at least one deal; deals={deals_in_match!r} was asked.")
        players = game.players
        first = 0 if first is None else first
        if not 0 <= first < players:
            raise OptionError(f"first_dealer must be a seat from 0 to {players - 1}, not {first!r}.")
        super().__init__(game)
        self.seed = seed
        self.deals_in_match = deals_in_match
        self.players = players
        self._everyone = (1 << players) - 1
        self.points = [0.0] * players
        self._queue = list(queue)
        self.deal = 0
        self.starter = (first - 1) % players
        self._start_deal()

    # --- the deal -----------------------------------------------------------------------
    def _start_deal(self) -> None:
        players = self.players
        self.deal += 1
        self.starter = (self.starter + 1) % players
        if self._queue:
            pile = self._queue.pop(0)
        else:
            deck = list(DECK)
            DealRandom(self.seed, "frederik", "deal", self.deal).shuffle(deck)
            pile = tuple(deck)
        self._pile = list(pile)
        self._pile_known = [0] * len(pile)
        self._cards: list[list[str]] = [[] for _ in range(players)]
        self._up: list[list[bool]] = [[] for _ in range(players)]
        self._known: list[list[int]] = [[] for _ in range(players)]
        self.all_down = [False] * players
        self.forfeited = [False] * players
        self._forfeiter: int | None = None
        self.drawn: list[str] = []
        self._kept = False
        self.phase = Phase.DRAFT
        self.round = 1
        self._index = -1
        self._pending: tuple[int, FrederikAction] | None = None
        self._aimed_at = -1
        self._window: Window | None = None
        self._offers: list[int] = []
        dealt = DealStarted(self.deal, self.deals_in_match, self.starter, tuple(self.points), pile, self.seed)
        self._history.append(dealt)
        self._next_draft()

    def _seat_at(self, index: int) -> int:
        return (self.starter + index) % self.players

    def _next_draft(self) -> None:
        while True:
            self._index += 1
            if self._index == self.players:
                self._index, self.round = 0, self.round + 1
            if self.round > DRAFT_ROUNDS:
                self.phase, self.round, self._index = Phase.BATTLE, 1, -1
                self._next_battle()
                return
            seat = self._seat_at(self._index)
            if self.all_down[seat] or self.forfeited[seat]:
                continue
            count = min(DRAFT_DRAW, len(self._pile))
            self.drawn = self._pile[:count]
            self._kept = False
            del self._pile[:count], self._pile_known[:count]
            self._history.append(Drew(self.deal, self.round, seat, count, tuple(self.drawn)))
            self._ask(seat)
            return

    def _next_battle(self) -> None:
        while True:
            self._index += 1
            if self._index == self.players:
                self._index, self.round = 0, self.round + 1
            if self.round > BATTLE_ROUNDS:
                self._end_deal()
                return
            seat = self._seat_at(self._index)
            if not self.forfeited[seat]:
                self._ask(seat)
                return

    def _ask(self, seat: int | None) -> None:
        self._to_act = seat
        self._legal = None

    # --- the interface ------------------------------------------------------------------
    def standing(self) -> tuple[float, ...]:
        return tuple(self.points)

    def turn(self) -> Turn | None:
        seat = self._to_act
        if seat is None:
            return None
        if self._window is None:
            return Turn(seat)
        kind = DecisionKind.RESPONSE if self._window is Window.ANSWER else DecisionKind.INTERRUPT
        return Turn(seat, kind, responding_to=self._pending[0] if self._pending else None)

    def _generate(self) -> None:
        seat = self._to_act
        out: tuple[FrederikAction, ...]
        if seat is None:
            out = ()
        elif self.phase is Phase.DRAFT:
            if not self._kept:
                out = self._keeps(seat)
            else:
                out = return_orders(tuple(self.drawn))
        elif self._window is not None:
            out = (_PASS, *(make_action(self._answer_kind(), card=c) for c in self._answer_cards(seat)))
        else:
            tableaux = [(self._cards[s], self._up[s]) for s in range(self.players)]
            out = tuple(battle_moves(seat, tableaux, len(self._pile)))
        self._legal = out
        self._legal_set = None  # type: ignore[assignment]

    def _keeps(self, seat: int) -> tuple[FrederikAction, ...]:
        if self.round == 1:
            out = [make_action(Move.KEEP, card=c, face_down=True) for c in self.drawn]
            return (*out, _KEEP_ALL)
        return tuple(make_action(Move.KEEP, card=c, face_down=down) for c in self.drawn for down in (True, False))

    def _answer_kind(self) -> Move:
        return Move.PROTECT if self._window is Window.ANSWER else Move.INTERRUPT

    def _answer_cards(self, seat: int) -> list[str]:
        assert self._pending is not None
        action = self._pending[1]
        if self._window is Window.ANSWER:
            return protectors(action, self._cards[seat], self._up[seat])
        return interrupt_cards(action.card, self._cards[seat], action.target)  # type: ignore[arg-type]

    def parse_action(self, text: str) -> FrederikAction:
        return parse_action(text)

    def _apply_verified(self, action: FrederikAction) -> Event:  # type: ignore[override]
        seat = self._to_act
        assert seat is not None
        self._legal = None
        if self.phase is Phase.DRAFT:
            return self._draft(seat, action)
        if self._window is not None:
            return self._respond(seat, action)
        return self._battle(seat, action)

    # --- the draft ----------------------------------------------------------------------
    def _draft(self, seat: int, action: FrederikAction) -> Event:
        event: Event
        if action.kind is Move.KEEP_ALL:
            for card in self.drawn:
                self._place(seat, card, False, 0)
            self.drawn = []
            self.all_down[seat] = True
            event = Kept(self.deal, self.round, seat, action, None)
            self._history.append(event)
            self._next_draft()
            return event
        if action.kind is Move.KEEP:
            kept = action.card
            assert kept is not None
            self.drawn.remove(kept)
            turned_up = None
            if action.face_down:
                for i, up in enumerate(self._up[seat]):
                    if not up:
                        turned_up = self._cards[seat][i]
                        self._turn_up(seat, turned_up)
                self._place(seat, kept, False, 0)
            else:
                self._place(seat, kept, True, 0)
                turned_up = kept
            self._kept = True
            event = Kept(self.deal, self.round, seat, action, turned_up)
            self._history.append(event)
            return event
        self._to_bottom(action.cards, 1 << seat)
        self.drawn = []
        event = Returned(self.deal, self.round, seat, action)
        self._history.append(event)
        self._next_draft()
        return event

    # --- the battle ---------------------------------------------------------------------
    def _battle(self, seat: int, action: FrederikAction) -> Event:
        kind = action.kind
        drawn: tuple[str, ...] = ()
        if kind is Move.DRAW:
            drawn = self._draw_up(seat, 1)
        elif kind is Move.DRAW_NTH:
            drawn = self._draw_up(seat, 1, action.number)  # type: ignore[arg-type]
        elif kind is Move.DISCARD_PAIR or kind is Move.DISCARD_TRIPLE:
            self._discard(seat, action.cards)
            drawn = self._draw_up(seat, 4 if kind is Move.DISCARD_PAIR else 6)
        elif kind is Move.HIDE:
            self._up[seat][self._cards[seat].index(action.card)] = False  # type: ignore[arg-type]
        elif kind is Move.REVEAL:
            self._turn_up(seat, action.card)  # type: ignore[arg-type]
        elif kind in TARGETED:
            self._show(seat, action.card)  # type: ignore[arg-type]
            for card in action.cards:
                self._show(seat, card)
        event = Acted(self.deal, self.round, seat, action, drawn)
        self._history.append(event)
        if kind is Move.REVEAL or kind in TARGETED:
            self._declared(seat, action)
        else:
            self._next_battle()
        return event

    # --- the end of a deal --------------------------------------------------------------
    def _end_deal(self) -> None:
        players = self.players
        self.phase = Phase.OVER
        shown = []
        for seat in range(players):
            borrowable = [
                c
                for step in range(1, players)
                for c, up in zip(self._cards[(seat + step) % players], self._up[(seat + step) % players], strict=True)
                if up
            ]
            value, best, borrowed = best_with_borrow(self._cards[seat], borrowable)
            shown.append(ShownHand(seat, tuple(self._cards[seat]), borrowed, best, Category(value[0]), value))
        # Forfeiting seats rank last, together; the others by their hands, ties shared.
        keys = [(True, shown[s].value) if not self.forfeited[s] else (False, ()) for s in range(players)]
        ranks = tuple(sum(1 for other in keys if other > mine) for mine in keys)
        winners = [s for s in range(players) if ranks[s] == 0]
        scores = tuple(1.0 / len(winners) if s in winners else 0.0 for s in range(players))
        for seat in range(players):
            self.points[seat] += scores[seat]
        self._history.append(DealEnded(self.deal, tuple(shown), ranks, scores, tuple(self.points)))
        self._results.append(DealResult(self.deal, scores, ranks, self._forfeiter))
        self._to_act = None
        self._legal = ()
        self._legal_set = frozenset()
        if self.deal >= self.deals_in_match:
            self._history.append(MatchEnded(self.deal, tuple(self.points)))
            return
        self._start_deal()

    def forfeit(self, seat: int, reason: str) -> Event:
        """A fault passes `seat`'s decision (a draft draw goes back to the bottom as
        drawn; an answer or interrupt is declined) and every later one of the deal; the
        deal's result ranks it last."""
        if self._to_act is None:
            raise IllegalAction(f"The match is over, so seat {seat} cannot forfeit.")
        if not 0 <= seat < self.players:
            raise SeatError(f"There is no seat {seat} at a {self.players}-player frederik table.")
        if self.forfeited[seat]:
            raise IllegalAction(f"Seat {seat} has forfeited this deal already.")
        event = Forfeited(self.deal, seat, str(reason))
        self._history.append(event)
        self.forfeited[seat] = True
        if self._forfeiter is None:
            self._forfeiter = seat
        if self._to_act != seat:
            return event
        self._legal = None
        if self.phase is Phase.DRAFT:
            self._to_bottom(self.drawn, 1 << seat)
            self.drawn = []
            self._next_draft()
        elif self._window is Window.ANSWER:
            assert self._pending is not None
            self._open_interrupts(*self._pending)
        elif self._window is Window.INTERRUPT:
            self._offer_next()
        else:
            self._next_battle()
        return event

    def clone(self) -> FrederikState:
        other = self._copy()
        other.points = list(self.points)
        other._queue = list(self._queue)
        other._pile = list(self._pile)
        other._pile_known = list(self._pile_known)
        other._cards = [list(c) for c in self._cards]
        other._up = [list(u) for u in self._up]
        other._known = [list(k) for k in self._known]
        other.all_down = list(self.all_down)
        other.forfeited = list(self.forfeited)
        other.drawn = list(self.drawn)
        other._offers = list(self._offers)
        return other
