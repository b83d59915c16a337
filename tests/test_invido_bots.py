"""Tests of the invido bots (bots/invido_rules.py, bots/invido_bluffer.py) and their
shared helpers (the bots.invido package).

No gRPC: requests are built from engine states with arena.play.GameWire, exactly as the
referee builds them, and handed to each bot's `act`.
"""

from __future__ import annotations

import itertools
import random
from math import comb
from pathlib import Path

import pytest

import engine
from arena.play import GameWire
from arena.v1 import arena_pb2 as pb
from bots import invido as lib
from bots.invido_bluffer import InvidoBlufferBot
from bots.invido_rules import InvidoRulesBot
from bots.random_bot import RandomBot
from engine.invido import Answered, Called, GiocataDealt, Kind, MonteCalled, giocata_winner

GAME = engine.load("invido")
WIRE = GameWire(GAME)
BOTS = [
    (InvidoRulesBot, {}),
    (InvidoRulesBot, {"raise_at": 0.65, "reraise_at": 0.75, "accept_margin": 0.3, "doubt": 0.2}),
    (InvidoBlufferBot, {}),
    (InvidoBlufferBot, {"aggression": 0.9, "max_bluff": 24, "rebluff": 0.5}),
]


def request_for(state, game=GAME, wire=WIRE) -> pb.DecisionRequest:
    seat = state.current_seat()
    return pb.DecisionRequest(
        decision_id=1,
        time_limit_ms=1000,
        view=wire.view(state.view(seat)),
        legal_actions=wire.actions(state.legal_actions()),
    )


def new_bot(cls, params=None, seat=0, match_id="m"):
    bot = cls(dict(params or {}))
    bot.on_match_start(pb.MatchStart(match_id=match_id, seat=seat, game="invido", players=2))
    return bot


def decide(state, cls=InvidoRulesBot, params=None, **kw) -> str:
    """The text of the action `cls` chooses at `state` (a fresh bot for the seat to act)."""
    bot = new_bot(cls, params, seat=state.current_seat(), **kw)
    index = bot.act(request_for(state))
    return state.legal_actions()[index].text


def run(state, *moves: tuple[int, str]):
    for seat, text in moves:
        assert state.current_seat() == seat, f"seat {seat} is not to act before {text!r}"
        state.apply(text)
    return state


def random_positions(count: int, seed: int, vado_dentro: bool = False):
    """(game, state) at random decision points of random playouts, later giocate too."""
    rng = random.Random(seed)
    game = engine.load("invido", vado_dentro=vado_dentro)
    out = []
    while len(out) < count:
        state = game.new_match(seed=rng.randrange(1 << 30))
        for _ in range(rng.randrange(0, 80)):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            # Fewer folds than uniform, so that giocate get played into later tricks.
            choice = rng.choice(legal)
            if choice.text == "vado via" and rng.random() < 0.8:
                choice = legal[0]
            state.apply(choice)
        if not state.is_terminal():
            out.append((game, state))
    return out


POSITIONS = random_positions(300, seed=2024)


def win_rate(a, b, matches: int, seed: int) -> float:
    """Share of matches bot `a` wins against `b`: `matches` deal seeds, both seatings."""
    wins = 0
    for k in range(matches):
        for a_seat in (0, 1):
            state = GAME.new_match(seed=seed + k)
            bots = [None, None]
            for seat, (cls, params) in ((a_seat, a), (1 - a_seat, b)):
                bots[seat] = new_bot(cls, params, seat=seat, match_id=f"t{k}-{a_seat}")
            while not state.is_terminal():
                seat = state.current_seat()
                legal = state.legal_actions()
                state.apply(legal[bots[seat].act(request_for(state))])
            wins += state.result().ranks[a_seat] == 0 and state.result().ranks[1 - a_seat] == 1
    return wins / (2 * matches)


# --- the solver -----------------------------------------------------------------------------


