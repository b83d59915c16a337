"""Contract bridge's rules: BridgeGame (the registered game: spec, replay) and BridgeState
(one match at one table: boards, the auction, the play with the declarer playing the
dummy, Law 77's score).

The rules as Arena plays them, and the choices where RULINGS.md is silent, are in the
package docstring (engine/bridge/__init__.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._core import DealResult, Event, Game, GameSpec, RateBy, State, Turn, ranks_from_scores
from .._errors import IllegalAction, OptionError, PositionError, SeatError
from .._registry import register
from .._rng import DealRandom
from .._scene import Scene
from .notation import BIDS, DOUBLE, PASS, PLAYS, REDOUBLE, SUIT_FACES, check_deal, parse_action
from .records import (
    DECK,
    HAND_SIZE,
    AuctionEnded,
    BoardDealt,
    BoardScored,
    BridgeAction,
    BridgeView,
    Called,
    CallKind,
    CardPlayed,
    Contract,
    DealtHand,
    Doubling,
    DummyExposed,
    Forfeited,
    MatchEnded,
    Phase,
    PlayedCard,
    Strain,
    TrickTaken,
    dealer_of,
    is_vulnerable,
    side_of,
    sort_cards,
    vulnerability_of,
)
from .refusals import BridgeRefusals
from .scene import bridge_scenes
from .scoring import contract_score, imps
from .stats import BridgeStats, bridge_statistics

__all__ = ["BridgeGame", "BridgeState", "DEFAULT_BOARDS"]

#: Boards in a match when the tournament does not say (`deals`): one cycle of dealers.
DEFAULT_BOARDS = 4
_RANK = {card: "23456789TJQKA".index(card[1]) for card in DECK}


@register
class BridgeGame(Game["BridgeState"]):
    spec = GameSpec(
        name="bridge",
        title="Contract bridge",
        summary="Duplicate contract bridge: the auction, declarer play with the dummy, Law 77 scores and IMPs.",
        min_players=4,
        max_players=4,
        default_players=4,
        options=(),
        partnerships=True,
        # Every board is played at two tables with the sides' seats swapped; a rating
        # observation is one board's comparison between them (IMPs), not a table alone,
        # whose score is mostly the cards' (the arena's results/boards.py).
        rate_by=RateBy.BOARD,
        score_title="IMPs/board",
        suits=SUIT_FACES,
        suit_first=True,
        deal_word="board",
    )

    def team_of(self, seat: int) -> int:
        return side_of(seat)

    def board_score(self, difference: float) -> float:
        """Two tables' scores of one board compared: IMPs (Law 78B)."""
        return float(imps(difference))

    def seat_statistics(self, history: Sequence[Event]) -> tuple[BridgeStats, ...]:
        """Per-seat contracts, results and the distance from par (engine/bridge/stats.py)."""
        return bridge_statistics(history)

    def scenes(self, history: Sequence[Event]) -> tuple[Scene, ...]:
        """Each hand (the dummy's open once laid down) and its trick card, the auction, the
        contract, the tricks, the score (engine/bridge/scene.py)."""
        return tuple(bridge_scenes(history))

    def new_match(
        self,
        seed: int = 0,
        deals: int | None = None,
        hands: Sequence[str] | None = None,
        first_dealer: int | None = None,
        *,
        board: int = 1,
    ) -> BridgeState:
        """`board` is the first board's number (boards `board`, `board` + 1, …): it decides
        who deals and who is vulnerable (Law 2), so `new_match(hands=…, board=5)` deals
        those hands as board 5, North dealing with North-South vulnerable.
        `first_dealer` is ignored: the board number decides who deals."""
        explicit = [check_deal(hands)] if hands is not None else []
        return BridgeState(self, seed, DEFAULT_BOARDS if deals is None else deals, explicit, board)

    def replay(self, history: Sequence[Event]) -> BridgeState:
        dealt = [e for e in history if isinstance(e, BoardDealt)]
        if not dealt:
            raise PositionError("A bridge history starts with a BoardDealt event; none was found.")
        queue = []
        for d in dealt:
            if any(len(h.cards) != HAND_SIZE for h in d.hands):
                raise PositionError(
                    f"Board {d.board}'s cards are hidden in this history; replay needs the full "
                    "(referee) history, not a seat's view of it."
                )
            queue.append(tuple(h.cards for h in sorted(d.hands, key=lambda h: h.seat)))
        seed = 0 if dealt[0].seed is None else dealt[0].seed
        state = BridgeState(self, seed, dealt[0].boards_in_match, queue, dealt[0].board)
        for event in history:
            if isinstance(event, Called):
                state.apply(event.call)
            elif isinstance(event, CardPlayed):
                state.apply(PLAYS[event.card])
            elif isinstance(event, Forfeited):
                state.forfeit(event.seat, event.reason)
        return state


