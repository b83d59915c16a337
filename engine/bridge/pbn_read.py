"""Reading PBN (Portable Bridge Notation 2.1): the games of a PBN text as PbnBoard
records, a game that cannot be read skipped with a message naming it.

    read_pbn(text)    -> PbnFile: the boards read (it is a sequence of them) and `skipped`

Games are apart by an empty line (`pbn_text` splits the text into games of tags and
words, dropping comments, ``;`` to the end of the line and ``{…}`` over lines, and ``%``
lines).  Reading takes tags and the Auction and Play sections (pbn_sections.py); notes
(``=1=``), NAGs (``$1``) and ``!``/``?`` after a call or card are skipped, written apart
or against it (``5C=1=``, ``HJ?``, §3.2's tokens), and so is the
data after any other tag (a supplemental section, §4.9: ``…Table``, BridgeComposer's
answers after its own tags).  As PBN 2.1 allows:

- a tag is ``[Name "value"]``, with or without space before the value (``[Board"1"]``);
  a tag given twice keeps its first value (§3.4);
- a value ``#`` is the value the same tag had in the last game that gave it, and one
  ``##text`` gives ``text`` to every later game that lacks the tag (§4.8); a ``#`` with
  none before leaves the tag unknown, as ``?`` or an empty value does;
- Dealer and Vulnerable, when absent, follow the board number (Law 2), board 0 too (the
  16-board cycle's board 16);
- Result is declarer's tricks (``9``) or a side's (``NS 11``, ``EW 2``, ``NS 11 EW 2``,
  §3.4.15): one side's count leaves the other 13 less, and the side is read against the
  Declarer tag or, without one, the auction's declarer; a Result after ``^`` is the
  players' count, not the tricks won, and is not kept; Score may carry a sign (``NS +550``);
- an Auction or Play tag without a seat (``[Play ""]``) gives no calls or cards;
- the auction may start left of the dealer, a ``-`` for each seat before him (§3.5);
  ``AP`` is all pass, ``*`` or ``+`` ends it; a ``*`` glued to a call that more calls
  follow (``4C*``, BBA's and BEN's alert) is an alert;
- in the Play section ``-`` (and ``+``, the next card to play) is a card not played
  (§3.6): once a card is missing, every later one is ``-``, as in the lines ``- - - -`` of
  the tricks a claim ended (BBO); the last line may give fewer than four cards (an
  opening lead alone), the others not played; ``*`` ends the section.

A game that breaks one of these is skipped: `PbnFile.skipped` holds a SkippedGame for it,
whose message names its line, its Board tag and what is wrong, and the games after it
are read.  Its `cause` (SkipCause) tells a game that is not PBN (INVALID) from one that
is PBN but no board to replay (NO_BOARD: no deal, a hand not given, an end position, no
dealer or vulnerability) and from one recording an irregularity of §3.9 (IRREGULAR).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import overload

from .._errors import NotationError
from .notation import check_deal, parse_hand
from .pbn_sections import (
    SkipCause,
    UnreplayableGame,
    auction_declarer,
    optional_tag,
    read_auction,
    read_play,
    seat_of,
)
from .pbn_text import PbnGame, split_games
from .records import SEATS, BridgeAction, CallKind, Strain, Vulnerability, dealer_of, side_of, vulnerability_of

__all__ = ["PbnBoard", "PbnFile", "SkipCause", "SkippedGame", "read_pbn"]

_VUL_READ = dict.fromkeys(("NONE", "LOVE", "-"), Vulnerability.NONE) | {"NS": Vulnerability.NS, "EW": Vulnerability.EW}
_VUL_READ |= dict.fromkeys(("ALL", "BOTH"), Vulnerability.BOTH)
_CONTRACT = re.compile(r"^([1-7])(C|D|H|S|NT|N)(XX|X)?$")
_STRAIN = {"C": Strain.CLUBS, "D": Strain.DIAMONDS, "H": Strain.HEARTS, "S": Strain.SPADES, "N": Strain.NOTRUMP}
#: A side's count: "NS 11", "EW -100", or both sides ("NS 11 EW 2").
_SIDES = re.compile(r"^(NS|EW)\s+([-+]?\d+)(?:\s+(NS|EW)\s+([-+]?\d+))?$")


@dataclass(frozen=True, slots=True)
class PbnBoard:
    """One PBN game as read: `hands` North first, clockwise; `auction` the calls from the
    dealer; `play` the cards in the order played; `contract` as PBN writes it (``4HX``,
    ``Pass``), `declarer` a seat, `result` the declarer's tricks and `score` North-South's
    score, each None when the game does not say (or says ``?``).  `players` are the
    North, East, South, West tags; `tags` every tag as read; `line` where the game starts."""

    board: int | None
    dealer: int
    vulnerability: Vulnerability
    hands: tuple[tuple[str, ...], ...]
    auction: tuple[BridgeAction, ...]
    play: tuple[str, ...]
    contract: str | None
    declarer: int | None
    result: int | None
    score: int | None
    players: tuple[str, ...]
    tags: tuple[tuple[str, str], ...]
    line: int


@dataclass(frozen=True, slots=True)
class SkippedGame:
    """A game `read_pbn` could not read: the line it starts on, its Board tag as written
    (None without one), the reason, a sentence that names the line at fault, and its
    cause (not PBN, no whole board, an irregularity)."""

    line: int
    board: str | None
    reason: str
    cause: SkipCause = SkipCause.INVALID

    @property
    def message(self) -> str:
        which = f"board {self.board}" if self.board else "no Board tag"
        return f"The game at line {self.line} ({which}) is skipped: {self.reason}"

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class PbnFile(Sequence[PbnBoard]):
    """What `read_pbn` read: `boards`, the games read, in order (the file is a sequence of
    them: ``len(pbn)``, ``pbn[0]``, ``for board in pbn``), and `skipped`, the games that
    could not be read, each with its message."""

    boards: tuple[PbnBoard, ...]
    skipped: tuple[SkippedGame, ...] = ()

    @overload
    def __getitem__(self, index: int) -> PbnBoard: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[PbnBoard, ...]: ...
    def __getitem__(self, index: int | slice) -> PbnBoard | tuple[PbnBoard, ...]:
        return self.boards[index]

    def __len__(self) -> int:
        return len(self.boards)

    def __iter__(self) -> Iterator[PbnBoard]:
        return iter(self.boards)


def read_pbn(text: str) -> PbnFile:
    """Read every game of a PBN text; a game that cannot be read is skipped, with a
    SkippedGame in the result's `skipped` naming its line, its board and what is wrong."""
    boards: list[PbnBoard] = []
    skipped: list[SkippedGame] = []
    inherited: dict[str, str] = {}
    headers: dict[str, str] = {}  # the '##' tags: their values hold in every later game
    for game in split_games(text):
        problem = _collect(game, inherited, headers)
        inherited.update((name, value) for name, (value, _) in game.tags.items())
        try:
            if game.error or problem:
                raise NotationError(game.error or problem)
            boards.append(_board(game))
        except NotationError as error:
            board = game.tags.get("Board", ("", 0))[0].strip() or None
            cause = error.cause if isinstance(error, UnreplayableGame) else SkipCause.INVALID
            skipped.append(SkippedGame(game.line, board, str(error), cause))
    return PbnFile(tuple(boards), tuple(skipped))


