"""What a human seat knows and is asked, kept as the referee tells it, and drawn by every
front alike (`Picture`: the terminal, plain lines, the browser).

The board is written from the records the referee gives the seat (arena/human/seat.py):
the match's start (names, seat), each request (the view, its deal's events, the news of
earlier deals, the legal actions, the turn, the standing) and the end.  It never sees
the engine's state, so a front cannot show what the seat may not know.  Each change makes
a new frozen `Picture`, which a front in another thread reads whole.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from dataclasses import dataclass

import engine
from arena.play import RecordEnd, RecordRequest
from arena.v1 import arena_pb2 as pb

__all__ = ["SeatBoard", "Picture", "CardRow", "card_face", "plain"]

#: The view's fields that hold cards, drawn as cards, with their labels.
_CARD_FIELDS = {"hand": "your hand", "cards": "your cards", "dummy": "dummy", "drawn": "drawn", "flipped": "centre"}
#: The view's fields the picture's title already says, or no human needs to read.
_UNSHOWN = {"seat", "players", "deal_events", "to_act", "hand_number", "board", "giocata", "deal", "hand"}
_UNSHOWN_SUFFIX = ("_in_match", "_option", "_rule")


@dataclass(frozen=True, slots=True)
class CardRow:
    """A row of cards: a label and the cards in the game's notation."""

    label: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Picture:
    """The seat at one moment, everything a front draws."""

    version: int
    title: str
    seats: str
    cards: tuple[CardRow, ...]
    facts: tuple[str, ...]
    history: tuple[str, ...]
    #: What is asked ("your turn", an out-of-turn chance), "" when nothing is.
    prompt: str
    actions: tuple[str, ...]
    #: A one-line reason (a choice refused), or what the seat waits for.
    message: str
    #: What happened since the human last acted in a deal now over: its showdown, its score.
    outcome: tuple[str, ...]
    #: The match's result, once it is over.
    result: tuple[str, ...]
    finished: bool


