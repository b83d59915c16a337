"""The search bot's decision: candidate actions played out on sampled deals.

Each round of the search draws one deal the seat cannot tell from the real one
(bots/frederik/sampling.py: the cards it cannot place, dealt into the places it cannot
see, another seat's face-down card weighted to fit its face-up ones), and a guess at
which other seats play at random (`Picture.random_odds`, from how their keeps and turns
fit a random player and the greedy).  It plays every candidate out on that deal to the
end (bots/frederik/rollout.py: the others as the greedy would, or at random; its own
later decisions as the greedy drafting by its own cards), and scores the share of the
other seats its hand beats at the end (a tie half): the rating's own measure, since
ratings take each deal's finishing order.  All candidates meet the same deal and luck,
so a candidate's score less the greedy choice's is a paired difference; rounds go on
while the budget allows, a candidate plainly worse than the greedy's choice dropped
after `prune_after` rounds.  It plays the candidate whose mean difference stands
`confidence` standard errors above nothing, else the greedy's choice: with a few
dozen playouts the best-looking of several candidates is often best by luck.

What made it play well (tournament deals, search's share of the others beaten less the
greedy bot's, 320 deals each): playouts that foresee how the others play, passes and
swaps included (a draw-only battle: no better than its default); the random seat
guessed and played as one (+0.03 ± 0.03 without, +0.11 ± 0.03 with: the random bot
stops half the swaps it is offered and drafts anything).

The candidates, so that the playouts go where the choice is:
- the draft's keeps: the best three cards by the greedy's score, each face up and down,
  and keeping all five;
- the draft's returns: the greedy's order, its reverse, each card first and last: the
  return order decides what comes up for whom, and where a `draw N` may reach it;
- a battle turn: the greedy's best few by its own reckoning (draws, throws, swaps and
  steals), the saboteur's attack, the plain draw and pass;
- an answer or an interrupt: pass, and each card it may use (the cheapest three).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from engine.frederik import FrederikAction, Move, Phase

from .cards import BIT, best_value
from .choosing import heuristic_choice
from .knowledge import unknown_to
from .policies import Heuristic, HeuristicParams, targeted_options
from .reading import INTERRUPT, RESPONSE, Picture
from .rollout import Rollout, Wary
from .sampling import base_sim, sample
from .sim import DISCARDS, DRAW, KEEP, KEEP_ALL, PASS, RETURN, Act, Chooser, Sim, to_act

__all__ = ["SearchParams", "search_choice", "candidates", "play_candidate"]


@dataclass(frozen=True)
class SearchParams:
    """The search's knobs (bot parameters of the same names)."""

    budget: float = 0.15  # seconds per decision, at most (one round is always played)
    samples: int = 400  # rounds (sampled deals) per decision, at most
    battle_candidates: int = 6  # battle turns played out, by the heuristic's ranking
    return_candidates: int = 8  # return orders played out
    keep_candidates: int = 6  # draft keeps played out, by the heuristic's ranking
    confidence: float = 1.0  # standard errors a candidate must beat the greedy's choice by
    doubt: float = 0.3  # the chance another seat stops its actions where the greedy would not
    borrow_draft: bool = True  # the other seats draft counting the borrow, as the greedy does
    prune: float = 2.0  # after `prune_after` deals, a candidate this many standard errors …
    prune_after: int = 6  # … below the greedy's choice is played out no more
    phases: str = "draft,battle,answers"  # the decisions searched; the greedy takes the rest

    @classmethod
    def from_bot(cls, bot: Any) -> SearchParams:
        d = cls()
        return cls(
            budget=float(bot.param("budget", d.budget)),
            samples=int(bot.param("samples", d.samples)),
            battle_candidates=int(bot.param("battle_candidates", d.battle_candidates)),
            return_candidates=int(bot.param("return_candidates", d.return_candidates)),
            keep_candidates=int(bot.param("keep_candidates", d.keep_candidates)),
            confidence=float(bot.param("confidence", d.confidence)),
            prune=float(bot.param("prune", d.prune)),
            doubt=float(bot.param("doubt", d.doubt)),
            borrow_draft=bool(bot.param("borrow_draft", d.borrow_draft)),
            prune_after=int(bot.param("prune_after", d.prune_after)),
            phases=str(bot.param("phases", d.phases)),
        )