def _collect(game: PbnGame, inherited: dict[str, str], headers: dict[str, str]) -> str | None:
    """Sort a game's tokens into its tags (``#`` and ``##`` resolved, a ``##`` tag of an
    earlier game added when this one lacks it) and sections; the first problem, or None."""
    problem = None
    section: str | None = None
    for kind, value, number in game.tokens:
        if kind == "tag":
            name, _, tag_value = value.partition("\0")
            if tag_value.startswith("##"):  # §4.8: this value, and in every later game that lacks the tag
                tag_value = headers[name] = tag_value[2:]
            elif tag_value == "#":
                tag_value = inherited.get(name, "")
            # a tag given again is ignored (§3.4), and so is its section
            section = name if name not in game.tags else f"{name} again"
            game.tags.setdefault(name, (tag_value, number))
            game.sections.setdefault(section, [])
        elif section is None:
            problem = problem or f"line {number}: {value!r} comes before any tag; a game starts with a tag."
        else:  # after a tag other than Auction and Play, a supplemental section (§4.9, §5), kept unread
            game.sections[section].append((value, number))
    for name, value in headers.items():
        game.tags.setdefault(name, (value, game.line))
    return problem


def _board(game: PbnGame) -> PbnBoard:
    board_text, number = optional_tag(game, "Board")
    board = None
    if board_text is not None:
        if not _is_number(board_text):
            raise NotationError(
                f"line {number}: the Board tag is {board_text!r}; a board number is written in digits 0 to 9 (0, 1, 2, …)."
            )
        board = int(board_text)
    dealer_text, number = optional_tag(game, "Dealer")
    if dealer_text is not None:
        dealer = seat_of(dealer_text, "Dealer", number)
    elif board is not None:
        dealer = dealer_of(board)
    else:
        raise UnreplayableGame(
            f"line {game.line}: the game has neither a Dealer nor a Board tag: who dealt?", SkipCause.NO_BOARD
        )
    vul_text, number = optional_tag(game, "Vulnerable")
    if vul_text is not None:
        if vul_text.upper() not in _VUL_READ:
            raise NotationError(f"line {number}: the Vulnerable tag is {vul_text!r}; it is None, NS, EW or All.")
        vulnerability = _VUL_READ[vul_text.upper()]
    elif board is not None:
        vulnerability = vulnerability_of(board)
    else:
        raise UnreplayableGame(
            f"line {game.line}: the game has neither a Vulnerable nor a Board tag: who is vulnerable?",
            SkipCause.NO_BOARD,
        )
    hands = _deal(game)
    contract, number = optional_tag(game, "Contract")
    strain = None
    if contract is not None:
        m = _CONTRACT.match(contract.upper())
        if contract.upper() == "PASS":
            contract = "Pass"
        elif m is None:
            raise NotationError(f"line {number}: the Contract tag is {contract!r}; write e.g. 4HX, 3NT or Pass.")
        else:
            contract = m.group(1) + ("NT" if m.group(2) in ("N", "NT") else m.group(2)) + (m.group(3) or "")
            strain = _STRAIN[m.group(2)[0]]
    declarer_text, number = optional_tag(game, "Declarer")
    if contract == "Pass":  # nobody declares (§3.4.13), though BBO names a seat and Result "0"
        declarer_text = None
    if declarer_text is not None and declarer_text.startswith("^"):
        raise UnreplayableGame(
            f"line {number}: the Declarer tag {declarer_text!r} says declarer and dummy were swapped (PBN 2.1 "
            "§3.4.13), an irregularity the rules cannot replay.",
            SkipCause.IRREGULAR,
        )
    declarer = None if declarer_text is None else seat_of(declarer_text, "Declarer", number)
    auction = read_auction(game, dealer)
    if strain is None:  # no Contract tag: the auction's last bid names the trumps
        bids = [call for call in auction if call.kind is CallKind.BID]
        strain = bids[-1].strain if bids else None
    return PbnBoard(
        board=board,
        dealer=dealer,
        vulnerability=vulnerability,
        hands=hands,
        auction=auction,
        play=read_play(game, strain),
        contract=contract,
        declarer=declarer,
        result=None
        if contract == "Pass"
        else _result(game, auction_declarer(auction, dealer) if declarer is None else declarer),
        score=_score(game, declarer),
        players=tuple(game.tags.get(tag, ("", 0))[0] for tag in ("North", "East", "South", "West")),
        tags=tuple((name, value) for name, (value, _) in game.tags.items()),
        line=game.line,
    )


