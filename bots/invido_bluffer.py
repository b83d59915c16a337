"""invido-bluffer — the rule player, plus raises on weak hands to make the opponent fold.

On its own turn, where the rule player would only play a card (or call a monte) and a
raise is legal, it raises anyway with probability `aggression`, as long as the opponent
has shown no strength in this giocata (no raise, no acceptance: bluffing into strength
only pays it) and its equity is at least `floor`.  Bluffs stop at `max_bluff` points
(the value called), so a bluff that is called costs at most that.  Facing a raise it
would fold to, it counter-calls with probability `rebluff`.  Everything else, and what
happens after a bluff is answered, is the rule player (bots/invido/policies.py).

Parameters (--name=value): aggression (0.35), max_bluff (6), floor (-1: any hand),
rebluff (0), seed, and the rule player's thresholds.
"""

from __future__ import annotations

from arena import sdk
from bots.invido import Choice, Position, bluff_choice
from bots.invido_rules import InvidoRulesBot


class InvidoBlufferBot(InvidoRulesBot):
    name = "invido-bluffer"
    games = ("invido",)
    description = (
        "Plays like the rule player but raises on weak hands (with probability aggression) to make the opponent fold."
    )

    def choose(self, pos: Position) -> Choice:
        aggression = float(self.param("aggression", 0.35))
        max_bluff = int(self.param("max_bluff", 6))
        rebluff = float(self.param("rebluff", 0.0))
        floor = float(self.param("floor", -1.0))
        return bluff_choice(pos, self.rules, aggression, max_bluff, self.rng, rebluff, floor)


if __name__ == "__main__":
    sdk.run(InvidoBlufferBot)
