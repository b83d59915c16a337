"""Conto hands played out on the rules engine, for the search bot (no gRPC, no I/O).

Rebuilding an engine state at the decision point from a sample (`build_state`), playing
the hand out with a policy per seat (`Model`, `policy_action`, `playout`), and
recognising each opponent's policy type by judging its decisions at the showdowns
(`TypeTracker`).  The engine is imported on first use only, so the heuristic bots never
load it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from bots.conto.odds import bluff_odds, credibility, plate_true, prob_true
from bots.conto.policies import ADAPTIVE, HONEST, PROBABILIST, RANDOM, raise_key
from bots.conto.reading import (
    BILL,
    DECK,
    IDX,
    RANKS,
    Act,
    Billed,
    Dealt,
    Declared,
    Info,
    Plate,
    Showdown,
    cards_text,
    hand_declarations,
    revealed_by_seat,
)

# --- the engine state at the decision point, and playouts -----------------------------------


_ENGINE: dict[tuple, Any] = {}


def engine_game(players: int, hand_size: int, courses: int, oste: bool) -> Any:
    """The engine's conto game with these options (cached)."""
    key = (players, hand_size, courses, oste)
    game = _ENGINE.get(key)
    if game is None:
        import engine  # noqa: PLC0415 — heavy import kept out of the heuristic bots
        import engine.conto  # noqa: F401,PLC0415

        game = _ENGINE[key] = engine.load("conto", players=players, hand_size=hand_size, courses=courses, oste=oste)
    return game


def engine_action(act: Act) -> Any:
    """An `Act` as the engine's ContoAction."""
    from engine.conto import ContoAction, Move, Portata  # noqa: PLC0415

    if act.kind == BILL:
        return ContoAction(Move.CONTO)
    return ContoAction(
        Move(act.kind),
        act.slot,
        tuple(Portata(RANKS[r], q) for r, q in act.plate),
        RANKS[act.reveals] if act.reveals is not None else None,
    )


def build_state(info: Info, dealt: Sequence[Sequence[int]]) -> Any:
    """An engine state at this decision: the current hand dealt as `dealt` (hands as
    dealt, revealed cards included) and this hand's declarations replayed."""
    return build_hand_state(
        info.players,
        info.hand_size,
        info.courses,
        info.oste_rule,
        info.dealer,
        dealt,
        [d.act for d in hand_declarations(info)],
    )


def build_hand_state(
    players: int,
    hand_size: int,
    courses: int,
    oste_rule: bool,
    dealer: int,
    dealt: Sequence[Sequence[int]],
    acts: Sequence[Act] = (),
) -> Any:
    """An engine state of one hand dealt as `dealt` by `dealer`, `acts` replayed.

    With the Regola dell'Oste the dealer may hold one card more; the engine deals that
    only to the winner of a showdown, so such a hand is reached through a one-move
    warm-up hand that the dealer wins."""
    game = engine_game(players, hand_size, courses, oste_rule)
    texts = [cards_text(h) for h in dealt]
    sizes = [sum(h) for h in dealt]
    if len(set(sizes)) == 1:
        state = game.new_match(seed=0, deals=1, hands=texts, first_dealer=dealer)
    else:
        state = _oste_state(game, dealer, texts)
    for act in acts:
        state.apply(engine_action(act))
    return state


def _oste_state(game: Any, dealer: int, texts: list[str]) -> Any:
    from engine.conto import BillCalled, ContoAction, DealtHand, HandDealt, Move, Portata  # noqa: PLC0415
    from engine.conto import Declared as EDeclared

    n = game.players
    per = game.cards_per_hand
    deck = [r for r in RANKS for _ in range(8)]
    warm = [tuple(sorted(deck[s * per : (s + 1) * per], key=IDX.__getitem__)) for s in range(n)]
    opener = dealer  # seat `dealer` opens the warm-up (its dealer is dealer - 1) and wins it
    rank = warm[opener][0]
    first = ContoAction(Move.ORDINAZIONE, 0, (Portata(rank, 1),), rank)
    history = [
        HandDealt(1, 2, (dealer - 1) % n, None, tuple(DealtHand(s, per, warm[s]) for s in range(n))),
        EDeclared(1, opener, first),
        BillCalled(1, (opener + 1) % n, opener, first.plate),
        HandDealt(
            2, 2, dealer, dealer, tuple(DealtHand(s, len(t.split()), tuple(t.split())) for s, t in enumerate(texts))
        ),
    ]
    return game.replay(history)