def _deal(game: PbnGame) -> tuple[tuple[str, ...], ...]:
    text, number = optional_tag(game, "Deal")
    if text is None:
        raise UnreplayableGame(
            f"line {number}: the game gives no Deal; a board needs its four hands.", SkipCause.NO_BOARD
        )
    first, colon, rest = text.partition(":")
    parts = rest.split()
    if not colon or len(parts) != 4:
        raise NotationError(
            f"line {number}: cannot read the Deal {text!r}: write the first seat, a colon and four hands "
            "clockwise, e.g. 'N:AKQ.JT9..5432 …'."
        )
    start = seat_of(first.strip(), "Deal", number)
    hands = [""] * 4
    for i, part in enumerate(parts):
        hands[(start + i) % 4] = part
    if "-" in hands:  # PBN 2.1 §3.4.11: a hand not given
        hidden = ", ".join(SEATS[seat] for seat, hand in enumerate(hands) if hand == "-")
        raise UnreplayableGame(
            f"line {number}: the Deal gives no cards for {hidden}; a board needs its four hands.", SkipCause.NO_BOARD
        )
    try:
        return check_deal(hands)
    except NotationError as error:
        sizes = _sizes(hands)
        if sizes is not None and max(sizes) < 13:  # PBN 2.1 §3.10: an end position
            raise UnreplayableGame(
                f"line {number}: the Deal gives each hand at most {max(sizes)} of its cards (an end position, PBN "
                "2.1 §3.10); a board to replay deals all 13.",
                SkipCause.NO_BOARD,
            ) from None
        raise NotationError(f"line {number}: {error}") from None


