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

The package: records.py (the deck, the ladder, actions, events, the view), notation.py
(card and action text), refusals.py (why an action is refused), stats.py (per-seat
statistics), odds.py (a caller's chance of winning the giocata, for the bluff count),
tricks.py (who wins a trick, a giocata), scene.py (the match as a spectator
watches it, for replays), rules.py (InvidoGame, InvidoState).  Every record is exported
here by name: results files store it as ``engine.invido.<Name>``.
"""

from .notation import parse_card, parse_hand
from .records import (
    CALL_NAMES,
    DECK,
    DEFAULT_CAP,
    GOAL,
    HAND_SIZE,
    LADDER,
    RANKS,
    RESET_GOAL,
    SUITS,
    Answered,
    Called,
    CardPlayed,
    DealtHand,
    EndReason,
    Forfeited,
    GiocataDealt,
    GiocataEnded,
    InvidoAction,
    InvidoView,
    Kind,
    MatchEnded,
    MatchReset,
    MonteCalled,
    PlayedCard,
    TrickEnded,
    TrickRecord,
    WentAway,
    strength,
)
from .rules import InvidoGame, InvidoState
from .stats import InvidoMark, InvidoStats, invido_moments, invido_statistics
from .tricks import giocata_winner, trick_winner

__all__ = [
    "RANKS",
    "SUITS",
    "DECK",
    "LADDER",
    "CALL_NAMES",
    "GOAL",
    "RESET_GOAL",
    "DEFAULT_CAP",
    "HAND_SIZE",
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
    "InvidoStats",
    "invido_statistics",
    "InvidoMark",
    "invido_moments",
]
