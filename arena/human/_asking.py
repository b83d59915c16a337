"""The one decision a human front waits on, shared by the terminal and the page: the
referee's trio side awaits it (`wait`), the front's own thread answers it with the text
the human typed or clicked (`answer`), which the seat's board reads."""

from __future__ import annotations

from collections.abc import Callable

import trio

from arena.human.board import SeatBoard

__all__ = ["Asking"]


class Asking:
    """At most one decision asked at a time, answered from any thread."""

    def __init__(self) -> None:
        self._waiting: tuple[SeatBoard, trio.lowlevel.TrioToken, trio.MemorySendChannel[int]] | None = None

    async def wait(self, board: SeatBoard, show: Callable[[SeatBoard], None]) -> int:
        """Ask `board`'s decision (drawn by `show`) and wait for the human's choice."""
        send, receive = trio.open_memory_channel[int](1)
        self._waiting = (board, trio.lowlevel.current_trio_token(), send)
        show(board)
        try:
            return await receive.receive()
        finally:
            self._waiting = None

    def answer(self, text: str) -> tuple[SeatBoard | None, str | None]:
        """The board asked (None when nothing is) and why `text` is no choice (None when it
        was taken: the waiting side gets it)."""
        waiting = self._waiting
        if waiting is None:
            return None, None
        board, token, send = waiting
        choice = board.read(text)
        if isinstance(choice, int):
            self._waiting = None
            token.run_sync_soon(send.send_nowait, choice)
            return board, None
        return board, choice
