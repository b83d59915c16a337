"""A gRPC bot cannot point the arena's connection elsewhere, nor make it hold more than a
bot's message.  A symbolic link in place of its socket, to a socket outside its sandbox,
is not followed: the bot has not started (fault `start`, naming the link), and nothing
connects to that socket (before, the arena's Hello went there).  The details of the status
its server ends a call with are the reason of its fault, on one line, every character
printable (before, a newline forged a line of the log, escape sequences went raw to the
terminal).  An answer protobuf cannot parse (a comment that is no UTF-8) is `malformed`.
An answer gzip-compressed by the bot's server, 50 MiB inflated from about 50 KiB on the
wire, is refused by its inflated size (fault `oversized`).  The match goes on."""

from __future__ import annotations

import socket

import pytest
from hostile_support import against_random, hostile, sandbox_or_skip

from arena.protocol import MAX_BOT_MESSAGE_BYTES
from arena.records import BotEntry, FaultKind

BOMB = 50 * 1024**2


def test_a_compressed_answer_is_refused_by_its_inflated_size(tmp_path, sandbox):
    bomb = BotEntry("bomb", command=hostile("compression_bomb"), env={"BOMB": str(BOMB)})
    record, faults = against_random(tmp_path, bomb)
    assert faults and faults[0].kind is FaultKind.OVERSIZED, [str(fault) for fault in faults]
    assert "Decompressed message larger than max" in faults[0].reason, faults[0].reason
    assert all(len(comment.text) <= MAX_BOT_MESSAGE_BYTES for comment in record.comments)


def test_a_link_in_place_of_its_socket_is_not_followed_out_of_the_sandbox(tmp_path):
    sandbox_or_skip()
    target = tmp_path / "outside.sock"
    with socket.socket(socket.AF_UNIX) as outside:
        outside.bind(str(target))
        outside.listen()
        outside.setblocking(False)
        entry = BotEntry("redirects", command=hostile("redirects"), env={"TARGET": str(target)}, startup_timeout=2.0)
        _, faults = against_random(tmp_path, entry)
        with pytest.raises(BlockingIOError):
            outside.accept()  # no one came
    assert faults and faults[0].kind is FaultKind.START, [str(fault) for fault in faults]
    assert "bot.sock is a symbolic link: the arena does not follow it" in faults[0].reason, faults[0].reason


def test_the_details_of_a_bots_grpc_status_reach_the_log_on_one_line_escaped(tmp_path, sandbox):
    entry = BotEntry("escapes", command=hostile("aborts_with_escapes"))
    _, faults = against_random(tmp_path, entry)
    assert faults and faults[0].kind is FaultKind.CRASH, [str(fault) for fault in faults]
    reason = faults[0].reason
    assert reason.isprintable(), repr(reason)
    assert "UNKNOWN: crashed \\u202eevil\\x1b[2J\\x1b]0;title\\x07\\n2026-01-01 12:00:00 arena INFO" in reason, reason


def test_an_answer_that_is_no_protobuf_message_is_malformed(tmp_path, sandbox):
    # A comment of bytes that are no UTF-8: protobuf refuses the whole message.
    _, faults = against_random(tmp_path, BotEntry("utf8", command=hostile("invalid_utf8")))
    assert faults and faults[0].kind is FaultKind.MALFORMED, [str(fault) for fault in faults]
    assert "not a BotMessage" in faults[0].reason, faults[0].reason
