"""invido_lib — shared, pure helpers of the Invido bots (no gRPC, no I/O).

* Reading a `DecisionRequest` into plain Python values (`read_request` → `Position`).
* Card play solved exactly: suits never matter, so a hand is a sorted tuple of
  strengths (6 = 0 … 3 = 7; a face-down card on the table is -1).  `solve` is the
  perfect-information value of the rest of a giocata (+1 I win, -1 I lose, 0 void),
  memoized; it knows the giocata rules (a second trick wins, a trick after a tie wins,
  a tie after a won trick goes to the winner of the first, three ties are void).
* The opponent's hand is every multiset of strengths the unseen cards allow, weighted
  by how many suit combinations give it (`opponent_hands`); each of the opponent's calls
  in this giocata is read as evidence (a raise or an accepted raise makes hands that win
  likelier, an *a monte* makes hands that lose likelier; `doubt` is the weight left to
  the hands that do not fit).  `analyse` gives the win / lose probabilities, whether
  the giocata is already certain, and the best card (highest mean value, then the
  cheapest card: the lowest card that still wins, the lowest card when nothing wins).
* The policies (`rule_choice`, `bluff_choice`) turn that into one `Choice`, and
  `index_of` finds it among the legal actions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb
from typing import Any

STRENGTH = {"6": 0, "7": 1, "F": 2, "C": 3, "R": 4, "A": 5, "2": 6, "3": 7}
THREE = 7
FACE_DOWN = -1
LADDER = (1, 3, 6, 9, 12, 24)
NEXT = {LADDER[i]: LADDER[i + 1] for i in range(len(LADDER) - 1)}

# arena.v1.InvidoKind values (kept here so this module needs no protobuf import).
PLAY, CALL, VA_BENE, VADO_VIA, A_MONTE, NO, VADO_DENTRO = 1, 2, 3, 4, 5, 6, 7


def strength(card: str) -> int:
    return STRENGTH[card[0]]


# --- the position -------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """What one seat knows at a decision, as plain values."""

    seat: int
    hand: tuple[str, ...]
    mine: tuple[int, ...]                 # my strengths, sorted
    opp_size: int                         # cards in the opponent's hand
    unseen: tuple[int, ...]               # per strength 0..7: cards not in my hand nor played
    outcomes: tuple[int, ...]             # finished tricks: +1 mine, -1 theirs, 0 tied
    leader_me: bool                       # I lead the trick in progress
    table: int | None                     # strength of the card led in this trick, if any
    value: int                            # what the giocata is worth now
    pending: int | None                   # a score call waiting for an answer
    pending_mine: bool                    # ... made by me
    monte_by_opp: bool                    # the opponent's a monte waits for my answer
    my_points: int
    opp_points: int
    goal: int
    opp_raises: int = 0                   # opponent's score calls this giocata
    opp_accepts: int = 0                  # opponent's va bene to my calls / no to my a monte
    opp_montes: int = 0                   # opponent's a monte calls this giocata
    legal: tuple[tuple[int, str | None, int | None], ...] = field(default=())

    @property
    def my_card_turn(self) -> bool:
        return self.leader_me if self.table is None else not self.leader_me

    def can(self, kind: int) -> bool:
        return any(k == kind for k, _, _ in self.legal)

    @property
    def raise_to(self) -> int | None:
        for kind, _, value in self.legal:
            if kind == CALL:
                return value
        return None


def _opt(message: Any, name: str) -> Any:
    return getattr(message, name) if message.HasField(name) else None


def read_request(request: Any) -> Position:
    """A `DecisionRequest` (protobuf) for an invido seat as a `Position`."""
    view = request.view.invido
    seat = view.seat
    other = 1 - seat
    hand = tuple(view.hand)
    seen = [0] * 8
    for card in hand:
        seen[strength(card)] += 1
    outcomes: list[int] = []
    leader_me = view.leader == seat
    table: int | None = None
    for trick in view.tricks:
        for played in trick.cards:
            if played.HasField("card") and not played.face_down:
                seen[strength(played.card)] += 1
        if trick.finished:
            winner = _opt(trick, "winner")
            outcomes.append(0 if winner is None else (1 if winner == seat else -1))
        else:
            leader_me = trick.leader == seat
            if trick.cards:
                first = trick.cards[0]
                table = FACE_DOWN if first.face_down else strength(first.card)
    unseen = tuple(4 - n for n in seen)
    # The opponent's calls in this giocata: scan back to its GiocataDealt.
    raises = accepts = montes = 0
    for event in reversed(view.history):
        kind = event.WhichOneof("event")
        if kind == "giocata_dealt":
            break
        if kind == "called" and event.called.seat == other:
            raises += 1
        elif kind == "monte_called" and event.monte_called.seat == other:
            montes += 1
        elif kind == "answered" and event.answered.seat == other:
            answer = event.answered
            if (not answer.to_monte and answer.answer == VA_BENE) or (answer.to_monte and answer.answer == NO):
                accepts += 1
    pending = _opt(view, "pending_call")
    legal = tuple(
        (a.action.invido.kind, _opt(a.action.invido, "card"), _opt(a.action.invido, "value"))
        for a in request.legal_actions
    )
    points = list(view.points) or [0, 0]
    return Position(
        seat=seat,
        hand=hand,
        mine=tuple(sorted(strength(c) for c in hand)),
        opp_size=view.hand_sizes[other] if len(view.hand_sizes) > other else 3,
        unseen=unseen,
        outcomes=tuple(outcomes),
        leader_me=leader_me,
        table=table,
        value=view.value or 1,
        pending=pending,
        pending_mine=pending is not None and _opt(view, "pending_caller") == seat,
        monte_by_opp=_opt(view, "monte_caller") == other,
        my_points=points[seat],
        opp_points=points[other],
        goal=view.goal or 24,
        opp_raises=raises,
        opp_accepts=accepts,
        opp_montes=montes,
        legal=legal,
    )


# --- solving the card play ------------------------------------------------------------------


def decided(outcomes: Sequence[int]) -> int | None:
    """+1 / -1 when the giocata is won / lost after these tricks, 0 when void, else None."""
    if not outcomes:
        return None
    last = outcomes[-1]
    earlier = outcomes[:-1]
    if last != 0:
        if last in earlier or 0 in earlier:
            return last
        return None
    for outcome in earlier:
        if outcome != 0:
            return outcome
    return 0 if len(outcomes) == 3 else None


def _without(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


@lru_cache(maxsize=None)
def solve(mine: tuple[int, ...], opp: tuple[int, ...], outcomes: tuple[int, ...],
          leader_me: bool, table: int | None) -> int:
    """Perfect-information value for me of the rest of the giocata (+1, 0, -1)."""
    me_to_play = leader_me if table is None else not leader_me
    hand = mine if me_to_play else opp
    values = [play_value(mine, opp, outcomes, leader_me, table, c) for c in set(hand)]
    return max(values) if me_to_play else min(values)


def play_value(mine: tuple[int, ...], opp: tuple[int, ...], outcomes: tuple[int, ...],
               leader_me: bool, table: int | None, card: int) -> int:
    """The value for me after the seat whose card turn it is plays `card` (then best play)."""
    me_to_play = leader_me if table is None else not leader_me
    if me_to_play:
        mine = _without(mine, card)
    else:
        opp = _without(opp, card)
    if table is None:
        return solve(mine, opp, outcomes, leader_me, card)
    mine_card, opp_card = (table, card) if leader_me else (card, table)
    trick = (mine_card > opp_card) - (mine_card < opp_card)
    after = outcomes + (trick,)
    result = decided(after)
    if result is not None:
        return result
    next_leader = leader_me if trick == 0 else trick == 1
    return solve(mine, opp, after, next_leader, None)


@lru_cache(maxsize=4096)
def opponent_hands(unseen: tuple[int, ...], size: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every multiset of `size` strengths drawable from `unseen`, with its number of
    suit combinations (so the weights are the exact deal probabilities, unnormalized)."""
    out: list[tuple[tuple[int, ...], int]] = []

    def rec(rank: int, left: int, hand: tuple[int, ...], weight: int) -> None:
        if left == 0:
            out.append((hand, weight))
            return
        if rank == 8:
            return
        for k in range(min(left, unseen[rank]), -1, -1):
            rec(rank + 1, left - k, hand + (rank,) * k, weight * comb(unseen[rank], k))

    rec(0, size, (), 1)
    return tuple(out)


