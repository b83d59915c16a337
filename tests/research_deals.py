"""Shared by the research adapters' tests: every game and player count they check, and two
deals that differ only in cards seat 0 may not see."""

from __future__ import annotations

import engine

#: (game, players) pairs the adapters are tested at: every game, its smallest and largest tables.
GAME_TABLES = (
    ("conto", 3),
    ("conto", 4),
    ("conto", 8),
    ("invido", 2),
    ("vegas", 2),
    ("vegas", 6),
    ("bridge", 4),
    ("frederik", 2),
    ("frederik", 4),
    ("frederik", 6),
)


def _swap_between(hands: list[list[str]], a: int, b: int) -> None:
    """Exchange the first card of seat a that seat b lacks for one of b's that a lacks."""
    give = next(card for card in hands[a] if card not in hands[b])
    take = next(card for card in hands[b] if card not in hands[a])
    hands[a][hands[a].index(give)] = take
    hands[b][hands[b].index(take)] = give


def two_deals(name: str, players: int, seed: int = 5) -> tuple[engine.State, engine.State]:
    """Two fresh one-deal matches, the same but for hidden cards that seat 0 cannot see:
    two other seats' hands exchange a card (frederik: two cards deep in the pile swap)."""
    game = engine.load(name, players=players)
    dealt = game.new_match(seed=seed, deals=1).history[0]
    if name == "frederik":
        pile = list(dealt.pile)  # type: ignore[attr-defined]
        texts = [" ".join(pile)]
        pile[40], pile[45] = pile[45], pile[40]  # far below the draft's first draws
        swapped = [" ".join(pile)]
        return game.new_match(seed=seed, deals=1, hands=texts), game.new_match(seed=seed, deals=1, hands=swapped)
    hands = [list(hand.cards) for hand in dealt.hands]  # type: ignore[attr-defined]
    extra = [" ".join(dealt.centre)] if name == "vegas" else []  # type: ignore[attr-defined]
    before = [" ".join(hand) for hand in hands] + extra
    if players > 2:
        _swap_between(hands, 1, players - 1)
    if players == 2 and name == "vegas":  # the other hand and the unflipped centre exchange
        centre = list(dealt.centre)  # type: ignore[attr-defined]
        give = next(c for c in hands[1] if c not in centre)
        take = centre[-1]  # flipped last: never seen in the steps compared
        hands[1][hands[1].index(give)] = take
        centre[centre.index(take)] = give
        extra = [" ".join(centre)]
    if name == "invido":  # invido deals no other cards: seat 1's hand changes against the unseen deck
        seen = {card for hand in hands for card in hand}
        unseen = next(
            card
            for card in engine.load("invido").new_match(seed=seed + 1).history[0].hands[1].cards
            if card not in seen
        )  # type: ignore[attr-defined]
        hands[1][0] = unseen
    after = [" ".join(hand) for hand in hands] + extra
    first_dealer = dealt.dealer  # type: ignore[attr-defined]
    return (
        game.new_match(seed=seed, deals=1, hands=before, first_dealer=first_dealer),
        game.new_match(seed=seed, deals=1, hands=after, first_dealer=first_dealer),
    )


def play_alike(first: engine.State, second: engine.State, steps: int) -> None:
    """Apply to both the same actions, by text, while the same seat is asked and the
    action chosen in the first is legal in the second (seat 0's own, and public ones)."""
    for _ in range(steps):
        if first.is_terminal() or first.current_seat() != second.current_seat():
            return
        action = str(first.legal_actions()[-1])
        if not second.can_apply(action):
            return
        first.apply(action)
        second.apply(action)
