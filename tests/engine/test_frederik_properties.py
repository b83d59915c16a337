"""Frederik properties over random legal play at 2–6 players (hypothesis, bounded).

A seeded chooser plays random legal actions, with an occasional fault.  The checks work
the rules out again from the full history rather than from the state's own fields: a
`Table` follows every card from the deal's pile through draws, keeps, returns,
discards, swaps and steals (so the 52 cards are conserved, and every view and event is
checked against it), and `expected_legal` lists a decision's legal actions from the
seed's wording.  Poker's ranking itself is cross-checked in test_frederik_hands.py.
"""

from __future__ import annotations

import random
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.frederik import (
    DECK,
    Acted,
    DealEnded,
    DealStarted,
    Drew,
    Forfeited,
    FrederikState,
    Kept,
    Move,
    Outcome,
    Phase,
    Resolved,
    Responded,
    Returned,
    best_with_borrow,
)

seeds = st.integers(min_value=0, max_value=2**32)
players = st.integers(min_value=2, max_value=6)
FAST = settings(max_examples=40, deadline=None)
ORDER = "23456789TJQKA"
SUITS = "cdhs"
HIGHER = {Move.SWAP_HIGHER, Move.DISCARD_HIGHER, Move.STEAL_HIGHER}
LOWER = {Move.SWAP_LOWER, Move.DISCARD_LOWER, Move.STEAL_LOWER}


def rank(card: str) -> int:
    return ORDER.index(card[0]) + 2


def number(card: str) -> int:
    return 1 if card[0] == "A" else rank(card)


def matches(card: str, other: str) -> bool:
    return other != card and (other[1] == card[1] or other[0] == card[0])


def shown(cards) -> str:
    return " ".join(sorted(cards, key=lambda c: (rank(c), SUITS.index(c[1]))))