@dataclass(frozen=True)
class Analysis:
    win: float          # posterior probability that I win the giocata (best play from here)
    lose: float
    sure_win: bool      # I win whatever the opponent holds
    sure_loss: bool     # I lose whatever the opponent holds
    best_card: int | None   # strength to play when it is my card turn
    card_values: dict[int, float]

    @property
    def equity(self) -> float:
        return self.win - self.lose


def analyse(pos: Position, doubt: float = 0.3, doubt_accept: float = 0.7) -> Analysis:
    hands = opponent_hands(pos.unseen, pos.opp_size) or (((), 1),)
    mine, outcomes, leader_me, table = pos.mine, pos.outcomes, pos.leader_me, pos.table
    my_turn = pos.my_card_turn and bool(mine)
    choices = sorted(set(mine)) if my_turn else []
    total = win = lose = 0.0
    sums = {c: 0.0 for c in choices}
    sure_win = sure_loss = True
    for opp, count in hands:
        if not opp and not my_turn:  # nothing left to solve (should not happen mid-giocata)
            value = decided(outcomes) or 0
            per_card: dict[int, int] = {}
        elif my_turn:
            per_card = {c: play_value(mine, opp, outcomes, leader_me, table, c) for c in choices}
            value = max(per_card.values())
        else:
            value = solve(mine, opp, outcomes, leader_me, table)
            per_card = {}
        sure_win &= value == 1
        sure_loss &= value == -1
        weight = float(count)
        # Evidence: the opponent's calls say something about the hand behind them.
        if pos.opp_raises:
            weight *= (1.0 if value == -1 else doubt) ** min(pos.opp_raises, 2)
        if pos.opp_accepts:
            weight *= (1.0 if value <= 0 else doubt_accept) ** min(pos.opp_accepts, 2)
        if pos.opp_montes:
            weight *= (1.0 if value >= 0 else doubt) ** min(pos.opp_montes, 2)
        total += weight
        win += weight * (value == 1)
        lose += weight * (value == -1)
        for c, v in per_card.items():
            sums[c] += weight * v
    total = total or 1.0
    values = {c: s / total for c, s in sums.items()}
    best = None
    if values:
        top = max(values.values())
        best = min(c for c, v in values.items() if v >= top - 1e-9)  # cheapest of the best
    return Analysis(win / total, lose / total, sure_win, sure_loss, best, values)