class BridgeState(BridgeRefusals, State):
    """One bridge match at one table: `boards_in_match` boards, numbered from `first_board`
    (1 unless `new_match` says another).

    `_to_act` is whose bot decides; in the play that is the declarer when the dummy's
    card is due (`to_play` is then the dummy).  `_why_illegal` comes from BridgeRefusals.
    """

    game: BridgeGame

    def __init__(
        self,
        game: BridgeGame,
        seed: int,
        boards_in_match: int,
        queue: list[tuple[tuple[str, ...], ...]],
        first_board: int = 1,
    ) -> None:
        if type(boards_in_match) is not int or boards_in_match < 1:
            raise OptionError(f"A match needs at least one board; deals={boards_in_match!r} was asked.")
        if type(first_board) is not int or first_board < 1:
            raise OptionError(
                f"The first board cannot be number {first_board!r}: boards are numbered 1, 2, 3, …, "
                "and the number gives the dealer and the vulnerability (Law 2)."
            )
        super().__init__(game)
        self.seed = seed
        self.boards_in_match = boards_in_match
        self.totals = [0, 0]
        self._queue = list(queue)
        self.board = first_board - 1
        #: How many boards of the match have been dealt (the first is `first_board`).
        self._dealt = 0
        self._deal()

    # --- dealing and the auction ------------------------------------------------------
    def _deal(self) -> None:
        self.board += 1
        self._dealt += 1
        board = self.board
        self.dealer = dealer_of(board)
        self.vulnerability = vulnerability_of(board)
        if self._queue:
            hands = self._queue.pop(0)
        else:
            deck = list(DECK)
            DealRandom(self.seed, "bridge", "deal", board).shuffle(deck)
            # One card at a time clockwise from the dealer's left, as the seed deals.
            dealt: list[list[str]] = [[], [], [], []]
            for i, card in enumerate(deck):
                dealt[(self.dealer + 1 + i) % 4].append(card)
            hands = tuple(sort_cards(h) for h in dealt)
        self._hands = [list(h) for h in hands]
        self.phase = Phase.AUCTION
        self.auction: list[BridgeAction] = []
        self.contract: Contract | None = None
        self.dummy_seat: int | None = None
        self.dummy_exposed = False
        self.trick: list[PlayedCard] = []
        self.leader: int | None = None
        self.trick_number = 0
        self.tricks = [0, 0]
        self.to_play: int | None = self.dealer
        self._forfeiter: int | None = None
        # The auction's state: the last bid and who made it, the doubling since, the
        # passes in a row, and the first seat of each side to name each strain.
        self._last_bid: BridgeAction | None = None
        self._bidder: int | None = None
        self._doubling = Doubling.UNDOUBLED
        self._passes = 0
        self._first_named: dict[tuple[int, Strain], int] = {}
        self._history.append(
            BoardDealt(
                board,
                self.boards_in_match,
                self.dealer,
                self.vulnerability,
                tuple(DealtHand(s, tuple(h)) for s, h in enumerate(hands)),
                tuple(self.totals),
                self.seed,
            )
        )
        self._to_act = self.dealer
        self._legal = None

    # --- the interface ----------------------------------------------------------------
    def standing(self) -> tuple[float, ...]:
        return tuple(float(self.totals[side_of(s)]) for s in range(4))

    def turn(self) -> Turn | None:
        seat = self._to_act
        if seat is None:
            return None
        return Turn(seat, acting_seat=self.to_play if self.to_play is not None else seat)

    def _generate(self) -> None:
        seat = self._to_act
        if seat is None:
            out: tuple[BridgeAction, ...] = ()
        elif self.phase is Phase.AUCTION:
            start = 0 if self._last_bid is None else BIDS.index(self._last_bid) + 1
            calls = [PASS, *BIDS[start:]]
            if self._bidder is not None and side_of(self._bidder) != side_of(seat):
                if self._doubling is Doubling.UNDOUBLED:
                    calls.append(DOUBLE)
            elif self._bidder is not None and self._doubling is Doubling.DOUBLED:
                calls.append(REDOUBLE)
            out = tuple(calls)
        else:
            hand = self._hands[self.to_play]  # type: ignore[index]
            if self.trick:
                led = self.trick[0].card[0]
                follow = [c for c in hand if c[0] == led]
                if follow:
                    hand = follow
            out = tuple(PLAYS[c] for c in hand)
        self._legal = out
        self._legal_set = frozenset(out)

    def parse_action(self, text: str) -> BridgeAction:
        return parse_action(text)

    def _apply_verified(self, action: BridgeAction) -> Event:  # type: ignore[override]
        seat = self._to_act
        assert seat is not None
        self._legal = None
        if action.kind is CallKind.PLAY:
            return self._play(action.card)  # type: ignore[arg-type]
        event = Called(self.board, seat, action)
        self._history.append(event)
        self.auction.append(action)
        if action.kind is CallKind.PASS:
            self._passes += 1
        else:
            self._passes = 0
            if action.kind is CallKind.BID:
                self._last_bid, self._bidder = action, seat
                self._doubling = Doubling.UNDOUBLED
                self._first_named.setdefault((side_of(seat), action.strain), seat)  # type: ignore[arg-type]
            elif action.kind is CallKind.DOUBLE:
                self._doubling = Doubling.DOUBLED
            else:
                self._doubling = Doubling.REDOUBLED
        if self._last_bid is None and self._passes == 4:
            self._history.append(AuctionEnded(self.board, None, -1))
            self._score_board()
        elif self._last_bid is not None and self._passes == 3:
            self._end_auction()
        else:
            self._to_act = self.to_play = (seat + 1) % 4
        return event

    def _end_auction(self) -> None:
        bid, bidder = self._last_bid, self._bidder
        assert bid is not None and bidder is not None and bid.level is not None and bid.strain is not None
        declarer = self._first_named[(side_of(bidder), bid.strain)]
        self.contract = Contract(bid.level, bid.strain, self._doubling, declarer)
        self.dummy_seat = (declarer + 2) % 4
        self._history.append(AuctionEnded(self.board, self.contract, self.dummy_seat))
        self.phase = Phase.PLAY
        self.trick_number = 1
        self.leader = self.to_play = (declarer + 1) % 4
        self._to_act = self.to_play

    def _play(self, card: str) -> Event:
        seat = self.to_play
        assert seat is not None and self.contract is not None
        self._hands[seat].remove(card)
        played = PlayedCard(seat, card)
        self.trick.append(played)
        event = CardPlayed(self.board, self.trick_number, seat, self._to_act, card)  # type: ignore[arg-type]
        self._history.append(event)
        dummy = self.dummy_seat
        assert dummy is not None
        if not self.dummy_exposed:
            self.dummy_exposed = True
            self._history.append(DummyExposed(self.board, dummy, tuple(self._hands[dummy])))
        if len(self.trick) < 4:
            self.to_play = (seat + 1) % 4
        else:
            winner = self._trick_winner()
            self.tricks[side_of(winner)] += 1
            self._history.append(
                TrickTaken(self.board, self.trick_number, tuple(self.trick), winner, tuple(self.tricks))
            )
            if self.trick_number == 13:
                self._score_board()
                return event
            self.trick = []
            self.trick_number += 1
            self.leader = self.to_play = winner
        self._to_act = self.contract.declarer if self.to_play == dummy else self.to_play
        return event

    def _trick_winner(self) -> int:
        assert self.contract is not None
        trump = self.contract.strain.suit
        led = self.trick[0].card[0]
        best = max(
            self.trick,
            key=lambda p: (p.card[0] == trump, p.card[0] == led, _RANK[p.card]),
        )
        return best.seat

    def _score_board(self) -> None:
        contract = self.contract
        if contract is None:
            declarer_tricks, score = 0, 0
        else:
            declarer_tricks = self.tricks[side_of(contract.declarer)]
            vulnerable = is_vulnerable(self.vulnerability, contract.declarer)
            declared = contract_score(contract, vulnerable, declarer_tricks)
            score = declared if side_of(contract.declarer) == 0 else -declared
        self.totals[0] += score
        self.totals[1] -= score
        self._history.append(BoardScored(self.board, contract, declarer_tricks, score, tuple(self.totals)))
        self._finish_board((float(score), float(-score), float(score), float(-score)))

    def _finish_board(self, scores: tuple[float, ...]) -> None:
        ranks = ranks_from_scores(scores)
        if self._forfeiter is not None:
            loser = side_of(self._forfeiter)
            ranks = tuple(1 if side_of(s) == loser else 0 for s in range(4))
        self._results.append(DealResult(self.board, scores, ranks, self._forfeiter))
        self.phase = Phase.OVER
        self._to_act = self.to_play = None
        self._legal = ()
        self._legal_set = frozenset()
        if self._dealt >= self.boards_in_match:
            self._history.append(MatchEnded(self._dealt, tuple(self.totals)))
            return
        self._deal()

    def forfeit(self, seat: int, reason: str) -> Event:
        """A fault ends the board at once: 0 points at this table, the faulting side
        ranked last; the duplicate comparison gives it average-minus."""
        if self._to_act is None:
            raise IllegalAction(f"The match is over, so seat {seat} cannot forfeit.")
        if not 0 <= seat < 4:
            raise SeatError(f"There is no seat {seat} at a bridge table; the seats are 0 to 3 (N, E, S, W).")
        event = Forfeited(self.board, seat, str(reason))
        self._history.append(event)
        self._forfeiter = seat
        self._finish_board((0.0, 0.0, 0.0, 0.0))
        return event

    def view(self, seat: int) -> BridgeView:
        if not 0 <= seat < 4:
            raise SeatError(f"There is no seat {seat} at a bridge table; the seats are 0 to 3 (N, E, S, W).")
        dummy = self.dummy_seat
        shown = self.dummy_exposed and dummy is not None and self.phase is Phase.PLAY
        return BridgeView(
            seat=seat,
            board=self.board,
            boards_in_match=self.boards_in_match,
            dealer=self.dealer,
            vulnerability=self.vulnerability,
            phase=self.phase,
            hand=tuple(self._hands[seat]),
            auction=tuple(self.auction),
            contract=self.contract,
            dummy_seat=dummy,
            dummy=tuple(self._hands[dummy]) if shown else (),  # type: ignore[index]
            trick=tuple(self.trick),
            leader=self.leader,
            tricks=tuple(self.tricks),
            to_play=self.to_play,
            totals=tuple(self.totals),
            deal_events=self.deal_events(seat),
        )

    def clone(self) -> BridgeState:
        other = self._copy()
        other.totals = list(self.totals)
        other._queue = list(self._queue)
        other._hands = [list(h) for h in self._hands]
        other.auction = list(self.auction)
        other.trick = list(self.trick)
        other.tricks = list(self.tricks)
        other._first_named = dict(self._first_named)
        return other
