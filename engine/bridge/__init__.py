"""Contract bridge — duplicate, as the Laws of Duplicate Bridge play it (seed 002, settled
by RULINGS.md §bridge).

Four seats clockwise, 0 North, 1 East, 2 South, 3 West; North-South (seats 0 and 2)
play against East-West (1 and 3).  Each board deals 13 cards to each seat.  The
auction, starting with the dealer and going clockwise: *pass*; a *bid* of a level (1–7,
tricks beyond six) and a strain (C < D < H < S < NT), higher than the last bid (a
higher level, or the same level in a higher strain); *double* (``X``) of the opponents'
last bid if not yet doubled; *redouble* (``XX``) of an opponent's double of one's own
side's bid.  A new bid cancels both.  Three passes after a call end the auction; four
passes at the start pass the board out (0 to both sides, nothing played).  The last bid
is the contract; the declarer is the player of the declaring side who first named its
strain, the dummy is the declarer's partner.  The declarer's left-hand opponent leads;
then the dummy's hand goes face up for all, and the declarer chooses the dummy's cards
(the dummy's own bot is asked nothing that board).  Players follow suit if able; the
highest trump wins a trick, else the highest card of the suit led; the winner leads.
After 13 tricks the board is scored by Law 77 (scoring.py) for the declarer's side.

Card notation: suit then rank, suits ``S H D C``, ranks ``AKQJT98765432`` (``SA``,
``HT``, ``C2``).  Action texts: ``pass``, ``1C`` … ``7NT``, ``X``, ``XX``, and a card.

Results: a board's score for each seat is its side's points (North-South's score, or
its negative for East-West), higher is better; ratings compare each board with the same
board at the other table of a duplicate pair, in IMPs (Law 78B; `rate_by="board"`,
`BridgeGame.board_score`).

Choices where RULINGS.md is silent:
- Board numbers run 1, 2, … in a match (from `new_match`'s `board` when given, so that
  a board of a PBN file replays as itself); board n is dealt by seat (n − 1) mod 4 with
  Law 2's vulnerability of board n (the 16-board cycle).  `new_match`'s `first_dealer`
  is ignored.
- The deal: a SHA-256 shuffle (engine/_rng.py) of the board's own stream
  ``("bridge", "deal", n)``, dealt one card at a time clockwise from the dealer's left.
- A seat's view shows the dummy's remaining cards from the opening lead on (the
  `DummyExposed` event), never before, and never another hand; the declarer's bot, when
  asked to play for the dummy, gets its own seat's view with `to_play` the dummy
  (`Turn.acting_seat` says so too).
- A fault (a timeout, a crash, an illegal answer) ends the board at once: 0 points at
  that table, the faulting side ranked last (`DealResult.forfeit` names the seat).  The
  duplicate comparison gives the faulting side average-minus, -3 IMPs, and the other
  +3, and the board is not rated.
- ``replay(history)`` takes every board's cards from the history.

The package: records.py (the deck, the board cycle, actions, events, the view),
notation.py (card, hand and call text), scoring.py (Law 77 and IMPs), refusals.py (why
an action is refused), par.py (double-dummy par through endplay), stats.py (per-seat
statistics), scene.py (the match as a spectator watches it, for replays), rules.py
(BridgeGame, BridgeState), pbn.py (boards written as PBN), pbn_read.py (PBN read back,
a bad game skipped with its message) and pbn_replay.py (a PBN board played through the
engine).  Every record is exported here by name: results files store it as
``engine.bridge.<Name>``.
"""

from .notation import check_deal, hand_to_pbn, parse_action, parse_card, parse_hand
from .par import par_scores
from .pbn import PBN_HEADER, board_to_pbn, match_to_pbn
from .pbn_read import PbnBoard, PbnFile, SkippedGame, read_pbn
from .pbn_replay import replay_pbn
from .records import (
    DECK,
    HAND_SIZE,
    HCP,
    RANKS,
    SEATS,
    SUITS,
    TRICKS,
    AuctionEnded,
    BoardDealt,
    BoardScored,
    BridgeAction,
    BridgeView,
    Called,
    CallKind,
    CardPlayed,
    Contract,
    DealtHand,
    Doubling,
    DummyExposed,
    Forfeited,
    MatchEnded,
    Phase,
    PlayedCard,
    Strain,
    TrickTaken,
    Vulnerability,
    dealer_of,
    is_vulnerable,
    seat_name,
    side_of,
    sort_cards,
    vulnerability_of,
)
from .rules import DEFAULT_BOARDS, BridgeGame, BridgeState
from .scoring import IMP_SCALE, contract_score, declarer_score, imps
from .stats import BoardVerdict, BridgeMark, BridgeStats, bridge_moments, bridge_statistics

__all__ = [
    "SUITS",
    "RANKS",
    "DECK",
    "SEATS",
    "HAND_SIZE",
    "TRICKS",
    "HCP",
    "IMP_SCALE",
    "DEFAULT_BOARDS",
    "Strain",
    "CallKind",
    "Doubling",
    "Vulnerability",
    "Phase",
    "BridgeAction",
    "Contract",
    "DealtHand",
    "PlayedCard",
    "BoardDealt",
    "Called",
    "AuctionEnded",
    "CardPlayed",
    "DummyExposed",
    "TrickTaken",
    "BoardScored",
    "Forfeited",
    "MatchEnded",
    "BridgeView",
    "BridgeGame",
    "BridgeState",
    "BridgeStats",
    "bridge_statistics",
    "BoardVerdict",
    "BridgeMark",
    "bridge_moments",
    "contract_score",
    "declarer_score",
    "imps",
    "par_scores",
    "seat_name",
    "side_of",
    "sort_cards",
    "dealer_of",
    "vulnerability_of",
    "is_vulnerable",
    "check_deal",
    "hand_to_pbn",
    "parse_action",
    "parse_card",
    "parse_hand",
    "PBN_HEADER",
    "PbnBoard",
    "PbnFile",
    "SkippedGame",
    "board_to_pbn",
    "match_to_pbn",
    "read_pbn",
    "replay_pbn",
]
