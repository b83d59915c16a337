"""The Auction and Play sections of a PBN game (PBN 2.1 §3.5, §3.6) read into calls and
cards, and why a game that is valid PBN may still be no board to replay (SkipCause).

    read_auction(game, dealer)   the calls from the dealer
    read_play(game, strain)      the cards in the order played
    auction_declarer(calls, dealer)

What they accept is listed in pbn_read.py's docstring.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import Enum

from .._errors import NotationError
from .notation import PASS, parse_action, parse_card
from .pbn_text import PbnGame
from .records import SEATS, BridgeAction, CallKind, Strain, side_of

__all__ = ["SkipCause", "UnreplayableGame", "auction_declarer", "optional_tag", "read_auction", "read_play", "seat_of"]

_RANKS = "23456789TJQKA"
#: PBN 2.1 §3.9's irregularities: an insufficient bid, a skipped call, a revoke, a lead out of turn.
_IRREGULARITY = {
    "^I": "an insufficient bid",
    "^S": "a call out of rotation",
    "^R": "a revoke",
    "^L": "a lead out of turn",
}


class SkipCause(Enum):
    """Why a game was skipped: it is not PBN 2.1 (INVALID); it is PBN, but holds no whole
    board to replay — no deal or a hand not given, an end position, no dealer or no
    vulnerability (NO_BOARD); or it records an irregularity (PBN 2.1 §3.9: an
    insufficient bid, a call out of rotation, a revoke, a lead out of turn, declarer and
    dummy swapped) that the engine's rules cannot replay (IRREGULAR)."""

    INVALID = "invalid"
    NO_BOARD = "no board"
    IRREGULAR = "irregular"


class UnreplayableGame(NotationError):
    """A game that is valid PBN but cannot be a board the engine replays."""

    def __init__(self, message: str, cause: SkipCause) -> None:
        super().__init__(message)
        self.cause = cause


def seat_of(value: str, tag: str, number: int) -> int:
    """The seat a tag names (N, E, S or W), `number` the tag's line for the error."""
    if value.upper() not in SEATS:
        raise NotationError(f"line {number}: the {tag} tag is {value!r}; a seat is N, E, S or W.")
    return SEATS.index(value.upper())


def optional_tag(game: PbnGame, tag: str) -> tuple[str | None, int]:
    """A tag's value and line; the value None when the game lacks it or it is unknown ('?')."""
    value, number = game.tags.get(tag, ("", game.line))
    return (None if value.strip() in ("", "?") else value.strip()), number


#: PBN 2.1 §3.2's tokens in a section: an irregularity, a call or card, a suffix, a note
#: (``=1=``; ``=1`` without its closing '=' too), a NAG, '*', '+', or any other character.
_TOKEN = re.compile(r"\^[A-Za-z]|[A-Za-z0-9-]+|[!?]{1,2}|=\d*=?|\$\d*|[*+]|.")


def _words(tokens: Sequence[tuple[str, int]]) -> list[tuple[str, int]]:
    """A section's calls or cards with their lines, its '*', '+' and irregularities;
    suffixes, notes and NAGs dropped, though written without a space (``5C=1=``,
    ``HJ?``).  A '*' written right after a call stays on it (``4C*``), as read_auction
    tells an alert from the end of the auction by it."""
    words: list[tuple[str, int]] = []
    for token, line in tokens:
        parts = _TOKEN.findall(token)
        for i, part in enumerate(parts):
            if part[0] in "!?=$":
                continue
            if part == "*" and i and parts[i - 1][0].isalnum():
                words[-1] = (words[-1][0] + "*", line)
            else:
                words.append((part, line))
    return words


def _unglued(word: str) -> tuple[str, ...]:
    """A card and the '*' written right after it, apart: in play the '*' ends the section."""
    return (word[:-1], "*") if len(word) > 1 and word.endswith("*") else (word,)


