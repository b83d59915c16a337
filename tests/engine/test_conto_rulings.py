"""RULINGS.md §conto, ruling by ruling: one case the rules allow, one they refuse.

A refusal must raise engine.IllegalAction whose message names the action and says why,
and must leave the state exactly as it was.  Hands are explicit; with the default first
dealer (the last seat) seat 0 opens, then 1, 2, ...
"""

from __future__ import annotations

import pytest

import engine
from engine.conto import (
    MAX_QUANTITY,
    BillCalled,
    ContoAction,
    Declared,
    Forfeited,
    HandDealt,
    Move,
    Portata,
    Showdown,
    plate_is_true,
)

FILLER = "2 3 4 5 6"


def table(*hands: str, seed: int = 0, deals: int = 1, **options) -> engine.State:
    game = engine.load("conto", players=len(hands), **options)
    return game.new_match(seed=seed, deals=deals, hands=list(hands))


def snapshot(state: engine.State) -> tuple:
    seats = range(state.game.players)
    return (
        state.history,
        tuple(state.view(s) for s in seats),
        state.legal_actions(),
        state.current_seat(),
        state.result(),
    )


def allowed(state: engine.State, action: str | ContoAction) -> engine.Event:
    if isinstance(action, str):
        action = state.parse_action(action)
    assert action in state.legal_actions(), f"{action.text!r} should be legal"
    assert state.can_apply(action)
    return state.apply(action)


def refused(state: engine.State, action: str | ContoAction, *why: str) -> str:
    """Assert `action` is refused with a message naming it and each word of `why`."""
    if isinstance(action, str):
        action = state.parse_action(action)
    before = snapshot(state)
    assert action not in state.legal_actions()
    assert not state.can_apply(action)
    with pytest.raises(engine.IllegalAction) as info:
        state.apply(action)
    message = str(info.value)
    assert action.text in message, message
    for word in why:
        assert word.lower() in message.lower(), message
    assert message.endswith("."), message
    assert snapshot(state) == before
    return message


def play(state: engine.State, *actions: str) -> None:
    for action in actions:
        allowed(state, action)


def legal_texts(state: engine.State) -> set[str]:
    return {a.text for a in state.legal_actions()}


# --- 1. declarations -------------------------------------------------------------------


def test_abbondare_may_lower_the_rank() -> None:
    # The seed's own example: "Un 10" may become "Due 7"; here K -> Q.
    state = table(f"K {FILLER}", f"Q {FILLER}", f"7 {FILLER}", f"8 {FILLER}")
    play(state, "ordinazione → 1K, reveals K")
    event = allowed(state, "abbondare → 2Q, reveals Q")
    assert isinstance(event, Declared)
    assert state.view(0).plate == (Portata("Q", 2),)


def test_abbondare_may_keep_the_rank() -> None:
    state = table(f"K {FILLER}", f"Q {FILLER}", f"7 {FILLER}", f"8 {FILLER}")
    play(state, "ordinazione → 1K, reveals K", "abbondare → 2K")
    assert state.view(1).plate == (Portata("K", 2),)


def test_abbondare_adds_exactly_one_card() -> None:
    state = table(f"K {FILLER}", f"Q {FILLER}", f"7 {FILLER}", f"8 {FILLER}")
    play(state, "ordinazione → 1K, reveals K")
    refused(state, "abbondare → 3K", "exactly one card")
    refused(state, "abbondare → 1Q", "exactly one card")


def test_speziare_raises_the_rank_and_keeps_the_quantity() -> None:
    state = table(f"K {FILLER}", f"A Q {FILLER[:-2]}", f"7 {FILLER}", f"8 {FILLER}")
    play(state, "ordinazione → 1K, reveals K")
    refused(state, "speziare → 1Q", "raise")  # lower
    refused(state, "speziare → 1K", "exactly one portata")  # same rank: nothing changes
    refused(state, "speziare → 2A", "quantity")  # quantity changes
    allowed(state, "speziare → 1A, reveals A")
    assert state.view(2).plate == (Portata("A", 1),)


def test_speziare_to_the_ace_leaves_no_higher_rank() -> None:
    state = table(f"A {FILLER}", f"K {FILLER}", f"7 {FILLER}", f"8 {FILLER}")
    play(state, "ordinazione → 1A, reveals A")
    assert not [a for a in state.legal_actions() if a.kind is Move.SPEZIARE]


