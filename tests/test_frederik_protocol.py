"""What frederik bots receive through the referee: never a card their seat has not seen;
answers and interrupt windows asked out of turn order, each naming what it answers; and
a fault passes the seat's decisions for the rest of the deal and ranks it last."""

from __future__ import annotations

import pytest
import trio

import engine
from arena.errors import BotFault
from arena.play import play_match
from arena.records import FaultKind
from arena.v1 import arena_pb2 as pb
from engine.frederik import (
    DECK,
    Acted,
    DealEnded,
    DealStarted,
    Drew,
    Forfeited,
    Kept,
    Move,
    Outcome,
    Resolved,
    Responded,
    Returned,
    Window,
)
from tests.fakebot import FakeSeat
from tests.leaks import leaked

DECISIONS = (Kept, Returned, Acted, Responded)


def play(game, seats, seed=1, deals=2):
    return trio.run(lambda: play_match(game, seats, seed=seed, deals=deals, move_time=1.0, match_id=f"m{seed}"))


def requests(seat: FakeSeat) -> list[pb.DecisionRequest]:
    return [m.decision_request for m in seat.received if m.WhichOneof("message") == "decision_request"]


def seen_before_each_decision(history, players):
    """Per seat, for each of its decisions in order, the cards it has seen in that deal so
    far, worked out from the full history by the rules (not by the engine's own views):
    its own draft draws and returns, every card face up or shown to all."""
    out: list[list[set[str]]] = [[] for _ in range(players)]
    seen: list[set[str]] = [set() for _ in range(players)]
    for event in history:
        if isinstance(event, DECISIONS):
            out[event.seat].append(set(seen[event.seat]))
        public: set[str] = set()
        if isinstance(event, DealStarted):
            seen = [set() for _ in range(players)]
        elif isinstance(event, Drew):
            seen[event.seat].update(event.cards)
        elif isinstance(event, Kept):
            if not event.action.face_down and event.action.card:
                public.add(event.action.card)
            if event.turned_up:
                public.add(event.turned_up)
        elif isinstance(event, Acted | Resolved | Responded):
            action = event.action
            public.update(c for c in (action.card, action.target, *action.cards) if c)
            public.update(getattr(event, "drawn", ()))
            if getattr(event, "turned_up", None):
                public.add(event.turned_up)
        elif isinstance(event, DealEnded):
            public.update(c for hand in event.hands for c in hand.cards)
        for cards in seen:
            cards.update(public)
    return out


@pytest.mark.parametrize("players", [2, 4, 6])
def test_no_request_to_a_seat_carries_a_card_it_has_not_seen(players):
    game = engine.load("frederik", players=players)
    for seed in range(2):
        seats = [FakeSeat(f"b{i}", seed=seed * 10 + i, blocking=True) for i in range(players)]
        record = play(game, seats, seed=seed)
        seen = seen_before_each_decision(record.history, players)
        for index, seat in enumerate(seats):
            asked = requests(seat)
            assert len(asked) == len(seen[index])
            for request, cards in zip(asked, seen[index], strict=True):
                view = request.view.frederik
                hidden = set(DECK) - cards
                assert not leaked(request.view, hidden), (
                    f"seat {index}, deal {view.deal}: {leaked(request.view, hidden)}"
                )
                # Earlier deals' news: another seat's draft draws and returns stay unseen.
                for news in request.events:
                    which = news.frederik.WhichOneof("event")
                    event = getattr(news.frederik, which)
                    if which in ("drew", "returned") and event.seat != index:
                        assert not event.cards if which == "drew" else not event.action.cards


