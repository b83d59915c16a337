"""The schedule: which bots sit at which table, in which seats, on which deals.

Every k-subset of the N bots sits at a table (k = seats).  With duplicate deals each
table plays k matches on the same deals, the bots rotated one seat each time, so every
bot holds every seat's cards once and the luck of the deal cancels (as the ACPC dealer
and duplicate bridge do).  In a partnership game (bridge) the unit is the partnership:
every bot plays all the seats of its side (a process per seat), every pair of bots meets
at a table, and duplicate deals swap the sides' seats, so a table is two matches on the
same boards (the pair North-South at one is East-West at the other).  With fewer bots
than seats the table is filled with copies; a gauntlet (`format = "gauntlet"`) keeps
only the tables where exactly one unit holds a bot of the gauntlet, so each of those
meets the field and not another gauntlet bot;
the rating model treats copies as the same player, so copy-versus-copy outcomes carry
no information.  `rounds` repeats the whole schedule on new deals.  A table's deals
come from the tournament's seed mixed with the results file's secret, so no bot can
compute them (unless the file asks for public deals).
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Sequence

import engine
from arena.config import TournamentConfig
from arena.records import MatchSlot

__all__ = ["build_schedule", "tables_for", "seatings", "teams_of", "partnerships", "match_seed", "bot_match_id"]


def tables_for(bots: Sequence, seats: int) -> list[tuple]:
    """Every `seats`-subset of the bots; with too few bots, one table of cycled copies."""
    if len(bots) >= seats:
        return list(itertools.combinations(bots, seats))
    return [tuple(bots[i % len(bots)] for i in range(seats))]


def seatings(config: TournamentConfig, table: tuple, teams: list[list[int]] | None) -> list[tuple[str, ...]]:
    """The seatings a table's deals are played in: with duplicate deals, the bots
    rotated one seat at a time (`seats` seatings) or, in a partnership game, where a
    table is a partnership per side (each a tuple of its bots, one per seat of the
    side), the sides rotated (one seating per side); one seating otherwise.  `teams`
    are the seats of each side (`teams_of`), None for a game of single seats."""
    if teams is None:
        rotations = config.seats if config.duplicate else 1
        return [table[r:] + table[:r] for r in range(rotations)]
    rotations = len(teams) if config.duplicate else 1
    out = []
    for r in range(rotations):
        seated = [""] * config.seats
        for index, seats in enumerate(teams):
            pair = table[(index + r) % len(teams)]
            for position, seat in enumerate(seats):
                seated[seat] = pair[position % len(pair)]
        out.append(tuple(seated))
    return out


def partnerships(config: TournamentConfig) -> list[tuple[str, ...]]:
    """A partnership game's partnerships: the file's `pairs`, else each bot with itself."""
    if config.pairs is not None:
        return [tuple(pair) for pair in config.pairs]
    return [(bot.name, bot.name) for bot in config.bots]


def teams_of(config: TournamentConfig) -> list[list[int]] | None:
    """The seats of each side in a partnership game, None for a game of single seats."""
    game = engine.load(config.game, players=config.seats, **config.options)
    if not game.spec.partnerships:
        return None
    teams: dict[int, list[int]] = {}
    for seat in range(config.seats):
        teams.setdefault(game.team_of(seat), []).append(seat)
    return list(teams.values())


def match_seed(seed: int, round_: int, table: int, secret: str = "") -> int:
    """The deals' seed of one table in one round: the same for all its rotations.

    With a `secret` (the results file's), nothing a bot can see (the tournament file,
    the match, this formula) determines the deals; without one they are public.
    """
    text = f"arena/{seed}/{round_}/{table}" + (f"/{secret}" if secret else "")
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:6], "big")


def bot_match_id(key: str, secret: str) -> str:
    """The match id the bots are told: opaque, so it names no round, table or seating."""
    return "m-" + hashlib.sha256(f"arena-match/{secret}/{key}".encode()).hexdigest()[:16]


def build_schedule(
    config: TournamentConfig, secret: str = "", generations: tuple[tuple[str, ...], ...] = ()
) -> list[MatchSlot]:
    """Every match of the tournament, in schedule order (round, table, rotation).

    The deals mix `secret` in unless the tournament asks for public deals.  A tournament
    whose bots were added after it began (`generations`: the first bots, then each group
    added) numbers first the tables of the first bots, then those the next group brings,
    and so on: the tables played before keep their keys and deals."""
    mixed = "" if config.public_deals else secret
    schedule = []
    teams = teams_of(config)  # loads the game once, not per table
    units: list = [bot.name for bot in config.bots] if teams is None else partnerships(config)
    tables = tables_for(units, config.seats if teams is None else len(teams))
    if config.gauntlet:
        tables = [table for table in tables if _gauntlet_units(table, config.gauntlet) == 1]
    if generations:
        tables = _by_generation(tables, generations)
    for round_ in range(1, config.rounds + 1):
        for index, table in enumerate(tables, start=1):
            seed = match_seed(config.seed, round_, index, mixed)
            for rotation, seated in enumerate(seatings(config, table, teams)):
                schedule.append(MatchSlot(f"r{round_}-t{index}-p{rotation + 1}", round_, index, rotation, seed, seated))
    return schedule


def _gauntlet_units(table: tuple, gauntlet: tuple[str, ...]) -> int:
    """How many units of `table` (bots, or partnerships) hold a bot of the gauntlet."""
    return sum(1 for unit in table if _names_of((unit,)) & set(gauntlet))


def _by_generation(tables: list[tuple], generations: tuple[tuple[str, ...], ...]) -> list[tuple]:
    """`tables` in the order the bots came: those of the first generation's bots, then
    those the next brings, each group in its own order."""
    out: list[tuple] = []
    known: set[str] = set()
    for generation in generations:
        known |= set(generation)
        out += [table for table in tables if table not in out and _names_of(table) <= known]
    return out + [table for table in tables if table not in out]


def _names_of(table: tuple) -> set[str]:
    return {name for unit in table for name in ((unit,) if isinstance(unit, str) else unit)}
