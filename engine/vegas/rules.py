"""Las Vegas's rules: VegasGame (the registered game: spec, options, actions, replay) and
VegasState (one match: antes, the deal, betting rounds, flips and forced discards, Las
Vegas, the showdown's two halves, views).

The rules as Arena plays them, and the choices where RULINGS.md is silent, are in the
package docstring (engine/vegas/__init__.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._core import Action, DealResult, Event, Game, GameSpec, Option, RateBy, State, Turn, ranks_from_scores
from .._errors import IllegalAction, OptionError, PositionError, SeatError
from .._registry import register
from .._rng import DealRandom
from .._scene import Scene
from .._suits import ITALIAN_RANKS
from .notation import SUIT_FACES, check_deal, parse_action
from .records import (
    CENTRE_SIZE,
    DECK,
    HAND_SIZE,
    ROUNDS,
    Acted,
    Bet,
    CardFlipped,
    DealtHand,
    Discard,
    Forfeited,
    HandDealt,
    HandEnd,
    HandEnded,
    MatchEnded,
    Payout,
    ShownHand,
    VegasAction,
    card_value,
    sort_cards,
)
from .refusals import VegasRefusals
from .scene import vegas_scenes
from .stats import VegasStats, vegas_statistics
from .views import VegasViews

__all__ = ["VegasGame", "VegasState", "DEFAULT_HANDS", "split_chips"]

#: Hands in a match when the tournament does not say (`deals`).
DEFAULT_HANDS = 10


@register
class VegasGame(Game["VegasState"]):
    spec = GameSpec(
        name="vegas",
        title="Las Vegas",
        summary="Three cards, four flips that force discards, fixed-limit betting; the pot splits low and high.",
        min_players=2,
        max_players=6,
        default_players=4,
        options=(
            Option("ante", 1, tuple(range(1, 11)), "chips every player puts in the pot before the deal"),
            Option("bet", 2, tuple(range(1, 21)), "the fixed bet: an opening bet, and each raise, is this many chips"),
            Option("raises", 3, tuple(range(0, 6)), "raises allowed per betting round after the opening bet"),
        ),
        # Ratings count matches: the seats' order by the match's net chips (Plackett-Luce).
        # A hand's order by its own chips says who lost least, not how much: a seat that
        # folds its ante away every hand places above the showdown losers, and a calling
        # station that never folds ranked first on hands in the shipped tournament while
        # taking 1.4 chips a hand less than the value bettor.  Over a match the chips add
        # up, so its order is the order of chips won.  chips/hand shows the amounts.
        rate_by=RateBy.MATCH,
        score_title="chips/hand",
        suits=SUIT_FACES,
        ranks=ITALIAN_RANKS,
        notation=(
            "Bets, fixed-limit: busso checks, punta 2 opens the round's bet at 2, vedi calls, "
            'rilancia 6 raises the round\'s bet to 6, lascia folds; "puts in 4" is the chips the move '
            'added, "pot" the pot after it. A flip turns a centre card up and every player still in '
            "discards its cards of that rank; a hand emptied by a flip takes the pot (Las Vegas). At "
            "the showdown a hand's total adds its cards' values (A 1, 2–7, F 8, C 9, R 10): the lowest "
            "and the highest total take half the pot each."
        ),
    )

    def seat_statistics(self, history: Sequence[Event]) -> tuple[VegasStats, ...]:
        """Per-seat betting, bluff and showdown counts (engine/vegas/stats.py)."""
        return vegas_statistics(history, self.players, self.options)

    def scenes(self, history: Sequence[Event]) -> tuple[Scene, ...]:
        """Each seat's hand and discards, the centre, the pot and bets (engine/vegas/scene.py)."""
        return tuple(vegas_scenes(history, self.players))

    def __init__(self, players: int | None = None, **options: object) -> None:
        super().__init__(players, **options)
        self.ante = int(self.options["ante"])
        self.bet = int(self.options["bet"])
        self.max_raises = int(self.options["raises"])
        self.busso = VegasAction(Bet.BUSSO)
        self.vedi = VegasAction(Bet.VEDI)
        self.lascia = VegasAction(Bet.LASCIA)
        # A round's bet is `bet` times 1 (the opening bet) to 1 + raises: every legal
        # action is one of these objects.
        self.punta = VegasAction(Bet.PUNTA, self.bet)
        self.rilancia = {
            self.bet * (1 + n): VegasAction(Bet.RILANCIA, self.bet * (1 + n)) for n in range(1, self.max_raises + 1)
        }
        # Every legal set a seat can face, with the frozenset `verify` falls back on, made
        # once: with nothing bet; facing each level a raise may still follow; at the cap.
        self.opening = _legal_set(self.busso, self.punta)
        self.facing = {
            level - self.bet: _legal_set(self.vedi, raise_to, self.lascia) for level, raise_to in self.rilancia.items()
        }
        self.capped = _legal_set(self.vedi, self.lascia)
        # Each seat's plain turn, made once: the referee asks for the turn at every decision.
        self.turns = tuple(Turn(seat) for seat in range(self.players))

    def new_match(
        self,
        seed: int = 0,
        deals: int | None = None,
        hands: Sequence[str] | None = None,
        first_dealer: int | None = None,
    ) -> VegasState:
        explicit = [check_deal(hands, self.players)] if hands is not None else []
        return VegasState(self, seed, DEFAULT_HANDS if deals is None else deals, first_dealer, explicit)

    def replay(self, history: Sequence[Event]) -> VegasState:
        dealt = [e for e in history if isinstance(e, HandDealt)]
        if not dealt:
            raise PositionError("A Las Vegas history starts with a HandDealt event; none was found.")
        queue = []
        for d in dealt:
            if len(d.centre) != CENTRE_SIZE or any(len(h.cards) != HAND_SIZE for h in d.hands):
                raise PositionError(
                    f"Hand {d.hand}'s cards are hidden in this history; replay needs the full "
                    "(referee) history, not a seat's view of it."
                )
            queue.append((tuple(h.cards for h in sorted(d.hands, key=lambda h: h.seat)), d.centre))
        first = dealt[0]
        state = VegasState(self, first.seed or 0, first.hands_in_match, first.dealer, queue)
        for event in history:
            if isinstance(event, Acted):
                state.apply(VegasAction(event.action, event.level if event.action in _LEVELLED else None))
            elif isinstance(event, Forfeited):
                state.forfeit(event.seat, event.reason)
        return state