def test_ordinazione_adds_one_card_of_a_new_rank_while_a_course_is_free() -> None:
    state = table(f"K {FILLER}", f"Q {FILLER}", f"A {FILLER}", f"8 {FILLER}")
    play(state, "ordinazione → 1K, reveals K")
    refused(state, "ordinazione → 1K 2Q, reveals Q", "exactly one card")
    refused(state, ContoAction(Move.ORDINAZIONE, 1, (Portata("K", 1), Portata("K", 1))), "different ranks")
    allowed(state, "ordinazione → 1K 1Q, reveals Q")
    # courses = 2: the plate is full.
    refused(state, "ordinazione → 1K 1Q 1A, reveals A", "free course")
    assert not [a for a in state.legal_actions() if a.kind is Move.ORDINAZIONE]


def test_portate_ranks_stay_pairwise_different() -> None:
    state = table(f"K {FILLER}", f"Q {FILLER}", f"A {FILLER}", f"8 {FILLER}")
    play(state, "ordinazione → 1K, reveals K", "ordinazione → 1K 1Q, reveals Q")
    refused(state, "abbondare → 2Q 1Q", "different ranks")
    refused(state, "speziare → 1K 1K", "different ranks")
    allowed(state, "abbondare → 2A 1Q, reveals A")


def test_exactly_one_portata_changes_per_turn() -> None:
    state = table(f"K {FILLER}", f"Q {FILLER}", f"A {FILLER}", f"8 {FILLER}")
    play(state, "ordinazione → 1K, reveals K", "ordinazione → 1K 1Q, reveals Q")
    refused(state, "abbondare → 2K 2Q", "exactly one portata")
    refused(state, "speziare → 1A 1K", "exactly one portata")
    refused(state, "abbondare → 2K", "exactly one portata")  # drops a portata
    allowed(state, "abbondare → 2K 1Q")
    for action in state.legal_actions():
        if action.kind is not Move.CONTO:
            before = state.view(0).plate
            changed = [i for i in range(len(before)) if i >= len(action.plate) or action.plate[i] != before[i]]
            assert len(action.plate) >= len(before)
            assert changed in ([], [action.slot]), action.text
            assert len(changed) + (len(action.plate) - len(before)) == 1


def test_each_legal_action_names_the_slot_it_changes() -> None:
    # "1A 1K" can come from speziare of the first portata (1Q 1K) or of the second
    # (1A 1J); each must reveal the rank that is new in its own state.
    first = table(f"Q {FILLER}", f"K {FILLER}", f"A {FILLER}", f"8 {FILLER}")
    play(first, "ordinazione → 1Q, reveals Q", "ordinazione → 1Q 1K, reveals K")
    (a,) = [a for a in first.legal_actions() if a.text == "speziare → 1A 1K, reveals A"]
    assert a.slot == 0
    second = first.game.new_match(hands=[f"A {FILLER}", f"J {FILLER}", f"K {FILLER}", f"8 {FILLER}"])
    play(second, "ordinazione → 1A, reveals A", "ordinazione → 1A 1J, reveals J")
    (b,) = [b for b in second.legal_actions() if b.plate == (Portata("A", 1), Portata("K", 1))]
    assert (b.slot, b.reveals) == (1, "K")
    allowed(second, b)
    assert second.view(2).hand == tuple(FILLER.split())


# --- 2. revealing ------------------------------------------------------------------------


def test_a_new_rank_needs_a_card_from_the_declarers_hand() -> None:
    # Seat 0 holds no A; seat 1 does, which does not help seat 0.
    state = table(f"K {FILLER}", f"A {FILLER}", f"7 {FILLER}", f"8 {FILLER}")
    refused(state, "ordinazione → 1A, reveals A", "holds none")
    refused(state, ContoAction(Move.ORDINAZIONE, 0, (Portata("A", 1),)), "holds none")
    # Seat 0 holds a K but must say that it reveals it.
    refused(state, ContoAction(Move.ORDINAZIONE, 0, (Portata("K", 1),)), "reveals K")
    event = allowed(state, "ordinazione → 1K, reveals K")
    assert event.action.reveals == "K"
    view = state.view(0)
    assert view.hand == tuple(FILLER.split())  # the K left the hand ...
    assert [(r.seat, r.rank) for r in view.revealed] == [(0, "K")]  # ... for the table


