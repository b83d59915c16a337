"""PBN 2.1 as real files write it (issue 45): what the standard allows is read, a game that
is valid PBN but no board the engine can replay is skipped with its cause, and
check_pbn checks a claimed or unplayed board's Result and Score against its contract.
The forms come from public PBN files read by benchmarks/pbn_corpus.py (BBO, BBA and
BEN's output in lorserker/ben, BridgeComposer problems, Polish club scorers in
jarekczek/pbntools, the PBN reference implementation's tests in timheilman/bridge-pbn)."""

from __future__ import annotations

import re

import pytest

from engine import NotationError
from engine.bridge.pbn import SkipCause, check_pbn, read_pbn

#: North holds the spades, East the hearts, South the diamonds, West the clubs.
DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
#: 4S by North on board 1 (nobody vulnerable); East leads HA, North ruffs, then claims the
#: rest ('- - - -', as BBO writes a claim): 13 tricks, 510 to North-South.
CLAIM = (
    f"""[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{DEAL}"]
[Declarer "N"]
[Contract "4S"]
[Result "13"]
[Auction "N"]
4S Pass Pass Pass
[Play "E"]
HA D2 C2 S2
{"- - - -" + chr(10)}"""
    + "- - - -\n" * 11
    + '[Score "NS 510"]\n'
)


def only(text):
    (board,) = read_pbn(text)
    return board


def skipped(text):
    read = read_pbn(text)
    assert len(read) == 0
    (game,) = read.skipped
    return game


def test_a_claimed_boards_result_and_score_are_checked_against_its_contract():
    check = check_pbn(only(CLAIM))
    assert check.checked == ("Contract", "Declarer", "Result", "Score")
    assert check.state.trick_number == 2 and not check.state.is_terminal()
    with pytest.raises(
        NotationError, match=r"4S by N taking 13 tricks scores 510 to North-South, but the Score tag says 480"
    ):
        check_pbn(only(CLAIM.replace("NS 510", "NS 480")))
    with pytest.raises(NotationError, match=r"declarer has won 1 trick with 12 to play, but the Result tag says 0"):
        check_pbn(only(CLAIM.replace('[Result "13"]', '[Result "0"]')))


def test_a_result_without_auction_or_play_is_checked_against_its_score():
    scores = CLAIM[: CLAIM.index("[Auction")] + '[Score "NS 510"]\n'
    assert check_pbn(only(scores)).checked == ("Score",)
    with pytest.raises(NotationError, match=r"scores 510 to North-South, but the Score tag says 450"):
        check_pbn(only(scores.replace("NS 510", "NS 450")))
    # A club scorer's result alone (contract, declarer, tricks) has nothing to contradict.
    assert check_pbn(only(scores.replace('[Score "NS 510"]\n', ""))).checked == ()
    passed = scores.replace('"4S"', '"Pass"').replace('[Declarer "N"]', '[Declarer ""]').replace('"13"', '""')
    assert check_pbn(only(passed.replace("NS 510", "NS 0"))).checked == ("Score",)
    with pytest.raises(NotationError, match=r"passed out, but the Score tag says 50"):
        check_pbn(only(passed.replace("NS 510", "NS 50")))


def test_an_auction_may_start_left_of_the_dealer_with_a_dash_for_each_seat_before_him():
    text = CLAIM.replace('[Dealer "N"]', '[Dealer "E"]').replace(
        "4S Pass Pass Pass", "- Pass Pass Pass\n4S Pass Pass Pass"
    )
    board = only(text.replace('[Board "1"]\n', ""))
    assert board.dealer == 1 and [call.text for call in board.auction][:4] == ["pass", "pass", "pass", "4S"]
    assert check_pbn(board).checked == ("Contract", "Declarer", "Result", "Score")
    game = skipped(text.replace("- Pass Pass Pass", "- - Pass Pass"))
    assert "the auction starts with N, and the dealer is E: write 1 '-' for the seats before the dealer" in game.reason


def test_a_star_glued_to_a_call_is_an_alert_unless_it_ends_the_auction():
    assert [c.text for c in only(CLAIM.replace("4S Pass", "4S* Pass")).auction] == ["4S", "pass", "pass", "pass"]
    ended = only(CLAIM[: CLAIM.index("[Play")].replace("4S Pass Pass Pass", "Pass Pass 1S*"))
    assert [c.text for c in ended.auction] == ["pass", "pass", "1S"]


def test_a_last_trick_cut_short_and_a_plus_are_cards_not_played():
    lead = CLAIM[: CLAIM.index("HA D2")] + "HA\n"
    assert only(lead).play == ("HA",)
    assert only(lead.replace("HA\n", "HA D2 + -\n")).play == ("HA", "D2")
    # a short line that is not the last is still a trick missing a card
    assert "the Play section has 51 cards" in skipped(CLAIM.replace("HA D2 C2 S2", "HA D2 C2")).reason


def test_results_and_scores_in_the_forms_the_standard_gives():
    assert only(CLAIM.replace('"13"', '"^12"')).result is None  # '^': the players' count, not the tricks won
    assert only(CLAIM.replace("NS 510", "NS +510")).score == 510
    assert only(CLAIM.replace("NS 510", "+510")).score == 510  # a bare number is declarer's


