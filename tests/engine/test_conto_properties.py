"""Properties of conto over random playouts: 3–8 players, every option combination.

Hypothesis draws the table (players, options, seed, deals) and a playout policy (how
eagerly the bill is called: never calling it drives hands to the termination cap).
Settings are derandomized and database-less, so a run is the same on every machine.

Checked along every path:
- every hand ends within a bound that follows from the rulings, and a seat to act always
  has a legal move (no passing, no dead end);
- `legal_actions()` equals an independent reading of RULINGS.md §conto, and over a
  universe of candidate actions `can_apply` agrees with it exactly; refusals leave the
  state untouched; every legal action applies;
- a seat's view holds its own remaining cards and no other seat's hidden cards;
- `replay(history)` rebuilds the same history and views, and a match rebuilt midway
  plays on with the same deals; action text round-trips;
- a seed fixes the match, and the deal of seed 1 is pinned (golden).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.conto import (
    JOKER,
    MAX_QUANTITY,
    RANKS,
    BillCalled,
    ContoAction,
    Declared,
    Forfeited,
    HandDealt,
    Move,
    Portata,
    Showdown,
)

PROFILE = dict(
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=False,
    suppress_health_check=[HealthCheck.too_slow],
)


# --- the table and the policy ------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    players: int
    hand_size: int
    courses: int
    oste: bool
    seed: int
    deals: int
    policy: int  # seed of the random policy
    bill: float | None  # chance of calling the bill when allowed; None = uniform

    def game(self) -> engine.Game:
        return engine.load(
            "conto",
            players=self.players,
            hand_size=self.hand_size,
            courses=self.courses,
            oste=self.oste,
        )


@st.composite
def tables(draw, max_deals: int = 3) -> Table:
    players = draw(st.integers(3, 8))
    hand_size = draw(st.sampled_from([5, 6])) if players >= 6 else 6
    return Table(
        players=players,
        hand_size=hand_size,
        courses=draw(st.sampled_from([2, 3])),
        oste=draw(st.booleans()),
        seed=draw(st.integers(0, 2**63 - 1)),
        deals=draw(st.integers(1, max_deals)),
        policy=draw(st.integers(0, 2**32 - 1)),
        bill=draw(st.sampled_from([None, 0.0, 0.05, 0.3])),
    )


def choose(legal: tuple[ContoAction, ...], rng: random.Random, bill: float | None) -> ContoAction:
    if bill is None:
        return rng.choice(legal)
    declarations = [a for a in legal if a.kind is not Move.CONTO]
    if not declarations or (len(declarations) < len(legal) and rng.random() < bill):
        return legal[0] if legal[0].kind is Move.CONTO else rng.choice(legal)
    return rng.choice(declarations)


def decision_bound(state: engine.State) -> int:
    """The most decisions one hand can take under the rulings.

    Ordinazione and abbondare add a card to the plate, whose total is capped by the cards
    dealt and by 12 a portata; between two such moves each portata can be spiced at most
    12 times (its rank only rises); then one bill.
    """
    view = state.view(0)
    cards = min(view.cards_dealt, MAX_QUANTITY * view.courses)
    spices = 12 * view.courses
    return cards * (spices + 1) + spices + 1


def playout(table: Table, on_state=None, max_decisions: int = 100_000) -> engine.State:
    """Play the table's match with its policy; call `on_state(state, step)` before each move."""
    state = table.game().new_match(seed=table.seed, deals=table.deals)
    rng = random.Random(table.policy)
    step = 0
    in_hand = 0
    hand = 1
    bound = decision_bound(state)
    while not state.is_terminal():
        assert step < max_decisions
        if on_state is not None:
            on_state(state, step)
        legal = state.legal_actions()
        assert legal, "a seat to act always has a legal move"
        state.apply(choose(legal, rng, table.bill))
        step += 1
        in_hand += 1
        assert in_hand <= bound, f"hand {hand} is still running after {in_hand} decisions"
        if state.view(0).hand_number != hand:
            hand, in_hand = state.view(0).hand_number, 0
            bound = decision_bound(state)
    return state


# --- an independent reading of the rulings -----------------------------------------------