def test_a_revealed_rank_needs_no_reveal_and_refuses_one() -> None:
    state = table(f"K {FILLER}", f"K {FILLER}", f"7 {FILLER}", f"8 {FILLER}")
    play(state, "ordinazione → 1K, reveals K")
    refused(state, ContoAction(Move.ABBONDARE, 0, (Portata("K", 2),), "K"), "already revealed")
    allowed(state, "abbondare → 2K")
    assert state.view(1).hand == tuple(f"{FILLER} K".split())  # seat 1 kept its K
    assert len(state.view(1).revealed) == 1


def test_a_card_revealed_beside_the_plate_still_counts_as_revealed() -> None:
    state = table(f"K {FILLER}", f"A {FILLER}", f"7 {FILLER}", f"8 {FILLER}")
    play(state, "ordinazione → 1K, reveals K", "speziare → 1A, reveals A")
    # K is no longer on the plate, but it lies face up beside it: seat 2 holds no K.
    allowed(state, "abbondare → 2K")


def test_jokers_are_never_declared_nor_revealed() -> None:
    state = table(f"W {FILLER}", f"K {FILLER}", f"7 {FILLER}", f"8 {FILLER}")
    refused(state, ContoAction(Move.ORDINAZIONE, 0, (Portata("W", 1),), "W"), "jokers")
    refused(state, ContoAction(Move.ORDINAZIONE, 0, (Portata("W", 1),)), "jokers")
    refused(state, ContoAction(Move.ORDINAZIONE, 0, (Portata("2", 1),), "W"), "jokers")
    allowed(state, "ordinazione → 12, reveals 2")
    for action in state.legal_actions():
        assert action.reveals != "W"
        assert all(p.rank != "W" for p in action.plate)


# --- 3. turn order and the bill ----------------------------------------------------------


def test_no_bill_before_the_first_declaration() -> None:
    state = table(f"K {FILLER}", f"A {FILLER}", f"7 {FILLER}", f"8 {FILLER}")
    refused(state, "il conto", "first declaration")
    play(state, "ordinazione → 1K, reveals K")
    event = allowed(state, "il conto")
    assert isinstance(event, BillCalled)
    assert (event.seat, event.cameriere) == (1, 0)


def test_the_bill_declares_nothing() -> None:
    state = table(f"K {FILLER}", f"A {FILLER}", f"7 {FILLER}", f"8 {FILLER}")
    play(state, "ordinazione → 1K, reveals K")
    refused(state, ContoAction(Move.CONTO, None, (), "A"), "declares nothing")
    refused(state, ContoAction(Move.CONTO, 0), "declares nothing")


@pytest.mark.parametrize("first_dealer", [0, 1, 2, 3])
def test_turns_go_clockwise_from_the_dealers_left(first_dealer: int) -> None:
    game = engine.load("conto", players=4)
    state = game.new_match(seed=5, first_dealer=first_dealer)
    order = []
    for _ in range(6):
        order.append(state.current_seat())
        declarations = [a for a in state.legal_actions() if a.kind is not Move.CONTO]
        state.apply(declarations[0])
    assert order == [(first_dealer + 1 + k) % 4 for k in range(6)]
    assert state.history[0].dealer == first_dealer


def test_the_first_dealer_defaults_to_the_last_seat_and_must_be_a_seat() -> None:
    game = engine.load("conto", players=5)
    state = game.new_match(seed=1)
    assert state.history[0].dealer == 4
    assert state.current_seat() == 0
    with pytest.raises(ValueError, match="first_dealer"):
        game.new_match(seed=1, first_dealer=5)


def test_there_is_no_passing() -> None:
    state = table(f"K {FILLER}", f"A {FILLER}", f"7 {FILLER}", f"8 {FILLER}")
    with pytest.raises(engine.NotationError):
        state.parse_action("pass")
    # Even a seat that holds nothing new always has a move: the bill, or a declaration.
    for _ in range(20):
        legal = state.legal_actions()
        assert legal
        declarations = [a for a in legal if a.kind is not Move.CONTO]
        if not declarations:
            break
        state.apply(declarations[-1])
    assert state.legal_actions()


# --- 4. showdown -------------------------------------------------------------------------