def plain(value: object) -> str:
    """A view's value as a human reads it: records by their notation, enums by name."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return str(value.value) if isinstance(value.value, str) else value.name.lower().replace("_", " ")
    text = getattr(value, "text", None)
    if isinstance(text, str):  # a record with its notation: actions, events, conto's portate
        return text
    if isinstance(value, tuple | list):
        return " ".join(plain(item) for item in value) if value else "-"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = [f.name for f in dataclasses.fields(value)]
        parts = " ".join(plain(getattr(value, name)) for name in fields if name != "seat")
        return f"seat {value.seat}: {parts}" if "seat" in fields else f"({parts})"  # type: ignore[attr-defined]
    return str(value)


def card_face(card: str, spec: engine.GameSpec) -> tuple[str, engine.SuitFace | None]:
    """A card's rank and its suit's face (None for a card of no declared suit: conto's)."""
    faces = {face.letter: face for face in spec.suits}
    if len(card) > 1:
        letter, rank = (card[0], card[1:]) if spec.suit_first else (card[-1], card[:-1])
        if letter in faces:
            return rank, faces[letter]
    return card, None


def _normal(text: str) -> str:
    return " ".join(text.replace("->", "→").lower().split())


class SeatBoard:
    """One match of one human seat, as the referee has told it so far."""

    def __init__(self, game: engine.Game, start: pb.MatchStart) -> None:
        self.game = game
        self.seat = start.seat
        self.names = tuple(start.names)
        self._done: list[str] = []  # the lines of earlier deals, and of this deal up to the view
        self._current: list[str] = []  # this deal's lines, as the last view gave them
        self._deal = 0
        self.request: RecordRequest | None = None
        self._message = "waiting for the match to start"
        self._outcome: tuple[str, ...] = ()
        self._result: tuple[str, ...] = ()
        self._title = f"{game.spec.title} · you are {self._who(self.seat)}"
        self._seats = ""
        self._cards: tuple[CardRow, ...] = ()
        self._facts: tuple[str, ...] = ()
        self._prompt = ""
        self._asked = 0  # decisions asked so far: the prompt numbers them, so a new one shows
        self._version = 0
        self.picture = self._draw()

    # --- what the referee says -----------------------------------------------------------
    def ask(self, request: RecordRequest) -> None:
        """A decision is asked: the view, its deal's events, the news, the legal actions."""
        if request.deal != self._deal:  # a new deal: the one before is over
            self._done += self._current
            self._current = []
            news = self._lines(request.events)
            self._done += news
            if self._deal:
                self._outcome = (f"{self.game.spec.deal_word} {self._deal} is over; since your last move:", *news[-6:])
            self._deal = request.deal
        elif request.events:
            self._done += self._lines(request.events)
        self._current = self._lines(getattr(request.view, "deal_events", ()))  # every game's view has them
        self.request = request
        self._describe(request)
        turn = request.turn
        self._message = ""
        self._asked += 1
        self._prompt = f"{self._prompt_for(turn)} · your move {self._asked}"
        self.picture = self._draw()

    def answered(self, index: int) -> None:
        self.request = None
        self._message = "waiting for the others"
        self.picture = self._draw()

    def notice(self, events: Sequence[engine.Event]) -> None:
        """News of earlier deals, sent at the end."""
        self._done += self._current
        self._current = []
        news = self._lines(events)
        self._done += news
        if news:
            self._outcome = (f"deal {self._deal} is over; since your last move:", *news[-6:])
        self.picture = self._draw()

    def end(self, ending: RecordEnd) -> None:
        result = ending.end.result
        rows = []
        for seat, name in enumerate(self.names):
            score = plain(result.scores[seat]) if seat < len(result.scores) else "-"
            rank = result.ranks[seat] + 1 if seat < len(result.ranks) else "-"
            standing = f", standing {plain(result.standing[seat])}" if seat < len(result.standing) else ""
            you = " (you)" if seat == self.seat else ""
            rows.append(f"rank {rank}: {name}{you}, score {score}{standing}")
        self._result = ("The match is over.", *sorted(rows))
        for fault in ending.end.faults:
            self._result += (f"fault: seat {fault.seat} ({fault.bot}) in deal {fault.deal}",)
        self.request = None
        self._message = "the match is over: press any key to leave"
        self.picture = self._draw()

    def timed_out(self) -> None:
        self.request = None
        self._message = "your time ran out: you forfeit the deal"
        self.picture = self._draw()

    def stopped(self) -> None:
        self.request = None
        self._message = "the referee stopped this seat"
        self.picture = self._draw()

    def refuse(self, reason: str) -> None:
        """A choice that is not one: the reason, on one line."""
        self._message = reason
        self.picture = self._draw()

    # --- the human's answer ----------------------------------------------------------------
    def read(self, text: str) -> int | str:
        """The index of the action `text` names (its number, from 1, or its notation), or
        the one-line reason it names none."""
        request = self.request
        if request is None:
            return "nothing is asked of you now"
        actions = request.legal_actions
        typed = text.strip()
        if not typed:
            return f"type a number from 1 to {len(actions)}, or an action as listed"
        if typed.isascii() and typed.isdigit():  # isdigit() alone passes '²', which int() refuses
            number = int(typed)
            if 1 <= number <= len(actions):
                return number - 1
            return f"{number} is not an action's number: they run from 1 to {len(actions)}"
        wanted = _normal(typed)
        for index, action in enumerate(actions):
            if _normal(action.text) == wanted:
                return index
        starting = [i for i, action in enumerate(actions) if _normal(action.text).startswith(wanted)]
        if len(starting) == 1:
            return starting[0]
        if starting:
            return (
                f"{typed!r} begins {len(starting)} actions ({', '.join(str(i + 1) for i in starting[:8])}…): type more"
            )
        return f"{typed!r} is not a legal action now: type its number (1 to {len(actions)}) or its text as listed"

    # --- the drawing ------------------------------------------------------------------------
    def _who(self, seat: int) -> str:
        name = self.names[seat] if seat < len(self.names) else "?"
        return f"seat {seat} ({name})"

    def _lines(self, events: Sequence[engine.Event]) -> list[str]:
        lines: list[str] = []
        for event in events:
            if event.starts_deal and (self._done or lines):
                lines.append("─" * 20)
            lines.append(event.text)
        return lines

    def _describe(self, request: RecordRequest) -> None:
        view = request.view
        word = self.game.spec.deal_word
        self._title = (
            f"{self.game.spec.title} · {word} {request.deal} of {request.deals} · you are {self._who(self.seat)}"
        )
        standing = request.standing if any(request.standing) else request.scores
        self._seats = "standing: " + " · ".join(
            f"{'▶' if s == request.turn.seat else ''}{name}{' (you)' if s == self.seat else ''} {plain(standing[s])}"
            for s, name in enumerate(self.names)
            if s < len(standing)
        )
        rows, facts = [], []
        for field in dataclasses.fields(view):  # type: ignore[arg-type]  # every game's view is a dataclass
            name = field.name
            value = getattr(view, name)
            if name in _CARD_FIELDS and isinstance(value, tuple):
                rows.append(CardRow(_CARD_FIELDS[name], value))
            elif name not in _UNSHOWN and not name.endswith(_UNSHOWN_SUFFIX):
                facts.append(f"{name.replace('_', ' ')}: {plain(value)}")
        self._cards = tuple(rows)
        self._facts = tuple(facts)

    def _prompt_for(self, turn: engine.Turn) -> str:
        if turn.kind is engine.DecisionKind.INTERRUPT:
            return f"OUT OF TURN: you may act after {self._who(turn.responding_to or 0)}'s move (or pass)"
        if turn.kind is engine.DecisionKind.RESPONSE:
            return f"ANSWER {self._who(turn.responding_to or 0)}'s move"
        if turn.acting_seat != turn.seat:
            return f"YOUR TURN: play for {self._who(turn.acting_seat)}, the dummy"
        return "YOUR TURN"

    def _draw(self) -> Picture:
        self._version += 1
        request = self.request
        return Picture(
            version=self._version,
            title=self._title,
            seats=self._seats,
            cards=self._cards,
            facts=self._facts,
            history=tuple(self._done + self._current),
            prompt=self._prompt if request is not None else "",
            actions=tuple(a.text for a in request.legal_actions) if request is not None else (),
            message=self._message,
            outcome=self._outcome,
            result=self._result,
            finished=bool(self._result),
        )
