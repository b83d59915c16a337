"""Tests of the Las Vegas bots (bots/vegas_value.py, bots/vegas_bluffer.py,
bots/vegas_caller.py) and their shared helpers (the bots.vegas package).

Whole matches are played by the real referee with every seat an in-process SDK bot
(tests/fakebot.py's SdkSeat: the SDK's own Play loop, no gRPC); single decisions are
asked of a bot's `act` with a request built from an engine state by arena.play.GameWire,
as the referee builds them.
"""

from __future__ import annotations

import random
import statistics
from functools import cache
from pathlib import Path

import pytest
import trio

import engine
from arena.play import GameWire, play_match
from arena.records import MatchRecord
from arena.v1 import arena_pb2 as pb
from bots import vegas as lib
from bots.random_bot import RandomBot
from bots.vegas_bluffer import VegasBlufferBot
from bots.vegas_caller import VegasCallerBot
from bots.vegas_value import VegasValueBot
from engine.vegas import DECK, Acted, Bet, HandEnded
from tests.fakebot import SdkSeat

VEGAS_BOTS = (VegasValueBot, VegasBlufferBot, VegasCallerBot)
#: Every player of the legality matches, with parameters that reach the rarer branches
#: (a bluffer that bluffs and re-raises at every chance, a value bettor that raises a lot).
LINEUP = (
    ("value", VegasValueBot, {}),
    ("bluffer", VegasBlufferBot, {"bluff": 0.6, "rebluff": 0.3, "seed": 3}),
    ("caller", VegasCallerBot, {}),
    ("random", RandomBot, {}),
    ("eager", VegasValueBot, {"margin": -0.2, "raise_margin": 0.0, "call_margin": 0.5}),
    ("wild", VegasBlufferBot, {"bluff": 1.0, "rebluff": 1.0, "give_up": 0.5}),
)


def play(players: int, lineup, seed: int, deals: int, match_id: str) -> MatchRecord:
    game = engine.load("vegas", players=players)
    seats = [SdkSeat(name, cls, params) for name, cls, params in lineup]
    return trio.run(lambda: play_match(game, seats, seed=seed, deals=deals, move_time=5.0, match_id=match_id))


@cache
def legality_matches() -> tuple[tuple[MatchRecord, tuple[str, ...]], ...]:
    """For 2 to 6 players, one match per rotation of the lineup's first `players` bots,
    so that each sits in every seat: (record, the seats' bot names)."""
    out = []
    for players in range(2, 7):
        lineup = LINEUP[:players]
        for turn in range(players):
            seated = lineup[turn:] + lineup[:turn]
            record = play(players, seated, seed=100 * players + turn, deals=4, match_id=f"legal-{players}-{turn}")
            out.append((record, tuple(name for name, _, _ in seated)))
    return tuple(out)


def request_for(state, game) -> pb.DecisionRequest:
    seat = state.current_seat()
    wire = GameWire(game)
    return pb.DecisionRequest(
        decision_id=1,
        time_limit_ms=1000,
        view=wire.view(state.view(seat)),
        legal_actions=wire.actions(state.legal_actions()),
    )


def random_position(game, rng, deals: int, moves: int):
    """A match after up to `moves` random legal moves, or None once it has ended."""
    state = game.new_match(seed=rng.randrange(1 << 30), deals=deals)
    for _ in range(rng.randrange(0, moves)):
        if state.is_terminal():
            return None
        state.apply(rng.choice(state.legal_actions()))
    return None if state.is_terminal() else state


def new_bot(cls, params=None, seat=0, match_id="m", players=4):
    bot = cls(dict(params or {}))
    bot.on_match_start(pb.MatchStart(match_id=match_id, seat=seat, game="vegas", players=players))
    return bot


def decide(state, game, bot) -> str:
    return state.legal_actions()[bot.act(request_for(state, game))].text


def deal(hands: list[str]):
    game = engine.load("vegas", players=len(hands) - 1)
    return game, game.new_match(hands=hands, deals=1)


def checks(state, times: int) -> None:
    for _ in range(times):
        state.apply("busso")


