"""Conto's rules: ContoGame (the registered game: spec, options, interned actions) and
ContoState (one match: dealing, legal actions, applying them, the showdown, views).

The rules as Arena plays them, and the choices where RULINGS.md is silent, are in the
package docstring (engine/conto/__init__.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._core import DealResult, Event, Game, GameSpec, Option, State
from .._errors import IllegalAction, OptionError, PositionError, SeatError
from .._registry import register
from .._rng import DealRandom
from .._scene import Scene
from .legal import ContoLegalMoves
from .notation import parse_action, parse_hand
from .records import (
    CARD_INDEX,
    COPIES_PER_RANK,
    JOKER,
    JOKER_INDEX,
    JOKERS_IN_DECK,
    RANKS,
    BillCalled,
    ContoAction,
    ContoView,
    DealtHand,
    Declared,
    Forfeited,
    HandDealt,
    Move,
    Portata,
    RevealedCard,
    Showdown,
    plate_is_true,
)
from .refusals import ContoRefusals
from .scene import conto_scenes
from .stats import ContoStats, conto_statistics

__all__ = ["ContoGame", "ContoState"]

# --- the game -------------------------------------------------------------------------


@register
class ContoGame(Game["ContoState"]):
    spec = GameSpec(
        name="conto",
        title="Il Conto, Prego!",
        summary="Bluffing: declare ever bigger plates or call the bill on the last one.",
        min_players=3,
        max_players=8,
        default_players=4,
        options=(
            Option("hand_size", 6, (5, 6), "cards per player; 5 only with 6+ players"),
            Option("courses", 2, (2, 3), "portate on the plate; 3 deals one extra card"),
            Option("oste", False, (False, True), "Regola dell'Oste: the winner deals, +1 card"),
        ),
        score_title="deals lost %",
        score_factor=-100.0,
        notation=(
            "A plate is its portate, each written quantity then rank, the last character the rank: "
            "38 is three 8s, 122 twelve 2s, 1T 18 one ten and one 8 (a table's declaration column "
            "writes that plate 1×T + 1×8). Ranks 2–9, T (ten), J, Q, K, A; "
            "W is a joker, never declared, which at the showdown fills one card a portata lacks. "
            "A declaration changes one portata: ordinazione adds a new one of quantity 1, speziare "
            'raises its rank, abbondare adds 1 to its quantity (any rank); "reveals 8": the declarer '
            "showed an 8 from its hand. Il conto calls the bill on the plate as it stands; at the "
            'showdown, "T: 4" counts the tens dealt in all hands. In a mark, "38 37% true" is the '
            'chance that portata was true ("all true": the whole plate), given only what its declarer saw.'
        ),
    )

    def __init__(self, players: int | None = None, **options: object) -> None:
        super().__init__(players, **options)
        #: The one bill every state offers: the declarations are made anew each decision.
        self.bill = ContoAction(Move.CONTO)

    def _check_combination(self) -> None:
        if self.options["hand_size"] == 5 and self.players < 6:
            raise OptionError(
                f"Option 'hand_size' cannot be 5 with {self.players} players; "
                "5-card hands are allowed only with 6 or more players."
            )

    def seat_statistics(self, history: Sequence[Event]) -> tuple[ContoStats, ...]:
        """Per-seat bluffing, challenge and loss counts (engine/conto/stats.py)."""
        return conto_statistics(history, self.players)

    def scenes(self, history: Sequence[Event]) -> tuple[Scene, ...]:
        """Each seat's hand and revealed cards, the plate, the bills (engine/conto/scene.py)."""
        return tuple(conto_scenes(history, self.players))

    @property
    def cards_per_hand(self) -> int:
        return self.options["hand_size"] + (1 if self.options["courses"] == 3 else 0)

    def new_match(
        self,
        seed: int = 0,
        deals: int | None = None,
        hands: Sequence[str] | None = None,
        first_dealer: int | None = None,
    ) -> ContoState:
        explicit = None
        if hands is not None:
            explicit = [parse_hand(h) for h in hands]
        return ContoState(self, seed, 1 if deals is None else deals, first_dealer, explicit)

    def replay(self, history: Sequence[Event]) -> ContoState:
        deals = [e for e in history if isinstance(e, HandDealt)]
        if not deals:
            raise PositionError("A conto history starts with a HandDealt event; none was found.")
        queue = [tuple(h.cards for h in d.hands) for d in deals]
        first = deals[0]
        seed = 0 if first.seed is None else first.seed
        state = ContoState(self, seed, first.hands_in_match, first.dealer, None, queue)
        for event in history:
            if isinstance(event, Declared):
                state.apply(event.action)
            elif isinstance(event, BillCalled):
                state.apply(self.bill)
            elif isinstance(event, Forfeited):
                state.forfeit(event.seat, event.reason)
        return state