class Table:
    """Every card of the current deal, followed event by event from the full history."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.pile: list[str] = []
        self.cards: list[list[str]] = []
        self.up: list[list[bool]] = []
        self.drawn: list[str] = []
        self.drawer = -1
        self.kept = False
        self.pending: tuple[int, object] | None = None
        self.forfeited: set[int] = set()

    def owner(self, card: str) -> int:
        return next(s for s in range(self.players) if card in self.cards[s])

    def place(self, seat: int, card: str, up: bool) -> None:
        self.cards[seat].append(card)
        self.up[seat].append(up)

    def take(self, seat: int, card: str) -> None:
        i = self.cards[seat].index(card)
        del self.cards[seat][i], self.up[seat][i]

    def turn_up(self, seat: int, card: str) -> None:
        self.up[seat][self.cards[seat].index(card)] = True

    def face_up(self, seat: int) -> list[str]:
        return [c for c, u in zip(self.cards[seat], self.up[seat]) if u]

    def all_cards(self) -> list[str]:
        return self.pile + self.drawn + [c for row in self.cards for c in row]

    def follow(self, event) -> None:  # noqa: C901 - one branch per event, as the rules go
        if isinstance(event, DealStarted):
            self.pile = list(event.pile)
            self.cards = [[] for _ in range(self.players)]
            self.up = [[] for _ in range(self.players)]
            self.drawn, self.forfeited = [], set()
        elif isinstance(event, Drew):
            assert event.cards == tuple(self.pile[: event.count]) and event.count == min(5, len(self.pile))
            self.drawn, self.drawer, self.pile = list(event.cards), event.seat, self.pile[event.count :]
            self.kept = False
        elif isinstance(event, Kept):
            action, self.kept = event.action, True
            if action.kind is Move.KEEP_ALL:
                for card in self.drawn:
                    self.place(event.seat, card, False)
                self.drawn = []
            else:
                self.drawn.remove(action.card)
                if action.face_down:
                    older = [c for c, u in zip(self.cards[event.seat], self.up[event.seat]) if not u]
                    assert older == ([event.turned_up] if event.turned_up else [])
                    self.up[event.seat] = [True] * len(self.up[event.seat])
                self.place(event.seat, action.card, not action.face_down)
        elif isinstance(event, Returned):
            assert sorted(event.action.cards) == sorted(self.drawn)
            self.pile += list(event.action.cards)
            self.drawn = []
        elif isinstance(event, Forfeited):
            self.forfeited.add(event.seat)
            if self.drawn and self.drawer == event.seat:
                self.pile += self.drawn
                self.drawn = []
        elif isinstance(event, Acted):
            self.acted(event)
        elif isinstance(event, Responded) and event.action.kind is Move.PROTECT:
            self.turn_up(event.seat, event.action.card)
        elif isinstance(event, Responded) and event.action.kind is Move.INTERRUPT:
            self.take(event.seat, event.action.card)
            self.pile.append(event.action.card)
        elif isinstance(event, Resolved):
            self.resolved(event)

    def acted(self, event: Acted) -> None:
        seat, action = event.seat, event.action
        kind = action.kind
        if kind is Move.DRAW:
            assert event.drawn == (self.pile.pop(0),)
        elif kind is Move.DRAW_NTH:
            assert event.drawn == (self.pile.pop(action.number - 1),)
        elif kind in (Move.DISCARD_PAIR, Move.DISCARD_TRIPLE):
            for card in action.cards:
                self.take(seat, card)
            self.pile += list(action.cards)  # under, in the order given
            count = min(4 if kind is Move.DISCARD_PAIR else 6, len(self.pile))
            assert event.drawn == tuple(self.pile[:count])
            self.pile = self.pile[count:]
        elif kind is Move.HIDE:
            self.up[seat][self.cards[seat].index(action.card)] = False
        elif kind is Move.REVEAL:
            self.turn_up(seat, action.card)
        for card in event.drawn:
            self.place(seat, card, True)  # drawn in the battle: face up
        if kind is Move.REVEAL or action.target:
            self.pending = (seat, action)

    def resolved(self, event: Resolved) -> None:
        seat, action = event.seat, event.action
        kind, card, target = action.kind, action.card, action.target
        self.pending = None
        if kind is Move.REVEAL:
            if event.outcome is Outcome.DONE:
                assert event.turned_up == self.cards[action.seat][action.slot]
                assert not self.up[action.seat][action.slot]
                self.up[action.seat][action.slot] = True
            return
        owner = self.owner(target)
        assert event.target_seat == owner and self.up[owner][self.cards[owner].index(target)]
        self.take(seat, card)
        if event.outcome is not Outcome.DONE:
            self.pile.append(card)
        elif kind in (Move.SWAP_HIGHER, Move.SWAP_LOWER, Move.SWAP_EQUAL):
            self.take(owner, target)
            self.place(owner, card, True)
            self.place(seat, target, True)
        elif kind in (Move.DISCARD_HIGHER, Move.DISCARD_LOWER, Move.DISCARD_EQUAL):
            self.take(owner, target)
            self.pile += [card, target]
        else:  # a steal
            self.pile.append(card)
            self.take(owner, target)
            self.place(seat, target, True)


def expected_legal(state: FrederikState, table: Table) -> set[str]:
    """The decision's legal actions, worked out from the seed's wording and the table."""
    seat = state.current_seat()
    view = state.view(seat)
    if view.phase is Phase.DRAFT:
        if not table.kept:
            if view.round == 1:
                return {f"keep {c} down" for c in table.drawn} | {"keep all"}
            return {f"keep {c} {how}" for c in table.drawn for how in ("down", "up")}
        return {"return " + " ".join(order) for order in permutations(table.drawn)}
    if view.answering is not None:
        actor, action = table.pending
        mine = table.cards[seat]
        if state.turn().kind is engine.DecisionKind.RESPONSE:
            higher = action.kind in HIGHER
            t = action.target
            return {"pass"} | {
                f"protect {c}"
                for c, u in zip(mine, table.up[seat])
                if not u and c[1] == t[1] and (rank(c) > rank(t) if higher else rank(c) < rank(t))
            }
        return {"pass"} | {f"interrupt {c}" for c in mine if matches(action.card, c) and c != action.target}
    return battle_turn(seat, table)


def battle_turn(seat: int, table: Table) -> set[str]:
    mine, up = table.cards[seat], table.up[seat]
    out = {"pass"}
    if table.pile:
        out.add("draw")
    face_up = table.face_up(seat)
    sums = {sum(number(c) for c in chosen) for k in range(1, len(face_up) + 1) for chosen in combinations(face_up, k)}
    out |= {f"draw {n}" for n in sums if n <= len(table.pile)}
    for size in (2, 3):
        for chosen in permutations(mine, size):
            if len({c[0] for c in chosen}) == 1:
                out.add("discard " + " ".join(chosen))
    out |= {f"hide {c}" for c in face_up}
    for other in range(table.players):
        if other == seat:
            continue
        for c, u in zip(mine, up):
            if not u:
                out |= {f"reveal {c} seat {other} slot {i}" for i, v in enumerate(table.up[other]) if not v}
        theirs = table.face_up(other)
        for t in theirs:
            same_suit = [x for x in theirs if x[1] == t[1]]
            highest = all(rank(x) <= rank(t) for x in same_suit)
            lowest = all(rank(x) >= rank(t) for x in same_suit)
            for c in mine:
                rest = [x for x in mine if x != c and matches(t, x)]
                if rank(c) > rank(t) and highest:
                    out |= {f"swap-higher {c} {t}", f"discard-higher {c} {t}"}
                    out |= {f"steal-higher {c} {t} with {shown(two)}" for two in combinations(rest, 2)}
                if rank(c) < rank(t) and c[1] == t[1] and lowest:
                    out |= {f"swap-lower {c} {t}", f"discard-lower {c} {t}"}
                    out |= {f"steal-lower {c} {t} with {shown(three)}" for three in combinations(rest, 3)}
                if rank(c) == rank(t):
                    out |= {f"swap-equal {c} {t}", f"discard-equal {c} {t}"}
    return out


def play_checked(state: FrederikState, chooser: random.Random, on_step, forfeit_rate: float = 0.01) -> Table:
    """Random legal play to the end; `on_step(state, table)` before every decision."""
    table = Table(state.game.players)
    seen = 0
    while True:
        for event in state.history[seen:]:
            table.follow(event)
        seen = len(state.history)
        if state.is_terminal():
            return table
        on_step(state, table)
        seat = state.current_seat()
        if chooser.random() < forfeit_rate:
            state.forfeit(seat, "a random fault")
        else:
            state.apply(chooser.choice(state.legal_actions()))


def new_match(seed: int, n: int, deals: int = 1) -> FrederikState:
    return engine.load("frederik", players=n).new_match(seed=seed, deals=deals)


@FAST
@given(seed=seeds, choice=seeds, n=players)
def test_the_52_cards_are_conserved_and_every_view_agrees_with_the_table(seed, choice, n):
    def check(state, table):
        assert sorted(table.all_cards()) == sorted(DECK)
        for seat in range(n):
            view = state.view(seat)
            assert view.pile_size == len(table.pile)
            for other in range(n):
                cards = view.tableaux[other].cards
                assert [c.face_up for c in cards] == table.up[other]
                assert all(c.card in ("", real) for c, real in zip(cards, table.cards[other]))
            assert [c.card for c in view.tableaux[seat].cards] == table.cards[seat]  # its own, all
            assert all(table.pile[p.position - 1] == p.card for p in view.pile_known)
            asked = seat == state.current_seat() and view.phase is Phase.DRAFT
            assert list(view.drawn) == (table.drawn if asked else [])
            # Who decides is public on a turn; out of turn only the seat asked is told.
            out_of_turn = state.turn().kind is not engine.DecisionKind.TURN
            told = state.current_seat() if not out_of_turn or seat == state.current_seat() else None
            assert view.to_act == told

    state = new_match(seed, n, deals=2)
    table = play_checked(state, random.Random(choice), check)
    last = [e for e in state.history if isinstance(e, DealEnded)][-1]
    assert [list(h.cards) for h in last.hands] == table.cards


def candidates(state: FrederikState, table: Table, rng: random.Random) -> list[str]:
    """A few actions of every form, legal or not, made of the seat's and the table's cards."""
    seat = state.current_seat()
    mine = table.cards[seat] + table.drawn or list(DECK[:3])
    anywhere = [c for row in table.cards for c in row] or list(DECK)
    words = ("swap-higher", "swap-lower", "swap-equal", "discard-higher", "discard-lower", "discard-equal")
    out = [
        f"keep {rng.choice(mine)} {rng.choice(('down', 'up'))}",
        "keep all",
        f"draw {rng.randint(0, 60)}",
        f"hide {rng.choice(mine)}",
        f"discard {' '.join(rng.sample(mine, 2))}" if len(mine) > 1 else "pass",
        f"reveal {rng.choice(mine)} seat {rng.randrange(table.players)} slot {rng.randrange(6)}",
        f"{rng.choice(words)} {rng.choice(mine)} {rng.choice(anywhere)}",
        f"steal-higher {rng.choice(mine)} {rng.choice(anywhere)} with {shown(rng.sample(mine, min(2, len(mine))))}",
        f"steal-lower {rng.choice(mine)} {rng.choice(anywhere)} with {shown(rng.sample(mine, min(3, len(mine))))}",
        f"protect {rng.choice(mine)}",
        f"interrupt {rng.choice(mine)}",
    ]
    return [text for text in out if len(set(text.split())) == len(text.split())]  # no card twice


@FAST
@given(seed=seeds, choice=seeds, n=players)
def test_every_legal_action_is_the_rules_own_and_reads_back_from_its_text(seed, choice, n):
    rng = random.Random(seed)

    def check(state, table):
        legal = state.legal_actions()
        texts = [a.text for a in legal]
        expected = expected_legal(state, table)
        assert set(texts) == expected
        assert len(set(texts)) == len(texts)
        for action in legal:
            assert state.parse_action(action.text) == action
            state.verify(action)
        # And what the rules do not allow is refused, with a sentence.
        for text in candidates(state, table, rng):
            action = state.parse_action(text)
            if action.text in expected:
                assert state.can_apply(action)
            else:
                with pytest.raises(engine.IllegalAction, match=r"\w+ .*\w"):
                    state.verify(action)

    play_checked(new_match(seed, n), random.Random(choice), check)


def _seen_by(state: FrederikState, seat: int) -> tuple[set[str], set[str]]:
    """The cards `seat`'s own events of this deal named: (public, its own private ones)."""
    public: set[str] = set()
    private: set[str] = set()
    for event in state.deal_events(seat):
        if isinstance(event, Drew):
            private.update(event.cards)
        elif isinstance(event, Returned):
            private.update(event.action.cards)
        elif isinstance(event, Kept):
            card = event.action.card
            if card and (event.seat == seat and event.action.face_down):
                private.add(card)
            elif card:
                public.add(card)
            if event.turned_up:
                public.add(event.turned_up)
        elif isinstance(event, Acted | Responded | Resolved):
            action = event.action
            public.update(c for c in (action.card, action.target, *action.cards) if c)
            public.update(getattr(event, "drawn", ()))
            turned = getattr(event, "turned_up", None)
            if turned:
                public.add(turned)
    return public, private


