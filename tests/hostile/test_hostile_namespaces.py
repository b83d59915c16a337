"""A bot cannot hide processes from the arena's count in a namespace of its own: the
sandbox refuses it a user namespace (without one, no pid namespace either), so the 20
processes it forks are counted, over its limit of 8, and the fault is `processes`; the
match goes on, nothing survives.  Before, in a pid namespace inside its sandbox's, they
went unseen, and without a cgroup so did the 800 MiB they held under a 300 MiB limit."""

from __future__ import annotations

import uuid

import pytest
from hostile_support import MARKER, against_random, carrying, comments_of, hostile, sandbox_or_skip, wait_until

from arena.records import BotEntry, FaultKind

pytestmark = pytest.mark.usefixtures("needs_sandbox")


@pytest.fixture
def needs_sandbox():
    sandbox_or_skip()


def test_processes_forked_in_a_namespace_of_its_own_are_counted_and_stopped(tmp_path, cgroup):
    marker = uuid.uuid4().hex
    hider = BotEntry(
        "hider", command=hostile("hides_in_namespace"), env={"HIDE": "20", MARKER: marker}, max_processes=8
    )
    record, faults = against_random(tmp_path, hider)
    assert faults and faults[0].kind is FaultKind.PROCESSES, [str(fault) for fault in faults]
    assert "over its limit of 8" in faults[0].reason, faults[0].reason
    assert comments_of(record, 0)[0] == {"clone3": "ENOSYS", "unshare": "EPERM"}
    assert wait_until(lambda: not carrying(marker)), f"survivors: {carrying(marker)}"
