"""Reading PBN (Portable Bridge Notation 2.1): the games of a PBN text as PbnBoard
records, a game that cannot be read skipped with a message naming it.

    read_pbn(text)    -> PbnFile: the boards read (it is a sequence of them) and `skipped`

Games are apart by an empty line (`pbn_text` splits the text into games of tags and
words, dropping comments, ``;`` to the end of the line and ``{…}`` over lines, and ``%``
lines).  Reading takes tags and the Auction and Play sections; notes (``=1=``), NAGs
(``$1``) and ``!``/``?`` after a call or card are skipped, and so are supplemental
sections (``…Table``).  As PBN 2.1 allows:

- a tag is ``[Name "value"]``, with or without space before the value (``[Board"1"]``);
- a value ``#`` is the value the same tag had in the last game that gave it (§4.8); with
  none before, the tag is unknown, as ``?`` or an empty value is;
- Dealer and Vulnerable, when absent, follow the board number (Law 2), board 0 too (the
  16-board cycle's board 16);
- Result is declarer's tricks (``9``) or a side's (``NS 11``, ``EW 2``, ``NS 11 EW 2``,
  §3.4.15): one side's count leaves the other 13 less, and the side is read against the
  Declarer tag or, without one, the auction's declarer;
- an Auction or Play tag without a seat (``[Play ""]``) gives no calls or cards;
- in the Play section ``-`` is a card not played (§3.6): once a card is missing, every
  later one is ``-``, as in the lines ``- - - -`` of the tricks a claim ended (BBO); ``*``
  ends the section; ``AP`` in the auction is all pass.

A game that breaks one of these is skipped: `PbnFile.skipped` holds a SkippedGame for it,
whose message names its line, its Board tag and what is wrong, and the games after it
are read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import overload

from .._errors import NotationError
from .notation import PASS, check_deal, parse_action, parse_card
from .pbn_text import PbnGame, split_games
from .records import SEATS, BridgeAction, CallKind, Strain, Vulnerability, dealer_of, side_of, vulnerability_of

__all__ = ["PbnBoard", "PbnFile", "SkippedGame", "read_pbn"]

_VUL_READ = dict.fromkeys(("NONE", "LOVE", "-"), Vulnerability.NONE) | {"NS": Vulnerability.NS, "EW": Vulnerability.EW}
_VUL_READ |= dict.fromkeys(("ALL", "BOTH"), Vulnerability.BOTH)
_CONTRACT = re.compile(r"^([1-7])(C|D|H|S|NT|N)(XX|X)?$")
_STRAIN = {"C": Strain.CLUBS, "D": Strain.DIAMONDS, "H": Strain.HEARTS, "S": Strain.SPADES, "N": Strain.NOTRUMP}
_RANKS = "23456789TJQKA"
#: A side's count: "NS 11", "EW -100", or both sides ("NS 11 EW 2").
_SIDES = re.compile(r"^(NS|EW)\s+(-?\d+)(?:\s+(NS|EW)\s+(-?\d+))?$")


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
    (None without one) and the reason, a sentence that names the line at fault."""

    line: int
    board: str | None
    reason: str

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
    for game in split_games(text):
        problem = _collect(game, inherited)
        inherited.update((name, value) for name, (value, _) in game.tags.items())
        try:
            if game.error or problem:
                raise NotationError(game.error or problem)
            boards.append(_board(game))
        except NotationError as error:
            board = game.tags.get("Board", ("", 0))[0].strip() or None
            skipped.append(SkippedGame(game.line, board, str(error)))
    return PbnFile(tuple(boards), tuple(skipped))


def _collect(game: PbnGame, inherited: dict[str, str]) -> str | None:
    """Sort a game's tokens into its tags (``#`` resolved) and sections; the first
    problem, or None."""
    problem = None
    section: str | None = None
    for kind, value, number in game.tokens:
        if kind == "tag":
            name, _, tag_value = value.partition("\0")
            if tag_value == "#":
                tag_value = inherited.get(name, "")
            game.tags.setdefault(name, (tag_value, number))
            section = name if name in ("Auction", "Play") or name.endswith("Table") else None
            if section is not None:
                game.sections[section] = []
        elif section is None:
            problem = problem or f"line {number}: {value!r} is outside a tag and outside a section."
        else:  # a supplemental section (ScoreTable, …) is kept and not read
            game.sections[section].append((value, number))
    return problem


def _seat(value: str, tag: str, number: int) -> int:
    if value.upper() not in SEATS:
        raise NotationError(f"line {number}: the {tag} tag is {value!r}; a seat is N, E, S or W.")
    return SEATS.index(value.upper())


def _optional(game: PbnGame, tag: str) -> tuple[str | None, int]:
    value, number = game.tags.get(tag, ("", game.line))
    return (None if value.strip() in ("", "?") else value.strip()), number