def bill_on_2a_2k(third_hand: str) -> Showdown:
    """Seat 0 holds one A, seat 1 one K and one joker; the plate 2A 2K is called."""
    state = table("A 2 3 4 5 6", "K W 2 3 4 5", third_hand)
    play(
        state,
        "ordinazione → 1A, reveals A",
        "ordinazione → 1A 1K, reveals K",
        "abbondare → 2A 1K",
        "abbondare → 2A 2K",
        "il conto",
    )
    (showdown,) = [e for e in state.history if isinstance(e, Showdown)]
    assert (showdown.capotavola, showdown.cameriere) == (1, 0)
    assert state.standing()[showdown.loser] == 1.0
    return showdown


def test_a_joker_serves_one_portata_only() -> None:
    # Each portata misses one card; one joker cannot fill both.
    showdown = bill_on_2a_2k("7 7 8 8 9 9")
    assert (showdown.natural, showdown.jokers) == ((1, 1), 1)
    assert showdown.plate_true is False
    assert showdown.loser == 0  # the cameriere


def test_two_jokers_fill_two_portate() -> None:
    showdown = bill_on_2a_2k("7 7 8 8 9 W")
    assert (showdown.natural, showdown.jokers) == ((1, 1), 2)
    assert showdown.plate_true is True
    assert showdown.loser == 1  # the capotavola


def test_plate_is_true_counts_missing_cards_against_jokers() -> None:
    counts = [0] * 14
    counts[12] = 1  # one A
    counts[11] = 1  # one K
    counts[13] = 1  # one joker
    plate = (Portata("A", 2), Portata("K", 2))
    assert plate_is_true(plate, counts) is False
    counts[13] = 2
    assert plate_is_true(plate, counts) is True
    assert plate_is_true((Portata("A", 1), Portata("K", 1)), [0] * 13 + [2]) is True
    # Surplus natural cards of one rank do not help another.
    counts = [0] * 14
    counts[12] = 5
    assert plate_is_true((Portata("A", 2), Portata("K", 1)), counts) is False


def test_revealed_cards_count_at_the_showdown() -> None:
    # Seat 0 reveals its only A; seat 1 holds the other: 2A is true.
    state = table("A 2 3 4 5 6", "A 7 8 9 T J", "2 3 4 5 6 7")
    play(state, "ordinazione → 1A, reveals A", "abbondare → 2A", "il conto")
    (showdown,) = [e for e in state.history if isinstance(e, Showdown)]
    assert showdown.natural == (2,)
    assert showdown.plate_true is True
    assert showdown.loser == 2
    assert state.standing() == (0.0, 0.0, 1.0)


# --- 5. termination cap ------------------------------------------------------------------


def abbondare_up_to(state: engine.State, target: tuple[int, ...], ranks: str) -> None:
    """Grow the plate one card a turn, first portata first, until it reaches `target`."""
    while True:
        plate = state.view(0).plate
        quantities = [p.quantity for p in plate]
        if quantities == list(target):
            return
        slot = next(i for i, q in enumerate(quantities) if q < target[i])
        new = [f"{q + (i == slot)}{ranks[i]}" for i, q in enumerate(quantities)]
        allowed(state, f"abbondare → {' '.join(new)}")


def test_a_portata_holds_at_most_twelve_cards() -> None:
    state = table("A A 2 3 4 5", "K 2 3 4 5 6", "Q 2 3 4 5 6")  # 18 cards dealt
    play(state, "ordinazione → 1A, reveals A")
    abbondare_up_to(state, (MAX_QUANTITY,), "A")
    refused(state, ContoAction(Move.ABBONDARE, 0, (Portata("A", MAX_QUANTITY + 1),)), "at most 12")
    assert all(p.quantity <= MAX_QUANTITY for a in state.legal_actions() for p in a.plate)
    assert any(a.kind is Move.ORDINAZIONE for a in state.legal_actions())


def test_a_plate_never_totals_more_cards_than_were_dealt() -> None:
    state = table("A 2 3 4 5 6", "K 2 3 4 5 6", "7 2 3 4 5 6")  # 18 cards dealt
    assert state.view(0).cards_dealt == 18
    play(state, "ordinazione → 1A, reveals A", "ordinazione → 1A 1K, reveals K")
    abbondare_up_to(state, (9, 8), "AK")
    allowed(state, "abbondare → 9A 9K")  # exactly 18 is allowed
    refused(state, "abbondare → 10A 9K", "18 dealt")
    refused(state, "abbondare → 9A 10K", "18 dealt")
    kinds = {a.kind for a in state.legal_actions()}
    assert kinds == {Move.CONTO}  # 9K cannot be spiced to A: A is the other portata
    allowed(state, "il conto")
    assert state.is_terminal()