def test_a_double_hash_tag_holds_for_every_later_game():
    first = CLAIM.replace('[Board "1"]', '[Event "##Club night"]\n[Board "1"]')
    games = read_pbn(first + "\n" + CLAIM + "\n" + CLAIM.replace('[Board "1"]', '[Event "Other"]\n[Board "1"]'))
    assert [dict(board.tags)["Event"] for board in games] == ["Club night", "Club night", "Other"]


def test_data_after_a_tag_other_than_auction_and_play_is_a_section_left_unread():
    # BridgeComposer writes a problem's answers after its own tag
    board = only(CLAIM.replace('[Score "NS 510"]', '[BCFlags "1f"]\n1N AC\n[Score "NS 510"]'))
    assert board.score == 510 and len(board.auction) == 4


@pytest.mark.parametrize(
    ("change", "cause", "reason"),
    [
        (lambda t: t.replace(f'[Deal "{DEAL}"]\n', ""), SkipCause.NO_BOARD, r"gives no Deal"),
        (lambda t: t.replace(DEAL, "N:- " + DEAL[2:].split(" ", 1)[1]), SkipCause.NO_BOARD, r"no cards for N"),
        (
            lambda t: t.replace(DEAL, "N:A... K... Q... J..."),
            SkipCause.NO_BOARD,
            r"each hand at most 1 of its cards \(an end position",
        ),
        (lambda t: t.replace('[Board "1"]\n[Dealer "N"]\n', ""), SkipCause.NO_BOARD, r"neither a Dealer nor a Board"),
        (lambda t: t.replace("4S Pass", "^I 4S Pass"), SkipCause.IRREGULAR, r"\^I marks an insufficient bid"),
        (lambda t: t.replace("HA D2", "HA ^R D2"), SkipCause.IRREGULAR, r"\^R marks a revoke"),
        (
            lambda t: t.replace('[Declarer "N"]', '[Declarer "^S"]'),
            SkipCause.IRREGULAR,
            r"declarer and dummy were swapped",
        ),
        (lambda t: t.replace('[Board "1"]', "[Board 1]"), SkipCause.INVALID, r"cannot read the tag '\[Board 1\]'"),
    ],
)
def test_a_game_skipped_says_whether_it_is_not_pbn_no_board_or_irregular(change, cause, reason):
    game = skipped(change(CLAIM))
    assert game.cause is cause
    assert re.search(reason, game.reason)


def test_a_lead_problem_without_auction_is_played_in_its_tagged_contract():
    # BridgeComposer: Contract, Declarer (or only the Play tag's leader), and the lead
    problem = CLAIM[: CLAIM.index("[Auction")].replace('"13"', '""') + '[Play "E"]\nHA\n'
    for text in (problem, problem.replace('[Declarer "N"]\n', "")):
        check = check_pbn(only(text))
        assert check.state.contract.text == "4S by N" and check.state.to_play == 2  # South plays to the lead
        assert check.checked == ()  # the calls made to reach the contract check nothing


def test_a_passed_out_board_reads_no_declarer_though_bbo_names_one():
    passed = CLAIM[: CLAIM.index("[Play")].replace("4S Pass Pass Pass", "Pass Pass Pass Pass")
    passed = passed.replace('"4S"', '"Pass"').replace('"13"', '"0"').replace('[Declarer "N"]', '[Declarer "S"]')
    board = only(passed)
    assert (board.contract, board.declarer, board.result) == ("Pass", None, None)
    assert check_pbn(board).checked == ("Contract",)


def test_notes_suffixes_and_stars_may_be_written_against_a_call_or_card():
    # PBN 2.1 §3.2: a call or card token ends at the first character that cannot be in it
    board = only(CLAIM.replace("4S Pass", "4S=1= Pass!").replace("HA D2", "HA?$7 D2"))
    assert [c.text for c in board.auction] == ["4S", "pass", "pass", "pass"] and board.play[:2] == ("HA", "D2")
    assert only(CLAIM.replace("4S Pass", "4S=1 Pass")).auction[0].text == "4S"  # a note missing its closing '='
    assert only(CLAIM.replace("HA D2 C2 S2", "HA D2*")).play == ("HA", "D2")  # the '*' ends the play


def test_a_tag_may_span_lines():
    # PBN 2.1 §3.3: in import format a tag pair may span more than one line
    board = only(CLAIM.replace('[Board "1"]', ' [\n   Board\n         "1"\n                  ]'))
    assert board.board == 1 and dict(board.tags)["Board"] == "1"
    assert only(CLAIM.replace('[Contract "4S"]', '[Contract\n"4S"]')).contract == "4S"
    # an empty line ends the game: the tag was never closed (the rest is a game of its own)
    read = read_pbn(CLAIM.replace('[Contract "4S"]', '[Contract "4S"\n\n'))
    assert len(read) == 0 and read.skipped[0].reason == 'line 6: the tag \'[Contract "4S"\' is not closed by "]".'


@pytest.mark.parametrize(("tag", "shown"), [('[Board "1"]', '[Board "²"]'), ('[Result "13"]', '[Result "1²"]')])
def test_a_number_in_other_digits_than_0_to_9_skips_its_game_not_the_file(tag, shown):
    # '²' passes str.isdigit() but not int(): the game is skipped with its reason, the
    # next one read.
    read = read_pbn(CLAIM.replace(tag, shown) + "\n" + CLAIM)
    assert len(read) == 1
    (game,) = read.skipped
    assert game.cause is SkipCause.INVALID and repr(shown.split('"')[1]) in game.reason
