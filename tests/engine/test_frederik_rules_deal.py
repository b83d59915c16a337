"""The end of a frederik deal and what surrounds it (seed 004, RULINGS §frederik 1–2 and
the package docstring's choices): scoring with one borrowed face-up card, shared wins
and ranks, the starter's rotation and the match's end, forfeits (a fault passes the
seat's decision and every later one of the deal, and ranks it last), and what each
seat's view and events hide.
"""

from __future__ import annotations

import engine
from engine import DecisionKind
from engine.frederik import (
    DECK,
    Category,
    DealEnded,
    DealStarted,
    Drew,
    Forfeited,
    Kept,
    MatchEnded,
    Outcome,
    Returned,
)
from tests.engine.frederik_tables import cards_of, pass_rest, pile_bottom, play, resolved, row, table

# --- scoring ----------------------------------------------------------------------------


def test_the_best_hand_uses_own_cards_both_faces_and_one_face_up_card_of_another_seat():
    # Seat 1's face-down Ah would make seat 0 a royal flush, but only face-up cards lend.
    state = table("Kh Qh Jh Th [2c]", "3c 4d 5s 6s [Ah]", "9h 2d 2s 7c [8d]")
    ended = pass_rest(state)
    shown = [(h.category, h.borrowed, h.best) for h in ended.hands]
    assert shown == [
        (Category.STRAIGHT_FLUSH, "9h", ("Kh", "Qh", "Jh", "Th", "9h")),
        (Category.STRAIGHT, "7c", ("7c", "6s", "5s", "4d", "3c")),  # own Ah unused: 3-7 beats the wheel
        (Category.PAIR, "Kh", ("2d", "2s", "Kh", "9h", "8d")),  # its own face-down 8d counts
    ]
    assert ended.hands[1].cards == ("3c", "4d", "5s", "6s", "Ah")
    assert ended.ranks == (0, 1, 2) and ended.scores == (1.0, 0.0, 0.0)
    assert state.deal_results()[0].ranks == (0, 1, 2)


def test_exact_ties_share_the_win_and_the_rank():
    state = table("Ac Kd 9s 7h [4c]", "Ad Kc 9h 7s [4d]", "2c 3d 5h 6s [8c]")
    ended = pass_rest(state)
    assert ended.hands[0].value == ended.hands[1].value == (Category.PAIR.value, 14, 13, 9, 7)
    assert ended.ranks == (0, 0, 2)
    assert ended.scores == (0.5, 0.5, 0.0) and ended.points == (0.5, 0.5, 0.0)
    assert state.standing() == (0.5, 0.5, 0.0)


def test_a_hand_of_fewer_than_five_cards_ranks_as_it_is():
    # A discard-equal leaves both seats four cards; with one borrowed, five at most.
    state = table("Th 2c 3c 4c [5s]", "Td 9s 8s 7c [6c]")
    play(state, "discard-equal Th Td")
    ended = pass_rest(state)
    assert ended.hands[0].cards == ("2c", "3c", "4c", "5s")
    # 2-3-4-5 and a borrowed 9: no straight without the 6 (face down) or an ace.
    assert (ended.hands[0].category, ended.hands[0].best) == (Category.HIGH_CARD, ("9s", "5s", "4c", "3c", "2c"))


# --- the deal rotation and the match's end ----------------------------------------------


def _play_first_legal(state):
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])


def test_the_start_moves_one_seat_left_each_deal_and_the_match_ends_after_its_deals():
    state = engine.load("frederik", players=3).new_match(seed=4, deals=4)
    _play_first_legal(state)
    history = state.history
    starts = [e.starter for e in history if isinstance(e, DealStarted)]
    assert starts == [0, 1, 2, 0]
    # Each deal's first draft draw is the starter's.
    first_draws = [history[i + 1] for i, e in enumerate(history) if isinstance(e, DealStarted)]
    assert [(d.seat, d.round) for d in first_draws if isinstance(d, Drew)] == [(0, 1), (1, 1), (2, 1), (0, 1)]
    ended = [e for e in history if isinstance(e, DealEnded)]
    assert len(ended) == 4 and isinstance(history[-1], MatchEnded)
    assert history[-1].points == ended[-1].points == state.standing()
    assert sum(state.standing()) == 4 and state.result().scores == state.standing()
    assert state.current_seat() is None and state.legal_actions() == () and state.turn() is None
    # The match so far, as each deal starts.
    assert [e.points for e in history if isinstance(e, DealStarted)][1:] == [e.points for e in ended][:-1]