# --- 6. match, options, forfeit ----------------------------------------------------------


def bill_asap(state: engine.State) -> None:
    """Play one hand: the opener declares its first legal move, the next seat calls."""
    hand = state.view(0).hand_number
    while state.view(0).hand_number == hand and not state.is_terminal():
        legal = state.legal_actions()
        state.apply(state.game.bill if state.game.bill in legal else legal[0])


def test_a_match_of_several_hands_rotates_the_deal_and_charges_one_point_per_hand() -> None:
    game = engine.load("conto", players=4)
    state = game.new_match(seed=11, deals=5)
    for hand in range(1, 6):
        dealt = [e for e in state.history if isinstance(e, HandDealt)][-1]
        assert dealt.hand_number == hand
        assert dealt.dealer == (hand - 2) % 4  # 3, 0, 1, 2, 3
        assert state.current_seat() == (dealt.dealer + 1) % 4
        assert all(h.size == 6 for h in dealt.hands)
        view = state.view(0)
        assert (view.plate, view.revealed, view.cameriere) == ((), (), None)  # a fresh table
        bill_asap(state)
        results = state.deal_results()
        assert len(results) == hand
        last = results[-1]
        (loser,) = [s for s in range(4) if last.scores[s] == -1.0]
        assert last.ranks == tuple(3 if s == loser else 0 for s in range(4))
        assert sum(state.standing()) == hand
    assert state.is_terminal()
    assert state.current_seat() is None
    assert state.legal_actions() == ()
    assert state.result().scores == tuple(-p for p in state.standing())
    with pytest.raises(engine.IllegalAction, match="over"):
        state.apply("il conto")


def test_deals_must_be_at_least_one() -> None:
    game = engine.load("conto", players=4)
    for bad in (0, -1):
        with pytest.raises(ValueError, match="at least one deal"):
            game.new_match(seed=1, deals=bad)
    assert game.new_match(seed=1).deals == 1


def test_hand_size_five_needs_six_players() -> None:
    with pytest.raises(ValueError, match="hand_size") as info:
        engine.load("conto", players=5, hand_size=5)
    assert "6" in str(info.value)
    state = engine.load("conto", players=6, hand_size=5).new_match(seed=2)
    assert state.view(0).hand_sizes == (5,) * 6
    assert state.view(0).cards_dealt == 30


def test_three_courses_deal_one_extra_card_and_allow_a_third_portata() -> None:
    hands = ["K 2 3 4 5 6 7", "Q 2 3 4 5 6 7", "A 2 3 4 5 6 7", "J 2 3 4 5 6 7"]
    state = table(*hands, courses=3)
    assert state.view(0).hand_sizes == (7, 7, 7, 7)
    play(state, "ordinazione → 1K, reveals K", "ordinazione → 1K 1Q, reveals Q")
    allowed(state, "ordinazione → 1K 1Q 1A, reveals A")
    refused(state, "ordinazione → 1K 1Q 1A 1J, reveals J", "free course")
    event = allowed(state, "abbondare → 1K 1Q 2J, reveals J")
    assert event.action.slot == 2
    with pytest.raises(ValueError, match="this deal gives 7"):
        table(f"K {FILLER}", f"Q {FILLER}", f"A {FILLER}", f"J {FILLER}", courses=3)


def test_two_courses_refuse_a_third_portata_and_deal_six() -> None:
    state = engine.load("conto", players=4).new_match(seed=3)
    assert state.view(0).hand_sizes == (6, 6, 6, 6)


