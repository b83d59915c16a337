"""Shared by the hostile test bots: the SDK on the path, a marker, and a bot that plays the
first legal action and says in its comment what it found (a JSON object)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

# The repository root, as tests/fixtures/bots/_common.py finds it: inside the sandbox
# only the arena's arena/ and engine/ folders are there, which is all the SDK needs.
sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from arena import sdk  # noqa: E402

#: The environment variable the tests mark a bot's processes with (inherited by all).
MARKER = "HOSTILE_MARKER"


def reporting_bot(name: str, findings: dict) -> type[sdk.Bot]:
    """A bot that answers 0 and comments `findings` as JSON (at most 1000 characters)."""

    class Reporter(sdk.Bot):
        games = ("conto", "invido")

        def act(self, request):
            self.comment = json.dumps(findings, sort_keys=True)[:1000]
            return 0

    Reporter.name = name
    return Reporter
