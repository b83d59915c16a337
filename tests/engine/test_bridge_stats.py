"""Bridge per-seat statistics (engine/bridge/stats.py) and the double-dummy par
(engine/bridge/par.py) on hand-built boards.

Two deals whose play needs no thought:
- SUITS: every seat holds one whole suit (North spades, East hearts, South diamonds,
  West clubs).  At notrump the opening leader wins every trick with its own suit; in a
  suit contract the side holding the trumps ruffs the first trick and takes all 13.
- TOPS: North holds the ace, king and queen of every suit and the jack of spades, South
  the next cards down: North-South take all 13 tricks at any strain, so the par is 7NT
  by North-South.
"""

from __future__ import annotations

import random
import threading

import pytest
from endplay.dds import calc_dd_table, par
from endplay.types import Deal, Player, Vul

import engine
from engine.bridge import (
    BoardDealt,
    BoardScored,
    BridgeStats,
    Vulnerability,
    bridge_statistics,
    hand_to_pbn,
    imps,
    par_scores,
    parse_hand,
)

SUITS = ["AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"]
TOPS = ["AKQJ.AKQ.AKQ.AKQ", "654.8765.876.876", "T987.JT9.JT9.JT9", "32.432.5432.5432"]
ENDPLAY_VUL = {
    Vulnerability.NONE: Vul.none,
    Vulnerability.NS: Vul.ns,
    Vulnerability.EW: Vul.ew,
    Vulnerability.BOTH: Vul.both,
}


def board(hands, calls: str, forfeit: int | None = None):
    """Board 1 (North deals, nobody vulnerable) of a one-board match on `hands`: the
    calls as written, then every seat (the declarer for the dummy) plays its first legal
    card; or, with `forfeit`, that seat faults after the calls."""
    state = engine.load("bridge").new_match(hands=hands, deals=1)
    for call in calls.split():
        state.apply(call)
    if forfeit is not None:
        state.forfeit(forfeit, "timeout")
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    return state


def scored(state) -> BoardScored:
    (event,) = [e for e in state.history if isinstance(e, BoardScored)]
    return event


def counts(stats: BridgeStats) -> tuple[int, ...]:
    return (stats.boards, stats.declared, stats.made, stats.down, stats.defended, stats.defeated, stats.passed_out)


def endplay_par(hands, dealer: int, vulnerability: Vulnerability) -> int:
    deal = Deal("N:" + " ".join(hand_to_pbn(h) for h in hands))
    return int(par(calc_dd_table(deal), ENDPLAY_VUL[vulnerability], Player.find("NESW"[dealer])).score)


