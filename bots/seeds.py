"""Seeded random number generators of the bots: a bot's draws depend only on its `seed`
parameter, the match and the seat, so a tournament with a fixed seed replays exactly."""

from __future__ import annotations

import random
from typing import Any


def seat_rng(match_id: object, seat: object, seed: object) -> random.Random:
    """The generator of the random and invido bots, seeded by "match/seat/seed"."""
    return random.Random(f"{match_id}/{seat}/{seed}")


def tagged_rng(tag: str, seed: object, match: Any, seat: int) -> random.Random:
    """The generator of a conto bot, seeded by "tag:seed:match:seat"; `match` is the
    bot's MatchStart, None before one arrives (then the match id is "")."""
    match_id = match.match_id if match is not None else ""
    return random.Random(f"{tag}:{seed}:{match_id}:{seat}")