def test_answers_and_interrupts_are_asked_out_of_turn_naming_what_they_answer():
    game = engine.load("frederik", players=4)
    kinds = {pb.DECISION_KIND_RESPONSE: 0, pb.DECISION_KIND_INTERRUPT: 0}
    taken = {Window.ANSWER: 0, Window.INTERRUPT: 0}
    for seed in range(4):
        seats = [FakeSeat(f"b{i}", seed=seed * 10 + i, blocking=True) for i in range(4)]
        record = play(game, seats, seed=seed, deals=3)
        for index, seat in enumerate(seats):
            for request in requests(seat):
                view = request.view.frederik
                if request.kind == pb.DECISION_KIND_TURN:
                    assert not request.HasField("responding_to") and not view.HasField("answering")
                    continue
                kinds[request.kind] += 1
                actor = request.responding_to
                assert actor == view.answering_seat != index
                texts = [a.text for a in request.legal_actions]
                word = "protect" if request.kind == pb.DECISION_KIND_RESPONSE else "interrupt"
                assert texts[0] == "pass" and len(texts) > 1 and all(t.startswith(word + " ") for t in texts[1:])
                if request.kind == pb.DECISION_KIND_RESPONSE:  # only the target answers
                    target = view.answering.target
                    assert any(c.card == target for c in view.tableaux[index].cards)
        history = record.history
        for i, event in enumerate(history):
            if not (isinstance(event, Acted) and event.action.kind in _DECLARED):
                continue
            after = history[i + 1 : next(j for j in range(i, len(history)) if isinstance(history[j], Resolved))]
            resolved = history[i + 1 + len(after)]
            window = [e for e in after if isinstance(e, Responded) and e.window is Window.INTERRUPT]
            steps = [(e.seat - event.seat) % 4 for e in window]
            assert steps == sorted(steps) and 0 not in steps, "the window goes clockwise from the actor's left"
            assert all(e.action.kind is Move.PASS for e in window[:-1]), "the window stops at the first taker"
            for e in after:
                if e.action.kind is not Move.PASS:
                    taken[e.window] += 1
                    assert resolved.by == e.seat
                    assert resolved.outcome is (Outcome.PROTECTED if e.window is Window.ANSWER else Outcome.INTERRUPTED)
            if resolved.outcome is Outcome.PROTECTED:
                assert not window, "no interrupt window after a protection"
    assert all(kinds.values()) and all(taken.values()), (kinds, taken)


_DECLARED = {m for m in Move if m.name.startswith(("SWAP_", "STEAL_", "DISCARD_"))} - {
    Move.DISCARD_PAIR,
    Move.DISCARD_TRIPLE,
}
_DECLARED |= {Move.REVEAL}


def test_a_fault_passes_the_seat_for_the_rest_of_the_deal_and_ranks_it_last():
    game = engine.load("frederik", players=3)
    crashed = []

    def crashes_at_its_first_interrupt(request, rng):
        if request.kind == pb.DECISION_KIND_INTERRUPT and not crashed:
            crashed.append(request.view.frederik.deal)
            return BotFault(FaultKind.CRASH, "the bot fell over")
        return rng.randrange(len(request.legal_actions))

    for seed in range(20):
        crashed.clear()
        seats = [FakeSeat("faulty", crashes_at_its_first_interrupt, seed=seed, blocking=True)]
        seats += [FakeSeat(f"b{i}", seed=seed * 10 + i, blocking=True) for i in (1, 2)]
        record = play(game, seats, seed=seed, deals=2)
        if crashed and crashed[0] == 1:
            break
    else:
        pytest.fail("no seed gave seat 0 an interrupt in the first deal")
    history = record.history
    assert record.faults[0].bot == "faulty" and record.faults[0].kind is FaultKind.CRASH
    forfeit = next(e for e in history if isinstance(e, Forfeited))
    assert (forfeit.seat, forfeit.deal) == (0, 1)
    at = history.index(forfeit)
    end = next(i for i in range(at, len(history)) if isinstance(history[i], DealEnded))
    assert not [e for e in history[at:end] if isinstance(e, DECISIONS) and e.seat == 0], "asked again in the deal"
    assert any(isinstance(e, Resolved) for e in history[at:end]), "the window went on without it"
    first = record.result.deals[0]
    assert first.forfeit == 0 and first.ranks[0] == max(first.ranks) and first.ranks[0] > 0
    assert [e for e in history[end:] if isinstance(e, DECISIONS) and e.seat == 0], "asked again in the next deal"
    assert len(record.result.deals) == 2
