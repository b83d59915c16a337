"""A human plays a whole conto match in the browser (`arena play conto --human me --web`),
in Debian's Chromium driven by playwright, by clicks: the page shows the seat's cards
and the numbered actions, a click plays one, the result stays until "leave".  The server
answers only on 127.0.0.1 and only with the token of the printed address.

Skipped with the reason when Chromium or playwright is missing; `.ci/run` installs both.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.test_report_browser import CHROMIUM, FLAGS

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e '.[test]')")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)"),
]

ROOT = Path(__file__).resolve().parent.parent


def test_a_human_plays_a_whole_conto_match_in_the_browser_by_clicks(tmp_path: Path) -> None:
    command = [
        sys.executable, "-m", "arena", "play", "conto", "--human", "me", "--web", "--seat", "1",
        "--bot", "honest=python bots/conto_honest.py", "--bot", "bluffer=python bots/conto_bluffer.py",
        "--deals", "3", "--seed", "4", "--logs", str(tmp_path / "logs"),
    ]  # fmt: skip
    arena = subprocess.Popen(
        command, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    try:
        assert arena.stdout is not None
        line = arena.stdout.readline()
        url = re.search(r"http://127\.0\.0\.1:\d+/\?t=\S+", line)
        assert url, f"no address printed: {line!r}"
        address = url.group(0)
        for wrong in (address.split("?")[0], address[:-1] + ("x" if address[-1] != "x" else "y")):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(wrong, timeout=10)
            assert refused.value.code == 403

        rng = random.Random(2)
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            page = browser.new_page(viewport={"width": 1000, "height": 800})
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(address)
            moves = 0
            while True:
                # The next move's prompt, or the end (the page follows the match by itself).
                page.wait_for_function(
                    "n => document.querySelector('#leave').hidden === false"
                    " || document.querySelector('#prompt').textContent.endsWith('your move ' + n)",
                    arg=moves + 1,
                    timeout=60_000,
                )
                if page.is_visible("#leave"):
                    break
                moves += 1
                assert page.locator("#cards .card").count() > 0  # the seat's hand, drawn as cards
                buttons = page.locator("#actions button.action")
                buttons.nth(rng.randrange(buttons.count())).click()
            result = page.text_content("#outcome") or ""
            assert "The match is over." in result and "me (you)" in result
            assert page.locator("#history li").count() > 5
            page.click("#leave")
            assert not errors, errors
            browser.close()
        assert arena.wait(timeout=60) == 0
        assert moves >= 3
        assert re.search(r"^\s+1\s+me\s", arena.stdout.read(), re.MULTILINE)  # the result table, seat 1
    finally:
        if arena.poll() is None:
            arena.kill()
            arena.wait()