def reference_legal(view) -> set[ContoAction]:
    """RULINGS.md §conto 1–5, written from the text, for the seat whose view this is."""
    plate = view.plate
    revealed = {card.rank for card in view.revealed}
    hand = set(view.hand)
    legal: set[ContoAction] = set()
    if plate:
        legal.add(ContoAction(Move.CONTO))

    def offer(kind: Move, slot: int, new: Portata) -> None:
        after = list(plate)
        if slot == len(after):
            after.append(new)
        else:
            after[slot] = new
        ranks = [p.rank for p in after]
        if len(set(ranks)) != len(ranks):
            return
        if new.quantity > MAX_QUANTITY or sum(p.quantity for p in after) > view.cards_dealt:
            return
        if new.rank in revealed:
            legal.add(ContoAction(kind, slot, tuple(after), None))
        elif new.rank in hand:
            legal.add(ContoAction(kind, slot, tuple(after), new.rank))

    if len(plate) < view.courses:
        for rank in RANKS:
            offer(Move.ORDINAZIONE, len(plate), Portata(rank, 1))
    for slot, portata in enumerate(plate):
        for rank in RANKS[RANKS.index(portata.rank) + 1 :]:
            offer(Move.SPEZIARE, slot, Portata(rank, portata.quantity))
        for rank in RANKS:
            offer(Move.ABBONDARE, slot, Portata(rank, portata.quantity + 1))
    return legal


def universe(state: engine.State) -> list[ContoAction]:
    """Every kind × slot × rank (jokers too) × quantity 1..13 × reveal or not, plus bills."""
    plate = state.view(state.current_seat()).plate
    out = [
        ContoAction(Move.CONTO),
        ContoAction(Move.CONTO, 0),
        ContoAction(Move.CONTO, None, plate),
        ContoAction(Move.CONTO, None, (), "A"),
    ]
    for kind in (Move.ORDINAZIONE, Move.SPEZIARE, Move.ABBONDARE):
        for slot in range(min(len(plate), 2) + 1):
            for rank in RANKS + JOKER:
                for quantity in range(1, MAX_QUANTITY + 2):
                    after = list(plate)
                    if slot == len(after):
                        after.append(Portata(rank, quantity))
                    else:
                        after[slot] = Portata(rank, quantity)
                    for reveals in (None, rank):
                        out.append(ContoAction(kind, slot, tuple(after), reveals))
                        if slot < len(plate):
                            # The same plate said to change another slot.
                            out.append(ContoAction(kind, (slot + 1) % 3, tuple(after), reveals))
    return out


def snapshot(state: engine.State) -> tuple:
    return (
        state.history,
        tuple(state.view(s) for s in range(state.game.players)),
        state.legal_actions(),
        state.current_seat(),
        state.result(),
    )


# --- properties --------------------------------------------------------------------------


@settings(max_examples=150, **PROFILE)
@given(tables())
def test_every_hand_ends_and_a_seat_to_act_always_has_a_move(table: Table) -> None:
    state = playout(table)
    assert state.is_terminal()
    assert state.current_seat() is None
    assert state.legal_actions() == ()
    results = state.deal_results()
    assert [r.deal for r in results] == list(range(1, table.deals + 1))
    for result in results:
        assert sorted(result.ranks) == [0] * (table.players - 1) + [table.players - 1]
        assert result.forfeit is None
    assert sum(state.standing()) == table.deals
    assert len([e for e in state.history if isinstance(e, Showdown)]) == table.deals


@settings(max_examples=80, **PROFILE)
@given(tables())
def test_legal_actions_follow_the_rulings(table: Table) -> None:
    def check(state: engine.State, step: int) -> None:
        seat = state.current_seat()
        legal = state.legal_actions()
        assert len(set(legal)) == len(legal), "no action is listed twice"
        assert set(legal) == reference_legal(state.view(seat))
        for action in legal:
            # Legal-move generation builds its actions without __init__: the same key and text.
            built = ContoAction(action.kind, action.slot, action.plate, action.reveals)
            assert (action.key, action.text) == (built.key, built.text)
            assert state.parse_action(action.text) == action
            assert state.parse_action(str(action)) == action
            assert state.can_apply(action.text)

    playout(table, check)


