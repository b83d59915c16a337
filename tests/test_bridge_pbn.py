"""Bridge boards as PBN (engine/bridge/pbn.py): export then import gives back every board
of random play (passed out and forfeited boards among them), a PBN game written by hand
replays to its stated result, endplay's PBN reader agrees with the export, and bad PBN
is refused with the line and what is wrong."""

from __future__ import annotations

import random
import re

import pytest
from endplay.config import suppress_unicode
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Denom, Penalty

import engine
from engine import NotationError
from engine.bridge import (
    PBN_HEADER,
    AuctionEnded,
    BoardDealt,
    BoardScored,
    Called,
    CallKind,
    CardPlayed,
    Forfeited,
    declarer_score,
    hand_to_pbn,
    match_to_pbn,
    read_pbn,
    replay_pbn,
)
from engine.bridge.records import Doubling, Strain

NAMES = ("north-bot", "east-bot", "south-bot", 'west "the" bot')


def random_match(seed: int, boards: int = 8, forfeits: tuple[int, ...] = ()):
    """A match played at random, passing often (so some boards pass out); on each
    step number in `forfeits` the seat to act forfeits instead."""
    state = engine.load("bridge").new_match(seed=seed, deals=boards)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        step += 1
        if step in forfeits:
            state.forfeit(state.current_seat(), "timeout: no answer within 1 s")
            continue
        actions = state.legal_actions()
        if actions[0].kind is CallKind.PASS and rng.random() < 0.75:
            state.apply(actions[0])
        else:
            state.apply(rng.choice(actions))
    return state


def split_boards(history):
    boards = []
    for event in history:
        if isinstance(event, BoardDealt):
            boards.append([])
        if boards:
            boards[-1].append(event)
    return boards


def first(events, kind):
    return next((e for e in events if isinstance(e, kind)), None)


def check_round_trip(state):
    text = PBN_HEADER + match_to_pbn(state.history, NAMES, event="zoo", site="Arena", date="2024.05.17")
    read = read_pbn(text)
    boards = split_boards(state.history)
    assert len(read) == len(boards)
    for pbn, events in zip(read, boards):
        dealt, ended, scored = first(events, BoardDealt), first(events, AuctionEnded), first(events, BoardScored)
        assert pbn.board == dealt.board and pbn.dealer == dealt.dealer
        assert pbn.vulnerability is dealt.vulnerability
        assert pbn.hands == tuple(h.cards for h in dealt.hands)
        assert pbn.auction == tuple(e.call for e in events if isinstance(e, Called))
        assert pbn.play == tuple(e.card for e in events if isinstance(e, CardPlayed))
        assert pbn.players == NAMES
        assert dict(pbn.tags)["Event"] == "zoo" and dict(pbn.tags)["Scoring"] == "IMP"
        if scored is not None:
            assert pbn.score == scored.score
            assert pbn.result == (scored.declarer_tricks if scored.contract is not None else None)
        else:
            assert pbn.score is None and pbn.result is None
        if ended is None:
            assert pbn.contract is None and pbn.declarer is None
        elif ended.contract is None:
            assert pbn.contract == "Pass" and pbn.declarer is None
        else:
            assert pbn.contract == ended.contract.text.split(" by ")[0]
            assert pbn.declarer == ended.contract.declarer
        # The engine replays every board to the same calls, cards and score.
        replayed = replay_pbn(pbn)
        last = split_boards(replayed.history)[-1]
        kept = (Called, CardPlayed, AuctionEnded, BoardScored)
        strip = [(type(e), getattr(e, "call", None), getattr(e, "card", None)) for e in last if isinstance(e, kept)]
        want = [(type(e), getattr(e, "call", None), getattr(e, "card", None)) for e in events if isinstance(e, kept)]
        assert strip == want
        if scored is not None:
            assert first(last, BoardScored).score == scored.score
    return text, read


@pytest.mark.parametrize("seed", range(6))
def test_export_then_import_gives_back_every_board(seed):
    state = random_match(seed)
    _, read = check_round_trip(state)
    assert {b.board for b in read} == set(range(1, 9))  # every dealer and several vulnerabilities


