"""Which match a worker plays next, and which it is told to expect after that one.

Fair play gives each rotation of a table a bot process of its own (arena.play.pool), and
a worker has its own pool: a worker that plays r rotations of one table needs r
processes of each bot at it.  So each table's rotations are spread evenly over the
workers, at most ceil(rotations / workers) to each while another choice is left among
the next `WINDOW` matches, in the schedule's order otherwise.  And a worker is told the
match it will play next as soon as it is sent one, so its pool starts the processes
that match needs meanwhile (`BotPool.expect`); when it is ready again it is sent that
match, unless the run lost it (a worker died, the run stopped).
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable
from itertools import islice

from arena.records import MatchSlot

__all__ = ["Assigner", "WINDOW"]

#: How far down the schedule a worker's match is looked for (the order stays near it).
WINDOW = 64


class Assigner:
    """The matches of `todo` given out to workers known by number (see the module docstring)."""

    def __init__(self, todo: Iterable[MatchSlot], schedule: Iterable[MatchSlot], workers: int) -> None:
        self.todo = deque(todo)
        rotations = Counter(slot.seed for slot in schedule)
        self._share = {seed: -(-count // workers) for seed, count in rotations.items()}
        self._played: dict[int, Counter[int]] = {}
        self._coming: dict[int, MatchSlot] = {}

    def __bool__(self) -> bool:
        return bool(self.todo)

    def take(self, worker: int) -> tuple[MatchSlot, bool, MatchSlot | None]:
        """The match `worker` plays now (taken from `todo`), whether it was told to expect
        it, and the match it is to expect next (None when none is left)."""
        coming = self._coming.pop(worker, None)
        if coming is not None and coming in self.todo:
            slot, told = coming, True
        else:
            slot, told = self._choose(worker), False
        self.todo.remove(slot)
        self._played.setdefault(worker, Counter())[slot.seed] += 1
        after = self._choose(worker) if self.todo else None
        if after is not None:
            self._coming[worker] = after
        return slot, told, after

    def put_back(self, slots: Iterable[MatchSlot], worker: int) -> None:
        """`worker` died playing `slots`: they are played first, by the others, and the match
        it was to expect is free for them."""
        self._coming.pop(worker, None)
        self.todo.extendleft(reversed(list(slots)))

    def _choose(self, worker: int) -> MatchSlot:
        told = {slot.key for number, slot in self._coming.items() if number != worker}
        played = self._played.get(worker, Counter())
        first = None
        for slot in islice(self.todo, WINDOW):
            if slot.key not in told:
                if played[slot.seed] < self._share[slot.seed]:
                    return slot
                first = first or slot
        return first or self.todo[0]
