"""What an auction says: each seat's high-card points and suit lengths as shown by its
calls, read as if every seat played the bots' own natural system (bots/bridge/bidding.py,
documented in bots/README.md).

`analyse(calls)` walks the auction once and gives an `Auction`: who opened and with
what, every seat's bids, the last bid and its doubling, and for each seat a `Shown`
(a range of points and, per suit, a least and a greatest length).  It is an
approximation: each call narrows its seat's ranges by the call's usual meaning in the
system (an opening 1NT 15-17 balanced, a 1H opening 12-21 with five hearts, a simple
raise 6-9 with three-card support, an overcall 8-16 with five cards, an opening pass at
most 11, ...); a call the system does not explain (an opponent's convention, a wild
random bid) narrows nothing but the suit it names.  When a call contradicts what its
seat showed before, the newer meaning wins.  The bidder reads partner's ranges from it;
the double-dummy player weights its layouts with everybody's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Shown", "Auction", "analyse", "parse_bid", "STRAINS", "bid_rank"]

STRAINS = ("C", "D", "H", "S", "NT")
_SUITS = ("S", "H", "D", "C")


def parse_bid(call: str) -> tuple[int, str] | None:
    """(level, strain) of a bid text such as ``3NT``; None for pass, X, XX or a card."""
    if len(call) >= 2 and call[0] in "1234567" and call[1:] in STRAINS:
        return int(call[0]), call[1:]
    return None


def bid_rank(level: int, strain: str) -> int:
    """Bids in order: 1C is 0, 7NT is 34."""
    return (level - 1) * 5 + STRAINS.index(strain)


@dataclass
class Shown:
    """What a seat's calls have shown: `lo`-`hi` high-card points, and per suit a least
    and a greatest length."""

    lo: int = 0
    hi: int = 37
    min_len: dict[str, int] = field(default_factory=lambda: dict.fromkeys(_SUITS, 0))
    max_len: dict[str, int] = field(default_factory=lambda: dict.fromkeys(_SUITS, 13))

    def points(self, lo: int = 0, hi: int = 37) -> None:
        new_lo, new_hi = max(self.lo, lo), min(self.hi, hi)
        if new_lo > new_hi:  # a contradiction: the newer meaning wins
            new_lo, new_hi = lo, hi
        self.lo, self.hi = new_lo, new_hi

    def at_least(self, suit: str, n: int) -> None:
        if suit not in self.min_len:  # notrump: no suit
            return
        self.min_len[suit] = max(self.min_len[suit], n)
        self.max_len[suit] = max(self.max_len[suit], self.min_len[suit])

    def at_most(self, suit: str, n: int) -> None:
        if suit not in self.max_len:
            return
        self.max_len[suit] = max(min(self.max_len[suit], n), self.min_len[suit])

    def balanced(self) -> None:
        for suit in _SUITS:
            self.at_most(suit, 5)
            self.min_len[suit] = max(self.min_len[suit], min(2, self.max_len[suit]))

    @property
    def mid(self) -> float:
        """A point count to plan with: the middle of a narrow range, a third of the way
        up a wide one (the low end is the likelier, an opening of 12-21 being 15 or less
        three times out of four)."""
        width = min(self.hi, self.lo + 12) - self.lo
        return self.lo + width * (0.5 if width <= 4 else 0.3)


@dataclass
class Auction:
    calls: tuple[tuple[int, str], ...]
    opener: int | None = None  # the seat that made the first bid
    opening: str | None = None
    bids: dict[int, list[str]] = field(default_factory=lambda: {s: [] for s in range(4)})
    acted: dict[int, list[str]] = field(default_factory=lambda: {s: [] for s in range(4)})  # calls but passes
    last_bid: tuple[int, str] | None = None
    last_bidder: int | None = None
    doubling: int = 1  # 1 undoubled, 2 doubled, 3 redoubled
    shown: list[Shown] = field(default_factory=lambda: [Shown() for _ in range(4)])

    def side_strains(self, seat: int) -> list[str]:
        """The strains the seat's side has bid, in order."""
        out: list[str] = []
        for s, call in self.calls:
            bid = parse_bid(call)
            if bid is not None and s % 2 == seat % 2 and bid[1] not in out:
                out.append(bid[1])
        return out

    def ours(self, seat: int) -> bool:
        """The last bid is the seat's side's."""
        return self.last_bidder is not None and self.last_bidder % 2 == seat % 2