@pytest.mark.slow
@settings(max_examples=18, **PROFILE)
@given(tables(max_deals=2), st.integers(0, 2**32 - 1))
def test_apply_accepts_exactly_the_legal_actions(table: Table, sample: int) -> None:
    rng = random.Random(sample)

    def check(state: engine.State, step: int) -> None:
        # The whole universe at early states and near the cap, every 5th state otherwise.
        legal = state.legal_actions()
        if not (step < 6 or step % 5 == 0 or len(legal) <= 4):
            return
        before = snapshot(state)
        legal_set = set(legal)
        refused = []
        for action in universe(state):
            ok = state.can_apply(action)
            assert ok == (action in legal_set), action
            if not ok:
                refused.append(action)
        assert snapshot(state) == before
        for action in rng.sample(refused, 3):
            with pytest.raises(engine.IllegalAction) as info:
                state.apply(action)
            assert action.text in str(info.value)
            assert "is not legal now" not in str(info.value), "the message must say why"
            assert snapshot(state) == before
        # A legal declaration with the wrong card revealed is refused, object or text.
        for action in legal:
            if action.kind is not Move.CONTO:
                new = action.plate[action.slot].rank
                wrong = RANKS[(RANKS.index(new) + 1) % 13]
                variant = ContoAction(action.kind, action.slot, action.plate, wrong)
                assert not state.can_apply(variant)
                assert state.parse_action(variant.text) == variant
                refused.append(variant)
        # Text is read as written (only a forced reveal may be filled in).
        for action in rng.sample(refused, 20) + list(legal) + refused[-len(legal) :]:
            parsed = state.parse_action(action.text)
            if action.kind is Move.CONTO:
                assert parsed == state.game.bill  # "il conto" carries nothing else
                continue
            assert parsed.plate == action.plate and parsed.kind is action.kind
            if action.reveals is not None:
                assert parsed.text == action.text
            assert state.can_apply(action.text) == (parsed in legal_set)
        for action in legal:
            clone = state.clone()
            event = clone.apply(action)
            assert event in clone.history
            assert len(clone.history) > len(state.history)
        assert snapshot(state) == before  # clones are independent

    playout(table, check)


@settings(max_examples=60, **PROFILE)
@given(tables())
def test_a_view_never_shows_another_seats_hidden_cards(table: Table) -> None:
    def check(state: engine.State, step: int) -> None:
        history = state.history
        dealt = [e for e in history if isinstance(e, HandDealt)][-1]
        since = history[history.index(dealt) :]
        remaining = {h.seat: list(h.cards) for h in dealt.hands}
        for event in since:
            if isinstance(event, Declared) and event.action.reveals:
                remaining[event.seat].remove(event.action.reveals)
        for seat in range(table.players):
            view = state.view(seat)
            assert sorted(view.hand) == sorted(remaining[seat])
            assert view.hand_sizes == tuple(len(remaining[s]) for s in range(table.players))
            # The current deal's events as the seat sees them, from its HandDealt on.
            assert view.deal_events == state.events_for(seat, history.index(dealt))
            assert view.deal_events[0].hand_number == dealt.hand_number == view.hand_number
            previous = None
            for event in view.deal_events:
                assert event is not None
                if isinstance(event, HandDealt):
                    assert event.seed is None, "the seed would give every hand away"
                    for h in event.hands:
                        assert h.cards == (() if h.seat != seat else h.cards)
                        assert h.size == len(h.cards) or h.seat != seat
                    mine = event.hands[seat]
                    assert len(mine.cards) == mine.size
                if isinstance(event, Showdown):
                    assert isinstance(previous, BillCalled)
                    assert previous.hand_number == event.hand_number
                previous = event

    playout(table, check)


@settings(max_examples=60, **PROFILE)
@given(tables(), st.data())
def test_replay_rebuilds_the_history_and_every_view(table: Table, data) -> None:
    cut = data.draw(st.integers(0, 40), label="cut")
    prefixes = []

    def check(state: engine.State, step: int) -> None:
        if step == cut:
            prefixes.append((state.history, snapshot(state)))

    state = playout(table, check)
    prefixes.append((state.history, snapshot(state)))
    game = table.game()
    for history, seen in prefixes:
        again = game.replay(history)
        assert again.history == history
        assert snapshot(again) == seen
    if len(prefixes) == 2:
        # A match rebuilt midway and played on with the same moves is the same match:
        # the hands dealt after the cut come from the same seed.
        again = game.replay(prefixes[0][0])
        for event in state.history[len(prefixes[0][0]) :]:
            if isinstance(event, Declared):
                again.apply(event.action)
            elif isinstance(event, BillCalled):
                again.apply(again.game.bill)
        assert again.history == state.history


