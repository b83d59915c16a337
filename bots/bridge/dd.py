"""The double-dummy card player of bridge-dd.

For each decision in the play (the opening lead excepted: bots/bridge/leads.py makes it)
it draws layouts of the hidden cards (bots/bridge/sampling.py), solves each with DDS
(endplay's `solve_board`) from the current position, and plays the card with the best
score summed over the layouts: the tricks its side takes from here, plus `goal_weight`
when they make the contract (declaring) or beat it (defending).  The position given to
DDS: the four hands' remaining cards, the cards of the trick in progress given back to
the seats that played them and then played again in order from the trick's leader, the
trump strain; DDS then solves for the hand due to play (the dummy's when the declarer
plays for it).  It samples until `samples` layouts are solved or the next one, taking
as long as the slowest so far, would end past `budget` seconds after the decision began;
at least one layout is always solved.

Importing this module loads endplay and DDS (about a second): the bot script does it
before it serves, so no decision pays for it.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from endplay.dds import solve_board
from endplay.types import Deal, Denom, Player

from bots.bridge.auction import analyse
from bots.bridge.hands import SUITS, rank_of
from bots.bridge.play import heuristic_card
from bots.bridge.reading import Table
from bots.bridge.sampling import Hidden, sample_layout

__all__ = ["DDParams", "dd_card", "solve_position", "card_text"]

_DECK = tuple(s + r for s in SUITS for r in "AKQJT98765432")
_DENOM = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs, None: Denom.nt}


@dataclass(frozen=True)
class DDParams:
    budget: float = 0.4  # seconds per card, at most (one layout is always solved)
    samples: int = 60  # layouts per card, at most
    goal_weight: float = 1.0  # score for making (declaring) or beating (defending) the contract
    tries: int = 40  # draws per layout to fit the auction

    @classmethod
    def from_bot(cls, bot: Any) -> DDParams:
        d = cls()
        return cls(
            budget=float(bot.param("budget", d.budget)),
            samples=int(bot.param("samples", d.samples)),
            goal_weight=float(bot.param("goal_weight", d.goal_weight)),
            tries=int(bot.param("tries", d.tries)),
        )


def card_text(card: Any) -> str:
    """An endplay Card as the engine writes it (``SA``)."""
    return "SHDC"[int(card.suit)] + card.rank.name[1]


def solve_position(
    hands: list[list[str]] | list[tuple[str, ...]],
    trick: tuple[tuple[int, str], ...],
    leader: int,
    trump: str | None,
) -> dict[str, int]:
    """Tricks from here (the current trick included) for the side of the hand due to
    play, for each of its legal cards.  `hands` are the four seats' remaining cards
    (North first) not counting the trick in progress, whose (seat, card) are in `trick`,
    led by `leader`."""
    full = [list(h) for h in hands]
    for seat, card in trick:
        full[seat].append(card)
    pbn = "N:" + " ".join(".".join("".join(c[1] for c in _ordered(h, s)) for s in SUITS) for h in full)
    deal = Deal(pbn, first=Player(leader), trump=_DENOM[trump])
    for _, card in trick:
        deal.play(card)
    return {card_text(card): tricks for card, tricks in solve_board(deal)}


def _ordered(hand: list[str], suit: str) -> list[str]:
    return sorted((c for c in hand if c[0] == suit), key=rank_of, reverse=True)


def dd_card(table: Table, params: DDParams, rng: random.Random, started: float | None = None) -> tuple[str, str]:
    """The card to play and why (the heuristic player's for the opening lead, a single
    legal card, or a position the view cannot explain)."""
    start = time.monotonic() if started is None else started
    legal = list(table.legal)
    if len(legal) == 1 or table.opening_lead or table.contract is None or table.dummy_seat is None:
        return heuristic_card(table)
    me, dummy = table.acting, table.dummy_seat
    # The hands it sees: its own and the dummy's (the declarer's own is one of them).
    known = {table.seat: list(table.hand), dummy: list(table.dummy)}
    auction = analyse(table.calls)
    voids = table.voids()
    played: dict[int, list[str]] = {s: [] for s in range(4)}
    for seat, card in table.played:
        played[seat].append(card)
    in_trick = {seat for seat, _ in table.trick}
    hidden = [
        Hidden(
            seat=s,
            count=13 - len(played[s]),
            played=tuple(played[s]),
            voids=frozenset(suit for (who, suit) in voids if who == s),
            shown=auction.shown[s],
        )
        for s in range(4)
        if s not in known
    ]
    seen = {c for cards in known.values() for c in cards} | {c for _, c in table.played}
    pool = [c for c in _DECK if c not in seen]
    leader = table.trick[0][0] if table.trick else me
    declaring = table.declarer is not None and me % 2 == table.declarer % 2
    taken = table.tricks[me % 2]
    need = table.contract.level + 6 if declaring else 14 - (table.contract.level + 6)
    score = dict.fromkeys(legal, 0.0)
    solved = 0
    slowest = 0.0  # the longest layout (sampling and solving) so far: the next may take as long
    while solved < max(1, params.samples):
        now = time.monotonic()
        if solved and now - start + slowest >= params.budget:
            break
        layout = sample_layout(pool, hidden, rng, params.tries)
        if layout is None:
            break
        hands: list[list[str]] = [[] for _ in range(4)]
        for seat, cards in known.items():
            hands[seat] = list(cards)
        for h, cards in zip(hidden, layout):
            hands[h.seat] = cards
        # A seat's cards in the view exclude what it already put on the trick.
        assert all(seat not in in_trick or card not in hands[seat] for seat, card in table.trick)
        result = solve_position(hands, table.trick, leader, table.trump)
        for card in legal:
            tricks = result.get(card)
            if tricks is None:
                continue
            score[card] += tricks + (params.goal_weight if taken + tricks >= need else 0.0)
        solved += 1
        slowest = max(slowest, time.monotonic() - now)
    fallback, _ = heuristic_card(table)
    best = max(legal, key=lambda c: (round(score[c], 6), c == fallback, -rank_of(c)))
    mean = score[best] / max(1, solved)
    return best, f"double dummy over {solved} layouts: {mean:.2f} (tricks + goal) on average"
