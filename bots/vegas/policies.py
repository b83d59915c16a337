"""The Las Vegas policies: `value_choice` (the value bettor), `bluff_choice` (the value
bettor plus scheduled bluffs) and `caller_choice` (the calling station) turn a `Table`
into one `Choice`; `index_of` finds it among the legal actions.

The value bettor reads one number, `share`: the fraction of the final pot it expects to
take (`engine.vegas.odds.outlook`: its cards against every deal of the cards it has not
seen, nobody folding).  Chips it puts in are then worth `share` times what they bring
into the pot, less themselves:

- a bet or a raise of `bet` chips, everyone still in calling it, brings `bet` from each
  of the `n` players in, so it pays when ``share × n × bet > bet``, i.e. when its share
  beats its fair share 1/n; it bets (raises) when ``share × n − 1 ≥ margin``
  (``raise_margin``), the margin standing for what the model leaves out (a bet can be
  raised; whoever calls it is likelier strong than a random hand);
- a call of `to_call` chips pays when ``share × pot_called ≥ to_call × (1 + call_margin)``
  (pot odds), `pot_called` being the pot once everyone still in has matched the round's
  bet: the pot its odds, in which nobody folds, say it plays for.  It calls then, and
  folds otherwise;
- with nothing bet and no bet worth making it checks (checking is free).

Chips already in the pot are sunk: only what a decision adds is weighed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from bots.vegas.reading import BUSSO, LASCIA, PUNTA, RILANCIA, VEDI, Table
from engine.vegas.odds import Outlook, outlook

__all__ = [
    "Choice",
    "ValueParams",
    "BluffParams",
    "odds",
    "edge",
    "value_choice",
    "bluff_choice",
    "caller_choice",
    "index_of",
]


@dataclass(frozen=True)
class Choice:
    word: str  # the action's first word: busso, punta, vedi, rilancia, lascia
    why: str = ""
    bluff: bool = False  # a bet or raise its odds do not justify


@dataclass(frozen=True)
class ValueParams:
    margin: float = 0.1  # bet with nothing bet when share × players in − 1 ≥ margin
    raise_margin: float = 0.25  # raise a bet when share × players in − 1 ≥ raise_margin
    call_margin: float = 0.0  # call when share × pot_called ≥ to_call × (1 + call_margin)

    @classmethod
    def from_bot(cls, bot: Any) -> ValueParams:
        defaults = cls()
        return cls(**{name: float(bot.param(name, getattr(defaults, name))) for name in cls.__dataclass_fields__})


@dataclass(frozen=True)
class BluffParams:
    bluff: float = 0.3  # chance to bet a weak hand when nothing is bet
    rebluff: float = 0.0  # chance to raise a weak hand facing a bet
    give_up: float = 0.05  # a bluff it started is called down unless P(any chips) < give_up

    @classmethod
    def from_bot(cls, bot: Any) -> BluffParams:
        defaults = cls()
        return cls(**{name: float(bot.param(name, getattr(defaults, name))) for name in cls.__dataclass_fields__})


def odds(table: Table) -> Outlook:
    """The seat's outlook from what it sees (every unseen deal alike, nobody folding).
    The odds module caches it, so the decisions of a raise war compute it once."""
    return outlook(table.cards, table.flipped, table.unseen, table.opponent_sizes)


def edge(table: Table, out: Outlook) -> float:
    """What each chip it bets returns beyond itself when everyone in calls it."""
    return out.share * table.in_hand - 1


def value_choice(table: Table, p: ValueParams, out: Outlook | None = None) -> Choice:
    """Bet or raise when its share clearly beats its fair one, call on pot odds, else
    check or fold."""
    out = odds(table) if out is None else out
    gain = edge(table, out)
    said = f"share {out.share:.2f} of {table.in_hand}"
    if table.to_call == 0:
        if table.can(PUNTA) and gain >= p.margin:
            return Choice(PUNTA, f"{said}: bet for value")
        return Choice(BUSSO, f"{said}: check")
    if table.can(RILANCIA) and gain >= p.raise_margin:
        return Choice(RILANCIA, f"{said}: raise for value")
    price = table.to_call * (1 + p.call_margin)
    worth = out.share * table.pot_called
    if worth >= price:
        return Choice(VEDI, f"{said}: worth {worth:.1f}, call {table.to_call}")
    return Choice(LASCIA, f"{said}: worth {worth:.1f}, fold to {table.to_call}")


def bluff_choice(table: Table, p: ValueParams, b: BluffParams, rng: random.Random, bluffing: bool) -> Choice:
    """The value bettor, plus bets (with nothing bet, chance `bluff`) and raises (facing a
    bet, chance `rebluff`) on weak hands, those whose share is below the fair 1/n;
    `bluffing`: it bluffed earlier in this hand, so it calls a bet down unless its chance
    of any chips has fallen under `give_up`.  The generator is drawn only where a bluff
    may be made, so a seed replays the same bluffs."""
    out = odds(table)
    choice = value_choice(table, p, out)
    weak = edge(table, out) < 0
    said = f"share {out.share:.2f} of {table.in_hand}"
    if table.to_call == 0:
        if weak and choice.word == BUSSO and table.can(PUNTA) and rng.random() < b.bluff:
            return Choice(PUNTA, f"{said}: bluff", bluff=True)
        return choice
    if weak and choice.word != RILANCIA and table.can(RILANCIA) and rng.random() < b.rebluff:
        return Choice(RILANCIA, f"{said}: bluff raise", bluff=True)
    if choice.word == LASCIA and bluffing and out.any_share >= b.give_up:
        return Choice(VEDI, f"{said}, P(any chips) {out.any_share:.2f}: calling my bluff down")
    return choice


def caller_choice(table: Table) -> Choice:
    """Check when it may, else call: never bet, raise or fold."""
    if table.can(BUSSO):
        return Choice(BUSSO, "check")
    return Choice(VEDI, "call")


def index_of(table: Table, choice: Choice) -> int:
    """The index of `choice` among the legal actions; if it is not there, the cheapest
    way to stay in (check, else call), else the first."""
    for word in (choice.word, BUSSO, VEDI):
        index = table.index(word)
        if index is not None:
            return index
    return 0