def read_auction(game: PbnGame, dealer: int) -> tuple[BridgeAction, ...]:
    first, number = optional_tag(game, "Auction")
    words = _words(game.sections.get("Auction", ()))
    if first is None:  # no dealer named: no auction, and no call may be given
        if any(w not in ("*", "+", "-") for w, _ in words):
            raise NotationError(f"line {number}: the Auction tag names no seat, but calls follow it.")
        return ()
    # PBN 2.1 §3.5: the auction may start left of the dealer, a '-' for each seat before him
    before = (dealer - seat_of(first, "Auction", number)) % 4
    if [w for w, _ in words[:before]] != ["-"] * before or (words[before:] and words[before][0] == "-"):
        given = " ".join(w for w, _ in words[: before + 1])
        raise NotationError(
            f"line {number}: the auction starts with {first}, and the dealer is {SEATS[dealer]}: write "
            f"{before} '-' for the seats before the dealer, then the dealer's call (PBN 2.1 §3.5), not {given!r}."
        )
    calls: list[BridgeAction] = []
    for i, (word, line) in enumerate(words[before:], before):
        if word in ("*", "+", "-"):
            break
        _refuse_irregularity(word, line)
        alerted = word.endswith("*")  # a call glued to '*' (BBA, BEN): an alert if calls follow
        if alerted:
            word = word[:-1]
        if word.upper() == "AP":
            bid = any(c.kind is CallKind.BID for c in calls)
            calls += [PASS] * (3 if bid else 4 - len(calls))
            break
        try:
            call = parse_action(word)
        except NotationError:
            call = None
        if call is None or call.kind is CallKind.PLAY:
            raise NotationError(
                f"line {line}: {word!r} in the auction is not a call: write Pass, X, XX or a bid like 1C or 3NT."
            )
        calls.append(call)
        if alerted and all(w in ("*", "+", "-") for w, _ in words[i + 1 :]):
            break  # the '*' ends the auction
    return tuple(calls)


def _refuse_irregularity(word: str, line: int) -> None:
    if word.upper() in _IRREGULARITY:
        raise UnreplayableGame(
            f"line {line}: {word} marks {_IRREGULARITY[word.upper()]} (PBN 2.1 §3.9), an irregularity the rules "
            "cannot replay.",
            SkipCause.IRREGULAR,
        )


def auction_declarer(auction: Sequence[BridgeAction], dealer: int) -> int | None:
    """The declarer an auction makes: the first of the last bidder's side to name the
    final strain; None without a bid."""
    bids = [((dealer + i) % 4, call) for i, call in enumerate(auction) if call.kind is CallKind.BID]
    if not bids:
        return None
    last_seat, last = bids[-1]
    return next(s for s, call in bids if side_of(s) == side_of(last_seat) and call.strain is last.strain)


def read_play(game: PbnGame, strain: Strain | None) -> tuple[str, ...]:
    first, number = optional_tag(game, "Play")
    words = [(part, line) for w, line in _words(game.sections.get("Play", ())) for part in _unglued(w)]
    words = words[: next((i for i, (w, _) in enumerate(words) if w == "*"), len(words))]
    for word, line in words:
        _refuse_irregularity(word, line)
    # '+' is the next card to play (§3.6), so not played, as '-'
    words = [("-" if w == "+" else w, line) for w, line in words]
    if first is None:  # no opening leader named: no play, and no card may be given
        if any(w != "-" for w, _ in words):
            raise NotationError(f"line {number}: the Play tag names no opening leader, but cards follow it.")
        return ()
    leader = first_seat = seat_of(first, "Play", number)
    if strain is None and words:
        raise NotationError(f"line {number}: a Play section needs the contract (a Contract tag or an auction).")
    # the last line may give fewer cards than a trick (an opening lead alone, as BridgeComposer
    # writes a lead problem): the cards it does not give are not played
    short = len(words) % 4
    if short and short == sum(1 for _, line in words if line == words[-1][1]):
        words += [("-", words[-1][1])] * (4 - short)
    if len(words) % 4 or len(words) > 52:
        raise NotationError(
            f"line {words[-1][1]}: the Play section has {len(words)} cards; each trick, 13 at most, is a line "
            "of four, '-' for a card not played."
        )
    trump = strain.suit if strain is not None else None
    play: list[str] = []
    stopped = False  # a card was missing: play stopped there (a claim), every later card is '-'
    for t in range(0, len(words), 4):
        line = words[t][1]
        try:
            row = [None if w == "-" else parse_card(w) for w, _ in words[t : t + 4]]
        except NotationError as error:
            raise NotationError(f"line {line}: {error}") from None
        order = [(leader + i) % 4 for i in range(4)]
        in_order = [row[(seat - first_seat) % 4] for seat in order]
        played = next((i for i, card in enumerate(in_order) if card is None), 4)
        if any(card is not None for card in in_order[played:]):
            raise NotationError(f"line {line}: a card after a '-' in the order of play of this trick.")
        if stopped and played:
            raise NotationError(
                f"line {line}: {in_order[0]} is played after a trick that was not finished ('-'); once play "
                "stops (a claim), every later card is '-'."
            )
        trick = [(seat, card) for seat, card in zip(order[:played], in_order[:played]) if card is not None]
        play += [card for _, card in trick]
        stopped = played < 4
        if not stopped:
            led = trick[0][1][0]
            leader = max(trick, key=lambda p: (p[1][0] == trump, p[1][0] == led, _RANKS.index(p[1][1])))[0]
    return tuple(play)