def analyse(calls: tuple[tuple[int, str], ...] | list[tuple[int, str]]) -> Auction:
    """Read the auction's calls, (seat, call) in order."""
    auction = Auction(tuple(calls))
    for seat, call in calls:
        _meaning(auction, seat, call)
        bid = parse_bid(call)
        if bid is not None:
            if auction.opener is None:
                auction.opener, auction.opening = seat, call
            auction.bids[seat].append(call)
            auction.last_bid, auction.last_bidder, auction.doubling = bid, seat, 1
        elif call == "X":
            auction.doubling = 2
        elif call == "XX":
            auction.doubling = 3
        if call != "pass":
            auction.acted[seat].append(call)
    return auction


def _meaning(a: Auction, seat: int, call: str) -> None:
    """Narrow `seat`'s Shown by what `call` means, given the auction before it."""
    shown = a.shown[seat]
    bid = parse_bid(call)
    partner = (seat + 2) % 4
    if a.opener is None:
        _opening(shown, call, bid)
        return
    level, strain = bid if bid is not None else (0, "")
    jump = bid is not None and a.last_bid is not None and level > _cheapest(a.last_bid, strain)
    if a.opener == partner and not a.acted[seat]:
        _response(a, shown, call, bid, jump)
    elif a.opener == seat and len(a.acted[seat]) == 1:
        _rebid(a, seat, shown, call, bid, jump)
    elif a.opener % 2 != seat % 2 and not a.acted[seat] and not a.acted[partner]:
        opened = parse_bid(a.opening or "")
        if call == "pass":
            shown.points(0, 15)
        elif call == "X" and opened is not None and opened[1] != "NT":
            shown.points(12, 37)
            shown.at_most(opened[1], 2)
        elif bid is not None and strain == "NT" and level == 1:
            shown.points(15, 18)
            shown.balanced()
        elif bid is not None and strain != "NT":
            if jump:
                shown.points(6, 10)
                shown.at_least(strain, 6)
            else:
                shown.points(8 if level == 1 else 10, 16)
                shown.at_least(strain, 5)
    elif bid is not None and a.opener % 2 != seat % 2 and not a.acted[seat] and a.acted[partner]:
        # Advancing partner's overcall or takeout double.
        if a.acted[partner][0] == "X":
            shown.points(9, 11) if jump else shown.points(0, 37 if level >= 3 else 8)
            if strain != "NT":
                shown.at_least(strain, 4)
        elif strain in a.side_strains(seat):
            shown.points(8, 37)
            shown.at_least(strain, 3)
        elif strain != "NT":
            shown.at_least(strain, 5)
    elif bid is not None and strain != "NT":
        _generic(a, seat, shown, strain)


def _opening(shown: Shown, call: str, bid: tuple[int, str] | None) -> None:
    if bid is None:
        if call == "pass":
            shown.points(0, 11)
        return
    level, strain = bid
    if strain == "NT":
        shown.points(*{1: (15, 17), 2: (20, 21)}.get(level, (0, 37)))
        shown.balanced()
    elif level == 1:
        shown.points(12, 21)
        shown.at_least(strain, 5 if strain in ("H", "S") else 3)
        if strain in ("C", "D"):
            shown.at_most("H", 4)
            shown.at_most("S", 4)
    elif level == 2 and strain == "C":
        shown.points(22, 37)
    elif level == 2:
        shown.points(6, 10)
        shown.at_least(strain, 6)
        shown.at_most(strain, 6)
    else:
        shown.points(6, 10)
        shown.at_least(strain, 7)


