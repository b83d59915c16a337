"""A stdio bot's seat (`StdioSeat`, a SeatClient): the bot's command run once per match
and seat, in the sandbox and limits a gRPC bot gets (`arena.process.open_bot_process`),
its `StdioStream` (arena/play/stdio_bot.py) running while the match does; the process is
gone when the match is over.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path

import trio

from arena.errors import BotFault, BotStartError
from arena.play.stdio_bot import StdioStream
from arena.process import BotCommand, open_bot_process
from arena.records import BotEntry, FaultKind
from arena.v1 import arena_pb2 as pb

__all__ = ["StdioSeat"]


class StdioSeat:
    """A SeatClient for a stdio bot: one process per match (arena/play/stdio_bot.py)."""

    def __init__(self, entry: BotEntry, log_dir: Path) -> None:
        self.name = entry.name
        self.entry = entry
        self.log_dir = Path(log_dir)
        #: Pids of the processes started so far, newest last (for tests and diagnostics).
        self.pids: list[int] = []

    def _command(self) -> BotCommand:
        entry = self.entry
        if not entry.command:
            raise BotFault(FaultKind.START, f"the stdio bot {entry.name!r} has no command")
        return BotCommand.for_entry(entry)  # sandboxed, limited as a whole, as a gRPC bot is

    @asynccontextmanager
    async def open_play(self, start: pb.MatchStart) -> AsyncIterator[StdioStream]:
        """Start the bot, send it `start`, yield the stream; the bot is gone afterwards."""
        command = self._command()
        async with AsyncExitStack() as stack:
            try:
                process = await stack.enter_async_context(open_bot_process(command, self.log_dir, stdio=True))
            except BotStartError as error:
                raise BotFault(FaultKind.START, str(error)) from None
            self.pids.append(process.pid)
            stream = StdioStream(self.name, process)
            # The body's exception is kept out of the nursery (which would wrap it in
            # an ExceptionGroup) and re-raised unchanged once the bot is done.
            body_exc: BaseException | None = None
            async with trio.open_nursery() as nursery:
                stream.start(nursery)
                stream.send(pb.RefereeMessage(match_start=start))
                try:
                    yield stream
                except BaseException as exc:
                    body_exc = exc
                finally:
                    with trio.CancelScope(shield=True):
                        await stream.finish()
                    nursery.cancel_scope.cancel()
            if body_exc is not None:
                try:
                    raise body_exc
                finally:
                    del body_exc
