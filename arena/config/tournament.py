"""A tournament file read and checked whole: `load_tournament` gives a `TournamentConfig`.

The [tournament] keys are checked by the schema (`schema.TOURNAMENT`), command-line
overrides the same way; then what concerns several keys (seats against the game,
anchor_elo without anchor, an anchor that is not a bot).  [game] options are checked
one by one against the game's spec, then together by ``engine.load``.  The bots are
`bots.BotChecker`'s.  Every problem is collected before `ConfigError` reports them.
"""

from __future__ import annotations

import os
import sys
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

import engine
from arena.clock import TimeControl
from arena.config.bots import BotChecker, bot_names
from arena.config.check import Reporter
from arena.config.lines import syntax_problem
from arena.config.schema import BOT, TABLES, TOURNAMENT
from arena.config.sprt import check_sprt
from arena.config.values import describe, did_you_mean, logs_folder_problem, safe_repr, toml_literal
from arena.config.workers import default_workers, workers_env_problem
from arena.errors import ConfigError, Problem
from arena.records import BotEntry, BotSetup, Setup, SprtTest

__all__ = ["TournamentConfig", "load_tournament"]

# --- the configuration ------------------------------------------------------------------


@dataclass(frozen=True)
class TournamentConfig:
    """A checked tournament: everything the scheduler, referee and store need."""

    path: Path
    name: str
    game: str
    seats: int
    deals: int
    rounds: int
    seed: int
    concurrency: int
    move_time: float
    duplicate: bool
    anchor: tuple[str, float] | None
    options: Mapping[str, Any]
    bots: tuple[BotEntry, ...]
    results: Path
    logs: Path
    #: A bank time control instead of move_time; None: move_time per decision.
    tc: TimeControl | None = None
    #: Deals from the seed alone (computable by anyone with the file), not mixed with a secret.
    public_deals: bool = False
    #: A partnership game's partnerships (two bot names each); None: every bot with itself.
    pairs: tuple[tuple[str, str], ...] | None = None
    #: Worker processes the matches run in (arena.run.workers); 1: in this process.  Read
    #: from a file, `default_workers` when the file does not say.
    workers: int = 1
    #: The rating fit's prior: virtual draws per bot against the pool mean (0: none).
    prior_games: float = 2.0
    #: format = "gauntlet": the bots that play the field; empty: a round robin.
    gauntlet: tuple[str, ...] = ()
    #: The [sprt] table: the run stops when the test decides; None: no test.
    sprt: SprtTest | None = None

    @property
    def setup(self) -> Setup:
        """Everything that changes results: the game's options with the engine's defaults
        filled in, and each bot's command with the arena's interpreter written ``python``."""
        options: dict[str, Any] = dict(self.options)
        try:
            options = dict(engine.load(self.game, players=self.seats, **self.options).options)
        except Exception:  # noqa: BLE001 - a config built by hand; keep the options as given
            pass
        return Setup(
            game=self.game,
            options=MappingProxyType(options),
            seats=self.seats,
            deals=self.deals,
            rounds=self.rounds,
            seed=self.seed,
            duplicate=self.duplicate,
            move_time=float(self.move_time),
            tc=self.tc.text if self.tc is not None else None,
            public_deals=self.public_deals,
            pairs=self.pairs,
            gauntlet=self.gauntlet,
            bots=tuple(
                BotSetup(
                    name=bot.name,
                    command=_portable_command(bot.command),
                    address=bot.address,
                    protocol=bot.protocol,
                    env=bot.env,
                    tc=bot.time_control.text if bot.time_control is not None else None,
                )
                for bot in self.bots
            ),
        )

    @property
    def time_control(self) -> TimeControl:
        """The tournament's time control: its tc, else move_time per decision."""
        return self.tc if self.tc is not None else TimeControl.per_move(self.move_time)

    def time_control_of(self, name: str) -> TimeControl:
        """A bot's time control: its own, else the tournament's."""
        return self.bot(name).time_control or self.time_control

    def bot(self, name: str) -> BotEntry:
        for bot in self.bots:
            if bot.name == name:
                return bot
        raise KeyError(name)


def _portable_command(command: Sequence[str]) -> tuple[str, ...]:
    argv = tuple(command)
    if argv and argv[0] == sys.executable:
        argv = ("python", *argv[1:])
    return argv


# --- loading ------------------------------------------------------------------------------


