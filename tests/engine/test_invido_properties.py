"""Invido properties over random matches (hypothesis, bounded to a few seconds).

Random play (a seeded chooser over the legal actions) from random seeds, with and
without the vado dentro option, checked at every decision or at the end.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.invido import (
    CardPlayed,
    GiocataDealt,
    GiocataEnded,
    InvidoAction,
    InvidoState,
    Kind,
)

GAMES = {False: engine.load("invido"), True: engine.load("invido", vado_dentro=True)}
MAX_STEPS = 40_000

seeds = st.integers(min_value=0, max_value=2**32)
options = st.booleans()
FAST = settings(max_examples=60, deadline=None)

# Well-formed actions of every kind plus malformed ones: apply must accept exactly the
# legal ones.
MALFORMED = (
    InvidoAction(Kind.PLAY, None),
    InvidoAction(Kind.PLAY, "4c"),
    InvidoAction(Kind.PLAY, "3c", 3),
    InvidoAction(Kind.CALL, None, 5),
    InvidoAction(Kind.CALL, None, 1),
    InvidoAction(Kind.CALL, "3c", 3),
    InvidoAction(Kind.VA_BENE, "3c"),
    InvidoAction(Kind.NO, None, 3),
)


def universe(game: engine.Game) -> tuple[InvidoAction, ...]:
    return (*game.every_action(), *MALFORMED)


def play_out(state: InvidoState, chooser: random.Random, limit: int = MAX_STEPS) -> int:
    steps = 0
    while not state.is_terminal():
        state.apply(chooser.choice(state.legal_actions()))
        steps += 1
        assert steps < limit, "the match did not end"
    return steps


@FAST
@given(seed=seeds, choice=seeds, dentro=options, cap=st.sampled_from([None, 1, 3, 50]))
def test_random_play_terminates_with_a_winner_ranked_first(seed, choice, dentro, cap):
    state = GAMES[dentro].new_match(seed=seed, deals=cap)
    play_out(state, random.Random(choice))
    assert state.current_seat() is None and state.legal_actions() == ()
    points = state.standing()
    goal = state.view(0).goal
    result = state.result()
    assert result.scores == points
    assert len(result.deals) == state.giocata
    if max(points) >= goal:
        winner = points.index(max(points))
        assert result.ranks[winner] == 0 and result.ranks[1 - winner] == 1
    else:
        assert cap is not None and state.giocata == cap
    for deal in result.deals:
        assert sorted(deal.scores)[0] == 0.0


@FAST
@given(seed=seeds, choice=seeds, dentro=options)
def test_legal_actions_are_exactly_what_apply_accepts(seed, choice, dentro):
    game = GAMES[dentro]
    state = game.new_match(seed=seed, deals=4)
    chooser = random.Random(choice)
    candidates = universe(game)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert len(set(legal)) == len(legal)
        assert state.legal_actions() == legal  # stable
        for action in candidates:
            assert state.can_apply(action) == (action in legal), action
        # A refused action leaves the state untouched.
        illegal = [a for a in candidates if a not in legal]
        if illegal:
            before = len(state.history)
            probe = chooser.choice(illegal)
            try:
                state.apply(probe)
            except engine.IllegalAction as error:
                assert probe.text in str(error) or "invido" in str(error)
            else:
                raise AssertionError(f"{probe} was accepted")
            assert len(state.history) == before and state.legal_actions() == legal
        state.apply(chooser.choice(legal))


@FAST
@given(seed=seeds, choice=seeds, dentro=options)
def test_views_hide_the_opponents_cards(seed, choice, dentro):
    state = GAMES[dentro].new_match(seed=seed, deals=4)
    chooser = random.Random(choice)
    while not state.is_terminal():
        giocata = state.giocata
        dealt = [e for e in state.history if isinstance(e, GiocataDealt)][-1]
        face_up = {
            e.card for e in state.history if isinstance(e, CardPlayed) and e.giocata == giocata and not e.face_down
        }
        for seat in (0, 1):
            view = state.view(seat)
            assert view.seat == seat
            opponent = dealt.hands[1 - seat].cards
            secret = [card for card in opponent if card not in face_up]
            current = list(view.deal_events)
            assert isinstance(current[0], GiocataDealt)
            assert all(e.giocata == giocata for e in current if hasattr(e, "giocata")), current
            shown = repr((view.hand, view.tricks)) + repr(current)
            for card in secret:
                assert f"'{card}'" not in shown, (seat, card)
            assert not set(view.hand) & set(opponent)
            assert view.hand_sizes[1 - seat] == len(state.view(1 - seat).hand)
            # Events as seen by a seat carry no hidden card of the other seat.
            for event in view.deal_events:
                if isinstance(event, GiocataDealt):
                    assert event.hands[1 - seat].cards == ()
                if isinstance(event, CardPlayed) and event.face_down and event.seat != seat:
                    assert event.card is None
        state.apply(chooser.choice(state.legal_actions()))


@FAST
@given(seed=seeds, choice=seeds, dentro=options, stop=st.integers(0, 300))
def test_replay_reproduces_the_match(seed, choice, dentro, stop):
    game = GAMES[dentro]
    state = game.new_match(seed=seed)
    chooser = random.Random(choice)
    steps = 0
    while not state.is_terminal() and steps < stop:
        state.apply(chooser.choice(state.legal_actions()))
        steps += 1
    again = game.replay(state.history)
    assert again.history == state.history
    assert again.legal_actions() == state.legal_actions()
    assert again.current_seat() == state.current_seat()
    assert again.standing() == state.standing()
    assert again.deal_results() == state.deal_results()
    assert again.view(0) == state.view(0) and again.view(1) == state.view(1)


@FAST
@given(seed=seeds, choice=seeds, dentro=options)
def test_action_texts_round_trip(seed, choice, dentro):
    game = GAMES[dentro]
    state = game.new_match(seed=seed, deals=3)
    for action in game.every_action():
        assert state.parse_action(action.text) is action
        assert str(action) == action.text
    chooser = random.Random(choice)
    while not state.is_terminal():
        for action in state.legal_actions():
            assert state.parse_action(action.text) == action
        state.apply(chooser.choice(state.legal_actions()).text)


@FAST
@given(seed=seeds, choice=seeds, dentro=options)
def test_same_seed_same_history_and_clones_are_independent(seed, choice, dentro):
    game = GAMES[dentro]
    a = game.new_match(seed=seed)
    b = game.new_match(seed=seed)
    play_out(a, random.Random(choice))
    play_out(b, random.Random(choice))
    assert a.history == b.history
    assert a.result() == b.result()

    c = game.new_match(seed=seed)
    chooser = random.Random(choice)
    for _ in range(chooser.randrange(0, 40)):
        if c.is_terminal():
            break
        c.apply(chooser.choice(c.legal_actions()))
    if not c.is_terminal():
        snapshot = (c.history, c.legal_actions(), c.view(0), c.view(1), c.standing())
        twin = c.clone()
        play_out(twin, chooser)
        assert (c.history, c.legal_actions(), c.view(0), c.view(1), c.standing()) == snapshot


@FAST
@given(seed=seeds, choice=seeds)
def test_event_texts_and_giocata_ends_are_consistent(seed, choice):
    state = GAMES[True].new_match(seed=seed, deals=20)
    play_out(state, random.Random(choice))
    for event in state.history:
        assert event.text and str(event) == event.text
        for seat in (0, 1):
            seen = event.visible_to(seat)
            assert seen is not None and seen.text
    ends = [e for e in state.history if isinstance(e, GiocataEnded)]
    assert len(ends) == len(state.deal_results()) == state.giocata
    for end, deal in zip(ends, state.deal_results()):
        assert end.giocata == deal.deal
        assert sum(deal.scores) == end.points
        if end.winner is not None:
            assert deal.scores[end.winner] == end.points
