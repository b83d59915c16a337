"""The draft as the greedy plays it (and the search's playouts with it): which card to
keep, face up or down, and in what order the other four go back.

`HeuristicParams` holds the knobs of the greedy and the saboteur (bot parameters of the
same names); `draft_score` is a hand's worth in the draft: its own cards' value plus
their prospects with the cards still to come.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.frederik import BATTLE_ROUNDS, DRAFT_ROUNDS

from .cards import BIT, RANK, best_value, hand_value
from .knowledge import ranks_of, strength, suit_counts
from .sim import DRAFT, KEEP, KEEP_ALL, Act, Sim

__all__ = ["HeuristicParams", "draft_score", "cards_to_come", "draft_keep", "draft_return"]

_FULL_HOUSE = 6.0  # final hands are mostly full houses and better (bots/README.md)


@dataclass(frozen=True)
class HeuristicParams:
    """The heuristics' knobs (bot parameters of the same names)."""

    style: str = "greedy"  # or "saboteur"
    keep_all: float = _FULL_HOUSE  # keep the first five face down at this strength or more
    flush_weight: float = 0.5  # prospects: cards of one suit …
    straight_weight: float = 0.4  # … ranks within a five-rank run …
    rank_weight: float = 0.15  # … and high cards
    interrupt_doubt: float = 0.5  # the chance another seat interrupts when it can
    sabotage_cost: float = 0.3  # the saboteur interrupts while its card costs at most this
    attack_margin: float = 0.1  # the saboteur attacks when damage plus its own gain beats this
    #: The draft counts the best borrow as the battle does (issue 18's greedy).  Its own
    #: cards alone (False) draft better: 0.546 of the other seats beaten against three
    #: greedy bots that count the borrow, in 400 self-play deals (0.500 par, ± 0.01);
    #: the borrowed card is anyone's, and may be gone by the end.  The search drafts so.
    draft_borrow: bool = True

    @classmethod
    def from_bot(cls, bot: Any, style: str) -> HeuristicParams:
        defaults = cls(style=style)
        return cls(
            style=style,
            keep_all=float(bot.param("keep_all", defaults.keep_all)),
            flush_weight=float(bot.param("flush_weight", defaults.flush_weight)),
            straight_weight=float(bot.param("straight_weight", defaults.straight_weight)),
            rank_weight=float(bot.param("rank_weight", defaults.rank_weight)),
            interrupt_doubt=float(bot.param("interrupt_doubt", defaults.interrupt_doubt)),
            sabotage_cost=float(bot.param("sabotage_cost", defaults.sabotage_cost)),
            attack_margin=float(bot.param("attack_margin", defaults.attack_margin)),
            draft_borrow=bool(bot.param("draft_borrow", defaults.draft_borrow)),
        )


def _run_length(ranks: int) -> int:
    """The most distinct ranks inside any five consecutive ranks (the ace also low)."""
    extended = (ranks << 1) | (ranks >> 12 & 1)
    return max((extended >> low & 0x1F).bit_count() for low in range(10))


#: `_run_length` of every 13-bit rank field, worked out once.
_RUN = tuple(_run_length(ranks) for ranks in range(1 << 13))


def draft_score(mask: int, borrow: list[int], coming: int, params: HeuristicParams) -> float:
    """The hand of `mask` now (its best borrow included) plus its prospects with
    `coming` more cards to come: a flush or a straight still reachable counts by how
    close it is, high cards a little."""
    score = strength(best_value(mask, borrow) if borrow else hand_value(mask))
    if coming > 0:
        suited = max(suit_counts(mask))
        if suited >= 2 and suited + coming >= 5:
            score += params.flush_weight * (suited / 5) ** 2
        run = _RUN[ranks_of(mask)]
        if run >= 2 and run + coming >= 5:
            score += params.straight_weight * (run / 5) ** 2
    top = ranks_of(mask)
    score += params.rank_weight * (top.bit_length() + 1) / 14
    return score


def cards_to_come(sim: Sim) -> int:
    """Cards still to come to a seat after this keep: the draft's keeps and two draws."""
    return (DRAFT_ROUNDS - sim.round if sim.phase == DRAFT else 0) + BATTLE_ROUNDS


def draft_keep(sim: Sim, seat: int, params: HeuristicParams, score: Callable[[int, int], float]) -> Act:
    """The draft's keep: all five face down on a first draw at `keep_all` or better;
    else the card with the best `score` (a `draft_score`, with or without the borrow),
    face down when it adds more to the hand than the card face down now (its own cards
    counted: what is hidden is what others could take or borrow)."""
    drawn = sim.drawn
    if sim.round == 1 and len(drawn) == 5:
        whole = 0
        for card in drawn:
            whole |= BIT[card]
        if hand_value(whole) >= params.keep_all * (1 << 20):
            return Act(KEEP_ALL)
    own = sim.mask(seat)
    coming = cards_to_come(sim)
    best, best_score = drawn[0], -1.0
    for card in drawn:
        value = score(own | BIT[card], coming)
        if value > best_score:
            best, best_score = card, value
    if sim.round == 1:
        return Act(KEEP, best, face_down=True)
    mask = own | BIT[best]
    whole_value = hand_value(mask)
    mine = whole_value - hand_value(mask & ~BIT[best])
    for card, up in zip(sim.cards[seat], sim.up[seat]):
        if not up:
            theirs = whole_value - hand_value(mask & ~BIT[card])
            return Act(KEEP, best, face_down=(mine, RANK[best]) > (theirs, RANK[card]))
    return Act(KEEP, best, face_down=True)


def draft_return(sim: Sim, seat: int, score: Callable[[int, int], float]) -> tuple[int, ...]:
    """The four others back under with the most useful to it first, so first up again
    (better in self-play than the reverse or the order drawn)."""
    own = sim.mask(seat)
    coming = cards_to_come(sim)
    return tuple(sorted(sim.drawn, key=lambda c: -score(own | BIT[c], coming)))
