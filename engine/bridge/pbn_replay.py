"""Replaying a PBN board (engine/bridge/pbn_read.py's PbnBoard) through the engine.

    replay_pbn(board)    the board's calls and cards played, checked against its tags
    check_pbn(board)     the same, and which tags were checked (a PbnCheck)

The board is dealt as the board of its number when Law 2 gives that number its dealer and
vulnerability, and otherwise as the board of the 16-board cycle that has them (so a
board's tags, not its number, decide who deals and who is vulnerable).

What is checked, each where the game gives it: the Contract and Declarer tags against the
auction's end; the Result and Score tags against the engine's tricks and score when all
13 tricks are played.  When play stops early (a claim: the rest '-') or is not given,
the Result is checked to be within reach (no fewer tricks than declarer's side has won,
no more than it has won and may still win) and the Score against Law 77's score of the
contract (the auction's, or the Contract and Declarer tags) with that Result.  A board that
gives its play but no auction (a lead problem) is bid to its Contract and Declarer in the
fewest calls (see _bid_to), so its cards can be played; those calls are not checked.
"""

from __future__ import annotations

from dataclasses import dataclass

from .._errors import IllegalAction, NotationError
from .notation import PASS, hand_to_pbn, parse_action
from .pbn_read import PbnBoard
from .records import (
    SEATS,
    AuctionEnded,
    BoardDealt,
    BoardScored,
    BridgeAction,
    Contract,
    Doubling,
    Strain,
    dealer_of,
    is_vulnerable,
    side_of,
    vulnerability_of,
)
from .rules import BridgeGame, BridgeState
from .scoring import contract_score

__all__ = ["PbnCheck", "check_pbn", "replay_pbn"]

_STRAINS = {strain.letter: strain for strain in Strain}


@dataclass(frozen=True, slots=True)
class PbnCheck:
    """A board replayed: the engine's `state` after the last call or card given, and the
    tags (``Contract``, ``Declarer``, ``Result``, ``Score``) checked against it."""

    state: BridgeState
    checked: tuple[str, ...]


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
    return check_pbn(board).state


def check_pbn(board: PbnBoard) -> PbnCheck:
    """As replay_pbn, also saying which tags were checked."""
    state = _start(board)
    where = f"line {board.line}: board {board.board if board.board is not None else '?'}"
    auction = board.auction
    tagged = _contract(board, None)
    bid_for_play = not auction and bool(board.play) and isinstance(tagged, Contract)
    if bid_for_play and isinstance(tagged, Contract):
        auction = _bid_to(tagged, board.dealer)
    for i, action in enumerate((*auction, *(parse_action(c) for c in board.play))):
        try:
            state.apply(action)
        except IllegalAction as error:
            kind = "call" if i < len(auction) else "card"
            raise NotationError(f"{where}: the {kind} {action.text} cannot be played: {error}") from None
    events = state.history[max(i for i, e in enumerate(state.history) if isinstance(e, BoardDealt)) :]
    checked: list[str] = []
    ended = next((e for e in events if isinstance(e, AuctionEnded)), None)
    if ended is not None and not bid_for_play:
        got = "Pass" if ended.contract is None else ended.contract.text.split(" by ")[0]
        if board.contract is not None:
            if got != board.contract:
                raise NotationError(f"{where}: the auction ends in {got}, but the Contract tag says {board.contract}.")
            checked.append("Contract")
        declarer = None if ended.contract is None else ended.contract.declarer
        if board.declarer is not None:
            if declarer != board.declarer:
                who = "nobody" if declarer is None else SEATS[declarer]
                raise NotationError(
                    f"{where}: the declarer is {who}, but the Declarer tag says {SEATS[board.declarer]}."
                )
            checked.append("Declarer")
    scored = next((e for e in events if isinstance(e, BoardScored)), None)
    if scored is not None:
        if scored.contract is not None and board.result is not None:
            if scored.declarer_tricks != board.result:
                raise NotationError(
                    f"{where}: declarer takes {scored.declarer_tricks} tricks, but the Result tag says {board.result}."
                )
            checked.append("Result")
        if board.score is not None:
            if scored.score != board.score:
                raise NotationError(f"{where}: North-South score {scored.score}, but the Score tag says {board.score}.")
            checked.append("Score")
    else:
        checked += _check_unplayed(board, state, ended, where)
    return PbnCheck(state, tuple(checked))


def _contract(board: PbnBoard, ended: AuctionEnded | None) -> Contract | None | str:
    """The contract the board was played in: the auction's, or its tags' without an
    auction (declarer the Declarer tag's, or the seat right of the Play tag's opening
    leader); "Pass" when passed out; None when nothing says."""
    if ended is not None:
        return "Pass" if ended.contract is None else ended.contract
    if board.contract == "Pass":
        return "Pass"
    declarer = board.declarer
    leader = dict(board.tags).get("Play", "").strip().upper()
    if declarer is None and board.play and leader in SEATS:
        declarer = (SEATS.index(leader) - 1) % 4
    if board.contract is None or declarer is None:
        return None
    risk = len(board.contract) - len(board.contract.rstrip("X"))
    strain = _STRAINS[board.contract[1:].rstrip("X")]
    return Contract(int(board.contract[0]), strain, Doubling(risk + 1), declarer)


def _bid_to(contract: Contract, dealer: int) -> tuple[BridgeAction, ...]:
    """The fewest calls that reach `contract`, so that a board giving its play but no
    auction (a lead problem) can be played: passes to declarer, the bid, the left-hand
    opponent's double and dummy's redouble as the contract has them, three passes."""
    calls = [PASS] * ((contract.declarer - dealer) % 4) + [parse_action(f"{contract.level}{contract.strain.letter}")]
    calls += [parse_action("X"), parse_action("XX")][: contract.doubling.value - 1]
    return (*calls, PASS, PASS, PASS)


def _check_unplayed(board: PbnBoard, state: BridgeState, ended: AuctionEnded | None, where: str) -> list[str]:
    """The Result and Score of a board whose play stops early or is not given (the
    tricks agreed, as in a claim): the Result within reach, the Score the contract's."""
    contract = _contract(board, ended)
    checked = []
    if contract == "Pass":
        if board.score is not None:
            if board.score != 0:
                raise NotationError(f"{where}: the board is passed out, but the Score tag says {board.score}.")
            checked.append("Score")
        return checked
    if not isinstance(contract, Contract) or board.result is None:
        return checked
    if board.play:
        won = state.tricks[side_of(contract.declarer)]
        left = 13 - sum(state.tricks)
        if not won <= board.result <= won + left:
            raise NotationError(
                f"{where}: declarer has won {won} trick{'s' if won != 1 else ''} with {left} to play, but the Result tag says {board.result}."
            )
        checked.append("Result")
    if board.score is not None:
        score = contract_score(contract, is_vulnerable(board.vulnerability, contract.declarer), board.result)
        if side_of(contract.declarer) == 1:
            score = -score
        if score != board.score:
            raise NotationError(
                f"{where}: {contract.text} taking {board.result} tricks scores {score} to North-South, but the "
                f"Score tag says {board.score}."
            )
        checked.append("Score")
    return checked
