"""bots.vegas — shared, pure helpers of the Las Vegas bots (no gRPC, no I/O).

The modules, each importing only the ones before it:

* `reading`: a `DecisionRequest` as a `Table` (`read_request`): its cards, the flipped
  cards, the discards it saw, the unseen cards, the opponents still in, the pot, the
  price of a call, the legal actions' texts.
* `policies`: the seat's odds (`odds`, from `engine.vegas.odds.outlook`), and the value
  bettor, the bluffer and the calling station (`value_choice`, `bluff_choice`,
  `caller_choice` with `ValueParams`, `BluffParams`) giving one `Choice`; `index_of`
  finds it among the legal actions.

This face re-exports what the bots and their tests use.
"""

from bots.vegas.policies import (
    BluffParams,
    Choice,
    ValueParams,
    bluff_choice,
    caller_choice,
    edge,
    index_of,
    odds,
    value_choice,
)
from bots.vegas.reading import BUSSO, LASCIA, PUNTA, RILANCIA, VEDI, Table, read_request

__all__ = [
    "Table",
    "read_request",
    "BUSSO",
    "PUNTA",
    "VEDI",
    "RILANCIA",
    "LASCIA",
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
