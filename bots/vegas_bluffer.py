"""vegas-bluffer — the value bettor, plus bets and raises on weak hands on a schedule.

Where the value bettor (bots/vegas_value.py) would check a weak hand (its expected share
of the pot below its fair share 1/n), it bets anyway with probability `bluff`; facing a
bet with a weak hand it raises with probability `rebluff`.  Once it has bluffed in a
hand it calls every bet down rather than fold, unless its chance of winning any chips
has fallen below `give_up`.  The draws are seeded by the match, the seat and `seed`
(bots/seeds.py), so a tournament replays the same bluffs.

Parameters (--name=value): bluff (0.3), rebluff (0.0), give_up (0.05), seed (0), and
the value bettor's margin, raise_margin, call_margin.
"""

from __future__ import annotations

from arena import sdk
from bots.seeds import seat_rng
from bots.vegas import BluffParams, Choice, Table, bluff_choice
from bots.vegas_value import VegasValueBot


class VegasBlufferBot(VegasValueBot):
    name = "vegas-bluffer"
    games = ("vegas",)
    description = (
        "Plays like the value bettor but also bets and raises weak hands on a seeded schedule, "
        "and calls down a bluff it started unless the odds are hopeless."
    )

    def on_match_start(self, start: sdk.pb.MatchStart) -> None:
        self.rng = seat_rng(start.match_id, start.seat, self.param("seed", 0))

    def setup(self) -> None:
        super().setup()
        if not hasattr(self, "bluffs"):
            self.bluffs = BluffParams.from_bot(self)
        if not hasattr(self, "rng"):
            self.rng = seat_rng("-", "-", self.param("seed", 0))
        if not hasattr(self, "bluffed_hand"):
            self.bluffed_hand = 0  # the hand (numbered from 1) of its last bluff

    def choose(self, table: Table) -> Choice:
        choice = bluff_choice(table, self.values, self.bluffs, self.rng, self.bluffed_hand == table.hand)
        if choice.bluff:
            self.bluffed_hand = table.hand
        return choice


if __name__ == "__main__":
    sdk.run(VegasBlufferBot)
