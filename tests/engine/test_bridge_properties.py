"""Contract bridge properties over random matches (hypothesis, bounded to a few seconds).

Random play (a seeded chooser over the legal actions that passes half the time in the
auction, so that auctions end at every level, with an occasional fault) from random
seeds, checked against the history at the end or at every decision.  The checks work
the rules out again from the events (the deal, the calls, the cards) rather than from
the state's own fields.
"""

from __future__ import annotations

import dataclasses
import operator
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.bridge import (
    DECK,
    AuctionEnded,
    BoardDealt,
    BoardScored,
    BridgeState,
    Called,
    CallKind,
    CardPlayed,
    DummyExposed,
    Forfeited,
    MatchEnded,
    Phase,
    TrickTaken,
    contract_score,
    is_vulnerable,
    side_of,
)

seeds = st.integers(min_value=0, max_value=2**32)
FAST = settings(max_examples=40, deadline=None)
ORDER = "23456789TJQKA"


def choose(state: BridgeState, chooser: random.Random):
    """In the auction: pass half the time, else a double or redouble when there is one
    (a time in four), else one of the five cheapest bids, so that contracts come at
    every level; in the play, any legal card."""
    legal = state.legal_actions()
    if legal[0].kind is not CallKind.PASS:
        return chooser.choice(legal)
    if chooser.random() < 0.5 or len(legal) == 1:
        return legal[0]
    bids = [a for a in legal if a.kind is CallKind.BID]
    doubles = [a for a in legal if a.kind in (CallKind.DOUBLE, CallKind.REDOUBLE)]
    if doubles and (not bids or chooser.random() < 0.25):
        return doubles[0]
    return chooser.choice(bids[:5])


def step(state: BridgeState, chooser: random.Random, forfeit_rate: float = 0.0) -> None:
    seat = state.current_seat()
    assert seat is not None
    if chooser.random() < forfeit_rate:
        state.forfeit(seat, "a random fault")
    else:
        state.apply(choose(state, chooser))


def play_out(state: BridgeState, chooser: random.Random, forfeit_rate: float = 0.0) -> None:
    while not state.is_terminal():
        step(state, chooser, forfeit_rate)


def boards(history):
    """The history cut into boards: each a list of events from its BoardDealt on."""
    out: list[list] = []
    for event in history:
        if isinstance(event, BoardDealt):
            out.append([])
        if isinstance(event, MatchEnded):
            continue
        out[-1].append(event)
    return out


