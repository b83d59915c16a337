"""The human's seat without a terminal: plain lines out, one answer a line in.

Used when standard input or output is not a terminal (a pipe, a script, a CI job): each
new line of the deal is printed once, each decision prints the cards, the facts and the
numbered actions and reads one line (a number or an action's text; a wrong one prints
its reason and is asked again), and the end prints the result and returns at once.
End of input forfeits: the seat is stopped as a bot that hangs up is.
"""

from __future__ import annotations

import sys
from typing import TextIO

import trio

from arena.errors import BotFault
from arena.human.board import Picture, SeatBoard
from arena.records import FaultKind

__all__ = ["LineFront", "picture_lines"]


def picture_lines(picture: Picture) -> list[str]:
    """The decision as plain text: title, standing, cards, facts, prompt and actions."""
    lines = [picture.title, picture.seats]
    lines += [f"{row.label}: {' '.join(row.cards) or '-'}" for row in picture.cards]
    lines += picture.facts
    lines.append(picture.prompt)
    lines += [f"{number:>3}  {text}" for number, text in enumerate(picture.actions, 1)]
    return lines


class LineFront:
    """A `Front` on plain text streams."""

    def __init__(self, out: TextIO | None = None, source: TextIO | None = None) -> None:
        self.out = out or sys.stdout
        self.source = source or sys.stdin
        self._printed = 0  # history lines printed
        self._outcome: tuple[str, ...] = ()
        self._ended = False

    def start(self) -> None:
        pass

    async def farewell(self) -> None:
        pass  # no terminal: nothing stays on screen, the program ends at once

    def close(self) -> None:
        self.out.flush()

    def _print(self, line: str) -> None:
        self.out.write(line + "\n")

    def show(self, board: SeatBoard) -> None:
        picture = board.picture
        for line in picture.history[self._printed :]:
            self._print(f"  {line}")
        self._printed = len(picture.history)
        if picture.outcome != self._outcome:
            self._outcome = picture.outcome
            for line in picture.outcome[:1]:
                self._print(f"** {line}")
        if picture.finished and not self._ended:
            self._ended = True
            for line in picture.result:
                self._print(line)
        self.out.flush()

    async def choose(self, board: SeatBoard) -> int:
        for line in picture_lines(board.picture):
            self._print(line)
        while True:
            self.out.write("> ")
            self.out.flush()
            text = await trio.to_thread.run_sync(self.source.readline, abandon_on_cancel=True)
            if not text:
                raise BotFault(FaultKind.CRASH, "the human's input ended")
            choice = board.read(text)
            if isinstance(choice, int):
                return choice
            board.refuse(choice)
            self._print(f"! {choice}")
