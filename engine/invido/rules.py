"""Invido — the two-player trick and bluff game (seed 003, settled by RULINGS.md §invido).

32 cards (an Italian deck without 4s and 5s), 3 each.  Strength, suits ignored:
3 > 2 > A > R > C > F > 7 > 6; equal strength ties the trick (*patta*).  A *giocata*
is at most three tricks; it is worth 1 point (canèla) unless a player raises it along
the ladder 1 → 3 Invido → 6 Tras mas → 9 Tras mas nof → 12 Fuori gioco → 24 Partita.
A score call is answered *va bene*, *vado via* (the caller takes the value in force
before the call), a counter-call of the next step (which accepts the call) or *a monte*
(call the giocata off; answered *va bene*: void, or *no*: play resumes).  The match
goes to 24; on 23–23 both reset to 0 and the match goes to 8, where 7–7 resets again.

Cards are written rank then suit: ranks ``A 2 3 6 7 F C R``, suits ``b c d s``
(``3c``, ``Rd``, ``Fb``).  Action texts: ``play 3c``, ``vado dentro 3c`` (option),
``call invido (3)`` … ``call partita (24)``, ``va bene``, ``vado via``, ``a monte``,
``no``.

Choices where RULINGS.md is silent:
- Seat 1 deals the first giocata, so seat 0 leads it; the deal then alternates.  The
  dealer deals three cards to the opponent first, then three to itself, after a SHA-256
  shuffle (engine/_rng.py) of the giocata's own stream ``("invido", "deal", n)``.
- A score call may be made whenever it is one's turn to act: before playing a card at
  one's turn (leading or following, mid-trick included) or as an answer (counter-call).
  After a *va bene* the player whose card turn it is acts again and may raise at once if
  the last accepted raise was not theirs (saying *va bene* then raising is allowed).
- The only answers to *a monte* are *va bene* and *no* (the manual's program does the
  same); in particular one may not *vado via* or counter-call while an a monte is pending.
  After *no*, the seat that was to act before the a monte acts again, with any pending
  score call still pending; its a monte for this trick is used up.
- "Once per player per trick" counts the trick in progress: a trick is over when its
  second card is played, so an a monte called before a lead belongs to that new trick.
- A third trick that ties after each player won one trick goes to the winner of the
  first trick (the manual: on a tied trick the giocata goes to whoever took the first).
- *Vado via* with nothing pending and a forfeit both give the opponent the value in
  force (a forfeit ignores any pending call; it is the faulting seat's *vado via*).
  Forfeit by either seat is accepted at any time while the match is on.
- What is shown: a card is public once played face up; nothing else is ever revealed.
  ``GiocataEnded.hands`` shows both dealt hands only when the giocata was played out to
  the last card with every card face up (so it reveals nothing new); otherwise it is
  empty.  Unplayed cards of a giocata ended by vado via, a monte, a forfeit or an early
  decision stay hidden, as at a real table.
- Vado dentro (option ``vado_dentro``): instead of a normal play, the player to play a
  card may play any card of their hand face down, leader or follower.  The face-down
  card loses to any face-up card; two face-down cards tie.  The opponent never sees a
  face-down card (the referee's history has it).
- The match ends when a seat reaches the goal (24, or 8 after a 23–23).  ``deals`` in
  ``new_match`` caps the number of giocate (default 1000, a safety net for endless
  resets); a capped match ranks the seats by their match points.
- ``result()`` gives the final match points as scores (the reset phase's points when a
  reset happened), so the seat that reached the goal ranks 0; ``deal_results()`` gives
  the points each seat won in each giocata.
- ``replay(history)`` takes every giocata's hands from the history; a replayed match
  that is played on beyond its history deals from seed 0.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .._core import (
    Action,
    DealResult,
    Event,
    Game,
    GameSpec,
    MatchResult,
    Option,
    SeatStats,
    State,
    View,
    ranks_from_scores,
)
from .._errors import IllegalAction, NotationError
from .stats import invido_statistics
from .._registry import register
from .._rng import DealRandom

__all__ = [
    "RANKS",
    "SUITS",
    "DECK",
    "LADDER",
    "CALL_NAMES",
    "GOAL",
    "RESET_GOAL",
    "DEFAULT_CAP",
    "Kind",
    "EndReason",
    "InvidoAction",
    "PlayedCard",
    "TrickRecord",
    "DealtHand",
    "GiocataDealt",
    "CardPlayed",
    "TrickEnded",
    "Called",
    "MonteCalled",
    "Answered",
    "WentAway",
    "Forfeited",
    "GiocataEnded",
    "MatchReset",
    "MatchEnded",
    "InvidoView",
    "InvidoGame",
    "InvidoState",
    "parse_card",
    "parse_hand",
    "strength",
    "trick_winner",
    "giocata_winner",
]

RANKS = ("A", "2", "3", "6", "7", "F", "C", "R")
SUITS = ("b", "c", "d", "s")
_STRENGTH = {"6": 0, "7": 1, "F": 2, "C": 3, "R": 4, "A": 5, "2": 6, "3": 7}
DECK = tuple(rank + suit for rank in RANKS for suit in SUITS)
_DECK_SET = frozenset(DECK)
#: Canonical card order: strongest first, then by suit (how the manual lists hands).
_SORT_KEY = {card: (-_STRENGTH[card[0]], SUITS.index(card[1])) for card in DECK}

LADDER = (1, 3, 6, 9, 12, 24)
CALL_NAMES = {
    1: "canèla",
    3: "invido",
    6: "tras mas",
    9: "tras mas nof",
    12: "fuori gioco",
    24: "partita",
}
_NEXT = {LADDER[i]: LADDER[i + 1] for i in range(len(LADDER) - 1)}
_CALL_WORDS = {
    "invido": 3,
    "tras mas": 6,
    "trasmas": 6,
    "tras mas nof": 9,
    "trasmas nof": 9,
    "trasmasnof": 9,
    "fuori gioco": 12,
    "fuorigioco": 12,
    "partita": 24,
}
GOAL = 24
RESET_GOAL = 8
DEFAULT_CAP = 1000
HAND_SIZE = 3


def strength(card: str) -> int:
    """The trick strength of a card, 0 (a 6) to 7 (a 3); suits do not count."""
    return _STRENGTH[card[0]]


def _name(value: int) -> str:
    return f"{CALL_NAMES.get(value, str(value))} ({value})"


class Kind(enum.Enum):
    PLAY = 1          # play a card face up
    CALL = 2          # a score call: the next step of the ladder
    VA_BENE = 3       # accept the pending score call, or the pending a monte
    VADO_VIA = 4      # give up the giocata: the opponent takes the value in force
    A_MONTE = 5       # ask to call the giocata off
    NO = 6            # refuse an a monte: play resumes where it stopped
    VADO_DENTRO = 7   # play a card face down (option vado_dentro): it loses the trick


class EndReason(enum.Enum):
    TRICKS = 1      # decided by the tricks
    TIES = 2        # three tied tricks: void
    VADO_VIA = 3    # a player went away
    A_MONTE = 4     # an a monte was accepted: void
    FORFEIT = 5     # a seat faulted: its vado via


# --- actions --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class InvidoAction(Action):
    """One decision.  `card` only for PLAY / VADO_DENTRO, `value` only for CALL."""

    kind: Kind
    card: str | None = None
    value: int | None = None

    @property
    def text(self) -> str:
        kind = self.kind
        if kind is Kind.PLAY:
            return f"play {self.card}"
        if kind is Kind.VADO_DENTRO:
            return f"vado dentro {self.card}"
        if kind is Kind.CALL:
            if self.value in CALL_NAMES:
                return f"call {_name(self.value)}"  # type: ignore[arg-type]
            return f"call {self.value}"
        return _ANSWER_TEXT[kind]

    def __str__(self) -> str:
        return self.text


_ANSWER_TEXT = {
    Kind.VA_BENE: "va bene",
    Kind.VADO_VIA: "vado via",
    Kind.A_MONTE: "a monte",
    Kind.NO: "no",
}
_TEXT_ANSWER = {text: kind for kind, text in _ANSWER_TEXT.items()}


# --- records --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """A card on the table; `card` is None where the viewer may not see it (face down)."""

    seat: int
    card: str | None
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """One trick: number (1-3), leader, cards so far; `winner` None means a tie."""

    number: int
    leader: int
    cards: tuple[PlayedCard, ...]
    finished: bool
    winner: int | None


@dataclass(frozen=True, slots=True)
class DealtHand:
    """A seat's hand; `cards` is empty where the viewer may not see them."""

    seat: int
    size: int
    cards: tuple[str, ...]


