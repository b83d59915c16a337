"""The heuristic card player of bridge-natural (and the fallback of bridge-dd).

Following: second hand low; third hand high (unless partner already wins the trick);
fourth hand wins as cheaply as it can; when partner is winning, the lowest card; out of
the suit led, ruff with the lowest trump that wins (not over partner), otherwise discard
the lowest card of the weakest suit.  Leading: the opening lead by bots/bridge/leads.py;
the declarer draws trumps while the opponents may hold some and its side has the master
trump or more trumps; then anyone cashes a master card (no higher card of the suit
outstanding), else leads from the longest suit (top of a sequence, else low).
"""

from __future__ import annotations

from bots.bridge.auction import analyse
from bots.bridge.hands import SUITS, hcp, rank_of, suit_cards
from bots.bridge.leads import lead_card, opening_lead
from bots.bridge.reading import Table

__all__ = ["heuristic_card", "trick_winner", "outstanding"]

_DECK = tuple(s + r for s in SUITS for r in "AKQJT98765432")


def trick_winner(trick: tuple[tuple[int, str], ...], trump: str | None) -> tuple[int, str]:
    """(seat, card) winning the trick so far."""
    led = trick[0][1][0]
    return max(trick, key=lambda p: (p[1][0] == trump, p[1][0] == led, rank_of(p[1])))


def outstanding(table: Table) -> set[str]:
    """Cards neither played nor in the two hands the acting side can see."""
    played = {card for _, card in table.played}
    partner_cards = table.hand if table.playing is not table.hand else table.dummy
    return set(_DECK) - played - set(table.playing) - set(partner_cards)


def _beats(card: str, best: str, trump: str | None) -> bool:
    if card[0] == best[0]:
        return rank_of(card) > rank_of(best)
    return card[0] == trump


def heuristic_card(table: Table) -> tuple[str, str]:
    """A legal card for the hand to play, and why."""
    legal = list(table.legal)
    if len(legal) == 1:
        return legal[0], "the only card"
    trump = table.trump
    if table.opening_lead:
        card, why = opening_lead(table.hand, table.seat, trump, analyse(table.calls))
        if card in legal:
            return card, why
    if not table.trick:
        return _lead(table, legal)
    me = table.acting
    partner = (me + 2) % 4
    winner_seat, winner = trick_winner(table.trick, trump)
    led = table.trick[0][1][0]
    low = min(legal, key=rank_of)
    partner_wins = winner_seat == partner
    if legal[0][0] == led:  # following suit
        winners = [c for c in legal if _beats(c, winner, trump)]
        if partner_wins and (len(table.trick) == 3 or rank_of(winner) >= rank_of("SQ")):
            return low, "partner is winning: lowest"
        if len(table.trick) == 1:
            return low, "second hand low"
        if not winners:
            return low, "cannot win: lowest"
        if len(table.trick) == 2:
            high = max(legal, key=rank_of)
            return (high, "third hand high") if high in winners else (low, "cannot win: lowest")
        return min(winners, key=rank_of), "fourth hand: win cheaply"
    trumps = [c for c in legal if c[0] == trump]
    if trumps and not partner_wins:
        winners = [c for c in trumps if _beats(c, winner, trump)]
        if winners:
            return min(winners, key=rank_of), "ruff"
    side = [c for c in legal if c[0] != trump] or legal
    weakest = min({c[0] for c in side}, key=lambda s: (hcp(suit_cards(side, s)), -len(suit_cards(side, s))))
    return min(suit_cards(side, weakest), key=rank_of), "discard from the weakest suit"


def _lead(table: Table, legal: list[str]) -> tuple[str, str]:
    trump = table.trump
    hidden = outstanding(table)
    declaring = table.declarer is not None and table.acting % 2 == table.declarer % 2
    trumps = [c for c in legal if c[0] == trump]
    if declaring and trumps and any(c[0] == trump for c in hidden):
        top = max(trumps, key=rank_of)
        partner_cards = table.hand if table.playing is not table.hand else table.dummy
        ours = len(trumps) + sum(1 for c in partner_cards if c[0] == trump)
        theirs = sum(1 for c in hidden if c[0] == trump)
        if _master(top, hidden) or ours > theirs + 2:
            return (top if _master(top, hidden) else min(trumps, key=rank_of)), "drawing trumps"
    masters = [c for c in legal if c[0] != trump and _master(c, hidden)]
    if masters:
        return max(masters, key=rank_of), "cashing a winner"
    side = [c for c in legal if c[0] != trump] or legal
    suit = max({c[0] for c in side}, key=lambda s: (len(suit_cards(side, s)), hcp(suit_cards(side, s))))
    cards = suit_cards(side, suit)
    card = lead_card(cards, trump) if len(cards) < 4 else cards[-1]
    return card, "from the longest suit"


def _master(card: str, hidden: set[str]) -> bool:
    return not any(c[0] == card[0] and rank_of(c) > rank_of(card) for c in hidden)
