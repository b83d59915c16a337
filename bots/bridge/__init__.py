"""bots.bridge — shared, pure helpers of the bridge bots (no gRPC, no I/O).

The modules, each importing only the ones before it:

* `reading`: a `DecisionRequest` as a `Table` (`read_request`): the seat, whose cards
  it plays (`acting`: its own, or the dummy's when the declarer plays them), the
  auction, the contract, the dummy, the trick, every card played this board, the legal
  actions' texts.
* `hands`: hand evaluation (high-card points, lengths, balanced, suit quality, stoppers).
* `auction`: what each seat's calls showed (`analyse` → `Auction` with a `Shown` per
  seat: a range of points and of each suit's length), read as the bots' own system.
* `bidding`: the natural bidding system (`choose_call`), documented in bots/README.md.
* `leads`: standard opening leads (`opening_lead`).
* `play`: the heuristic card player (`heuristic_card`).
* `sampling`: layouts of the hidden cards consistent with the play and the auction.
* `dd`: the double-dummy card player (`dd_card`, DDS through endplay).  Not imported
  here: it loads endplay (about a second), which only bridge-dd needs.

This face re-exports what the bots and their tests use (bots.bridge.dd apart).
"""

from bots.bridge.auction import Auction, Shown, analyse
from bots.bridge.bidding import choose_call
from bots.bridge.hands import hcp, is_balanced, lengths
from bots.bridge.leads import opening_lead
from bots.bridge.play import heuristic_card
from bots.bridge.reading import Contract, Table, read_request

__all__ = [
    "Table",
    "Contract",
    "read_request",
    "Auction",
    "Shown",
    "analyse",
    "choose_call",
    "opening_lead",
    "heuristic_card",
    "hcp",
    "lengths",
    "is_balanced",
]
