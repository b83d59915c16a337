"""Standard opening leads, for both bridge bots.

Which suit: partner's bid suit first; against notrump the longest and strongest suit
(length counts double, honours add, a suit the opponents bid is avoided); against a
trump contract a sequence (AK, KQ, QJ, JT) first, then a singleton outside trumps, a
suit with no honour to lead away from, and never away from an ace (A without the K) or
a lone king if anything else will do; trumps only when nothing else is better.

Which card: the top of a sequence (two touching honours heading the suit: A from AK,
K from KQ, Q from QJ, J from JT); the ace of a suit headed by the ace against a trump
contract (never underlead it); the top of a doubleton; the fourth best from four or
more; from three cards the lowest with an honour, the top of three small.
"""

from __future__ import annotations

from bots.bridge.auction import Auction, parse_bid
from bots.bridge.hands import SUITS, hcp, lengths, rank_of, suit_cards

__all__ = ["opening_lead", "lead_card"]

_SEQUENCES = ("AK", "KQ", "QJ", "JT")


def _sequence(cards: list[str]) -> bool:
    """The suit (highest first) is headed by two touching honours."""
    return len(cards) >= 2 and (cards[0][1] + cards[1][1]) in _SEQUENCES


def opening_lead(hand: tuple[str, ...], seat: int, trump: str | None, auction: Auction) -> tuple[str, str]:
    """The card to lead and why.  `seat` is the leader, `trump` None at notrump."""
    partner = (seat + 2) % 4
    partner_suits = [b[1] for b in map(parse_bid, auction.bids[partner]) if b is not None and b[1] != "NT"]
    theirs = {b[1] for s in (seat + 1, seat + 3) for b in map(parse_bid, auction.bids[s % 4]) if b is not None}
    n = lengths(hand)
    best, best_score, why = "", -99.0, ""
    for suit in SUITS:
        cards = suit_cards(hand, suit)
        if not cards:
            continue
        ranks = {c[1] for c in cards}
        score: float = 0.0
        reason = "the best suit"
        if suit in partner_suits:
            score += 12
            reason = "partner's suit"
        if suit in theirs and suit != trump:
            score -= 4
        if trump is None:
            score += 2 * len(cards) + hcp(cards) / 2 + (3 if _sequence(cards) else 0)
            if reason != "partner's suit":
                reason = "longest and strongest suit"
        else:
            if suit == trump:
                score -= 3
                reason = "a trump: nothing better"
            elif _sequence(cards):
                score += 6
                reason = "top of a sequence"
            elif len(cards) == 1 and n[trump] >= 1:
                score += 4
                reason = "a singleton, for a ruff"
            if "A" in ranks and "K" not in ranks and suit not in partner_suits:
                score -= 6  # never away from an ace
            elif "K" in ranks and "Q" not in ranks and "A" not in ranks:
                score -= 3
            elif "Q" in ranks and not ranks & {"K", "J"}:
                score -= 2
            elif not ranks & {"A", "K", "Q", "J"} and suit != trump:
                score += 1
        if score > best_score:
            best, best_score, why = suit, score, reason
    card = lead_card(suit_cards(hand, best), trump)
    return card, f"{why}: {card}"


def lead_card(cards: list[str], trump: str | None) -> str:
    """The card to lead from one suit (highest first)."""
    if len(cards) == 1 or _sequence(cards):
        return cards[0]
    if trump is not None and cards[0][1] == "A":
        return cards[0]  # never underlead an ace against a trump contract
    if len(cards) == 2:
        return cards[0]
    if len(cards) >= 4:
        return cards[3]  # fourth best
    if rank_of(cards[0]) >= rank_of("SJ"):
        return cards[-1]  # low from an honour
    return cards[0]  # top of three small
