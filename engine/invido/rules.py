"""Invido's rules: InvidoGame (the registered game: spec, options, interned
actions, replay) and InvidoState (one match: dealing, legal actions, applying them,
views; the end of tricks, giocate and the match are endings.py's).

The rules as Arena plays them, and the choices where RULINGS.md is silent, are in the
package docstring (engine/invido/__init__.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._core import (
    DecisionKind,
    Event,
    Game,
    GameSpec,
    MatchResult,
    Option,
    RateBy,
    State,
    Turn,
    ranks_from_scores,
)
from .._errors import IllegalAction, OptionError, PositionError, SeatError
from .._registry import register
from .._rng import DealRandom
from .._scene import Scene
from .._suits import ITALIAN_RANKS
from .endings import InvidoEndings
from .notation import SUIT_FACES, check_hands, parse_action
from .records import (
    DECK,
    DEFAULT_CAP,
    GOAL,
    HAND_SIZE,
    LADDER,
    NEXT_CALL,
    SORT_KEY,
    Answered,
    Called,
    CardPlayed,
    DealtHand,
    EndReason,
    Forfeited,
    GiocataDealt,
    InvidoAction,
    InvidoView,
    Kind,
    MonteCalled,
    PlayedCard,
    TrickRecord,
    WentAway,
)
from .refusals import InvidoRefusals
from .scene import invido_scenes
from .stats import InvidoStats, invido_statistics

__all__ = ["InvidoGame", "InvidoState"]


# --- the game -------------------------------------------------------------------------


@register
class InvidoGame(Game["InvidoState"]):
    spec = GameSpec(
        name="invido",
        title="Invido",
        summary="Two players, three tricks, and calls that raise the stake up to 24.",
        min_players=2,
        max_players=2,
        default_players=2,
        options=(
            Option(
                "vado_dentro",
                False,
                (False, True),
                "allow playing a card face down (vado dentro): it always loses the trick",
            ),
        ),
        # Ratings count matches, not giocate: the match (first to 24) is the contest,
        # and giocate are neither equal nor independent trials.  One is worth 1 point,
        # another 24; a seat that folds cheap giocate and wins the big ones is right to
        # lose most of them; and how a giocata is played depends on the match score
        # (near the goal a fold can lose the match).  Rated per giocata, a bot winning
        # many 1-point giocate would outrank one winning the matches.  Draws are then a
        # match ended level at the giocata cap (rare), not the void giocate.  The cost is
        # fewer observations (wider intervals): play more rounds.  points/giocata shows
        # the per-giocata picture next to the rating.
        rate_by=RateBy.MATCH,
        score_title="points/giocata",
        suits=SUIT_FACES,
        ranks=ITALIAN_RANKS,
        # Mean giocate a match of tournaments/invido.toml lasted (600 matches, seed 3).
        typical_deals=20.4,
        notation=(
            "A giocata is worth 1 until a call raises it one step: invido (3), tras mas (6), tras mas "
            "nof (9), fuori gioco (12), partita (24). A call is answered va bene (accepted), by the "
            "next call (which accepts it), or vado via: giving up, the caller taking what the giocata "
            "was worth before the call. A monte asks to call the giocata off: va bene voids it "
            "(0 points), no plays on."
        ),
        deal_word="giocata",
    )

    def seat_statistics(self, history: Sequence[Event]) -> tuple[InvidoStats, ...]:
        """Per-seat raise, fold, bluff and a monte counts (engine/invido/stats.py)."""
        return invido_statistics(history, self.players, face_down=bool(self.options["vado_dentro"]))

    def scenes(self, history: Sequence[Event]) -> tuple[Scene, ...]:
        """Each seat's hand and trick card, the value and calls, the tricks, the match
        score (engine/invido/scene.py)."""
        return tuple(invido_scenes(history, self.players))

    def __init__(self, players: int | None = None, **options: object) -> None:
        super().__init__(players, **options)
        # Actions are interned: the same decision is the same object every time.
        self.plays = {card: InvidoAction(Kind.PLAY, card) for card in DECK}
        self.downs = {card: InvidoAction(Kind.VADO_DENTRO, card) for card in DECK}
        self.calls = {v: InvidoAction(Kind.CALL, None, v) for v in LADDER[1:]}
        self.va_bene = InvidoAction(Kind.VA_BENE)
        self.vado_via = InvidoAction(Kind.VADO_VIA)
        self.a_monte = InvidoAction(Kind.A_MONTE)
        self.no = InvidoAction(Kind.NO)
        self._by_kind = {
            Kind.VA_BENE: self.va_bene,
            Kind.VADO_VIA: self.vado_via,
            Kind.A_MONTE: self.a_monte,
            Kind.NO: self.no,
        }
        # Parsed texts come back as these same objects.
        self._interned = {action: action for action in self.every_action()}

    def every_action(self) -> tuple[InvidoAction, ...]:
        """Every well-formed action (legal or not somewhere), in canonical order."""
        return (
            *self.plays.values(),
            *self.downs.values(),
            *self.calls.values(),
            self.va_bene,
            self.no,
            self.vado_via,
            self.a_monte,
        )

    def new_match(
        self,
        seed: int = 0,
        deals: int | None = None,
        hands: Sequence[str] | None = None,
        first_dealer: int | None = None,
    ) -> InvidoState:
        explicit = [check_hands(hands)] if hands is not None else []
        cap = DEFAULT_CAP if deals is None else deals
        return InvidoState(self, seed, cap, first_dealer, explicit)

    def replay(self, history: Sequence[Event]) -> InvidoState:
        dealt = [e for e in history if isinstance(e, GiocataDealt)]
        if not dealt:
            raise PositionError("An invido history starts with a GiocataDealt event; none was found.")
        queue = [tuple(h.cards for h in sorted(d.hands, key=lambda h: h.seat)) for d in dealt]
        for d, hands in zip(dealt, queue):
            if any(len(h) != HAND_SIZE for h in hands):
                raise PositionError(
                    f"Giocata {d.giocata}'s hands are hidden in this history; replay needs "
                    "the full (referee) history, not a seat's view of it."
                )
        first = dealt[0]
        state = InvidoState(self, first.seed or 0, first.max_giocate, first.dealer, queue)
        for event in history:
            if isinstance(event, CardPlayed):
                table = self.downs if event.face_down else self.plays
                state.apply(table[event.card])  # type: ignore[index]
            elif isinstance(event, Called):
                state.apply(self.calls[event.value])
            elif isinstance(event, MonteCalled):
                state.apply(self.a_monte)
            elif isinstance(event, Answered):
                state.apply(self._by_kind[event.answer])
            elif isinstance(event, WentAway):
                state.apply(self.vado_via)
            elif isinstance(event, Forfeited):
                state.forfeit(event.seat, event.reason)
        return state


class InvidoState(InvidoEndings, InvidoRefusals, State):
    """One invido match: giocate until a seat reaches the goal (or the cap).

    `_why_illegal`, the sentence for a refused action, comes from InvidoRefusals
    (engine/invido/refusals.py).
    """

    game: InvidoGame

    def __init__(
        self,
        game: InvidoGame,
        seed: int,
        cap: int,
        first_dealer: int | None,
        queue: list[tuple[tuple[str, ...], ...]],
    ) -> None:
        if type(cap) is not int or cap < 1:
            raise OptionError(f"A match needs at least one giocata; deals={cap!r} was asked.")
        if first_dealer is None:
            first_dealer = 1
        if first_dealer not in (0, 1):
            raise OptionError(f"first_dealer must be seat 0 or 1, not {first_dealer!r}.")
        super().__init__(game)
        self.seed = seed
        self.max_giocate = cap
        self._vado_dentro = bool(game.options["vado_dentro"])
        self.points = [0, 0]
        self.goal = GOAL
        self.reset_rule = False  # True after a 23–23: then 7–7 resets too
        self._queue = list(queue)
        self.giocata = 0
        self.dealer = first_dealer
        self._deal()

    # --- dealing ----------------------------------------------------------------------
    def _deal(self) -> None:
        self.giocata += 1
        dealer = self.dealer
        leader = 1 - dealer
        if self._queue:
            hands = self._queue.pop(0)
        else:
            deck = list(DECK)
            DealRandom(self.seed, "invido", "deal", self.giocata).shuffle(deck)
            dealt: list[tuple[str, ...]] = [(), ()]
            dealt[leader] = tuple(sorted(deck[:HAND_SIZE], key=SORT_KEY.__getitem__))
            dealt[dealer] = tuple(sorted(deck[HAND_SIZE : 2 * HAND_SIZE], key=SORT_KEY.__getitem__))
            hands = (dealt[0], dealt[1])
        self._dealt = hands
        self._hands = [list(hands[0]), list(hands[1])]
        self.leader = leader
        self._turn = leader  # whose card it is
        self._trick_leader = leader
        self._current: list[PlayedCard] = []
        self._tricks: list[TrickRecord] = []
        self._outcomes: list[int | None] = []
        self._face_down = False  # any card played face down this giocata
        self.value = 1
        self.last_raiser: int | None = None
        self.pending_caller: int | None = None
        self.pending_value: int | None = None
        self.monte_caller: int | None = None
        self.monte_used = [False, False]
        self._to_act: int | None = leader
        self._legal: tuple[InvidoAction, ...] | None = None
        self._legal_set: frozenset[InvidoAction] = frozenset()
        self._history.append(
            GiocataDealt(
                self.giocata,
                self.max_giocate,
                dealer,
                leader,
                self.goal,
                tuple(self.points),
                tuple(DealtHand(s, len(h), tuple(h)) for s, h in enumerate(hands)),
                self.seed,
            )
        )

    # --- the interface ----------------------------------------------------------------
    def standing(self) -> tuple[float, ...]:
        return (float(self.points[0]), float(self.points[1]))

    def result(self) -> MatchResult:
        """Scores are the match points now: the seat that reached the goal ranks 0.

        Summing giocate would mislead after a 23–23 or 7–7 reset, so the deals are
        reported one by one and the total is the standing.
        """
        scores = self.standing()
        return MatchResult(scores, ranks_from_scores(scores), self.deal_results())

    def turn(self) -> Turn | None:
        """A reply to a pending call (or a monte) is an answer to its caller."""
        seat = self._to_act
        if seat is None:
            return None
        caller = self.monte_caller if self.monte_caller is not None else self.pending_caller
        if caller is not None:
            return Turn(seat, DecisionKind.RESPONSE, seat, caller)
        return Turn(seat)

    def _generate(self) -> None:
        """Plays (then face-down plays), a call, va bene, no, vado via, a monte."""
        seat = self._to_act
        game = self.game
        out: list[InvidoAction] = []
        if seat is None:
            pass
        elif self.monte_caller is not None:
            out = [game.va_bene, game.no]
        elif self.pending_caller is not None:
            step = NEXT_CALL.get(self.pending_value)  # type: ignore[arg-type]
            if step is not None:
                out.append(game.calls[step])
            out.append(game.va_bene)
            out.append(game.vado_via)
            if not self.monte_used[seat]:
                out.append(game.a_monte)
        else:
            hand = self._hands[seat]
            plays = game.plays
            out = [plays[card] for card in hand]
            if self._vado_dentro:
                downs = game.downs
                out.extend(downs[card] for card in hand)
            if self.last_raiser != seat:
                step = NEXT_CALL.get(self.value)
                if step is not None:
                    out.append(game.calls[step])
            out.append(game.vado_via)
            if not self.monte_used[seat]:
                out.append(game.a_monte)
        self._legal = tuple(out)
        self._legal_set = frozenset(out)

    def parse_action(self, text: str) -> InvidoAction:
        return self.game._interned[parse_action(text, self._vado_dentro)]

    def _apply_verified(self, action: InvidoAction) -> Event:  # type: ignore[override]
        seat = self._to_act
        assert seat is not None
        other = 1 - seat
        kind = action.kind
        self._legal = None
        event: Event
        if kind is Kind.PLAY or kind is Kind.VADO_DENTRO:
            card = action.card
            face_down = kind is Kind.VADO_DENTRO
            self._hands[seat].remove(card)  # type: ignore[arg-type]
            played = PlayedCard(seat, card, face_down)
            self._current.append(played)
            if face_down:
                self._face_down = True
            event = CardPlayed(self.giocata, len(self._tricks) + 1, seat, card, face_down)
            self._history.append(event)
            if len(self._current) == 1:
                self._turn = other
                self._to_act = other
            else:
                self._end_trick()
            return event
        if kind is Kind.CALL:
            accepted = self.pending_value
            if accepted is not None:  # a counter-call accepts the call it answers
                self.value = accepted
                self.last_raiser = other
            self.pending_caller = seat
            self.pending_value = action.value
            self._to_act = other
            event = Called(self.giocata, seat, action.value, accepted)  # type: ignore[arg-type]
            self._history.append(event)
            return event
        if kind is Kind.A_MONTE:
            self.monte_used[seat] = True
            self.monte_caller = seat
            self._to_act = other
            event = MonteCalled(self.giocata, seat, self.pending_value)
            self._history.append(event)
            return event
        if kind is Kind.VADO_VIA:
            event = WentAway(self.giocata, seat, self.value, self.pending_value)
            self._history.append(event)
            self._end_giocata(other, EndReason.VADO_VIA, None)
            return event
        if kind is Kind.NO:
            self.monte_caller = None
            # Resume exactly where the a monte stopped play: the seat that called it
            # was the one to act, and acts again.
            self._to_act = other
            event = Answered(self.giocata, seat, Kind.NO, True, self.value)
            self._history.append(event)
            return event
        # va bene
        if self.monte_caller is not None:
            event = Answered(self.giocata, seat, Kind.VA_BENE, True, self.value)
            self._history.append(event)
            self._end_giocata(None, EndReason.A_MONTE, None)
            return event
        self.value = self.pending_value  # type: ignore[assignment]
        self.last_raiser = self.pending_caller
        self.pending_caller = None
        self.pending_value = None
        self._to_act = self._turn
        event = Answered(self.giocata, seat, Kind.VA_BENE, False, self.value)
        self._history.append(event)
        return event

    def forfeit(self, seat: int, reason: str) -> Event:
        if self._to_act is None:
            raise IllegalAction(f"The match is over, so seat {seat} cannot forfeit.")
        if seat not in (0, 1):
            raise SeatError(f"There is no seat {seat} at a 2-player invido table.")
        event = Forfeited(self.giocata, seat, str(reason))
        self._history.append(event)
        self._end_giocata(1 - seat, EndReason.FORFEIT, seat)
        return event

    def view(self, seat: int) -> InvidoView:
        if seat not in (0, 1):
            raise SeatError(f"There is no seat {seat} at a 2-player invido table.")
        tricks = list(self._tricks)
        if self._to_act is not None or self._current:
            tricks.append(TrickRecord(len(self._tricks) + 1, self._trick_leader, tuple(self._current), False, None))
        if self._face_down:
            tricks = [t.visible_to(seat) for t in tricks]
        return InvidoView(
            seat=seat,
            giocata=self.giocata,
            max_giocate=self.max_giocate,
            dealer=self.dealer,
            leader=self.leader,
            to_act=self._to_act,
            hand=tuple(self._hands[seat]),
            hand_sizes=(len(self._hands[0]), len(self._hands[1])),
            tricks=tuple(tricks),
            trick=min(len(self._tricks) + 1, 3),
            value=self.value,
            pending_call=self.pending_value,
            pending_caller=self.pending_caller,
            monte_caller=self.monte_caller,
            last_raiser=self.last_raiser,
            monte_used=tuple(self.monte_used),
            points=tuple(self.points),
            goal=self.goal,
            reset_rule=self.reset_rule,
            vado_dentro=self._vado_dentro,
            deal_events=self.deal_events(seat),
        )

    def clone(self) -> InvidoState:
        other = self._copy()
        other.points = list(self.points)
        other._queue = list(self._queue)
        other._hands = [list(self._hands[0]), list(self._hands[1])]
        other._current = list(self._current)
        other._tricks = list(self._tricks)
        other._outcomes = list(self._outcomes)
        other.monte_used = list(self.monte_used)
        return other
