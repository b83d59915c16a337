"""What a gRPC bot sends cannot make the arena hold more than a bot's message: an answer
gzip-compressed by the bot's server, 50 MiB inflated from about 50 KiB on the wire, is
refused by its inflated size (fault `oversized`), and the match goes on."""

from __future__ import annotations

from hostile_support import against_random, hostile

from arena.protocol import MAX_BOT_MESSAGE_BYTES
from arena.records import BotEntry, FaultKind

BOMB = 50 * 1024**2


def test_a_compressed_answer_is_refused_by_its_inflated_size(tmp_path, sandbox):
    bomb = BotEntry("bomb", command=hostile("compression_bomb"), env={"BOMB": str(BOMB)})
    record, faults = against_random(tmp_path, bomb)
    assert faults and faults[0].kind is FaultKind.OVERSIZED, [str(fault) for fault in faults]
    assert "Decompressed message larger than max" in faults[0].reason, faults[0].reason
    assert all(len(comment.text) <= MAX_BOT_MESSAGE_BYTES for comment in record.comments)
