"""Las Vegas — chips, forced discards and a bluffing game (seed 001, settled by RULINGS.md §vegas).

An Italian 40-card deck (ranks ``A 2 3 4 5 6 7 F C R``, worth 1 to 7, F 8, C 9, R 10;
suits ``b c d s``), 2–6 players.  Each hand everyone antes `ante` chips, the dealer deals
three cards face down to each player and four centre cards face down.  Five betting
rounds follow, fixed-limit; after each of the first four, a centre card is turned face
up and every player still in the hand discards every card of that rank (forced, seen by
all).  A player whose hand empties on a flip takes the whole pot at once, *Las Vegas*
(several on one flip share it), and the hand ends.  Otherwise, after the fifth round,
the pot is split in halves between the lowest and the highest hand total of the players
still in.  Betting a weak hand is the bluff.

Betting (fixed limit): with nothing bet in the round a player may *bussare* (check) or
*puntare* (bet `bet` chips); once someone has bet, *vedere* (call), *rilanciare* (raise
the round's bet by `bet`, at most `raises` raises after the opening bet) or *lasciare*
(fold).  The round ends when every player still in has acted and matched the bet.
Action texts: ``busso``, ``punta 2``, ``vedi``, ``rilancia 4`` (the number is the
round's bet after the raise, per player), ``lascia``.

Results: per hand, each seat's net chips (what it took from the pot less what it put
in: ante, bets, calls, raises); a match is `deals` hands (default 10), its score the sum.
Ratings take each match's order by net chips (Plackett-Luce, ties shared): a hand's own
order says who lost least, not how much (engine/vegas/rules.py says why).

Choices where RULINGS.md is silent:
- Seats sit clockwise in seat order: the seat on the dealer's left is the next one
  (dealer + 1).  Seat n − 1 deals the first hand, so seat 0 acts first; the deal moves
  one seat to the left every hand.  Every betting round starts at the dealer's left.
- The deal: a SHA-256 shuffle (engine/_rng.py) of the hand's own stream
  ``("vegas", "deal", n)``; three cards to each seat from the dealer's left, then the
  four centre cards, flipped in the order dealt.
- A round in which everyone checks ends with no chips added.  A player who checked
  acts again when someone bets after it.  A raise is always by exactly `bet`.
- Folded players discard nothing and are out of the hand: they cannot win any part of
  the pot, even by a flip that would have emptied their hand.
- The lone survivor: when all but one player have folded, that player takes the pot at
  once, with no more flips and nothing shown.
- At the showdown the hands of every player still in are shown (what is left of them);
  nothing is shown when a hand ends by Las Vegas or folds, except the discards everyone
  saw.  Folded hands are never shown.
- A fault (a timeout, a crash, an illegal answer) folds the faulting seat: it loses what
  it put in and the hand goes on without it (`forfeit`); a seat that has folded cannot
  forfeit.  The hand's `DealResult.forfeit` names the first seat that forfeited in it.
- ``replay(history)`` takes every hand's cards and centre from the history; a replayed
  match that is played on beyond its history deals from seed 0.

The package: records.py (the deck, actions, events, the view), notation.py (card and
action text), refusals.py (why an action is refused), odds.py (a seat's chances from
what it sees), stats.py (per-seat statistics), scene.py (the match as a spectator
watches it, for replays), rules.py (VegasGame, VegasState).  Every
record is exported here by name: results files store it as ``engine.vegas.<Name>``.
"""

from .notation import parse_action, parse_card, parse_hand
from .records import (
    CENTRE_SIZE,
    DECK,
    HAND_SIZE,
    RANKS,
    ROUNDS,
    SUITS,
    VALUES,
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
    VegasView,
    card_value,
    sort_cards,
)
from .rules import DEFAULT_HANDS, VegasGame, VegasState, split_chips
from .stats import BLUFF_THRESHOLD, VegasMark, VegasStats, vegas_moments, vegas_statistics

__all__ = [
    "RANKS",
    "SUITS",
    "DECK",
    "VALUES",
    "HAND_SIZE",
    "CENTRE_SIZE",
    "ROUNDS",
    "DEFAULT_HANDS",
    "BLUFF_THRESHOLD",
    "Bet",
    "HandEnd",
    "VegasAction",
    "DealtHand",
    "Discard",
    "Payout",
    "ShownHand",
    "HandDealt",
    "Acted",
    "Forfeited",
    "CardFlipped",
    "HandEnded",
    "MatchEnded",
    "VegasView",
    "VegasGame",
    "VegasState",
    "VegasStats",
    "vegas_statistics",
    "VegasMark",
    "vegas_moments",
    "card_value",
    "sort_cards",
    "split_chips",
    "parse_action",
    "parse_card",
    "parse_hand",
]
