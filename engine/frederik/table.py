"""The cards on a frederik table and who knows each: moving them, and a seat's view.

A mixin of `FrederikState` (engine/frederik/rules.py), which owns the attributes
declared here.  Every card in front of a seat or in the pile carries a bit mask of the
seats that know it (its owner, everyone once it was face up or shown, the seat that
returned it under the pile), so that a view shows each seat exactly what it has seen.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._errors import SeatError
from .cards import DECK
from .kinds import Phase, Window
from .records import FrederikAction, FrederikView, PileCard, Tableau, TableCard

__all__ = ["FrederikTable"]

# A view's nested records are made once and met again by identity: the referee's writers
# keep each nested record's bytes and JSON by identity, and records made afresh for every
# view missed them every time (a request's bytes 120 -> 89 us, the view itself 34 -> 15 us:
# benchmarks/encode.py).  Frozen records shared between views cannot be told from fresh ones.
#: Every card a view can show in front of a seat ("" where unknown), face up or down.
_TABLE_CARDS = {(card, up): TableCard(card, up) for card in ("", *DECK) for up in (False, True)}
#: The pile's known cards, by (position, card): at most 52 x 52, filled as met.
_PILE_CARDS: dict[tuple[int, str], PileCard] = {}
#: Tableaux as a seat sees them, by (seat, cards seen, which are face up); emptied past
#: the limit (a tableau recurs within a deal, rarely after it).
_TABLEAUX: dict[tuple[int, tuple[str, ...], tuple[bool, ...]], Tableau] = {}
_TABLEAUX_LIMIT = 4_096


def _tableau(seat: int, seen: tuple[str, ...], up: tuple[bool, ...]) -> Tableau:
    key = (seat, seen, up)
    made = _TABLEAUX.get(key)
    if made is None:
        if len(_TABLEAUX) >= _TABLEAUX_LIMIT:
            _TABLEAUX.clear()
        cards = _TABLE_CARDS
        made = _TABLEAUX[key] = Tableau(
            seat, tuple([cards[card, face_up] for card, face_up in zip(seen, up, strict=True)])
        )
    return made


def _pile_card(position: int, card: str) -> PileCard:
    made = _PILE_CARDS.get((position, card))
    if made is None:
        made = _PILE_CARDS[position, card] = PileCard(position, card)
    return made


class FrederikTable:
    """Card movements and the per-seat view, over the state's table (declared here)."""

    players: int
    deal: int
    deals_in_match: int
    starter: int
    phase: Phase
    round: int
    points: list[float]
    all_down: list[bool]
    forfeited: list[bool]
    drawn: list[str]
    _to_act: int | None
    _everyone: int
    _pile: list[str]
    _pile_known: list[int]
    _cards: list[list[str]]
    _up: list[list[bool]]
    _known: list[list[int]]
    _pending: tuple[int, FrederikAction] | None
    _window: Window | None

    def _place(self, seat: int, card: str, face_up: bool, known: int) -> None:
        self._cards[seat].append(card)
        self._up[seat].append(face_up)
        self._known[seat].append(self._everyone if face_up else known | 1 << seat)

    def _take(self, seat: int, card: str) -> None:
        i = self._cards[seat].index(card)
        del self._cards[seat][i], self._up[seat][i], self._known[seat][i]

    def _to_bottom(self, cards: Sequence[str], known: int) -> None:
        self._pile.extend(cards)
        self._pile_known.extend([known] * len(cards))

    def _discard(self, seat: int, cards: Sequence[str]) -> None:
        for card in cards:
            self._take(seat, card)
        self._to_bottom(cards, self._everyone)

    def _draw_up(self, seat: int, count: int, position: int = 1) -> tuple[str, ...]:
        start = position - 1
        drawn = tuple(self._pile[start : start + count])
        del self._pile[start : start + count], self._pile_known[start : start + count]
        for card in drawn:
            self._place(seat, card, True, self._everyone)
        return drawn

    def _turn_up(self, seat: int, card: str) -> None:
        i = self._cards[seat].index(card)
        self._up[seat][i] = True
        self._known[seat][i] = self._everyone

    def _show(self, seat: int, card: str) -> None:
        self._known[seat][self._cards[seat].index(card)] = self._everyone

    def owner_of(self, card: str) -> int | None:
        """The seat with `card` in front of it, or None."""
        for seat, cards in enumerate(self._cards):
            if card in cards:
                return seat
        return None

    def view(self, seat: int) -> FrederikView:
        """What `seat` may know now.  Its `to_act` is the seat deciding, which is public in
        the draft and on a battle turn; while an answer or an interrupt is awaited it is
        the seat itself when it is the one asked, and None for every other seat: the rules
        ask only a seat that holds a card to answer with, so who is asked is not public."""
        if not 0 <= seat < self.players:
            raise SeatError(f"There is no seat {seat} at a {self.players}-player frederik table.")
        bit = 1 << seat
        tableaux = tuple(
            [
                _tableau(
                    s,
                    tuple(
                        [
                            card if known & bit else ""
                            for card, known in zip(self._cards[s], self._known[s], strict=True)
                        ]
                    ),
                    tuple(self._up[s]),
                )
                for s in range(self.players)
            ]
        )
        pile_known = tuple(
            [
                _pile_card(i + 1, card)
                for i, (card, known) in enumerate(zip(self._pile, self._pile_known, strict=True))
                if known & bit
            ]
        )
        pending = self._pending
        to_act = self._to_act if self._window is None or self._to_act == seat else None
        return FrederikView(
            seat=seat,
            deal=self.deal,
            deals_in_match=self.deals_in_match,
            players=self.players,
            starter=self.starter,
            phase=self.phase,
            round=self.round,
            to_act=to_act,
            tableaux=tableaux,
            drawn=tuple(self.drawn) if self._to_act == seat and self.phase is Phase.DRAFT else (),
            pile_size=len(self._pile),
            pile_known=pile_known,
            all_down=tuple(self.all_down),
            forfeited=tuple(self.forfeited),
            answering=pending[1] if pending else None,
            answering_seat=pending[0] if pending else None,
            points=tuple(self.points),
            deal_events=self.deal_events(seat),  # type: ignore[attr-defined]
        )
