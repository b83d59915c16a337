"""What runs in a worker process of `arena.run.workers`: its entry point (`worker_main`),
which starts the run's bots and plays the matches the coordinator sends, and its end of
the pipe.  See the docstring of arena/run/workers.py for the design.

Messages to the coordinator: ``("ready",)`` once the bots have started,
``("start_failed", text, bots)``, ``("problem", StartProblem)``, ``("log", LogRecord)``,
``("record", key, record, rows)``, ``("left", key, NotStarted)`` (a bot had not started),
``("failed", key, MatchError)`` (an internal error ended the match: the worker plays on)
and ``("error", traceback)`` (the worker itself failed).  From it: ``("play", slot,
match_id)``, ``("expect", slot)`` and ``("stop",)``.
"""

from __future__ import annotations

import ctypes
import logging
import os
import signal
import threading
import traceback
from dataclasses import replace
from functools import partial
from multiprocessing.connection import Connection
from typing import Any

import trio

import engine
from arena.config import TournamentConfig, usable_cores
from arena.errors import BotStartError
from arena.play import poll_for_answers, settle_heap
from arena.records import MatchRecord, MatchSlot
from arena.run.ledger import NotStarted
from arena.run.match_errors import MatchError, guarded, match_error, rows_or_error
from arena.run.tournament import StartProblem, expect_slot, open_started_bots, play_slot

__all__ = ["receive", "worker_main"]


class _Sender:
    """A worker's end of its pipe, for the trio loop and the gRPC loop's thread alike."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn
        self._lock = threading.Lock()

    def send(self, message: tuple[Any, ...]) -> None:
        with self._lock:
            try:
                self._conn.send(message)
            except (OSError, ValueError):  # the coordinator is gone: this worker ends with it
                pass


class _ToCoordinator(logging.Handler):
    """Sends a worker's log records to the coordinator, which logs them."""

    def __init__(self, sender: _Sender) -> None:
        super().__init__()
        self._sender = sender

    def emit(self, record: logging.LogRecord) -> None:
        try:
            record.msg = self.format(record)
            record.args, record.exc_info, record.exc_text = None, None, None
            self._sender.send(("log", record))
        except Exception:  # noqa: BLE001 - logging must not fail a match
            self.handleError(record)


def _die_with(parent: int) -> None:
    """The kernel kills this process when `parent` (the coordinator) dies, even by -9."""
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # it died before prctl
        os._exit(1)


def worker_main(conn: Connection, config: TournamentConfig, allow_faulty: bool, parent: int, level: int) -> None:
    """A worker process: start the bots, play what the coordinator sends, send back records."""
    _die_with(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the coordinator's to handle
    sender = _Sender(conn)
    root = logging.getLogger("arena")
    root.handlers[:] = [_ToCoordinator(sender)]
    root.setLevel(level)
    root.propagate = False
    settle_heap()
    poll_for_answers(config.concurrency, usable_cores())  # all the workers' matches share the machine
    try:
        trio.run(_serve, conn, sender, config, allow_faulty)
    except BaseException:  # noqa: BLE001 - told to the coordinator, which stops the run
        sender.send(("error", traceback.format_exc()))
    finally:
        conn.close()


async def receive(conn: Connection) -> tuple[Any, ...] | None:
    """The coordinator's next message; None when it is gone."""
    try:
        await trio.lowlevel.wait_readable(conn.fileno())
        message: tuple[Any, ...] = conn.recv()
    except (EOFError, OSError, trio.ClosedResourceError):
        return None
    return message


async def _serve(conn: Connection, sender: _Sender, config: TournamentConfig, allow_faulty: bool) -> None:
    game = engine.load(config.game, players=config.seats, **config.options)

    def problem(started: StartProblem) -> None:
        sender.send(("problem", started))

    try:
        async with open_started_bots(config, allow_faulty=allow_faulty, on_problem=problem) as bots:
            sender.send(("ready",))

            async def play(slot: MatchSlot, match_id: str) -> None:
                record = await guarded(slot.key, partial(play_slot, game, config, bots, slot, match_id))
                if isinstance(record, MatchError):  # this match only: the worker plays on
                    sender.send(("failed", slot.key, record))
                elif isinstance(record, NotStarted):
                    sender.send(("left", slot.key, record))
                else:  # the rows made and sent from a thread: the referees go on meanwhile
                    await trio.to_thread.run_sync(_send_record, sender, slot, record)

            async with trio.open_nursery() as nursery:
                while True:
                    message = await receive(conn)
                    if message is None or message[0] == "stop":
                        nursery.cancel_scope.cancel()
                        break
                    if message[0] == "expect":
                        expect_slot(bots, message[1])
                        continue
                    _, slot, match_id = message
                    nursery.start_soon(play, slot, match_id)
    except BotStartError as error:
        sender.send(("start_failed", str(error), error.bots))


def _send_record(sender: _Sender, slot: MatchSlot, record: MatchRecord) -> None:
    """Send the coordinator `record`'s rows, ready to write (the costly part of a save), and
    the record without its history (for the progress: the rows hold the history); or the
    match's `MatchError` if they cannot be made or sent (pickled)."""
    rows = rows_or_error(slot, record)
    if isinstance(rows, MatchError):
        sender.send(("failed", slot.key, rows))
        return
    try:
        sender.send(("record", slot.key, replace(record, history=()), rows))
    except Exception as error:  # noqa: BLE001 - the match's boundary (see `guarded`)
        sender.send(("failed", slot.key, match_error(slot.key, error)))
