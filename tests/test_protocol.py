"""What bots receive: only their own seat's view, self-sufficient requests, all events."""

import pytest
import trio

import engine
from arena.errors import BotFault
from arena.play import GameWire, play_match
from arena.records import FaultKind
from tests.fakebot import FakeSeat


def play(game, seats, seed=1, deals=3):
    return trio.run(lambda: play_match(game, seats, seed=seed, deals=deals, move_time=1.0, match_id=f"m{seed}"))


def conto_messages(seat):
    """Every ContoEvent and ContoView the seat received, in order."""
    for message in seat.received:
        kind = message.WhichOneof("message")
        if kind == "event":
            for event in message.event.events:
                yield "event", event.conto
        elif kind == "decision_request":
            for event in message.decision_request.events:
                yield "event", event.conto
            yield "view", message.decision_request.view.conto
            for event in message.decision_request.view.conto.history:
                yield "event", event
        elif kind == "match_end":
            for event in message.match_end.history:
                yield "end", event.conto


def delivered_events(message):
    """The events a message delivers: an EventNotice's, or those riding in a request."""
    kind = message.WhichOneof("message")
    if kind == "event":
        return list(message.event.events)
    if kind == "decision_request":
        return list(message.decision_request.events)
    return []


@pytest.mark.parametrize("players", [3, 4, 6, 8])
def test_no_message_to_a_seat_carries_another_seats_hidden_cards(players):
    game = engine.load("conto", players=players)
    for seed in range(6):
        seats = [FakeSeat(f"b{i}", seed=seed * 10 + i) for i in range(players)]
        record = play(game, seats, seed=seed)
        # The referee's full log says what each seat held in each hand.
        dealt = {e.hand_number: e.hands for e in record.history if isinstance(e, engine.conto.HandDealt)}
        for index, seat in enumerate(seats):
            billed: set[int] = set()
            for where, item in conto_messages(seat):
                if where == "view":
                    # Its own cards, as the engine says it holds them; nobody else's.
                    assert all(c in "23456789TJQKAW" for c in item.hand)
                    assert len(item.hand) == item.hand_sizes[index]
                    own = sorted(dealt[item.hand_number][index].cards)
                    revealed_by_me = [r.rank for r in item.revealed if r.seat == index]
                    remaining = list(own)
                    for card in revealed_by_me:
                        remaining.remove(card)
                    assert sorted(item.hand) == sorted(remaining)
                    continue
                which = item.WhichOneof("event")
                if which == "hand_dealt":
                    for hand in item.hand_dealt.hands:
                        if hand.seat != index:
                            assert list(hand.cards) == [], f"seat {index} saw seat {hand.seat}'s deal"
                        else:
                            assert sorted(hand.cards) == sorted(dealt[item.hand_dealt.hand_number][index].cards)
                elif which == "bill_called":
                    billed.add(item.bill_called.hand_number)
                elif which == "showdown":
                    # Other hands are shown only at the showdown, which follows a bill.
                    hand_number = item.showdown.hand_number
                    assert hand_number in billed, f"seat {index} got a showdown before the bill"
                    shown = {h.seat: sorted(h.cards) for h in item.showdown.hands}
                    assert shown == {h.seat: sorted(h.cards) for h in dealt[hand_number]}


def test_a_decision_request_is_self_sufficient():
    """Each request's view and actions equal the engine's view of that seat then."""
    game = engine.load("conto", players=4)
    wire = GameWire(game)
    seats = [FakeSeat(f"b{i}", seed=i) for i in range(4)]
    record = play(game, seats, deals=2)
    requests = sorted(
        (m.decision_request for seat in seats for m in seat.received if m.WhichOneof("message") == "decision_request"),
        key=lambda r: r.decision_id,
    )
    state = game.new_match(seed=1, deals=2)
    moves = [e for e in record.history if isinstance(e, (engine.conto.Declared, engine.conto.BillCalled))]
    assert len(requests) == len(moves)
    for request, move in zip(requests, moves):
        assert request.view == wire.view(state.view(state.current_seat()))
        assert [a.text for a in request.legal_actions] == [a.text for a in state.legal_actions()]
        state.apply(move.action if isinstance(move, engine.conto.Declared) else game.bill)
    assert [e.text for e in state.history] == [e.text for e in record.history]


def test_every_seat_gets_every_event_once_in_order_then_the_match_end():
    game = engine.load("conto", players=3)
    seats = [FakeSeat(f"b{i}", seed=i) for i in range(3)]
    record = play(game, seats, deals=3)
    for index, seat in enumerate(seats):
        kinds = [m.WhichOneof("message") for m in seat.received]
        assert kinds[0] == "match_start" and kinds[-1] == "match_end"
        assert seat.received[0].match_start.seat == index
        assert list(seat.received[0].match_start.names) == ["b0", "b1", "b2"]
        notices = [e.text for m in seat.received for e in delivered_events(m)]
        # One message per decision: news rides in the requests; a notice only closes the match.
        assert all(kinds[i + 1] == "match_end" for i, kind in enumerate(kinds) if kind == "event")
        expected = [e.visible_to(index).text for e in record.history]
        assert notices == expected
        end = seat.received[-1].match_end
        assert list(end.result.standing) == list(record.standing)
        assert len(end.history) == len(expected)


def test_faults_from_a_scripted_bot_forfeit_the_deal_and_the_match_goes_on():
    game = engine.load("conto", players=3)
    calls = []

    def flaky(request, rng):
        calls.append(request.decision_id)
        if len(calls) == 1:
            return BotFault(FaultKind.TIMEOUT, "no answer within 1000 ms")
        return 0

    seats = [FakeSeat("flaky", flaky), FakeSeat("b1", seed=1), FakeSeat("b2", seed=2)]
    record = play(game, seats, deals=3)
    assert [f.kind for f in record.faults] == [FaultKind.TIMEOUT]
    assert record.result.deals[0].forfeit == 0
    assert len(record.result.deals) == 3
    assert "timeout" in next(e.text for e in record.history if isinstance(e, engine.conto.Forfeited))
    end = seats[1].received[-1].match_end
    assert [f.kind for f in end.faults] == [1]  # FAULT_KIND_TIMEOUT, told to every seat