def _board(game: PbnGame) -> PbnBoard:
    board_text, number = _optional(game, "Board")
    board = None
    if board_text is not None:
        if not board_text.isdigit():
            raise NotationError(f"line {number}: the Board tag is {board_text!r}; a board number is 0, 1, 2, ….")
        board = int(board_text)
    dealer_text, number = _optional(game, "Dealer")
    if dealer_text is not None:
        dealer = _seat(dealer_text, "Dealer", number)
    elif board is not None:
        dealer = dealer_of(board)
    else:
        raise NotationError(f"line {game.line}: the game has neither a Dealer nor a Board tag: who dealt?")
    vul_text, number = _optional(game, "Vulnerable")
    if vul_text is not None:
        if vul_text.upper() not in _VUL_READ:
            raise NotationError(f"line {number}: the Vulnerable tag is {vul_text!r}; it is None, NS, EW or All.")
        vulnerability = _VUL_READ[vul_text.upper()]
    elif board is not None:
        vulnerability = vulnerability_of(board)
    else:
        raise NotationError(f"line {game.line}: the game has neither a Vulnerable nor a Board tag.")
    hands = _deal(game)
    contract, number = _optional(game, "Contract")
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
    declarer_text, number = _optional(game, "Declarer")
    declarer = None if declarer_text is None else _seat(declarer_text.lstrip("^"), "Declarer", number)
    auction = _auction(game, dealer)
    if strain is None:  # no Contract tag: the auction's last bid names the trumps
        bids = [call for call in auction if call.kind is CallKind.BID]
        strain = bids[-1].strain if bids else None
    return PbnBoard(
        board=board,
        dealer=dealer,
        vulnerability=vulnerability,
        hands=hands,
        auction=auction,
        play=_play(game, strain),
        contract=contract,
        declarer=declarer,
        result=_result(game, declarer if declarer is not None else _auction_declarer(auction, dealer)),
        score=_score(game, declarer),
        players=tuple(game.tags.get(tag, ("", 0))[0] for tag in ("North", "East", "South", "West")),
        tags=tuple((name, value) for name, (value, _) in game.tags.items()),
        line=game.line,
    )


def _deal(game: PbnGame) -> tuple[tuple[str, ...], ...]:
    text, number = _optional(game, "Deal")
    if text is None:
        raise NotationError(f"line {number}: the game gives no Deal; a board needs its four hands.")
    first, colon, rest = text.partition(":")
    parts = rest.split()
    if not colon or len(parts) != 4:
        raise NotationError(
            f"line {number}: cannot read the Deal {text!r}: write the first seat, a colon and four hands "
            "clockwise, e.g. 'N:AKQ.JT9.-.5432 …'."
        )
    start = _seat(first.strip(), "Deal", number)
    hands = [""] * 4
    for i, part in enumerate(parts):
        hands[(start + i) % 4] = part
    try:
        return check_deal(hands)
    except NotationError as error:
        raise NotationError(f"line {number}: {error}") from None


def _plain(token: str) -> str | None:
    """A call or card token without its annotations; None for a note or a NAG."""
    if (token.startswith("=") and token.endswith("=")) or token.startswith("$"):
        return None
    return token.rstrip("!?") or None


def _auction(game: PbnGame, dealer: int) -> tuple[BridgeAction, ...]:
    first, number = _optional(game, "Auction")
    if first is None:  # no dealer named: no auction, and no call may be given
        if any(_plain(token) not in (None, "*", "+", "-") for token, _ in game.sections.get("Auction", ())):
            raise NotationError(f"line {number}: the Auction tag names no seat, but calls follow it.")
        return ()
    if _seat(first, "Auction", number) != dealer:
        raise NotationError(
            f"line {number}: the auction starts with {first}, not with the dealer {SEATS[dealer]}; "
            "only a whole auction can be replayed."
        )
    calls: list[BridgeAction] = []
    for token, line in game.sections["Auction"]:
        word = _plain(token)
        if word is None:
            continue
        if word in ("*", "+", "-"):
            break
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
                f"line {line}: {token!r} in the auction is not a call: write Pass, X, XX or a bid like 1C or 3NT."
            )
        calls.append(call)
    return tuple(calls)


def _auction_declarer(auction: Sequence[BridgeAction], dealer: int) -> int | None:
    """The declarer an auction makes: the first of the last bidder's side to name the
    final strain; None without a bid."""
    bids = [((dealer + i) % 4, call) for i, call in enumerate(auction) if call.kind is CallKind.BID]
    if not bids:
        return None
    last_seat, last = bids[-1]
    return next(s for s, call in bids if side_of(s) == side_of(last_seat) and call.strain is last.strain)


def _play(game: PbnGame, strain: Strain | None) -> tuple[str, ...]:
    first, number = _optional(game, "Play")
    words = [(w, line) for token, line in game.sections.get("Play", ()) if (w := _plain(token)) is not None]
    words = words[: next((i for i, (w, _) in enumerate(words) if w == "*"), len(words))]
    if first is None:  # no opening leader named: no play, and no card may be given
        if any(w != "-" for w, _ in words):
            raise NotationError(f"line {number}: the Play tag names no opening leader, but cards follow it.")
        return ()
    leader = first_seat = _seat(first, "Play", number)
    if strain is None and words:
        raise NotationError(f"line {number}: a Play section needs the contract (a Contract tag or an auction).")
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
    text, number = _optional(game, "Result")
    if text is None:
        return None
    usage = "it is declarer's tricks, 0 to 13, or a side's, as 'NS 11' or 'NS 11 EW 2'"
    sides = _sides(text, "Result", number, usage)
    if sides is None:
        if not text.isdigit() or int(text) > 13:
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
    text, number = _optional(game, "Score")
    if text is None:
        return None
    usage = "write e.g. 'NS 420', 'EW -100' or 'NS 420 EW -420'"
    if re.match(r"^-?\d+$", text):
        value = int(text)
        return -value if declarer is not None and declarer % 2 else value
    sides = _sides(text, "Score", number, usage)
    if sides is None:
        raise NotationError(f"line {number}: cannot read the Score {text!r}: {usage}.")
    return sides["NS"] if "NS" in sides else -sides["EW"]
