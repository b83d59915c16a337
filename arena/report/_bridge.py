"""Bridge in the report as bridge players read it: each board's result at one table, and
the board table that compares a match's two rooms (the same boards, the sides' seats
swapped: arena.results.boards pairs them and scores each board in IMPs).

A board's result is [board, contract, declarer, tricks, result, North-South's score]:
("4S", "N", 10, "=", 420), ("7NTXX", "W", 6, "-7", -3400), a passed-out board ("passed
out", "", None, "", 0), a forfeited one ("forfeit", its seat's letter, None, "", 0).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import engine
from arena.records import StoredMatch
from arena.results.boards import compare_boards, partnership_name
from engine.bridge import SEATS, BoardScored, Forfeited

__all__ = ["board_results", "rooms"]


def board_results(history: Sequence[engine.Event]) -> list[list[Any]]:
    """Each board of one bridge match as its table scored it, in board order."""
    out: list[list[Any]] = []
    for event in history:
        if isinstance(event, Forfeited):
            out.append([event.board, "forfeit", SEATS[event.seat], None, "", 0])
        elif isinstance(event, BoardScored) and not (out and out[-1][0] == event.board):
            contract = event.contract
            if contract is None:
                out.append([event.board, "passed out", "", None, "", 0])
                continue
            named = contract.text.split(" by ")[0]
            over = event.declarer_tricks - contract.level - 6
            result = "=" if over == 0 else f"{over:+d}"
            out.append([event.board, named, SEATS[contract.declarer], event.declarer_tricks, result, event.score])
    return out


def rooms(matches: Sequence[StoredMatch], game: engine.Game) -> dict[str, dict[str, Any]]:
    """Per match key of a game rated by board: its room (1: the first seating, 2: the
    sides swapped), the other room's key, the two partnerships (the first sits North-South
    in room 1) and each board's IMPs to them."""
    if game.spec.rate_by is not engine.RateBy.BOARD:
        return {}
    tables: dict[tuple[int, int], dict[int, StoredMatch]] = {}
    for match in matches:
        tables.setdefault((match.round, match.table), {})[match.rotation] = match
    comparisons, _ = compare_boards(matches, game)
    imps: dict[tuple[int, int], dict[int, list[float]]] = {}
    sides: dict[tuple[int, int], list[str]] = {}
    for board in comparisons:
        imps.setdefault((board.round, board.table), {})[board.deal] = list(board.scores)
        sides[(board.round, board.table)] = [partnership_name(side) for side in board.sides]
    out: dict[str, dict[str, Any]] = {}
    for place, seatings in tables.items():
        first, second = seatings.get(0), seatings.get(1)
        if first is None or second is None:
            continue
        shared = {"sides": sides.get(place, []), "imps": imps.get(place, {})}
        out[first.key] = {"room": 1, "other": second.key, **shared}
        out[second.key] = {"room": 2, "other": first.key, **shared}
    return out
