"""Everything that changes results (`Setup`, and each bot's part of it, `BotSetup`): its
canonical data, the fingerprint that guards a results file, and in sentences how one
setup differs from another (`changes_from`) or only grows it by bots (`grown_from`)."""

from __future__ import annotations

import hashlib
import json
import shlex
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

__all__ = ["BotSetup", "Setup"]


@dataclass(frozen=True)
class BotSetup:
    """What of a bot changes results: its name, program, address, protocol, environment.

    `command` is portable: the arena's own interpreter is written ``python``, so moving to
    another virtualenv does not count as a change.
    """

    name: str | None
    command: tuple[str, ...] | None
    address: str | None
    protocol: str | None
    env: Mapping[str, str]
    #: The bot's own time control (`TimeControl.text`), None when it has none.
    tc: str | None = None

    def to_data(self) -> dict[str, Any]:
        data = {
            "name": self.name,
            "command": list(self.command) if self.command is not None else None,
            "address": self.address,
            "protocol": self.protocol,
            "env": dict(sorted(self.env.items())),
        }
        if self.tc is not None:  # absent when unset: files written before time controls resume
            data["tc"] = self.tc
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> BotSetup:
        command = data.get("command")
        return cls(
            name=data.get("name"),
            command=tuple(command) if isinstance(command, list) else None,
            address=data.get("address"),
            protocol=data.get("protocol"),
            env=MappingProxyType(dict(data.get("env") or {})),
            tc=data.get("tc"),
        )


_SCALARS = (
    "game",
    "seats",
    "deals",
    "rounds",
    "seed",
    "duplicate",
    "move_time",
    "tc",
    "public_deals",
    "pairs",
)