# A six-player deal in which seat 1's 5 6 7 (18) is a middle total: after four flips that
# hit nobody, it can take neither half unless the five hands it cannot see are freakish.
SIX = ["Ab Ac 2b", "5b 6c 7d", "Rb Rc Cd", "3b 3c 2d", "Cb Cc Fs", "Ad 2c 3s", "4b 4c 4d 4s"]


def to_last_round_facing_a_bet(state, players: int) -> None:
    """Everyone checks the first four rounds, then seat 0 bets in the fifth."""
    checks(state, 4 * players)
    state.apply("punta 2")


# --- reading --------------------------------------------------------------------------------


def test_the_table_holds_what_the_seat_has_seen_and_nothing_else():
    game, state = deal(["Ab 2c 3d", "Rb Rc Cd", "5s 6s 7s", "Fb Fc Fd", "2b 7b 4s Cs"])
    # Round 1: seat 0 bets, 1 raises, 2 calls, 3 folds, 0 and 1 call: the 2 flips.
    for text in ("punta 2", "rilancia 4", "vedi", "lascia", "vedi"):
        state.apply(text)
    assert state.flipped == ["2b"]
    table = lib.read_request(request_for(state, game))
    assert table.seat == 0 and table.round == 2 and table.cards == ("Ab", "3d")
    assert table.flipped == ("2b",) and table.discarded == ("2c",)
    assert table.opponents == ((1, 3), (2, 3))  # seat 3 folded
    assert table.pot == 4 + 4 + 4 + 4 and table.to_call == 0 and table.legal == ("busso", "punta 2")
    assert set(table.unseen) == set(DECK) - {"Ab", "3d", "2b", "2c"}
    state.apply("punta 2")
    table = lib.read_request(request_for(state, game))
    assert table.seat == 1 and table.to_call == 2 and table.others_owe == 2  # seat 2 still owes 2
    assert table.pot_called == table.pot + 4 and table.legal == ("vedi", "rilancia 4", "lascia")
    # Seat 1's own cards and nobody else's: the unseen cards include seat 0's.
    assert table.cards == ("Cd", "Rb", "Rc") and "Ab" in table.unseen


# --- every bot, every seat ------------------------------------------------------------------


def test_every_bot_plays_only_legal_moves_in_every_seat_with_2_to_6_players():
    seen = set()
    for record, names in legality_matches():
        # The referee charges an illegal answer (or a crash, or a timeout) as a fault.
        assert record.faults == (), (names, record.faults)
        assert len(record.result.deals) == 4
        seen.update((record.players, seat, name) for seat, name in enumerate(names))
    for players in range(2, 7):
        for seat in range(players):
            assert {name for p, s, name in seen if (p, s) == (players, seat)} == {n for n, _, _ in LINEUP[:players]}


def test_the_caller_never_bets_raises_or_folds():
    acted = 0
    for record, names in legality_matches():
        for event in record.history:
            if isinstance(event, Acted) and names[event.seat] == "caller":
                assert event.action in (Bet.BUSSO, Bet.VEDI), event
                acted += 1
    assert acted >= 100


def test_random_positions_get_legal_deterministic_answers():
    rng = random.Random(11)
    for k in range(150):
        players = rng.randint(2, 6)
        game = engine.load("vegas", players=players)
        state = random_position(game, rng, deals=2, moves=40)
        if state is None:
            continue
        request = request_for(state, game)
        for cls, params in (
            (VegasValueBot, {}),
            (VegasBlufferBot, {"bluff": 0.5, "rebluff": 0.5}),
            (VegasCallerBot, {}),
        ):
            first = new_bot(cls, params, state.current_seat(), f"r{k}", players).act(request)
            again = new_bot(cls, params, state.current_seat(), f"r{k}", players).act(request)
            assert first == again and state.can_apply(state.legal_actions()[first])


# --- the value bettor -----------------------------------------------------------------------


def test_the_value_bettor_folds_a_hopeless_hand_facing_a_bet():
    game, state = deal(SIX)
    to_last_round_facing_a_bet(state, 6)
    table = lib.read_request(request_for(state, game))
    share = lib.odds(table).share
    assert table.seat == 1 and share < 0.05 and share * table.pot_called < table.to_call
    assert decide(state, game, new_bot(VegasValueBot, seat=1, players=6)) == "lascia"
    # The caller stays in whatever it holds.
    assert decide(state, game, new_bot(VegasCallerBot, seat=1, players=6)) == "vedi"


