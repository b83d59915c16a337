"""What bridge bots receive through the referee, and how duplicate boards are scheduled
and compared.

Information hiding: a seat sees its own hand, the dummy's from the opening lead on, and
the cards played, nothing else, in any request, news or match end.  Dummy control: the
dummy's bot is asked nothing while its board is played; the declarer is asked for both
hands.  A fault forfeits the board.  Then the duplicate machinery on stored results:
compare_boards (IMPs between the two seatings of a table, average-minus for a fault, an
unpaired board) and the schedule of a bridge tournament.
"""

from __future__ import annotations

import re
import textwrap

import pytest
import trio
from google.protobuf import text_format

import engine
from arena.config import load_tournament
from arena.errors import BotFault
from arena.play import play_match
from arena.records import FaultKind, MatchRecord, StoredMatch
from arena.results.boards import AVERAGE_MINUS, board_observations, board_totals, compare_boards
from arena.run import build_schedule
from arena.v1 import arena_pb2 as pb
from arena.v1 import bridge_pb2
from engine.bridge import AuctionEnded, BoardDealt, BoardScored, Called, CardPlayed, Forfeited
from tests.fakebot import FakeSeat

BRIDGE = engine.load("bridge")
CARD = re.compile(r"\b[SHDC][AKQJT98765432]\b")
PASS = bridge_pb2.BridgeCallKind.Value("BRIDGE_CALL_KIND_PASS")
PLAY = bridge_pb2.BridgePhase.Value("BRIDGE_PHASE_PLAY")


def play(seats, seed=1, deals=2, hands=None) -> MatchRecord:
    return trio.run(
        lambda: play_match(BRIDGE, seats, seed=seed, deals=deals, move_time=1.0, match_id=f"m{seed}", hands=hands)
    )


def sensible(request, rng):
    """Pass half the time in the auction, else one of the five cheapest other calls, so
    that contracts come at every level; any legal card in the play."""
    texts = [a.text for a in request.legal_actions]
    if texts[0] == "pass":
        if rng.random() < 0.5:
            return 0
        return rng.randrange(1, min(len(texts), 6)) if len(texts) > 1 else 0
    return rng.randrange(len(texts))


def cards_named(message) -> set[str]:
    return set(CARD.findall(text_format.MessageToString(message)))


class Secrets:
    """From the referee's history, per seat, the cards it may not know at a moment of a
    board: (board, cards played so far), and (board, None) once the board is over.  A
    seat may know its own hand, the cards played, and the dummy's hand from the opening
    lead on."""

    def __init__(self, history):
        self.at: dict[tuple[int, int | None], list[set[str]]] = {}
        self.held: dict[tuple[int, int], list[set[str]]] = {}  # each seat's cards at a moment
        self.dummies: dict[int, int] = {}
        hands: list[set[str]] = []
        board = played = 0
        dummy: int | None = None
        for event in history:
            if isinstance(event, BoardDealt):
                board, played, dummy = event.board, 0, None
                hands = [set(h.cards) for h in sorted(event.hands, key=lambda h: h.seat)]
            elif isinstance(event, AuctionEnded) and event.contract is not None:
                dummy = event.dummy
                self.dummies[board] = dummy
            elif isinstance(event, CardPlayed):
                hands[event.seat].discard(event.card)
                played += 1
            elif isinstance(event, BoardScored | Forfeited):
                self.at[board, None] = self._hidden(hands, played, dummy)
                continue
            self.at[board, played] = self._hidden(hands, played, dummy)
            self.held[board, played] = [set(h) for h in hands]

    @staticmethod
    def _hidden(hands, played, dummy) -> list[set[str]]:
        out = []
        for seat in range(4):
            others = [s for s in range(4) if s != seat and not (played and s == dummy)]
            out.append(set().union(*(hands[s] for s in others)))
        return out


def event_board(news) -> int | None:
    event = getattr(news.bridge, news.bridge.WhichOneof("event"))
    return event.board if hasattr(event, "board") and news.bridge.WhichOneof("event") != "match_ended" else None


