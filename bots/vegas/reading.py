"""Reading a Las Vegas `DecisionRequest` into the bot's own picture (`read_request` →
`Table`; no gRPC calls, no I/O): its cards, the flipped centre cards, every card it has
seen thrown away, the cards it has not seen, who is still in and with how many cards, the
pot and what a call costs, and the legal actions as texts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.vegas import DECK

__all__ = ["Table", "read_request", "BUSSO", "PUNTA", "VEDI", "RILANCIA", "LASCIA"]

# The first word of each action text (`punta 2`, `rilancia 4`: the number is the round's
# bet after it, which the fixed limit decides, so a policy names only the word).
BUSSO, PUNTA, VEDI, RILANCIA, LASCIA = "busso", "punta", "vedi", "rilancia", "lascia"


@dataclass(frozen=True)
class Table:
    """What one seat knows at a decision, as plain values."""

    seat: int
    hand: int  # the hand's number in the match
    players: int
    cards: tuple[str, ...]  # what it still holds
    flipped: tuple[str, ...]  # centre cards face up, in flip order
    discarded: tuple[str, ...]  # every card it saw thrown away on a flip, its own included
    unseen: tuple[str, ...]  # the deck less its cards, the flipped ones and the discards
    opponents: tuple[tuple[int, int], ...]  # (seat, cards held) of each other seat still in
    pot: int
    to_call: int  # chips it must add to match the round's bet (0: nothing to match)
    others_owe: int  # chips the others still in must add to match it
    level: int  # the round's bet per player
    bet: int  # the fixed bet: an opening bet and each raise
    raises: int  # raises made this round
    max_raises: int
    round: int  # betting round, 1-5
    put_in: int  # chips it has put in this hand, ante included
    legal: tuple[str, ...]  # the legal actions' texts, in the request's order

    @property
    def in_hand(self) -> int:
        """Players still in, itself included."""
        return 1 + len(self.opponents)

    @property
    def pot_called(self) -> int:
        """The pot once everyone still in has matched the round's bet, itself included:
        the pot its odds (nobody folds) say it plays for."""
        return self.pot + self.to_call + self.others_owe

    @property
    def opponent_sizes(self) -> tuple[int, ...]:
        return tuple(size for _, size in self.opponents)

    def can(self, word: str) -> bool:
        return any(text.split()[0] == word for text in self.legal)

    def index(self, word: str) -> int | None:
        for i, text in enumerate(self.legal):
            if text.split()[0] == word:
                return i
        return None


def read_request(request: Any) -> Table:
    """A `DecisionRequest` (protobuf) for a Las Vegas seat as a `Table`."""
    view = request.view.vegas
    seat = view.seat
    cards = tuple(view.cards)
    flipped = tuple(view.flipped)
    # The view holds the current hand's events only, so every discard in it is this hand's.
    discarded: list[str] = []
    for event in view.deal_events:
        if event.WhichOneof("event") == "card_flipped":
            for discard in event.card_flipped.discards:
                discarded.extend(discard.cards)
    known = set(cards) | set(flipped) | set(discarded)
    unseen = tuple(card for card in DECK if card not in known)
    opponents = tuple(
        (other, view.hand_sizes[other]) for other in range(view.players) if other != seat and not view.folded[other]
    )
    put_in_round = list(view.put_in_round) or [0] * view.players
    return Table(
        seat=seat,
        hand=view.hand,
        players=view.players,
        cards=cards,
        flipped=flipped,
        discarded=tuple(discarded),
        unseen=unseen,
        opponents=opponents,
        pot=view.pot,
        to_call=max(0, view.level - put_in_round[seat]),
        others_owe=sum(max(0, view.level - put_in_round[other]) for other, _ in opponents),
        level=view.level,
        bet=view.bet,
        raises=view.raises,
        max_raises=view.max_raises,
        round=view.round,
        put_in=view.put_in[seat] if len(view.put_in) > seat else 0,
        legal=tuple(action.text for action in request.legal_actions),
    )
