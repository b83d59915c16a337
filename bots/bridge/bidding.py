"""The bridge bots' natural bidding system, small and documented (bots/README.md, "What
the bridge bots understand").  `choose_call(table)` gives one legal call and why.

Points are high-card points (A 4, K 3, Q 2, J 1); "balanced" is 4-3-3-3, 4-4-3-2 or
5-3-3-2.  The first calls follow fixed rules (openings, the first response, opener's
rebid, overcalls, takeout doubles and their advances); every later call comes from
`place`: partner's range of points and suit lengths as the auction showed them
(bots/bridge/auction.py) plus the bot's own hand give a combined count and the fits,
hence a strain (an eight-card major fit, else notrump, else a minor fit or a long suit)
and a level (25 points a game, 29 in a minor, 33 a small slam, 37 a grand slam; an
invitation one below game when it may be either).  The bot bids there if it is higher
than the auction, competes over the opponents up to the total number of trumps less six,
doubles them for penalty only when it holds four trumps with two honours and its side
has most of the points, and otherwise passes.  A call that is not legal becomes pass.
"""

from __future__ import annotations

from bots.bridge.auction import STRAINS, Auction, Shown, analyse, bid_rank, parse_bid
from bots.bridge.hands import (
    MAJORS,
    SUITS,
    good_suit,
    hcp,
    honours,
    is_balanced,
    length_points,
    lengths,
    longest_suit,
    shortness_points,
    stopper,
    suit_cards,
)
from bots.bridge.reading import Table

__all__ = ["choose_call", "decide", "GAME", "place"]

#: The level of game in each strain.
GAME = {"C": 5, "D": 5, "H": 4, "S": 4, "NT": 3}
Call = tuple[str, str]  # (call, why)


def choose_call(table: Table) -> Call:
    """A legal call for the seat (pass when the system's call is not legal)."""
    auction = analyse(table.calls)
    call, why = decide(table.hand, table.seat, auction)
    if call in table.legal:
        return call, why
    if auction.opener is not None:  # outbid: where the partnership belongs instead
        placed, placed_why = place(table.hand, table.seat, auction)
        if placed in table.legal:
            return placed, f"{call} is not legal; {placed_why}"
    return "pass", f"{why}; {call} is not legal, so pass"


def decide(hand: tuple[str, ...], seat: int, auction: Auction) -> Call:
    partner = (seat + 2) % 4
    if auction.opener is None:
        return opening(hand)
    ours = auction.opener % 2 == seat % 2
    opened_at = next(i for i, (_, call) in enumerate(auction.calls) if parse_bid(call) is not None)
    turns = sum(1 for s, _ in auction.calls[opened_at:] if s == seat)  # its calls since the opening
    if auction.opener == partner and turns == 0:
        found = response(hand, auction)
    elif auction.opener == seat and turns == 1:
        found = rebid(hand, seat, auction)
    elif not ours and not auction.acted[seat] and not auction.acted[partner]:
        return overcall(hand, auction)
    elif not ours and not auction.acted[seat]:
        found = advance(hand, seat, auction)
    else:
        found = None
    return found if found is not None else place(hand, seat, auction)


# --- openings -----------------------------------------------------------------------


def opening(hand: tuple[str, ...]) -> Call:
    p, n = hcp(hand), lengths(hand)
    if p >= 22:
        return "2C", "22+ points: strong artificial 2C"
    if is_balanced(hand) and 15 <= p <= 17:
        return "1NT", "15-17 balanced"
    if is_balanced(hand) and 20 <= p <= 21:
        return "2NT", "20-21 balanced"
    if p >= 12 or (p >= 11 and length_points(hand) >= 2):
        if max(n["S"], n["H"]) >= 5:
            major = "S" if n["S"] >= n["H"] else "H"
            return f"1{major}", f"{p} points, five-card major"
        minor = "D" if n["D"] > n["C"] or (n["D"] == n["C"] == 4) else "C"
        return f"1{minor}", f"{p} points, no five-card major: the better minor"
    long = longest_suit(hand)
    if 6 <= p <= 10 and n[long] >= 7:
        return f"3{long}", "preempt: 6-10 points and a seven-card suit"
    if 6 <= p <= 10 and n[long] == 6 and long != "C" and good_suit(hand, long):
        return f"2{long}", "weak two: 6-10 points and a good six-card suit"
    return "pass", f"{p} points: not enough to open"


