"""What a results file is opened with (`Tournament`) and what it says of itself (`StoreInfo`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from arena.records import Setup, SprtTest

__all__ = ["Tournament", "StoreInfo"]


class Tournament(Protocol):
    """What `ResultStore.open` reads of a tournament (an `arena.config.TournamentConfig`)."""

    @property
    def name(self) -> str: ...

    @property
    def game(self) -> str: ...

    @property
    def setup(self) -> Setup: ...

    @property
    def anchor(self) -> tuple[str, float] | None: ...

    @property
    def prior_games(self) -> float: ...


@dataclass(frozen=True)
class StoreInfo:
    """What a results file says about the tournament that wrote it."""

    path: Path
    name: str
    game: str
    options: Mapping[str, Any]
    seats: int
    bots: tuple[str, ...]
    setup: Setup
    fingerprint: str
    fingerprint_data: Mapping[str, Any]  # the stored JSON form of `setup`
    created_at: str
    matches: int
    # How the last run rated (its file's anchor and prior): what `arena table` uses unless told otherwise.
    anchor: tuple[str, float] | None = None
    prior_games: float = 2.0
    #: The matches of the last run's schedule (None: a file from before it was kept).
    scheduled: int | None = None
    #: The SPRT the last run tested (None: none, or a file from before it was kept).
    sprt: SprtTest | None = None
    #: The matches saved when that SPRT first reached a bound (None: it has not): the
    #: test decided over the first this many, in the order saved.
    sprt_decided: int | None = None
