"""In-process bots: an SDK `Bot` class played inside the referee's own process.

A tournament file's ``[[bot]] module = "package.module:Class"`` (``--bot
NAME=module:package.module:Class`` on the command line) names the class; `args` become
its parameters (``self.params``), as `sdk.run` reads them from a bot's command line.  No
process is started and no protocol spoken: each match seat gets a fresh instance, driven
by the SDK's own `MatchSession`, so the class plays exactly as it does behind `sdk.run`.
Its requests read as the very DecisionRequests a gRPC bot gets (the referee's bytes,
parsed), made only when the bot reads more of one than its number of legal actions
(`sdk.LazyDecisionRequest`, written by arena/play/_lazy.py's `LazyRequests`).

This is for trusted code only: the bot shares the arena's process, memory and files, and
every table and report says so ("in-process (trusted, not sandboxed)").  Its time is
measured against its clock, but it cannot be interrupted: a decision that takes too long
is a `timeout` fault once it returns (its answer dropped), and a bot that never returns
hangs the run.  What it does wrong becomes a named fault, as a process bot's does:

- CRASH: `act` (or the `on_event` it triggers) raised, SystemExit included; the reason
  names the exception.
- MALFORMED: `act` returned something that is not an integer, or left a `comment` that
  is not text.
- ILLEGAL: an index out of range (a negative one here; the referee checks the rest).
- TIMEOUT: `act` took longer than the decision's time limit.
- START: the class cannot be loaded, does not play the game, or making its instance
  or `on_match_start` raised.

An exception of `on_match_end`, or of `on_event` for the news at the end, is logged: the
match is over, and nothing is charged.
"""

from __future__ import annotations

import logging
import operator
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, NamedTuple

from arena import sdk
from arena.errors import BotFault
from arena.play._lazy import LastMessage, LazyRequests
from arena.records import BotEntry, FaultKind
from arena.v1 import arena_pb2 as pb

#: LazyRequests: the request format of its seats (arena/play/_lazy.py).
__all__ = ["InProcessSeat", "InProcessStream", "InProcessAnswer", "LazyRequests", "in_process_hello", "BOT_ERRORS"]

log = logging.getLogger("arena.inprocess")

#: What the bot's own code may raise that is its fault, not the arena's: any error, and
#: SystemExit (a bot calling sys.exit, as a script would), which would end the run.
#: KeyboardInterrupt is the user's, and stops the run as ever.
BOT_ERRORS = (Exception, SystemExit)


def _bot_class(entry: BotEntry) -> type[sdk.Bot]:
    """The entry's class (its `command` holds the class's name, then its parameters)."""
    try:
        return sdk.load_bot_class(entry.command[0])
    except sdk.BotClassError as error:
        raise BotFault(FaultKind.START, str(error)) from None


def _params(entry: BotEntry) -> dict[str, Any]:
    try:
        return sdk.parse_params(entry.command[1:])
    except SystemExit as error:  # parse_params speaks to a bot's command line
        raise BotFault(FaultKind.START, str(error)) from None


def in_process_hello(entry: BotEntry, game: str | None) -> pb.HelloReply:
    """The Hello the class would answer over gRPC; BotFault(START) if it cannot be loaded
    or does not play `game`."""
    cls = _bot_class(entry)
    if game is not None and game not in cls.games:
        plays = ", ".join(cls.games) or "nothing"
        raise BotFault(FaultKind.START, f"the bot says it plays {plays}, not {game}")
    return sdk.hello_reply(cls, _params(entry))


class InProcessAnswer(NamedTuple):
    """An in-process bot's decision as the referee reads it (arena.play._seat.Answer):
    what a pb.Decision would carry to it, without making one."""

    action_index: int
    comment: str


class InProcessSeat:
    """A seat client (arena.play.referee.SeatClient) for an in-process bot: a fresh
    instance of its class per match."""

    def __init__(self, entry: BotEntry) -> None:
        self.name = entry.name
        self._entry = entry

    @asynccontextmanager
    async def open_play(self, start: pb.MatchStart) -> AsyncIterator[InProcessStream]:
        cls, params = _bot_class(self._entry), _params(self._entry)
        try:
            bot = cls(params)
        except BOT_ERRORS as error:
            raise BotFault(FaultKind.START, _raised(f"{cls.__name__}(params)", error)) from None
        session = sdk.MatchSession(bot)
        try:
            session.start(start)
        except BOT_ERRORS as error:
            raise BotFault(FaultKind.START, _raised("on_match_start", error)) from None
        yield InProcessStream(self.name, session)


class InProcessStream:
    """One match's conversation with an in-process bot (arena.play._seat.SeatStream)."""

    #: No process of its own: its CPU is the referee's, its time the clock's alone.
    cpu_meter = None
    #: The DecisionRequest a gRPC bot gets, made if the bot reads it.
    request_format = LazyRequests

    def __init__(self, name: str, session: sdk.MatchSession) -> None:
        self.name = name
        self._session = session
        self._cancelled = False

    def send(self, message: Any) -> None:
        """The news and MatchEnd at the end of the match (`LastMessage`s, written only
        for a bot that hears them; or serialized RefereeMessages)."""
        if self._cancelled:
            return
        if isinstance(message, LastMessage):
            session = self._session
            if not (session.listens if message.kind == "event" else session.hears_end):
                return
            message = message.make()
        parsed = message if isinstance(message, pb.RefereeMessage) else pb.RefereeMessage.FromString(message)
        kind = parsed.WhichOneof("message")
        try:
            if kind == "event":
                self._session.news(parsed.event.events)
            elif kind == "match_end":
                self._session.end(parsed.match_end)
        except BOT_ERRORS as error:  # the match is over: nothing to charge
            log.warning("bot %s: %s", self.name, _raised(f"handling {kind}", error), exc_info=True)

    async def decide(self, asked: sdk.LazyDecisionRequest, decision_id: int, time_limit: float) -> InProcessAnswer:
        began = time.perf_counter()
        try:
            chosen = self._session.act(asked)
        except BOT_ERRORS as error:
            log.debug("bot %s: act raised", self.name, exc_info=True)
            raise BotFault(FaultKind.CRASH, _raised("act", error)) from None
        took = time.perf_counter() - began
        if took > time_limit:
            raise BotFault(
                FaultKind.TIMEOUT,
                f"act took {took * 1000:.0f} ms, past its {time_limit * 1000:.0f} ms limit (an in-process bot "
                "cannot be interrupted: its answer came late and was dropped)",
            )
        try:
            index = operator.index(chosen)
        except TypeError:
            legal = len(asked.legal_actions)
            raise BotFault(
                FaultKind.MALFORMED, f"act returned {chosen!r}, not the index of one of the {legal} legal actions"
            ) from None
        if index < 0:
            legal = len(asked.legal_actions)
            raise BotFault(
                FaultKind.ILLEGAL,
                f"action index {index} is out of range: there were {legal} legal actions (0 to {legal - 1})",
            )
        comment = self._session.bot.comment
        if type(comment) is not str:  # over gRPC the SDK could not send it: the bot's error
            raise BotFault(FaultKind.MALFORMED, f"its comment is {comment!r}, not text")
        return InProcessAnswer(index, comment)

    def cancel(self) -> None:
        """Stopped after its faults: it hears nothing more."""
        self._cancelled = True


def _raised(hook: str, error: BaseException) -> str:
    return f"{hook} raised {type(error).__name__}: {error}"
