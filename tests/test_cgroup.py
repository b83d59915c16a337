"""The cgroups of bot processes (arena/process/_cgroup.py): where they can be made, the
stale ones of arenas gone, and, without them, the CPU meter's count of the children that
a bot's processes reaped (arena/process/cpu.py)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from arena.process import _cgroup
from arena.process.cpu import CpuMeter


@pytest.fixture
def sleepers():
    """Two live processes whose own CPU stays about nil."""
    started = [subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"]) for _ in range(2)]
    yield [process.pid for process in started]
    for process in started:
        process.kill()
        process.wait()


def test_the_meter_counts_the_children_each_process_reaped_once(sleepers):
    a, b = sleepers
    meter = CpuMeter()
    meter.track([a, b], {a: 3.0, b: 0.0})  # reaped before the bot was first seen: counted
    base = meter.total()
    assert base >= 3.0
    meter.track([a, b], {a: 4.0, b: 0.5})  # 1 s and 0.5 s more, reaped since
    assert meter.total() == pytest.approx(base + 1.5, abs=0.05)
    # b ends, and a reaps it: what b had been counted for (its own ~0 and its 0.5 s of
    # reaped children) is in a's figure now, with 0.25 s b's children used since.
    meter.track([a], {a: 4.75})
    assert meter.total() == pytest.approx(base + 1.75, abs=0.05)
    # a process first seen: its reaped children count whole.
    meter.track([a], {a: 4.75, 424242: 0.3})
    assert meter.total() == pytest.approx(base + 2.05, abs=0.05)
    meter.close()


def test_a_process_that_ends_unreaped_keeps_its_count_and_takes_nothing_from_others(sleepers):
    a, b = sleepers
    meter = CpuMeter()
    meter.track([a, b], {a: 0.0, b: 2.0})
    base = meter.total()
    # b is gone and nobody's figure grew by what it was counted for (the kernel reaped it):
    # its 2 s stay counted; a's 0.5 s since are lost against them, never counted twice.
    meter.track([a], {a: 0.5})
    assert base - 0.05 <= meter.total() <= base + 0.05
    meter.track([a], {a: 1.5})
    assert meter.total() == pytest.approx(base + 1.0, abs=0.05)
    meter.close()


def test_a_meter_with_a_counter_reads_it_and_nothing_else(sleepers):
    figures = iter([1.0, 2.5])
    meter = CpuMeter(lambda: next(figures))
    meter.track(sleepers, {sleepers[0]: 100.0})
    assert meter.total() == 1.0
    assert meter.total() == 2.5
    meter.close()


def test_cgroups_are_off_when_the_environment_says_so(monkeypatch):
    monkeypatch.setenv(_cgroup.CGROUP_ENV, "off")
    _cgroup.hierarchy.cache_clear()
    try:
        assert _cgroup.hierarchy() is None
        assert _cgroup.make_bot_cgroup(1 << 30) is None
    finally:
        monkeypatch.undo()
        _cgroup.hierarchy.cache_clear()


def test_v1_needs_both_controllers_writable(tmp_path):
    (tmp_path / "cpuacct" / "own").mkdir(parents=True)
    (tmp_path / "memory" / "own").mkdir(parents=True)
    mounts = [
        ("cgroup", "/", str(tmp_path / "cpuacct"), {"rw", "cpuacct"}),
        ("cgroup", "/", str(tmp_path / "memory"), {"rw", "memory"}),
    ]
    own = {"cpuacct": "/own", "memory": "/own"}
    found = _cgroup._v1(own, mounts)
    assert found == _cgroup.Hierarchy(1, (str(tmp_path / "cpuacct" / "own"), str(tmp_path / "memory" / "own")))
    assert _cgroup._v1({"cpuacct": "/own"}, mounts) is None
    assert _cgroup._v1(own, mounts[:1]) is None


def test_v2_takes_the_nearest_cgroup_that_delegates_memory(tmp_path):
    (tmp_path / "user" / "session").mkdir(parents=True)
    (tmp_path / "user" / "cgroup.subtree_control").write_text("cpu memory pids\n")
    (tmp_path / "user" / "cgroup.procs").write_text("")
    (tmp_path / "user" / "session" / "cgroup.subtree_control").write_text("\n")
    (tmp_path / "user" / "session" / "cgroup.procs").write_text("")
    mounts = [("cgroup2", "/", str(tmp_path), {"rw"})]
    found = _cgroup._v2({"": "/user/session"}, mounts)
    assert found == _cgroup.Hierarchy(2, (str(tmp_path / "user"),))
    (tmp_path / "user" / "cgroup.subtree_control").write_text("cpu pids\n")
    assert _cgroup._v2({"": "/user/session"}, mounts) is None


def test_the_cgroups_of_arenas_gone_are_removed_and_only_those(tmp_path):
    gone = subprocess.Popen(["true"])
    gone.wait()
    me = os.getpid()
    stale = tmp_path / f"arena-{gone.pid}-1-3"
    live = tmp_path / f"arena-{me}-{_cgroup.start_time(me)}-1"
    other = tmp_path / "someone-else"
    for folder in (stale, live, other):
        folder.mkdir()
    _cgroup._remove_stale(str(tmp_path))
    assert not stale.exists()
    assert live.exists() and other.exists()


def test_a_hierarchy_whose_cgroups_cannot_be_joined_is_not_used(tmp_path, caplog):
    # Folders can be made there, but they are no cgroups: a process cannot join one.
    assert not _cgroup._joinable(_cgroup.Hierarchy(1, (str(tmp_path),)))
    assert list(tmp_path.iterdir()) == []  # the probe is gone
    assert "Cannot move processes into cgroups" in caplog.text


def test_a_field_of_a_cgroup_file_is_read_by_its_whole_name():
    stat = b"cache 5\nactive_file 3\ntotal_active_file 99\ninactive_file 11\n"
    assert [_cgroup._field(stat, name) for name in (b"cache", b"active_file", b"inactive_file")] == [5, 3, 11]
    assert _cgroup._field(stat, b"mapped_file") == 0
    assert _cgroup._field(b"oom_kill_disable 0\nunder_oom 0\noom_kill 2\n", b"oom_kill") == 2
