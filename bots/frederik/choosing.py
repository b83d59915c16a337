"""A heuristic's decision for the bot's own seat: its picture → the engine action.

The seat's `Sim` (bots/frederik/sampling.py: `base_sim`) is handed to the policy for
the kind of decision asked: the draft's keep or return, a battle turn, the target's
answer or an interrupt offer.  What the policy returns is found among the legal actions
(`Picture.index`); anything else would be a bug, and the first legal action is played
rather than the deal forfeited.
"""

from __future__ import annotations

from engine.frederik import FrederikAction, Move, Phase

from .cards import NAME
from .policies import Heuristic
from .reading import INTERRUPT, RESPONSE, Picture
from .sampling import base_sim
from .sim import RETURN, Act, to_act, to_engine

__all__ = ["heuristic_choice"]


def heuristic_choice(picture: Picture, policy: Heuristic) -> tuple[FrederikAction, str]:
    """The policy's action for this decision, and a few words on why."""
    sim = base_sim(picture)
    me = picture.seat
    if picture.kind in (RESPONSE, INTERRUPT) and picture.answering is not None:
        actor = picture.answering_seat if picture.answering_seat is not None else -1
        act = to_act(picture.answering)
        if picture.kind == RESPONSE:
            card = policy.answer(sim, me, actor, act)
            why = "the target card matters" if card >= 0 else "the card does not matter enough"
            return (FrederikAction(Move.PROTECT, card=NAME[card]) if card >= 0 else FrederikAction(Move.PASS)), why
        card = policy.interrupt(sim, me, actor, act)
        why = "the action costs more than the card" if card >= 0 else "not worth a card"
        return (FrederikAction(Move.INTERRUPT, card=NAME[card]) if card >= 0 else FrederikAction(Move.PASS)), why
    if picture.phase is Phase.DRAFT:
        if picture.returning:
            return to_engine(Act(RETURN, cards=policy.give_back(sim, me))), "least useful first"
        return to_engine(policy.keep(sim, me)), "the best hand and prospects"
    return to_engine(policy.battle(sim, me)), "the best expected hand"
