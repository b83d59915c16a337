"""The [[bot]] blocks of a tournament file, checked into `BotEntry` records.

Each block's keys are checked by the schema (`schema.BOT`); then what concerns several
keys: command, address or module (one of them), args only with a command or a module,
stdio only with a command; then the programs and scripts the command names, and the
`files` it may read in its sandbox, must exist, relative to the current directory.  A
module (``module = "package.module:Class"``, an SDK class played in the arena's own
process: arena/play/inprocess.py) is imported to check it names a `Bot` class, and its
args read as its parameters; it is an `IN_PROCESS` entry whose command holds the class's
name, then its args.  A bot without its own
`sandbox` key gets the tournament's.  A command starting with ``python`` or ``python3`` runs with the
arena's own interpreter (``sys.executable``).
"""

from __future__ import annotations

import difflib
import os
import shlex
import shutil
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from arena import sdk
from arena.clock import MAX_SECONDS, TimeControl
from arena.config.check import Reporter
from arena.config.schema import BOT
from arena.config.values import describe
from arena.errors import COMMAND_LINE, ConfigError
from arena.protocol import HUMAN, IN_PROCESS
from arena.records import BotEntry

__all__ = ["BotChecker", "bot_names", "check_command_line_bots", "MODULE_PREFIX", "module_of"]

#: How the command line names an in-process bot: ``--bot NAME=module:package.module:Class``.
MODULE_PREFIX = "module:"
#: The keys of a bot's process, which an in-process bot has none of.
_PROCESS_KEYS = ("protocol", "env", "memory_limit", "startup_timeout", "sandbox", "network", "files", "max_processes")

_SCRIPT_SUFFIXES = (".py", ".js", ".sh", ".awk", ".mjs")
_PYTHON_NAMES = ("python", "python3")


def module_of(argv: Sequence[str]) -> str | None:
    """The class a command line's ``module:package.module:Class`` names, or None for a command."""
    return argv[0].removeprefix(MODULE_PREFIX) if argv and argv[0].startswith(MODULE_PREFIX) else None


def check_command_line_bots(bots: Sequence[tuple[str, str, Sequence[str]]], cwd: Path) -> None:
    """The bots a command line gives (`arena play --bot`, `arena check-bot -- …`), each as
    (its flag, who it is, its argv), are checked as a tournament file's are: the program
    and the scripts it names exist, a ``module:`` class loads.  `ConfigError` names every
    problem at its flag, so a typo is a usage error (exit 2), not a bot that failed."""
    report = Reporter(COMMAND_LINE, "")
    checker = BotChecker(report, cwd)
    for flag, who, argv in bots:
        module = module_of(argv)
        if module is not None:
            checker.check_module(module, (flag,), who)
            continue
        if argv[0] != sys.executable:
            checker.check_program(argv[0], (flag,), who)
        checker.check_scripts(argv, len(argv), ((flag,), (flag,)), who)
    if report.problems:
        raise ConfigError(report.problems)


def bot_names(blocks: Any) -> list[str]:
    """The names the [[bot]] blocks give, each once, in file order (checked or not)."""
    names = [b.get("name") for b in blocks if isinstance(b, dict)] if isinstance(blocks, list) else []
    return list(dict.fromkeys(n for n in names if isinstance(n, str)))


