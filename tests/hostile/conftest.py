"""Fixtures of the hostile tests: `sandbox`, which runs a test both ways a bot can run."""

from __future__ import annotations

import pytest
from hostile_support import sandbox_or_skip

from arena.process import bot as process


@pytest.fixture(params=["sandboxed", "unsandboxed"])
def sandbox(request, monkeypatch):
    """Both ways a bot runs: in the sandbox (skipped where it cannot run), and as where
    bubblewrap is missing."""
    if request.param == "sandboxed":
        sandbox_or_skip()
    else:
        monkeypatch.setattr(process, "sandbox_problem", lambda: "bubblewrap is switched off by the test")
    return request.param
