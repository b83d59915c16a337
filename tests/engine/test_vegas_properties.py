"""Las Vegas properties over random matches (hypothesis, bounded to a few seconds).

Random play (a seeded chooser over the legal actions, with random forfeits) from random
seeds, player counts and options, checked at every decision or at the end.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.vegas import DECK, Acted, Bet, CardFlipped, HandDealt, HandEnd, HandEnded, VegasState

seeds = st.integers(min_value=0, max_value=2**32)
players = st.integers(min_value=2, max_value=6)
tables = st.fixed_dictionaries({"ante": st.integers(1, 10), "bet": st.integers(1, 20), "raises": st.integers(0, 5)})
FAST = settings(max_examples=60, deadline=None)


def play_out(state: VegasState, chooser: random.Random, forfeit_rate: float = 0.0) -> None:
    while not state.is_terminal():
        seat = state.current_seat()
        assert seat is not None
        if chooser.random() < forfeit_rate:
            state.forfeit(seat, "a random fault")
        else:
            state.apply(chooser.choice(state.legal_actions()))


@FAST
@given(seed=seeds, choice=seeds, n=players, options=tables)
def test_chips_are_conserved_in_every_hand_and_the_match(seed, choice, n, options):
    state = engine.load("vegas", players=n, **options).new_match(seed=seed, deals=4)
    play_out(state, random.Random(choice), forfeit_rate=0.05)
    put_in = [0] * n
    for event in state.history:
        if isinstance(event, HandDealt):
            put_in = [event.ante] * n
        elif isinstance(event, Acted):
            put_in[event.seat] += event.paid
            assert event.pot == sum(put_in)
        elif isinstance(event, HandEnded):
            assert event.pot == sum(put_in) == sum(p.chips for p in event.payouts)
            assert sum(event.net) == 0
            assert all(p.chips > 0 for p in event.payouts)
            taken = {p.seat: p.chips for p in event.payouts}
            assert event.net == tuple(taken.get(seat, 0) - put_in[seat] for seat in range(n))
    result = state.result()
    assert sum(result.scores) == 0 and len(result.deals) == 4


@FAST
@given(seed=seeds, choice=seeds, n=players)
def test_cards_are_conserved_and_flips_discard_every_matching_card(seed, choice, n):
    state = engine.load("vegas", players=n).new_match(seed=seed, deals=3)
    play_out(state, random.Random(choice))
    hands: list[list[str]] = []
    folded: set[int] = set()
    for event in state.history:
        if isinstance(event, HandDealt):
            hands = [list(h.cards) for h in event.hands]
            dealt = [card for hand in hands for card in hand] + list(event.centre)
            assert len(dealt) == len(set(dealt)) == 3 * n + 4 and set(dealt) <= set(DECK)
            folded = set()
        elif isinstance(event, Acted) and event.action is Bet.LASCIA:
            folded.add(event.seat)
        elif isinstance(event, CardFlipped):
            for seat in range(n):
                matching = [c for c in hands[seat] if c[0] == event.card[0]]
                thrown = next((d.cards for d in event.discards if d.seat == seat), ())
                assert list(thrown) == ([] if seat in folded else matching)
                hands[seat] = [c for c in hands[seat] if c not in thrown]
        elif isinstance(event, HandEnded):
            emptied = [seat for seat in range(n) if not hands[seat] and seat not in folded]
            assert (event.end is HandEnd.LAS_VEGAS) == bool(emptied)
            if event.end is HandEnd.SHOWDOWN:
                assert {s.seat for s in event.shown} == set(range(n)) - folded
                assert all(list(s.cards) == hands[s.seat] for s in event.shown)


@FAST
@given(seed=seeds, choice=seeds, n=players)
def test_a_view_never_shows_what_its_seat_may_not_see(seed, choice, n):
    state = engine.load("vegas", players=n).new_match(seed=seed, deals=2)
    chooser = random.Random(choice)
    while not state.is_terminal():
        dealt = next(e for e in reversed(state.history) if isinstance(e, HandDealt))
        for seat in range(n):
            view = state.view(seat)
            public = set(view.flipped) | set(view.cards)
            for event in view.deal_events:
                if isinstance(event, CardFlipped):
                    public.update(card for d in event.discards for card in d.cards)
            secret = {c for h in dealt.hands if h.seat != seat for c in h.cards} | set(dealt.centre)
            seen = " ".join(str(e) for e in view.deal_events)
            assert not any(card in seen for card in secret - public), (seat, seen)
            assert set(view.cards) <= {c for h in dealt.hands if h.seat == seat for c in h.cards}
        state.apply(chooser.choice(state.legal_actions()))


@FAST
@given(seed=seeds, choice=seeds, n=players, stop=st.integers(0, 60))
def test_replay_rebuilds_the_match_from_its_history_midway(seed, choice, n, stop):
    state = engine.load("vegas", players=n).new_match(seed=seed, deals=3)
    chooser = random.Random(choice)
    for _ in range(stop):
        if state.is_terminal():
            break
        state.apply(chooser.choice(state.legal_actions()))
    again = state.game.replay(state.history)
    assert again.history == state.history
    assert [again.view(s) for s in range(n)] == [state.view(s) for s in range(n)]


@FAST
@given(seed=seeds, choice=seeds, n=players)
def test_a_views_deal_events_are_its_hands_events_as_the_seat_sees_them(seed, choice, n):
    # VegasState reads them from the hand's start instead of keeping a log per seat.
    state = engine.load("vegas", players=n).new_match(seed=seed, deals=3)
    chooser = random.Random(choice)
    while True:
        history = state.history
        start = max(i for i, event in enumerate(history) if isinstance(event, HandDealt))
        for seat in range(n):
            assert state.view(seat).deal_events == state.events_for(seat, start)
        if state.is_terminal():
            break
        if chooser.random() < 0.05:
            state.forfeit(state.current_seat(), "a random fault")
        else:
            state.apply(chooser.choice(state.legal_actions()))
        if chooser.random() < 0.1:
            state = state.clone()