def _hand_text(hand: DealtHand) -> str:
    return " ".join(hand.cards) if hand.cards else f"{hand.size} cards"


# --- events ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GiocataDealt(Event):
    giocata: int
    max_giocate: int
    dealer: int
    leader: int
    goal: int
    points: tuple[int, ...]
    hands: tuple[DealtHand, ...]

    def visible_to(self, seat: int) -> GiocataDealt:
        hidden = tuple(
            h if h.seat == seat else DealtHand(h.seat, h.size, ()) for h in self.hands
        )
        return GiocataDealt(
            self.giocata, self.max_giocate, self.dealer, self.leader, self.goal,
            self.points, hidden,
        )

    @property
    def text(self) -> str:
        hands = "; ".join(f"seat {h.seat}: {_hand_text(h)}" for h in self.hands)
        score = "–".join(str(p) for p in self.points)
        return (
            f"giocata {self.giocata}: seat {self.dealer} deals, seat {self.leader} leads "
            f"(match {score}, goal {self.goal}); {hands}"
        )


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    giocata: int
    trick: int
    seat: int
    card: str | None
    face_down: bool

    def visible_to(self, seat: int) -> CardPlayed:
        if self.face_down and seat != self.seat:
            return CardPlayed(self.giocata, self.trick, self.seat, None, True)
        return self

    @property
    def text(self) -> str:
        if self.face_down:
            shown = f" ({self.card})" if self.card else ""
            return f"seat {self.seat} plays a card face down{shown}: vado dentro"
        return f"seat {self.seat} plays {self.card}"


