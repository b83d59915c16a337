"""A sandboxed bot writes nothing to the machine's disk: the folder of its socket, the one
it may write besides /tmp and /dev/shm, is a tmpfs of 1 MiB in its sandbox (the arena
reaches the socket through /proc).  It was the arena's folder on the host: a bot under a
256 MiB memory limit wrote 768 MiB there, which no limit counted, and could have filled
the disk the results file is written to."""

from __future__ import annotations

import glob
import os
import tempfile
import uuid

import pytest
from hostile_support import MARKER, RANDOM, carrying, comments_of, hostile, run_match, sandbox_or_skip, wait_until

from arena.process._sandbox import SOCKET_FOLDER_SIZE
from arena.records import BotEntry

LIMIT = 256 * 1024**2  # its memory limit
FILL = 3 * LIMIT

pytestmark = pytest.mark.usefixtures("needs_sandbox")


@pytest.fixture
def needs_sandbox():
    sandbox_or_skip()


def _on_host() -> tuple[int, int]:
    """How many socket folders this arena's bots have on the host, and the bytes in them."""
    folders = glob.glob(os.path.join(glob.escape(tempfile.gettempdir()), f"arena-run-{os.getpid()}-*", "*"))
    return len(folders), sum(
        os.path.getsize(os.path.join(top, name))
        for folder in folders
        for top, _, names in os.walk(folder)
        for name in names
    )


def test_a_bot_writes_at_most_a_mebibyte_beside_its_socket_and_nothing_to_the_hosts_disk(tmp_path):
    marker = uuid.uuid4().hex
    entries = {
        "filler": BotEntry(
            "filler",
            command=hostile("fills_socket_folder"),
            env={"FILL": str(FILL), MARKER: marker},
            memory_limit=LIMIT,
        ),
        "random": BotEntry("random", command=RANDOM),
    }
    on_host: list[tuple[int, int]] = []
    record = run_match(tmp_path, entries, deals=2, inside=lambda: on_host.append(_on_host()))
    assert on_host == [(2, 0)], f"the bots' socket folders on the host (how many, their bytes): {on_host}"
    assert len(record.result.deals) == 2, "the match went on to the end"
    assert record.faults == (), [str(fault) for fault in record.faults]
    [said, *_] = comments_of(record, 0)
    assert said == {"wrote": SOCKET_FOLDER_SIZE, "stopped": "ENOSPC"}, said
    assert wait_until(lambda: not carrying(marker)), f"survivors: {carrying(marker)}"