def load_tournament(
    path: str | Path,
    *,
    deals: int | None = None,
    concurrency: int | None = None,
    workers: int | None = None,
    results: str | Path | None = None,
    rounds: int | None = None,
    seed: int | None = None,
    move_time: float | None = None,
    tc: str | None = None,
) -> TournamentConfig:
    """Read and check a tournament file; ConfigError lists every problem found.

    The keyword arguments are command-line overrides: when not None they replace the
    file's values and are checked the same way (`move_time` or `tc` replaces both of
    the file's [tournament] time keys; a bot's own time control stays).
    """
    file = os.fspath(path)
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise ConfigError([Problem(file, None, "", "there is no such file.")]) from None
    except IsADirectoryError:
        raise ConfigError([Problem(file, None, "", "this is a directory, not a tournament file.")]) from None
    except OSError as error:
        raise ConfigError([Problem(file, None, "", f"cannot read the file: {error.strerror or error}.")]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise ConfigError([Problem(file, line, "", "this is not UTF-8 text (TOML files must be UTF-8).")]) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError([syntax_problem(file, text, error)]) from None
    except ValueError as error:  # tomllib lets int()'s digit limit through
        raise ConfigError([Problem(file, None, "", f"this is not valid TOML: {error}.")]) from None
    except RecursionError:
        raise ConfigError([Problem(file, None, "", "this is not valid TOML: it nests too deeply.")]) from None

    overrides = {
        "deals": deals,
        "concurrency": concurrency,
        "workers": workers,
        "results": results,
        "rounds": rounds,
        "seed": seed,
        "move_time": move_time,
        "tc": tc,
    }
    report = Reporter(file, text)
    config = _check(report, data, overrides, Path.cwd())
    if report.problems:
        raise ConfigError(report.problems)
    assert config is not None
    return config


# --- the checker --------------------------------------------------------------------------


def _check(report: Reporter, data: dict[str, Any], overrides: Mapping[str, Any], cwd: Path) -> TournamentConfig | None:
    _unknown_top_level(report, data)
    t = ("tournament",)
    table = data.get("tournament")
    if table is None:
        report.problem(t, "the [tournament] table is missing; it needs at least name and game.")
    elif not isinstance(table, dict):
        report.problem(t, f"expected the table [tournament], found {describe(table)}.")
        table = None
    else:
        report.unknown_keys(table, t, TOURNAMENT)
    value = {key.name: report.value(table, t, key, overrides.get(key.name)) for key in TOURNAMENT.keys}
    table = table or {}

    spec = engine.game_class(value["game"]).spec if value["game"] is not None else None
    seats = value["seats"]
    if seats is None and spec is not None and "seats" not in table:
        seats = spec.default_players
    if seats is not None and spec is not None and not spec.min_players <= seats <= spec.max_players:
        players = (
            f"exactly {spec.min_players} players"
            if spec.min_players == spec.max_players
            else f"{spec.min_players} to {spec.max_players} players"
        )
        report.problem(
            (*t, "seats"), f"{spec.name} is for {players}; seats = {safe_repr(seats)} is outside that range."
        )
        seats = None
    time_control = value["tc"]
    if overrides.get("move_time") is not None:
        time_control = None
    elif "move_time" in table and "tc" in table and overrides.get("tc") is None:
        report.problem(
            (*t, "tc"),
            "give move_time (seconds per decision) or tc (a bank of time), not both.",
        )
    if "anchor_elo" in table and "anchor" not in table:
        report.problem((*t, "anchor_elo"), "anchor_elo needs anchor, the name of the bot whose Elo is fixed.")

    options = _check_game(report, data.get("game", {}), spec, seats)
    bots = BotChecker(report, cwd, sandbox=value["sandbox"] is not False).check_all(data.get("bot"))

    if value["logs"] is not None and (problem := logs_folder_problem(value["logs"])):
        report.problem((*t, "logs"), problem)

    anchor, names = value["anchor"], bot_names(data.get("bot"))
    if anchor is not None and names and anchor not in names:
        report.problem(
            (*t, "anchor"),
            f"the anchor {anchor!r} is not one of the bots.{did_you_mean(anchor, names)} "
            f"The bots are {', '.join(names)}.",
        )

    if spec is not None and spec.rate_by == "board" and value["duplicate"] is False:
        report.problem(
            (*t, "duplicate"),
            f"{spec.name} is rated by comparing each board between the two tables of a duplicate pair, "
            "so duplicate = false would leave nothing to rate; remove it (duplicate is true by default).",
        )
    pairs = value["pairs"]
    if pairs is not None:
        _check_pairs(report, (*t, "pairs"), pairs, spec, names)
    gauntlet = _check_gauntlet(report, t, table, value, names, spec, seats)
    sprt = check_sprt(report, data.get("sprt"), names)
    if value["workers"] is None and (wrong := workers_env_problem()) is not None:
        report.problems.append(wrong)

    if report.problems:
        return None
    name = value["name"]
    return TournamentConfig(
        path=Path(report.file),
        name=name,
        game=value["game"],
        seats=seats,
        deals=value["deals"],
        rounds=value["rounds"],
        seed=value["seed"],
        concurrency=value["concurrency"],
        workers=value["workers"] if value["workers"] is not None else default_workers(value["concurrency"]),
        move_time=float(value["move_time"]),
        tc=time_control,
        public_deals=value["public_deals"],
        pairs=pairs,
        gauntlet=gauntlet,
        duplicate=value["duplicate"],
        anchor=(anchor, float(value["anchor_elo"])) if anchor is not None else None,
        prior_games=float(value["prior_games"]),
        options=MappingProxyType(dict(options)),
        bots=tuple(bots),
        results=value["results"] if value["results"] is not None else Path("results") / f"{name}.sqlite",
        logs=value["logs"] if value["logs"] is not None else Path("logs") / name,
        # the test fits with the prior the tournament's Elo table uses
        sprt=replace(sprt, prior_games=float(value["prior_games"])) if sprt is not None else None,
    )


def _check_gauntlet(
    report: Reporter,
    t: tuple,
    table: dict[str, Any],
    value: dict[str, Any],
    names: list[str],
    spec: engine.GameSpec | None,
    seats: int | None,
) -> tuple[str, ...]:
    """The gauntlet's bots (empty for a round robin), each a bot of the file, with enough
    bots left in the field to fill its tables."""
    if value["format"] != "gauntlet":
        if "gauntlet" in table:
            report.problem((*t, "gauntlet"), 'gauntlet names the bots of format = "gauntlet"; add that, or remove it.')
        return ()
    gauntlet: tuple[str, ...] = value["gauntlet"] or tuple(names[:1])
    for name in gauntlet:
        if name not in names:
            report.problem(
                (*t, "gauntlet"),
                f"{name!r} is not one of the bots.{did_you_mean(name, names)} The bots are {', '.join(names)}.",
            )
    field = [name for name in names if name not in gauntlet]
    partnerships = spec is not None and spec.partnerships
    needed = 1 if partnerships or seats is None else seats - 1
    if names and len(field) < needed:
        report.problem(
            (*t, "gauntlet"),
            f"the field (the bots not in the gauntlet: {', '.join(field) or 'none'}) must fill "
            f"{needed} seat{'s' if needed > 1 else ''} of each table; add bots, or name fewer in gauntlet.",
        )
    return gauntlet


def _check_pairs(
    report: Reporter, path: tuple, pairs: tuple[tuple[str, str], ...], spec: engine.GameSpec | None, names: list[str]
) -> None:
    if spec is not None and not spec.partnerships:
        report.problem(path, f"{spec.name} has no partnerships; pairs is for a game played in pairs, such as bridge.")
        return
    for index, pair in enumerate(pairs):
        for name in pair:
            if names and name not in names:
                report.problem(
                    path,
                    f"partnership {index + 1} names {name!r}, which is not one of the bots."
                    f"{did_you_mean(name, names)} The bots are {', '.join(names)}.",
                )
    if len(set(pairs)) != len(pairs):
        report.problem(path, "a partnership is listed twice; list each one once.")


def _unknown_top_level(report: Reporter, data: Mapping[str, Any]) -> None:
    for key, value in data.items():
        if key in TABLES:
            continue
        if key in TOURNAMENT.names and not isinstance(value, dict):
            report.problem((key,), f"the key {key!r} is outside any table; move it under [tournament].")
            continue
        if key in BOT.names and not isinstance(value, dict):
            report.problem((key,), f"the key {key!r} is outside any table; move it into a [[bot]] block.")
            continue
        what = "table" if isinstance(value, (dict, list)) else "key"
        report.problem(
            (key,),
            f"unknown {what} {key!r}.{did_you_mean(key, TABLES)} "
            "A tournament file has the tables [tournament], [game] and [[bot]].",
        )


def _check_game(report: Reporter, options: Any, spec: engine.GameSpec | None, seats: int | None) -> dict[str, Any]:
    """The [game] options as given (the engine's defaults are not filled in)."""
    g = ("game",)
    if not isinstance(options, dict):
        report.problem(g, f"expected the table [game] of game options, found {describe(options)}.")
        return {}
    if spec is None:
        return dict(options)
    known = [o.name for o in spec.options]
    fine = True
    for key, value in options.items():
        if key == "players":
            report.problem((*g, key), "the number of players is set by seats in [tournament], not in [game].")
            fine = False
            continue
        if key not in known:
            listed = ", ".join(known) if known else "none"
            report.problem(
                (*g, key),
                f"{spec.name} has no option {key!r}.{did_you_mean(key, known)} Its options are {listed}.",
            )
            fine = False
            continue
        option = spec.option(key)
        try:
            option.check(value)
        except ValueError:
            allowed = ", ".join(toml_literal(c) for c in option.choices)
            report.problem(
                (*g, key),
                f"{spec.name} option {key!r} cannot be {toml_literal(value)}; allowed values are "
                f"{allowed} ({option.help}).",
            )
            fine = False
    if fine and seats is not None:
        try:
            engine.load(spec.name, players=seats, **options)
        except ValueError as error:
            report.problem(g, f"the game refuses these options: {error}")
    return dict(options)