def cards_in(value) -> set[str]:
    """Every card named anywhere in a record (its fields, nested records, tuples)."""
    if isinstance(value, str):
        return {value} if value in DECK else set()
    if isinstance(value, tuple | list):
        return set().union(*(cards_in(v) for v in value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(*(cards_in(getattr(value, f.name)) for f in dataclasses.fields(value)))
    return set()


BIDS = [f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")]


def rules_allow(view) -> set[str]:
    """The legal actions' texts, worked out from the view alone by the rules: in the
    auction pass, any higher bid, a double of the opponents' undoubled bid, a redouble
    of the opponents' double of one's own side's bid; in the play a card of the hand
    whose turn it is (the dummy's when the declarer plays for it), of the suit led if
    that hand holds one."""
    if view.phase is Phase.PLAY:
        hand = view.dummy if view.to_play == view.dummy_seat else view.hand
        led = view.trick[0].card[0] if view.trick else None
        return {c for c in hand if c[0] == led} or set(hand)
    allowed = {"pass"}
    last, bidder, doubled = -1, None, ""
    for i, call in enumerate(view.auction):
        if call.kind is CallKind.BID:
            last, bidder, doubled = BIDS.index(call.text), (view.dealer + i) % 4, ""
        elif call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE):
            doubled = call.text
    allowed.update(BIDS[last + 1 :])
    if bidder is not None and side_of(bidder) != side_of(view.seat) and not doubled:
        allowed.add("X")
    if bidder is not None and side_of(bidder) == side_of(view.seat) and doubled == "X":
        allowed.add("XX")
    return allowed


def trick_winner(cards, trump: str | None) -> int:
    led = cards[0].card[0]
    trumps = [p for p in cards if p.card[0] == trump]
    pool = trumps or [p for p in cards if p.card[0] == led]
    return max(pool, key=lambda p: ORDER.index(p.card[1])).seat


@FAST
@given(seed=seeds, choice=seeds)
def test_cards_are_conserved_tricks_are_won_right_and_suit_is_followed(seed, choice):
    state = engine.load("bridge").new_match(seed=seed, deals=3)
    play_out(state, random.Random(choice), forfeit_rate=0.003)
    assert sum(isinstance(e, MatchEnded) for e in state.history) == 1
    for board in boards(state.history):
        dealt = board[0]
        hands = {h.seat: list(h.cards) for h in dealt.hands}
        assert sorted(c for h in hands.values() for c in h) == sorted(DECK)
        assert all(len(h) == 13 for h in hands.values())
        contract = next((e.contract for e in board if isinstance(e, AuctionEnded)), None)
        trump = contract.strain.suit if contract is not None else None
        trick: list = []
        played: list[str] = []
        taken = [0, 0]
        for event in board:
            if isinstance(event, CardPlayed):
                held = hands[event.seat]
                assert event.card in held, (event, held)
                if trick:
                    led = trick[0].card[0]
                    if any(c[0] == led for c in held):
                        assert event.card[0] == led, f"{event} does not follow {led} holding {held}"
                    assert event.seat == (trick[-1].seat + 1) % 4
                held.remove(event.card)
                played.append(event.card)
                trick.append(event)
            elif isinstance(event, TrickTaken):
                assert len(event.cards) == 4 and len({p.seat for p in event.cards}) == 4
                assert [(p.seat, p.card) for p in event.cards] == [(c.seat, c.card) for c in trick]
                assert event.winner == trick_winner(event.cards, trump)
                taken[side_of(event.winner)] += 1
                assert event.tricks == tuple(taken)
                trick = []
        # The 52 cards: those still held and those played, each once.
        left = [c for h in hands.values() for c in h]
        assert sorted(left + played) == sorted(DECK)
        scored = [e for e in board if isinstance(e, BoardScored)]
        if scored and scored[0].contract is not None:
            assert sum(taken) == 13 and not left
            assert scored[0].declarer_tricks == taken[side_of(scored[0].contract.declarer)]
        elif scored:  # passed out: nothing played
            assert not played
        else:  # forfeited part-way
            assert isinstance(board[-1], Forfeited) and sum(taken) < 13


@FAST
@given(seed=seeds, choice=seeds)
def test_scores_are_opposite_and_each_deal_result_is_its_board_score(seed, choice):
    state = engine.load("bridge").new_match(seed=seed, deals=4)
    play_out(state, random.Random(choice), forfeit_rate=0.003)
    results = state.deal_results()
    assert [r.deal for r in results] == [1, 2, 3, 4]
    totals = [0, 0]
    for board, result in zip(boards(state.history), results):
        dealt = board[0]
        assert dealt.totals == tuple(totals)
        assert dealt.dealer == (dealt.board - 1) % 4
        scored = [e for e in board if isinstance(e, BoardScored)]
        forfeits = [e for e in board if isinstance(e, Forfeited)]
        if forfeits:
            assert not scored and len(forfeits) == 1
            faulty = forfeits[0].seat
            assert result.forfeit == faulty and result.scores == (0.0,) * 4
            assert result.ranks == tuple(1 if side_of(s) == side_of(faulty) else 0 for s in range(4))
            continue
        (score,) = scored
        assert result.forfeit is None
        assert result.scores == (score.score, -score.score, score.score, -score.score)
        if score.contract is None:
            assert score.score == 0
        else:
            declarer = score.contract.declarer
            vulnerable = is_vulnerable(dealt.vulnerability, declarer)
            own = contract_score(score.contract, vulnerable, score.declarer_tricks)
            assert score.score == (own if side_of(declarer) == 0 else -own)
        totals[0] += score.score
        totals[1] -= score.score
        assert score.totals == tuple(totals) and sum(score.totals) == 0
    assert state.history[-1] == MatchEnded(4, tuple(totals))
    standing = state.standing()
    assert standing == (totals[0], totals[1], totals[0], totals[1]) and standing[0] == -standing[1]
    match = state.result()
    assert match.scores[0] == -match.scores[1] == match.scores[2] == -match.scores[3]


@FAST
@given(seed=seeds, choice=seeds)
def test_the_declarer_is_the_first_of_its_side_to_name_the_strain(seed, choice):
    state = engine.load("bridge").new_match(seed=seed, deals=4)
    play_out(state, random.Random(choice))
    for board in boards(state.history):
        calls = [e for e in board if isinstance(e, Called)]
        ended = next(e for e in board if isinstance(e, AuctionEnded))
        assert calls[0].seat == board[0].dealer
        assert all(b.seat == (a.seat + 1) % 4 for a, b in zip(calls, calls[1:]))
        bids = [c for c in calls if c.call.kind is CallKind.BID]
        if not bids:
            assert ended.contract is None and ended.dummy == -1 and len(calls) == 4
            continue
        last = bids[-1]
        contract = ended.contract
        assert contract is not None
        assert (contract.level, contract.strain) == (last.call.level, last.call.strain)
        first = next(
            c.seat for c in bids if side_of(c.seat) == side_of(last.seat) and c.call.strain is last.call.strain
        )
        assert contract.declarer == first and ended.dummy == (first + 2) % 4
        assert [c.call.kind for c in calls[-3:]] == [CallKind.PASS] * 3
        leads = [e for e in board if isinstance(e, CardPlayed)]
        assert leads[0].seat == (first + 1) % 4


@FAST
@given(seed=seeds, choice=seeds)
def test_the_dummy_is_never_asked_the_declarer_plays_its_cards_and_every_legal_set_is_the_rules(seed, choice):
    state = engine.load("bridge").new_match(seed=seed, deals=3)
    chooser = random.Random(choice)
    while not state.is_terminal():
        turn = state.turn()
        assert turn is not None and turn.seat == state.current_seat()
        view = state.view(turn.seat)
        assert view.seat == turn.seat
        assert {a.text for a in state.legal_actions()} == rules_allow(view), (view.auction, view.trick)
        if view.phase is Phase.PLAY:
            assert view.contract is not None and view.dummy_seat is not None
            dummy, declarer = view.dummy_seat, view.contract.declarer
            assert turn.seat != dummy
            assert view.to_play == turn.acting_seat
            if turn.acting_seat == dummy:
                assert turn.seat == declarer
                # The declarer's bot plays from the dummy's hand, which its view shows.
                playable = {a.card for a in state.legal_actions()}
                assert playable <= set(view.dummy) and not playable & set(view.hand)
            else:
                assert turn.acting_seat == turn.seat
                assert {a.card for a in state.legal_actions()} <= set(view.hand)
        else:
            assert view.phase is Phase.AUCTION and turn.acting_seat == turn.seat
        step(state, chooser)
    # Who chose each card: the declarer for the dummy, everyone else for themselves.
    for board in boards(state.history):
        ended = next(e for e in board if isinstance(e, AuctionEnded))
        for event in board:
            if isinstance(event, CardPlayed):
                assert ended.contract is not None
                expected = ended.contract.declarer if event.seat == ended.dummy else event.seat
                assert event.by == expected


@FAST
@given(seed=seeds, choice=seeds)
def test_a_view_never_shows_another_seats_hand_only_the_dummy_after_the_lead(seed, choice):
    state = engine.load("bridge").new_match(seed=seed, deals=2)
    chooser = random.Random(choice)
    # Each seat's deal events already checked: a new event is checked when it first
    # appears (what a seat may know only grows during a board), and the earlier ones
    # must stay the very same records.
    checked: list[tuple] = [(), (), (), ()]
    start = 0
    while not state.is_terminal():
        history = state.history
        start = max(i for i in range(start, len(history)) if isinstance(history[i], BoardDealt))
        dealt = history[start]
        this_board = history[start:]
        played = {e.card for e in this_board if isinstance(e, CardPlayed)}
        ended = next((e for e in this_board if isinstance(e, AuctionEnded)), None)
        dummy = ended.dummy if ended is not None and ended.contract is not None else None
        exposed = [e for e in this_board if isinstance(e, DummyExposed)]
        assert bool(exposed) == bool(played)
        original = {h.seat: set(h.cards) for h in dealt.hands}
        for seat in range(4):
            view = state.view(seat)
            assert set(view.hand) == original[seat] - played
            if played:
                assert dummy is not None and view.dummy_seat == dummy
                assert set(view.dummy) == original[dummy] - played and len(exposed) == 1
                assert exposed[0].seat == dummy and set(exposed[0].cards) == original[dummy] - {
                    e.card for e in this_board[: this_board.index(exposed[0])] if isinstance(e, CardPlayed)
                }
            else:
                assert view.dummy == ()
            # What the seat may know: its own cards, the cards played, the dummy's once shown.
            allowed = original[seat] | played | (original[dummy] if played and dummy is not None else set())
            assert cards_in(view.hand) | cards_in(view.dummy) | cards_in(view.trick) <= allowed
            assert view.deal_events[0].board == dealt.board
            events = view.deal_events
            old = checked[seat] if checked[seat] and checked[seat][0] is events[0] else ()
            assert len(events) >= len(old) and all(map(operator.is_, events, old))
            shown = cards_in(events[len(old) :])
            assert shown <= allowed, (seat, shown - allowed)
            checked[seat] = events
            first = events[0]
            assert isinstance(first, BoardDealt)
            assert all(h.cards == () for h in first.hands if h.seat != seat)
            assert set(next(h.cards for h in first.hands if h.seat == seat)) == original[seat]
        step(state, chooser)


@FAST
@given(seed=seeds, choice=seeds, stop=st.integers(0, 250))
def test_replay_rebuilds_the_match_from_its_history_midway(seed, choice, stop):
    state = engine.load("bridge").new_match(seed=seed, deals=3)
    chooser = random.Random(choice)
    for _ in range(stop):
        if state.is_terminal():
            break
        step(state, chooser, forfeit_rate=0.01)
    again = state.game.replay(state.history)
    assert again.history == state.history
    assert again.deal_results() == state.deal_results()
    assert again.turn() == state.turn() and again.legal_actions() == state.legal_actions()
    assert [again.view(s) for s in range(4)] == [state.view(s) for s in range(4)]
    # And it plays on from there exactly as the original does.
    if not state.is_terminal():
        action = choose(state, chooser)
        state.apply(action)
        again.apply(action)
        assert again.history == state.history


@FAST
@given(seed=seeds, choice=seeds, stop=st.integers(0, 200))
def test_a_clone_is_independent_of_its_original(seed, choice, stop):
    state = engine.load("bridge").new_match(seed=seed, deals=2)
    chooser = random.Random(choice)
    for _ in range(stop):
        if state.is_terminal():
            break
        step(state, chooser)
    before = (state.history, state.deal_results(), state.turn(), state.legal_actions())
    views = [state.view(s) for s in range(4)]
    copy = state.clone()
    assert copy.history == state.history and [copy.view(s) for s in range(4)] == views
    play_out(copy, random.Random(choice + 1))
    assert (state.history, state.deal_results(), state.turn(), state.legal_actions()) == before
    assert [state.view(s) for s in range(4)] == views
    # The original, played on, is untouched by the clone's play, and vice versa.
    played = copy.history
    play_out(state, random.Random(choice + 2))
    assert copy.history == played
