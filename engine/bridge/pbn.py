"""PBN (Portable Bridge Notation 2.1): a played board written as a PBN game, and PBN
games read back into boards that the engine can replay.

    board_to_pbn(events, names, event=..., site=..., date=...)   one board's events -> a game
    match_to_pbn(history, names, ...)    every board of a match, games apart by a blank line
    read_pbn(text)                       PBN text -> a PbnBoard per game (NotationError names the line)
    replay_pbn(board)                    the board played through the engine, checked against its tags

A game is written in the export layout: the mandatory tags in their order (Event, Site,
Date, Board, West, North, East, South, Dealer, Vulnerable, Deal, Scoring, Declarer,
Contract, Result), the Auction section (calls from the dealer, four a line), the Play
section (one trick a line, the cards by seat from the opening leader's seat, not in the
order played), then Score ("NS 420", North-South's score).  A passed-out board has
Contract "Pass", an empty Declarer and Result, and no Play section.  A board that ended
on a fault stops where the fault came: its auction or play ends with ``*``, an unplayed
card of the last trick is ``-``, unknown tags are ``?`` and a comment names the fault.

Reading takes tags and the Auction and Play sections; comments (``;`` to the end of the
line, ``{…}`` over lines), ``%`` lines, notes (``=1=``), NAGs (``$1``) and ``!``/``?``
after a call or card are skipped; a tag value ``#`` is the previous game's value; ``AP``
is all pass.  Dealer and Vulnerable, when absent, follow the board number (Law 2).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .._core import Event
from .._errors import IllegalAction, NotationError
from .notation import PASS, check_deal, hand_to_pbn, parse_action, parse_card
from .records import (
    SEATS,
    AuctionEnded,
    BoardDealt,
    BoardScored,
    BridgeAction,
    Called,
    CallKind,
    CardPlayed,
    Forfeited,
    Strain,
    Vulnerability,
    dealer_of,
    vulnerability_of,
)
from .rules import BridgeGame, BridgeState

__all__ = ["PbnBoard", "PBN_HEADER", "board_to_pbn", "match_to_pbn", "read_pbn", "replay_pbn"]

#: The lines a PBN file in the export layout starts with.
PBN_HEADER = "% PBN 2.1\n% EXPORT\n"

_VUL_TAG = {Vulnerability.NONE: "None", Vulnerability.NS: "NS", Vulnerability.EW: "EW", Vulnerability.BOTH: "All"}
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


# --- export ---------------------------------------------------------------------------


def _quote(value: object) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"')


def _comment(text: str) -> str:
    return "{" + text.replace("{", "(").replace("}", ")") + "}"


def _call_text(call: BridgeAction) -> str:
    return "Pass" if call.kind is CallKind.PASS else call.text


def board_to_pbn(
    events: Sequence[Event],
    names: Sequence[str],
    *,
    event: str = "",
    site: str = "",
    date: str = "",
    comments: Sequence[str] = (),
) -> str:
    """One board's events (from its BoardDealt to its BoardScored or Forfeited) as a PBN
    game, lines ending in a newline.  `names` are the bots of seats 0-3 (N, E, S, W);
    `date` is written as given (PBN's form is ``2024.05.17``); `comments` go first."""
    dealt = next((e for e in events if isinstance(e, BoardDealt)), None)
    if dealt is None:
        raise ValueError("A board's events start with its BoardDealt; none was given.")
    hands = {h.seat: h.cards for h in dealt.hands}
    calls = [e for e in events if isinstance(e, Called)]
    ended = next((e for e in events if isinstance(e, AuctionEnded)), None)
    cards = [e for e in events if isinstance(e, CardPlayed)]
    scored = next((e for e in events if isinstance(e, BoardScored)), None)
    forfeit = next((e for e in events if isinstance(e, Forfeited)), None)
    contract = ended.contract if ended is not None else None
    if ended is None:
        declarer, contract_text, result = "?", "?", "?"
    elif contract is None:
        declarer, contract_text, result = "", "Pass", ""
    else:
        declarer = SEATS[contract.declarer]
        contract_text = f"{contract.level}{contract.strain.letter}" + "X" * (contract.doubling.value - 1)
        result = str(scored.declarer_tricks) if scored is not None else "?"
    tags: list[tuple[str, object]] = [("Event", event), ("Site", site), ("Date", date), ("Board", dealt.board)]
    tags += [(tag, names[seat]) for tag, seat in (("West", 3), ("North", 0), ("East", 1), ("South", 2))]
    tags += [("Dealer", SEATS[dealt.dealer]), ("Vulnerable", _VUL_TAG[dealt.vulnerability])]
    tags += [("Deal", "N:" + " ".join(hand_to_pbn(hands[seat]) for seat in range(4))), ("Scoring", "IMP")]
    tags += [("Declarer", declarer), ("Contract", contract_text), ("Result", result)]
    lines = [_comment(c) for c in comments]
    lines += [f'[{name} "{_quote(value)}"]' for name, value in tags]
    lines.append(f'[Auction "{SEATS[dealt.dealer]}"]')
    words = [_call_text(c.call) for c in calls] + ([] if ended is not None else ["*"])
    lines += [" ".join(words[i : i + 4]) for i in range(0, len(words), 4)]
    if contract is not None and cards:
        lines += _play_section(cards, (contract.declarer + 1) % 4, complete=scored is not None)
    if forfeit is not None:
        lines.append(_comment(forfeit.text))
    if scored is not None:
        lines.append(f'[Score "NS {scored.score}"]')
    return "\n".join(lines) + "\n"


def _play_section(cards: Sequence[CardPlayed], leader: int, *, complete: bool) -> list[str]:
    """The Play section: a line per trick, the cards in seat order from `leader`."""
    lines = [f'[Play "{SEATS[leader]}"]']
    for trick in range(1, cards[-1].trick + 1):
        row = ["-"] * 4
        for played in cards:
            if played.trick == trick:
                row[(played.seat - leader) % 4] = played.card
        lines.append(" ".join(row))
    if not complete:
        lines.append("*")
    return lines


def match_to_pbn(history: Sequence[Event], names: Sequence[str], **tags: Any) -> str:
    """Every board of a match's history as PBN games, a blank line after each; `tags`
    (event, site, date, comments) as board_to_pbn takes them."""
    boards: list[list[Event]] = []
    for e in history:
        if isinstance(e, BoardDealt):
            boards.append([])
        if boards:
            boards[-1].append(e)
    return "".join(board_to_pbn(board, names, **tags) + "\n" for board in boards)


# --- import ---------------------------------------------------------------------------


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


# --- replay ---------------------------------------------------------------------------


def _start(board: PbnBoard) -> BridgeState:
    """A match whose current board has `board`'s cards, dealer and vulnerability.

    `new_match` numbers the first board 1, dealt by North at love all; a board with
    another dealer or vulnerability is played as the board of Law 2's 16-board cycle that
    has them, the boards before it forfeited unplayed (0 points each)."""
    game = BridgeGame()
    k = next(n for n in range(1, 17) if dealer_of(n) == board.dealer and vulnerability_of(n) is board.vulnerability)
    if k == 1:
        return game.new_match(hands=[hand_to_pbn(h) for h in board.hands], deals=1)
    state = BridgeState(game, 0, k, [board.hands] * k)
    for _ in range(k - 1):
        state.forfeit(0, "a board before the replayed one, not played")
    return state


def replay_pbn(board: PbnBoard) -> BridgeState:
    """Play `board`'s calls and cards through the engine and check its Contract,
    Declarer, Result and Score tags against the engine's (a NotationError, naming the
    game's line, for an illegal call or card or a disagreement).  The state is left
    after the last card given: mid-play if the PBN stops early."""
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
