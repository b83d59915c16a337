"""The interface every game shares: spec, options, game, state, events and results.

Modelled on OpenSpiel's game API (one state object: seat to act, legal actions, apply,
terminal test, results, per-seat view) with pokerkit's legality triplet (verify / can /
apply).  Chance (the deal) is resolved inside the state from the match seed, so a state
only ever waits for a seat's decision; answers out of turn (an invido reply, a frederik
interrupt) are simply decisions asked of the seat that may give them.

A *match* is a sequence of deals at one table.  Results come per deal and for the match,
always as typed records; scores are "higher is better" so that tools can rank any game
without knowing it, while each game also keeps its own native standing (conto: bills paid).
"""

from __future__ import annotations

import copy
import enum
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, Generic, Self, TypeVar

from ._errors import IllegalAction, NotationError, OptionError
from ._rating import RateBy
from ._scene import Scene
from ._stats import SeatStats, StatsColumn

__all__ = [
    "Option",
    "SuitFace",
    "GameSpec",
    "Game",
    "State",
    "Action",
    "Event",
    "View",
    "DealResult",
    "MatchResult",
    "SeatStats",
    "StatsColumn",
    "DecisionKind",
    "RateBy",
    "Turn",
]


@dataclass(frozen=True)
class Option:
    """One game option: its default and the values it may take."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    help: str

    def check(self, value: Any) -> Any:
        # bool is an int subclass: reject True for an int option and 1 for a bool one.
        if type(value) is not type(self.default) or value not in self.choices:
            shown = ", ".join(repr(c) for c in self.choices)
            raise OptionError(f"Option {self.name!r} cannot be {value!r}; allowed values are {shown}.")
        return value


@dataclass(frozen=True)
class SuitFace:
    """How a viewer draws one suit: its letter in the game's card notation, its name
    ("coppe", "spades"), a symbol ("♥") and a CSS colour ("#c0392b")."""

    letter: str
    name: str
    symbol: str
    color: str


@dataclass(frozen=True)
class GameSpec:
    """What a game declares about itself, so tools can use it without knowing it."""

    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    default_players: int
    options: tuple[Option, ...]
    #: True when seats play in fixed partnerships (see Game.team_of).
    partnerships: bool = False
    #: How result tables show a bot's mean deal score: a column title and a factor
    #: (conto: scores are -1 per hand lost, shown as "deals lost %" with factor -100).
    score_title: str = "score/deal"
    score_factor: float = 1.0
    #: What one rating observation is: a deal, a match or a board (see `RateBy`).
    rate_by: RateBy = RateBy.DEAL
    #: The suits of the game's cards, one face per suit letter of its notation, for
    #: viewers (the report's replays); empty when the cards have no suits (conto).
    suits: tuple[SuitFace, ...] = ()
    #: True when the notation writes the suit before the rank (bridge's "SA").
    suit_first: bool = False
    #: For a game whose match ends by its own rule (invido: first to 24 points), the
    #: mean deals a match lasts, measured (the game says how): the match's `deals`
    #: is then a cap, and the dry run prices a match at this many.  None: a match plays
    #: exactly its deals.
    typical_deals: float | None = None

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise OptionError(self._unknown_option_message(name))

    def _unknown_option_message(self, name: str) -> str:
        known = ", ".join(["players", *(o.name for o in self.options)])
        return f"Game {self.name!r} has no option {name!r}; its options are {known}."


class Action:
    """Base of every game's action records (frozen dataclasses).

    `str(action)` is the canonical text; `State.parse_action` reads it back.
    """

    __slots__ = ()

    @property
    def text(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text


class Event:
    """Base of the records appended to a state's history (frozen dataclasses).

    The history is the full, referee-side log.  `visible_to(seat)` is the same event as
    that seat may see it (hidden cards of other seats removed); `None` means the seat
    may not see it at all.
    """

    __slots__ = ()

    #: True for the event that opens a deal (conto's HandDealt, invido's GiocataDealt):
    #: a view's `deal_events` start there, so a request never grows with the match.
    starts_deal: ClassVar[bool] = False

    def visible_to(self, seat: int) -> Event | None:
        return self

    @property
    def text(self) -> str:
        raise NotImplementedError

    def columns(self) -> tuple[tuple[str, str], ...] | None:
        """For a seat's move: (title, value) cells of a transcript row, like the seed's
        tables (conto: action, declaration, reveal).  None for other events, which a
        transcript prints as a line of text."""
        return None

    def __str__(self) -> str:
        return self.text


class View:
    """Base of every game's per-seat view (frozen dataclasses): all a seat may know of
    the current deal, its events so far in a field `deal_events` (earlier deals are the
    seat's memory: it saw them as events)."""

    __slots__ = ()


class DecisionKind(enum.Enum):
    """Why a seat is asked.  Decisions come one seat at a time: a window in which several
    seats may act out of turn asks them one after another, "pass" among the actions."""

    #: The seat's turn in the order of play.
    TURN = 1
    #: An answer owed to another seat's action (invido: a call to accept, raise or refuse).
    RESPONSE = 2
    #: A chance to act out of turn after another seat's action (frederik's interrupts).
    INTERRUPT = 3


@dataclass(frozen=True, slots=True)
class Turn:
    """The decision awaited: who decides, why, and for whom.

    `seat` is whose bot decides (`State.current_seat`); `acting_seat` whose cards and
    turn the decision plays, the same seat except where one seat plays for another
    (bridge: declarer plays dummy's cards); `responding_to` the seat whose action an
    answer or an interrupt follows, None on a plain turn.
    """

    seat: int
    kind: DecisionKind = DecisionKind.TURN
    acting_seat: int = -1
    responding_to: int | None = None

    def __post_init__(self) -> None:
        if self.acting_seat < 0:
            object.__setattr__(self, "acting_seat", self.seat)


@dataclass(frozen=True)
class DealResult:
    """How one deal ended.

    `scores` are per seat, higher is better, in the game's own unit.  `ranks` give the
    finishing order per seat, 0 = best, equal numbers = tie: this is what ratings use.
    `forfeit` names the seat that faulted, when the deal ended that way.
    """

    deal: int
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    forfeit: int | None = None


@dataclass(frozen=True)
class MatchResult:
    """How a match ended: totals per seat (higher is better), ranks, and every deal."""

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    deals: tuple[DealResult, ...]


def ranks_from_scores(scores: Sequence[float]) -> tuple[int, ...]:
    """Competition ranks, 0 = best; equal scores share a rank."""
    return tuple(sum(1 for other in scores if other > mine) for mine in scores)


S = TypeVar("S", bound="State")


class Game(ABC, Generic[S]):
    """A game with its options fixed: the factory of matches.

    Subclasses set `spec` and implement `_new_state`; options are validated here, once,
    so every state can trust them.
    """

    spec: ClassVar[GameSpec]

    def __init__(self, players: int | None = None, **options: Any) -> None:
        spec = self.spec
        if players is None:
            players = spec.default_players
        if type(players) is not int or not spec.min_players <= players <= spec.max_players:
            raise OptionError(
                f"Option 'players' cannot be {players!r}; {spec.name} is for "
                f"{spec.min_players} to {spec.max_players} players."
            )
        values: dict[str, Any] = {}
        for name, value in options.items():
            values[name] = spec.option(name).check(value)
        for option in spec.options:
            values.setdefault(option.name, option.default)
        self.players = players
        self._options = MappingProxyType(values)
        self._check_combination()

    @property
    def options(self) -> Mapping[str, Any]:
        """Every option with its value, defaults included (without `players`)."""
        return self._options

    def _check_combination(self) -> None:
        """Refuse option values that are allowed alone but not together."""

    def seat_statistics(self, history: Sequence[Event]) -> tuple[SeatStats, ...] | None:
        """Per-seat statistics of one match, from its full history; None if the game has none."""
        return None

    def statistics_kind(self) -> type[SeatStats] | None:
        """The record `seat_statistics` returns (its `COLUMNS` explain the statistics
        table), read off an empty history; None if the game has no statistics."""
        blank = self.seat_statistics(())
        return type(blank[0]) if blank else None

    def board_score(self, difference: float) -> float:
        """For a game rated by board: what `difference`, one side's points on a deal less
        the points of the side in the same seats at the other table, is worth (bridge:
        IMPs).  Games rated by deal or match never compare tables."""
        raise NotImplementedError(f"{self.spec.name} is not rated by board.")

    def team_of(self, seat: int) -> int:
        """The partnership a seat plays for; every seat is its own team unless overridden."""
        return seat

    @abstractmethod
    def new_match(
        self,
        seed: int = 0,
        deals: int | None = None,
        hands: Sequence[str] | None = None,
        first_dealer: int | None = None,
    ) -> S:
        """A fresh match.

        `seed` fixes every deal (same seed, same cards on every machine).  `deals` is the
        number of deals for games whose match length is set from outside (conto); games
        with their own end (invido) treat it as a safety cap.  `hands` gives the first
        deal's hands explicitly in card notation, so a rulebook example can be replayed.
        """

    @abstractmethod
    def replay(self, history: Sequence[Event]) -> S:
        """Rebuild a state from a full history (as `State.history` returns it)."""

    @abstractmethod
    def scenes(self, history: Sequence[Event]) -> tuple[Scene, ...]:
        """The match as a spectator watches it, for replays: one `Scene` after each event
        of `history`, a full history as the referee keeps it (every card in it)."""

    def describe(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"{self.spec.name}(players={self.players}{', ' if shown else ''}{shown})"

    def __repr__(self) -> str:
        return f"<Game {self.describe()}>"


class State(ABC):
    """One match in progress.  The referee uses nothing but this interface.

    The bookkeeping every game shares is kept here, on these attributes of the subclass:

    - `_history`, the full log as a list (`history` gives it as a tuple);
    - `_results`, one DealResult per finished deal (`deal_results`);
    - `_to_act`, the seat whose decision is awaited, None once the match is over
      (`current_seat`, `is_terminal`);
    - `_legal`, the legal actions of `_to_act` in canonical order, or None when they
      must be worked out again: `legal_actions` then calls `_generate`, which sets
      `_legal` and `_legal_set` (the same actions as a set, which `verify` consults; a
      game may override `verify` with a faster test, as conto does with integer keys).

    A subclass sets `_to_act` and `_legal` when a deal starts and after every change,
    and implements `_generate`, `_why_illegal` and the rest of the abstract methods.
    """

    game: Game
    _history: list[Event]
    _results: list[DealResult]
    _to_act: int | None
    _legal: tuple[Action, ...] | None
    _legal_set: frozenset[Action]

    def __init__(self, game: Game) -> None:
        self.game = game
        self._history = []
        self._results = []

    # --- whose turn, what is legal -------------------------------------------------
    def current_seat(self) -> int | None:
        """The seat whose decision is awaited, or None when the match is over."""
        return self._to_act

    def turn(self) -> Turn | None:
        """The decision awaited (who, why, for whom), or None when the match is over.

        A plain turn of the seat to act unless the game says otherwise."""
        seat = self._to_act
        return None if seat is None else Turn(seat)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the seat to act, in a stable canonical order."""
        if self._legal is None:
            self._generate()
        return self._legal  # type: ignore[return-value]

    @abstractmethod
    def _generate(self) -> None:
        """Work out the legal actions of the seat to act: set `_legal`, and `_legal_set`
        unless the game overrides `verify` with a faster test of its own (conto)."""

    def verify(self, action: Action) -> None:
        """Raise IllegalAction, with a sentence saying why, unless `action` is legal now."""
        if self._legal is None:
            self._generate()
        try:
            if action in self._legal_set:
                return
        except TypeError:  # unhashable junk
            pass
        raise IllegalAction(self._why_illegal(action))

    @abstractmethod
    def _why_illegal(self, action: object) -> str:
        """The sentence that says why `action` is refused (it is not in the legal set)."""

    def can_apply(self, action: Action | str) -> bool:
        """True when `apply` would take `action`; every refusal is False, a text that
        cannot be read (NotationError) as much as an action the rules forbid."""
        try:
            self.verify(self._as_action(action))
        except (IllegalAction, NotationError):
            return False
        return True

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action's canonical text (NotationError when it cannot be read)."""

    def apply(self, action: Action | str) -> Event:
        """Verify, then change the state, then return the record appended to the history."""
        action = self._as_action(action)
        self.verify(action)
        return self._apply_verified(action)

    @abstractmethod
    def _apply_verified(self, action: Action) -> Event: ...

    def _as_action(self, action: Action | str) -> Action:
        return self.parse_action(action) if isinstance(action, str) else action

    @abstractmethod
    def forfeit(self, seat: int, reason: str) -> Event:
        """`seat` faulted: the game's forfeit.  Most games end the deal at once with the
        seat last (conto, invido); one may instead fold the seat and play the deal on
        without it (vegas).  Either way the seat is not asked again in that deal."""

    # --- what is known ------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int) -> View:
        """Everything `seat` may know now, and nothing else."""

    @property
    def history(self) -> tuple[Event, ...]:
        """The full log, hidden cards included: the referee's record of the match."""
        return tuple(self._history)

    def history_since(self, start: int) -> tuple[Event, ...]:
        """The history entries from index `start` on (what is new since a reader's last look)."""
        return tuple(self._history[start:])

    def events_for(self, seat: int, start: int = 0) -> tuple[Event, ...]:
        """History entries from index `start`, as `seat` may see them."""
        seen = (event.visible_to(seat) for event in self._history[start:])
        return tuple(event for event in seen if event is not None)

    def deal_events(self, seat: int) -> tuple[Event, ...]:
        """The current deal's events (from the last that `starts_deal`), as `seat` may see them.

        Views carry them at every decision, so each seat's redacted log is kept and
        extended rather than rebuilt, with the index where its current deal begins."""
        history = self._history
        owner, cache = self.__dict__.get("_visible_cache", (None, None))
        if owner is not self:  # absent, or copied along by a clone
            cache = {}
            self.__dict__["_visible_cache"] = (self, cache)
        entry = cache.get(seat)
        if entry is None:
            entry = cache[seat] = [[], 0, 0]  # the seat's events, history read up to, deal start
        known, upto, start = entry
        if upto < len(history):
            for event in history[upto:]:
                if event.starts_deal:
                    start = len(known)
                visible = event.visible_to(seat)
                if visible is not None:
                    known.append(visible)
            entry[1], entry[2] = len(history), start
        return tuple(known[start:])

    # --- how it ends --------------------------------------------------------------
    def is_terminal(self) -> bool:
        """True once the match is over (no seat is to act)."""
        return self._to_act is None

    def deal_results(self) -> tuple[DealResult, ...]:
        """The results of the deals finished so far."""
        return tuple(self._results)

    @abstractmethod
    def standing(self) -> tuple[float, ...]:
        """The match score per seat in the game's own terms (conto: bills paid)."""

    def result(self) -> MatchResult:
        """The match result; callable mid-match for the standing so far."""
        deals = self.deal_results()
        players = self.game.players
        totals = tuple(sum(d.scores[s] for d in deals) for s in range(players))
        return MatchResult(totals, ranks_from_scores(totals), deals)

    def clone(self) -> State:
        """An independent copy (for search bots)."""
        return copy.deepcopy(self)

    def _copy(self) -> Self:
        """A shallow copy with its own history and results.

        A subclass's `clone` starts from it and copies its own mutable fields, which is
        far cheaper than `deepcopy`; everything else (tuples, interned actions) is shared.
        """
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._history = list(self._history)
        other._results = list(self._results)
        return other
