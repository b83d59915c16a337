"""bots.conto — shared, pure helpers of the Il Conto bots (no gRPC, no I/O).

The modules, each importing only the ones before it:

* `reading`: a `DecisionRequest` as plain Python values (`read_request` -> `Info`, the
  current hand's events included), the match's events kept from the news (`MatchLog`),
  cards as count vectors (index 0..12 are the ranks 2..A, 13 is the joker W), plates as
  ((rank index, quantity), ...).
* `odds`: the exact probability that a plate is true given what a seat knows
  (`prob_true`), the support test (`supported`), the bluff classification of the
  showdowns and each player's bluff odds fitted from it (`bluff_odds`, `credibility`).
* `policies`: the heuristic policies (honest, probabilist, bluffer; the adaptive bot
  is the probabilist with its own P(true)), written once and used by the bots and,
  as policy types, by the search bot's playouts.
* `sampling`: the hidden hands drawn consistently with the view, and a sample's weight
  by how well it explains the opponents' declarations.
* `playout`: engine states rebuilt from a sample, hands played out with a policy per
  seat (`Model`, `playout`), and the opponents' policy types recognised from the
  showdowns (`TypeTracker`).
* `search`: the search bot's decision (`search_choice` with `SearchParams`, timed by a
  `Clock`): playouts of every candidate on weighted samples, the least likely to lose.

This face re-exports what the bots and their tests use.
"""

from bots.conto.odds import (
    BluffOdds,
    Record,
    bluff_counts,
    bluff_odds,
    classify_declarations,
    credibility,
    fit_bluff_odds,
    plate_true,
    prob_true,
    support_chance,
    supported,
)
from bots.conto.playout import (
    Model,
    Table,
    TypeTracker,
    build_hand_state,
    build_state,
    engine_action,
    playout,
    policy_action,
)
from bots.conto.policies import (
    ADAPTIVE,
    HONEST,
    PROBABILIST,
    RANDOM,
    TYPE_NAMES,
    bluff_choice,
    honest_choice,
    probabilist_choice,
    scored_declarations,
)
from bots.conto.reading import (
    DECK,
    Act,
    Billed,
    Dealt,
    Declared,
    Forfeited,
    Info,
    MatchLog,
    Plate,
    Showdown,
    add,
    cards_text,
    counts_of,
    event_from_message,
    hand_declarations,
    read_request,
    revealed_by_seat,
)
from bots.conto.sampling import sample_dealt_hands, sample_weight, unseen_pool
from bots.conto.search import Clock, Decision, SearchParams, search_choice, settled

__all__ = [
    # reading
    "DECK",
    "Plate",
    "Act",
    "Info",
    "Dealt",
    "Declared",
    "Billed",
    "Showdown",
    "Forfeited",
    "MatchLog",
    "read_request",
    "event_from_message",
    "counts_of",
    "cards_text",
    "add",
    "hand_declarations",
    "revealed_by_seat",
    # odds
    "plate_true",
    "supported",
    "prob_true",
    "Record",
    "classify_declarations",
    "bluff_counts",
    "fit_bluff_odds",
    "bluff_odds",
    "BluffOdds",
    "support_chance",
    "credibility",
    # policies
    "scored_declarations",
    "honest_choice",
    "probabilist_choice",
    "bluff_choice",
    "PROBABILIST",
    "ADAPTIVE",
    "HONEST",
    "RANDOM",
    "TYPE_NAMES",
    # sampling
    "unseen_pool",
    "sample_dealt_hands",
    "sample_weight",
    # playout
    "engine_action",
    "build_state",
    "build_hand_state",
    "Table",
    "Model",
    "policy_action",
    "playout",
    "TypeTracker",
    # search
    "Clock",
    "SearchParams",
    "Decision",
    "settled",
    "search_choice",
]