@FAST
@given(seed=seeds, choice=seeds, n=players)
def test_a_view_shows_no_card_its_seat_was_not_shown_by_its_own_events(seed, choice, n):
    def check(state, table):
        for seat in range(n):
            public, private = _seen_by(state, seat)
            view = state.view(seat)
            for tableau in view.tableaux:
                for card in (c.card for c in tableau.cards if c.card):
                    # Another seat's card is known only from a public event.
                    assert card in (public | private if tableau.seat == seat else public), (seat, tableau)
            assert {p.card for p in view.pile_known} <= public | private
            assert set(view.drawn) <= private
            for event in state.deal_events(seat):
                if isinstance(event, Drew) and event.seat != seat:
                    assert event.cards == ()
                if isinstance(event, Returned) and event.seat != seat:
                    assert event.action.cards == ()
                if isinstance(event, Kept) and event.seat != seat and event.action.face_down:
                    assert event.action.card is None
                if isinstance(event, Responded) and event.seat != seat:
                    assert event.action.kind is not Move.PASS

    play_checked(new_match(seed, n), random.Random(choice), check)


@FAST
@given(seed=seeds, choice=seeds, n=players, cut=st.integers(min_value=0, max_value=200))
def test_replay_rebuilds_the_history_and_clones_are_independent(seed, choice, n, cut):
    chooser = random.Random(choice)
    state = new_match(seed, n, deals=2)
    for _ in range(cut):
        if state.is_terminal():
            break
        if chooser.random() < 0.01:
            state.forfeit(state.current_seat(), "a random fault")
        else:
            state.apply(chooser.choice(state.legal_actions()))
    again = state.game.replay(state.history)
    assert again.history == state.history
    assert [again.view(s) for s in range(n)] == [state.view(s) for s in range(n)]
    history, views = state.history, [state.view(s) for s in range(n)]
    clone = state.clone()
    future = random.Random(cut)
    while not clone.is_terminal():
        clone.apply(future.choice(clone.legal_actions()))
    assert state.history == history and [state.view(s) for s in range(n)] == views
    future = random.Random(cut)
    while not state.is_terminal():
        state.apply(future.choice(state.legal_actions()))
    assert state.history == clone.history and state.result() == clone.result()


