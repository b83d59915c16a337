"""The interface every game shares: spec, options, game, state, events and results.

Modelled on OpenSpiel's game API (one state object: seat to act, legal actions, apply,
terminal test, results, per-seat view) with pokerkit's legality triplet (verify / can /
apply).  Chance (the deal) is resolved inside the state from the match seed, so a state
only ever waits for a seat's decision; answers out of turn (an invido reply, a frederik
interrupt) are simply decisions asked of the seat that may give them.

A *match* is a sequence of deals at one table.  Results come per deal and for the match,
always as typed records; scores are "higher is better" so that tools can rank any game
without knowing it, while each game also keeps its own native standing (conto: bills paid).

The spec a game declares is `_spec.py`'s, the records a state hands out and takes
(actions, events, views, turns, results) `_records.py`'s; this module is the interface
built on them, `Game` and `State`, and the one place games import all of it from.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Generic, Self, TypeVar

from ._errors import IllegalAction, NotationError, OptionError
from ._rating import RateBy
from ._records import Action, DealResult, DecisionKind, Event, MatchResult, Turn, View, ranks_from_scores
from ._scene import Scene
from ._spec import GameSpec, Option, RankName, SuitFace
from ._stats import SeatStats, StatsColumn

__all__ = [  # the interface, and what it is made of (games import it all from here)
    "Option",
    "SuitFace",
    "RankName",
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
            allowed = (
                f"exactly {spec.min_players}"
                if spec.min_players == spec.max_players
                else f"{spec.min_players} to {spec.max_players}"
            )
            raise OptionError(f"Option 'players' cannot be {players!r}; {spec.name} is for {allowed} players.")
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
