"""Scenes for replays (`Game.scenes`, engine/<game>/scene.py), checked by random play.

Runs on each game in `engine.games()`: random legal play (with an occasional fault) from
hypothesis's seeds, then the scenes of the full history against the engine itself: one
scene per event and one seat scene per seat; after each action, replayed up to it, each
seat's hand is what the engine says it holds (and `to_act` who it asks, where the scene
says); no card of a hidden hand that was never shown appears in anything a spectator
reads; showdowns open the hands; and what each game's table shows.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import bridge, conto, frederik, invido, vegas

DEALS = 2
MAX_STEPS = 5_000
#: A seat faults now and then, so that the scenes of a forfeit are drawn too.
FAULT_RATE = 0.01


def _tables():
    for spec in engine.games():
        for players in sorted({spec.min_players, spec.default_players, spec.max_players}):
            yield pytest.param(spec.name, players, {}, id=f"{spec.name}-{players}p")
        for option in spec.options:
            value = next(v for v in option.choices if v != option.default)
            yield pytest.param(spec.name, None, {option.name: value}, id=f"{spec.name}-{option.name}={value!r}")


def _play(game: engine.Game, seed: int) -> tuple[tuple[engine.Event, ...], dict[int, engine.State]]:
    """The match's history, and a clone of the state after each action or fault, by the
    index of the event it wrote first (the action's own; automatic events follow it)."""
    state = game.new_match(seed=seed, deals=DEALS)
    rng = random.Random(seed)
    after: dict[int, engine.State] = {}
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            break
        written = len(state.history)
        if rng.random() < FAULT_RATE:
            try:
                state.forfeit(rng.randrange(game.players), "test fault")
            except engine.IllegalAction:
                continue
        else:
            state.apply(rng.choice(state.legal_actions()))
        after[written] = state.clone()
    assert state.is_terminal()
    return state.history, after


# --- what the engine says a seat holds, and whom it asks ------------------------------


def _held(state: engine.State, seat: int) -> tuple[str, ...]:
    view = state.view(seat)
    if isinstance(view, vegas.VegasView):
        return view.cards
    if isinstance(view, frederik.FrederikView):
        down = tuple(c.card for c in view.tableaux[seat].cards if not c.face_up)
        return down + view.drawn
    return view.hand  # type: ignore[attr-defined, no-any-return]


def _asked(state: engine.State) -> int | None:
    """Whom a scene names as `to_act` (a frederik answer or interrupt is asked unseen)."""
    turn = state.turn()
    if turn is None or turn.kind is not engine.DecisionKind.TURN:
        return None
    return turn.seat


#: Games whose scenes say who acts next (the worked examples leave it to the text).
_SAYS_TO_ACT = {"vegas", "bridge", "frederik"}
_ACTIONS = (
    conto.Declared,
    conto.BillCalled,
    invido.CardPlayed,
    invido.Called,
    invido.MonteCalled,
    invido.Answered,
    invido.WentAway,
    vegas.Acted,
    bridge.Called,
    bridge.CardPlayed,
    frederik.Kept,
    frederik.Returned,
    frederik.Acted,
    frederik.Responded,
)
_FORFEITS = (conto.Forfeited, invido.Forfeited, vegas.Forfeited, bridge.Forfeited, frederik.Forfeited)


# --- the checks ------------------------------------------------------------------------


def _check_shape(game: engine.Game, history, scenes) -> None:
    assert len(scenes) == len(history)
    for event, scene in zip(history, scenes, strict=True):
        assert isinstance(scene, engine.Scene)
        assert len(scene.seats) == game.players
        public = event.visible_to(-1)
        assert scene.text == (public.text if public is not None else "")
        assert scene.secret_text in ("", event.text)
        assert all(isinstance(title, str) and isinstance(text, str) for title, text in scene.table)
        # The deal is counted in the game's own word (`GameSpec.deal_word`), the word its log writes.
        assert scene.table[0][0] == game.spec.deal_word
        if event.starts_deal:
            assert event.text.startswith(f"{game.spec.deal_word} "), event.text


def _check_against_replays(game: engine.Game, history, scenes, after, extra: Callable | None) -> None:
    """After each action (or fault), the engine agrees with the scene after the last event
    it wrote (the automatic events that follow an action included).  The state is the one
    the play left (`after`), not the match replayed up to it each time: that was quadratic
    in the match's length (a 6-player frederik match took seconds), and replay is
    test_conformance.py's to check."""
    for k, event in enumerate(history):
        if not isinstance(event, _ACTIONS + _FORFEITS):
            continue
        state = after[k] if k in after else game.replay(history[: k + 1])
        written = len(state.history)
        if state.history != tuple(history[:written]):
            continue  # played on past the history (a new deal from another seed)
        scene = scenes[written - 1]
        for seat in range(game.players):
            assert Counter(scene.seats[seat].hand) == Counter(_held(state, seat)), (k, seat, scene)
        if game.spec.name in _SAYS_TO_ACT:
            assert scene.to_act == _asked(state), (k, scene)
        if extra is not None:
            extra(state, history[written - 1], scene)


_TOKEN = re.compile(r"[A-Za-z0-9]+")


def _tokens(*texts: str) -> set[str]:
    return {token for text in texts for token in _TOKEN.findall(text)}


def _check_no_leak(history, scenes) -> None:
    """No card of a closed hand that a spectator has not seen appears in what it reads.
    (Conto's cards are ranks, many copies each: its scenes show only what the public
    events say, checked by `_check_shape`.)"""
    known: set[str] = set()
    for event, scene in zip(history, scenes, strict=True):
        if type(event).starts_deal:
            known = set()
        known |= _tokens(scene.text)
        known |= {card for seat in scene.seats if seat.open for card in seat.hand}
        face_down = {card for s in scene.seats for k, card in enumerate(s.shown) if k in s.face_down}
        hidden = ({card for seat in scene.seats if not seat.open for card in seat.hand} | face_down) - known
        read = _tokens(*(text for _, text in scene.table), *(s.status for s in scene.seats))
        read |= {card for s in scene.seats for k, card in enumerate(s.shown) if k not in s.face_down}
        assert not hidden & read, (event.text, hidden & read, scene)
        known |= read


# --- per game --------------------------------------------------------------------------


def _table(scene: engine.Scene) -> dict[str, str]:
    return dict(scene.table)


def _conto(game: engine.Game, history, scenes) -> Callable:
    for event, scene in zip(history, scenes, strict=True):
        if isinstance(event, conto.Showdown):
            assert _table(scene)["plate"] == " ".join(p.text for p in event.plate)
            assert all(seat.open for seat in scene.seats)

    def extra(state, last, scene) -> None:
        if isinstance(last, conto.Declared):
            assert _table(scene)["plate"] == " ".join(p.text for p in state.plate)

    return extra


def _invido(game: engine.Game, history, scenes) -> Callable:
    for event, scene in zip(history, scenes, strict=True):
        if isinstance(event, invido.GiocataEnded) and event.hands:
            assert all(seat.open for seat in scene.seats)

    def extra(state, last, scene) -> None:
        view = state.view(0)
        assert _table(scene)["worth"] == str(view.value)
        if view.tricks and view.tricks[-1].cards:
            # The referee's scene holds a face-down card's face too, marked face down.
            giocata = state.history[max(i for i, e in enumerate(state.history) if isinstance(e, invido.GiocataDealt)) :]
            trick = max(e.trick for e in giocata if isinstance(e, invido.CardPlayed))
            played = {
                (e.seat, str(e.card), e.face_down)
                for e in giocata
                if isinstance(e, invido.CardPlayed) and e.trick == trick
            }
            drawn = {
                (s, card, k in seat.face_down)
                for s, seat in enumerate(scene.seats)
                for k, card in enumerate(seat.shown)
            }
            assert drawn == played
            seen = {(c.seat, "?" if c.face_down else c.card) for c in view.tricks[-1].cards}  # seat 0's view
            assert seen <= {(s, card) for s, card, _ in played} | {(s, "?") for s, _, down in played if down}

    return extra


def _vegas(game: engine.Game, history, scenes) -> Callable:
    for event, scene in zip(history, scenes, strict=True):
        if isinstance(event, vegas.HandEnded):
            for shown in event.shown:
                assert scene.seats[shown.seat].open
                assert Counter(scene.seats[shown.seat].hand) == Counter(shown.cards)
            opened = {shown.seat for shown in event.shown}
            assert all(seat.open == (s in opened) for s, seat in enumerate(scene.seats))
        elif isinstance(event, vegas.CardFlipped):
            assert event.card in _table(scene)["centre"].split()

    def extra(state, last, scene) -> None:
        view = state.view(0)
        table = _table(scene)
        assert table["pot"] == str(view.pot)
        assert table["centre"].split()[: len(view.flipped)] == list(view.flipped)
        assert table["centre"].count("?") == 4 - len(view.flipped)
        for seat in range(game.players):
            assert ("folded" in scene.seats[seat].status) == view.folded[seat]
            assert f"put in {view.put_in[seat]}" in scene.seats[seat].status

    return extra


def _bridge(game: engine.Game, history, scenes) -> Callable:
    exposed: int | None = None
    for event, scene in zip(history, scenes, strict=True):
        if isinstance(event, bridge.BoardDealt):
            exposed = None
        elif isinstance(event, bridge.DummyExposed):
            exposed = event.seat
            assert Counter(scene.seats[event.seat].hand) == Counter(event.cards)
        assert [seat.open for seat in scene.seats] == [s == exposed for s in range(4)]
        if isinstance(event, bridge.AuctionEnded):
            table = _table(scene)
            assert table["contract"] == ("passed out" if event.contract is None else event.contract.text)

    def extra(state, last, scene) -> None:
        view = state.view(0)
        table = _table(scene)
        if view.contract is not None:
            assert table["contract"] == view.contract.text
            assert table["tricks"] == f"N-S {view.tricks[0]}, E-W {view.tricks[1]}"
        if view.trick:
            assert {(c.seat, c.card) for c in view.trick} == {
                (s, card) for s, seat in enumerate(scene.seats) for card in seat.shown
            }

    return extra


def _frederik(game: engine.Game, history, scenes) -> Callable:
    for event, scene in zip(history, scenes, strict=True):
        if isinstance(event, frederik.DealEnded):
            for shown in event.hands:
                seat = scene.seats[shown.seat]
                assert seat.open
                assert Counter(seat.hand + seat.shown) == Counter(shown.cards)

    def extra(state, last, scene) -> None:
        view = state.view(0)
        assert _table(scene)["pile"] == f"{view.pile_size} cards"
        for tableau in view.tableaux:
            up = tuple(c.card for c in tableau.cards if c.face_up)
            assert scene.seats[tableau.seat].shown == up

    return extra


_PER_GAME = {"conto": _conto, "invido": _invido, "vegas": _vegas, "bridge": _bridge, "frederik": _frederik}


@pytest.mark.parametrize(("name", "players", "options"), list(_tables()))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_scenes_follow_the_match(name: str, players: int | None, options: dict, seed: int) -> None:
    try:
        game = engine.load(name, players=players, **options)
    except engine.OptionError:
        spec = engine.game_class(name).spec
        game = engine.load(name, players=spec.max_players, **options)
    history, after = _play(game, seed)
    scenes = game.scenes(history)
    _check_shape(game, history, scenes)
    extra = _PER_GAME[name](game, history, scenes) if name in _PER_GAME else None
    _check_against_replays(game, history, scenes, after, extra)
    if name != "conto":
        _check_no_leak(history, scenes)


def test_every_game_draws_scenes() -> None:
    for spec in engine.games():
        game = engine.load(spec.name)
        assert type(game).scenes is not engine.Game.scenes, spec.name
        assert len(game.scenes(game.new_match(seed=1).history)) == len(game.new_match(seed=1).history)
