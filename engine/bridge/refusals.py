"""Why a bridge action is refused: the sentence an IllegalAction carries.

`BridgeState.verify` accepts exactly its legal set; only a refused action comes here, to
be told which rule it breaks, in words a bot author can act on.
"""

from __future__ import annotations

from .records import SEATS, BridgeAction, CallKind, Doubling, Phase, PlayedCard, Strain, side_of

__all__ = ["BridgeRefusals"]

_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


class BridgeRefusals:
    """`BridgeState`'s `_why_illegal`, from the state it reads (declared here)."""

    _to_act: int | None
    phase: Phase
    to_play: int | None
    trick: list[PlayedCard]
    _hands: list[list[str]]
    _last_bid: BridgeAction | None
    _bidder: int | None
    _doubling: Doubling

    def _why_illegal(self, action: object) -> str:
        """The sentence that says why `action` is refused (it is not in the legal set)."""
        if not isinstance(action, BridgeAction) or not isinstance(action.kind, CallKind):
            return f"{action!r} is not a bridge action."
        seat = self._to_act
        said = repr(action.text) if _readable(action) else repr(action)
        if seat is None:
            return f"The match is over, so {said} cannot be played."
        who = SEATS[seat]
        if self.phase is Phase.AUCTION:
            if action.kind is CallKind.PLAY:
                return f"The auction is not over, so {who} must call (pass, a bid, X or XX), not play {said}."
            return self._why_call(action, who, said)
        if action.kind is not CallKind.PLAY:
            return f"The auction is over and the play has begun, so {who} must play a card, not call {said}."
        return self._why_card(action, said)

    def _why_call(self, action: BridgeAction, who: str, said: str) -> str:
        seat = self._to_act
        assert seat is not None
        last, bidder = self._last_bid, self._bidder
        if action.kind is CallKind.BID:
            if not _readable(action):
                return f"{said} is not a bid: a bid is a level from 1 to 7 and a strain C, D, H, S or NT."
            assert last is not None
            return (
                f"Bid {said} by {who} is insufficient: a bid must name more tricks, or as many in a higher "
                f"strain (C < D < H < S < NT), than the last bid, {last.text}."
            )
        if action.kind is CallKind.DOUBLE:
            if last is None:
                return f"{who} cannot double: nobody has bid yet."
            if side_of(bidder) == side_of(seat):  # type: ignore[arg-type]
                return f"{who} cannot double {last.text}: it is {who}'s own side's bid; one doubles only the opponents' last bid."
            return f"{who} cannot double {last.text}: it is {_doubled(self._doubling)} already."
        if last is None or self._doubling is Doubling.UNDOUBLED:
            what = "nobody has bid yet" if last is None else f"{last.text} has not been doubled"
            return f"{who} cannot redouble: {what}; one redoubles only an opponent's double of one's own side's bid."
        if self._doubling is Doubling.REDOUBLED:
            return f"{who} cannot redouble {last.text}: it is redoubled already."
        return f"{who} cannot redouble {last.text}: the double was {who}'s own side's; one redoubles only the opponents' double."

    def _why_card(self, action: BridgeAction, said: str) -> str:
        seat, playing = self._to_act, self.to_play
        assert seat is not None and playing is not None
        hand = self._hands[playing]
        whose = SEATS[playing] if playing == seat else f"the dummy ({SEATS[playing]}), whose cards {SEATS[seat]} plays,"
        if action.card not in hand:
            return f"{whose} does not hold {said}; the hand is {' '.join(hand)}."
        led = self.trick[0].card[0]
        return f"{whose} must follow suit: {SEATS[self.trick[0].seat]} led {_SUIT_NAMES[led]} and the hand holds {' '.join(c for c in hand if c[0] == led)}."


def _readable(action: BridgeAction) -> bool:
    if action.kind is CallKind.BID:
        return type(action.level) is int and 1 <= action.level <= 7 and isinstance(action.strain, Strain)
    if action.kind is CallKind.PLAY:
        return isinstance(action.card, str)
    return True


def _doubled(doubling: Doubling) -> str:
    return "doubled" if doubling is Doubling.DOUBLED else "redoubled"
