"""The dry run's estimate: every bot in the timing sample, a match priced at its likely length."""

from __future__ import annotations

from itertools import combinations
from types import SimpleNamespace

import engine
from arena.run.dryrun import expected_deals, sample_tables


def test_the_sample_seats_every_bot_when_the_schedule_order_would_leave_one_out():
    # invido's six bots in pairs: in schedule order the first four tables are random's,
    # which left the sixth bot (ISMCTS, the slowest) out of the estimate.
    bots = ["random", "rules", "cautious", "bluffer", "wild", "ismcts"]
    schedule = [SimpleNamespace(names=pair, rotation=0) for pair in combinations(bots, 2)]
    chosen = sample_tables(schedule)  # type: ignore[arg-type]
    assert {name for slot in chosen for name in slot.names} == set(bots)
    assert len(chosen) == 3 and chosen[0] is schedule[0]


def test_a_match_is_priced_at_its_typical_length_when_its_deals_are_a_cap():
    invido, conto = engine.load("invido").spec, engine.load("conto").spec
    assert invido.typical_deals is not None and conto.typical_deals is None
    assert expected_deals(invido, 200) == invido.typical_deals < 200  # first to 24, not 200 giocate
    assert expected_deals(invido, 5) == 5  # a cap below the typical length is reached
    assert expected_deals(conto, 12) == 12  # conto plays exactly its deals
