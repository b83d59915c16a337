"""The Node.js bot (bots/node/bot.js) plays a real match over gRPC against Python bots.

Needs `node` on PATH and `npm ci --prefix bots/node` (CI runs it first); skips otherwise.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
import trio

import engine
from arena.play import open_bot_pool, play_match
from arena.records import BotEntry

ROOT = Path(__file__).resolve().parent.parent
NODE_BOT = ROOT / "bots" / "node" / "bot.js"
RANDOM_BOT = ROOT / "bots" / "random_bot.py"

pytestmark = [
    pytest.mark.skipif(shutil.which("node") is None, reason="node is not on PATH: the Node.js bot cannot run"),
    pytest.mark.skipif(
        not (ROOT / "bots" / "node" / "node_modules").is_dir(),
        reason="bots/node/node_modules is missing: run `npm ci --prefix bots/node` first",
    ),
]


def play(tmp_path: Path, node_args: tuple[str, ...] = (), deals: int = 4):
    entries = {
        "node": BotEntry("node", command=("node", str(NODE_BOT), *node_args), startup_timeout=30.0),
        "random": BotEntry("random", command=(sys.executable, str(RANDOM_BOT))),
    }

    async def main():
        async with open_bot_pool(entries, tmp_path / "logs", game="conto") as pool:
            hello = await pool.hello("node")
            seats = [pool.seat("node"), pool.seat("random"), pool.seat("random")]
            record = await play_match(engine.load("conto", players=3), seats, seed=1, deals=deals, move_time=5.0)
            return hello, record

    return trio.run(main)


def test_node_bot_says_hello_and_plays_a_match(tmp_path):
    hello, record = play(tmp_path)
    assert hello.name == "node-counter"
    assert hello.protocol_version == 1
    assert list(hello.games) == ["conto"]
    assert hello.description
    assert record.faults == (), [str(f) for f in record.faults]
    assert len(record.result.deals) == 4
    assert len(record.standing) == 3
    # One bill per hand in all: every hand ended at a showdown, none by forfeit.
    assert sum(record.standing) == 4
    assert all(deal.forfeit is None for deal in record.result.deals)
    assert record.latencies[0], "the Node bot made no decision"
    # It explains its choices.
    assert any(c.seat == 0 for c in record.comments)


def test_node_bot_reads_parameters(tmp_path):
    # Never calling the bill (threshold 0) and calling at once (threshold 1) both play.
    for threshold in ("0", "1"):
        _, record = play(tmp_path / threshold, node_args=(f"--threshold={threshold}", "--samples=50"), deals=2)
        assert record.faults == (), [str(f) for f in record.faults]
        assert len(record.result.deals) == 2