def test_first_dealer_names_the_seat_that_starts_the_first_deal_and_battles_first():
    state = engine.load("frederik", players=3).new_match(seed=4, deals=3, first_dealer=2)
    assert state.current_seat() == 2
    _play_first_legal(state)
    assert [e.starter for e in state.history if isinstance(e, DealStarted)] == [2, 0, 1]


# --- forfeits ---------------------------------------------------------------------------


def test_a_fault_at_a_draft_draw_puts_the_draw_back_under_and_passes_the_rest_of_the_deal():
    state = engine.load("frederik", players=3).new_match(hands=[""], deals=2)
    play(state, "keep 2c down", "return 3c 4c 5c 6c")
    assert state.view(1).drawn == ("7c", "8c", "9c", "Tc", "Jc")
    event = state.forfeit(1, "timeout")
    assert isinstance(event, Forfeited) and state.view(0).forfeited == (False, True, False)
    # The five drawn go back under as drawn, known to the seat that saw them alone.
    assert state.current_seat() == 2
    assert pile_bottom(state, 5, viewer=1) == ["7c", "8c", "9c", "Tc", "Jc"]
    assert pile_bottom(state, 5, viewer=0) == [""] * 5
    while state.view(0).deal == 1 and not state.is_terminal():
        assert state.current_seat() != 1
        state.apply(state.legal_actions()[0])
    draws = [e.seat for e in state.history if isinstance(e, Drew) and e.deal == 1]
    assert draws.count(1) == 1 and draws.count(0) == draws.count(2) == 5
    ended = next(e for e in state.history if isinstance(e, DealEnded))
    assert ended.hands[1].cards == () and ended.ranks[1] == 2 and ended.scores[1] == 0.0
    assert state.deal_results()[0].forfeit == 1
    # The next deal seats it again.
    assert state.view(1).forfeited == (False, False, False)
    assert 1 in [e.seat for e in state.history if isinstance(e, Drew) and e.deal == 2]


def test_a_fault_after_keeping_returns_only_the_other_four():
    state = engine.load("frederik", players=2).new_match(hands=[""], deals=1)
    play(state, "keep 4c down")
    state.forfeit(0, "crash")
    assert cards_of(state, 0) == ["4c"]
    assert pile_bottom(state, 4, viewer=0) == ["2c", "3c", "5c", "6c"]
    assert state.current_seat() == 1


def test_a_fault_at_the_answer_declines_it_and_the_seat_ranks_last_whatever_its_hand():
    state = table("As Th 2c 3c [4d]", "Td 9d 8d 7d [Qd]")  # a diamond flush for seat 1
    play(state, "swap-higher As Td")
    assert state.turn().kind is DecisionKind.RESPONSE and state.current_seat() == 1
    state.forfeit(1, "timeout")
    done = resolved(state)
    assert done.outcome is Outcome.DONE  # declined: no protection, nobody else to interrupt
    assert row(state, 1)[-2:] == [("Qd", False), ("As", True)]
    # Its turns are passed too: seat 0 plays on alone.
    assert state.current_seat() == 0 and state.turn().kind is DecisionKind.TURN
    ended = pass_rest(state)
    assert ended.hands[1].category is Category.FLUSH and ended.hands[1].value > ended.hands[0].value
    assert ended.ranks == (0, 1) and ended.scores == (1.0, 0.0)
    assert state.deal_results()[0].forfeit == 1


def test_a_fault_at_an_interrupt_offer_declines_it_and_the_window_goes_on():
    state = table("Td 9h 8h 7c [2s]", "Qc Jc 9c 5c [3s]", "As Th 2c 3c [4d]", "Kh Qh Jh 2h [4s]")
    play(state, "pass", "pass", "swap-higher As Td")
    assert state.current_seat() == 3
    state.forfeit(3, "illegal answer")
    turn = state.turn()
    assert (turn.seat, turn.kind) == (0, DecisionKind.INTERRUPT)
    play(state, "pass", "pass")
    assert resolved(state).outcome is Outcome.DONE
    # Seat 3's own battle turns are passed: seat 0's second turn comes next.
    assert state.current_seat() == 0 and state.view(0).round == 2
    ended = pass_rest(state)
    assert ended.ranks[3] == 3


def test_two_seats_that_fault_in_one_deal_rank_last_together_whatever_their_hands():
    state = table("Kh Qh Jh Th [2c]", "3c 4d 5s 6s [Ah]", "9h 2d 2s 7c [8d]")
    state.forfeit(0, "timeout")  # the best hand at the table
    play(state, "pass")
    state.forfeit(2, "crash")
    ended = pass_rest(state)
    assert ended.hands[0].value > ended.hands[1].value > ended.hands[2].value
    assert ended.ranks == (1, 0, 1) and ended.scores == (0.0, 1.0, 0.0)