def secured_by_three(pos: Position) -> bool:
    """The manual's first example: having won the first decided trick, a 3 in hand
    cannot lose a trick, so the giocata is won whatever the opponent holds."""
    won_first = next((o for o in pos.outcomes if o != 0), 0) == 1
    return won_first and THREE in pos.mine


# --- policies ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    kind: int
    card: int | None = None   # a strength, for PLAY
    why: str = ""


@dataclass(frozen=True)
class RuleParams:
    raise_at: float = 0.45       # equity to raise on one's turn
    reraise_at: float = 0.6      # equity to counter-call a raise
    accept_margin: float = 0.2   # accept a call to N at V when equity >= -V/N + margin
    monte_at: float = -0.4       # call a monte on one's turn at or below this equity
    monte_accept: float = 0.0    # accept the opponent's a monte below this equity
    doubt: float = 0.3           # weight of hands that do not fit an opponent's raise
    doubt_accept: float = 0.7    # ... that do not fit an opponent's acceptance

    @classmethod
    def from_bot(cls, bot: Any) -> RuleParams:
        defaults = cls()
        return cls(**{
            name: float(bot.param(name, getattr(defaults, name)))
            for name in cls.__dataclass_fields__
        })


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


def bluff_choice(pos: Position, p: RuleParams, aggression: float, max_bluff: int,
                 rng: random.Random, rebluff: float = 0.0, floor: float = -1.0) -> Choice:
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
        if not shown and choice.kind in (PLAY, A_MONTE) and rng.random() < aggression \
                and analyse(pos, p.doubt, p.doubt_accept).equity >= floor:
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
