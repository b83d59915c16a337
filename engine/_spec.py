"""What a game declares about itself (OpenSpiel's GameType): its spec, with its name,
player range and options with their defaults and allowed values, how its suits look and
how its moves read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ._errors import OptionError
from ._rating import RateBy

__all__ = ["Option", "SuitFace", "RankName", "GameSpec"]


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
class RankName:
    """A rank letter of the game's card notation a reader may not know, with its name:
    the Italian deck's "C" is "cavallo (knight)", not a French deck's clubs."""

    letter: str
    name: str


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
    #: The rank letters of the card notation a legend names (the Italian deck's A F C R);
    #: empty when the ranks read as every player of the game reads them (2–9, T J Q K A).
    ranks: tuple[RankName, ...] = ()
    #: For a game whose match ends by its own rule (invido: first to 24 points), the
    #: mean deals a match lasts, measured (the game says how): the match's `deals`
    #: is then a cap, and the dry run prices a match at this many.  None: a match plays
    #: exactly its deals.
    typical_deals: float | None = None
    #: How the game's move texts read where their words alone do not say it (conto's
    #: "38" is three 8s): a few sentences, which the report's replays and `arena show`
    #: print as a legend.  Empty when the game's own players read them as they are
    #: (bridge's "2H", "X", "SA", written as every bridge text writes them).
    notation: str = ""
    #: What the game's own texts call one deal ("deal 1: …" in conto's log, "giocata 1: …"
    #: in invido's, "board 1" in bridge's), for viewers that count them ("board 3 of 8").
    deal_word: str = "deal"

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise OptionError(self._unknown_option_message(name))

    def _unknown_option_message(self, name: str) -> str:
        known = ", ".join(["players", *(o.name for o in self.options)])
        return f"Game {self.name!r} has no option {name!r}; its options are {known}."