@dataclass(frozen=True)
class Setup:
    """Everything that changes results (and nothing else: not concurrency, paths or anchor).

    A results file stores the setup that wrote it and its `fingerprint`; a run with
    another setup is refused, and `changes_from` says in sentences what differs.  Fields
    read from an older file may be None where that file did not record them.
    """

    game: str | None
    options: Mapping[str, Any]
    seats: int | None
    deals: int | None
    rounds: int | None
    seed: int | None
    duplicate: bool | None
    move_time: float | None
    bots: tuple[BotSetup, ...]
    #: The tournament's bank time control (`TimeControl.text`); None: move_time per decision.
    tc: str | None = None
    #: Deals from the seed alone, not mixed with the results file's secret.
    public_deals: bool = False
    #: A partnership game's partnerships as given; None: every bot with itself.
    pairs: tuple[tuple[str, str], ...] | None = None
    #: A gauntlet's bots, which play the field; empty: a round robin.
    gauntlet: tuple[str, ...] = ()

    def to_data(self) -> dict[str, Any]:
        """Canonical JSON-able data: the form results files store and the fingerprint hashes."""
        data: dict[str, Any] = {
            "game": self.game,
            "options": dict(self.options),
            "seats": self.seats,
            "hands": self.deals,  # the stored name: files written before "deals" still resume
            "rounds": self.rounds,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "move_time": self.move_time,
            "bots": [bot.to_data() for bot in self.bots],
        }
        if self.tc is not None:  # absent when unset: files written before time controls resume
            data["tc"] = self.tc
        if self.public_deals:  # absent when unset, as tc
            data["public_deals"] = True
        if self.pairs is not None:  # absent when unset, as tc
            data["pairs"] = [list(pair) for pair in self.pairs]
        if self.gauntlet:  # absent for a round robin, as tc
            data["gauntlet"] = list(self.gauntlet)
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Setup:
        """The setup `to_data` gave (keys an older file lacks read as None)."""
        return cls(
            game=data.get("game"),
            options=MappingProxyType(dict(data.get("options") or {})),
            seats=data.get("seats"),
            deals=data.get("hands"),
            rounds=data.get("rounds"),
            seed=data.get("seed"),
            duplicate=data.get("duplicate"),
            move_time=data.get("move_time"),
            bots=tuple(BotSetup.from_data(bot) for bot in data.get("bots") or ()),
            tc=data.get("tc"),
            public_deals=bool(data.get("public_deals", False)),
            pairs=tuple((pair[0], pair[1]) for pair in data["pairs"]) if data.get("pairs") else None,
            gauntlet=tuple(data.get("gauntlet") or ()),
        )

    def fingerprint(self) -> str:
        """SHA-256 (hex) of the canonical JSON of `to_data()`."""
        text = json.dumps(self.to_data(), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return hashlib.sha256(text.encode()).hexdigest()

    def grown_from(self, old: Setup, generations: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...] | None:
        """When this setup only adds bots to `old` (the others as they were, in the same
        order, and no table of `old` was filled with copies), the bot generations of the
        grown tournament: `generations` (or `old`'s bots), then the added bots; else None.
        A finished tournament then grows by the new bots' tables alone."""
        known = {bot.name for bot in old.bots}
        added = tuple(str(bot.name) for bot in self.bots if bot.name not in known)
        kept = replace(self, bots=tuple(bot for bot in self.bots if bot.name in known))
        if not added or len(old.bots) < (old.seats or 0) or kept.fingerprint() != old.fingerprint():
            return None
        return (*(generations or (tuple(str(bot.name) for bot in old.bots),)), added)

    def changes_from(self, old: Setup) -> tuple[str, ...]:
        """Sentences saying how this setup differs from `old`, the one a file was written by."""
        changes: list[str] = []
        for key in _SCALARS:
            before, after = getattr(old, key), getattr(self, key)
            if before != after:
                label = "time control" if key == "tc" else key.replace("_", " ")
                changes.append(f"{label} changed from {_show(before)} to {_show(after)}")
        changes += _mapping_changes(
            old.options,
            self.options,
            removed="game option {key!r} was removed (it was {old})",
            added="game option {key!r} was added ({new})",
            changed="game option {key!r} changed from {old} to {new}",
            show=_show,
        )
        if old.gauntlet != self.gauntlet:
            changes.append(f"the format changed from {_form(old.gauntlet)} to {_form(self.gauntlet)}")
        old_bots = {bot.name: bot for bot in old.bots}
        new_bots = {bot.name: bot for bot in self.bots}
        changes += [f"bot {name!r} was removed" for name in old_bots if name not in new_bots]
        changes += [f"bot {name!r} was added" for name in new_bots if name not in old_bots]
        for name, bot in new_bots.items():
            before = old_bots.get(name)
            if before is None:
                continue
            for key in ("command", "address", "protocol", "tc"):
                was, now = getattr(before, key), getattr(bot, key)
                if was != now:
                    changes.append(f"bot {name!r} {key} changed from {_show(was)} to {_show(now)}")
            changes += _mapping_changes(
                before.env,
                bot.env,
                removed="bot {name!r} environment variable {key} was removed",
                added="bot {name!r} environment variable {key}={new} was added",
                changed="bot {name!r} environment variable {key} changed from {old} to {new}",
                show=repr,
                name=name,
            )
        common_old = [n for n in old_bots if n in new_bots]
        common_new = [n for n in new_bots if n in old_bots]
        if common_old != common_new:
            changes.append(
                f"the order of the bots changed from {', '.join(map(str, common_old))} "
                f"to {', '.join(map(str, common_new))}"
            )
        if not changes:
            changes.append(
                "the tournament setup changed (the results file was written by another version of the arena)"
            )
        return tuple(changes)


def _form(gauntlet: tuple[str, ...]) -> str:
    return f"a gauntlet of {', '.join(gauntlet)}" if gauntlet else "a round robin"


def _show(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return "[" + " ".join(shlex.quote(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list, tuple)):
        return json.dumps(value, sort_keys=True, ensure_ascii=False)
    if isinstance(value, str):
        return repr(value)
    return str(value)


def _mapping_changes(
    old: Mapping[str, Any],
    new: Mapping[str, Any],
    *,
    removed: str,
    added: str,
    changed: str,
    show: Callable[[Any], str],
    **context: Any,
) -> list[str]:
    """One sentence per key removed, added or changed between two mappings, in key order."""
    out = []
    for key in sorted(set(old) | set(new)):
        if key not in new:
            out.append(removed.format(key=key, old=show(old[key]), **context))
        elif key not in old:
            out.append(added.format(key=key, new=show(new[key]), **context))
        elif old[key] != new[key]:
            out.append(changed.format(key=key, old=show(old[key]), new=show(new[key]), **context))
    return out
