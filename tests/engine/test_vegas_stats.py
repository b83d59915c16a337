"""Las Vegas per-seat statistics (engine/vegas/stats.py) on hand-built hands."""

from __future__ import annotations

import engine
from engine.vegas import VegasStats, vegas_statistics


def hand(*hands: str, centre: str, moves: list[str], forfeits: dict[int, int] | None = None):
    """One hand played from `moves`; `forfeits` maps a move's index to the seat that
    faults just before it."""
    game = engine.load("vegas", players=len(hands))
    state = game.new_match(seed=1, deals=1, hands=[*hands, centre])
    for i, text in enumerate(moves):
        if forfeits and i in forfeits:
            state.forfeit(forfeits[i], "timeout")
        state.apply(text)
    assert state.is_terminal()
    return game, state


def test_the_game_declares_its_rating_unit_score_and_statistics():
    game = engine.load("vegas")
    assert game.spec.rate_by == "match" and game.spec.score_title == "chips/hand"
    assert game.statistics_kind() is VegasStats
    assert all(column.explanation for column in VegasStats.COLUMNS)


def test_a_showdown_hand_counts_play_aggression_showdowns_and_chips():
    # Seat 0 bets and wins the low half, seat 1 calls then folds, seat 2 raises and wins high.
    game, state = hand(
        "Ab 2b 3b",
        "4b 4c 4d",
        "Cb Rb Rc",
        centre="5b 5c 6b 6c",
        moves=["punta 2", "vedi", "rilancia 4", "vedi", "vedi"]  # round 1: everyone at 4
        + ["busso", "punta 2", "vedi", "lascia"]  # round 2: seat 1 bets, seat 2 calls, seat 0 folds
        + ["busso", "busso"] * 3,  # rounds 3-5
    )
    zero, one, two = game.seat_statistics(state.history)
    assert (zero.hands, zero.played, zero.bets, zero.raises, zero.calls, zero.folds) == (1, 1, 1, 0, 1, 1)
    assert (one.bets, one.calls, one.showdowns) == (1, 2, 1)  # it called the bet, then the raise
    assert (two.raises, two.calls, two.showdowns, two.showdowns_won) == (1, 1, 1, 1)
    # Pot 3 + 12 + 4 = 19: seat 1 (total 12) low 9, seat 2 (total 29) high 10.
    assert (zero.chips, one.chips, two.chips) == (-5, 9 - 7, 10 - 7)
    assert zero.chips_squared == 25
    cells = dict(two.columns())
    assert cells["aggression"] == "1.00" and cells["won at sd %"] == "100.0" and cells["chips/hand"] == "+3.00"


def test_las_vegas_pots_forfeits_and_folds_are_counted_apart():
    game, state = hand(
        "5b 5c 5d",
        "Ab 2b 3b",
        "Cb Rb Rc",
        centre="5s 6c 6b 7c",
        moves=["busso", "busso"],
        forfeits={1: 1},  # seat 1 faults on its first decision
    )
    zero, one, two = game.seat_statistics(state.history)
    assert zero.vegas == 1 and zero.chips == 2
    assert one.forfeits == 1 and one.folds == 0 and one.chips == -1
    assert two.vegas == 0 and two.played == 0


def test_counts_add_up_over_matches_and_the_interval_needs_two_hands():
    game = engine.load("vegas", players=3)
    state = game.new_match(seed=5, deals=6)
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])  # bet, raise to the cap, fold when facing the cap
    per_hand = [vegas_statistics(state.history, 3, game.options)]
    total = per_hand[0][0] + per_hand[0][0]
    assert total.hands == 12 and total.chips == 2 * per_hand[0][0].chips
    single = VegasStats(hands=1, chips=3, chips_squared=9)
    assert dict(single.columns())["chips/hand"] == "+3.00"
    two = VegasStats(hands=2, chips=2, chips_squared=10)  # +3 and −1: mean +1, sd 2.83
    assert dict(two.columns())["chips/hand"] == "+1.00 ± 3.92"


def test_a_bet_with_little_chance_of_any_chips_is_a_bluff_and_a_strong_one_is_not():
    # Six players, every centre card a king nobody holds: after four quiet rounds seat 0
    # bets a middling 15 (4+5+6) into five hands, seat 1 raises with 4 (A+A+2).
    game, state = hand(
        "4b 5c 6d",
        "Ab Ac 2d",
        "Fb Fc Cd",
        "2b 3c 7d",
        "3b 4c 7b",
        "6b 7c Cb",
        centre="Rb Rc Rd Rs",
        moves=["busso"] * 24 + ["punta 2", "rilancia 4"] + ["lascia"] * 4 + ["vedi"],
    )
    zero, one, *_ = game.seat_statistics(state.history)
    assert (zero.bets, zero.bluffs) == (1, 1)
    assert (one.raises, one.bluffs) == (1, 0)
    assert dict(zero.columns())["bluff %"] == "100.0" and dict(one.columns())["bluff %"] == "0.0"
