"""The input of the fit: one scored deal or match as an `Observation` (or, from a reader
that checked and merged its own, a `CheckedObservation`), and its seat-order-free key
(`canonical`), which merges identical results before the fit."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from arena.errors import RatingError

__all__ = ["Observation", "CheckedObservation", "canonical"]


@dataclass(frozen=True)
class Observation:
    """One scored deal (or match) at one table.

    ``sides`` holds one tuple of bot names per unit that finishes in one place (a
    single bot, or a partnership whose rating is the sum of its members'); ``ranks``
    gives each side's finishing position, 0 = best, equal numbers = tie; only the
    order of the numbers matters. ``weight`` is a multiplicity, so identical results
    can be passed once. ``cluster`` names the observation's deal family (see
    `arena.results.ratings`, "Intervals"); within one family a weight counts copies,
    which add nothing to what the family tells. Lists are accepted and stored as tuples.
    """

    sides: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]
    weight: float = 1.0
    #: The deal family it belongs to (any hashable: the same deal at every rotation of its
    #: table), for the cluster-robust intervals; None: a family of its own.
    cluster: object = None

    def __post_init__(self) -> None:
        if isinstance(self.sides, str) or not _is_sequence(self.sides):
            raise RatingError("The sides of an observation must be a sequence of tuples of bot names.")
        sides = []
        for side in self.sides:
            if isinstance(side, str):
                raise RatingError(
                    f"Each side must be a tuple of bot names, not the bare string {side!r}; "
                    f"write ({side!r},) for a side of one bot."
                )
            if not _is_sequence(side) or len(side) == 0:
                raise RatingError("Each side of an observation must name at least one bot.")
            for name in side:
                if not isinstance(name, str) or not name:
                    raise RatingError(f"Bot names must be non-empty strings, got {name!r}.")
            sides.append(tuple(str(name) for name in side))
        if len(sides) < 2:
            raise RatingError(f"An observation needs at least two sides, got {len(sides)}.")
        if isinstance(self.ranks, str) or not _is_sequence(self.ranks):
            raise RatingError("The ranks of an observation must be a sequence of integers.")
        ranks = tuple(self.ranks)
        if len(ranks) != len(sides):
            raise RatingError(
                f"An observation has {len(sides)} sides but {len(ranks)} ranks; give exactly one rank per side."
            )
        for rank in ranks:
            if isinstance(rank, bool) or not isinstance(rank, (int, np.integer)) or rank < 0:
                raise RatingError(f"Ranks must be non-negative integers (0 = best), got {rank!r}.")
        weight = self.weight
        if isinstance(weight, bool) or not isinstance(weight, (int, float, np.integer, np.floating)):
            raise RatingError(f"The weight of an observation must be a number, got {weight!r}.")
        if not math.isfinite(weight) or weight <= 0:
            raise RatingError(f"The weight of an observation must be a positive finite number, got {weight!r}.")
        object.__setattr__(self, "sides", tuple(sides))
        object.__setattr__(self, "ranks", tuple(int(r) for r in ranks))
        object.__setattr__(self, "weight", float(weight))


class CheckedObservation(NamedTuple):
    """An `Observation` as its maker already holds it checked: tuples of non-empty names,
    one non-negative int rank per side, a positive float weight.  The fit takes it as it
    is, with no object made or checked per observation: for a reader of a whole results
    file (`file_tables`: 200,000 merged outcomes at 100,000 matches), whose outcomes the
    arena itself wrote."""

    sides: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]
    weight: float = 1.0
    cluster: object = None


def _is_sequence(value: object) -> bool:
    return isinstance(value, (tuple, list))


def canonical(obs: Observation | CheckedObservation) -> tuple | None:
    """Seat-order-free key: sides sorted by (rank, members), ranks made dense.

    None for an observation whose sides are all the same multiset of bots."""
    return _canonical(obs.sides, obs.ranks)


@functools.lru_cache(maxsize=1 << 16)
def _canonical(sides_in: tuple[tuple[str, ...], ...], ranks_in: tuple[int, ...]) -> tuple | None:
    """`canonical` of the sides and ranks (a tournament repeats a few thousand of them at most)."""
    pairs = sorted((r, tuple(sorted(side))) for side, r in zip(sides_in, ranks_in))
    sides = tuple(side for _, side in pairs)
    if all(side == sides[0] for side in sides):
        return None
    dense = {r: i for i, r in enumerate(sorted({r for r, _ in pairs}))}
    ranks = tuple(dense[r] for r, _ in pairs)
    return sides, ranks
