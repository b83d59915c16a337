"""Every error the arena raises on purpose: one root, a few named branches.

    ArenaError
    ├── UsageError        the user's input cannot be used: printed as is, exit code 2
    │   ├── ConfigError   a tournament file or override, with every Problem found
    │   ├── StoreError    a results file (ResumeMismatch: written by another setup;
    │   │                 ResultsDamaged: damaged on disk; OtherTournament: --fresh on another's)
    │   └── BotStartError   bots that could not be started (also a ProcessError): before
    │                     a run, nothing was played
    ├── BotFault          a bot misbehaved: the referee charges a named Fault
    ├── ProcessError      a bot process that cannot be run (BotStartError: it did not start)
    ├── RecordError       data that is not an encoded engine record (also a ValueError)
    ├── RatingError       results no rating model can fit (also a ValueError)
    ├── WireError         an engine record its game's .proto cannot carry
    └── Interrupted       the user stopped a run; what finished is saved

The engine's own errors (engine.EngineError) are a separate root: the engine knows
nothing of the arena.
"""

from __future__ import annotations

import math
import signal
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from arena.records import FaultKind

__all__ = [
    "ArenaError",
    "UsageError",
    "ConfigError",
    "Problem",
    "COMMAND_LINE",
    "StoreError",
    "ResumeMismatch",
    "ResultsDamaged",
    "OtherTournament",
    "BotFault",
    "ProcessError",
    "BotStartError",
    "RecordError",
    "RatingError",
    "WireError",
    "Interrupted",
]

#: The `file` of a Problem found in a command-line override rather than in a file.
COMMAND_LINE = "command line"


class ArenaError(Exception):
    """Base class of every error the arena raises on purpose."""


class UsageError(ArenaError):
    """Input the user gave that cannot be used (a command-line flag or argument, a file):
    the message is a full sentence for them, printed as is, exit code 2."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a tournament file, where it is, and what is wrong."""

    file: str
    line: int | None
    key: str
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.key}: {self.message}" if self.key else f"{where}: {self.message}"


class ConfigError(UsageError):
    """A tournament file (or a command-line override) that cannot be used; see `problems`.

    The problems come command-line ones first, then by line (those without a line last).
    """

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = _in_order(problems)
        super().__init__(self._text())

    def _text(self) -> str:
        if len(self.problems) == 1:
            return str(self.problems[0])
        files = sorted({p.file for p in self.problems if p.file != COMMAND_LINE})
        source = files[0] if len(files) == 1 else "The tournament" if files else "The command line"
        lines = [f"{source} has {len(self.problems)} problems:"]
        lines += [f"  {p}" for p in self.problems]
        return "\n".join(lines)


def _in_order(problems: Sequence[Problem]) -> tuple[Problem, ...]:
    def order(item: tuple[int, Problem]) -> tuple[int, float, int]:
        position, problem = item
        if problem.file == COMMAND_LINE:
            return (0, 0, position)
        return (1, problem.line if problem.line is not None else math.inf, position)

    return tuple(p for _, p in sorted(enumerate(problems), key=order))


class StoreError(UsageError):
    """A results file that cannot be used as asked; the message is a full sentence."""


class ResumeMismatch(StoreError):
    """The results file was written by a different tournament setup; `changes` lists how."""

    def __init__(self, message: str, changes: tuple[str, ...]) -> None:
        super().__init__(message)
        self.changes = changes


class ResultsDamaged(StoreError):
    """A results file damaged on disk (cut short, pages overwritten): `damage` says how,
    and ``arena recover`` copies every match it still holds whole into a new file."""

    def __init__(self, path: Path, damage: str) -> None:
        super().__init__(
            f"{path} is damaged ({damage}); run 'arena recover {path}' to copy what can still be read into a new file."
        )
        self.path = path
        self.damage = damage


class OtherTournament(StoreError):
    """``--fresh`` given a results file that holds another tournament's matches: refused,
    and the file left as it was, since starting over would throw them away."""


class BotFault(ArenaError):
    """Raised at the gRPC (or stdio) boundary when a bot misbehaves.

    `clock_spent` marks the timeout of a seat whose clock had run out before it was
    asked (the referee's own, whose reason says it all); it is not stored: a results
    file keeps the kind and the reason, as before."""

    def __init__(self, kind: FaultKind, reason: str, *, clock_spent: bool = False) -> None:
        super().__init__(f"{kind.value}: {reason}")
        self.kind = kind
        self.reason = reason
        self.clock_spent = clock_spent


class ProcessError(ArenaError):
    """Something went wrong with a bot's process."""


class BotStartError(UsageError, ProcessError):
    """Bots that could not be started: printed as is, exit code 2.

    Raised by a bot's process when its command cannot be started (not found, not
    executable, ...), and by a run when bots did not start before its first match, so
    none was played; the message names each, its command, why (its exit status), and its
    log's last lines, and `bots` holds their names (empty when the process alone knows)."""

    def __init__(self, message: str, bots: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.bots = tuple(bots)


class RecordError(ArenaError, ValueError):
    """Data that is not a valid encoded engine record; the message says where and why."""


class RatingError(ArenaError, ValueError):
    """Input that cannot be rated, or data that do not determine the ratings."""


class WireError(ArenaError):
    """An engine record that its game's .proto cannot carry (a schema mismatch)."""


class Interrupted(ArenaError):
    """The run was stopped by a signal; what had finished is kept."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"interrupted by {signal.Signals(signum).name}")
        self.signum = signum