_ACTION_INFO: dict[int, tuple[Plate, tuple[int, int, int], int | None]] = {}


def _action_info(action: Any) -> tuple[Plate, tuple[int, int, int], int | None]:
    hit = _ACTION_INFO.get(action.key)
    if hit is None:
        plate = tuple((IDX[p.rank], p.quantity) for p in action.plate)
        reveals = IDX[action.reveals] if action.reveals is not None else None
        hit = _ACTION_INFO[action.key] = (plate, raise_key(plate, reveals), reveals)
    return hit


class Table:
    """The counts a playout needs beside the engine state: hands and face-up cards."""

    __slots__ = ("held", "revealed", "in_hands")

    def __init__(self, held: list[list[int]], revealed: list[int]) -> None:
        self.held = held
        self.revealed = revealed
        self.in_hands = sum(sum(h) for h in held)

    @classmethod
    def for_info(cls, info: Info, dealt: Sequence[Sequence[int]]) -> Table:
        """The table of a determinization at the decision point."""
        by_seat = revealed_by_seat(info)
        held = [[a - b for a, b in zip(dealt[s], by_seat[s])] for s in range(info.players)]
        return cls(held, list(info.revealed_counts))

    def copy(self) -> Table:
        t = object.__new__(Table)
        t.held = [list(h) for h in self.held]
        t.revealed = list(self.revealed)
        t.in_hands = self.in_hands
        return t

    def apply(self, seat: int, action: Any) -> None:
        if action.reveals is not None:
            r = IDX[action.reveals]
            self.held[seat][r] -= 1
            self.revealed[r] += 1
            self.in_hands -= 1


class Model:
    """How each seat plays in a playout: a policy type per seat and what it needs."""

    __slots__ = ("types", "odds", "threshold", "honest_threshold", "rng")

    def __init__(
        self,
        types: Sequence[int],
        odds: Sequence[float] | None = None,
        threshold: float = 0.5,
        honest_threshold: float = 0.25,
        rng: random.Random | None = None,
    ) -> None:
        self.types = list(types)
        self.odds = list(odds) if odds is not None else [1.0] * len(types)
        self.threshold = threshold
        self.honest_threshold = honest_threshold
        self.rng = rng or random.Random(0)


def policy_action(state: Any, table: Table, model: Model) -> Any:
    """The seat to act's modelled policy on an engine state (fast: counts, cached
    probabilities).  The probabilist and adaptive policies are those of the bots; the
    honest one too; random is uniform."""
    seat = state.current_seat()
    legal = state.legal_actions()
    kind = model.types[seat]
    if kind == RANDOM:
        return legal[model.rng.randrange(len(legal))]
    held = table.held[seat]
    known = [a + b for a, b in zip(held, table.revealed)]
    hidden = table.in_hands - sum(held)
    plate = state.plate
    if plate:
        cur = tuple((IDX[p.rank], p.quantity) for p in plate)
        p = prob_true(cur, known, hidden)
        if kind == HONEST:
            call = p < model.honest_threshold
        elif kind == ADAPTIVE and p < 1.0:
            cam = state.cameriere
            rho = model.odds[cam]
            if rho != 1.0:
                deck = [d - h for d, h in zip(DECK, held)]
                chance = prob_true(cur, table.revealed, sum(table.held[cam]), deck)
                p = credibility(p, chance, rho)
            call = p < model.threshold
        else:
            call = p < model.threshold
        if call:
            return legal[0]  # the bill comes first
    best = None
    best_key: Any = None  # a raise key, or (minus the odds, raise key) in the second loop
    if kind == HONEST:
        for action in legal:
            new_plate, rkey, _ = _action_info(action)
            # the honest bot's default rule: the portata the move changes is backed
            if new_plate and plate_true((new_plate[action.slot],), known) and (best_key is None or rkey < best_key):
                best, best_key = action, rkey
        if best is None:
            if plate:
                return legal[0]
            return min(legal, key=lambda a: _action_info(a)[1])
        return best
    for action in legal:
        new_plate, rkey, _ = _action_info(action)
        if not new_plate:
            continue
        key = (-prob_true(new_plate, known, hidden), rkey)
        if best_key is None or key < best_key:
            best, best_key = action, key
    return best if best is not None else legal[0]


