"""Which match a worker plays next (arena/run/_assign.py): each worker plays the match it
was told to expect, every table's rotations are spread evenly over the workers (a worker
needs a bot process per rotation of a table it plays), and a dead worker's matches come
back first."""

from collections import Counter

from arena.records import MatchSlot
from arena.run._assign import Assigner


def _schedule(tables: int, rotations: int = 4) -> list[MatchSlot]:
    return [
        MatchSlot(f"r1-t{t}-p{r}", 1, t, r, seed=1000 + t, names=("a", "b", "c", "d"))
        for t in range(1, tables + 1)
        for r in range(1, rotations + 1)
    ]


def _play_all(assigner: Assigner, order: list[int]) -> tuple[dict[int, list[MatchSlot]], int]:
    """Give out every match to the workers in `order` (repeated); how many a worker got that
    it had not been told to expect, after its first."""
    played: dict[int, list[MatchSlot]] = {}
    untold = 0
    turn = 0
    while assigner:
        worker = order[turn % len(order)]
        slot, told, _ = assigner.take(worker)
        untold += worker in played and not told
        played.setdefault(worker, []).append(slot)
        turn += 1
    return played, untold


def test_each_match_is_given_once_and_each_worker_plays_what_it_was_told_to_expect():
    schedule = _schedule(5)
    played, untold = _play_all(Assigner(schedule, schedule, 2), [1, 2])
    given = [slot.key for slots in played.values() for slot in slots]
    assert sorted(given) == sorted(slot.key for slot in schedule)
    assert untold == 0


def test_a_tables_rotations_are_spread_evenly_over_the_workers():
    schedule = _schedule(6)
    for order in ([1, 2], [2, 1], [1, 2, 3], [3, 1, 2]):  # 2 or 3 workers, ready in turn
        played, _ = _play_all(Assigner(schedule, schedule, len(order)), order)
        for slots in played.values():
            per_table = Counter(slot.seed for slot in slots)
            assert max(per_table.values()) == 2, (order, per_table)  # 4 rotations: 2 + 2, or 2 + 1 + 1


def test_a_worker_ready_more_often_takes_more_of_a_table_only_when_nothing_else_is_left():
    schedule = _schedule(6)
    assigner = Assigner(schedule, schedule, 2)
    done: Counter[int] = Counter()
    turn = 0
    while assigner:
        worker = [1, 1, 2][turn % 3]
        left = list(assigner.todo)
        slot, _, _ = assigner.take(worker)
        if worker == 1:
            if done[slot.seed] >= 2:
                assert all(done[other.seed] >= 2 for other in left if other.key != slot.key), slot.key
            done[slot.seed] += 1
        turn += 1


def test_the_match_told_is_the_next_one_no_other_worker_was_told():
    schedule = _schedule(2)
    assigner = Assigner(schedule, schedule, 2)
    first, _, first_next = assigner.take(1)
    second, _, second_next = assigner.take(2)
    assert [first.key, second.key] == ["r1-t1-p1", "r1-t1-p3"]
    assert first_next is not None and second_next is not None
    assert [first_next.key, second_next.key] == ["r1-t1-p2", "r1-t1-p4"]
    assert assigner.take(2)[:2] == (second_next, True), "a worker is sent the match it was told"


def test_a_dead_workers_matches_come_back_first_and_its_told_match_is_free():
    schedule = _schedule(3)
    assigner = Assigner(schedule, schedule, 2)
    lost, _, told = assigner.take(1)
    assigner.put_back([lost], 1)
    again, was_told, _ = assigner.take(3)  # its replacement
    assert again == lost and not was_told
    assert told is not None and told in assigner.todo, "the match it was told to expect is left for the others"
