"""bots.frederik — shared, pure helpers of the frederik bots (no gRPC, no I/O).

The modules, each importing only the ones before it:

* `cards`: cards as ints, sets of cards as bit masks, poker's value as one int, cached
  (the same order as engine.frederik.hands, some twenty times faster).
* `reading`: a `DecisionRequest` as a `Picture` (`read_request`): the rows of cards,
  the pile it knows, the decision's kind and the action answered, who knows each pile
  position, the legal actions as engine records.
* `sim`: `Sim`, a deal in full, played by the engine's rules with a policy per seat.
* `knowledge`: what one seat of a `Sim` knows, and its hand's strength.
* `policies`: `Heuristic`, the greedy and the saboteur (and the search's playouts).
* `sampling`: the seat's own `Sim` from its picture, and the hidden cards sampled.
* `choosing`: a heuristic's decision for the bot's seat (`heuristic_choice`).
* `search`: the search bot's decision by playouts (`search_choice`).

This face re-exports what the bots and their tests use.
"""

from bots.frederik.choosing import heuristic_choice
from bots.frederik.policies import Heuristic, HeuristicParams
from bots.frederik.reading import Picture, read_request

__all__ = ["Picture", "read_request", "Heuristic", "HeuristicParams", "heuristic_choice"]