def test_the_game_declares_its_rating_unit_score_and_statistics():
    game = engine.load("bridge")
    assert game.spec.rate_by == "board" and game.spec.score_title == "IMPs/board" and game.spec.partnerships
    assert game.statistics_kind() is BridgeStats
    assert [game.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert game.board_score(250) == 6.0 and game.board_score(-250) == -6.0 and game.board_score(10) == 0.0
    assert all(column.heading and column.explanation for column in BridgeStats.COLUMNS)
    assert BridgeStats.SCORE_EXPLANATION and BridgeStats.STANDING_EXPLANATION
    headings = [column.heading for column in BridgeStats.COLUMNS]
    assert len(set(headings)) == len(headings) and "IMPs vs par" in headings


def test_a_notrump_contract_the_opening_leader_runs_is_down_for_declarer_and_set_by_both_defenders():
    state = board(SUITS, "1NT pass pass pass")
    result = scored(state)
    assert result.contract is not None and result.contract.declarer == 0
    assert result.declarer_tricks == 0 and result.score == -350  # 1NT, 7 down, not vulnerable
    north, east, south, west = bridge_statistics(state.history)
    assert counts(north) == (1, 1, 0, 1, 0, 0, 0)
    assert counts(south) == (1, 0, 0, 0, 0, 0, 0)  # the dummy neither declares nor defends
    assert counts(east) == counts(west) == (1, 0, 0, 0, 1, 1, 0)
    assert dict(north.columns())["made %"] == "0.0%" and dict(east.columns())["set %"] == "100.0%"
    assert dict(south.columns())["made %"] == "-"


def test_the_declarer_is_the_first_of_the_side_to_name_the_strain_not_the_last_to_bid_it():
    # South names spades first, North raises: South declares, North is the dummy.
    state = board(SUITS, "pass pass 1S pass 2S pass pass pass")
    result = scored(state)
    assert result.contract is not None and result.contract.declarer == 2
    assert result.declarer_tricks == 13 and result.score == 260  # 2S + 5: 60 + 50 + 150
    north, east, south, west = bridge_statistics(state.history)
    assert counts(south) == (1, 1, 1, 0, 0, 0, 0)
    assert counts(north) == (1, 0, 0, 0, 0, 0, 0)
    assert counts(east) == counts(west) == (1, 0, 0, 0, 1, 0, 0)
    assert dict(south.columns())["made %"] == "100.0%" and dict(east.columns())["set %"] == "0.0%"


def test_a_passed_out_board_counts_for_everyone_and_a_forfeited_board_for_nobody():
    passed = board(TOPS, "pass pass pass pass")
    assert scored(passed).contract is None and scored(passed).score == 0
    stats = bridge_statistics(passed.history)
    assert all(counts(s) == (1, 0, 0, 0, 0, 0, 1) for s in stats)
    # Passing out 7NT cold for North-South: 1520 below par.
    assert [s.par_boards for s in stats] == [1] * 4
    assert [s.par_imps for s in stats] == [-17, 17, -17, 17]

    forfeited = board(TOPS, "1NT pass", forfeit=2)  # South faults on its first call
    (result,) = forfeited.deal_results()
    assert result.forfeit == 2 and result.ranks == (1, 0, 1, 0)
    stats = bridge_statistics(forfeited.history)
    assert all(counts(s) == (0,) * 7 and s.par_boards == 0 and s.par_imps == 0 for s in stats)


def two_boards():
    """Boards 1 and 2 of seed 17 (North deals, nobody vulnerable; East deals, North-South
    vulnerable), each bid 1C 1D by the first two seats and then passed out to a 1D
    contract, every card the first legal one.  Both tests that use it share the par's
    double-dummy work (par.py keeps what it computed)."""
    state = engine.load("bridge").new_match(seed=17, deals=2)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[1] if len(state.auction) < 2 and len(legal) > 1 else legal[0])
    return state


def test_par_scores_agree_with_endplay_on_dealt_boards():
    state = two_boards()
    dealt = [e for e in state.history if isinstance(e, BoardDealt)]
    assert [(d.dealer, d.vulnerability) for d in dealt] == [(0, Vulnerability.NONE), (1, Vulnerability.NS)]
    boards = [(tuple(h.cards for h in d.hands), d.dealer, d.vulnerability) for d in dealt]
    pars = par_scores(boards)
    assert pars == [endplay_par(*b) for b in boards]
    stats = bridge_statistics(state.history)
    scores = [e.score for e in state.history if isinstance(e, BoardScored)]
    expected = sum(imps(score - p) for score, p in zip(scores, pars))
    assert stats[0].par_boards == 2 and stats[0].par_imps == stats[2].par_imps == expected
    assert stats[1].par_imps == stats[3].par_imps == -expected


@pytest.mark.parametrize(
    ("dealer", "vulnerability", "expected"),
    [
        (0, Vulnerability.NONE, 1520),  # 7NT by North-South, not vulnerable
        (1, Vulnerability.BOTH, 2220),  # vulnerable
        (3, Vulnerability.EW, 1520),  # only the other side is vulnerable
    ],
)
def test_the_par_of_a_deal_where_one_side_holds_every_top_card_is_its_grand_slam_in_notrump(
    dealer, vulnerability, expected
):
    hands = tuple(parse_hand(h) for h in TOPS)
    assert par_scores([(hands, dealer, vulnerability)]) == [expected]
    # The same hands turned a seat round: East holds the top cards, and par is East-West's.
    turned = hands[3:] + hands[:3]
    ew_vulnerable = vulnerability in (Vulnerability.EW, Vulnerability.BOTH)
    assert par_scores([(turned, dealer, vulnerability)]) == [-2220 if ew_vulnerable else -1520]


