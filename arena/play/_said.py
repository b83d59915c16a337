"""What a bot says, as the arena writes it down: on one line, every character printable.

A bot's words reach the arena's log, its terminal and the results file: a comment, and
the details of a gRPC status its server ends a call with, which become the reason of its
fault.  Written as they came, a newline forges a line of the log, an escape sequence
rewrites the terminal of whoever reads it, a right-to-left mark reverses what follows
(tests/hostile/test_hostile_grpc.py).  Each such character is written as Python writes it
in a string (``\\n``, ``\\x1b``, ``\\u202e``), and what is too long is cut.
"""

from __future__ import annotations

__all__ = ["as_said"]


def as_said(text: str, limit: int | None = None) -> str:
    """`text` with every character that is not printable escaped, and cut after `limit`
    characters of the bot's (with "…" and how many more) when given."""
    more = 0 if limit is None else max(0, len(text) - limit)
    said = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text[: len(text) - more])
    return f"{said}… ({more} more characters)" if more else said