def _keep_candidates(picture: Picture, sim: Sim, policy: Heuristic, limit: int) -> list[Act]:
    me = picture.seat
    own = sim.mask(me)
    score = policy.scorer(sim, me)
    coming = policy.coming(sim, me)
    acts = [to_act(a) for a in picture.legal]
    keeps = [a for a in acts if a.kind == KEEP]
    scores = {c: score(own | BIT[c], coming) for c in sim.drawn}
    best_cards = sorted(scores, key=scores.__getitem__, reverse=True)[: max(1, (limit + 1) // 2)]
    out = [a for a in keeps if a.card in best_cards]
    out += [a for a in acts if a.kind == KEEP_ALL]
    return out


def _return_candidates(picture: Picture, sim: Sim, policy: Heuristic, limit: int) -> list[Act]:
    """Orders of the four cards that differ in where each card ends: the heuristic's own
    (least useful first), its reverse, and each card put last or first."""
    me = picture.seat
    own = sim.mask(me)
    score = policy.scorer(sim, me)
    coming = policy.coming(sim, me)
    ranked = sorted(sim.drawn, key=lambda c: score(own | BIT[c], coming))
    orders: list[tuple[int, ...]] = [tuple(ranked), tuple(reversed(ranked))]
    for card in ranked:
        rest = [c for c in ranked if c != card]
        orders.append((*rest, card))
        orders.append((card, *rest))
    out: list[Act] = []
    for order in orders:
        act = Act(RETURN, cards=order)
        if act not in out:
            out.append(act)
    return out[:limit]


def _battle_candidates(picture: Picture, sim: Sim, policy: Heuristic, limit: int) -> list[Act]:
    me = picture.seat
    legal = {a for a in (to_act(x) for x in picture.legal)}
    unknown = unknown_to(sim, me)
    options: list[tuple[Act, float]] = []
    options += policy.draws(sim, me, unknown)
    options += policy.throws(sim, me, unknown)
    for act in targeted_options(sim, me):
        if act.kind not in DISCARDS:
            options.append((act, policy.targeted_value(sim, me, act, unknown)))
    options.sort(key=lambda option: option[1], reverse=True)
    out: list[Act] = []
    for act, _ in options:
        if act in legal and act not in out:
            out.append(act)
        if len(out) >= limit:
            break
    attack = Heuristic(HeuristicParams(style="saboteur", draft_borrow=False)).sabotage(sim, me)
    for extra in (attack, Act(DRAW), Act(PASS)):
        if extra is not None and extra in legal and extra not in out:
            out.append(extra)
    return out


def candidates(picture: Picture, sim: Sim, policy: Heuristic, params: SearchParams) -> list[Act]:
    """The actions worth playing out at this decision (see the module docstring)."""
    if picture.kind in (RESPONSE, INTERRUPT):
        acts = [to_act(a) for a in picture.legal]
        passes = [a for a in acts if a.kind == PASS]
        uses = [a for a in acts if a.kind != PASS]
        if len(uses) > 3:  # the cheapest three: what each costs its own hand
            me = picture.seat
            own = sim.mask(me)
            borrow = sim.borrowable(me)
            uses.sort(key=lambda a: -best_value(own & ~BIT[a.card], borrow))
            uses = uses[:3]
        return passes + uses
    if picture.phase is Phase.DRAFT:
        if picture.returning:
            return _return_candidates(picture, sim, policy, params.return_candidates)
        return _keep_candidates(picture, sim, policy, params.keep_candidates)
    return _battle_candidates(picture, sim, policy, params.battle_candidates)


def play_candidate(picture: Picture, sim: Sim, act: Act, policy: Chooser) -> None:
    """Make `act` the seat's decision in `sim` (a sampled deal at this decision), with
    the rest of a window it answers resolved by `policy`."""
    me = picture.seat
    if picture.kind in (RESPONSE, INTERRUPT):
        answering = picture.answering
        assert answering is not None and picture.answering_seat is not None
        actor = picture.answering_seat
        declared = to_act(answering)
        owner = declared.seat if declared.kind == Move.REVEAL.value else sim.owner_of(declared.target)
        if act.kind == PASS:
            after = me if picture.kind == INTERRUPT else -1
            sim.declared(actor, declared, policy, answered=True, after=after)
        elif picture.kind == RESPONSE:
            sim._turn_up(me, act.card)
            sim.resolve(actor, declared, owner, False)
        else:
            sim._discard(me, [act.card])
            sim.resolve(actor, declared, owner, False)
        return
    if picture.phase is Phase.DRAFT:
        if act.kind == RETURN:
            sim.give_back(me, act.cards)
        else:
            sim.keep(me, act)
        return
    sim.act(me, act, policy)


def _utility(sim: Sim, values: list[int], me: int) -> float:
    """The share of the other seats its hand beats (a tie half), as the ratings count."""
    ranks = sim.ranks(values)
    mine = ranks[me]
    beaten = sum(1.0 if r > mine else 0.5 if r == mine else 0.0 for s, r in enumerate(ranks) if s != me)
    return beaten / (sim.players - 1)


#: One playout policy for every decision, so that its caches serve them all.
_ROLLOUT = Rollout()
#: The search's default and candidates draft by its own cards (drafting.py: draft_borrow).
_OWN_DRAFT = HeuristicParams(draft_borrow=False)


def search_choice(
    picture: Picture,
    params: SearchParams,
    rng: random.Random,
    started: float | None = None,
) -> tuple[FrederikAction, str]:
    """The candidate that does best against the greedy's own choice over the sampled
    deals, and why.

    Each sampled deal plays every candidate, so a candidate's score minus the greedy
    choice's on the same deal is a paired difference: it takes the candidate whose mean
    difference stands `confidence` standard errors above nothing, and otherwise the
    greedy's choice.  With a few dozen playouts the best-looking of several candidates
    is often best by luck; the greedy's choice is a good default."""
    started = time.monotonic() if started is None else started
    heuristic = Heuristic(_OWN_DRAFT)
    default_action, why = heuristic_choice(picture, heuristic)
    if not _searched(picture, params):
        return default_action, f"greedy: {why}"
    policy = _ROLLOUT
    base = base_sim(picture)
    legal = {to_act(a): a for a in picture.legal}
    default = to_act(default_action)
    options = [default] + [a for a in candidates(picture, base, heuristic, params) if a in legal and a != default]
    if default not in legal or len(options) == 1:
        return default_action, f"greedy: {why}"
    trials = [_Trial(act) for act in options[1:]]
    live = list(trials)
    rounds = 0
    deadline = started + params.budget
    me = picture.seat
    longest = 0.0  # the longest single playout so far: none starts that would end late
    while live and rounds < params.samples:
        # The round's guess at who plays at random (Picture.random_odds), and a deal to fit.
        randoms = frozenset(s for s, p in enumerate(picture.random_odds) if s != me and rng.random() < p)
        deal = sample(base, rng, blind=randoms)
        luck = rng.random()
        scores = []
        for act in [default] + [t.act for t in live]:
            begun = time.monotonic()
            if begun + longest > deadline:
                break  # a round cut short is left out: its candidates met different deals
            sim = deal.clone()
            chooser = Wary(policy, me, params.doubt, random.Random(luck), params.borrow_draft, randoms)
            play_candidate(picture, sim, act, chooser)
            values = sim.play_out(chooser)
            scores.append(_utility(sim, values, me))
            longest = max(longest, time.monotonic() - begun)
        if len(scores) < len(live) + 1:
            break
        for trial, score in zip(live, scores[1:]):
            trial.add(score - scores[0])
        rounds += 1
        # Candidates plainly worse than the greedy's choice get no more playouts: the
        # time goes to those still in doubt.
        live = [t for t in live if t.count < params.prune_after or t.edge(-params.prune) > 0]
    best = max(trials, key=lambda t: t.edge(params.confidence))
    if best.count < 2 or best.edge(params.confidence) <= 0:
        return default_action, f"{rounds} sampled deals: nothing beats the greedy's {default_action.text}"
    return legal[best.act], f"{rounds} sampled deals: {best.mean:+.2f} of a seat beaten over the greedy's choice"


class _Trial:
    """One candidate's paired differences from the greedy's choice, on the same deals."""

    def __init__(self, act: Act) -> None:
        self.act = act
        self.count = 0
        self.total = 0.0
        self.squares = 0.0

    def add(self, diff: float) -> None:
        self.count += 1
        self.total += diff
        self.squares += diff * diff

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else 0.0

    def edge(self, z: float) -> float:
        """The mean difference less `z` standard errors (-inf before two deals)."""
        if self.count < 2:
            return float("-inf")
        mean = self.mean
        spread = max(self.squares / self.count - mean * mean, 0.0) * self.count / (self.count - 1)
        return mean - z * (spread / self.count) ** 0.5


def _searched(picture: Picture, params: SearchParams) -> bool:
    """Whether this kind of decision is searched (`phases`), or left to the greedy."""
    if picture.kind in (RESPONSE, INTERRUPT):
        kind = "answers"
    elif picture.phase is Phase.DRAFT:
        kind = "draft"
    else:
        kind = "battle"
    return kind in params.phases.split(",")
