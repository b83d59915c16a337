"""Reading a bridge `DecisionRequest` into the bot's own picture of the table
(`read_request` → `Table`; no gRPC calls, no I/O).

The view is `request.view.bridge` (protos/arena/v1/bridge.proto).  When the declarer is
asked to play the dummy's card, `request.acting_seat` is the dummy's seat and
`view.to_play` the dummy: the `Table`'s `playing` is then the dummy's cards.  Every card
played this board comes from the view's `deal_events` (`CardPlayed`), which also tell
which seat showed out of which suit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Table", "Contract", "read_request", "STRAIN_LETTERS", "call_text"]

#: BridgeStrain values → the strain as a bid writes it.
STRAIN_LETTERS = {1: "C", 2: "D", 3: "H", 4: "S", 5: "NT"}
_PASS, _BID, _DOUBLE, _REDOUBLE, _PLAY = 1, 2, 3, 4, 5
AUCTION, PLAY = 1, 2


@dataclass(frozen=True)
class Contract:
    level: int
    strain: str  # C D H S NT
    doubling: int  # 1 undoubled, 2 doubled, 3 redoubled
    declarer: int

    @property
    def trump(self) -> str | None:
        return None if self.strain == "NT" else self.strain


@dataclass(frozen=True)
class Table:
    """What one seat knows at a decision, as plain values.  Seats 0 N, 1 E, 2 S, 3 W."""

    seat: int
    acting: int  # whose cards this decision plays: the seat, or its dummy
    board: int
    dealer: int
    vulnerability: int  # 1 none, 2 N-S, 3 E-W, 4 both
    phase: int  # 1 auction, 2 play
    hand: tuple[str, ...]  # the seat's own cards still held
    auction: tuple[str, ...]  # call texts from the dealer on: pass, 1C … 7NT, X, XX
    contract: Contract | None
    dummy_seat: int | None
    dummy: tuple[str, ...]  # the dummy's cards still held, once exposed
    trick: tuple[tuple[int, str], ...]  # (seat, card) of the trick in progress
    leader: int | None
    tricks: tuple[int, int]  # taken so far: N-S, E-W
    to_play: int | None
    played: tuple[tuple[int, str], ...] = ()  # every (seat, card) played this board, in order
    legal: tuple[str, ...] = field(default=())

    # --- the auction ---------------------------------------------------------------
    @property
    def calls(self) -> tuple[tuple[int, str], ...]:
        """(seat, call) of the auction, in order."""
        return tuple(((self.dealer + i) % 4, call) for i, call in enumerate(self.auction))

    def vulnerable(self, seat: int) -> bool:
        if self.vulnerability == 4:
            return True
        if self.vulnerability == 1:
            return False
        return (self.vulnerability == 2) == (seat % 2 == 0)

    # --- the play ------------------------------------------------------------------
    @property
    def playing(self) -> tuple[str, ...]:
        """The cards of the hand to play now (the dummy's when the declarer plays them)."""
        return self.dummy if self.acting == self.dummy_seat and self.acting != self.seat else self.hand

    @property
    def declarer(self) -> int | None:
        return None if self.contract is None else self.contract.declarer

    @property
    def trump(self) -> str | None:
        return None if self.contract is None else self.contract.trump

    @property
    def opening_lead(self) -> bool:
        return self.phase == PLAY and not self.played

    def voids(self) -> set[tuple[int, str]]:
        """(seat, suit) pairs known void: the seat did not follow to a trick led in the suit."""
        out: set[tuple[int, str]] = set()
        for i in range(0, len(self.played), 4):
            trick = self.played[i : i + 4]
            led = trick[0][1][0]
            out.update((seat, led) for seat, card in trick[1:] if card[0] != led)
        return out

    def index(self, text: str) -> int | None:
        try:
            return self.legal.index(text)
        except ValueError:
            return None


def call_text(action: Any) -> str:
    """A BridgeAction message as its action text."""
    kind = action.kind
    if kind == _BID:
        return f"{action.level}{STRAIN_LETTERS[action.strain]}"
    if kind == _PLAY:
        return str(action.card)
    return {_PASS: "pass", _DOUBLE: "X", _REDOUBLE: "XX"}[kind]


def read_request(request: Any) -> Table:
    """A `DecisionRequest` (protobuf) for a bridge seat as a `Table`."""
    view = request.view.bridge
    contract = None
    if view.HasField("contract"):
        c = view.contract
        contract = Contract(c.level, STRAIN_LETTERS[c.strain], c.doubling or 1, c.declarer)
    played = tuple(
        (event.card_played.seat, event.card_played.card)
        for event in view.deal_events
        if event.WhichOneof("event") == "card_played"
    )
    tricks = tuple(view.tricks) or (0, 0)
    # acting_seat says whose cards are played; to_play says the same in the view (the
    # dummy's when the declarer plays them), and is what a hand-built request may carry.
    acting = view.to_play if view.phase == PLAY and view.HasField("to_play") else request.acting_seat
    if view.phase != PLAY:
        acting = view.seat
    return Table(
        seat=view.seat,
        acting=acting,
        board=view.board,
        dealer=view.dealer,
        vulnerability=view.vulnerability,
        phase=view.phase,
        hand=tuple(view.hand),
        auction=tuple(call_text(a) for a in view.auction),
        contract=contract,
        dummy_seat=view.dummy_seat if view.HasField("dummy_seat") else None,
        dummy=tuple(view.dummy),
        trick=tuple((p.seat, p.card) for p in view.trick),
        leader=view.leader if view.HasField("leader") else None,
        tricks=(tricks[0], tricks[1]),
        to_play=view.to_play if view.HasField("to_play") else None,
        played=played,
        legal=tuple(action.text for action in request.legal_actions),
    )