@dataclass(frozen=True, slots=True)
class TrickEnded(Event):
    giocata: int
    trick: int
    leader: int
    winner: int | None

    @property
    def text(self) -> str:
        if self.winner is None:
            return f"trick {self.trick} is tied (patta)"
        return f"trick {self.trick}: seat {self.winner} wins it"


@dataclass(frozen=True, slots=True)
class Called(Event):
    """A score call of `value`; `accepted` is the call it implicitly accepts, if any."""

    giocata: int
    seat: int
    value: int
    accepted: int | None

    @property
    def text(self) -> str:
        also = f", accepting {_name(self.accepted)}" if self.accepted is not None else ""
        return f"seat {self.seat} calls {_name(self.value)}{also}"


@dataclass(frozen=True, slots=True)
class MonteCalled(Event):
    """An a monte; `pending` is the score call left waiting meanwhile, if any."""

    giocata: int
    seat: int
    pending: int | None

    @property
    def text(self) -> str:
        return f"seat {self.seat} calls a monte"


@dataclass(frozen=True, slots=True)
class Answered(Event):
    """*Va bene* or *no*; `to_monte` tells an a monte's answer from a score call's.

    `value` is what the giocata is worth after the answer.
    """

    giocata: int
    seat: int
    answer: Kind
    to_monte: bool
    value: int

    @property
    def text(self) -> str:
        said = _ANSWER_TEXT[self.answer]
        if self.to_monte:
            return f"seat {self.seat} answers the a monte: {said}"
        return f"seat {self.seat}: {said}, the giocata is worth {self.value}"


@dataclass(frozen=True, slots=True)
class WentAway(Event):
    """*Vado via*: the opponent takes `value`; `pending` is the call refused, if any."""

    giocata: int
    seat: int
    value: int
    pending: int | None

    @property
    def text(self) -> str:
        refused = f", refusing {_name(self.pending)}" if self.pending is not None else ""
        return f"seat {self.seat}: vado via{refused}; seat {1 - self.seat} takes {self.value}"


@dataclass(frozen=True, slots=True)
class Forfeited(Event):
    giocata: int
    seat: int
    reason: str

    @property
    def text(self) -> str:
        return f"seat {self.seat} forfeits giocata {self.giocata}: {self.reason}"


@dataclass(frozen=True, slots=True)
class GiocataEnded(Event):
    """How a giocata ended; `points` go to `winner` (None: void).

    `hands` holds both dealt hands only when every card was played face up.
    """

    giocata: int
    winner: int | None
    points: int
    value: int
    reason: EndReason
    match_points: tuple[int, ...]
    hands: tuple[DealtHand, ...]

    @property
    def text(self) -> str:
        why = {
            EndReason.TRICKS: "on the tricks",
            EndReason.TIES: "three tied tricks",
            EndReason.VADO_VIA: "vado via",
            EndReason.A_MONTE: "a monte",
            EndReason.FORFEIT: "forfeit",
        }[self.reason]
        score = "–".join(str(p) for p in self.match_points)
        if self.winner is None:
            return f"giocata {self.giocata} is void ({why}); match {score}"
        return (
            f"giocata {self.giocata}: seat {self.winner} wins {self.points} "
            f"({why}); match {score}"
        )