def decision_requests(seat: FakeSeat):
    return [m.decision_request for m in seat.received if m.WhichOneof("message") == "decision_request"]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_no_message_to_a_seat_names_a_card_it_may_not_know(seed):
    seats = [FakeSeat(f"b{i}", sensible, seed=seed * 10 + i, blocking=True) for i in range(4)]
    record = play(seats, seed=seed, deals=3)
    assert not record.faults
    secrets = Secrets(record.history)
    asked = 0
    for index, seat in enumerate(seats):
        for message in seat.received:
            kind = message.WhichOneof("message")
            if kind == "decision_request":
                asked += 1
                request = message.decision_request
                view = request.view.bridge
                assert view.seat == index
                played = 4 * sum(view.tricks) + len(view.trick)
                now = secrets.at[view.board, played][index]
                assert not cards_named(request.view) & now, (index, view.board, cards_named(request.view) & now)
                held = secrets.held[view.board, played]
                assert set(view.hand) == held[index] and len(view.hand) == len(held[index])
                # The dummy's cards: none before the opening lead, all it still holds after.
                if played:
                    dummy = secrets.dummies[view.board]
                    assert view.dummy_seat == dummy and set(view.dummy) == held[dummy]
                else:
                    assert not view.dummy
                first = view.deal_events[0].board_dealt
                assert [h.seat for h in first.hands if h.cards] == [index]
                for news in request.events:  # what happened since the seat's last message
                    board = event_board(news)
                    if board is not None and board < view.board:
                        assert not cards_named(news) & secrets.at[board, None][index]
                    elif board == view.board:
                        assert not cards_named(news) & now
            else:  # news between decisions and the match end: judged at their board's end
                for news in _events_of(message):
                    board = event_board(news)
                    if board is not None:
                        assert not cards_named(news) & secrets.at[board, None][index], (index, board, kind)
    decisions = sum(1 for e in record.history if isinstance(e, Called | CardPlayed))
    assert asked == decisions


def _events_of(message):
    kind = message.WhichOneof("message")
    if kind == "match_end":
        return list(message.match_end.history)
    if kind == "event":
        return list(message.event.events)
    return []


def test_the_dummys_bot_is_asked_nothing_while_its_board_is_played():
    seats = [FakeSeat(f"b{i}", sensible, seed=i, blocking=True) for i in range(4)]
    record = play(seats, seed=5, deals=4)
    ended = {e.board: e for e in record.history if isinstance(e, AuctionEnded)}
    played = {board for board, e in ended.items() if e.contract is not None}
    assert len(played) >= 2, "the sensible script bids most boards"
    for_dummy = 0
    for index, seat in enumerate(seats):
        for request in decision_requests(seat):
            view = request.view.bridge
            assert request.kind == pb.DecisionKind.Value("DECISION_KIND_TURN")
            if view.phase != PLAY:
                assert request.acting_seat == index
                continue
            contract = ended[view.board].contract
            assert contract is not None
            dummy, declarer = ended[view.board].dummy, contract.declarer
            assert index != dummy, f"the dummy (seat {dummy}) was asked on board {view.board}"
            assert request.acting_seat == view.to_play
            cards = {a.action.bridge.card for a in request.legal_actions}
            if view.to_play == dummy:
                for_dummy += 1
                assert index == declarer and view.dummy_seat == dummy
                assert cards <= set(view.dummy) and not cards & set(view.hand)
            else:
                assert request.acting_seat == index and cards <= set(view.hand)
    # The declarer chose every one of the dummy's 13 cards on every board played out.
    assert for_dummy == 13 * len(played)
    chosen = [e for e in record.history if isinstance(e, CardPlayed) and e.seat == ended[e.board].dummy]
    assert len(chosen) == for_dummy and all(e.by == ended[e.board].contract.declarer for e in chosen)


FAULTS = {
    "crash": (BotFault(FaultKind.CRASH, "the bot fell over"), FaultKind.CRASH),
    "illegal": (999, FaultKind.ILLEGAL),
}