# --- what each seat's view hides --------------------------------------------------------


def test_draft_draws_face_down_keeps_and_returns_are_the_drawers_alone():
    state = engine.load("frederik", players=2).new_match(hands=[""], deals=1)
    assert state.view(0).drawn == tuple(DECK[:5]) and state.view(1).drawn == ()
    play(state, "keep 3c down", "return 2c 4c 5c 6c")
    theirs = state.events_for(1)
    drew = next(e for e in theirs if isinstance(e, Drew) and e.seat == 0)
    kept = next(e for e in theirs if isinstance(e, Kept) and e.seat == 0)
    returned = next(e for e in theirs if isinstance(e, Returned) and e.seat == 0)
    assert (drew.count, drew.cards) == (5, ())
    assert kept.action.card is None and kept.action.face_down
    assert returned.action.cards == ()
    assert all("3c" not in str(e) and "2c" not in str(e) for e in theirs)
    assert row(state, 0, viewer=1) == [("", False)]
    assert [p.card for p in state.view(1).pile_known] == []
    assert [p.card for p in state.view(0).pile_known][-4:] == ["2c", "4c", "5c", "6c"]
    # A card kept face up, and the face-down card a keep turns up, are public.
    play(state, "keep 7c down", "return 8c 9c Tc Jc")  # seat 1
    play(state, "keep Qc up", "return Kc Ac 2d 3d")  # seat 0
    assert row(state, 0, viewer=1) == [("", False), ("Qc", True)]
    play(state, "keep 4d down")  # seat 1: its 7c turns up
    assert row(state, 1, viewer=0) == [("7c", True), ("", False)]


def test_face_down_cards_stay_hidden_until_seen_and_then_stay_known():
    state = table("2c 3c 4c 5c [Kh]", "9d 8d 7d 6d [Qs]", "Jc Tc 9c 8c [7h]")
    assert [c for c, _ in row(state, 1, viewer=0)] == ["9d", "8d", "7d", "6d", ""]
    assert [c for c, _ in row(state, 0, viewer=2)][-1] == ""
    play(state, "reveal Kh seat 1 slot 4", "pass")  # seat 2 could interrupt with 7h and does not
    for viewer in (0, 2):
        assert row(state, 1, viewer=viewer)[-1] == ("Qs", True)
        assert row(state, 0, viewer=viewer)[-1] == ("Kh", True)
    assert row(state, 2, viewer=0)[-1] == ("", False)  # its 7h was never shown
    play(state, "hide Qs")  # seat 1 turns it down again: everyone saw it
    assert row(state, 1, viewer=0)[-1] == ("Qs", False) == row(state, 1, viewer=2)[-1]


def test_a_keep_all_seats_cards_are_its_alone():
    state = table("[2c] [3c] [4c] [5c] [6c]", "Kh Th 2d 5d [9s]")
    assert row(state, 0, viewer=1) == [("", False)] * 5
    assert all("2c" not in str(e) for e in state.events_for(1))


def test_who_is_asked_to_answer_or_interrupt_is_told_to_that_seat_alone():
    # Seat 0's swap-lower 2d Td: seat 1 holds the 4d face down (a protector, and a card of
    # 2d's suit to interrupt with), seat 2 nothing of 2d's suit or number, seat 3 the 2h.
    state = table("Th Ts 3c 5d [2d]", "Td Kh 9h 8c [4d]", "Qc Jc 9c 5c [Ks]", "Ac Kc 7s 6s [2h]")
    assert [state.view(s).to_act for s in range(4)] == [0, 0, 0, 0]  # a turn is public
    play(state, "swap-lower 2d Td")
    assert state.turn().kind is DecisionKind.RESPONSE and state.current_seat() == 1
    assert [state.view(s).to_act for s in range(4)] == [None, 1, None, None]
    assert [state.view(s).answering.text for s in range(4)] == ["swap-lower 2d Td"] * 4  # declared: public
    play(state, "pass")  # the window, from seat 0's left: seat 1 (4d), then seat 3 (2h); never seat 2
    assert state.turn().kind is DecisionKind.INTERRUPT and state.current_seat() == 1
    assert [state.view(s).to_act for s in range(4)] == [None, 1, None, None]
    play(state, "pass")
    assert state.turn().kind is DecisionKind.INTERRUPT and state.current_seat() == 3
    assert [state.view(s).to_act for s in range(4)] == [None, None, None, 3]
    play(state, "pass")
    assert resolved(state).outcome is Outcome.DONE
    assert [state.view(s).to_act for s in range(4)] == [1, 1, 1, 1]  # seat 1's own turn, public again
