"""Las Vegas as a spectator watches it (`engine.Scene`, for replays): each seat's hand and
the cards its flips made it discard, who is in and what it put in, the centre cards
(face down until flipped), the pot and the round's bet, the match's chips."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .._core import Event
from .._scene import Scene, SeatScene, spectator_texts
from .records import Acted, Bet, CardFlipped, Forfeited, HandDealt, HandEnded, MatchEnded

__all__ = ["vegas_scenes"]

#: A centre card still face down, as a spectator sees it.
FACE_DOWN = "?"


def vegas_scenes(history: Sequence[Event], players: int) -> Iterator[Scene]:
    """One scene after each event of a full history."""
    hands: list[list[str]] = [[] for _ in range(players)]
    discarded: list[list[str]] = [[] for _ in range(players)]
    opened = [False] * players
    folded = [False] * players
    acted = [False] * players
    put_in, put_in_round = [0] * players, [0] * players
    chips = [0] * players
    dealer: int | None = None
    deal_line, verdict = "", ""
    flipped: list[str] = []
    centre_size = 0
    pot, level, betting = 0, 0, 0
    to_act: int | None = None

    def next_to_act(after: int) -> int | None:
        """The first seat after `after` still in that owes an action (the rules' order)."""
        for step in range(1, players + 1):
            seat = (after + step) % players
            if not folded[seat] and (not acted[seat] or put_in_round[seat] < level):
                return seat
        return None

    def new_round() -> None:
        nonlocal level, betting, to_act
        level, betting = 0, betting + 1
        put_in_round[:] = [0] * players
        acted[:] = [False] * players
        to_act = None if dealer is None else next_to_act(dealer)

    for event in history:
        actor: int | None = None
        if isinstance(event, HandDealt):
            hands = [[] for _ in range(players)]
            for dealt in event.hands:
                hands[dealt.seat] = list(dealt.cards)
            discarded = [[] for _ in range(players)]
            opened, folded = [False] * players, [False] * players
            put_in = [event.ante] * players
            chips = list(event.chips)
            dealer, pot, betting = event.dealer, event.pot, 0
            flipped, centre_size = [], len(event.centre)
            deal_line, verdict = f"{event.hand} of {event.hands_in_match}", ""
            new_round()
        elif isinstance(event, Acted):
            actor = event.seat
            level, pot = event.level, event.pot
            put_in[actor] += event.paid
            put_in_round[actor] += event.paid
            acted[actor] = True
            folded[actor] = folded[actor] or event.action is Bet.LASCIA
            to_act = next_to_act(actor) if sum(not f for f in folded) > 1 else None
        elif isinstance(event, Forfeited):
            actor = event.seat
            folded[actor] = True
            if sum(not f for f in folded) <= 1:
                to_act = None
            elif to_act == actor:
                to_act = next_to_act(actor)
        elif isinstance(event, CardFlipped):
            flipped.append(event.card)
            for discard in event.discards:
                for card in discard.cards:
                    hands[discard.seat].remove(card)
                discarded[discard.seat].extend(discard.cards)
            new_round()
            if any(discard.left == 0 for discard in event.discards):
                to_act = None
        elif isinstance(event, HandEnded):
            for shown in event.shown:
                opened[shown.seat] = True
            chips, to_act = list(event.chips), None
            verdict = ", ".join(f"seat {p.seat} takes {p.chips} ({p.why})" for p in event.payouts) or "nobody takes it"
        elif isinstance(event, MatchEnded):
            chips, to_act = list(event.chips), None
        centre = " ".join(flipped + [FACE_DOWN] * (centre_size - len(flipped)))
        bet = "" if verdict or not betting else f"round {betting}: " + (f"{level} a seat" if level else "nothing bet")
        text, secret_text = spectator_texts(event)
        yield Scene(
            text=text,
            actor=actor,
            seats=tuple(
                SeatScene(
                    hand=tuple(hands[seat]),
                    open=opened[seat],
                    shown=tuple(discarded[seat]),
                    status=_status(seat == dealer, folded[seat], put_in[seat], chips[seat]),
                )
                for seat in range(players)
            ),
            table=(("deal", deal_line), ("centre", centre), ("pot", str(pot)), ("bet", bet), ("ended", verdict)),
            to_act=to_act,
            secret_text=secret_text,
        )


def _status(dealer: bool, folded: bool, put_in: int, chips: int) -> str:
    parts = ["dealer"] if dealer else []
    parts.append("folded" if folded else "in")
    parts.append(f"put in {put_in}")
    parts.append(f"chips {chips:+d}")
    return " · ".join(parts)