# --- the first response -------------------------------------------------------------


def response(hand: tuple[str, ...], auction: Auction) -> Call | None:
    """Partner opened and this is the seat's first call (None: let `place` decide)."""
    opening_bid = parse_bid(auction.opening or "")
    assert opening_bid is not None
    p, n = hcp(hand), lengths(hand)
    level, suit = opening_bid
    if auction.opening == "1NT":
        if p <= 7:
            weak = longest_suit(hand, ("S", "H", "D"))
            return (f"2{weak}", "weak, five-card suit: sign off") if n[weak] >= 5 else ("pass", "0-7 points")
        major = "S" if n["S"] >= n["H"] else "H"
        if n[major] >= 6 and p <= 15:
            return f"4{major}", "six-card major, game values"
        if n[major] >= 5 and p >= 10:
            return f"3{major}", "five-card major, game forcing"
        if n[major] == 4 and max(n["S"], n["H"]) < 5:
            return "2C", "Stayman: a four-card major and 8+ points"
        return _nt_raise(p, (8, 10, 16, 18, 20))
    if auction.opening == "2NT":
        if p <= 3:
            return "pass", "0-3 points"
        major = "S" if n["S"] >= n["H"] else "H"
        if n[major] >= 6 and p <= 10:
            return f"4{major}", "six-card major"
        return _nt_raise(p, (4, 4, 11, 13, 16))
    if auction.opening == "2C":
        if p <= 7:
            return "2D", "0-7 points: waiting"
        long = longest_suit(hand)
        if n[long] >= 5 and good_suit(hand, long):
            return f"{2 if long in MAJORS else 3}{long}", "8+ points and a good suit"
        return "2NT", "8+ points, no good suit"
    if level >= 2:
        if p >= 16 and n[suit] >= 3 and suit in MAJORS:
            return f"4{suit}", "support for partner's preempt, game values"
        if p >= 16 and is_balanced(hand):
            return "3NT", "16+ balanced opposite a preempt"
        return "pass", "no game opposite a preempt"
    if p < 6:
        return "pass", f"{p} points: too weak to respond"
    if suit in MAJORS and n[suit] >= 3:
        pts = p + (shortness_points(hand, suit) if n[suit] >= 4 else 0)
        if p >= 21:
            return f"6{suit}", "support and slam values"
        if pts >= 13:
            return f"4{suit}", "support and game values"
        return (f"3{suit}", "limit raise: 10-12") if pts >= 10 else (f"2{suit}", "simple raise: 6-9")
    one_level = [s for s in ("H", "S") if n[s] >= 4 and STRAINS.index(s) > STRAINS.index(suit)]
    if one_level:
        major = "S" if n["S"] > n["H"] and "S" in one_level else one_level[0]
        return f"1{major}", "four-card major at the one level"
    if suit == "C" and n["D"] >= 4 and p <= 9:
        return "1D", "four diamonds"
    if suit in ("C", "D") and n[suit] >= (5 if suit == "C" else 4):
        if p >= 13:
            return "3NT", "minor support and game values"
        return (f"3{suit}", "limit raise of the minor") if p >= 10 else (f"2{suit}", "raise of the minor")
    if p <= 10:
        return "1NT", "6-10 points, nothing else to say"
    if is_balanced(hand) and p <= 12:
        return "2NT", "11-12 balanced"
    if is_balanced(hand) and p <= 15:
        return "3NT", "13-15 balanced"
    lower = [s for s in SUITS if s != suit and STRAINS.index(s) < STRAINS.index(suit) and n[s] >= 4]
    if lower:
        new = longest_suit(hand, lower)
        return f"2{new}", "new suit at the two level: 10+ points"
    return ("3NT", "game values") if p >= 13 else ("2NT", "11-12 points")