@pytest.mark.parametrize("fault", ["crash", "illegal"])
@pytest.mark.parametrize(
    ("faulty", "when"),
    [(1, "the opening lead"), (0, "the dummy's first card"), (2, "the auction")],
    ids=["east-leading", "north-playing-for-the-dummy", "south-calling"],
)
def test_a_fault_forfeits_the_board_and_ranks_the_faulting_side_last(fault, faulty, when):
    # North opens 1C on each board and everyone else passes: North declares, East makes
    # the opening lead, North plays the dummy's (South's) cards.  On board 1 one seat
    # faults instead of answering at `when`; the match goes on to board 2.
    answer, kind = FAULTS[fault]

    def script(seat):
        def decide(request, rng):
            view = request.view.bridge
            due = {
                "the opening lead": view.phase == PLAY,
                "the dummy's first card": view.phase == PLAY and request.acting_seat == 2,
                "the auction": view.phase != PLAY,
            }[when]
            if seat == faulty and view.board == 1 and due:
                return answer
            opening = view.phase != PLAY and not any(a.kind != PASS for a in view.auction)
            return 1 if seat == 0 and opening else 0

        return decide

    names = ["n", "e", "s", "w"]
    seats = [FakeSeat(name, script(seat), blocking=True) for seat, name in enumerate(names)]
    record = play(seats, seed=7, deals=2)
    assert [(f.seat, f.bot, f.kind, f.deal) for f in record.faults] == [(faulty, names[faulty], kind, 1)]
    first, second = record.result.deals
    assert first.forfeit == faulty and first.scores == (0.0,) * 4
    assert first.ranks == tuple(1 if seat % 2 == faulty % 2 else 0 for seat in range(4))
    assert second.forfeit is None and second.deal == 2
    forfeits = [e for e in record.history if isinstance(e, Forfeited)]
    assert [(e.board, e.seat) for e in forfeits] == [(1, faulty)]
    assert not [e for e in record.history if isinstance(e, BoardScored) and e.board == 1]
    # Board 2 is played out as scripted: North declares 1C, South is the dummy.
    (scored,) = [e for e in record.history if isinstance(e, BoardScored)]
    assert scored.board == 2 and scored.contract is not None and scored.contract.declarer == 0
    # The dummy's bot was never asked a card, on either board.
    assert not [r for r in decision_requests(seats[2]) if r.view.bridge.phase == PLAY]


# --- duplicate boards on stored results ---------------------------------------------------------


def ranks_of(scores) -> tuple[int, ...]:
    return tuple(sum(1 for other in scores if other > mine) for mine in scores)


def stored(names, rotation, deals, table=1, round_=1) -> StoredMatch:
    scores = tuple(sum(d.scores[s] for d in deals) for s in range(4))
    return StoredMatch(
        f"r{round_}-t{table}-p{rotation + 1}", round_, table, rotation, 7, tuple(names), scores,
        ranks_of(scores), scores, tuple(deals), (), (), 1.0, "2025-01-01T00:00:00+00:00",
    )  # fmt: skip


def ns_score(deal: int, points: float, forfeit: int | None = None) -> engine.DealResult:
    """A board's result at a table: North-South's points (East-West the negative)."""
    if forfeit is not None:
        ranks = tuple(1 if s % 2 == forfeit % 2 else 0 for s in range(4))
        return engine.DealResult(deal, (0.0,) * 4, ranks, forfeit)
    scores = (points, -points, points, -points)
    return engine.DealResult(deal, scores, ranks_of(scores))


AB, BA = ("a", "b", "a", "b"), ("b", "a", "b", "a")


def test_a_board_is_scored_in_imps_between_the_two_tables():
    # Board 1: a (North-South) makes 420 at table 1; b (North-South) makes 170 at table 2.
    # Board 2: the same result both ways round, a push.
    matches = [
        stored(AB, 0, [ns_score(1, 420), ns_score(2, -100)]),
        stored(BA, 1, [ns_score(1, 170), ns_score(2, -100)]),
    ]
    comparisons, unpaired = compare_boards(matches, BRIDGE)
    assert unpaired == {}
    one, two = sorted(comparisons, key=lambda c: c.deal)
    assert one.sides == (("a", "a"), ("b", "b"))
    assert one.scores == (6.0, -6.0) and one.rated  # 250 points: 6 IMPs
    assert one.points == (420, -170)
    assert two.scores == (0.0, 0.0) and two.rated
    observations = board_observations(comparisons)
    assert [(o.sides, o.ranks) for o in observations] == [((("a",), ("b",)), (0, 1)), ((("a",), ("b",)), (0, 0))]
    totals = board_totals(comparisons, unpaired)
    assert (totals["a"].boards, totals["a"].total, totals["a"].unpaired) == (2, 6.0, 0)
    assert (totals["b"].boards, totals["b"].total) == (2, -6.0)
    assert totals["a"].mean == 3.0 and totals["a"].half_width is not None


@pytest.mark.parametrize(
    ("here", "there", "expected"),
    [
        (ns_score(1, 0, forfeit=1), ns_score(1, 170), (3.0, -3.0)),  # b (East at table 1) faults
        (ns_score(1, 420), ns_score(1, 0, forfeit=3), (-3.0, 3.0)),  # a (West at table 2) faults
        (ns_score(1, 420), ns_score(1, 0, forfeit=0), (3.0, -3.0)),  # b (North at table 2) faults
        (ns_score(1, 0, forfeit=2), ns_score(1, 0, forfeit=2), (-3.0, -3.0)),  # a at table 1, b at table 2
    ],
    ids=["b-at-table-1", "a-at-table-2", "b-at-table-2", "both"],
)
def test_a_fault_at_either_table_scores_average_minus_for_the_faulting_side_and_is_not_rated(here, there, expected):
    comparisons, _ = compare_boards([stored(AB, 0, [here]), stored(BA, 1, [there])], BRIDGE)
    (board,) = comparisons
    assert board.scores == expected and not board.rated
    assert AVERAGE_MINUS == -3.0
    assert board_observations(comparisons) == []
    totals = board_totals(comparisons, {})
    assert (totals["a"].boards, totals["a"].total) == (1, expected[0])
    assert (totals["b"].boards, totals["b"].total) == (1, expected[1])


