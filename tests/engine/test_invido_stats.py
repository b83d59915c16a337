"""Invido per-seat statistics (engine/invido/stats.py) on hand-built giocate.

The manual's three examples (seat numbers as in tests/engine/test_invido_rules.py), a
fold with nothing pending, and a forfeit; then adding up and the table cells.
"""

from __future__ import annotations

import random

import engine
from engine.invido import InvidoStats, invido_statistics

GAME = engine.load("invido")


def play(hands: list[str], *moves: tuple[int, str], first_dealer: int | None = None):
    state = GAME.new_match(seed=7, hands=hands, first_dealer=first_dealer)
    for seat, text in moves:
        assert state.current_seat() == seat, f"seat {seat} is not to act before {text!r}"
        state.apply(text)
    return state


def stats(state) -> tuple[InvidoStats, ...]:
    return GAME.seat_statistics(state.history)


def giocata_1(state) -> list:
    """The history up to the end of the first giocata (later ones are dealt by seed)."""
    end = next(i for i, e in enumerate(state.history) if type(e).__name__ == "GiocataEnded" and e.giocata == 1)
    return list(state.history[: end + 1])


def test_the_game_declares_its_rating_unit_score_and_statistics():
    spec = GAME.spec
    assert spec.rate_by == "match"
    assert spec.score_title == "points/giocata"
    assert GAME.seat_statistics(GAME.new_match(seed=1).history) == (InvidoStats(), InvidoStats())


def test_example_1_two_montes_refused_then_a_fold_to_invido():
    g1, g2 = 1, 0
    state = play(
        ["6s 7c Rd", "3c 2b As"],
        (g2, "a monte"),
        (g1, "no"),
        (g2, "play Rd"),
        (g1, "play As"),
        (g1, "call invido (3)"),
        (g2, "a monte"),
        (g1, "no"),
        (g2, "vado via"),
    )
    s = invido_statistics(giocata_1(state))
    assert s[g2] == InvidoStats(giocate=1, montes=2, folds=1)
    assert s[g1] == InvidoStats(giocate=1, won=1, points=1, raises=1, raises_folded=1)


def test_example_2_a_monte_accepted_voids_the_giocata_and_the_raise_counts_neither_way():
    g1, g2 = 0, 1
    state = play(
        ["Rs 2b 6c", "6s 3d Fb"],
        (g1, "play 2b"),
        (g2, "call invido (3)"),
        (g1, "a monte"),
        (g2, "va bene"),
    )
    s = invido_statistics(giocata_1(state))
    assert s[g1] == InvidoStats(giocate=1, montes=1, montes_accepted=1)
    # 6 3 F against the 2 led: it wins 53 of the 126 holdings the opponent may have left.
    assert s[g2] == InvidoStats(giocate=1, raises=1, bluffs=1)


def test_example_3_counter_calls_accept_the_call_they_answer():
    g1, g2 = 0, 1
    state = play(
        ["Rs 2b Ac", "2s 3d Fb"],
        (g1, "play 2b"),
        (g2, "play 2s"),
        (g1, "call invido (3)"),
        (g2, "va bene"),
        (g1, "play Ac"),
        (g2, "call tras mas (6)"),
        (g1, "call tras mas nof (9)"),  # accepts tras mas
        (g2, "call fuori gioco (12)"),  # accepts tras mas nof
        (g1, "call partita (24)"),  # accepts fuori gioco
        (g2, "va bene"),  # accepts partita
        (g2, "play 3d"),
    )
    assert state.is_terminal()  # 24 points: the match is over after one giocata
    s = stats(state)
    assert s[g1] == InvidoStats(giocate=1, raises=3, raises_accepted=3)
    assert s[g2] == InvidoStats(giocate=1, won=1, points=24, raises=2, raises_accepted=2)
    cells = dict(s[g2].columns())
    assert cells["points/giocata"] == "24.00"
    assert cells["accepted"] == "100.0%"
    assert cells["won"] == "100.0%"


