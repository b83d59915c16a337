"""The schedule: which bots sit at which table, in which seats, on which deals.

Every k-subset of the N bots sits at a table (k = seats).  With duplicate deals each
table plays k matches on the same deals, the bots rotated one seat each time, so every
bot holds every seat's cards once and the luck of the deal cancels (as the ACPC dealer
and duplicate bridge do).  With fewer bots than seats the table is filled with copies;
the rating model treats copies as the same player, so copy-versus-copy outcomes carry
no information.  `rounds` repeats the whole schedule on new deals.  A table's deals
come from the tournament's seed mixed with the results file's secret, so no bot can
compute them (unless the file asks for public deals).
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Sequence

from arena.config import TournamentConfig
from arena.records import MatchSlot

__all__ = ["build_schedule", "tables_for", "match_seed", "bot_match_id"]


def tables_for(bots: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    """Every `seats`-subset of the bots; with too few bots, one table of cycled copies."""
    if len(bots) >= seats:
        return list(itertools.combinations(bots, seats))
    return [tuple(bots[i % len(bots)] for i in range(seats))]


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


def build_schedule(config: TournamentConfig, secret: str = "") -> list[MatchSlot]:
    """Every match of the tournament, in schedule order (round, table, rotation).

    The deals mix `secret` in unless the tournament asks for public deals."""
    names = [bot.name for bot in config.bots]
    mixed = "" if config.public_deals else secret
    schedule = []
    for round_ in range(1, config.rounds + 1):
        for index, table in enumerate(tables_for(names, config.seats), start=1):
            seed = match_seed(config.seed, round_, index, mixed)
            rotations = config.seats if config.duplicate else 1
            for rotation in range(rotations):
                seated = table[rotation:] + table[:rotation]
                schedule.append(MatchSlot(f"r{round_}-t{index}-p{rotation + 1}", round_, index, rotation, seed, seated))
    return schedule
