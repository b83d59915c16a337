"""Tests of the bridge bots (bots/bridge_natural.py, bots/bridge_dd.py) and their shared
helpers (the bots.bridge package).

Whole matches are played by the real referee with every seat an in-process SDK bot
(tests/fakebot.py's SdkSeat: the SDK's own Play loop, no gRPC); single decisions are
asked of the pure functions, with requests built from an engine state by
arena.play.GameWire as the referee builds them.
"""

from __future__ import annotations

import random
import time
from functools import cache
from pathlib import Path

import pytest
import trio

import engine
from arena.play import GameWire, play_match
from arena.records import MatchRecord
from arena.v1 import arena_pb2 as pb
from bots import bridge as lib
from bots.bridge.auction import analyse
from bots.bridge.bidding import decide
from bots.bridge.dd import DDParams, dd_card, solve_position
from bots.bridge.reading import Contract, Table
from bots.bridge_dd import BridgeDDBot
from bots.bridge_natural import BridgeNaturalBot
from bots.random_bot import RandomBot
from engine.bridge import CardPlayed, parse_hand
from tests.fakebot import SdkSeat

BRIDGE_BOTS = (BridgeNaturalBot, BridgeDDBot)
FAST_DD = {"budget": 0.05, "samples": 8}
LINEUP = (
    ("dd", BridgeDDBot, FAST_DD),
    ("natural", BridgeNaturalBot, {}),
    ("random", RandomBot, {}),
    ("natural2", BridgeNaturalBot, {}),
)


def request_for(state) -> pb.DecisionRequest:
    turn = state.turn()
    wire = GameWire(state.game)
    return pb.DecisionRequest(
        decision_id=1,
        time_limit_ms=1000,
        view=wire.view(state.view(turn.seat)),
        legal_actions=wire.actions(state.legal_actions()),
        acting_seat=turn.acting_seat,
    )


def table_for(state) -> Table:
    return lib.read_request(request_for(state))


@cache
def legality_matches() -> tuple[tuple[MatchRecord, tuple[str, ...]], ...]:
    """One one-board match per rotation of the lineup, so each bot sits in every seat."""
    game = engine.load("bridge")
    out = []
    for turn in range(4):
        seated = LINEUP[turn:] + LINEUP[:turn]
        seats = [SdkSeat(name, cls, params) for name, cls, params in seated]
        record = trio.run(
            lambda seats=seats, turn=turn: play_match(
                game, seats, seed=300 + turn, deals=1, move_time=5.0, match_id=f"legal-{turn}"
            )
        )
        out.append((record, tuple(name for name, _, _ in seated)))
    return tuple(out)


# --- every bot, every seat ------------------------------------------------------------


def test_every_bot_plays_only_legal_moves_in_every_seat_through_the_protocol():
    for record, names in legality_matches():
        assert record.faults == (), (names, record.faults)
        assert len(record.result.deals) == 1
        # The declarer's bot chose the dummy's cards whenever a board was played.
        dummy_plays = [e for e in record.history if isinstance(e, CardPlayed) and e.by != e.seat]
        played = [e for e in record.history if isinstance(e, CardPlayed)]
        assert not played or len(dummy_plays) == 13