def _nt_raise(p: int, steps: tuple[int, int, int, int, int]) -> Call:
    """Raises of a notrump opening by points: 2NT invites, 3NT, 4NT quantitative, 6NT, 7NT."""
    invite, game, quantitative, small, grand = steps
    if p >= grand:
        return "7NT", "grand slam values"
    if p >= small:
        return "6NT", "slam values"
    if p >= quantitative:
        return "4NT", "quantitative: slam if partner is maximum"
    if p >= game:
        return "3NT", "game values"
    return ("2NT", "invitation") if p >= invite else ("pass", "no game")


# --- opener's rebid -------------------------------------------------------------------


def rebid(hand: tuple[str, ...], seat: int, auction: Auction) -> Call | None:
    partner = (seat + 2) % 4
    p, n = hcp(hand), lengths(hand)
    said = auction.acted[partner]
    answer = said[0] if said else "pass"
    if auction.opening == "1NT":
        if answer == "2C":
            if n["H"] >= 4:
                return "2H", "four hearts (Stayman)"
            return ("2S", "four spades (Stayman)") if n["S"] >= 4 else ("2D", "no four-card major (Stayman)")
        if answer in ("3H", "3S"):
            return (f"4{answer[1]}", "three-card support") if n[answer[1]] >= 3 else ("3NT", "no support")
        if answer == "4NT":
            return ("6NT", "maximum") if p >= 16 else ("pass", "minimum")
        return ("pass", "partner signed off") if answer in ("2D", "2H", "2S") else None
    if auction.opening == "2NT" and answer == "4NT":
        return ("6NT", "maximum") if p >= 21 else ("pass", "minimum")
    opened = parse_bid(auction.opening or "")
    assert opened is not None
    if auction.opening == "2C" and answer == "2D":
        long = longest_suit(hand)
        if n[long] >= 5:
            return f"{2 if long in MAJORS else 3}{long}", "strong, long suit"
        return ("2NT", "22-24 balanced") if p <= 24 else ("3NT", "25+ balanced")
    if opened[0] >= 2 or auction.opening == "2C":
        return None if answer != "pass" else ("pass", "preempt said it all")
    mine = opened[1]
    reply = parse_bid(answer)
    if reply is None:  # partner passed or doubled: compete only with extra length
        if n[mine] >= 6 and auction.last_bid is not None and _cheapest(auction.last_bid, mine) <= 2:
            return f"{_cheapest(auction.last_bid, mine)}{mine}", "six-card suit: compete"
        return ("X", "18+ points: double") if p >= 18 and not auction.ours(seat) else ("pass", "nothing more")
    r_level, r_strain = reply
    if r_strain == mine or r_strain == "NT" and r_level >= 3:
        return None  # a raise or a game: `place` decides
    if r_strain == "NT":
        if n[mine] >= 6:
            return _own_suit(hand, mine, p, auction)
        second = _second_suit(hand, mine, auction, reverse=p >= 16)
        if second is not None:
            return second
        if r_level == 2:
            return ("3NT", "accepting the invitation") if p >= 13 else ("pass", "minimum")
        return ("3NT", "19+ points") if p >= 19 else ("2NT", "17-18 points") if p >= 17 else ("pass", "minimum")
    if n[r_strain] >= 4:
        pts = p + shortness_points(hand, r_strain)
        over = _cheapest(auction.last_bid or reply, r_strain)
        if pts >= 19:
            return (f"{GAME[r_strain]}{r_strain}", "support and game values") if r_strain in MAJORS else None
        return f"{over + (1 if pts >= 16 else 0)}{r_strain}", "four-card support"
    if r_level == 1 and r_strain in ("C", "D", "H") and n["S"] >= 4 and mine != "S":
        return "1S", "four spades at the one level"
    if r_level == 1 and r_strain in ("C", "D") and n["H"] >= 4 and mine not in ("H", "S"):
        return "1H", "four hearts at the one level"
    if is_balanced(hand):
        if r_level == 1:
            return ("1NT", "12-14 balanced") if p <= 14 else ("2NT", "18-19 balanced")
        return ("2NT", "12-14 balanced") if p <= 14 else ("3NT", "15+ balanced")
    if n[mine] >= 6:
        return _own_suit(hand, mine, p, auction)
    second = _second_suit(hand, mine, auction, reverse=p >= 16)
    if second is not None:
        return second
    level = _cheapest(auction.last_bid or reply, mine)
    return f"{level}{mine}", "nothing better: rebid the suit"


