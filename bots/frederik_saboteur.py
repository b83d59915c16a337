"""frederik-saboteur — attacks the leader: the seat whose visible hand is strongest.

Its battle turn goes to the swap, discard or steal that takes the most from the
leader's best visible cards (weighed by the chance it is stopped, its own loss or gain
counted), or, when none is worth it, to the greedy's best move; it interrupts every action that helps a rival while the
card it throws costs its own hand little, and it drafts as the greedy does
(bots/frederik/policies.py).

Parameters (--name=value): sabotage_cost (0.3: the most strength a card it interrupts
with may cost its own hand), attack_margin (0.1: the expected damage plus its own gain
an attack must be worth), and the greedy's: keep_all, flush_weight, straight_weight,
rank_weight, interrupt_doubt.
"""

from __future__ import annotations

from arena import sdk
from bots.frederik_greedy import FrederikGreedyBot


class FrederikSaboteurBot(FrederikGreedyBot):
    name = "frederik-saboteur"
    games = ("frederik",)
    description = (
        "Targets the leader's best visible cards with swaps, discards and steals, interrupts "
        "aggressively, and otherwise drafts and plays as frederik-greedy."
    )
    style = "saboteur"


if __name__ == "__main__":
    sdk.run(FrederikSaboteurBot)