_CARDS = RANKS + JOKER  # in count-array order


class ContoState(ContoLegalMoves, ContoRefusals, State):
    """One conto match: a sequence of hands at one table.

    The legal actions and `verify` come from ContoLegalMoves (engine/conto/legal.py),
    `_why_illegal`, the sentence for a refused action, from ContoRefusals
    (engine/conto/refusals.py).
    """

    game: ContoGame

    def __init__(
        self,
        game: ContoGame,
        seed: int,
        deals: int,
        first_dealer: int | None,
        first_hands: list[tuple[str, ...]] | None,
        replay_hands: list[tuple[tuple[str, ...], ...]] | None = None,
    ) -> None:
        n = game.players
        if type(deals) is not int or deals < 1:
            raise OptionError(f"A match needs at least one deal; deals={deals!r} was asked.")
        if first_dealer is None:
            first_dealer = n - 1
        if not 0 <= first_dealer < n:
            raise OptionError(f"first_dealer must be a seat from 0 to {n - 1}, not {first_dealer}.")
        super().__init__(game)
        self.seed = seed
        self.deals = deals
        self._courses = game.options["courses"]
        self._oste_rule = game.options["oste"]
        self._hand_size_option = game.options["hand_size"]
        self.points = [0] * n
        self._explicit = [tuple(first_hands)] if first_hands is not None else []
        if replay_hands is not None:
            self._explicit = list(replay_hands)
        self.hand_number = 0
        self.dealer = first_dealer
        self.oste: int | None = None
        self._deal()

    # --- dealing ----------------------------------------------------------------------
    def _hand_sizes(self) -> list[int]:
        sizes = [self.game.cards_per_hand] * self.game.players
        if self.oste is not None:
            sizes[self.oste] += 1
        return sizes

    def _deal(self) -> None:
        n = self.game.players
        self.hand_number += 1
        sizes = self._hand_sizes()
        if self._explicit:
            hands = self._explicit.pop(0)
            _check_explicit_hands(hands, sizes)
        else:
            deck = [r for r in RANKS for _ in range(COPIES_PER_RANK)] + [JOKER] * JOKERS_IN_DECK
            DealRandom(self.seed, "conto", "deal", self.hand_number).shuffle(deck)
            dealt: list[tuple[str, ...]] = [()] * n
            pos = 0
            for k in range(n):
                seat = (self.dealer + 1 + k) % n
                dealt[seat] = tuple(sorted(deck[pos : pos + sizes[seat]], key=CARD_INDEX.__getitem__))
                pos += sizes[seat]
            hands = tuple(dealt)
        self._dealt_hands = hands
        self._held = [[0] * 14 for _ in range(n)]
        for seat, hand in enumerate(hands):
            for card in hand:
                self._held[seat][CARD_INDEX[card]] += 1
        self._counts = [sum(h[i] for h in self._held) for i in range(14)]
        # Per seat, the ranks (not the joker) it holds: bit r for rank r.
        self._held_ranks = [sum(1 << rank for rank in range(13) if held[rank]) for held in self._held]
        # Per seat, its hand as its view shows it, made again when it reveals a card.
        self._hands = [_hand_of(held) for held in self._held]
        self._sizes = [len(hand) for hand in hands]
        self.cards_dealt = sum(sizes)
        self._revealed: list[RevealedCard] = []
        self._revealed_mask = 0
        self.plate: tuple[Portata, ...] = ()
        self._codes: list[int] = []  # per slot: rank index * 16 + quantity
        self.cameriere: int | None = None
        self._to_act: int | None = (self.dealer + 1) % n
        self._legal: tuple[ContoAction, ...] | None = None
        self._history.append(
            HandDealt(
                self.hand_number,
                self.deals,
                self.dealer,
                self.oste,
                tuple(DealtHand(s, len(h), tuple(h)) for s, h in enumerate(hands)),
                self.seed,
            )
        )

    def _end_hand(self, loser: int, forfeit: int | None, oste: int | None) -> None:
        n = self.game.players
        self.points[loser] += 1
        self._results.append(
            DealResult(
                self.hand_number,
                tuple(-1.0 if s == loser else 0.0 for s in range(n)),
                tuple(n - 1 if s == loser else 0 for s in range(n)),
                forfeit,
            )
        )
        self._to_act = None
        self._legal = ()
        if self.hand_number >= self.deals:
            return
        if self._oste_rule and oste is not None:
            self.oste = oste
            self.dealer = oste
        else:
            self.oste = None
            self.dealer = (self.dealer + 1) % n
        self._deal()

    # --- the interface ----------------------------------------------------------------
    def standing(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.points)

    def parse_action(self, text: str) -> ContoAction:
        # Read as written, never corrected: `verify` finds it among the legal actions by
        # value.  The bill is the game's own, the one `legal_actions` offers.
        action = parse_action(text, self.plate, self._revealed_mask)
        return self.game.bill if action == self.game.bill else action

    def _apply_verified(self, action: ContoAction) -> Event:  # type: ignore[override]
        seat = self._to_act
        assert seat is not None
        n = self.game.players
        if action.kind is Move.CONTO:
            event = BillCalled(self.hand_number, seat, self.cameriere, self.plate)  # type: ignore[arg-type]
            self._history.append(event)
            self._showdown(capotavola=seat)
            return event
        if action.reveals is not None:
            rank = CARD_INDEX[action.reveals]
            held = self._held[seat]
            held[rank] -= 1
            if not held[rank]:
                self._held_ranks[seat] &= ~(1 << rank)
            self._hands[seat] = _hand_of(held)
            self._sizes[seat] -= 1
            self._revealed.append(RevealedCard(seat, action.reveals))
            self._revealed_mask |= 1 << rank
        self.plate = action.plate
        self._codes = [CARD_INDEX[p.rank] * 16 + p.quantity for p in action.plate]
        self.cameriere = seat
        self._to_act = (seat + 1) % n
        self._legal = None
        declared = Declared(self.hand_number, seat, action)
        self._history.append(declared)
        return declared

    def _showdown(self, capotavola: int) -> None:
        cameriere = self.cameriere
        assert cameriere is not None
        counts = self._counts
        true = plate_is_true(self.plate, counts)
        loser = capotavola if true else cameriere
        self._history.append(
            Showdown(
                self.hand_number,
                tuple(DealtHand(s, len(h), tuple(h)) for s, h in enumerate(self._dealt_hands)),
                self.plate,
                tuple(counts[CARD_INDEX[p.rank]] for p in self.plate),
                counts[JOKER_INDEX],
                true,
                capotavola,
                cameriere,
                loser,
            )
        )
        self._end_hand(loser, None, oste=cameriere if true else capotavola)

    def forfeit(self, seat: int, reason: str) -> Event:
        if self._to_act is None:
            raise IllegalAction(f"The match is over, so seat {seat} cannot forfeit.")
        if not 0 <= seat < self.game.players:
            raise SeatError(f"There is no seat {seat} at a {self.game.players}-player table.")
        event = Forfeited(self.hand_number, seat, reason)
        self._history.append(event)
        self._end_hand(seat, seat, oste=None)
        return event

    def view(self, seat: int) -> ContoView:
        if not 0 <= seat < self.game.players:
            raise SeatError(f"There is no seat {seat} at a {self.game.players}-player table.")
        return ContoView(
            seat=seat,
            players=self.game.players,
            hand_number=self.hand_number,
            hands_in_match=self.deals,
            dealer=self.dealer,
            oste=self.oste,
            to_act=self._to_act,
            hand=self._hands[seat],
            hand_sizes=tuple(self._sizes),
            cards_dealt=self.cards_dealt,
            plate=self.plate,
            revealed=tuple(self._revealed),
            cameriere=self.cameriere,
            points=tuple(self.points),
            courses=self._courses,
            hand_size_option=self._hand_size_option,
            oste_rule=self._oste_rule,
            deal_events=self.deal_events(seat),
        )

    def clone(self) -> ContoState:
        other = self._copy()
        other.points = list(self.points)
        other._explicit = list(self._explicit)
        other._held = [list(h) for h in self._held]
        other._held_ranks = list(self._held_ranks)
        other._hands = list(self._hands)
        other._sizes = list(self._sizes)
        other._revealed = list(self._revealed)
        other._codes = list(self._codes)
        return other


def _hand_of(held: Sequence[int]) -> tuple[str, ...]:
    """A hand's cards in count-array order, from its counts."""
    return tuple("".join([card * count for card, count in zip(_CARDS, held)]))


def _check_explicit_hands(hands: Sequence[Sequence[str]], sizes: Sequence[int]) -> None:
    if len(hands) != len(sizes):
        raise OptionError(f"{len(sizes)} hands are needed, one per seat; {len(hands)} were given.")
    for seat, (hand, size) in enumerate(zip(hands, sizes)):
        if len(hand) != size:
            raise OptionError(f"Seat {seat}'s hand has {len(hand)} cards; this deal gives {size}.")
    counts: dict[str, int] = {}
    for hand in hands:
        for card in hand:
            counts[card] = counts.get(card, 0) + 1
    for card, count in counts.items():
        limit = JOKERS_IN_DECK if card == JOKER else COPIES_PER_RANK
        if count > limit:
            raise OptionError(f"The hands hold {count} cards {card!r}; the deck has only {limit}.")