def _response(a: Auction, shown: Shown, call: str, bid: tuple[int, str] | None, jump: bool) -> None:
    opening = parse_bid(a.opening or "")
    assert opening is not None
    o_level, o_strain = opening
    contested = a.last_bidder is not None and a.last_bidder % 2 != a.opener % 2  # type: ignore[operator]
    if call == "pass":
        hi = {(1, "NT"): 7, (2, "NT"): 3, (2, "C"): 37}.get(opening, 5)
        shown.points(0, hi + (3 if contested else 0))
        return
    if bid is None:
        return
    level, strain = bid
    if opening == (1, "NT"):
        meaning = {
            "2C": (8, 37, None),
            "2D": (0, 7, "D"),
            "2H": (0, 7, "H"),
            "2S": (0, 7, "S"),
            "2NT": (8, 9, None),
            "3NT": (10, 15, None),
            "3H": (10, 37, "H"),
            "3S": (10, 37, "S"),
            "4H": (10, 15, "H"),
            "4S": (10, 15, "S"),
            "4NT": (16, 17, None),
            "6NT": (18, 19, None),
        }.get(call)
        if meaning is not None:
            shown.points(meaning[0], meaning[1])
            if meaning[2] is not None:
                shown.at_least(meaning[2], 6 if level == 4 else 5)
        return
    if opening == (2, "NT"):
        shown.points(*{"3NT": (4, 10), "4NT": (11, 12), "6NT": (13, 15)}.get(call, (4, 37)))
        return
    if opening == (2, "C"):
        shown.points(0, 7) if call == "2D" else shown.points(8, 37)
        return
    if o_level >= 2:
        return
    if strain == o_strain:
        shown.points(*{2: (6, 9), 3: (10, 12)}.get(level, (13, 20)))
        shown.at_least(strain, 3 if strain in ("H", "S") else 4)
    elif strain == "NT":
        shown.points(*{1: (6, 10), 2: (11, 12), 3: (13, 15)}.get(level, (0, 37)))
        if level >= 2:
            shown.balanced()
    else:
        shown.points(6 if level == 1 else 10, 37)
        shown.at_least(strain, 5 if (strain == "H" and o_strain == "S") else 4)


def _rebid(a: Auction, seat: int, shown: Shown, call: str, bid: tuple[int, str] | None, jump: bool) -> None:
    partner = (seat + 2) % 4
    opening = parse_bid(a.opening or "")
    if opening == (1, "NT") and a.bids[partner] == ["2C"]:  # the answer to Stayman
        if call == "2D":
            shown.at_most("H", 3)
            shown.at_most("S", 3)
        elif call in ("2H", "2S"):
            shown.at_least(call[1], 4)
        return
    if bid is None or opening is None or opening[1] == "NT" or opening == (2, "C"):
        return
    level, strain = bid
    partner_strains = [p[1] for p in map(parse_bid, a.bids[partner]) if p is not None]
    if partner_strains[:1] == [opening[1]] and strain == opening[1]:
        # Partner raised the opening suit: one below game invites, game accepts.
        raised = parse_bid(a.bids[partner][0])
        game = level >= (5 if strain in ("C", "D") else 4)
        shown.points(*((17, 21) if game and raised and raised[0] == 2 else (14, 21) if game else (15, 18)))
    elif strain in partner_strains and strain != "NT":
        shown.points(*((16, 18) if jump and level < 4 else (19, 21) if level >= 4 else (12, 15)))
        shown.at_least(strain, 3 if partner_strains[0] == opening[1] else 4)
    elif strain == "NT":
        shown.points(*((12, 14) if level == 1 else (18, 19) if level == 2 and not partner_strains else (12, 21)))
        shown.balanced()
    elif strain == opening[1] and not partner_strains[:1] == [strain]:
        shown.points(*((16, 18) if jump else (12, 15)))
        shown.at_least(strain, 6)
    else:
        shown.at_least(strain, 4)


def _generic(a: Auction, seat: int, shown: Shown, strain: str) -> None:
    partner = (seat + 2) % 4
    partner_strains = [p[1] for p in map(parse_bid, a.bids[partner]) if p is not None]
    own = [p[1] for p in map(parse_bid, a.bids[seat]) if p is not None]
    if strain in partner_strains and strain not in own:
        shown.at_least(strain, 3)
    elif strain in own:
        shown.at_least(strain, 5)
    else:
        shown.at_least(strain, 4)


def _cheapest(last: tuple[int, str], strain: str) -> int:
    """The lowest level at which `strain` may be bid over `last`."""
    level, last_strain = last
    return level if STRAINS.index(strain) > STRAINS.index(last_strain) else level + 1