def test_decided_agrees_with_the_engine_on_every_trick_sequence():
    to_engine = {1: 0, -1: 1, 0: None}
    for n in (1, 2, 3):
        for outcomes in itertools.product((1, -1, 0), repeat=n):
            # only sequences the engine can reach: nothing after a decided prefix
            if any(lib.decided(outcomes[:i]) not in (None,) for i in range(1, n)):
                continue
            expected = giocata_winner([to_engine[o] for o in outcomes])
            got = lib.decided(outcomes)
            if got == 0:
                assert n == 3 and expected is None and outcomes == (0, 0, 0)
            else:
                assert got == (None if expected is None else (1 if expected == 0 else -1))


def test_opponent_hands_weights_are_the_deal_counts():
    unseen = (4, 3, 4, 2, 4, 4, 1, 4)
    for size in (0, 1, 2, 3):
        hands = lib.opponent_hands(unseen, size)
        assert sum(w for _, w in hands) == comb(sum(unseen), size)
        assert all(len(h) == size and list(h) == sorted(h) for h, _ in hands)


def test_solve_a_three_cannot_lose_a_trick():
    # I lead a 3 against anything: the trick is mine or tied, never theirs.
    for opp in itertools.combinations_with_replacement(range(8), 1):
        assert lib.play_value((7,), opp, (1, -1), True, None, 7) == 1


def test_a_three_after_the_first_won_trick_is_a_sure_win_in_every_random_position():
    checked = 0
    for _, state in POSITIONS:
        pos = lib.read_request(request_for(state))
        if lib.secured_by_three(pos):
            assert lib.analyse(pos).sure_win, state.view(pos.seat)
            checked += 1
    assert checked >= 5


def test_the_opponents_calls_are_read_from_the_current_giocata_only():
    """A request's view holds the current giocata's events: the opponent's score calls,
    acceptances (va bene to a call, no to an a monte) and a montes counted from them are
    exactly those since the giocata was dealt in the seat's whole history."""
    with_calls = earlier_calls = 0
    for _, state in POSITIONS:
        seat = state.current_seat()
        other = 1 - seat
        whole = state.events_for(seat)
        start = max(i for i, event in enumerate(whole) if isinstance(event, GiocataDealt))
        giocata = [event for event in whole[start:] if getattr(event, "seat", None) == other]
        raises = sum(isinstance(event, Called) for event in giocata)
        montes = sum(isinstance(event, MonteCalled) for event in giocata)
        accepts = sum(
            isinstance(event, Answered) and event.answer is (Kind.NO if event.to_monte else Kind.VA_BENE)
            for event in giocata
        )
        pos = lib.read_request(request_for(state))
        assert (pos.opp_raises, pos.opp_accepts, pos.opp_montes) == (raises, accepts, montes)
        with_calls += raises + accepts + montes > 0
        earlier_calls += any(isinstance(event, Called) and event.seat == other for event in whole[:start])
    assert with_calls >= 100 and earlier_calls >= 100  # earlier giocate's calls do not count


# --- every bot, every position ----------------------------------------------------------------


@pytest.mark.parametrize("cls, params", BOTS)
def test_every_bot_returns_a_legal_index(cls, params):
    positions = POSITIONS[:150] + random_positions(60, seed=77, vado_dentro=True)
    for k, (game, state) in enumerate(positions):
        wire = WIRE if game is GAME else GameWire(game)
        request = request_for(state, game, wire)
        bot = new_bot(cls, params, seat=state.current_seat(), match_id=f"p{k}")
        index = bot.act(request)
        assert isinstance(index, int)
        assert 0 <= index < len(request.legal_actions)
        assert state.can_apply(state.legal_actions()[index])
        assert "vado dentro" not in request.legal_actions[index].text


@pytest.mark.parametrize("cls, params", BOTS)
def test_bots_are_deterministic_for_a_match_and_seat(cls, params):
    for k, (_, state) in enumerate(POSITIONS[:80]):
        request = request_for(state)
        seat = state.current_seat()
        first = new_bot(cls, params, seat, f"d{k}").act(request)
        again = new_bot(cls, params, seat, f"d{k}").act(request)
        assert first == again