def test_the_value_bettor_bets_and_raises_a_very_strong_hand_and_checks_a_weak_one():
    hands = ["Rb Rc Rd", "5b 6c 7d", "6b 7c Fd", "Ab 5c Cd", "2b 4c 3s 6s"]
    game, state = deal(hands)
    # Three kings: the high half nearly surely, and a Las Vegas if the last king shows.
    assert decide(state, game, new_bot(VegasValueBot, seat=0)) == "punta 2"
    state.apply("busso")
    # 5 6 7 is a middle total at a four-player table: below its fair share, so it checks.
    assert decide(state, game, new_bot(VegasValueBot, seat=1)) == "busso"
    game, state = deal(hands[1:4] + [hands[0], hands[4]])
    for text in ("punta 2", "vedi", "vedi"):
        state.apply(text)
    assert decide(state, game, new_bot(VegasValueBot, seat=3)) == "rilancia 4"


def test_the_value_bettor_calls_on_pot_odds():
    # 5 6 7, the hand it checks above, facing the opening bet: its share is below its fair
    # one, so it does not raise, but the pot it plays for, once everyone in has matched the
    # bet, pays the call.
    game, state = deal(["Ab 5c Cd", "5b 6c 7d", "6b 7c Fd", "Rb Rc Rd", "2b 4c 3s 6s"])
    state.apply("punta 2")
    table = lib.read_request(request_for(state, game))
    share = lib.odds(table).share
    assert table.pot_called == 4 + 2 + 3 * 2 and share < 1 / 4 and share * table.pot_called >= table.to_call
    assert decide(state, game, new_bot(VegasValueBot, seat=1)) == "vedi"
    # The price is what call_margin scales: the hopeless hand calls when it is nearly nothing.
    game, state = deal(SIX)
    to_last_round_facing_a_bet(state, 6)
    table = lib.read_request(request_for(state, game))
    cheap = lib.odds(table).share * table.pot_called / table.to_call - 1 - 0.01
    assert decide(state, game, new_bot(VegasValueBot, {"call_margin": cheap}, seat=1, players=6)) == "vedi"
    assert decide(state, game, new_bot(VegasValueBot, {"call_margin": cheap + 0.02}, seat=1, players=6)) == "lascia"


def mean_chips(players_lineup, matches: int, seed: int) -> tuple[float, float, int]:
    """Seat 0's bot (rotated through every seat) against the rest: its mean net chips per
    hand, the standard error of that mean, and the hands played."""
    nets = []
    first = players_lineup[0][0]
    for k in range(matches):
        turn = k % len(players_lineup)
        seated = players_lineup[turn:] + players_lineup[:turn]
        record = play(len(seated), seated, seed=seed + k, deals=10, match_id=f"strength-{first}-{k}")
        assert record.faults == ()
        seat = [name for name, _, _ in seated].index(first)
        nets += [event.net[seat] for event in record.history if isinstance(event, HandEnded)]
    return statistics.mean(nets), statistics.stdev(nets) / len(nets) ** 0.5, len(nets)


@pytest.mark.parametrize("field", [RandomBot, VegasCallerBot], ids=lambda cls: cls.name)
def test_the_value_bettor_beats_random_and_the_caller_in_chips(field):
    """Four players: the value bettor and three of `field`, 32 seeded matches of 10 hands,
    the value bettor in each seat in turn.  Net chips sum to 0 in a hand, so the field
    loses what it wins; its mean must stand clear of its noise (3 standard errors).
    Measured: +4.92 ± 0.39 chips/hand against random, +2.17 ± 0.31 against the caller."""
    lineup = [("value", VegasValueBot, {})] + [(f"{field.name}{i}", field, {}) for i in range(3)]
    mean, error, hands = mean_chips(lineup, matches=32, seed=7000)
    assert hands == 320
    assert mean > 3 * error and mean >= 0.5, (mean, error)


# --- the bluffer -----------------------------------------------------------------------------


