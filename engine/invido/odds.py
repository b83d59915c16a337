"""How good a seat's cards are when it calls: its chance of winning the giocata from there.

A score call says "my cards are worth more than the stake".  Whether they are is measured
the way conto's declarations are (engine/conto/odds.py): from exactly what the caller
could see, computed exactly, not sampled.  The caller knows the three cards it was dealt
and the opponent's cards played face up; every hand the opponent could still hold is
equally likely, so its holdings are counted hypergeometrically over the unseen cards (by
strength: suits never matter).  Against each holding the rest of the giocata is played
out with all cards open, each side at its best (double dummy, as bridge analysts judge a
contract): a win counts 1, a void giocata (three ties) 1/2, a loss 0.  The chance is the
holdings' weighted mean.  Inferences from the opponent's own calls and answers are left
out, as conto's odds leave them out.

    win_chance(Position(hand=("3c", "Rd"), dealt=("3c", "Rd", "6s"), seen=("As",),
                        opponent_cards=2, tricks=(1,), leads=False, on_table=None))
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from functools import cache
from math import comb, prod

from .._errors import PositionError
from .records import HAND_SIZE, RANK_STRENGTH
from .tricks import FACE_DOWN, giocata_winner, stronger

__all__ = ["Position", "win_chance"]

_ME, _THEM = 0, 1
_STRENGTHS = tuple(sorted(set(RANK_STRENGTH.values())))
_COPIES = 4  # one card of each strength per suit


@dataclass(frozen=True)
class Position:
    """A giocata as one seat sees it when it is about to act."""

    #: The seat's cards still in its hand.
    hand: tuple[str, ...]
    #: The three cards it was dealt (those it played included: it knows them all).
    dealt: tuple[str, ...]
    #: The opponent's cards it has seen: those played face up (on the table included).
    seen: tuple[str, ...]
    #: How many cards the opponent still holds.
    opponent_cards: int
    #: The finished tricks in order: 0 the seat took it, 1 the opponent, None a tie.
    tricks: tuple[int | None, ...]
    #: The seat leads the current trick.
    leads: bool
    #: The strength of the card led to the current trick (`FACE_DOWN` if led face down),
    #: None while nothing is led.
    on_table: int | None
    #: Cards may be played face down (the vado_dentro option).
    face_down: bool = False


def win_chance(position: Position) -> float:
    """The seat's chance of winning the giocata from `position` (see the module doc)."""
    mine = tuple(sorted(RANK_STRENGTH[card[0]] for card in position.hand))
    known = Counter(RANK_STRENGTH[card[0]] for card in (*position.dealt, *position.seen))
    unseen = tuple(_COPIES - known[s] for s in _STRENGTHS)
    led = position.on_table is not None
    mine_played = len(position.tricks) + (led and position.leads)
    theirs_played = len(position.tricks) + (led and not position.leads)
    if (
        min(unseen) < 0
        or len(position.hand) != HAND_SIZE - mine_played
        or position.opponent_cards != HAND_SIZE - theirs_played
        or Counter(position.hand) - Counter(position.dealt)
        or giocata_winner(position.tricks) is not None
        or len(position.tricks) >= HAND_SIZE
    ):
        raise PositionError(f"{position} is not a position of an undecided invido giocata: its cards do not add up.")
    leader = _ME if position.leads else _THEM
    total, weighted = 0, 0.0
    for holding in itertools.combinations_with_replacement(range(len(_STRENGTHS)), position.opponent_cards):
        counts = Counter(holding)
        ways = prod(comb(unseen[i], n) for i, n in counts.items())
        if ways:
            theirs = tuple(_STRENGTHS[i] for i in holding)
            value = _value(mine, theirs, position.tricks, leader, position.on_table, position.face_down)
            total += ways
            weighted += ways * value
    return weighted / total


@cache
def _value(
    mine: tuple[int, ...],
    theirs: tuple[int, ...],
    tricks: tuple[int | None, ...],
    leader: int,
    led: int | None,
    face_down: bool,
) -> float:
    """The giocata's worth to the seat (1 won, 1/2 void, 0 lost), both sides playing their
    best with all cards open; `led` is the leader's card on the table, if any."""
    decided = giocata_winner(tricks)
    if decided is not None:
        return 1.0 if decided == _ME else 0.0
    if len(tricks) == HAND_SIZE:
        return 0.5
    player = leader if led is None else 1 - leader
    hand = mine if player == _ME else theirs
    outcomes = []
    for place, strength in enumerate(hand):
        if strength in hand[:place]:
            continue  # the same strength again: the same play
        rest = hand[:place] + hand[place + 1 :]
        mine_after, theirs_after = (rest, theirs) if player == _ME else (mine, rest)
        for played in (strength, FACE_DOWN) if face_down else (strength,):
            if led is None:
                outcomes.append(_value(mine_after, theirs_after, tricks, leader, played, face_down))
                continue
            taker = stronger(led, played)
            winner = None if taker is None else (leader if taker == 0 else player)
            after = (*tricks, winner)
            next_leader = leader if winner is None else winner
            outcomes.append(_value(mine_after, theirs_after, after, next_leader, None, face_down))
    return max(outcomes) if player == _ME else min(outcomes)
