"""PBN (Portable Bridge Notation 2.1): a played board written as a PBN game, and PBN
games read back into boards that the engine can replay.

    board_to_pbn(events, names, event=..., site=..., date=...)   one board's events -> a game
    match_to_pbn(history, names, ...)    every board of a match, games apart by a blank line
    read_pbn(text)                       PBN text -> a PbnFile: a PbnBoard per game read, and
                                         the games skipped, each with its message (pbn_read.py)
    replay_pbn(board)                    the board played through the engine, checked against
                                         its tags (pbn_replay.py); check_pbn(board) also says
                                         which tags were checked

A game is written in the export layout: the mandatory tags in their order (Event, Site,
Date, Board, West, North, East, South, Dealer, Vulnerable, Deal, Scoring, Declarer,
Contract, Result), the Auction section (calls from the dealer, four a line), the Play
section (one trick a line, the cards by seat from the opening leader's seat, not in the
order played), then Score ("NS 420", North-South's score).  A passed-out board has
Contract "Pass", an empty Declarer and Result, and no Play section.  A board that ended
on a fault stops where the fault came: its auction or play ends with ``*``, an unplayed
card of the last trick is ``-``, unknown tags are ``?`` and a comment names the fault.

What reading accepts (claimed tricks, a side's Result, ``#``, …) is in pbn_read.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._core import Event
from .._errors import PositionError
from .notation import hand_to_pbn
from .pbn_read import PbnBoard, PbnFile, SkipCause, SkippedGame, read_pbn
from .pbn_replay import PbnCheck, check_pbn, replay_pbn
from .records import (
    SEATS,
    AuctionEnded,
    BoardDealt,
    BoardScored,
    BridgeAction,
    Called,
    CallKind,
    CardPlayed,
    Forfeited,
    Vulnerability,
)

__all__ = [
    "PbnBoard",
    "PbnCheck",
    "PbnFile",
    "SkipCause",
    "SkippedGame",
    "PBN_HEADER",
    "board_to_pbn",
    "check_pbn",
    "match_to_pbn",
    "read_pbn",
    "replay_pbn",
]

#: The lines a PBN file in the export layout starts with.
PBN_HEADER = "% PBN 2.1\n% EXPORT\n"

_VUL_TAG = {Vulnerability.NONE: "None", Vulnerability.NS: "NS", Vulnerability.EW: "EW", Vulnerability.BOTH: "All"}


# --- export ---------------------------------------------------------------------------


def _quote(value: object) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"')


def _comment(text: str) -> str:
    return "{" + text.replace("{", "(").replace("}", ")") + "}"


def _call_text(call: BridgeAction) -> str:
    return "Pass" if call.kind is CallKind.PASS else call.text


def board_to_pbn(
    events: Sequence[Event],
    names: Sequence[str],
    *,
    event: str = "",
    site: str = "",
    date: str = "",
    comments: Sequence[str] = (),
) -> str:
    """One board's events (from its BoardDealt to its BoardScored or Forfeited) as a PBN
    game, lines ending in a newline.  `names` are the bots of seats 0-3 (N, E, S, W);
    `date` is written as given (PBN's form is ``2024.05.17``); `comments` go first."""
    dealt = next((e for e in events if isinstance(e, BoardDealt)), None)
    if dealt is None:
        raise PositionError("A board's events start with its BoardDealt; none was given.")
    hands = {h.seat: h.cards for h in dealt.hands}
    calls = [e for e in events if isinstance(e, Called)]
    ended = next((e for e in events if isinstance(e, AuctionEnded)), None)
    cards = [e for e in events if isinstance(e, CardPlayed)]
    scored = next((e for e in events if isinstance(e, BoardScored)), None)
    forfeit = next((e for e in events if isinstance(e, Forfeited)), None)
    contract = ended.contract if ended is not None else None
    if ended is None:
        declarer, contract_text, result = "?", "?", "?"
    elif contract is None:
        declarer, contract_text, result = "", "Pass", ""
    else:
        declarer = SEATS[contract.declarer]
        contract_text = f"{contract.level}{contract.strain.letter}" + "X" * (contract.doubling.value - 1)
        result = str(scored.declarer_tricks) if scored is not None else "?"
    tags: list[tuple[str, object]] = [("Event", event), ("Site", site), ("Date", date), ("Board", dealt.board)]
    tags += [(tag, names[seat]) for tag, seat in (("West", 3), ("North", 0), ("East", 1), ("South", 2))]
    tags += [("Dealer", SEATS[dealt.dealer]), ("Vulnerable", _VUL_TAG[dealt.vulnerability])]
    tags += [("Deal", "N:" + " ".join(hand_to_pbn(hands[seat]) for seat in range(4))), ("Scoring", "IMP")]
    tags += [("Declarer", declarer), ("Contract", contract_text), ("Result", result)]
    lines = [_comment(c) for c in comments]
    lines += [f'[{name} "{_quote(value)}"]' for name, value in tags]
    lines.append(f'[Auction "{SEATS[dealt.dealer]}"]')
    words = [_call_text(c.call) for c in calls] + ([] if ended is not None else ["*"])
    lines += [" ".join(words[i : i + 4]) for i in range(0, len(words), 4)]
    if contract is not None and cards:
        lines += _play_section(cards, (contract.declarer + 1) % 4, complete=scored is not None)
    if forfeit is not None:
        lines.append(_comment(forfeit.text))
    if scored is not None:
        lines.append(f'[Score "NS {scored.score}"]')
    return "\n".join(lines) + "\n"


def _play_section(cards: Sequence[CardPlayed], leader: int, *, complete: bool) -> list[str]:
    """The Play section: a line per trick, the cards in seat order from `leader`."""
    lines = [f'[Play "{SEATS[leader]}"]']
    for trick in range(1, cards[-1].trick + 1):
        row = ["-"] * 4
        for played in cards:
            if played.trick == trick:
                row[(played.seat - leader) % 4] = played.card
        lines.append(" ".join(row))
    if not complete:
        lines.append("*")
    return lines


def match_to_pbn(history: Sequence[Event], names: Sequence[str], **tags: Any) -> str:
    """Every board of a match's history as PBN games, a blank line after each; `tags`
    (event, site, date, comments) as board_to_pbn takes them."""
    boards: list[list[Event]] = []
    for e in history:
        if isinstance(e, BoardDealt):
            boards.append([])
        if boards:
            boards[-1].append(e)
    return "".join(board_to_pbn(board, names, **tags) + "\n" for board in boards)