def test_passed_out_and_forfeited_boards_round_trip():
    seen = set()
    for seed in range(40):
        state = random_match(seed, boards=4, forfeits=(3, 60))
        text, read = check_round_trip(state)
        for pbn, events in zip(read, split_boards(state.history)):
            ended = first(events, AuctionEnded)
            if first(events, Forfeited):
                seen.add("forfeit in play" if pbn.play else "forfeit in auction")
                assert "forfeits board" in text
            elif ended is not None and ended.contract is None:
                seen.add("passed out")
                assert pbn.contract == "Pass" and pbn.play == () and pbn.score == 0
        if len(seen) == 3:
            break
    assert seen == {"forfeit in play", "forfeit in auction", "passed out"}


KNOWN = """% PBN 2.1
% EXPORT
; a board written by hand: every suit in one hand
[Event "Textbook"]
[Site "Nowhere"]
[Date "2024.??.??"]
[Board "1"]
[West "W"]
[North "N"]
[East "E"]
[South "S"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "E:.AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 AKQJT98765432..."]
[Scoring "IMP"]
[Declarer "N"]
[Contract "7SXX"]
[Result "13"]
[Auction "N"]
1S 2H 3D! 4C =1=
7S X XX AP
[Note "1:no clubs were harmed"]
[Play "E"]
{ columns are E S W N; from trick 2 North leads, so each line is played N, E, S, W }
HA D2 C2 S2
HK D3 C3 SA
HQ D4 C4 SK
HJ D5 C5 SQ
HT D6 C6 SJ $1
H9 D7 C7 ST
H8 D8 C8 S9
H7 D9 C9 S8
H6 DT CT S7
H5 DJ CJ S6
H4 DQ CQ S5
H3 DK CK S4
H2 DA CA S3
[Score "NS 2240"]
"""


def test_a_known_board_replays_to_its_stated_result():
    (board,) = read_pbn(KNOWN)
    assert board.hands[0] == tuple("S" + r for r in "AKQJT98765432")
    assert [call.text for call in board.auction] == ["1S", "2H", "3D", "4C", "7S", "X", "XX", "pass", "pass", "pass"]
    assert board.play[:6] == ("HA", "D2", "C2", "S2", "SA", "HK")  # North ruffs, then leads
    assert (board.contract, board.declarer, board.result, board.score) == ("7SXX", 0, 13, 2240)
    assert declarer_score(7, Strain.SPADES, Doubling.REDOUBLED, False, 13) == 2240
    state = replay_pbn(board)
    assert state.is_terminal()
    scored = first(state.history, BoardScored)
    assert (scored.contract.text, scored.declarer_tricks, scored.score) == ("7SXX by N", 13, 2240)


def test_a_board_of_another_dealer_and_vulnerability_replays_there():
    text = KNOWN.replace('[Dealer "N"]', '[Dealer "S"]').replace('[Auction "N"]', '[Auction "S"]')
    text = text.replace('[Vulnerable "None"]', '[Vulnerable "NS"]').replace('[Board "1"]', '[Board "7"]')
    # S opens now: S 1S ... S is declarer, W leads; keep only the auction.
    text = text[: text.index("[Play")].replace('[Declarer "N"]', '[Declarer "S"]').replace("2240", "?")
    (board,) = read_pbn(text.replace('[Result "13"]', '[Result "?"]'))
    state = replay_pbn(board)
    assert (state.dealer, state.vulnerability.name, state.contract.declarer) == (2, "NS", 2)