def test_random_positions_get_legal_answers_from_both_bots():
    game = engine.load("bridge")
    rng = random.Random(5)
    for k in range(40):
        state = game.new_match(seed=rng.randrange(1 << 20), deals=1)
        # A natural auction, then random cards, so the play has a contract worth playing.
        while state.phase.name == "AUCTION":
            call, _ = lib.choose_call(table_for(state))
            state.apply(call)
        for _ in range(rng.randrange(0, 52)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        request = request_for(state)
        for cls, params in ((BridgeNaturalBot, {}), (BridgeDDBot, FAST_DD)):
            bot = cls(dict(params))
            bot.on_match_start(pb.MatchStart(match_id=f"r{k}", seat=state.current_seat(), game="bridge", players=4))
            assert state.can_apply(state.legal_actions()[bot.act(request)])


# --- the bidding system ---------------------------------------------------------------


def call(hand: str, calls: list[tuple[int, str]] = (), seat: int = 0) -> str:  # type: ignore[assignment]
    return decide(parse_hand(hand), seat, analyse(list(calls)))[0]


def test_openings():
    assert call("AQ3.KJ4.Q952.K83") == "1NT"  # 15 balanced
    assert call("AKJ84.K32.Q5.983") == "1S"  # 13, five spades
    assert call("AK84.K32.Q52.983") == "1C"  # 12, no five-card major, 3-3 minors: clubs
    assert call("AK84.K32.Q532.98") == "1D"  # four diamonds, two clubs
    assert call("Q84.K73.J652.Q93") == "pass"  # 8 points, no suit
    assert call("AKQ4.AK3.KQ5.A93") == "2C"  # 26
    assert call("AK4.AK3.QJ52.K93") == "2NT"  # 20 balanced
    assert call("KQJT96.83.742.95") == "2S"  # weak two


def test_responses_and_rebids():
    assert call("Q85.K742.863.J42", [(0, "1S"), (1, "pass")], seat=2) == "2S"  # 6 points, three spades
    assert call("Q85.KQ42.A63.J42", [(0, "1S"), (1, "pass")], seat=2) == "3S"  # 11: limit raise
    assert call("852.K742.Q63.J42", [(0, "1D"), (1, "pass")], seat=2) == "1H"  # four-card major first
    assert call("852.742.8632.J42", [(0, "1D"), (1, "pass")], seat=2) == "pass"  # 1 point
    assert call("K52.KQ42.A63.J42", [(0, "1NT"), (1, "pass")], seat=2) == "2C"  # Stayman
    assert call("K52.Q42.A632.J42", [(0, "1NT"), (1, "pass")], seat=2) == "3NT"  # 10, no major
    # Opener answers Stayman, then responder places the contract with the heart fit.
    stayman = [(0, "1NT"), (1, "pass"), (2, "2C"), (3, "pass")]
    assert call("AQ3.KJ84.Q95.K83", stayman) == "2H"
    assert call("K52.KQ42.A63.J42", stayman + [(0, "2H"), (1, "pass")], seat=2) == "4H"
    # 1H - 1S: opener with four spades raises; with 12-14 balanced and no fit, 1NT.
    assert call("A4.KQ852.K73.Q82", [(0, "1H"), (1, "pass"), (2, "1S"), (3, "pass")]) == "1NT"
    assert call("AJ84.KQ852.K7.82", [(0, "1H"), (1, "pass"), (2, "1S"), (3, "pass")]) == "2S"


def test_competition():
    # A good five-card suit and 11 points over a one-level opening: overcall.
    assert call("AKJ84.K32.85.983", [(3, "1D")], seat=0) == "1S"
    # Short in the opened suit, support for the rest, 13 points: takeout double.
    assert call("AJ84.KQ32.5.Q983", [(3, "1D")], seat=0) == "X"
    # 15-18 balanced with a stopper: 1NT.
    assert call("AQ3.KJ4.KQ52.983", [(3, "1D")], seat=0) == "1NT"
    # Nothing to say.
    assert call("983.K32.8542.983", [(3, "1D")], seat=0) == "pass"


def test_auctions_end_and_every_call_is_legal():
    """Four natural bidders on 60 deals: never an illegal call, and no silly slams."""
    game = engine.load("bridge")
    contracts = []
    for seed in range(60):
        state = game.new_match(seed=seed, deals=1)
        while state.phase.name == "AUCTION":
            table = table_for(state)
            text, _ = lib.choose_call(table)
            assert text in table.legal
            state.apply(text)
        points = [lib.hcp(h) for h in state._hands]
        if state.contract is not None:
            side = state.contract.declarer % 2
            together = points[side] + points[side + 2]
            contracts.append(state.contract)
            if state.contract.level >= 6:
                assert together >= 29, (seed, state.contract, points)
    assert len(contracts) >= 45


# --- leads -------------------------------------------------------------------------


def lead(hand: str, trump: str | None, calls: list[tuple[int, str]] = ()) -> str:  # type: ignore[assignment]
    return lib.opening_lead(parse_hand(hand), 1, trump, analyse(list(calls)))[0]


def test_opening_leads():
    assert lead("KQJ52.83.A74.962", None) == "SK"  # top of a sequence
    assert lead("KT752.83.A74.962", None) == "S5"  # fourth best from the longest suit
    assert lead("953.KQJ4.A742.95", "S") == "HK"  # a sequence, not away from the ace
    assert lead("K53.Q4.A742.T952", "S") != "D2"  # never underlead an ace in a suit contract
    # Partner's suit, fourth best from four small.
    assert lead("T953.J4.7642.952", "S", [(3, "1D"), (0, "1S"), (1, "pass"), (2, "4S")]) == "D2"
    assert lead("T953.J4.K6.Q9542", "S", [(3, "1D"), (0, "1S"), (1, "pass"), (2, "4S")]) == "DK"  # top of a doubleton


# --- the double-dummy player ------------------------------------------------------------


def finesse_table() -> Table:
    """South (declarer at notrump) led S2 to the last-but-one trick, West played S4; the
    declarer now plays the dummy's (North's) card from SA SQ.  East showed out of spades
    at the first trick, so West holds the SK: the queen takes both tricks, the ace one."""
    played: list[tuple[int, str]] = [
        (2, "S5"),
        (3, "S6"),
        (0, "S7"),
        (1, "D2"),
        (2, "S8"),
        (3, "S9"),
        (0, "ST"),
        (1, "D3"),
    ]
    rest = [c for s in "HDC" for c in (s + r for r in "AKQJT98765432") if c not in ("H2", "H3", "D2", "D3")]
    by_suit = {s: [c for c in rest if c[0] == s] for s in "HDC"}
    for suit in "CCCHHDD":  # seven tricks everyone follows
        played += [(seat, by_suit[suit].pop()) for seat in (1, 2, 3, 0)]
    played += [(1, by_suit["H"].pop()), (2, by_suit["H"].pop()), (3, by_suit["H"].pop()), (0, "SJ")]
    played += [(1, by_suit["D"].pop()), (2, by_suit["D"].pop()), (3, by_suit["D"].pop()), (0, by_suit["C"].pop())]
    played += [(2, "S2"), (3, "S4")]
    assert len(played) == 46 and len({c for _, c in played}) == 46
    return Table(
        seat=2,
        acting=0,
        board=1,
        dealer=0,
        vulnerability=1,
        phase=2,
        hand=("S3",),
        auction=("pass", "pass", "3NT", "pass", "pass", "pass"),
        contract=Contract(3, "NT", 1, 2),
        dummy_seat=0,
        dummy=("SA", "SQ"),
        trick=((2, "S2"), (3, "S4")),
        leader=2,
        tricks=(9, 2),
        to_play=0,
        played=tuple(played),
        legal=("SA", "SQ"),
    )


def test_solve_position_gives_dds_the_trick_in_progress():
    hands = [["SA", "SQ"], ["H2", "H3"], ["S3"], ["SK"]]
    assert solve_position(hands, ((2, "S2"), (3, "S4")), 2, None) == {"SA": 1, "SQ": 2}
    # With the king behind the dummy the finesse loses: both cards take one trick.
    hands = [["SA", "SQ"], ["SK", "S5"], ["S3"], ["H2"]]
    assert solve_position(hands, ((2, "S2"), (3, "H4")), 2, None) == {"SA": 1, "SQ": 1}


def test_the_dd_player_finds_the_finesse_the_play_has_shown():
    card, why = dd_card(finesse_table(), DDParams(budget=1.0, samples=5), random.Random(1))
    assert card == "SQ", why


def test_the_dd_player_keeps_to_its_budget():
    """At the second card of a board (the most work for DDS), with a budget of 0.15 s."""
    game = engine.load("bridge")
    for seed in (1, 2, 3):
        state = game.new_match(seed=seed, deals=1)
        while state.phase.name == "AUCTION":
            state.apply(lib.choose_call(table_for(state))[0])
        if state.is_terminal():
            continue
        state.apply(lib.heuristic_card(table_for(state))[0])
        table = table_for(state)
        started = time.monotonic()
        card, _ = dd_card(table, DDParams(budget=0.15, samples=1000), random.Random(seed), started)
        elapsed = time.monotonic() - started
        assert card in table.legal and elapsed <= 0.15 + 0.2, elapsed


def test_the_dd_bot_beats_random_at_duplicate():
    """Four boards, each played twice with the sides swapped: bridge-dd as one pair
    against random as the other.  Its total, over the eight tables, must be well ahead."""
    game = engine.load("bridge")
    total = 0
    for seed in range(4):
        for dd_side in (0, 1):
            state = game.new_match(seed=900 + seed, deals=1)
            rng = random.Random(seed)
            bot = BridgeDDBot(dict(FAST_DD))
            bot.on_match_start(pb.MatchStart(match_id=f"d{seed}", seat=dd_side, game="bridge", players=4))
            while not state.is_terminal():
                if state.current_seat() % 2 == dd_side:
                    action = state.legal_actions()[bot.act(request_for(state))]
                else:
                    action = rng.choice(state.legal_actions())
                state.apply(action)
            ns = state.totals[0]
            total += ns if dd_side == 0 else -ns
    assert total >= 1000, total


# --- the README ---------------------------------------------------------------------------


@pytest.mark.parametrize("bot_class", BRIDGE_BOTS, ids=lambda b: b.name)
def test_every_bridge_bot_is_described_in_bots_readme_as_in_its_hello(bot_class) -> None:
    readme = (Path(__file__).resolve().parent.parent / "bots" / "README.md").read_text()
    assert bot_class.games == ("bridge",) and bot_class.description.endswith(".")
    assert f"**{bot_class.name}**" in readme and bot_class.description in readme
