"""Bridge as a spectator watches it (`engine.Scene`, for replays): each seat's hand (the
dummy's face up once the opening lead is made) and its card in the trick, the board's
dealer and vulnerability, the auction, the contract, the tricks won, the score."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .._core import Event
from .._scene import Scene, SeatScene, spectator_texts
from .records import (
    SEATS,
    AuctionEnded,
    BoardDealt,
    BoardScored,
    Called,
    CallKind,
    CardPlayed,
    DummyExposed,
    Forfeited,
    MatchEnded,
    TrickTaken,
    Vulnerability,
    is_vulnerable,
    side_of,
)

__all__ = ["bridge_scenes"]

_NAMES = ("North", "East", "South", "West")
_VULNERABLE = {
    Vulnerability.NONE: "nobody",
    Vulnerability.NS: "N-S",
    Vulnerability.EW: "E-W",
    Vulnerability.BOTH: "both sides",
}


def bridge_scenes(history: Sequence[Event]) -> Iterator[Scene]:
    """One scene after each event of a full history (four seats, 0 North clockwise)."""
    hands: list[list[str]] = [[] for _ in range(4)]
    in_trick: list[list[str]] = [[] for _ in range(4)]
    trick_shown = 0
    totals = [0, 0]
    dealer: int | None = None
    vulnerability = Vulnerability.NONE
    declarer: int | None = None
    dummy: int | None = None
    dummy_open = False
    auction: list[str] = []
    passes, bid_made = 0, False
    board_line = contract = tricks = verdict = ""
    to_act: int | None = None
    first: int | None = None  # the match's first board (1 unless new_match was given another)
    for event in history:
        actor: int | None = None
        if isinstance(event, BoardDealt):
            hands = [[] for _ in range(4)]
            for dealt in event.hands:
                hands[dealt.seat] = list(dealt.cards)
            in_trick, trick_shown = [[] for _ in range(4)], 0
            totals, dealer, vulnerability = list(event.totals), event.dealer, event.vulnerability
            declarer = dummy = None
            dummy_open, auction, passes, bid_made = False, [], 0, False
            first = event.board if first is None else first
            board_line = f"{event.board} of {event.boards_in_match}"
            if first != 1:  # board 5 of a one-board match is its first of 1
                board_line = f"{event.board} ({event.board - first + 1} of {event.boards_in_match})"
            contract = tricks = verdict = ""
            to_act = event.dealer
        elif isinstance(event, Called):
            actor = event.seat
            auction.append(f"{SEATS[event.seat]} {event.call.text}")
            if event.call.kind is CallKind.PASS:
                passes += 1
            else:
                passes, bid_made = 0, bid_made or event.call.kind is CallKind.BID
            over = passes == 4 or (bid_made and passes == 3)
            to_act = None if over else (event.seat + 1) % 4
        elif isinstance(event, AuctionEnded):
            if event.contract is None:
                contract, to_act = "passed out", None
            else:
                declarer, dummy = event.contract.declarer, event.dummy
                contract, tricks = event.contract.text, "N-S 0, E-W 0"
                to_act = (declarer + 1) % 4
        elif isinstance(event, CardPlayed):
            actor = event.by
            if event.trick != trick_shown:
                in_trick, trick_shown = [[] for _ in range(4)], event.trick
            hands[event.seat].remove(event.card)
            in_trick[event.seat].append(event.card)
            following = (event.seat + 1) % 4
            done = sum(len(cards) for cards in in_trick) == 4
            to_act = None if done else (declarer if following == dummy else following)
        elif isinstance(event, DummyExposed):
            dummy_open = True
        elif isinstance(event, TrickTaken):
            tricks = f"N-S {event.tricks[0]}, E-W {event.tricks[1]}"
            won = event.winner
            to_act = None if event.trick == 13 else (declarer if won == dummy else won)
        elif isinstance(event, BoardScored):
            totals, verdict, to_act = list(event.totals), event.text, None
        elif isinstance(event, Forfeited):
            actor, verdict, to_act = event.seat, event.text, None
        elif isinstance(event, MatchEnded):
            totals, verdict, to_act = list(event.totals), event.text, None
        text, secret_text = spectator_texts(event)
        yield Scene(
            text=text,
            actor=actor,
            seats=tuple(
                SeatScene(
                    hand=tuple(hands[seat]),
                    open=dummy_open and seat == dummy,
                    shown=tuple(in_trick[seat]),
                    status=_status(seat, dealer, declarer, dummy, is_vulnerable(vulnerability, seat), totals),
                )
                for seat in range(4)
            ),
            table=(
                ("board", board_line),
                ("vulnerable", _VULNERABLE[vulnerability] if board_line else ""),
                ("auction", ", ".join(auction)),
                ("contract", contract),
                ("tricks", tricks),
                ("score", verdict),
            ),
            to_act=to_act,
            secret_text=secret_text,
        )


def _status(
    seat: int, dealer: int | None, declarer: int | None, dummy: int | None, vulnerable: bool, totals: list[int]
) -> str:
    roles = [_NAMES[seat]]
    roles += [role for role, holder in (("dealer", dealer), ("declarer", declarer), ("dummy", dummy)) if holder == seat]
    if vulnerable:
        roles.append("vulnerable")
    side = side_of(seat)
    roles.append(f"{('N-S', 'E-W')[side]} {totals[side]:+d}")
    return " · ".join(roles)
