"""bots.invido — shared, pure helpers of the Invido bots (no gRPC, no I/O).

The modules, each importing only the ones before it:

* `reading`: a `DecisionRequest` as a `Position` (`read_request`); cards as strengths.
* `solver`: the card play solved exactly (`solve`, `play_value`), the opponent's
  possible hands weighted by its calls (`opponent_hands`), and `analyse`: the win /
  lose probabilities, whether the giocata is already certain, and the best card.
* `policies`: the rule player and the bluffer (`rule_choice`, `bluff_choice` with
  `RuleParams`) give one `Choice`; `index_of` finds it among the legal actions.

This face re-exports what the bots and their tests use.
"""

from bots.invido.policies import Choice, RuleParams, bluff_choice, index_of, rule_choice
from bots.invido.reading import Position, read_request, strength
from bots.invido.solver import Analysis, analyse, decided, opponent_hands, play_value, secured_by_three, solve

__all__ = [
    "Position",
    "read_request",
    "strength",
    "Analysis",
    "analyse",
    "decided",
    "opponent_hands",
    "play_value",
    "secured_by_three",
    "solve",
    "Choice",
    "RuleParams",
    "bluff_choice",
    "index_of",
    "rule_choice",
]
