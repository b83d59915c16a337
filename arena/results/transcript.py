"""A match as a person reads it: per deal, a table of moves like the seed's, then the rest.

Generic over games: a move event gives its cells through `Event.columns()`; any other
event (a deal, a showdown, a forfeit) is printed as its text. Given the game, every move
its statistics count (`engine.counted_moments`: a bluff, a probably false declaration, a
weak bet…) is marked: in a table, a "counted as" column and, under the table, each mark
with the number behind it; after an event's text, the mark on a line of its own.
`transcript_legend` is what is printed before it: how the game's texts read;
`counted_summary` what is printed after it: each bot's marks counted, as the replay's
table beside the match; `annotated_transcript` the three together.
"""

from __future__ import annotations

import re
import textwrap
from collections import defaultdict
from collections.abc import Sequence

from tabulate import tabulate

import engine

__all__ = ["transcript", "annotated_transcript", "transcript_legend", "counted_summary", "ranks_named"]

#: A seat in an event's text, with the words in parentheses right after it, if any.
_SEAT = re.compile(r"\bseat (\d+)(?: \(([^()]*)\))?")


def transcript(history: Sequence[engine.Event], names: Sequence[str], game: engine.Game | None = None) -> str:
    """The match `history` with its seats' bot `names`; with its `game`, the moves its
    statistics count are marked."""
    marks: dict[int, list[engine.Moment]] = defaultdict(list)
    for moment in engine.counted_moments(game, history) if game is not None else ():
        marks[moment.event].append(moment)
    marked = bool(marks)
    out: list[str] = []
    rows: list[list[str]] = []
    notes: list[str] = []
    headers: list[str] = []

    def flush() -> None:
        if rows:
            out.append(tabulate(rows, headers=headers, tablefmt="github"))
            rows.clear()
        out.extend(notes)
        notes.clear()

    def player(seat: int) -> str:
        # A bot the match seats more than once (three bots at four seats) with its seat,
        # or its name alone would stand for two players.
        return names[seat] if names.count(names[seat]) == 1 else f"{names[seat]} (seat {seat})"

    def named(text: str) -> str:
        # "seat 1 (capotavola)" reads "h (seat 1, capotavola)": one pair of parentheses.
        def name(seat: re.Match[str]) -> str:
            number = int(seat[1])
            if number >= len(names):
                return seat[0]
            return f"{names[number]} (seat {number}{', ' + seat[2] if seat[2] else ''})"

        return _SEAT.sub(name, text)

    def note(moments: Sequence[engine.Moment]) -> str:
        # One line per move: its seat's bot, then each thing it counts as with its number.
        return f"{player(moments[0].seat)}: {named(' · '.join(moment.text for moment in moments))}"

    for index, event in enumerate(history):
        cells = event.columns()
        seat = getattr(event, "seat", None)
        if cells is not None and seat is not None:
            headers = ["turn", "player", *(title for title, _ in cells)]
            # A cell may name a seat ("interrupted by seat 0"), named as the text is.
            row = [str(len(rows) + 1), player(seat), *(named(value) for _, value in cells)]
            if marked:
                headers.append("counted as")
                row.append(", ".join(str(moment.label) for moment in marks[index]) or "-")
                if marks[index]:
                    notes.append(f"  turn {row[0]}, {note(marks[index])}")
            rows.append(row)
            continue
        flush()
        out.append(named(event.text))
        if marks[index]:
            out.append(f"  ↳ {note(marks[index])}")
    flush()
    return "\n".join(out)


def ranks_named(spec: engine.GameSpec) -> str:
    """The rank letters the game's legend names: "A asso (ace), F fante (jack), …"."""
    return ", ".join(f"{rank.letter} {rank.name}" for rank in spec.ranks)


def transcript_legend(spec: engine.GameSpec) -> list[str]:
    """The lines that say how a transcript of the game reads, printed before its moves
    as the report's replay prints its legend: the notation, wrapped, and the cards'
    suit letters (with the rank letters a reader may not know); none for a game whose
    texts read as they are."""
    lines = []
    if spec.notation:
        lines.append(textwrap.fill(f"notation: {spec.notation}", width=100, subsequent_indent="  "))
    if spec.suits:
        suits = ", ".join(f"{face.symbol} {face.letter} {face.name}" for face in spec.suits)
        ranks = f"; ranks: {ranks_named(spec)}" if spec.ranks else ""
        lines.append(textwrap.fill(f"cards: suits {suits}{ranks}.", width=100, subsequent_indent="  "))
    return lines


def counted_summary(history: Sequence[engine.Event], names: Sequence[str], game: engine.Game) -> str:
    """Per seat, its bot and how many moves of each kind the game's statistics count it
    made in the match `history` (the kinds in the order they first came); "" for a match
    with no such move."""
    labels: list[str] = []
    counts: list[dict[str, int]] = [{} for _ in names]
    for moment in engine.counted_moments(game, history):
        label = str(moment.label)
        if label not in labels:
            labels.append(label)
        counts[moment.seat][label] = counts[moment.seat].get(label, 0) + 1
    if not labels:
        return ""
    rows = [
        [f"{name} (seat {seat})", *(counts[seat].get(label, 0) for label in labels)] for seat, name in enumerate(names)
    ]
    return "counted moves in this match:\n" + tabulate(rows, headers=["bot", *labels], tablefmt="simple")


def annotated_transcript(history: Sequence[engine.Event], names: Sequence[str], game: engine.Game) -> str:
    """A match as `arena show` and `arena play` print it, as the report's replay shows it:
    the legend before the moves, the moves, and each bot's counted moves after them."""
    summary = counted_summary(history, names, game)
    parts = [*transcript_legend(game.spec), transcript(history, names, game)]
    return "\n".join(parts + ([f"\n{summary}"] if summary else []))
