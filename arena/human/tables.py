"""People in a tournament file (``[[bot]] human = true``): their seats for `arena run`.

Every person of the file plays on one browser page (`WebFront`, whose address the run
prints when it starts), one table at a time (`HumanSeat` waits, and its match with it,
while they play another); the run plays the tables without them meanwhile.  Their clock
is the file's `tc` or `move_time` for them, else none (arena/config/bots.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import engine
from arena.config import TournamentConfig
from arena.human.seat import HumanSeat
from arena.human.web import WebFront
from arena.records import BotEntry

__all__ = ["PeopleFront", "seat_people"]


class PeopleFront:
    """The page the people of a run play at, and a seat for each of them."""

    def __init__(self, config: TournamentConfig) -> None:
        self.game = engine.load(config.game, players=config.seats, **config.options)
        self.front = WebFront(self.game)
        self.front.start()
        self._seats: dict[str, HumanSeat] = {}

    def seat(self, entry: BotEntry) -> HumanSeat:
        """The person's one seat, the same at every table (it plays them one at a time)."""
        if entry.name not in self._seats:
            self._seats[entry.name] = HumanSeat(entry.name, self.game, self.front)
        return self._seats[entry.name]

    def close(self) -> None:
        self.front.close()


@contextmanager
def seat_people(config: TournamentConfig) -> Iterator[Callable[[BotEntry], HumanSeat]]:
    """While the run lasts: the page of the file's people, started (its address printed),
    as the maker of their seats for the bot pool."""
    people = PeopleFront(config)
    try:
        yield people.seat
    finally:
        people.close()
