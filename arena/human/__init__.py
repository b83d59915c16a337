"""A human at the table (issue 41): a seat like any bot's, through the same referee path.

    HumanSeat(name, game, front)        a SeatClient (arena/play/referee.py) for a person
    open_front(game, web=False)         where they play: the terminal, plain lines, the browser

`seat` is the seat and its stream (the engine's records, as the referee gives a bot its
view); `board` what the seat knows and is asked, as a frozen `Picture` every front draws;
`terminal` the full-screen terminal (prompt_toolkit), `lines` plain lines without a
terminal, `web` the browser (a trio HTTP server on 127.0.0.1 with a token).
"""

from __future__ import annotations

import sys

import engine
from arena.human.board import Picture, SeatBoard
from arena.human.lines import LineFront
from arena.human.seat import NO_CLOCK, Front, HumanSeat, HumanStream

__all__ = ["HumanSeat", "HumanStream", "Front", "NO_CLOCK", "SeatBoard", "Picture", "LineFront", "open_front"]


def open_front(game: engine.Game, *, web: bool = False) -> Front:
    """The front a human plays on: the browser when `web`, the full-screen terminal when
    standard input and output are a terminal, plain lines otherwise.  Started: the caller
    closes it (`close`) whatever happens."""
    if web:
        from arena.human.web import WebFront

        front: Front = WebFront(game)
    elif sys.stdin.isatty() and sys.stdout.isatty():
        from arena.human.terminal import TerminalFront  # prompt_toolkit, only when drawn

        front = TerminalFront(game)
    else:
        front = LineFront()
    front.start()
    return front