def _own_suit(hand: tuple[str, ...], mine: str, p: int, auction: Auction) -> Call:
    level = _cheapest(auction.last_bid or (1, mine), mine)
    if p >= 19 and mine in MAJORS:
        return f"{GAME[mine]}{mine}", "six-card major and game values"
    return f"{level + (1 if p >= 16 else 0)}{mine}", "six-card suit"


def _second_suit(hand: tuple[str, ...], mine: str, auction: Auction, reverse: bool) -> Call | None:
    n = lengths(hand)
    bid = {p[1] for calls in auction.bids.values() for p in map(parse_bid, calls) if p is not None}
    for suit in SUITS:
        if suit == mine or suit in bid or n[suit] < 4:
            continue
        higher = STRAINS.index(suit) > STRAINS.index(mine)
        level = _cheapest(auction.last_bid or (1, mine), suit)
        if level <= 2 and (not higher or reverse or level == 1):
            return f"{level}{suit}", "a second suit"
    return None


# --- competition ----------------------------------------------------------------------


def overcall(hand: tuple[str, ...], auction: Auction) -> Call:
    """The opponents opened and this side has not yet called anything but pass."""
    p, n = hcp(hand), lengths(hand)
    last = auction.last_bid
    assert last is not None
    theirs = {b[1] for b in map(parse_bid, auction.bids[auction.opener or 0]) if b is not None}
    theirs |= {b[1] for b in map(parse_bid, auction.bids[((auction.opener or 0) + 2) % 4]) if b is not None}
    if last == (1, last[1]) and last[1] != "NT" and 15 <= p <= 18 and is_balanced(hand) and stopper(hand, last[1]):
        return "1NT", "15-18 balanced with a stopper"
    candidates = [s for s in SUITS if s not in theirs and n[s] >= 5 and good_suit(hand, s)]
    if candidates:
        suit = longest_suit(hand, candidates)
        level = _cheapest(last, suit)
        if level <= 2 and (8 if level == 1 else 10) <= p <= 16:
            return f"{level}{suit}", f"overcall: {p} points and a good five-card suit"
    others = [s for s in SUITS if s not in theirs]
    if last[0] <= 2 and last[1] != "NT" and auction.doubling == 1:
        short = n[last[1]]
        if (
            p >= 12
            and short <= 1
            and all(n[s] >= 3 for s in others)
            or p >= 13
            and short <= 2
            and all(n[s] >= 3 for s in others if s in MAJORS)
        ):
            return "X", f"takeout double: {p} points, short in {last[1]}"
        if p >= 18:
            return "X", "18+ points: double first"
    return "pass", "no overcall"


def advance(hand: tuple[str, ...], seat: int, auction: Auction) -> Call | None:
    """Partner overcalled or doubled the opponents' opening; the seat's first call."""
    partner = (seat + 2) % 4
    p, n = hcp(hand), lengths(hand)
    last = auction.last_bid
    assert last is not None
    first = auction.acted[partner][0]
    if first == "X" and not auction.ours(seat) and auction.doubling == 2:
        theirs = last[1]
        if theirs != "NT" and n[theirs] >= 5 and honours(hand, theirs) >= 3 and p >= 8:
            return "pass", "penalty pass: long strong trumps"
        unbid = [s for s in SUITS if s != theirs]
        majors = [s for s in unbid if s in MAJORS and n[s] >= 4]
        suit = longest_suit(hand, majors or unbid)
        level = _cheapest(last, suit)
        if p >= 12:
            if suit in MAJORS and n[suit] >= 4:
                return f"4{suit}", "game opposite a takeout double"
            if theirs != "NT" and stopper(hand, theirs):
                return "3NT", "game values and a stopper"
        return f"{level + (1 if p >= 9 else 0)}{suit}", "answering the takeout double"
    bid = parse_bid(first)
    if bid is None:
        return None
    if bid[1] == "NT":
        major = "S" if n["S"] >= n["H"] else "H"
        if n[major] >= 6 and p <= 7:
            return f"2{major}", "long major, weak"
        return _nt_raise(p, (8, 10, 17, 19, 22))
    if n[bid[1]] >= 3 and p >= 8:
        suit = bid[1]
        if p >= 13 and suit in MAJORS:
            return f"4{suit}", "support and game values"
        level = _cheapest(last, suit) + (1 if p >= 11 else 0)
        return f"{level}{suit}", "raising partner's overcall"
    return None


