"""What bots receive: only their own seat's view, self-sufficient per-deal requests that
do not grow with the match, every event once.  Each runs under both drivers of the
referee: from trio (stdio seats) and on the gRPC loop (gRPC seats)."""

import pytest
import trio

import engine
from arena.errors import BotFault
from arena.play import GameWire, play_match
from arena.records import FaultKind
from arena.sdk import EventFeed
from arena.v1 import arena_pb2 as pb
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
            for event in message.decision_request.view.conto.deal_events:
                yield "event", event
        elif kind == "match_end":
            for event in message.match_end.history:
                yield "end", event.conto


@pytest.fixture(params=[False, True], ids=["trio", "thread"])
def blocking(request):
    """Whether the fake seats answer from a thread (the referee's thread driver)."""
    return request.param


@pytest.mark.parametrize("players", [3, 4, 6, 8])
def test_no_message_to_a_seat_carries_another_seats_hidden_cards(players, blocking):
    game = engine.load("conto", players=players)
    for seed in range(6):
        seats = [FakeSeat(f"b{i}", seed=seed * 10 + i, blocking=blocking) for i in range(players)]
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


def test_a_decision_request_is_self_sufficient(blocking):
    """Each request's view and actions equal the engine's view of that seat then; the
    turn and the standing are the engine's too."""
    game = engine.load("conto", players=4)
    wire = GameWire(game)
    requests = []  # in the order they were asked (decision ids are each seat's own, and random)

    def random_play(request, rng):
        requests.append(request)
        return rng.randrange(len(request.legal_actions))

    seats = [FakeSeat(f"b{i}", random_play, seed=i, blocking=blocking) for i in range(4)]
    record = play(game, seats, deals=2)
    state = game.new_match(seed=1, deals=2)
    moves = [e for e in record.history if isinstance(e, (engine.conto.Declared, engine.conto.BillCalled))]
    assert len(requests) == len(moves)
    for request, move in zip(requests, moves):
        seat = state.current_seat()
        assert request.view == wire.view(state.view(seat))
        assert [a.text for a in request.legal_actions] == [a.text for a in state.legal_actions()]
        assert request.kind == pb.DECISION_KIND_TURN and request.acting_seat == seat
        assert not request.HasField("responding_to")
        finished = state.deal_results()
        assert request.standing.deal == len(finished) + 1 == request.view.conto.hand_number
        assert request.standing.deals == 2
        assert list(request.standing.scores) == [sum(d.scores[s] for d in finished) for s in range(4)]
        assert list(request.standing.standing) == list(request.view.conto.points)
        state.apply(move.action if isinstance(move, engine.conto.Declared) else game.bill)
    assert [e.text for e in state.history] == [e.text for e in record.history]


def test_every_seat_gets_every_event_once_in_order_then_the_match_end(blocking):
    """Each event reaches a seat once: in a view's deal_events while its deal goes on,
    else as news (a request's `events`, or the notice before the end); a request's news
    never repeats what its view holds.  MatchEnd then has them all, with their text."""
    game = engine.load("conto", players=3)
    wire = GameWire(game)
    seats = [FakeSeat(f"b{i}", seed=i, blocking=blocking) for i in range(3)]
    record = play(game, seats, deals=3)
    for index, seat in enumerate(seats):
        kinds = [m.WhichOneof("message") for m in seat.received]
        assert kinds[0] == "match_start" and kinds[-1] == "match_end"
        assert seat.received[0].match_start.seat == index
        assert list(seat.received[0].match_start.names) == ["b0", "b1", "b2"]
        # One message per decision: news rides in the requests; a notice only closes the match.
        assert all(kinds[i + 1] == "match_end" for i, kind in enumerate(kinds) if kind == "event")
        got = []
        feed = EventFeed()
        for message in seat.received:
            if message.WhichOneof("message") == "decision_request":
                request = message.decision_request
                view = request.view.conto
                for event in request.events:
                    assert event.conto.WhichOneof("event")
                    assert getattr(event.conto, event.conto.WhichOneof("event")).hand_number < view.hand_number
                feed.deliver(request, got.append)
            elif message.WhichOneof("message") == "event":
                got.extend(message.event.events)
        expected = [wire.event(e.visible_to(index)) for e in record.history]
        assert [e.conto for e in got] == [e.conto for e in expected]
        end = seat.received[-1].match_end
        assert list(end.result.standing) == list(record.standing)
        assert list(end.history) == expected


