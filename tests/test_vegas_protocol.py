"""What vegas bots receive through the referee: their own cards, never another seat's
unshown cards nor a face-down centre card; and a fault folds the seat while the match
goes on."""

from __future__ import annotations

import pytest
import trio

import engine
from arena.errors import BotFault
from arena.play import play_match
from arena.records import FaultKind
from engine.vegas import CardFlipped, HandDealt, HandEnded
from tests.fakebot import FakeSeat
from tests.leaks import leaked


def play(game, seats, seed=1, deals=4):
    return trio.run(lambda: play_match(game, seats, seed=seed, deals=deals, move_time=1.0, match_id=f"m{seed}"))


def secrets_by_moment(history, players):
    """Per seat, the cards it may not know: at each (hand, flips done) of a hand in play
    (the other seats' cards not discarded yet, the centre cards still face down), and at
    (hand, None) once the hand is over (what its end did not show)."""
    out: dict[tuple[int, int | None], list[set[str]]] = {}
    hands: list[list[str]] = []
    centre: tuple[str, ...] = ()
    hand = flips = 0
    for event in history:
        if isinstance(event, HandDealt):
            hand, flips = event.hand, 0
            hands = [list(h.cards) for h in event.hands]
            centre = event.centre
        elif isinstance(event, CardFlipped):
            flips = event.flip
            for discard in event.discards:
                hands[discard.seat] = [c for c in hands[discard.seat] if c not in discard.cards]
        elif isinstance(event, HandEnded):
            shown = {card for s in event.shown for card in s.cards}
            out[hand, None] = [secret - shown for secret in out[hand, flips]]
            continue
        out[hand, flips] = [
            {c for other, cards in enumerate(hands) if other != seat for c in cards} | set(centre[flips:])
            for seat in range(players)
        ]
    return out


@pytest.mark.parametrize("players", [2, 4, 6])
def test_no_request_to_a_seat_carries_a_card_it_may_not_know(players):
    game = engine.load("vegas", players=players)
    for seed in range(3):
        seats = [FakeSeat(f"b{i}", seed=seed * 10 + i, blocking=True) for i in range(players)]
        record = play(game, seats, seed=seed)
        secrets = secrets_by_moment(record.history, players)
        asked = 0
        for index, seat in enumerate(seats):
            for message in seat.received:
                if message.WhichOneof("message") != "decision_request":
                    continue
                asked += 1
                request = message.decision_request
                view = request.view.vegas
                now = secrets[view.hand, len(view.flipped)][index]
                assert not leaked(request.view, now), f"seat {index}, hand {view.hand}: {leaked(request.view, now)}"
                for news in request.events:  # earlier hands' events: judged by their hand's end
                    event = getattr(news.vegas, news.vegas.WhichOneof("event"))
                    if hasattr(event, "hand") and event.hand < view.hand:
                        then = secrets[event.hand, None][index]
                        assert not leaked(news, then), f"seat {index}, hand {event.hand}: {leaked(news, then)}"
                assert len(view.cards) == view.hand_sizes[index]
        assert asked == sum(1 for e in record.history if isinstance(e, engine.vegas.Acted))


def test_a_fault_folds_the_seat_and_the_match_goes_on():
    game = engine.load("vegas", players=3)

    def crashes_on_a_bet(request, rng):
        if any(a.text.startswith("punta") for a in request.legal_actions) and request.view.vegas.round == 2:
            return BotFault(FaultKind.CRASH, "the bot fell over")
        return 0  # busso or vedi

    seats = [FakeSeat("faulty", crashes_on_a_bet, blocking=True), FakeSeat("b", seed=1), FakeSeat("c", seed=2)]
    record = play(game, seats, deals=3)
    assert len(record.result.deals) == 3
    assert record.faults and all(f.bot == "faulty" and f.kind is FaultKind.CRASH for f in record.faults[:1])
    folded = [e for e in record.history if isinstance(e, engine.vegas.Forfeited)]
    assert folded and folded[0].seat == 0
    hand = folded[0].hand
    # The hand went on without seat 0: others acted after its forfeit, in that hand.
    after = record.history[record.history.index(folded[0]) + 1 :]
    assert any(isinstance(e, engine.vegas.Acted) and e.hand == hand and e.seat != 0 for e in after)
    assert record.result.deals[hand - 1].scores[0] < 0