def test_endplay_reads_arenas_export_alike():
    state = random_match(11, boards=8)
    text = PBN_HEADER + match_to_pbn(state.history, NAMES, event="zoo", site="Arena", date="2024.05.17")
    theirs = endplay_pbn.loads(text)
    boards = split_boards(state.history)
    assert len(theirs) == len(boards)
    denom = {Strain.CLUBS: Denom.clubs, Strain.DIAMONDS: Denom.diamonds, Strain.HEARTS: Denom.hearts}
    denom |= {Strain.SPADES: Denom.spades, Strain.NOTRUMP: Denom.nt}
    penalty = {Doubling.UNDOUBLED: Penalty.passed, Doubling.DOUBLED: Penalty.doubled}
    penalty[Doubling.REDOUBLED] = Penalty.redoubled
    for board, events in zip(theirs, boards):
        dealt, scored = first(events, BoardDealt), first(events, BoardScored)
        assert board.board_num == dealt.board
        assert board.deal.to_pbn() == "N:" + " ".join(hand_to_pbn(h.cards) for h in dealt.hands)
        assert int(board.dealer) == dealt.dealer
        contract = scored.contract
        if contract is None:
            assert board.contract.is_passout()
            continue
        assert (board.contract.level, board.contract.denom) == (contract.level, denom[contract.strain])
        assert (board.contract.penalty, int(board.contract.declarer)) == (penalty[contract.doubling], contract.declarer)
        assert board.contract.result == scored.declarer_tricks - contract.level - 6
        with suppress_unicode():
            assert [str(card) for card in board.play] == [e.card for e in events if isinstance(e, CardPlayed)]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace('[Board "1"]', '[Board "one"]'), r"line 7: the Board tag is 'one'"),
        (lambda t: t.replace('[Site "Nowhere"]', "[Site Nowhere]"), r"line 5: cannot read the tag"),
        (lambda t: t.replace("...AKQJT98765432", "...AKQJT9876543"), r"line 14: W is given 12 cards"),
        (lambda t: t.replace("E:.AKQJT98765432..", "E:.AKQJT9876543.A."), r"line 14: The card DA is given twice"),
        (lambda t: t.replace('[Deal "E:', '[Deal "X:'), r"line 14: the Deal tag is 'X'"),
        (lambda t: t.replace('"7SXX"', '"8S"'), r"line 17: the Contract tag is '8S'"),
        (lambda t: t.replace('"None"', '"Maybe"'), r"line 13: the Vulnerable tag is 'Maybe'"),
        (lambda t: t.replace("7S X XX AP", "7S X XX SA"), r"line 21: 'SA' in the auction is not a call"),
        (
            lambda t: t.replace("HK D3 C3 SA", "HK D3 C3"),
            r"line 37: the Play section has 51 cards; each trick, 13 at most, is a line of four",
        ),
        (lambda t: t.replace("HK D3 C3 SA", "HK - C3 SA"), r"line 26: a card after a '-'"),
        (lambda t: t.replace("HK D3 C3 SA", "HK -- C3 SA"), r"line 26: Cannot read the card '--'"),
        (lambda t: t + "{ never closed\n", r"ends inside a \{comment\}"),
        (lambda t: t.replace('[Auction "N"]', '[Auction "E"]'), r"line 19: the auction starts with E"),
        (lambda t: t.replace('[Dealer "N"]\n', "").replace('[Board "1"]\n', ""), r"neither a Dealer nor a Board"),
        (lambda t: t.replace('[Score "NS 2240"]', '[Score "lots"]'), r"cannot read the Score 'lots'"),
        (lambda t: t.replace("[Event", "stray [Event"), r"line 4: 'stray' comes before any tag"),
    ],
)
def test_a_bad_game_is_skipped_with_its_line_board_and_reason(change, message):
    text = change(KNOWN)
    assert text != KNOWN
    read = read_pbn(text)
    assert len(read) == 0 and list(read) == []
    (skipped,) = read.skipped
    assert skipped.line == 4 and skipped.board in ("1", "one", None)
    assert re.search(message, skipped.reason)
    which = f"board {skipped.board}" if skipped.board else "no Board tag"
    assert skipped.message == f"The game at line 4 ({which}) is skipped: {skipped.reason}" == str(skipped)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace("1S 2H 3D! 4C", "1S 1H 3D 4C"), r"board 1: the call 1H cannot be played"),
        (lambda t: t.replace("HK D3 C3 SA", "HK D3 C3 SA").replace("HQ D4", "DQ D4"), r"the card DQ cannot be"),
        (
            lambda t: t.replace('[Result "13"]', '[Result "12"]'),
            r"declarer takes 13 tricks, but the Result tag says 12",
        ),
        (lambda t: t.replace('"7SXX"', '"7SX"'), r"the auction ends in 7SXX, but the Contract tag says 7SX"),
        (lambda t: t.replace('[Declarer "N"]', '[Declarer "S"]'), r"the declarer is N, but the Declarer tag says S"),
        (lambda t: t.replace("NS 2240", "EW 2240"), r"North-South score 2240, but the Score tag says -2240"),
    ],
)
def test_a_board_that_disagrees_with_the_engine_is_refused(change, message):
    (board,) = read_pbn(change(KNOWN))
    with pytest.raises(NotationError, match=message):
        replay_pbn(board)