def test_faults_from_a_scripted_bot_forfeit_the_deal_and_the_match_goes_on(blocking):
    game = engine.load("conto", players=3)
    calls = []

    def flaky(request, rng):
        calls.append(request.decision_id)
        if len(calls) == 1:
            return BotFault(FaultKind.TIMEOUT, "no answer within 1000 ms")
        return 0

    seats = [FakeSeat("flaky", flaky, blocking=blocking), FakeSeat("b1", seed=1), FakeSeat("b2", seed=2)]
    record = play(game, seats, deals=3)
    assert [f.kind for f in record.faults] == [FaultKind.TIMEOUT]
    assert record.result.deals[0].forfeit == 0
    assert len(record.result.deals) == 3
    assert "timeout" in next(e.text for e in record.history if isinstance(e, engine.conto.Forfeited))
    end = seats[1].received[-1].match_end
    assert [f.kind for f in end.faults] == [1]  # FAULT_KIND_TIMEOUT, told to every seat


def test_a_view_holds_the_current_deal_and_its_events_only(blocking):
    game = engine.load("conto", players=3)
    seats = [FakeSeat(f"b{i}", seed=i, blocking=blocking) for i in range(3)]
    play(game, seats, deals=4)
    for seat in seats:
        for message in seat.received:
            if message.WhichOneof("message") != "decision_request":
                continue
            view = message.decision_request.view.conto
            first, *rest = view.deal_events
            assert first.WhichOneof("event") == "hand_dealt"
            assert first.hand_dealt.hand_number == view.hand_number
            assert all(e.WhichOneof("event") == "declared" for e in rest)
            assert all(e.declared.hand_number == view.hand_number for e in rest)


def test_a_request_is_as_large_at_hand_60_as_at_hand_2(blocking):
    """The same position (each hand: one order, then the bill) costs the same bytes early
    and late in a 60-hand match: nothing in a request grows with it.  Legal actions
    depend on the cards held, so they are left out of the comparison; the texts of
    events differ by a digit or a word, hence the small tolerance (the whole match's
    history would add some 20 KB by hand 60)."""
    game = engine.load("conto", players=4)
    seats = [FakeSeat(f"b{i}", lambda request, rng: 0, blocking=blocking) for i in range(4)]
    record = play(game, seats, deals=60)
    assert len(record.result.deals) == 60

    def size(request):
        request = pb.DecisionRequest.FromString(request.SerializeToString())
        del request.legal_actions[:]
        return request.ByteSize()

    compared = 0
    for seat in seats:
        # Per position (how many of the hand's events came before, and how many events
        # are news: a seat not asked for three hands gets three hands of news): the
        # requests of hands 2 and later, in hand order.
        by_position: dict[tuple[int, int], list] = {}
        for message in seat.received:
            if message.WhichOneof("message") == "decision_request":
                request = message.decision_request
                if request.view.conto.hand_number >= 2:
                    position = len(request.view.conto.deal_events), len(request.events)
                    by_position.setdefault(position, []).append(request)
        for requests in by_position.values():
            early, late = requests[0], requests[-1]
            if late.view.conto.hand_number < 50:
                continue
            assert early.view.conto.hand_number <= 10
            assert abs(size(late) - size(early)) <= 16, (size(early), size(late))
            compared += 1
    assert compared >= 4


def test_invido_replies_to_a_call_are_responses_to_the_caller(blocking):
    game = engine.load("invido")
    seats = [FakeSeat(f"b{i}", seed=i, blocking=blocking) for i in range(2)]
    play(game, seats, seed=3, deals=30)
    kinds = set()
    for index, seat in enumerate(seats):
        for message in seat.received:
            if message.WhichOneof("message") != "decision_request":
                continue
            request = message.decision_request
            view = request.view.invido
            assert request.acting_seat == index
            caller = view.monte_caller if view.HasField("monte_caller") else view.pending_caller
            if view.HasField("pending_caller") or view.HasField("monte_caller"):
                assert request.kind == pb.DECISION_KIND_RESPONSE
                assert request.responding_to == caller != index
            else:
                assert request.kind == pb.DECISION_KIND_TURN
                assert not request.HasField("responding_to")
            kinds.add(request.kind)
    assert kinds == {pb.DECISION_KIND_TURN, pb.DECISION_KIND_RESPONSE}
