"""Replaying a PBN board (engine/bridge/pbn_read.py's PbnBoard) through the engine.

    replay_pbn(board)    the board's calls and cards played, checked against its tags

The board is dealt as the board of its number when Law 2 gives that number its dealer and
vulnerability, and otherwise as the board of the 16-board cycle that has them (so a
board's tags, not its number, decide who deals and who is vulnerable).
"""

from __future__ import annotations

from .._errors import IllegalAction, NotationError
from .notation import hand_to_pbn, parse_action
from .pbn_read import PbnBoard
from .records import SEATS, AuctionEnded, BoardDealt, BoardScored, dealer_of, vulnerability_of
from .rules import BridgeGame, BridgeState

__all__ = ["replay_pbn"]


def _start(board: PbnBoard) -> BridgeState:
    """A one-board match dealing `board`'s cards with its dealer and vulnerability."""
    number = board.board
    if (
        number is None
        or number < 1
        or (dealer_of(number), vulnerability_of(number)) != (board.dealer, board.vulnerability)
    ):
        number = next(
            n for n in range(1, 17) if dealer_of(n) == board.dealer and vulnerability_of(n) is board.vulnerability
        )
    return BridgeGame().new_match(hands=[hand_to_pbn(h) for h in board.hands], deals=1, board=number)


def replay_pbn(board: PbnBoard) -> BridgeState:
    """Play `board`'s calls and cards through the engine and check its Contract,
    Declarer, Result and Score tags against the engine's (a NotationError, naming the
    game's line, for an illegal call or card or a disagreement).  The state is left
    after the last card given: mid-play if the PBN stops early (a claim)."""
    state = _start(board)
    where = f"line {board.line}: board {board.board if board.board is not None else '?'}"
    for i, action in enumerate((*board.auction, *(parse_action(c) for c in board.play))):
        try:
            state.apply(action)
        except IllegalAction as error:
            kind = "call" if i < len(board.auction) else "card"
            raise NotationError(f"{where}: the {kind} {action.text} cannot be played: {error}") from None
    events = state.history[max(i for i, e in enumerate(state.history) if isinstance(e, BoardDealt)) :]
    ended = next((e for e in events if isinstance(e, AuctionEnded)), None)
    if ended is not None:
        got = "Pass" if ended.contract is None else ended.contract.text.split(" by ")[0]
        if board.contract is not None and got != board.contract:
            raise NotationError(f"{where}: the auction ends in {got}, but the Contract tag says {board.contract}.")
        declarer = None if ended.contract is None else ended.contract.declarer
        if board.declarer is not None and declarer != board.declarer:
            who = "nobody" if declarer is None else SEATS[declarer]
            raise NotationError(f"{where}: the declarer is {who}, but the Declarer tag says {SEATS[board.declarer]}.")
    scored = next((e for e in events if isinstance(e, BoardScored)), None)
    if scored is not None and scored.contract is not None:
        if board.result is not None and scored.declarer_tricks != board.result:
            raise NotationError(
                f"{where}: declarer takes {scored.declarer_tricks} tricks, but the Result tag says {board.result}."
            )
    if scored is not None and board.score is not None and scored.score != board.score:
        raise NotationError(f"{where}: North-South score {scored.score}, but the Score tag says {board.score}.")
    return state