@FAST
@given(seed=seeds, choice=seeds, n=players)
def test_the_deals_ranks_agree_with_the_shown_hands(seed, choice, n):
    state = new_match(seed, n, deals=2)
    play_checked(state, random.Random(choice), lambda state, table: None)
    table = Table(n)
    ends: list[tuple[DealEnded, list[list[str]], list[list[bool]], set[int]]] = []
    for event in state.history:
        if isinstance(event, DealEnded):
            ends.append((event, [list(r) for r in table.cards], [list(u) for u in table.up], set(table.forfeited)))
        table.follow(event)
    for ended, cards, up, forfeited in ends:
        for hand in ended.hands:
            s = hand.seat
            assert list(hand.cards) == cards[s]
            # Other seats' face-up cards, clockwise from its left: of equal borrows, the first.
            others = [(s + step) % n for step in range(1, n)]
            lendable = [c for o in others for c, u in zip(cards[o], up[o]) if u]
            value, best, borrowed = best_with_borrow(cards[s], lendable)
            assert (hand.value, hand.best, hand.borrowed) == (value, best, borrowed)
            assert set(best) <= set(cards[s]) | {borrowed} and len(best) == min(
                5, len(cards[s]) + (borrowed is not None)
            )
            assert borrowed is None or borrowed in lendable
        # Seats that faulted rank last together; the others by their hands.
        keys = [(False, ()) if s in forfeited else (True, ended.hands[s].value) for s in range(n)]
        assert ended.ranks == tuple(sum(other > mine for other in keys) for mine in keys)
        winners = [s for s in range(n) if ended.ranks[s] == 0]
        assert ended.scores == tuple(1 / len(winners) if s in winners else 0.0 for s in range(n))
    assert sum(state.standing()) == 2