def test_inherited_tags_and_several_games():
    second = KNOWN.replace('[Event "Textbook"]', '[Event "#"]').replace('[Site "Nowhere"]', '[Site "#"]')
    boards = read_pbn(KNOWN + "\n" + second.replace("% PBN 2.1\n% EXPORT\n", ""))
    assert len(boards) == 2
    assert dict(boards[1].tags)["Event"] == "Textbook" and boards[1].line > boards[0].line
    # A '#' with no earlier game that gives the tag leaves it unknown (PBN 2.1 §4.8 has
    # nothing to copy): the game is read, not refused.
    (alone,) = read_pbn(second)
    assert dict(alone.tags)["Event"] == "" and dict(alone.tags)["Site"] == ""
    assert replay_pbn(alone).is_terminal()
    # The value copied is the last one given, though the game between had none.
    third = second.replace('[Event "#"]', "").replace('[Site "#"]', '[Site "Elsewhere"]')
    games = read_pbn(KNOWN + "\n" + third + "\n" + second)
    assert [(dict(b.tags).get("Event"), dict(b.tags)["Site"]) for b in games] == [
        ("Textbook", "Nowhere"),
        (None, "Elsewhere"),
        ("Textbook", "Elsewhere"),
    ]


# --- PBN as real files write it (PBN 2.1; BBO's claims) ---------------------------------

#: KNOWN's play stopped by a claim in trick 4, after North's SQ and East's HJ: the rest
#: of that trick and the nine tricks after it are '-', as BBO writes a claimed board.
TRICKS = KNOWN[KNOWN.index("HA D2 C2 S2") : KNOWN.index('[Score "')]
CLAIMED = KNOWN.replace(TRICKS, "HA D2 C2 S2\nHK D3 C3 SA\nHQ D4 C4 SK\nHJ - - SQ\n" + "- - - -\n" * 9)


def test_claimed_tricks_are_cards_not_played():
    (board,) = read_pbn(CLAIMED)
    assert board.play == ("HA", "D2", "C2", "S2", "SA", "HK", "D3", "C3", "SK", "HQ", "D4", "C4", "SQ", "HJ")
    assert (board.result, board.score) == (13, 2240)
    state = replay_pbn(board)  # played up to the claim, mid-trick; the tags are not contradicted
    assert not state.is_terminal() and state.trick_number == 4 and state.to_play == 2
    # Whole tricks claimed ('- - - -' after the last full trick) read the same way.
    (whole,) = read_pbn(CLAIMED.replace("HJ - - SQ", "- - - -"))
    assert whole.play == board.play[:12]
    # A card after play stopped is no claim: that game is skipped, saying why.
    bad = read_pbn(CLAIMED.replace("- - - -\n- - - -\n", "- - - -\n- - - S5\n", 1))
    assert len(bad) == 0 and "line 30: S5 is played after a trick that was not finished ('-')" in bad.skipped[0].reason


@pytest.mark.parametrize(
    ("result", "declarer", "tricks"),
    [("NS 13", "N", 13), ("EW 0", "N", 13), ("NS 13 EW 0", "N", 13), ("EW 0 NS 13", "N", 13), ("NS 11", "E", 2)],
)
def test_a_result_may_count_a_sides_tricks(result, declarer, tricks):
    text = KNOWN.replace('[Result "13"]', f'[Result "{result}"]').replace('[Declarer "N"]', f'[Declarer "{declarer}"]')
    (board,) = read_pbn(text)
    assert (board.declarer, board.result) == ("NESW".index(declarer), tricks)
    if declarer == "N":
        assert replay_pbn(board).is_terminal()  # the engine's 13 tricks agree