def _cheapest(last: tuple[int, str], strain: str) -> int:
    level, last_strain = last
    return level if STRAINS.index(strain) > STRAINS.index(last_strain) else level + 1


# --- placement ------------------------------------------------------------------------


def place(hand: tuple[str, ...], seat: int, auction: Auction) -> Call:
    """The contract the partnership belongs in, from the seat's hand and partner's ranges."""
    partner: Shown = auction.shown[(seat + 2) % 4]
    p, n = hcp(hand), lengths(hand)
    fits = {s: n[s] + partner.min_len[s] for s in SUITS}
    ours = auction.side_strains(seat)
    strain = _strain(hand, fits, partner, ours)
    trump_fit = fits[strain] if strain != "NT" else 0
    supporting = trump_fit >= 8 and n[strain] >= 3 and partner.min_len[strain] >= 5
    pts = p + (min(3, shortness_points(hand, strain)) if supporting else 0)
    mid, low = pts + partner.mid, pts + partner.lo
    game = GAME[strain]
    if strain in ("C", "D") and 24.5 <= mid < 29 and not any(n[s] <= 1 for s in SUITS):
        strain, game = "NT", 3
    need = 29.0 if strain in ("C", "D") else 24.5
    if low >= 37:
        target, why = 7, "grand slam values"
    elif p + partner.mid >= 33 and p + partner.lo >= 32:
        target, why = 6, "slam values"
    elif mid >= need:
        target, why = game, f"game values ({mid:.0f} points together)"
    elif mid >= need - 1.5:
        target, why = game - 1, "invitation to game"
    else:
        target, why = 0, "partscore"
    last = auction.last_bid
    if target == 0:
        if last is not None and auction.ours(seat):
            return "pass", "partscore reached"
        limit = max(1, trump_fit - 6) if strain != "NT" else 1
        level = 1 if last is None else _cheapest(last, strain)
        if level <= min(limit, 3) and mid >= 18:
            return f"{level}{strain}", f"competing to {limit} (eight-card fit or more)"
        return _penalty(hand, seat, auction, pts + partner.lo)
    if last is None or bid_rank(target, strain) > bid_rank(*last):
        if target == game - 1 and last is not None and auction.ours(seat) and last[0] >= target:
            return "pass", "partscore reached"
        return f"{target}{strain}", why
    if auction.ours(seat):
        return "pass", "high enough"
    return _penalty(hand, seat, auction, pts + partner.lo)


def _strain(hand: tuple[str, ...], fits: dict[str, int], partner: Shown, ours: list[str]) -> str:
    n = lengths(hand)
    majors = [s for s in MAJORS if fits[s] >= 8]
    if majors:
        return max(majors, key=lambda s: fits[s])
    if "NT" in ours or is_balanced(hand) or all(partner.max_len[s] <= 5 for s in SUITS):
        return "NT"
    minors = [s for s in ("D", "C") if fits[s] >= 8]
    if minors:
        return max(minors, key=lambda s: fits[s])
    long = longest_suit(hand)
    if n[long] >= 6:
        return long
    return "NT"


def _penalty(hand: tuple[str, ...], seat: int, auction: Auction, side_low: int) -> Call:
    last = auction.last_bid
    if last is None or auction.ours(seat) or auction.doubling != 1:
        return "pass", "nothing to add"
    level, strain = last
    if strain != "NT" and level >= 2 and len(suit_cards(hand, strain)) >= 4 and honours(hand, strain) >= 2:
        if side_low >= 22:
            return "X", f"penalty double: four trumps with honours, {side_low}+ points together"
    if strain == "NT" and side_low >= 25:
        return "X", "penalty double: most of the points"
    return "pass", "nothing to add"