def _sizes(hands: Sequence[str]) -> list[int] | None:
    """The number of cards in each hand, None when a hand cannot be read."""
    try:
        return [len(parse_hand(hand)) for hand in hands]
    except NotationError:
        return None


def _is_number(text: str) -> bool:
    """Digits 0 to 9 alone: str.isdigit() also passes '²', which int() refuses, and that
    ValueError would refuse the whole file instead of the one game."""
    return text.isascii() and text.isdigit()


def _sides(text: str, tag: str, number: int, example: str) -> dict[str, int] | None:
    """A "NS 11" / "EW 2" / "NS 11 EW 2" value as {side: count}; None for a bare number."""
    m = _SIDES.match(text.upper())
    if m is None:
        return None
    counts = {m.group(1): int(m.group(2))}
    if m.group(3) is not None:
        if m.group(3) == m.group(1):
            raise NotationError(f"line {number}: the {tag} tag {text!r} gives {m.group(1)} twice; {example}.")
        counts[m.group(3)] = int(m.group(4))
    return counts


def _result(game: PbnGame, declarer: int | None) -> int | None:
    text, number = optional_tag(game, "Result")
    if text is None or text.startswith("^"):  # '^': not the tricks won (§3.4.15), so no count to check
        return None
    usage = "it is declarer's tricks, 0 to 13, or a side's, as 'NS 11' or 'NS 11 EW 2'"
    sides = _sides(text, "Result", number, usage)
    if sides is None:
        if not _is_number(text) or int(text) > 13:
            raise NotationError(f"line {number}: the Result tag is {text!r}; {usage}.")
        return int(text)
    if any(not 0 <= n <= 13 for n in sides.values()) or sum(sides.values()) > 13:
        raise NotationError(f"line {number}: the Result tag is {text!r}: more than 13 tricks, or fewer than 0.")
    if declarer is None:
        raise NotationError(
            f"line {number}: the Result tag {text!r} counts a side's tricks, but neither a Declarer tag nor "
            "an auction says which side declared."
        )
    mine, theirs = ("NS", "EW") if side_of(declarer) == 0 else ("EW", "NS")
    return sides[mine] if mine in sides else 13 - sides[theirs]


def _score(game: PbnGame, declarer: int | None) -> int | None:
    text, number = optional_tag(game, "Score")
    if text is None:
        return None
    usage = "write e.g. 'NS 420', 'EW -100' or 'NS 420 EW -420'"
    if re.match(r"^[-+]?\d+$", text):
        value = int(text)
        return -value if declarer is not None and declarer % 2 else value
    sides = _sides(text, "Score", number, usage)
    if sides is None:
        raise NotationError(f"line {number}: cannot read the Score {text!r}: {usage}.")
    return sides["NS"] if "NS" in sides else -sides["EW"]