def test_the_bluffer_calls_its_bluff_down_unless_it_is_hopeless():
    game, state = deal(SIX)
    checks(state, 1)
    bluffer = new_bot(VegasBlufferBot, {"bluff": 1.0}, seat=1, players=6)
    table = lib.read_request(request_for(state, game))
    assert lib.edge(table, lib.odds(table)) < 0  # a weak hand: the value bettor checks it
    assert decide(state, game, new_bot(VegasValueBot, seat=1, players=6)) == "busso"
    assert decide(state, game, bluffer) == "punta 2"  # the bluff
    state.apply("punta 2")
    for _ in range(5):
        state.apply("vedi")
    checks(state, 3 * 6)
    state.apply("punta 2")
    assert lib.odds(lib.read_request(request_for(state, game))).any_share >= 0.05
    # Its hand is as hopeless as in the value bettor's fold test, but it bluffed: it calls.
    assert decide(state, game, new_bot(VegasValueBot, seat=1, players=6)) == "lascia"
    assert decide(state, game, bluffer) == "vedi"
    # ... unless its chance of any chips is below give_up, and a bluffer that has not
    # bluffed in this hand folds like the value bettor.
    quitter = new_bot(VegasBlufferBot, {"bluff": 1.0, "give_up": 0.9}, seat=1, players=6)
    quitter.bluffed_hand = table.hand
    assert decide(state, game, quitter) == "lascia"
    assert decide(state, game, new_bot(VegasBlufferBot, {"bluff": 0.0}, seat=1, players=6)) == "lascia"


def test_the_bluffer_bets_weak_hands_on_its_seeded_schedule():
    """Over many weak-hand spots with nothing bet: the value bettor never bets, the
    bluffer bets about `bluff` of them, the same ones for the same match and seat, other
    ones for another seed; with bluff 0 and rebluff 0 it is the value bettor."""
    rng = random.Random(3)
    spots = []
    while len(spots) < 80:
        game = engine.load("vegas", players=rng.randint(3, 6))
        state = random_position(game, rng, deals=1, moves=20)
        if state is None:
            continue
        request = request_for(state, game)
        table = lib.read_request(request)
        if table.to_call == 0 and lib.edge(table, lib.odds(table)) < 0:
            spots.append((state, request))

    def bets(cls, params, match="w"):
        return [
            state.legal_actions()[new_bot(cls, params, state.current_seat(), f"{match}{i}").act(request)].text
            == "punta 2"
            for i, (state, request) in enumerate(spots)
        ]

    assert not any(bets(VegasValueBot, {}))
    bluffs = bets(VegasBlufferBot, {"bluff": 0.3})
    assert 0.15 * len(spots) <= sum(bluffs) <= 0.45 * len(spots)
    assert bets(VegasBlufferBot, {"bluff": 0.3}) == bluffs
    assert bets(VegasBlufferBot, {"bluff": 0.3, "seed": 9}) != bluffs
    for state, request in spots[:30]:
        seat = state.current_seat()
        plain = new_bot(VegasBlufferBot, {"bluff": 0.0, "rebluff": 0.0}, seat).act(request)
        assert plain == new_bot(VegasValueBot, {}, seat).act(request)


def test_the_bluffers_bets_count_as_bluffs_in_the_statistics():
    """The table's bluff % counts bets made with under 25% chance of any chips: a bluffer
    that bets every weak hand makes some; the value bettor, betting only above its fair
    share, makes none."""
    game = engine.load("vegas", players=4)
    for name, cls, params, expect in (
        ("bluffer", VegasBlufferBot, {"bluff": 1.0}, True),
        ("value", VegasValueBot, {}, False),
    ):
        lineup = [
            (name, cls, params),
            ("c1", VegasCallerBot, {}),
            ("c2", VegasCallerBot, {}),
            ("c3", VegasCallerBot, {}),
        ]
        record = play(4, lineup, seed=41, deals=10, match_id=f"stats-{name}")
        stats = game.seat_statistics(record.history)[0]
        assert stats.bets > 0
        assert (stats.bluffs > 0) is expect, stats


# --- the README ------------------------------------------------------------------------------


@pytest.mark.parametrize("bot_class", VEGAS_BOTS, ids=lambda b: b.name)
def test_every_vegas_bot_is_described_in_bots_readme_as_in_its_hello(bot_class) -> None:
    readme = (Path(__file__).resolve().parent.parent / "bots" / "README.md").read_text()
    assert bot_class.games == ("vegas",)
    assert f"**{bot_class.name}**" in readme and bot_class.description in readme