@dataclass(frozen=True, slots=True)
class MatchReset(Event):
    """Both seats on 23–23 (or 7–7 after that): both go back to 0; `goal` from now on."""

    giocata: int
    points_before: tuple[int, ...]
    goal: int

    @property
    def text(self) -> str:
        score = "–".join(str(p) for p in self.points_before)
        return f"{score}: both reset to 0, the match now goes to {self.goal}"


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """The match is over; `winner` is None when the giocata cap ended it level."""

    giocata: int
    winner: int | None
    points: tuple[int, ...]
    goal: int
    capped: bool

    @property
    def text(self) -> str:
        score = "–".join(str(p) for p in self.points)
        if self.capped:
            who = "level" if self.winner is None else f"seat {self.winner} ahead"
            return f"match stopped at the cap of {self.giocata} giocate, {score} ({who})"
        return f"seat {self.winner} wins the match {score}"


# --- the view -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class InvidoView(View):
    """All one seat may know: its own hand and everything public, nothing else.

    `tricks` lists this giocata's tricks, the one in progress last (finished=False).
    `pending_call` is the score call waiting for an answer (made by `pending_caller`);
    `monte_caller` is the seat whose a monte waits for an answer; `monte_used` says per
    seat whether it has called a monte in the current trick.
    """

    seat: int
    giocata: int
    max_giocate: int
    dealer: int
    leader: int
    to_act: int | None
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    tricks: tuple[TrickRecord, ...]
    trick: int
    value: int
    pending_call: int | None
    pending_caller: int | None
    monte_caller: int | None
    last_raiser: int | None
    monte_used: tuple[bool, ...]
    points: tuple[int, ...]
    goal: int
    reset_rule: bool
    vado_dentro: bool
    history: tuple[Event, ...]


# --- card text ------------------------------------------------------------------------


def parse_card(token: str, context: str | None = None) -> str:
    """Read one card like ``3c`` or ``Rd`` (rank letters in either case)."""
    where = f" in {context!r}" if context is not None and context != token else ""
    t = token.strip()
    if len(t) == 2:
        card = t[0].upper() + t[1].lower()
        if card in _DECK_SET:
            return card
        if card[0] in "45" and card[1] in SUITS:
            raise NotationError(
                f"Cannot use the card {token!r}{where}: the Invido deck has no 4s and 5s."
            )
    raise NotationError(
        f"Cannot read the card {token!r}{where}: write the rank then the suit, ranks "
        f"{' '.join(RANKS)}, suits {' '.join(SUITS)} (e.g. 3c, Rd, Fb)."
    )


def parse_hand(text: str) -> tuple[str, ...]:
    """Read a hand like ``"3c 2b As"``; the cards come back strongest first."""
    if not isinstance(text, str):
        raise NotationError(f"A hand must be written as text like '3c 2b As', not {text!r}.")
    cards = [parse_card(token, text) for token in text.split()]
    return tuple(sorted(cards, key=_SORT_KEY.__getitem__))


