"""Il Conto, Prego! — the bluffing game (seed 000, settled by RULINGS.md §conto).

3–8 players share a 108-card deck (two French decks, 4 jokers).  Players take turns
declaring a *plate* of up to `courses` portate, each a (rank, quantity), and every
declaration must outbid the last: *ordinazione* adds a portata of one card, *speziare*
raises one portata's rank, *abbondare* adds one card to one portata and may change its
rank either way.  A rank not yet revealed on the table can only be declared by revealing
a card of it from one's own hand.  Instead of declaring, a player may ask for the bill
(*il conto, prego!*): all hands are shown, and the plate is true when the jokers can cover
what the natural cards lack.  True plate: the challenger (capotavola) loses; false: the
last declarer (cameriere) loses.  The loser pays one point; a match is many hands.

Choices where RULINGS.md is silent:
- Suits mean nothing in this game, so cards are ranks; hand text may carry suits
  (``Qh``), which are checked and dropped.
- The first hand is dealt by the last seat, so seat 0 opens it; the deal then rotates
  clockwise.  With the Regola dell'Oste, a hand that ended in a forfeit (no showdown, so
  no Oste) also passes the deal clockwise.
- Cards are dealt in consecutive blocks from the dealer's left after a SHA-256 shuffle
  (engine/_rng.py), so a seed gives the same cards on every machine.
- HandDealt carries the match seed in the referee's history only (a seat's copy has
  None), so a match rebuilt by ``replay`` and played on deals the same later hands.

The package: records.py (the deck's ranks, actions, events, the view), notation.py
(hand and action text), refusals.py (why an action is refused), stats.py (per-seat
statistics), odds.py (the chance that a declaration is true), scene.py (the match as a
spectator watches it, for replays), rules.py (ContoGame, ContoState).  Every record is exported here by name:
results files store it as ``engine.conto.<Name>``.
"""

from .notation import parse_hand
from .records import (
    COPIES_PER_RANK,
    JOKER,
    JOKERS_IN_DECK,
    MAX_QUANTITY,
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
from .rules import ContoGame, ContoState
from .stats import ContoMark, ContoStats, Verdict, conto_moments, conto_statistics

__all__ = [
    "RANKS",
    "JOKER",
    "Move",
    "Portata",
    "ContoAction",
    "RevealedCard",
    "DealtHand",
    "HandDealt",
    "Declared",
    "BillCalled",
    "Showdown",
    "Forfeited",
    "ContoView",
    "ContoGame",
    "ContoState",
    "parse_hand",
    "plate_is_true",
    "MAX_QUANTITY",
    "COPIES_PER_RANK",
    "JOKERS_IN_DECK",
    "ContoStats",
    "conto_statistics",
    "ContoMark",
    "Verdict",
    "conto_moments",
]