@pytest.mark.parametrize(("third", "oste"), [("7 7 8 8 9 W", 0), ("7 7 8 8 9 9", 1)])
def test_the_oste_deals_the_next_hand_with_one_card_more(third: str, oste: int) -> None:
    # 2A 2K called by seat 1 on seat 0: true with two jokers (the cameriere, seat 0, is
    # the Oste), false with one (the capotavola, seat 1, is the Oste).
    state = table("A 2 3 4 5 6", "K W 2 3 4 5", third, deals=3, oste=True)
    play(
        state,
        "ordinazione → 1A, reveals A",
        "ordinazione → 1A 1K, reveals K",
        "abbondare → 2A 1K",
        "abbondare → 2A 2K",
        "il conto",
    )
    dealt = state.history[-1]
    assert isinstance(dealt, HandDealt)
    assert (dealt.hand_number, dealt.dealer, dealt.oste) == (2, oste, oste)
    assert [h.size for h in dealt.hands] == [7 if s == oste else 6 for s in range(3)]
    assert state.current_seat() == (oste + 1) % 3
    view = state.view(oste)
    assert (view.oste, view.dealer, len(view.hand), view.cards_dealt) == (oste, oste, 7, 19)


def test_without_the_oste_rule_the_deal_rotates_and_nobody_gets_more() -> None:
    state = table("A 2 3 4 5 6", "K W 2 3 4 5", "7 7 8 8 9 W", deals=2)
    play(state, "ordinazione → 1A, reveals A", "il conto")
    dealt = state.history[-1]
    assert (dealt.dealer, dealt.oste) == (0, None)
    assert [h.size for h in dealt.hands] == [6, 6, 6]


def test_with_the_oste_rule_a_forfeit_passes_the_deal_clockwise() -> None:
    state = engine.load("conto", players=4, oste=True).new_match(seed=4, deals=3)
    state.forfeit(2, "no answer in time")
    dealt = state.history[-1]
    assert (dealt.dealer, dealt.oste) == (0, None)
    assert all(h.size == 6 for h in dealt.hands)


def test_unknown_game_option_and_bad_values_are_refused_by_name() -> None:
    with pytest.raises(ValueError) as info:
        engine.load("conto", players=4, colour="red")
    assert "'colour'" in str(info.value)
    for known in ("hand_size", "courses", "oste"):
        assert known in str(info.value)
    with pytest.raises(ValueError) as info:
        engine.load("conto", players=4, courses=4)
    assert "'courses'" in str(info.value) and "2, 3" in str(info.value)
    with pytest.raises(ValueError) as info:
        engine.load("conto", players=4, oste=1)
    assert "'oste'" in str(info.value) and "False, True" in str(info.value)
    with pytest.raises(ValueError) as info:
        engine.load("conto", players=9)
    assert "'players'" in str(info.value) and "3 to 8" in str(info.value)
    with pytest.raises(ValueError) as info:
        engine.load("cotno", players=4)
    assert "'cotno'" in str(info.value) and "conto" in str(info.value)
    assert isinstance(info.value, engine.OptionError)


def test_options_are_reported_with_their_defaults() -> None:
    game = engine.load("conto", players=6, hand_size=5)
    assert dict(game.options) == {"hand_size": 5, "courses": 2, "oste": False}


def test_forfeit_makes_the_faulting_seat_lose_and_the_match_goes_on() -> None:
    state = table(f"K {FILLER}", f"A {FILLER}", f"7 {FILLER}", f"8 {FILLER}", seed=9, deals=2)
    play(state, "ordinazione → 1K, reveals K")
    event = state.forfeit(2, "answered out of time")
    assert isinstance(event, Forfeited)
    assert (event.seat, event.reason) == (2, "answered out of time")
    (result,) = state.deal_results()
    assert result.forfeit == 2
    assert result.ranks == (0, 0, 3, 0)
    assert result.scores == (0.0, 0.0, -1.0, 0.0)
    assert state.standing() == (0.0, 0.0, 1.0, 0.0)
    # No showdown: nobody's hand was shown.
    assert not [e for e in state.history if isinstance(e, Showdown)]
    # The next hand is dealt (from the seed) and played.
    assert not state.is_terminal()
    assert state.view(0).hand_number == 2
    assert state.current_seat() == 1  # dealer 0
    assert state.legal_actions()
    state.forfeit(1, "crashed")
    assert state.is_terminal()
    assert state.standing() == (0.0, 1.0, 1.0, 0.0)
    with pytest.raises(engine.IllegalAction, match="over"):
        state.forfeit(0, "too late")


def test_forfeit_of_a_seat_that_is_not_at_the_table_is_refused() -> None:
    state = engine.load("conto", players=3).new_match(seed=1)
    before = snapshot(state)
    with pytest.raises(engine.IllegalAction, match="no seat 3"):
        state.forfeit(3, "ghost")
    assert snapshot(state) == before