def _check_hands(hands: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    if isinstance(hands, str) or len(hands) != 2:
        raise NotationError(
            f"Invido needs two hands, one per seat (seat 0 first), e.g. "
            f"['3c 2b As', '6s 7c Rd']; got {hands!r}."
        )
    parsed = tuple(parse_hand(h) for h in hands)
    seen: dict[str, int] = {}
    for seat, hand in enumerate(parsed):
        if len(hand) != HAND_SIZE:
            raise NotationError(
                f"Seat {seat}'s hand {hands[seat]!r} has {len(hand)} cards; "
                f"an Invido hand has {HAND_SIZE}."
            )
        for card in hand:
            if card in seen:
                raise NotationError(
                    f"The card {card} is given twice (seat {seen[card]} and seat {seat}); "
                    "the Invido deck holds one of each card."
                )
            seen[card] = seat
    return parsed


def trick_winner(first: PlayedCard, second: PlayedCard) -> int | None:
    """The seat that takes a trick, or None for a tie (a face-down card always loses)."""
    if first.face_down or second.face_down:
        if first.face_down and second.face_down:
            return None
        return second.seat if first.face_down else first.seat
    a, b = _STRENGTH[first.card[0]], _STRENGTH[second.card[0]]  # type: ignore[index]
    if a == b:
        return None
    return first.seat if a > b else second.seat


def giocata_winner(outcomes: Sequence[int | None]) -> int | None:
    """Who has won the giocata after these tricks (None: undecided or void).

    A second trick wins; a trick won after an earlier tie wins; a tie after a won trick
    goes to the winner of the first trick that was won.
    """
    if not outcomes:
        return None
    last = outcomes[-1]
    earlier = outcomes[:-1]
    if last is not None:
        if last in earlier or None in earlier:
            return last
        return None
    for outcome in earlier:
        if outcome is not None:
            return outcome
    return None


_CALL_RE = re.compile(r"^(?P<name>[^\d()]*?)\s*(?:\(?\s*(?P<num>\d+)\s*\)?)?$")


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
        rate_by="match",
        score_title="points/giocata",
    )

    def seat_statistics(self, history: Sequence[Event]) -> tuple[SeatStats, ...]:
        return invido_statistics(history, self.players)

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
        explicit = [_check_hands(hands)] if hands is not None else []
        cap = DEFAULT_CAP if deals is None else deals
        return InvidoState(self, seed, cap, first_dealer, explicit)

    def replay(self, history: Sequence[Event]) -> InvidoState:
        dealt = [e for e in history if isinstance(e, GiocataDealt)]
        if not dealt:
            raise ValueError("An invido history starts with a GiocataDealt event; none was found.")
        queue = [tuple(h.cards for h in sorted(d.hands, key=lambda h: h.seat)) for d in dealt]
        for d, hands in zip(dealt, queue):
            if any(len(h) != HAND_SIZE for h in hands):
                raise ValueError(
                    f"Giocata {d.giocata}'s hands are hidden in this history; replay needs "
                    "the full (referee) history, not a seat's view of it."
                )
        first = dealt[0]
        state = InvidoState(self, 0, first.max_giocate, first.dealer, queue)
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


