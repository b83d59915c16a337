"""The invido policies: `rule_choice` and `bluff_choice` turn a `Position` and its
analysis into one `Choice`, and `index_of` finds it among the legal actions."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from bots.invido.reading import A_MONTE, CALL, NO, PLAY, VA_BENE, VADO_VIA, Position, strength
from bots.invido.solver import analyse, secured_by_three

# --- policies ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    kind: int
    card: int | None = None  # a strength, for PLAY
    why: str = ""


@dataclass(frozen=True)
class RuleParams:
    raise_at: float = 0.45  # equity to raise on one's turn
    reraise_at: float = 0.6  # equity to counter-call a raise
    accept_margin: float = 0.2  # accept a call to N at V when equity >= -V/N + margin
    monte_at: float = -0.4  # call a monte on one's turn at or below this equity
    monte_accept: float = 0.0  # accept the opponent's a monte below this equity
    doubt: float = 0.3  # weight of hands that do not fit an opponent's raise
    doubt_accept: float = 0.7  # ... that do not fit an opponent's acceptance

    @classmethod
    def from_bot(cls, bot: Any) -> RuleParams:
        defaults = cls()
        return cls(**{name: float(bot.param(name, getattr(defaults, name))) for name in cls.__dataclass_fields__})


def rule_choice(pos: Position, p: RuleParams) -> Choice:
    """Call and accept on strength, fold on weakness, play the cheapest good card."""
    a = analyse(pos, p.doubt, p.doubt_accept)
    e = a.equity
    sure = a.sure_win or secured_by_three(pos)
    step = pos.raise_to
    if pos.monte_by_opp:
        # Call the giocata off when playing on is worth less than nothing.
        if sure or e >= p.monte_accept:
            return Choice(NO, why=f"equity {e:+.2f}: play on")
        return Choice(VA_BENE, why=f"equity {e:+.2f}: a monte accepted")
    if pos.pending is not None and not pos.pending_mine:
        called, current = pos.pending, pos.value
        if sure:
            if step is not None:
                return Choice(CALL, why="sure win: counter-call")
            return Choice(VA_BENE, why="sure win")
        if step is not None and e >= p.reraise_at:
            return Choice(CALL, why=f"equity {e:+.2f}: counter-call")
        if e >= -current / called + p.accept_margin:
            return Choice(VA_BENE, why=f"equity {e:+.2f}: worth {called}")
        if pos.opp_points + current >= pos.goal:
            return Choice(VA_BENE, why="folding would lose the match anyway")
        if pos.can(A_MONTE):
            return Choice(A_MONTE, why=f"equity {e:+.2f}: try a monte before folding")
        return Choice(VADO_VIA, why=f"equity {e:+.2f}: fold, give {current}")
    # My card turn, nothing pending.
    if step is not None and (sure or e >= p.raise_at):
        return Choice(CALL, why=("sure win" if sure else f"equity {e:+.2f}") + ": raise")
    if e <= p.monte_at and not sure and pos.can(A_MONTE):
        return Choice(A_MONTE, why=f"equity {e:+.2f}: a monte")
    # Folding with nothing pending never beats playing on (it gives the same value away
    # and forgoes the opponent's mistakes), so play the best card.
    return Choice(PLAY, a.best_card, why=f"equity {e:+.2f}")


def bluff_choice(
    pos: Position,
    p: RuleParams,
    aggression: float,
    max_bluff: int,
    rng: random.Random,
    rebluff: float = 0.0,
    floor: float = -1.0,
) -> Choice:
    """The rule player, plus raises on weak hands: where it would only play a card or
    call a monte, it raises with probability `aggression`, up to `max_bluff` points and
    only while the opponent has shown no strength in this giocata (no raise, no
    acceptance: bluffing into strength just pays it).  Facing a raise it would fold to,
    it counter-calls with probability `rebluff`."""
    choice = rule_choice(pos, p)
    step = pos.raise_to
    if step is None or step > max_bluff or choice.kind == CALL or pos.monte_by_opp:
        return choice
    if pos.pending is None:
        shown = pos.opp_raises or pos.opp_accepts
        if (
            not shown
            and choice.kind in (PLAY, A_MONTE)
            and rng.random() < aggression
            and analyse(pos, p.doubt, p.doubt_accept).equity >= floor
        ):
            return Choice(CALL, why="bluff: raise on a weak hand")
    elif not pos.pending_mine and choice.kind in (A_MONTE, VADO_VIA):
        if rng.random() < rebluff:
            return Choice(CALL, why="bluff: counter-call instead of folding")
    return choice


def index_of(pos: Position, choice: Choice) -> int:
    """The index of `choice` among the legal actions (a sensible fallback if absent)."""
    legal = pos.legal
    if choice.kind == PLAY:
        plays = [(i, c) for i, (k, c, _) in enumerate(legal) if k == PLAY and c]
        for i, card in plays:
            if choice.card is None or strength(card) == choice.card:
                return i
        if plays:
            return min(plays, key=lambda ic: strength(ic[1]))[0]
    else:
        for i, (kind, _, _) in enumerate(legal):
            if kind == choice.kind:
                return i
    # Fallbacks: play on, else accept, else anything but folding.
    for wanted in (PLAY, NO, VA_BENE):
        for i, (kind, _, _) in enumerate(legal):
            if kind == wanted:
                return i
    return 0