class BotChecker:
    """Checks the [[bot]] blocks of one file; problems go to the file's reporter.

    `sandbox` is the tournament's default for bots that do not say (their own key wins)."""

    def __init__(self, report: Reporter, cwd: Path, *, sandbox: bool = True) -> None:
        self.report = report
        self.cwd = cwd
        self.sandbox = sandbox

    def check_all(self, blocks: Any) -> list[BotEntry]:
        """The bots of the file's ``bot`` value (None when the file has none)."""
        problem = self.report.problem
        if blocks is None:
            problem(("bot",), "there are no bots: add at least two [[bot]] blocks.")
            return []
        if isinstance(blocks, dict):
            problem(
                ("bot",), "bots are written as [[bot]] blocks (double brackets), one per bot, not as one [bot] table."
            )
            return []
        if not isinstance(blocks, list):
            problem(("bot",), f"expected [[bot]] blocks, found {describe(blocks)}.")
            return []
        bots: list[BotEntry] = []
        seen: dict[str, int] = {}
        valid = 0
        for index, block in enumerate(blocks):
            path = ("bot", index)
            if not isinstance(block, dict):
                problem(path, f"expected a [[bot]] table, found {describe(block)}.")
                continue
            valid += 1
            entry = self.check(block, path)
            name = block.get("name")
            if isinstance(name, str):
                if name in seen:
                    first = seen[name]
                    line = self.report.index.line(("bot", first, "name"))
                    at = f" (line {line})" if line is not None else ""
                    problem(
                        (*path, "name"),
                        f"the name {name!r} is already used by bot[{first + 1}]{at}; bot names must be unique.",
                    )
                    entry = None
                else:
                    seen[name] = index
            if entry is not None:
                bots.append(entry)
        if valid < 2:
            problem(("bot",), f"a tournament needs at least 2 bots; the file has {valid}.", line_of=("bot", 0))
        return bots

    def check(self, block: Mapping[str, Any], path: tuple) -> BotEntry | None:
        """One block as a BotEntry, or None when it has problems."""
        report = self.report
        errors = len(report.problems)
        report.unknown_keys(block, path, BOT)
        value = {key.name: report.value(block, path, key) for key in BOT.keys}
        name = block.get("name")
        who = f"bot {name!r}" if isinstance(name, str) and name else f"bot[{path[1] + 1}]"

        has_command, has_address, has_module = "command" in block, "address" in block, "module" in block
        given = [key for key in ("command", "address", "module") if key in block]
        if value["human"]:
            return self.check_human(block, path, who, value)
        if len(given) > 1:
            report.problem(
                (*path, given[1]),
                f"{who} has both {given[0]} and {given[1]}; give one: command to start the bot, address to connect "
                "to one already running, or module to play an SDK class in the arena's process.",
            )
        elif not given:
            report.problem(
                path,
                f'{who} needs command (the program to start, e.g. command = ["python", "bots/my_bot.py"]), '
                'address (a bot already running, e.g. address = "localhost:50051") or module (an SDK class '
                'played in the arena\'s process, e.g. module = "bots.random_bot:RandomBot").',
            )
        if "args" in block and not has_command and not has_module:
            report.problem((*path, "args"), f"{who} has args but no command to append them to.")
        if has_module:
            self.check_in_process(block, path, who)
        if "move_time" in block and "tc" in block:
            report.problem(
                (*path, "tc"), f"{who} has move_time and tc; give one: seconds per decision, or a bank of time."
            )
        if value["protocol"] == "stdio" and has_address:
            report.problem((*path, "protocol"), f"{who} uses the stdio protocol, which needs command, not address.")

        command = value["command"]
        argv: tuple[str, ...] = ()
        if command:
            argv = (*command, *(value["args"] or ()))
            if argv[0] in _PYTHON_NAMES:
                argv = (sys.executable, *argv[1:])
            else:
                self.check_program(argv[0], (*path, "command"), who)
            self.check_scripts(argv, len(command), ((*path, "command"), (*path, "args")), who)
        self.check_files(value["files"] or (), (*path, "files"), who)

        if len(report.problems) > errors:
            return None
        time_control = value["tc"] or (TimeControl.per_move(value["move_time"]) if value["move_time"] else None)
        if has_module:
            return BotEntry(
                name=value["name"],
                command=(value["module"], *(value["args"] or ())),
                protocol=IN_PROCESS,
                time_control=time_control,
                sandbox=False,
            )
        return BotEntry(
            name=value["name"],
            command=argv,
            address=value["address"],
            env=MappingProxyType(dict(value["env"])),
            cwd=None,
            protocol=value["protocol"],
            memory_limit=value["memory_limit"],
            startup_timeout=float(value["startup_timeout"]),
            time_control=time_control,
            sandbox=self.sandbox if value["sandbox"] is None else value["sandbox"],
            network=value["network"],
            files=tuple(value["files"] or ()),
            max_processes=value["max_processes"],
        )

    def check_human(self, block: Mapping[str, Any], path: tuple, who: str, value: Mapping[str, Any]) -> BotEntry | None:
        """A person's block (``human = true``): nothing to start, so no key of a program."""
        errors = len(self.report.problems)
        program_keys = [key for key in ("command", "address", "module", "args", *_PROCESS_KEYS) if key in block]
        self._keys_do_not_apply(path, program_keys, f"{who} is a person (human = true)", "make it a bot (no human key)")
        if "move_time" in block and "tc" in block:
            self.report.problem(
                (*path, "tc"), f"{who} has move_time and tc; give one: seconds per decision, or a bank of time."
            )
        if len(self.report.problems) > errors:
            return None
        own = value["tc"] or (TimeControl.per_move(value["move_time"]) if value["move_time"] else None)
        # No clock on a person unless the file gives one: a day a decision, the most there is.
        time_control = own or TimeControl.per_move(MAX_SECONDS)
        return BotEntry(name=value["name"], command=(), protocol=HUMAN, time_control=time_control, sandbox=False)

    def _keys_do_not_apply(self, path: tuple, keys: Sequence[str], why: str, instead: str) -> None:
        """One problem at the first of `keys` given to a block they do not apply to."""
        if keys:
            many = len(keys) > 1
            self.report.problem(
                (*path, keys[0]),
                f"{why}, so {', '.join(keys)} {'do' if many else 'does'} not apply to it; remove "
                f"{'them' if many else 'it'}, or {instead}.",
            )

    def check_in_process(self, block: Mapping[str, Any], path: tuple, who: str) -> None:
        """A module block: no key of a process, a class to load, args to read as its parameters."""
        process_keys = [key for key in _PROCESS_KEYS if key in block]
        self._keys_do_not_apply(
            path,
            process_keys,
            f"{who} is played in the arena's own process (module)",
            "start it as a process (command)",
        )
        module, args = block.get("module"), block.get("args")
        if isinstance(module, str):
            self.check_module(module, (*path, "module"), who)
        if isinstance(args, list) and all(isinstance(arg, str) for arg in args):
            try:
                sdk.parse_params(args)
            except SystemExit as error:  # the SDK's reader speaks to a bot's command line
                self.report.problem((*path, "args"), f"the args of {who} are its parameters: {error}")

    def check_module(self, module: str, where: tuple, who: str) -> None:
        """`module` names an SDK Bot class that can be loaded; problems at the key `where`."""
        try:
            sdk.load_bot_class(module)
        except sdk.BotClassError as error:
            self.report.problem(where, f"the module of {who} cannot be played: {error}.")

    def check_program(self, program: str, where: tuple, who: str) -> None:
        """The program of a command exists and can run; problems at the key `where`."""
        problem = self.report.problem
        if os.sep in program or (os.altsep and os.altsep in program):
            candidate = Path(program)
            shown = candidate if candidate.is_absolute() else self.cwd / candidate
            if not candidate.exists():
                problem(
                    where, f"the program {program!r} of {who} does not exist (looked for {shown}).{_nearby(candidate)}"
                )
            elif candidate.is_dir():
                problem(where, f"the program {program!r} of {who} is a directory, not a program.")
            elif not os.access(candidate, os.X_OK):
                problem(
                    where,
                    f"the program {program!r} of {who} is not executable; run chmod +x {shlex.quote(program)}, "
                    "or start it through its interpreter.",
                )
        elif shutil.which(program) is None:
            problem(
                where,
                f"the program {program!r} of {who} was not found (looked for it in the directories of PATH).",
            )

    def check_files(self, files: Sequence[str], where: tuple, who: str) -> None:
        """Every path of the bot's `files` exists (relative to the current directory)."""
        for path in files:
            candidate = Path(path)
            if not path.strip() or not candidate.exists():
                shown = candidate if candidate.is_absolute() else self.cwd / candidate
                self.report.problem(
                    where,
                    f"the file {path!r} that {who} may read does not exist (looked for {shown}; relative paths "
                    f"are relative to the current directory).{_nearby(candidate)}",
                )

    def check_scripts(self, argv: Sequence[str], command_length: int, where: tuple[tuple, tuple], who: str) -> None:
        """Every script file the arguments name exists; problems at the key `where`
        names: the command's (the first `command_length` arguments), or the args'."""
        for position, arg in enumerate(argv[1:], start=1):
            if arg.startswith("-") or not arg.endswith(_SCRIPT_SUFFIXES):
                continue
            candidate = Path(arg)
            if candidate.is_file():
                continue
            key = where[0] if position < command_length else where[1]
            shown = candidate if candidate.is_absolute() else self.cwd / candidate
            state = "is a directory, not a file" if candidate.is_dir() else "does not exist"
            self.report.problem(
                key,
                f"the script {arg!r} of {who} {state} (looked for {shown}; relative paths are "
                f"relative to the current directory).{_nearby(candidate)}",
            )


def _nearby(candidate: Path) -> str:
    """ " Did you mean 'dir/name'?" for a file of the same folder with a close name, or ""."""
    try:
        siblings = [p.name for p in candidate.parent.iterdir()] if candidate.parent.is_dir() else []
    except OSError:
        return ""
    close = difflib.get_close_matches(candidate.name, siblings, n=1)
    if not close:
        return ""
    return f" Did you mean {str(candidate.parent / close[0])!r}?"