_LEVELLED = (Bet.PUNTA, Bet.RILANCIA)
_NO_ACTIONS: tuple[tuple[VegasAction, ...], frozenset[VegasAction]] = ((), frozenset())


def _legal_set(*actions: VegasAction) -> tuple[tuple[VegasAction, ...], frozenset[VegasAction]]:
    return actions, frozenset(actions)


def split_chips(amount: int, winners: Sequence[int], dealer: int, players: int) -> dict[int, int]:
    """`amount` shared by `winners`: ⌊amount/k⌋ each, the rest one chip each to the
    winners in seat order starting left of the dealer (the rulings, vegas 7)."""
    order = sorted(winners, key=lambda seat: (seat - dealer - 1) % players)
    share, rest = divmod(amount, len(order))
    return {seat: share + (1 if i < rest else 0) for i, seat in enumerate(order)}


class VegasState(VegasRefusals, VegasViews, State):
    """One Las Vegas match: a fixed number of hands, the deal rotating to the left.

    `_why_illegal`, the sentence for a refused action, comes from VegasRefusals
    (engine/vegas/refusals.py); `view` and `deal_events`, what a seat may know, from
    VegasViews (engine/vegas/views.py).
    """

    game: VegasGame

    def __init__(
        self,
        game: VegasGame,
        seed: int,
        hands_in_match: int,
        first_dealer: int | None,
        queue: list[tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]],
    ) -> None:
        if type(hands_in_match) is not int or hands_in_match < 1:
            raise OptionError(f"A match needs at least one hand; deals={hands_in_match!r} was asked.")
        players = game.players
        if first_dealer is None:
            first_dealer = players - 1  # so seat 0, on the dealer's left, acts first
        if not 0 <= first_dealer < players:
            raise OptionError(f"first_dealer must be a seat from 0 to {players - 1}, not {first_dealer!r}.")
        super().__init__(game)
        self.seed = seed
        self.hands_in_match = hands_in_match
        self.players = players
        self.chips = [0] * players
        self._queue = list(queue)
        self.hand = 0
        self.dealer = (first_dealer - 1) % players  # _deal moves it on
        self._deal()

    # --- dealing ----------------------------------------------------------------------
    def _deal(self) -> None:
        players = self.players
        self.hand += 1
        self.dealer = (self.dealer + 1) % players
        if self._queue:
            hands, centre = self._queue.pop(0)
        else:
            deck = list(DECK)
            DealRandom(self.seed, "vegas", "deal", self.hand).shuffle(deck)
            # Dealt as at the table: three to each seat from the dealer's left, then the centre.
            order = [(self.dealer + 1 + i) % players for i in range(players)]
            dealt: list[tuple[str, ...]] = [()] * players
            for i, seat in enumerate(order):
                dealt[seat] = sort_cards(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE])
            hands = tuple(dealt)
            centre = tuple(deck[players * HAND_SIZE : players * HAND_SIZE + CENTRE_SIZE])
        ante = self.game.ante
        # Where this hand begins in the history, and its HandDealt as each seat sees it
        # (made when first asked): `deal_events`.
        self._deal_at = len(self._history)
        self._dealt_seen: list[HandDealt | None] = [None] * players
        self._cards = [list(h) for h in hands]
        self._centre = centre
        self.flipped: list[str] = []
        self.folded = [False] * players
        self.put_in = [ante] * players
        self.pot = ante * players
        self._forfeiter: int | None = None
        self._history.append(
            HandDealt(
                self.hand,
                self.hands_in_match,
                self.dealer,
                ante,
                self.pot,
                tuple(DealtHand(s, HAND_SIZE, tuple(h)) for s, h in enumerate(hands)),
                centre,
                tuple(self.chips),
                self.seed,
            )
        )
        self.round = 0
        self._start_round()

    def _start_round(self) -> None:
        self.round += 1
        self.level = 0
        self.raises = 0
        self.put_in_round = [0] * self.players
        self._acted = [False] * self.players
        self._to_act = self._next_to_act(self.dealer)
        self._legal = None

    def _next_to_act(self, after: int) -> int | None:
        """The first seat after `after` (clockwise) still in that owes an action."""
        players = self.players
        for step in range(1, players + 1):
            seat = (after + step) % players
            if not self.folded[seat] and (not self._acted[seat] or self.put_in_round[seat] < self.level):
                return seat
        return None

    # --- the interface ----------------------------------------------------------------
    def standing(self) -> tuple[float, ...]:
        return tuple(float(c) for c in self.chips)

    def _generate(self) -> None:
        """With nothing bet: busso, punta.  Facing a bet: vedi, rilancia (under the cap), lascia."""
        game = self.game
        if self._to_act is None:
            legal = _NO_ACTIONS
        elif self.level == 0:
            legal = game.opening
        elif self.raises < game.max_raises:
            legal = game.facing[self.level]
        else:
            legal = game.capped
        self._legal, self._legal_set = legal

    def verify(self, action: Action) -> None:
        """As State.verify; a legal action handed back itself (as the referee and most
        bots do) is found by identity, without hashing it: a VegasAction's hash hashes
        its Bet, whose hash is Python code (an Enum's), and that was a tenth of `apply`."""
        legal = self._legal
        if legal is None:
            self._generate()
            legal = self._legal
        for candidate in legal:  # type: ignore[union-attr]  # _generate sets it
            if candidate is action:
                return
        super().verify(action)

    def turn(self) -> Turn | None:
        """As State.turn (every Las Vegas decision is a plain turn), the game's own Turn."""
        seat = self._to_act
        return None if seat is None else self.game.turns[seat]

    def parse_action(self, text: str) -> VegasAction:
        action = parse_action(text)
        if action.level is None and action.kind in _LEVELLED:
            # "punta" / "rilancia" without a number: the one the fixed limit allows now.
            level = self.game.bet if action.kind is Bet.PUNTA else self.level + self.game.bet
            return VegasAction(action.kind, level)
        return action

    def _apply_verified(self, action: VegasAction) -> Event:  # type: ignore[override]
        seat = self._to_act
        assert seat is not None
        kind = action.kind
        paid = 0
        if kind is Bet.PUNTA or kind is Bet.RILANCIA:
            if kind is Bet.RILANCIA:
                self.raises += 1
            self.level = action.level  # type: ignore[assignment]
            paid = self.level - self.put_in_round[seat]
        elif kind is Bet.VEDI:
            paid = self.level - self.put_in_round[seat]
        elif kind is Bet.LASCIA:
            self.folded[seat] = True
        self.put_in_round[seat] += paid
        self.put_in[seat] += paid
        self.pot += paid
        self._acted[seat] = True
        event = Acted(self.hand, self.round, seat, kind, paid, self.level, self.pot)
        self._history.append(event)
        self._after_action(seat)
        return event

    def _after_action(self, seat: int) -> None:
        self._legal = None
        if self._one_left():
            return
        self._to_act = self._next_to_act(seat)
        if self._to_act is None:
            self._end_round()

    def _one_left(self) -> bool:
        """When every other seat has folded, the one left takes the pot and the hand ends."""
        folded = self.folded
        if folded.count(False) != 1:
            return False
        self._end_hand(HandEnd.FOLDS, {folded.index(False): (self.pot, "last in")})
        return True

    def _end_round(self) -> None:
        if self.round == ROUNDS:
            self._showdown()
            return
        card = self._centre[len(self.flipped)]
        self.flipped.append(card)
        discards = []
        for seat in range(self.players):
            if self.folded[seat]:
                continue
            thrown = tuple(c for c in self._cards[seat] if c[0] == card[0])
            if thrown:
                self._cards[seat] = [c for c in self._cards[seat] if c[0] != card[0]]
                discards.append(Discard(seat, thrown, len(self._cards[seat])))
        self._history.append(CardFlipped(self.hand, len(self.flipped), card, tuple(discards)))
        emptied = [d.seat for d in discards if d.left == 0]
        if emptied:
            shares = split_chips(self.pot, emptied, self.dealer, self.players)
            self._end_hand(HandEnd.LAS_VEGAS, {seat: (chips, "las vegas") for seat, chips in shares.items()})
            return
        self._start_round()

    def _showdown(self) -> None:
        still_in = [s for s in range(self.players) if not self.folded[s]]
        totals = {s: sum(card_value(c) for c in self._cards[s]) for s in still_in}
        low_total, high_total = min(totals.values()), max(totals.values())
        # An odd pot's extra chip goes to the high half (the rulings, vegas 7).
        low_half = self.pot // 2
        high_half = self.pot - low_half
        low = split_chips(low_half, [s for s in still_in if totals[s] == low_total], self.dealer, self.players)
        high = split_chips(high_half, [s for s in still_in if totals[s] == high_total], self.dealer, self.players)
        won: dict[int, tuple[int, str]] = {}
        for seat in still_in:
            chips = low.get(seat, 0) + high.get(seat, 0)
            if chips:  # a tie may leave a seat no chip of a one-chip half
                reasons = [why for why, half in (("low", low), ("high", high)) if half.get(seat)]
                won[seat] = (chips, "+".join(reasons))
        shown = tuple(ShownHand(s, tuple(self._cards[s]), totals[s]) for s in still_in)
        self._end_hand(HandEnd.SHOWDOWN, won, shown)

    def _end_hand(self, end: HandEnd, won: dict[int, tuple[int, str]], shown: tuple[ShownHand, ...] = ()) -> None:
        players = self.players
        taken = [won[s][0] if s in won else 0 for s in range(players)]
        net = tuple(taken[s] - self.put_in[s] for s in range(players))
        for seat in range(players):
            self.chips[seat] += net[seat]
        payouts = tuple(Payout(s, won[s][0], won[s][1]) for s in sorted(won))
        self._history.append(HandEnded(self.hand, end, self.pot, shown, payouts, net, tuple(self.chips)))
        scores = tuple(float(n) for n in net)
        self._results.append(DealResult(self.hand, scores, ranks_from_scores(scores), self._forfeiter))
        self._to_act = None
        self._legal = ()
        self._legal_set = frozenset()
        if self.hand >= self.hands_in_match:
            self._history.append(MatchEnded(self.hand, tuple(self.chips)))
            return
        self._deal()

    def forfeit(self, seat: int, reason: str) -> Event:
        """A fault folds `seat`: it loses what it put in, and the hand goes on without it
        (it ends at once when one seat is left).  The deal's result names the first seat
        that forfeited in it."""
        if self._to_act is None:
            raise IllegalAction(f"The match is over, so seat {seat} cannot forfeit.")
        if not 0 <= seat < self.players:
            raise SeatError(f"There is no seat {seat} at a {self.players}-player Las Vegas table.")
        if self.folded[seat]:
            raise IllegalAction(f"Seat {seat} has folded this hand already, so it cannot forfeit it.")
        event = Forfeited(self.hand, seat, str(reason))
        self._history.append(event)
        self.folded[seat] = True
        if self._forfeiter is None:
            self._forfeiter = seat
        if self._to_act == seat:
            self._after_action(seat)
        else:
            self._legal = None
            self._one_left()
        return event

    def clone(self) -> VegasState:
        other = self._copy()
        other.chips = list(self.chips)
        other._queue = list(self._queue)
        other._cards = [list(c) for c in self._cards]
        other.flipped = list(self.flipped)
        other.folded = list(self.folded)
        other.put_in = list(self.put_in)
        other.put_in_round = list(self.put_in_round)
        other._acted = list(self._acted)
        other._dealt_seen = list(self._dealt_seen)
        return other
