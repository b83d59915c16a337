"""Conto's per-seat statistics (engine/conto/stats.py): bluffs, lies, challenges, losses.

Small hand-built hands where every number is obvious, the seed's Esempio 4 and 5 counted
by hand, addition and table cells, and random playouts in which the counts must agree
with each other, with the match result and with an independent reading of each
declaration from the declarer's own view.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.conto import (
    JOKER,
    RANKS,
    ContoAction,
    ContoStats,
    Declared,
    Forfeited,
    HandDealt,
    Move,
    Showdown,
    conto_statistics,
    plate_is_true,
)

PROFILE = dict(
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=False,
    suppress_health_check=[HealthCheck.too_slow],
)


def play(hands: list[str], moves: list[str], deals: int = 1) -> engine.State:
    state = engine.load("conto", players=len(hands)).new_match(hands=hands, deals=deals)
    for move in moves:
        state.apply(move)
    return state


def stats(state: engine.State) -> tuple[ContoStats, ...]:
    """The counts, less the two probability-based ones (test_conto_bluff_probability.py)."""
    result = state.game.seat_statistics(state.history)
    assert result == conto_statistics(state.history, state.game.players)
    return tuple(replace(s, probably_false=0, plate_probably_false=0) for s in result)


# Three seats; seat 0 opens (the first dealer is the last seat).
#   seat 0: two Aces, a King          seat 1: two Kings, a joker       seat 2: two Queens
HANDS = ["A A K 2 3 4", "K K W 5 6 7", "Q Q 8 9 T J"]
# Over the table: A 2, K 3, Q 2, joker 1.


def test_honest_declarations_are_neither_bluffs_nor_lies() -> None:
    state = play(
        HANDS,
        [
            "ordinazione → 1A, reveals A",  # seat 0 holds two Aces
            "ordinazione → 1A 1K, reveals K",  # seat 1 holds two Kings and sees the Ace
            "abbondare → 1A 2Q, reveals Q",  # seat 2 holds two Queens and sees the Ace
        ],
    )
    assert stats(state) == (ContoStats(hands=1, declarations=1),) * 3


def test_a_bluff_the_table_covers_is_not_a_lie_and_a_lie_is_caught() -> None:
    state = play(
        HANDS,
        [
            "ordinazione → 1A, reveals A",  # seat 0: honest
            "abbondare → 2A",  # seat 1: sees one Ace, its joker covers the second: honest
            "abbondare → 3A",  # seat 2: sees one Ace: bluff; A 2 + W 1 = 3: no lie
        ],
    )
    s = stats(state)
    assert s[1] == ContoStats(hands=1, declarations=1)
    assert s[2] == ContoStats(hands=1, declarations=1, bluffs=1, lies=0)
    state.apply("abbondare → 4A")  # seat 0: two Aces of its own, no joker: bluff and lie
    state.apply("il conto")  # seat 1 calls the bill: right
    s = stats(state)
    assert s[0] == ContoStats(hands=1, declarations=2, bluffs=1, lies=1, challenged=1, caught=1, lost_as_cameriere=1)
    assert s[1] == ContoStats(hands=1, declarations=1, challenges=1, challenges_right=1)
    assert s[2] == ContoStats(hands=1, declarations=1, bluffs=1)
    assert state.standing() == (1.0, 0.0, 0.0)


def test_a_wrong_challenge_of_a_bluff() -> None:
    state = play(
        HANDS,
        [
            "ordinazione → 1A, reveals A",
            "abbondare → 2A",
            "abbondare → 3A",  # seat 2 bluffs, the table covers it
            "il conto",  # seat 0 doubts it and is wrong
        ],
    )
    s = stats(state)
    assert s[0] == ContoStats(hands=1, declarations=1, challenges=1, lost_as_capotavola=1)
    assert s[1] == ContoStats(hands=1, declarations=1)
    assert s[2] == ContoStats(hands=1, declarations=1, bluffs=1, challenged=1)
    assert state.standing() == (1.0, 0.0, 0.0)


def test_revealed_cards_of_others_count_and_a_joker_covers_one_card() -> None:
    state = play(
        HANDS,
        [
            "ordinazione → 1K, reveals K",  # seat 0: holds a King: honest
            "abbondare → 2K",  # seat 1: holds two Kings: honest
            "ordinazione → 2K 1Q, reveals Q",  # seat 2: adds 1Q, holds QQ: honest
            "abbondare → 3K 1Q",  # seat 0: its one K: bluff (K 3 over the table: true)
            "abbondare → 4K 1Q",  # seat 1: K 2 + seat 0's K + its joker: honest (true)
        ],
    )
    s = stats(state)
    assert s[0] == ContoStats(hands=1, declarations=2, bluffs=1)
    assert s[1] == ContoStats(hands=1, declarations=2)
    assert s[2] == ContoStats(hands=1, declarations=1)
    # Seat 2 holds QQ: 2Q is its own, honest, though the 4K it leaves standing needs seat
    # 1's joker, which seat 2 cannot know of (the plate is true all the same).
    state.apply("abbondare → 4K 2Q")
    # Seat 0 sees one Q (seat 2's), holds none: 3Q is a bluff, and a lie: the one joker
    # cannot cover the fourth K and the third Q both.
    state.apply("abbondare → 4K 3Q")
    s = stats(state)
    assert s[0] == ContoStats(hands=1, declarations=3, bluffs=2, lies=1)
    assert s[2] == ContoStats(hands=1, declarations=2, bluffs=0, lies=0)


def test_leaving_someone_elses_false_portata_standing_is_a_lie_not_a_bluff() -> None:
    state = play(
        HANDS,
        [
            "ordinazione → 1A, reveals A",  # seat 0: honest
            "abbondare → 2A",  # seat 1: one Ace seen and its joker: honest
            "abbondare → 3A",  # seat 2: one Ace seen: bluff (A 2 + W: true)
            "abbondare → 4A",  # seat 0: its two Aces: bluff, and a lie
            "ordinazione → 4A 1K, reveals K",  # seat 1: adds 1K, holds KK; 4A is seat 0's claim
        ],
    )
    s = stats(state)
    assert s[0] == ContoStats(hands=1, declarations=2, bluffs=1, lies=1)
    assert s[1] == ContoStats(hands=1, declarations=2, bluffs=0, lies=1)
    state.apply("il conto")  # seat 2 calls: the plate is false, and seat 1 pays for it
    assert stats(state)[1] == ContoStats(hands=1, declarations=2, lies=1, challenged=1, caught=1, lost_as_cameriere=1)


def test_a_forfeit_and_the_hands_of_a_longer_match() -> None:
    state = play(HANDS, ["ordinazione → 1A, reveals A"], deals=2)
    state.forfeit(1, "timeout")
    assert not state.is_terminal()
    s = stats(state)
    assert [x.hands for x in s] == [2, 2, 2]  # the second hand is dealt already
    assert s[1] == ContoStats(hands=2, forfeits=1)
    assert s[1].hands_lost == 1
    assert s[0] == ContoStats(hands=2, declarations=1)
    state.forfeit(2, "crash")
    assert state.is_terminal()
    assert stats(state)[2] == ContoStats(hands=2, forfeits=1)


# --- the seed's examples -------------------------------------------------------------------

ESEMPIO_4 = (
    ["2 6 7 T Q Q", "4 4 T T K W", "3 5 7 J J A", "2 3 4 9 K A"],
    [
        "ordinazione → 1Q, reveals Q",  # A: holds QQ: honest
        "ordinazione → 1Q 1K, reveals K",  # B: sees Q, holds K: honest
        "speziare → 1A 1K, reveals A",  # C: holds A, sees K: honest
        "abbondare → 2A 1K",  # D: own A + C's A, own K: honest
        "abbondare → 2A 2Q",  # A: 2Q from its own QQ: honest (2A stays D's claim)
        "abbondare → 2A 3T, reveals T",  # B: T 2 + its joker: honest
        "speziare → 2A 3J, reveals J",  # C: J 2, no joker: bluff (true: J 2 + B's joker)
        "speziare → 2A 3K",  # D: own K + B's K, no joker: bluff (true: K 2 + B's joker)
        "il conto",  # A calls; the plate is true: A loses
    ],
)

ESEMPIO_5 = (
    ["2 3 3 5 9 A", "6 7 9 J Q Q", "2 4 5 6 9 A"],
    [
        "ordinazione → 12, reveals 2",  # A: holds a 2: honest
        "ordinazione → 12 1Q, reveals Q",  # B: sees the 2, holds QQ: honest
        "abbondare → 22 1Q",  # C: own 2 + A's 2, sees Q: honest
        "speziare → 22 1A, reveals A",  # A: holds an A: honest (22 stays C's claim)
        "abbondare → 22 2Q",  # B: holds QQ: honest
        "speziare → 22 2A",  # C: own 2 + A's 2, own A + A's A: honest
        "abbondare → 33 2A, reveals 3",  # A: 3 2, no joker: bluff, and over the table 3 2: lie
        "il conto",  # B calls; the plate is false: A loses
    ],
)


def test_esempio_4() -> None:
    state = play(*ESEMPIO_4)
    assert state.history[-1].plate_true  # type: ignore[attr-defined]
    assert stats(state) == (
        ContoStats(hands=1, declarations=2, challenges=1, lost_as_capotavola=1),
        ContoStats(hands=1, declarations=2),
        ContoStats(hands=1, declarations=2, bluffs=1),
        ContoStats(hands=1, declarations=2, bluffs=1, challenged=1),
    )


def test_esempio_5() -> None:
    state = play(*ESEMPIO_5)
    assert not state.history[-1].plate_true  # type: ignore[attr-defined]
    assert stats(state) == (
        ContoStats(hands=1, declarations=3, bluffs=1, lies=1, challenged=1, caught=1, lost_as_cameriere=1),
        ContoStats(hands=1, declarations=2, challenges=1, challenges_right=1),
        ContoStats(hands=1, declarations=2),
    )


# --- adding and showing --------------------------------------------------------------------


def test_two_matches_add_up() -> None:
    four = stats(play(*ESEMPIO_4))[0]
    five = stats(play(*ESEMPIO_5))[0]
    total = four + five
    assert total == ContoStats(
        hands=2,
        declarations=5,
        bluffs=1,
        lies=1,
        challenged=1,
        caught=1,
        challenges=1,
        lost_as_capotavola=1,
        lost_as_cameriere=1,
    )
    assert sum([four, five], ContoStats()) == total
    assert four + ContoStats() == four
    with pytest.raises(TypeError):
        four + 1  # type: ignore[operator]


def test_columns() -> None:
    total = stats(play(*ESEMPIO_4))[0] + stats(play(*ESEMPIO_5))[0]
    assert total.columns() == (
        ("deals", "2"),
        ("decl.", "5"),
        ("bluff %", "20.0"),
        ("prob. false %", "0.0"),
        ("plate p.f. %", "0.0"),
        ("lie %", "20.0"),
        ("challenged", "1"),
        ("caught %", "100.0"),
        ("bills", "1"),
        ("bills right %", "0.0"),
        ("lost capo.", "1"),
        ("lost cam.", "1"),
        ("forfeits", "0"),
    )


def test_columns_show_a_dash_for_a_rate_of_nothing() -> None:
    cells = dict(ContoStats(hands=3, forfeits=1).columns())
    assert cells["deals"] == "3"
    assert cells["decl."] == "0"
    for rate in ("bluff %", "lie %", "caught %", "bills right %"):
        assert cells[rate] == "-"
    assert dict(ContoStats(declarations=3, bluffs=1).columns())["bluff %"] == "33.3"


def test_the_arena_statistics_table_has_short_titles() -> None:
    titles = [title for title, _ in ContoStats().columns()]
    assert len(titles) == len(set(titles)) == 13
    assert all(len(title) <= 13 for title in titles)


def test_a_seats_copy_of_the_history_is_refused() -> None:
    state = play(*ESEMPIO_5)
    with pytest.raises(ValueError, match="full history"):
        conto_statistics(state.events_for(0), 3)
    with pytest.raises(ValueError, match="table has 4"):
        conto_statistics(state.history, 4)


# --- random playouts -----------------------------------------------------------------------


def _counts(cards) -> list[int]:
    index = {rank: i for i, rank in enumerate(RANKS + JOKER)}
    out = [0] * len(index)
    for card in cards:
        out[index[card]] += 1
    return out


@pytest.mark.slow
@settings(max_examples=300, **PROFILE)
@given(
    players=st.integers(3, 8),
    courses=st.sampled_from([2, 3]),
    oste=st.booleans(),
    seed=st.integers(0, 2**63 - 1),
    deals=st.integers(1, 4),
    policy=st.integers(0, 2**32 - 1),
    bill=st.sampled_from([0.02, 0.2, 0.6]),
    forfeit=st.sampled_from([None, 0.01, 0.05]),
)
def test_random_playouts_give_consistent_counts(players, courses, oste, seed, deals, policy, bill, forfeit) -> None:
    game = engine.load("conto", players=players, courses=courses, oste=oste)
    state = game.new_match(seed=seed, deals=deals)
    rng = random.Random(policy)
    # An independent count: each declaration judged from the declarer's own view.
    expected = [Counter() for _ in range(players)]
    while not state.is_terminal():
        seat = state.current_seat()
        if forfeit is not None and rng.random() < forfeit:
            state.forfeit(seat, "timeout")
            continue
        legal = state.legal_actions()
        declarations = [a for a in legal if a.kind is not Move.CONTO]
        action: ContoAction = (
            legal[0]
            if not declarations or (legal[0].kind is Move.CONTO and rng.random() < bill)
            else rng.choice(declarations)
        )
        if action.kind is not Move.CONTO:
            view = state.view(seat)
            known = _counts(view.hand + tuple(card.rank for card in view.revealed))
            dealt = [e for e in state.history if isinstance(e, HandDealt)][-1]
            table = _counts(card for hand in dealt.hands for card in hand.cards)
            expected[seat]["declarations"] += 1
            expected[seat]["bluffs"] += not plate_is_true((action.plate[action.slot],), known)
            expected[seat]["lies"] += not plate_is_true(action.plate, table)
        state.apply(action)

    s = stats(state)
    history = state.history
    showdowns = [e for e in history if isinstance(e, Showdown)]
    hands = sum(isinstance(e, HandDealt) for e in history)
    assert hands == deals
    for seat, x in enumerate(s):
        assert x.hands == hands
        assert (x.declarations, x.bluffs, x.lies) == (
            expected[seat]["declarations"],
            expected[seat]["bluffs"],
            expected[seat]["lies"],
        )
        assert x.caught <= x.lies <= x.declarations and x.bluffs <= x.declarations
        assert x.caught <= x.challenged
        assert x.challenges_right <= x.challenges
        assert x.lost_as_cameriere == x.caught
        assert x.lost_as_capotavola == x.challenges - x.challenges_right
        assert x.hands_lost == state.standing()[seat]
    assert sum(x.challenged for x in s) == sum(x.challenges for x in s) == len(showdowns)
    assert sum(x.caught for x in s) == sum(x.challenges_right for x in s)
    assert sum(x.caught for x in s) == sum(not e.plate_true for e in showdowns)
    assert sum(x.hands_lost for x in s) == hands
    total = sum(s, ContoStats())
    assert total.declarations == sum(isinstance(e, Declared) for e in history)
    assert total.hands_lost == hands == len(showdowns) + sum(isinstance(e, Forfeited) for e in history)