def test_a_fold_with_nothing_pending_is_a_fold_but_no_raise_was_folded_to():
    state = play(["3c 2b As", "6s 7c Rd"], (0, "play 3c"), (1, "vado via"))
    s = invido_statistics(giocata_1(state))
    assert s[1] == InvidoStats(giocate=1, folds=1)
    assert s[0] == InvidoStats(giocate=1, won=1, points=1)


def test_a_bluff_folded_to_is_counted_and_a_strong_call_is_no_bluff():
    state = play(
        ["3c 2b As", "6s 7c Rd"],
        (0, "call invido (3)"),  # 3 2 A: it wins 97% of the giocate from here
        (1, "va bene"),
        (0, "play As"),
        (1, "call tras mas (6)"),  # 6 7 R against the A: it wins about 1 in 10
        (0, "vado via"),
    )
    s = invido_statistics(giocata_1(state))
    assert s[0] == InvidoStats(giocate=1, raises=1, raises_accepted=1, folds=1)
    assert s[1] == InvidoStats(giocate=1, won=1, points=3, raises=1, raises_folded=1, bluffs=1, bluffs_folded=1)
    cells = dict(s[1].columns())
    assert cells["bluff %"] == "100.0%" and cells["bluffs folded to"] == "100.0%"
    assert dict(s[0].columns())["bluffs folded to"] == "-"


def test_a_forfeit_is_counted_apart_from_folds():
    # Seat 0 raises, seat 1 accepts, seat 0 re-raise is impossible (its raise was the
    # last accepted), seat 1 raises to 6 and seat 0 times out with the call pending.
    state = play(
        ["3c 2b As", "6s 7c Rd"],
        (0, "call invido (3)"),
        (1, "va bene"),
        (0, "play As"),
        (1, "call tras mas (6)"),
    )
    state.forfeit(0, "timeout")
    s = invido_statistics(giocata_1(state))
    # The forfeit gives seat 1 the value in force (3), as a vado via would, but it is
    # a fault, not a fold, and the pending tras mas was not "folded to".
    assert s[0] == InvidoStats(giocate=1, raises=1, raises_accepted=1, forfeits=1)
    # 6 7 R to follow the A: a bluff, left unanswered by the forfeit.
    assert s[1] == InvidoStats(giocate=1, won=1, points=3, raises=1, bluffs=1)
    cells = dict(s[0].columns())
    assert cells["forfeits"] == "1" and cells["folds"] == "0"
    assert cells["a monte ok"] == "-"  # no a monte called: no rate


def test_counts_add_up_over_matches_and_match_the_results():
    total = [InvidoStats(), InvidoStats()]
    rng = random.Random(3)
    for seed in range(20):
        state = GAME.new_match(seed=seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        s = GAME.seat_statistics(state.history)
        deals = state.deal_results()
        for seat in (0, 1):
            assert s[seat].giocate == len(deals)
            assert s[seat].points == sum(d.scores[seat] for d in deals)
            assert s[seat].won == sum(d.scores[seat] > 0 for d in deals)
            assert s[seat].raises_accepted + s[seat].raises_folded <= s[seat].raises
            assert s[seat].montes_accepted <= s[seat].montes
            assert s[seat].bluffs_folded <= s[seat].bluffs <= s[seat].raises
            total[seat] = total[seat] + s[seat]
        # Every fold to a raise is one of the opponent's raises folded to.
        assert s[0].raises_folded + s[1].raises_folded <= s[0].folds + s[1].folds
    assert total[0].giocate > 100 and total[0].raises > 0 and total[0].folds > 0
    titles = [title for title, _ in total[0].columns()]
    assert titles[:4] == ["giocate", "won", "points", "points/giocata"]
    assert {"raises", "accepted", "bluff %", "folds", "forfeits", "a monte", "a monte ok"} <= set(titles)
    assert 0 < total[0].bluffs < total[0].raises  # random play calls on weak and strong cards