def test_the_bluffer_seed_changes_its_bluffs():
    weak = [s for _, s in POSITIONS if "call invido (3)" in [a.text for a in s.legal_actions()]]
    choices = {
        seed: [
            decide(s, InvidoBlufferBot, {"seed": seed, "aggression": 0.5}, match_id=f"s{i}") for i, s in enumerate(weak)
        ]
        for seed in (1, 2)
    }
    assert choices[1] != choices[2]


# --- the rule player ------------------------------------------------------------------------


def test_manual_example_1_the_rule_player_plays_g1():
    # G1 = seat 1 holds 3c 2b As; G2 = seat 0 holds 6s 7c Rd and leads.
    g1, g2 = 1, 0
    state = GAME.new_match(seed=7, hands=["6s 7c Rd", "3c 2b As"])
    run(state, (g2, "a monte"))
    assert decide(state) == "no"  # "risponde con No in quanto le sue carte sono buone"
    run(state, (g1, "no"), (g2, "play Rd"))
    # The manual's G1 takes the trick with the ace, then raises: with the 3 kept back it
    # can no longer lose.  The rule player sees that one step earlier (the ace takes the
    # king whatever happens) and raises at once.
    assert decide(state) == "call invido (3)"
    # (G2 used its a monte of this trick; the manual's G2 goes away, this one accepts.)
    run(state, (g1, "call invido (3)"), (g2, "va bene"))
    assert decide(state) == "play As"  # the cheapest card that wins the trick
    run(state, (g1, "play As"))
    # G1 leads with a 3 in hand after taking the first trick: the giocata is won.
    pos = lib.read_request(request_for(state))
    assert lib.secured_by_three(pos) and lib.analyse(pos).sure_win
    assert decide(state) in ("play 2b", "play 3c")  # its own raise was the last: no call


def test_the_rule_player_never_folds_holding_a_three_after_winning_the_first_trick():
    checked = raised = 0
    for params in ({}, {"raise_at": 0.9, "reraise_at": 0.95, "accept_margin": 0.6, "doubt": 0.01}):
        for _, state in POSITIONS:
            pos = lib.read_request(request_for(state))
            if not lib.secured_by_three(pos):
                continue
            text = decide(state, InvidoRulesBot, params)
            checked += 1
            assert text != "vado via"
            assert text != "a monte"
            if pos.monte_by_opp:
                assert text == "no"  # never call off a giocata it cannot lose
            elif any(a.text.startswith("call ") for a in state.legal_actions()):
                assert text.startswith("call ")  # and it raises whenever it may
                raised += 1
    assert checked >= 10 and raised >= 3


def test_the_rule_player_raises_and_accepts_with_strong_hands():
    strong = ["3c 3b 2s", "3c 2b As", "3d 3s 3b"]
    for hand in strong:
        # Leading the first trick: raise.
        state = GAME.new_match(seed=1, hands=[hand, "6s 7c Rd"])
        assert decide(state) == "call invido (3)", hand
        # Facing the opponent's invido: accept or raise again, never fold.
        state = GAME.new_match(seed=1, hands=["6s 7c Rd", hand])
        run(state, (0, "call invido (3)"))
        assert decide(state) in ("va bene", "call tras mas (6)"), hand


def test_the_rule_player_folds_or_calls_off_weak_hands_facing_a_raise():
    for hand in ["6s 6c 7d", "6b 7c Fd", "7s 6d Fc"]:
        state = GAME.new_match(seed=1, hands=["3c 2b As", hand])
        run(state, (0, "call invido (3)"))
        assert decide(state) in ("a monte", "vado via"), hand
        run(state, (1, "a monte"), (0, "no"))
        assert decide(state) == "vado via", hand
    # ... and never raises with them on its own turn.
    state = GAME.new_match(seed=1, hands=["6s 6c 7d", "3c 2b As"])
    assert not decide(state).startswith("call ")


