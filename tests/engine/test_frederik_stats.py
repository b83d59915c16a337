"""Frederik per-seat statistics (engine/frederik/stats.py) on scripted deals."""

from __future__ import annotations

import dataclasses

import pytest

import engine
from engine.frederik import Category, DealEnded, FrederikStats, frederik_statistics
from tests.engine.frederik_tables import pass_rest, play, table


def battle_deal():
    """Three seats, six turns: a protected swap, an interrupted discard, a reveal, a
    steal, a draw N and a hide."""
    state = table("As 9d 8d 7h [Kc]", "Td 2h 3h 4h [Qd]", "3s 5d 6d Jd [2s]")
    play(
        state,
        "swap-higher As Td",  # seat 0 on seat 1's Td ...
        "protect Qd",  # ... protected by seat 1
        "discard-higher 4h 3s",  # seat 1 on seat 2's 3s ...
        "interrupt 7h",  # ... interrupted by seat 0
        "reveal 2s seat 0 slot 2",  # seat 2 makes seat 0 turn Kc up ...
        "pass",  # ... seat 1 (holding 2h) lets it pass
        "steal-higher Kc Jd with 8d 9d",  # seat 0 steals seat 2's Jd
        "draw 2",
        "hide 3s",
    )
    assert state.is_terminal()
    return state


def test_the_game_declares_its_statistics_and_every_column_is_explained():
    game = engine.load("frederik", players=3)
    assert game.statistics_kind() is FrederikStats
    assert game.spec.rate_by == "deal" and game.spec.score_title == "wins %"
    assert all(column.heading and column.explanation for column in FrederikStats.COLUMNS)
    assert FrederikStats.SCORE_EXPLANATION and FrederikStats.STANDING_EXPLANATION
    assert [h for h, _ in FrederikStats().columns()] == [c.heading for c in FrederikStats.COLUMNS]


def test_actions_by_kind_and_how_each_ended():
    state = battle_deal()
    zero, one, two = state.game.seat_statistics(state.history)
    assert (zero.turns, zero.swaps, zero.steals, zero.passes) == (2, 1, 1, 0)
    assert (zero.succeeded, zero.protected_against, zero.interrupted) == (1, 1, 0)
    assert (one.turns, one.discards, one.nth_draws, one.draws) == (2, 1, 1, 0)
    assert (one.succeeded, one.protected_against, one.interrupted) == (0, 0, 1)
    assert (two.turns, two.reveals, two.hides) == (2, 1, 1)
    assert (two.succeeded, two.protected_against, two.interrupted) == (1, 0, 0)
    cells = [dict(s.columns()) for s in (zero, one, two)]
    assert cells[0]["actions used"] == "swap 1 · steal 1" and cells[0]["took effect %"] == "50.0"
    assert cells[1]["actions used"] == "draw N 1 · discard 1" and cells[1]["took effect %"] == "0.0"
    assert cells[2]["actions used"] == "hide 1 · reveal 1" and cells[2]["took effect %"] == "100.0"


def test_interrupts_protections_targets_and_reveals_suffered():
    state = battle_deal()
    zero, one, two = state.game.seat_statistics(state.history)
    assert (zero.interrupts, one.interrupts, two.interrupts) == (1, 0, 0)  # a pass is not one
    assert (zero.protections, one.protections, two.protections) == (0, 1, 0)
    assert (zero.targeted, one.targeted, two.targeted) == (0, 1, 2)
    assert (zero.reveals_suffered, one.reveals_suffered, two.reveals_suffered) == (1, 0, 0)
    assert dict(two.columns())["targeted"] == "2" and dict(zero.columns())["interrupts"] == "1"


def test_final_hands_by_category_deals_and_wins():
    state = table("Kh Qh Jh Th [2c]", "3c 4d 5s 6s [Ah]", "9h 2d 2s 7c [8d]")
    pass_rest(state)
    zero, one, two = frederik_statistics(state.history, 3)
    assert zero.hands_by_category[Category.STRAIGHT_FLUSH.value] == 1 and sum(zero.hands_by_category) == 1
    assert one.hands_by_category[Category.STRAIGHT.value] == 1
    assert two.hands_by_category[Category.PAIR.value] == 1
    assert (zero.deals, zero.wins, one.wins, two.passes) == (1, 1.0, 0.0, 2)
    assert dict(zero.columns())["final hands %"] == "SF 100.0" and dict(zero.columns())["wins %"] == "100.0"
    tie = table("Ac Kd 9s 7h [4c]", "Ad Kc 9h 7s [4d]", "2c 3d 5h 6s [8c]")
    pass_rest(tie)
    assert [s.wins for s in frederik_statistics(tie.history, 3)] == [0.5, 0.5, 0.0]
    # 3 wins in 8 deals read 37.5 here as in the Elo table's wins %, not 38 (issue 45)
    assert dict(dataclasses.replace(zero, deals=8, wins=3.0).columns())["wins %"] == "37.5"


def test_forfeits_are_counted_and_the_draws_and_sets_of_a_deal():
    state = table("7h 7s 2c 3c [4d]", "2d 3d 5d 8d [6d]")
    play(state, "discard 7h 7s", "draw")
    state.forfeit(0, "timeout")  # at its second turn
    play(state, "pass")
    assert state.is_terminal()
    zero, one = frederik_statistics(state.history, 2)
    assert (zero.sets, zero.turns, zero.forfeits) == (1, 1, 1)  # its second turn was passed for it
    assert (one.draws, one.forfeits) == (1, 0)
    assert dict(zero.columns())["forfeits"] == "1"
    ended = next(e for e in state.history if isinstance(e, DealEnded))
    assert ended.ranks[0] == 1 and zero.wins == 0.0


def test_counts_add_up_over_matches():
    first = frederik_statistics(battle_deal().history, 3)
    second = frederik_statistics(battle_deal().history, 3)
    total = first[0] + second[0]
    assert isinstance(total, FrederikStats)
    assert (total.deals, total.swaps, total.interrupts, total.reveals_suffered) == (2, 2, 2, 2)
    assert total.hands_by_category == tuple(2 * n for n in first[0].hands_by_category)
    assert sum(total.hands_by_category) == 2
    with pytest.raises(TypeError):
        first[0] + 1  # noqa: B018


def test_an_empty_history_counts_nothing():
    blank = frederik_statistics((), 4)
    assert blank == (FrederikStats(),) * 4
    assert dict(blank[0].columns())["wins %"] == "-" and dict(blank[0].columns())["actions used"] == "-"