def test_imps_against_par_are_the_sides_result_less_par_on_the_imp_scale():
    # 7NT bid and made: exactly par.
    grand = board(TOPS, "7NT pass pass pass")
    assert scored(grand).score == 1520 and scored(grand).declarer_tricks == 13
    assert [s.par_imps for s in bridge_statistics(grand.history)] == [0, 0, 0, 0]
    # 1NT with all thirteen tricks: 270 against par 1520, 1250 short: 15 IMPs lost.
    small = board(TOPS, "1NT pass pass pass")
    assert scored(small).score == 270
    stats = bridge_statistics(small.history)
    assert [s.par_imps for s in stats] == [-15, 15, -15, 15]
    assert dict(stats[0].columns())["IMPs vs par"] == "-15.00" and dict(stats[1].columns())["IMPs vs par"] == "+15.00"
    # Better than par: East-West bid 7NT on the one-suit deal and are doubled; South
    # leads its diamonds and takes all 13.  13 down doubled, 3500, against par 7S = 1510:
    # 1990 more, 18 IMPs won by North-South.
    sacrifice = board(SUITS, "pass 7NT X pass pass pass")
    result = scored(sacrifice)
    assert result.contract is not None and result.contract.declarer == 1 and result.declarer_tricks == 0
    assert result.score == 3500
    assert par_scores([(tuple(parse_hand(h) for h in SUITS), 0, Vulnerability.NONE)]) == [1510]
    north, east, south, west = bridge_statistics(sacrifice.history)
    assert (north.par_imps, east.par_imps) == (18, -18)
    assert counts(east) == (1, 1, 0, 1, 0, 0, 0) and counts(north) == counts(south) == (1, 0, 0, 0, 1, 1, 0)


def test_statistics_add_up_over_boards_and_matches():
    boards = [
        board(SUITS, "1NT pass pass pass"),
        board(SUITS, "pass pass 1S pass 2S pass pass pass"),
        board(TOPS, "pass pass pass pass"),
        board(TOPS, "1NT pass pass pass"),
        board(TOPS, "1NT pass", forfeit=2),
    ]
    per_board = [bridge_statistics(b.history) for b in boards]
    totals = [sum((stats[seat] for stats in per_board[1:]), per_board[0][seat]) for seat in range(4)]
    north, east, south, west = totals
    assert counts(north) == (4, 2, 1, 1, 0, 0, 1)  # 1NT down 7, 1NT + 6
    assert counts(south) == (4, 1, 1, 0, 0, 0, 1)  # 2S + 5
    assert counts(east) == counts(west) == (4, 0, 0, 0, 3, 1, 1)
    assert north.par_boards == 4 and north.par_imps == imps(-350 - 1510) + imps(260 - 1510) - 17 - 15
    assert north.par_imps == -18 - 15 - 17 - 15
    assert east.par_imps == -north.par_imps
    cells = dict(north.columns())
    assert cells["seat-boards"] == "4" and cells["passed out"] == "1" and cells["made %"] == "50.0%"
    assert cells["IMPs vs par"] == f"{north.par_imps / 4:+.2f}"
    # One match of several boards counts as its boards counted one at a time.
    history = two_boards().history
    starts = [i for i, e in enumerate(history) if isinstance(e, BoardDealt)] + [len(history)]
    pieces = [bridge_statistics(history[a:b]) for a, b in zip(starts, starts[1:])]
    whole = bridge_statistics(history)
    for seat in range(4):
        assert whole[seat] == sum((p[seat] for p in pieces[1:]), pieces[0][seat])
    assert whole[0].boards == 2 and sum(s.declared for s in whole) == 2


def test_par_scores_from_several_threads_at_once_agree_with_one_at_a_time():
    """Two matches saved at once in one process make their par at once: DDS, called from
    two threads, crashed the process (SIGSEGV) until calls were taken one at a time."""

    def board(seed: int):
        cards = [suit + rank for suit in "SHDC" for rank in "AKQJT98765432"]
        random.Random(seed).shuffle(cards)
        return tuple(tuple(cards[i * 13 : (i + 1) * 13]) for i in range(4)), seed % 4, Vulnerability.NONE

    # Two boards a call: a call lasts far longer than the threads take to start, so they overlap.
    batches = [[board(1000 + 10 * k + i) for i in range(2)] for k in range(3)]
    found: dict[int, list[int]] = {}
    threads = [threading.Thread(target=lambda k=k: found.__setitem__(k, par_scores(batches[k]))) for k in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [found[k] for k in range(3)] == [[endplay_par(*b) for b in batch] for batch in batches]