@settings(max_examples=40, **PROFILE)
@given(tables())
def test_the_same_seed_gives_the_same_match(table: Table) -> None:
    first = playout(table)
    second = playout(table)
    assert first.history == second.history
    assert first.result() == second.result()


@settings(max_examples=30, **PROFILE)
@given(tables(max_deals=2), st.integers(0, 50), st.integers(0, 7))
def test_a_forfeit_costs_the_faulting_seat_the_hand(table: Table, at: int, seat: int) -> None:
    seat %= table.players
    state = table.game().new_match(seed=table.seed, deals=table.deals)
    rng = random.Random(table.policy)
    for _ in range(at):
        if state.view(0).hand_number > 1 or state.is_terminal():
            break
        state.apply(choose(state.legal_actions(), rng, table.bill))
    if state.is_terminal():
        return
    hand = state.view(0).hand_number
    state.forfeit(seat, "test")
    result = state.deal_results()[-1]
    assert (result.deal, result.forfeit) == (hand, seat)
    assert result.ranks[seat] == table.players - 1
    assert sorted(result.ranks) == [0] * (table.players - 1) + [table.players - 1]
    assert state.is_terminal() == (hand == table.deals)
    assert isinstance([e for e in state.history if isinstance(e, Forfeited)][-1], Forfeited)
    assert table.game().replay(state.history).history == state.history


OPTION_COMBINATIONS = [
    (players, hand_size, courses, oste)
    for players, hand_size, courses, oste in itertools.product(range(3, 9), (5, 6), (2, 3), (False, True))
    if hand_size == 6 or players >= 6
]


@pytest.mark.parametrize(("players", "hand_size", "courses", "oste"), OPTION_COMBINATIONS)
def test_every_option_combination_plays_by_the_rulings(players, hand_size, courses, oste) -> None:
    """One bill-averse match (to the cap) and one eager one, for each combination."""
    for bill in (0.0, 0.3):
        table = Table(players, hand_size, courses, oste, seed=players, deals=3, policy=7, bill=bill)

        def check(state: engine.State, step: int) -> None:
            view = state.view(state.current_seat())
            assert set(state.legal_actions()) == reference_legal(view)
            extra = 1 if courses == 3 else 0
            sizes = [hand_size + extra + (1 if s == view.oste else 0) for s in range(players)]
            assert view.cards_dealt == sum(sizes)

        state = playout(table, check)
        assert table.game().replay(state.history).history == state.history
        dealt = [e for e in state.history if isinstance(e, HandDealt)]
        assert len(dealt) == 3
        for previous, current in zip(dealt, dealt[1:]):
            if not oste:
                assert current.dealer == (previous.dealer + 1) % players
                assert current.oste is None
            else:
                assert current.oste == current.dealer


# --- the deal of a seed is pinned --------------------------------------------------------

# Recorded once from the implementation (seed 1, 4 players, default options).  If this
# test fails, shuffling or dealing changed and every stored seed now replays differently.
GOLDEN_SEED_1_HAND_1 = ["2 4 5 8 T A", "4 8 8 9 J A", "3 4 8 J Q K", "6 7 8 8 T A"]
GOLDEN_SEED_1_HAND_2 = ["3 4 7 T Q A", "2 5 6 Q Q K", "8 9 9 J K A", "3 6 7 8 J J"]


def test_a_seed_deals_the_same_cards_forever() -> None:
    state = engine.load("conto", players=4).new_match(seed=1, deals=2)
    first = state.history[0]
    assert isinstance(first, HandDealt)
    assert (first.hand_number, first.dealer) == (1, 3)
    assert [" ".join(h.cards) for h in first.hands] == GOLDEN_SEED_1_HAND_1
    state.forfeit(0, "to reach the second deal")
    second = state.history[-1]
    assert isinstance(second, HandDealt)
    assert (second.hand_number, second.dealer) == (2, 0)
    assert [" ".join(h.cards) for h in second.hands] == GOLDEN_SEED_1_HAND_2


def test_different_seeds_deal_different_cards() -> None:
    game = engine.load("conto", players=4)
    deals = {game.new_match(seed=seed).history[0].hands for seed in range(20)}
    assert len(deals) == 20
