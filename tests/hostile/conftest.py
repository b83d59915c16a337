"""Fixtures of the hostile tests: `sandbox`, which runs a test both ways a bot can run, and
`cgroup`, both ways its processes are measured."""

from __future__ import annotations

import pytest
from hostile_support import sandbox_or_skip

from arena.process import _cgroup, _start


@pytest.fixture(params=["sandboxed", "unsandboxed"])
def sandbox(request, monkeypatch):
    """Both ways a bot runs: in the sandbox (skipped where it cannot run), and as where
    bubblewrap is missing."""
    if request.param == "sandboxed":
        sandbox_or_skip()
    else:
        monkeypatch.setattr(_start, "sandbox_problem", lambda: "bubblewrap is switched off by the test")
    return request.param


@pytest.fixture(params=["cgroup", "no cgroup"])
def cgroup(request, monkeypatch):
    """Both ways a bot's processes are measured: by the cgroup the arena makes for it
    (skipped where none can be made), and from /proc only, as where none can."""
    if request.param == "cgroup":
        if _cgroup.hierarchy() is None:
            pytest.skip("no cgroup can be made here")
    else:
        monkeypatch.setattr(_cgroup, "hierarchy", lambda: None)
    return request.param