def test_a_sides_result_without_a_declarer_tag_is_read_against_the_auction():
    (board,) = read_pbn(KNOWN.replace('[Declarer "N"]\n', "").replace('"13"', '"EW 0"'))
    assert (board.declarer, board.result) == (None, 13)  # North bid 7S first for its side
    assert replay_pbn(board).is_terminal()
    no_auction = KNOWN.replace('[Declarer "N"]\n', "").replace('"13"', '"NS 13"')
    no_auction = no_auction[: no_auction.index('[Auction "N"]')]
    (skipped,) = read_pbn(no_auction).skipped
    assert "counts a side's tricks, but neither a Declarer tag nor an auction says which side" in skipped.reason
    (skipped,) = read_pbn(KNOWN.replace('"13"', '"NS 9 EW 5"')).skipped
    assert "line 18: the Result tag is 'NS 9 EW 5': more than 13 tricks" in skipped.reason


def test_a_tag_needs_no_space_before_its_value():
    (board,) = read_pbn(KNOWN.replace('[Board "1"]', '[Board"1"]').replace('[Event "Textbook"]', '[ Event"Textbook" ]'))
    assert board.board == 1 and dict(board.tags)["Event"] == "Textbook"
    assert replay_pbn(board).is_terminal()


def test_board_zero_is_a_board():
    (board,) = read_pbn(KNOWN.replace('[Board "1"]', '[Board "0"]'))
    assert (board.board, board.dealer, board.vulnerability) == (0, 0, engine.bridge.Vulnerability.NONE)
    state = replay_pbn(board)  # its tags say North deals at love all: dealt as board 1 is
    assert state.is_terminal() and first(state.history, BoardScored).score == 2240
    # Without Dealer and Vulnerable tags, board 0 is Law 2's board 16 (W deals, E-W vulnerable).
    (bare,) = read_pbn('[Board "0"]\n[Deal "' + dict(board.tags)["Deal"] + '"]\n')
    assert (bare.dealer, bare.vulnerability) == (3, engine.bridge.Vulnerability.EW)
    state = replay_pbn(bare)
    assert (state.board, state.dealer, state.vulnerability) == (16, 3, engine.bridge.Vulnerability.EW)


def test_a_play_tag_without_a_seat_gives_no_play():
    text = KNOWN[: KNOWN.index("[Play")] + '[Play ""]\n*\n[Score "NS 2240"]\n'
    (board,) = read_pbn(text)
    assert board.play == () and board.contract == "7SXX"
    state = replay_pbn(board)  # the auction alone: the opening lead is awaited
    assert state.contract.text == "7SXX by N" and state.current_seat() == 1 and not state.is_terminal()
    (skipped,) = read_pbn(KNOWN.replace('[Play "E"]', '[Play ""]')).skipped
    assert skipped.reason == "line 23: the Play tag names no opening leader, but cards follow it."


def test_a_bad_game_is_skipped_and_the_games_after_it_are_read():
    second = KNOWN.replace('[Board "1"]', '[Board "2"]').replace('"7SXX"', '"8S"')
    third = KNOWN.replace('[Board "1"]', '[Board "3"]')
    read = read_pbn(KNOWN + "\n" + second + "\n" + third)
    assert [board.board for board in read] == [1, 3] and len(read) == 2
    assert [str(skipped) for skipped in read.skipped] == [
        "The game at line 43 (board 2) is skipped: line 56: the Contract tag is '8S'; write e.g. 4HX, 3NT or Pass."
    ]
    assert all(replay_pbn(board).is_terminal() for board in read)
    # A tag that cannot be read spoils its own game only, as does an unclosed comment at the end.
    read = read_pbn(KNOWN + "\n" + second.replace('"8S"', '"7SXX"').replace('[Site "Nowhere"]', "[Site]") + "\n{ open")
    assert [board.board for board in read] == [1]
    assert [(s.board, s.reason) for s in read.skipped] == [
        ("2", "line 44: cannot read the tag '[Site]': a tag is [Name \"value\"]."),
        (None, "line 79: the text ends inside a {comment} opened here: a '}' is missing."),
    ]