class InvidoState(State):
    """One invido match: giocate until a seat reaches the goal (or the cap)."""

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
            raise ValueError(f"A match needs at least one giocata; deals={cap!r} was asked.")
        if first_dealer is None:
            first_dealer = 1
        if first_dealer not in (0, 1):
            raise ValueError(f"first_dealer must be seat 0 or 1, not {first_dealer!r}.")
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
            dealt[leader] = tuple(sorted(deck[:HAND_SIZE], key=_SORT_KEY.__getitem__))
            dealt[dealer] = tuple(
                sorted(deck[HAND_SIZE : 2 * HAND_SIZE], key=_SORT_KEY.__getitem__)
            )
            hands = (dealt[0], dealt[1])
        self._dealt = hands
        self._hands = [list(hands[0]), list(hands[1])]
        self.leader = leader
        self._turn = leader          # whose card it is
        self._trick_leader = leader
        self._current: list[PlayedCard] = []
        self._tricks: list[TrickRecord] = []
        self._outcomes: list[int | None] = []
        self._face_down = False      # any card played face down this giocata
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
            step = _NEXT.get(self.pending_value)  # type: ignore[arg-type]
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
                step = _NEXT.get(self.value)
                if step is not None:
                    out.append(game.calls[step])
            out.append(game.vado_via)
            if not self.monte_used[seat]:
                out.append(game.a_monte)
        self._legal = tuple(out)
        self._legal_set = frozenset(out)

    def _why_illegal(self, action: object) -> str:
        """The sentence that says why `action` is refused (it is not in the legal set)."""
        if not isinstance(action, InvidoAction):
            return f"{action!r} is not an invido action."
        said = repr(action.text)
        seat = self._to_act
        if seat is None:
            return f"The match is over, so {said} cannot be played."
        other = 1 - seat
        kind = action.kind
        if not isinstance(kind, Kind):
            return f"{said} has no kind of invido action."
        if kind in (Kind.PLAY, Kind.VADO_DENTRO):
            if action.value is not None:
                return f"A card play carries no call value, and {said} has one."
            if action.card not in _DECK_SET:
                return f"{said} names no card of the Invido deck (ranks {' '.join(RANKS)}, suits {' '.join(SUITS)})."
        elif kind is Kind.CALL:
            if action.card is not None:
                return f"A call carries no card, and {said} has one."
            if action.value not in _NEXT.values():
                steps = ", ".join(str(v) for v in LADDER[1:])
                return f"{said} is not a step of the call ladder ({steps})."
        elif action.card is not None or action.value is not None:
            return f"{said} carries a card or a value, which {_ANSWER_TEXT.get(kind, kind.name)!r} never does."
        if self.monte_caller is not None:
            return (
                f"Seat {self.monte_caller} called a monte, so seat {seat} must answer "
                f"'va bene' or 'no' before anything else; {said} is not such an answer."
            )
        pending = self.pending_value
        if kind in (Kind.PLAY, Kind.VADO_DENTRO):
            if kind is Kind.VADO_DENTRO and not self._vado_dentro:
                return (
                    f"Vado dentro (a card face down) is off in this match, so {said} "
                    "cannot be played; the option vado_dentro allows it."
                )
            if pending is not None:
                return (
                    f"Seat {other} called {_name(pending)} and seat {seat} must answer it "
                    f"(va bene, vado via, a counter-call or a monte) before playing, so "
                    f"{said} cannot be played now."
                )
            hand = " ".join(self._hands[seat]) or "empty"
            return f"Seat {seat} does not hold {action.card}, so {said} is refused; the hand is {hand}."
        if kind is Kind.CALL:
            if pending is not None:
                step = _NEXT.get(pending)
                if step is None:
                    return f"Seat {other} called {_name(pending)}, the top of the ladder, so {said} has nothing above it."
                return (
                    f"Only the next step may be called: seat {other} called {_name(pending)}, "
                    f"so a counter-call must be {_name(step)}, not {said}."
                )
            if self.last_raiser == seat:
                return (
                    f"Seat {seat} made the last raise that was accepted (to {_name(self.value)}), "
                    f"so seat {seat} cannot raise again with {said}; only seat {other} may raise next."
                )
            step = _NEXT.get(self.value)
            if step is None:
                return f"The giocata is already worth {_name(self.value)}, the top of the ladder, so {said} cannot be called."
            return (
                f"Only the next step may be called: the giocata is worth {_name(self.value)}, "
                f"so the call must be {_name(step)}, not {said}."
            )
        if kind is Kind.VA_BENE:
            return f"There is no call for seat {seat} to answer, so {said} means nothing now."
        if kind is Kind.NO:
            if pending is not None:
                return (
                    f"{said} answers only an a monte; seat {other}'s call of {_name(pending)} "
                    "is answered with va bene, vado via, a counter-call or a monte."
                )
            return f"{said} answers only an a monte, and none is pending."
        if kind is Kind.A_MONTE:
            return (
                f"Seat {seat} already called a monte in trick {len(self._tricks) + 1}; a player "
                f"may call it at most once per trick, so {said} is refused."
            )
        return f"{said} is not legal now."

    def parse_action(self, text: str) -> InvidoAction:
        if not isinstance(text, str):
            raise NotationError(f"An action text must be a string, not {text!r}.")
        words = " ".join(text.strip().split())
        low = words.lower()
        game = self.game
        if low in _TEXT_ANSWER:
            return game._by_kind[_TEXT_ANSWER[low]]
        if low.startswith("play "):
            return game.plays[parse_card(words[5:], text)]
        if low.startswith("vado dentro "):
            return game.downs[parse_card(words[12:], text)]
        if low.startswith("call "):
            return game.calls[_parse_call(words[5:], text)]
        if low in _CALL_WORDS:
            return game.calls[_CALL_WORDS[low]]
        if len(words) == 2 and " " not in words:
            try:
                return game.plays[parse_card(words, text)]
            except NotationError:
                pass
        raise NotationError(
            f"Cannot read the action {text!r}: write 'play <card>' (e.g. 'play 3c'), "
            "'call invido (3)' (or tras mas, tras mas nof, fuori gioco, partita), "
            "'va bene', 'vado via', 'a monte', 'no'"
            + (", or 'vado dentro <card>'." if self._vado_dentro else ".")
        )

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

    def _end_trick(self) -> None:
        first, second = self._current
        winner = trick_winner(first, second)
        number = len(self._tricks) + 1
        self._tricks.append(
            TrickRecord(number, self._trick_leader, (first, second), True, winner)
        )
        self._outcomes.append(winner)
        self._current = []
        self.monte_used = [False, False]
        self._history.append(TrickEnded(self.giocata, number, self._trick_leader, winner))
        decided = giocata_winner(self._outcomes)
        if decided is not None:
            self._end_giocata(decided, EndReason.TRICKS, None)
        elif number == 3:
            self._end_giocata(None, EndReason.TIES, None)
        else:
            if winner is not None:
                self._trick_leader = winner
            self._turn = self._trick_leader
            self._to_act = self._trick_leader

    def _end_giocata(self, winner: int | None, reason: EndReason, forfeit: int | None) -> None:
        points = self.value if winner is not None else 0
        if winner is not None:
            self.points[winner] += points
        scores = tuple(float(points) if s == winner else 0.0 for s in (0, 1))
        self._results.append(
            DealResult(self.giocata, scores, ranks_from_scores(scores), forfeit)
        )
        shown: tuple[DealtHand, ...] = ()
        if len(self._tricks) == 3 and not self._face_down:
            shown = tuple(DealtHand(s, len(h), tuple(h)) for s, h in enumerate(self._dealt))
        self._history.append(
            GiocataEnded(
                self.giocata, winner, points, self.value, reason, tuple(self.points), shown
            )
        )
        self.pending_caller = None
        self.pending_value = None
        self.monte_caller = None
        self._to_act = None
        self._legal = ()
        self._legal_set = frozenset()
        p0, p1 = self.points
        if p0 == p1 and (p0 == 23 and not self.reset_rule or p0 == 7 and self.reset_rule):
            before = (p0, p1)
            self.points = [0, 0]
            self.goal = RESET_GOAL
            self.reset_rule = True
            self._history.append(MatchReset(self.giocata, before, self.goal))
        p0, p1 = self.points
        reached = 0 if p0 >= self.goal else 1 if p1 >= self.goal else None
        if reached is not None or self.giocata >= self.max_giocate:
            if reached is None and p0 != p1:
                reached = 0 if p0 > p1 else 1
            self._history.append(
                MatchEnded(self.giocata, reached, (p0, p1), self.goal, max(p0, p1) < self.goal)
            )
            return
        self.dealer = 1 - self.dealer
        self._deal()

    def forfeit(self, seat: int, reason: str) -> Event:
        if self._to_act is None:
            raise IllegalAction(f"The match is over, so seat {seat} cannot forfeit.")
        if seat not in (0, 1):
            raise IllegalAction(f"There is no seat {seat} at a 2-player invido table.")
        event = Forfeited(self.giocata, seat, str(reason))
        self._history.append(event)
        self._end_giocata(1 - seat, EndReason.FORFEIT, seat)
        return event

    def view(self, seat: int) -> InvidoView:
        if seat not in (0, 1):
            raise ValueError(f"There is no seat {seat} at a 2-player invido table.")
        tricks = list(self._tricks)
        if self._to_act is not None or self._current:
            tricks.append(
                TrickRecord(
                    len(self._tricks) + 1, self._trick_leader, tuple(self._current), False, None
                )
            )
        if self._face_down:
            tricks = [
                TrickRecord(
                    t.number,
                    t.leader,
                    tuple(
                        PlayedCard(c.seat, None, True) if c.face_down and c.seat != seat else c
                        for c in t.cards
                    ),
                    t.finished,
                    t.winner,
                )
                for t in tricks
            ]
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
            history=self.events_for(seat),
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


def _parse_call(rest: str, text: str) -> int:
    match = _CALL_RE.match(rest.strip().lower())
    value = None
    if match:
        name = " ".join(match.group("name").split())
        num = match.group("num")
        by_name = _CALL_WORDS.get(name) if name else None
        by_num = int(num) if num is not None else None
        if name and by_name is None:
            value = None
        elif by_name is not None and by_num is not None and by_name != by_num:
            raise NotationError(
                f"The call {text!r} names {name} but says {by_num}; {name} is worth {by_name}."
            )
        else:
            value = by_name if by_name is not None else by_num
    if value not in _NEXT.values():
        steps = ", ".join(_name(v) for v in LADDER[1:])
        raise NotationError(f"Cannot read the call {text!r}: the calls are {steps}.")
    return value  # type: ignore[return-value]
