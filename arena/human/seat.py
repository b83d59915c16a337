"""A human at the table: a seat like any bot's, through the same referee path.

`HumanSeat` is a `SeatClient` (arena/play/referee.py) whose stream asks for the engine's
records themselves (`RecordRequests`, arena/play/_formats.py): the referee gives it
exactly what it gives a bot, `state.view(seat)` with the deal's events as the seat may
see them, the legal actions and the turn, and nothing else, so the information-hiding
holds as for a bot.  What the human sees and how they answer is a *front*'s
(`Front`: the terminal, plain lines without a terminal, the browser); the seat keeps the
book (`SeatBoard`, arena/human/board.py) that every front draws from.

A human has no clock by default: their seat's time control is `NO_CLOCK`, a day per
decision, the longest a time control may give (`--tc` applies to them when given).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Protocol

import trio

import engine
from arena.clock import MAX_SECONDS, TimeControl
from arena.errors import BotFault
from arena.human.board import SeatBoard
from arena.play import RecordEnd, RecordNotice, RecordRequest, RecordRequests
from arena.records import FaultKind
from arena.v1 import arena_pb2 as pb

__all__ = ["Front", "HumanSeat", "HumanStream", "NO_CLOCK"]

#: The human's time control unless `--tc` is given: a day per decision.
NO_CLOCK = TimeControl.per_move(MAX_SECONDS)


class Front(Protocol):
    """Where the human sees their seat and answers: it draws `board` whenever told.
    `start` before the match, `farewell` after it (the result stays until the human
    leaves), `close` in the end whatever happened."""

    def start(self) -> None: ...

    async def farewell(self) -> None: ...

    def close(self) -> None: ...

    def show(self, board: SeatBoard) -> None:
        """The board changed: draw it (from the referee's thread; must not block)."""
        ...

    async def choose(self, board: SeatBoard) -> int:
        """The human's choice among `board.actions` (their index), as `board.read` accepts it."""
        ...


class HumanSeat:
    """A `SeatClient` for a human: one board per match, drawn by `front`."""

    def __init__(self, name: str, game: engine.Game, front: Front) -> None:
        self.name = name
        self.game = game
        self.front = front
        self.board: SeatBoard | None = None
        self._table: trio.Lock | None = None  # made in the run's trio loop, at the first table

    @asynccontextmanager
    async def open_play(self, start: pb.MatchStart) -> AsyncIterator[HumanStream]:
        """One match; a person plays one table at a time, so the seat of a match waits here
        (and its match with it) while they play another; the run plays the others meanwhile."""
        if self._table is None:
            self._table = trio.Lock()
        async with self._table:
            self.board = SeatBoard(self.game, start)
            self.front.show(self.board)
            yield HumanStream(self.board, self.front)


class HumanStream:
    """One match's conversation with the human (a `SeatStream`)."""

    cpu_meter = None  # a human runs no process of the arena's
    request_format = RecordRequests

    def __init__(self, board: SeatBoard, front: Front) -> None:
        self.board = board
        self.front = front

    def send(self, message: object) -> None:
        if isinstance(message, RecordNotice):
            self.board.notice(message.events)
        elif isinstance(message, RecordEnd):
            self.board.end(message)
        self.front.show(self.board)

    async def decide(self, request: RecordRequest, decision_id: int, time_limit: float) -> pb.Decision:
        self.board.ask(request)  # `choose` draws it, once ready for the answer
        with trio.move_on_after(time_limit):
            index = await self.front.choose(self.board)
            self.board.answered(index)
            self.front.show(self.board)
            return pb.Decision(decision_id=decision_id, action_index=index)
        self.board.timed_out()
        self.front.show(self.board)
        raise BotFault(FaultKind.TIMEOUT, f"no choice within {time_limit:g} s")

    def cancel(self) -> None:
        self.board.stopped()
        self.front.show(self.board)