def test_a_table_whose_other_seating_is_missing_is_unpaired_and_not_rated():
    # Table 1 has only its first seating; table 2 both, but its second lacks board 2.
    matches = [
        stored(AB, 0, [ns_score(1, 420), ns_score(2, 50)], table=1),
        stored(("a", "c", "a", "c"), 0, [ns_score(1, 100), ns_score(2, 50)], table=2),
        stored(("c", "a", "c", "a"), 1, [ns_score(1, 100)], table=2),
    ]
    comparisons, unpaired = compare_boards(matches, BRIDGE)
    assert [(c.table, c.deal) for c in comparisons] == [(2, 1)]
    assert unpaired == {"a": 3, "b": 2, "c": 1}
    assert len(board_observations(comparisons)) == 1
    totals = board_totals(comparisons, unpaired)
    assert (totals["b"].boards, totals["b"].unpaired) == (0, 2)
    assert (totals["a"].boards, totals["a"].unpaired, totals["a"].total) == (1, 3, 0.0)


def test_two_real_tables_of_one_board_compare_the_same_cards_in_the_same_seats():
    # The two seatings of a table: the same seed, so the same boards; the sides swapped.
    deals = 2
    first = play([FakeSeat(n, sensible, seed=i, blocking=True) for i, n in enumerate(AB)], seed=11, deals=deals)
    second = play([FakeSeat(n, sensible, seed=9 + i, blocking=True) for i, n in enumerate(BA)], seed=11, deals=deals)
    dealt = [[e.hands for e in r.history if isinstance(e, BoardDealt)] for r in (first, second)]
    assert dealt[0] == dealt[1]
    matches = [
        StoredMatch(f"p{r}", 1, 1, r, 11, rec.names, rec.result.scores, rec.result.ranks, rec.standing,
                    rec.result.deals, rec.history, rec.faults, rec.seconds, "")
        for r, rec in enumerate((first, second))
    ]  # fmt: skip
    comparisons, unpaired = compare_boards(matches, BRIDGE)
    assert unpaired == {} and len(comparisons) == deals
    for board in comparisons:
        here = next(e.score for e in first.history if isinstance(e, BoardScored) and e.board == board.deal)
        there = next(e.score for e in second.history if isinstance(e, BoardScored) and e.board == board.deal)
        won = engine.bridge.imps(here - there)
        assert board.scores == (won, -won if won else 0.0) and board.rated


# --- the schedule ------------------------------------------------------------------------------


def test_a_bridge_tournament_seats_each_bot_in_both_seats_of_its_side_at_both_seatings(tmp_path):
    path = tmp_path / "bridge.toml"
    bots = "".join(f'\n[[bot]]\nname = "{b}"\ncommand = ["python", "bots/random_bot.py"]\n' for b in "xyz")
    path.write_text(
        textwrap.dedent("""
        [tournament]
        name = "t"
        game = "bridge"
        seats = 4
        deals = 2
        seed = 3
    """)
        + bots
    )
    schedule = build_schedule(load_tournament(path))
    assert len(schedule) == 3 * 2
    tables = sorted({m.table for m in schedule})
    assert tables == [1, 2, 3]
    pairs = set()
    for table in tables:
        p1, p2 = sorted((m for m in schedule if m.table == table), key=lambda m: m.rotation)
        assert (p1.rotation, p2.rotation) == (0, 1)
        assert p1.key.endswith("-p1") and p2.key.endswith("-p2")
        assert p1.seed == p2.seed, "both seatings play the same boards"
        ns, ew = p1.names[0], p1.names[1]
        assert ns != ew
        assert p1.names == (ns, ew, ns, ew), "each bot holds both seats of its side"
        assert p2.names == (ew, ns, ew, ns), "the sides swap seats at the second seating"
        pairs.add(frozenset((ns, ew)))
    assert pairs == {frozenset("xy"), frozenset("xz"), frozenset("yz")}
    assert len({m.seed for m in schedule}) == 3, "each table has its own boards"