def card_choice(state) -> str:
    """The card the rule player plays here: its calls are accepted, its a monte refused."""
    for _ in range(6):
        seat = state.current_seat()
        text = decide(state)
        if text.startswith("play "):
            return text
        state.apply(text)
        assert state.current_seat() == 1 - seat
        state.apply("va bene" if text.startswith("call ") else "no")
    raise AssertionError("no card played")


def test_the_rule_player_plays_the_cheapest_winning_card_and_throws_the_lowest():
    # The opponent leads a 7: the ace is the cheapest card that takes it (and keeps the 3).
    state = GAME.new_match(seed=1, hands=["7c Fd Cb", "3c As 6d"])
    run(state, (0, "play 7c"))
    assert card_choice(state) == "play As"
    # A cavallo led, and R 2 7 in hand: the king takes it, and keeps the 2.
    state = GAME.new_match(seed=1, hands=["Cc Fd 6b", "Rb 2c 7d"])
    run(state, (0, "play Cc"))
    assert card_choice(state) == "play Rb"
    # The opponent leads a 3 that nothing can take: throw the lowest card.
    state = GAME.new_match(seed=1, hands=["3c Fd Cb", "Ab 7c 6d"])
    run(state, (0, "play 3c"))
    pos = lib.read_request(request_for(state))
    assert lib.analyse(pos).best_card == 0  # the 6
    assert card_choice(state) == "play 6d"
    # A 2 led, 2 7 6 in hand: tying with the 2 leaves 7 6 for the deciding trick, so
    # the 6 goes, and the 2 stays to win the second trick.
    state = GAME.new_match(seed=1, hands=["2c Fd Cb", "2b 7c 6d"])
    run(state, (0, "play 2c"))
    assert card_choice(state) == "play 6d"


def test_the_rule_player_accepts_a_monte_only_when_behind():
    # Strong hand: refuse the a monte; weak hand: accept it.
    state = GAME.new_match(seed=1, hands=["6s 7c Rd", "3c 2b As"])
    run(state, (0, "a monte"))
    assert decide(state) == "no"
    state = GAME.new_match(seed=1, hands=["3c 2b As", "6s 7c Rd"])
    run(state, (0, "a monte"))
    assert decide(state) == "va bene"


@pytest.mark.parametrize("cls, params", [(InvidoRulesBot, {}), (InvidoBlufferBot, {})])
def test_beats_random_by_a_clear_margin(cls, params):
    rate = win_rate((cls, params), (RandomBot, {}), matches=100, seed=500)
    assert rate >= 0.9, rate


# --- the bluffer --------------------------------------------------------------------------------


def test_the_bluffer_raises_on_weak_hands_more_often_than_the_rule_player():
    weak = []
    for _, state in POSITIONS:
        pos = lib.read_request(request_for(state))
        if pos.pending is None and pos.raise_to is not None and not pos.monte_by_opp and lib.analyse(pos).equity < 0:
            weak.append(state)
    assert len(weak) >= 30
    raises = {}
    for cls in (InvidoRulesBot, InvidoBlufferBot):
        raises[cls] = sum(
            decide(s, cls, {"aggression": 0.5}, match_id=f"w{i}").startswith("call ") for i, s in enumerate(weak)
        )
    assert raises[InvidoRulesBot] == 0
    assert raises[InvidoBlufferBot] >= len(weak) // 6
    # aggression 0 is the rule player
    assert all(decide(s, InvidoBlufferBot, {"aggression": 0}) == decide(s, InvidoRulesBot) for s in weak[:30])


@pytest.mark.parametrize("bot_class", [InvidoRulesBot, InvidoBlufferBot], ids=lambda b: b.name)
def test_every_invido_bot_is_described_in_bots_readme_as_in_its_hello(bot_class) -> None:
    readme = (Path(__file__).resolve().parent.parent / "bots" / "README.md").read_text()
    assert f"**{bot_class.name}**" in readme and bot_class.description in readme