def playout(state: Any, table: Table, model: Model, max_moves: int = 400) -> int:
    """Play the current hand to its end with the modelled policies; return the loser."""
    hand = state.hand_number
    moves = 0
    while True:
        seat = state.current_seat()
        if seat is None or state.hand_number != hand:
            break
        action = policy_action(state, table, model)
        table.apply(seat, action)
        state.apply(action)
        moves += 1
        if moves > max_moves:  # cannot happen: the plate cap ends every hand
            raise RuntimeError("playout did not end")
    for result in reversed(state.deal_results()):
        if result.deal == hand:
            return result.ranks.index(max(result.ranks))
    raise RuntimeError("hand without result")


# --- recognising the opponents' policies from the showdowns ---------------------------------


class TypeTracker:
    """Log-likelihood of each policy type per seat, from the decisions of every hand that
    reached a showdown (all hands are shown then, so every decision can be re-judged).

    Deterministic types predict one action; the seat's action scores log(1 - eps) when it
    matches and log(eps / (n - 1)) otherwise (n legal actions); random scores log(1 / n).
    Declarations use `eps_declare` (a bluffer strays from the probabilist on purpose)."""

    def __init__(
        self,
        players: int,
        hand_size: int,
        courses: int,
        oste_rule: bool,
        eps_bill: float = 0.1,
        eps_declare: float = 0.3,
        threshold: float = 0.5,
        honest_threshold: float = 0.25,
        prior_weight: float = 4.0,
    ) -> None:
        self.options = (players, hand_size, courses, oste_rule)
        self.players = players
        self.loglik = [[0.0] * 4 for _ in range(players)]
        self.decisions = [0] * players
        self.done: set[int] = set()
        self.eps_bill = eps_bill
        self.eps_declare = eps_declare
        self.threshold = threshold
        self.honest_threshold = honest_threshold
        self.prior_weight = prior_weight

    def update(self, events: Sequence[NamedTuple]) -> None:
        """Judge every showdown hand of `events` not judged yet."""
        hand_events: list[NamedTuple] = []
        before = 0
        for i, e in enumerate(events):
            if isinstance(e, Dealt):
                hand_events = [e]
                before = i
            else:
                hand_events.append(e)
            if isinstance(e, Showdown) and e.hand_number not in self.done:
                self.done.add(e.hand_number)
                odds = bluff_odds(events[:before], self.players, self.prior_weight)
                try:
                    self._judge(hand_events, odds)
                except Exception:  # noqa: BLE001 — a hand that cannot be rebuilt is skipped
                    pass

    def _judge(self, events: Sequence[NamedTuple], odds: Sequence[float]) -> None:
        dealt_event = events[0]
        show = events[-1]
        assert isinstance(dealt_event, Dealt) and isinstance(show, Showdown)
        dealt = [list(h) for h in show.hands]
        state = build_hand_state(*self.options, dealt_event.dealer, dealt)
        table = Table([list(h) for h in dealt], [0] * 14)
        acts = [e for e in events if isinstance(e, (Declared, Billed))]
        for e in acts:
            seat = state.current_seat()
            if seat != e.seat:
                return
            legal = state.legal_actions()
            n = len(legal)
            if isinstance(e, Billed):
                taken = legal[0]
            else:
                taken = engine_action(e.act)
            if n > 1:
                self.decisions[seat] += 1
                for kind in (PROBABILIST, ADAPTIVE, HONEST):
                    predicted = policy_action(
                        state, table, Model([kind] * self.players, odds, self.threshold, self.honest_threshold)
                    )
                    self.loglik[seat][kind] += self._score(predicted, taken, n)
                self.loglik[seat][RANDOM] += -math.log(n)
            table.apply(seat, taken)
            state.apply(taken)

    def _score(self, predicted: Any, taken: Any, n: int) -> float:
        bill_taken = not taken.plate
        bill_predicted = not predicted.plate
        eps = self.eps_bill if (bill_taken or bill_predicted) else self.eps_declare
        if bill_taken == bill_predicted:
            if bill_taken:
                return math.log(1 - eps)
            if taken == predicted:
                return math.log(1 - eps)
        return math.log(eps / max(n - 1, 1))

    def types(self, me: int, prior: Sequence[float] = (0.4, 0.3, 0.15, 0.15)) -> list[int]:
        """The most likely policy type of every seat (mine: adaptive)."""
        out = []
        for seat in range(self.players):
            if seat == me:
                out.append(ADAPTIVE)
                continue
            scores = [math.log(p) + ll for p, ll in zip(prior, self.loglik[seat])]
            out.append(max(range(4), key=scores.__getitem__))
        return out
