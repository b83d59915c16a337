"""Reading PBN (Portable Bridge Notation 2.1): the games of a PBN text as PbnBoard
records.

    read_pbn(text)    -> a PbnBoard per game (NotationError names the line)

Reading takes tags and the Auction and Play sections; comments (``;`` to the end of the
line, ``{…}`` over lines), ``%`` lines, notes (``=1=``), NAGs (``$1``) and ``!``/``?``
after a call or card are skipped; a tag value ``#`` is the previous game's value; ``AP``
is all pass.  Dealer and Vulnerable, when absent, follow the board number (Law 2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .._errors import NotationError
from .notation import PASS, check_deal, parse_action, parse_card
from .records import SEATS, BridgeAction, CallKind, Strain, Vulnerability, dealer_of, vulnerability_of

__all__ = ["PbnBoard", "read_pbn"]

_VUL_READ = dict.fromkeys(("NONE", "LOVE", "-"), Vulnerability.NONE) | {"NS": Vulnerability.NS, "EW": Vulnerability.EW}
_VUL_READ |= dict.fromkeys(("ALL", "BOTH"), Vulnerability.BOTH)
_CONTRACT = re.compile(r"^([1-7])(C|D|H|S|NT|N)(XX|X)?$")
_STRAIN = {"C": Strain.CLUBS, "D": Strain.DIAMONDS, "H": Strain.HEARTS, "S": Strain.SPADES, "N": Strain.NOTRUMP}
_RANKS = "23456789TJQKA"
_WORD = re.compile(r"[^\s;{\[]+")
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')


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


@dataclass
class _Game:
    line: int
    tags: dict[str, tuple[str, int]]
    sections: dict[str, list[tuple[str, int]]]


def _tokens(text: str) -> list[list[tuple[str, str, int]]]:
    """The games of a PBN text, each a list of (kind, value, line) with kind "tag"
    (value "name\\0value") or "word"; comments, % lines and escapes dropped."""
    games: list[list[tuple[str, str, int]]] = [[]]
    in_comment = False
    for number, line in enumerate(text.splitlines(), 1):
        if in_comment:
            end = line.find("}")
            if end < 0:
                continue
            in_comment, line = False, line[end + 1 :]
        elif line.startswith("%"):
            continue
        elif not line.strip():
            if games[-1]:
                games.append([])
            continue
        i = 0
        while i < len(line):
            c = line[i]
            if c.isspace():
                i += 1
            elif c == ";":
                break
            elif c == "{":
                end = line.find("}", i)
                if end < 0:
                    in_comment = True
                    break
                i = end + 1
            elif c == "[":
                m = _TAG.match(line, i)
                if m is None:
                    raise NotationError(
                        f'line {number}: cannot read the tag {line[i:].strip()!r}: a tag is [Name "value"].'
                    )
                value = re.sub(r"\\(.)", r"\1", m.group(2))
                games[-1].append(("tag", f"{m.group(1)}\0{value}", number))
                i = m.end()
            else:
                m = _WORD.match(line, i)
                assert m is not None
                games[-1].append(("word", m.group(0), number))
                i = m.end()
    if in_comment:
        raise NotationError("The text ends inside a {comment}: a '}' is missing.")
    return [g for g in games if g]


def read_pbn(text: str) -> tuple[PbnBoard, ...]:
    """Read every game of a PBN text (NotationError names the line and what is wrong)."""
    boards = []
    previous: dict[str, tuple[str, int]] = {}
    for tokens in _tokens(text):
        game = _Game(tokens[0][2], {}, {})
        section: str | None = None
        for kind, value, number in tokens:
            if kind == "tag":
                name, _, tag_value = value.partition("\0")
                if tag_value == "#":
                    if name not in previous:
                        raise NotationError(f"line {number}: the {name} tag is '#' but no game before gives {name}.")
                    tag_value = previous[name][0]
                game.tags.setdefault(name, (tag_value, number))
                section = name if name in ("Auction", "Play") or name.endswith("Table") else None
                if section is not None:
                    game.sections[section] = []
            elif section is None:
                raise NotationError(f"line {number}: {value!r} is outside a tag and outside a section.")
            else:  # a supplemental section (ScoreTable, …) is kept and not read
                game.sections[section].append((value, number))
        boards.append(_board(game))
        previous = game.tags
    return tuple(boards)


def _seat(value: str, tag: str, number: int) -> int:
    if value.upper() not in SEATS:
        raise NotationError(f"line {number}: the {tag} tag is {value!r}; a seat is N, E, S or W.")
    return SEATS.index(value.upper())


def _optional(game: _Game, tag: str) -> tuple[str | None, int]:
    value, number = game.tags.get(tag, ("", game.line))
    return (None if value.strip() in ("", "?") else value.strip()), number


def _board(game: _Game) -> PbnBoard:
    board_text, number = _optional(game, "Board")
    board = None
    if board_text is not None:
        if not board_text.isdigit() or int(board_text) < 1:
            raise NotationError(f"line {number}: the Board tag is {board_text!r}; a board number is 1, 2, ….")
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
    result_text, number = _optional(game, "Result")
    result = None
    if result_text is not None:
        if not result_text.isdigit() or int(result_text) > 13:
            raise NotationError(f"line {number}: the Result tag is {result_text!r}; it is declarer's tricks, 0 to 13.")
        result = int(result_text)
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
        result=result,
        score=_score(game, declarer),
        players=tuple(game.tags.get(tag, ("", 0))[0] for tag in ("North", "East", "South", "West")),
        tags=tuple((name, value) for name, (value, _) in game.tags.items()),
        line=game.line,
    )


def _deal(game: _Game) -> tuple[tuple[str, ...], ...]:
    if "Deal" not in game.tags:
        raise NotationError(f"line {game.line}: the game has no Deal tag; a board needs its four hands.")
    text, number = game.tags["Deal"]
    first, colon, rest = text.strip().partition(":")
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


def _auction(game: _Game, dealer: int) -> tuple[BridgeAction, ...]:
    if "Auction" not in game.tags:
        return ()
    first, number = game.tags["Auction"]
    if _seat(first.strip(), "Auction", number) != dealer:
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


def _play(game: _Game, strain: Strain | None) -> tuple[str, ...]:
    if "Play" not in game.tags:
        return ()
    first, number = game.tags["Play"]
    leader = first_seat = _seat(first.strip(), "Play", number)
    if strain is None:
        raise NotationError(f"line {number}: a Play section needs the contract (a Contract tag or an auction).")
    trump = strain.suit
    words = [(w, line) for token, line in game.sections["Play"] if (w := _plain(token)) is not None]
    cut = next((i for i, (w, _) in enumerate(words) if w == "*"), len(words))
    words = words[:cut]
    if len(words) % 4:
        raise NotationError(
            f"line {words[-1][1]}: the Play section has {len(words)} cards; each trick is a line of four, "
            "'-' for a card not played."
        )
    play: list[str] = []
    for t in range(0, len(words), 4):
        row = [None if w == "-" else parse_card(w) for w, _ in words[t : t + 4]]
        line = words[t][1]
        order = [(leader + i) % 4 for i in range(4)]
        in_order = [row[(seat - first_seat) % 4] for seat in order]
        played = next((i for i, card in enumerate(in_order) if card is None), 4)
        if any(card is not None for card in in_order[played:]):
            raise NotationError(f"line {line}: a card after a '-' in the order of play of this trick.")
        if played < 4 and t + 4 < len(words):
            raise NotationError(f"line {line}: an unfinished trick ('-') before the last one.")
        trick = [(seat, card) for seat, card in zip(order[:played], in_order[:played]) if card is not None]
        play += [card for _, card in trick]
        if played == 4:
            led = trick[0][1][0]
            leader = max(trick, key=lambda p: (p[1][0] == trump, p[1][0] == led, _RANKS.index(p[1][1])))[0]
    return tuple(play)


def _score(game: _Game, declarer: int | None) -> int | None:
    text, number = _optional(game, "Score")
    if text is None:
        return None
    m = re.match(r"^(?:(NS|EW)\s+)?(-?\d+)$", text.upper())
    if m is None:
        raise NotationError(f"line {number}: cannot read the Score {text!r}: write e.g. 'NS 420' or 'EW -100'.")
    value = int(m.group(2))
    side = m.group(1) or ("EW" if declarer is not None and declarer % 2 else "NS")
    return value if side == "NS" else -value
