"""Each match's play is a boundary: an unexpected error inside one match ends that match only.

A bot cannot end a match by an exception (the referee charges it a named fault), but the
arena itself can fail inside one: a bug of the referee or the engine, a transport error
nobody named.  Every runner (one process, worker processes, Dask hosts) plays each match
through `guarded` and makes its rows with `rows_or_error`, so such an error becomes a
`MatchError` instead of ending the run: the match is not saved (a later run plays it
again, as any match missing from the results file), the other matches go on, and the
run's summary names it at the end (`error_notes`).  `report` logs it where the run's
log goes: one line and the traceback (the terminal shows one line, from the progress).

What is not caught: cancellation (Ctrl-C, a run told to stop, a worker told to stop),
KeyboardInterrupt and SystemExit; an error met while the run is being cancelled is
logged and the cancellation goes on.  Each match is tried once per run: a run whose
every match fails this way ends after each was tried once, with every key named.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import trio

from arena.records import MatchRecord, MatchSlot
from arena.results.store import MatchRows, finished_rows

__all__ = [
    "EXIT_MATCH_ERRORS",
    "ERRORS_NAMED",
    "MatchError",
    "error_notes",
    "guarded",
    "match_error",
    "report",
    "rows_or_error",
]

log = logging.getLogger("arena.run")

#: `arena run`'s exit code when matches ended by an internal error (the others' results saved).
EXIT_MATCH_ERRORS = 1
#: Most matches the summary names one by one (the log has every one).
ERRORS_NAMED = 10
#: Most characters of an error's message in the lines for the user (the log has it whole).
_MESSAGE_LIMIT = 200

T = TypeVar("T")


@dataclass(frozen=True)
class MatchError:
    """An unexpected error that ended the play of match `key`: the match is not saved.

    Plain text only, so a worker process or a Dask host sends it as it is."""

    key: str
    #: The exception's type, e.g. ``RecursionError`` (a group of one: the one inside).
    kind: str
    #: Its message, on one line and shortened (the traceback has it whole).
    message: str
    #: The whole traceback, for the run's log.
    traceback: str

    def __str__(self) -> str:
        return f"{self.key} ({self.kind}: {self.message})" if self.message else f"{self.key} ({self.kind})"

    def line(self) -> str:
        """The one line the terminal shows when it happens."""
        error = f"{self.kind}: {self.message}" if self.message else self.kind
        return f"Match {self.key} ended by an internal error and was not saved: {error} (its traceback is in arena.log)"


def _inner(error: BaseException) -> BaseException:
    """`error`, or the one exception inside a group (a nursery's) of one, however deep."""
    while isinstance(error, BaseExceptionGroup) and len(error.exceptions) == 1:
        error = error.exceptions[0]
    return error


def match_error(key: str, error: BaseException) -> MatchError:
    """The `MatchError` of match `key` ended by `error`."""
    inner = _inner(error)
    message = " ".join(str(inner).split())
    if len(message) > _MESSAGE_LIMIT:
        message = message[: _MESSAGE_LIMIT - 1] + "…"
    text = "".join(traceback.format_exception(error))
    return MatchError(key, type(inner).__name__, message, text)


async def guarded(key: str, play: Callable[[], Awaitable[T]]) -> T | MatchError:
    """What `play()` (the play of match `key`) returns, or its `MatchError` when it raises
    anything but cancellation and the like (see the module docstring)."""
    try:
        return await play()
    except Exception as error:  # noqa: BLE001 - the boundary: one match's error ends that match only
        caught = match_error(key, error)
    try:
        await trio.lowlevel.checkpoint_if_cancelled()
    except trio.Cancelled:  # the run is stopping: not a match's error to report
        log.info("match %s: %s: %s, as the run stopped", key, caught.kind, caught.message)
        raise
    return caught


def rows_or_error(slot: MatchSlot, record: MatchRecord) -> MatchRows | MatchError:
    """The rows of `record` to save (`finished_rows`), or the `MatchError` of making them:
    a record the results file cannot take is that match's error, not the run's."""
    try:
        return finished_rows(slot, record)
    except Exception as error:  # noqa: BLE001 - the boundary, as in `guarded`
        return match_error(slot.key, error)


def report(error: MatchError) -> None:
    """Log `error` with its traceback (a warning: the log file has it, the terminal does not
    unless ``-v``; the run's progress shows its `line`)."""
    log.warning(
        "match %s ended by an internal error and was not saved (a later run plays it again): %s\n%s",
        error.key,
        f"{error.kind}: {error.message}",
        error.traceback.rstrip(),
    )


def error_notes(errors: Sequence[MatchError], log_file: str | None = None) -> list[str]:
    """The run's closing lines about `errors` (none when there are none)."""
    if not errors:
        return []
    count = len(errors)
    named = ", ".join(map(str, errors[:ERRORS_NAMED]))
    if count > ERRORS_NAMED:
        named += f" and {count - ERRORS_NAMED} more"
    where = f" ({'its traceback is' if count == 1 else 'their tracebacks are'} in {log_file})" if log_file else ""
    return [
        f"{count} match{'' if count == 1 else 'es'} ended by an internal error and {'was' if count == 1 else 'were'} "
        f"not saved{where}: {named}; run the same command again to replay "
        f"{'it' if count == 1 else 'them'}."
    ]
