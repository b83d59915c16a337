"""The protocol's numbers: the one place the SDK, the gRPC client and the stdio client read.

Bot authors see these in protos/README.md; changing one is a protocol change.
"""

from __future__ import annotations

__all__ = [
    "PROTOCOL_VERSION",
    "ARENA_VERSION",
    "ADDRESS_ENV",
    "MAX_BOT_MESSAGE_BYTES",
    "MAX_REFEREE_MESSAGE_BYTES",
    "MAX_LINE_BYTES",
    "MAX_ANSWER_DEPTH",
    "FLOOD_LIMIT",
    "COMMENT_LIMIT",
    "DEFAULT_MEMORY_LIMIT",
    "DEFAULT_STARTUP_TIMEOUT",
    "IN_PROCESS",
    "HUMAN",
]

#: The version a bot's Hello must answer with.
PROTOCOL_VERSION = 1
#: What the arena says of itself in its Hello.
ARENA_VERSION = "0.1.0"
#: The environment variable a bot reads its listening address from.
ADDRESS_ENV = "ARENA_BOT_ADDRESS"
#: Largest message a gRPC bot may send (a Decision is a few bytes; more is a fault).
MAX_BOT_MESSAGE_BYTES = 64 * 1024
#: Largest message the referee sends, and so the size a bot must be able to receive.
MAX_REFEREE_MESSAGE_BYTES = 64 * 1024 * 1024
#: Longest line a stdio bot may write.
MAX_LINE_BYTES = 64 * 1024
#: Deepest nesting of arrays and objects in a stdio bot's JSON answer (deeper is malformed).
MAX_ANSWER_DEPTH = 64
#: Messages (or lines) nobody asked for that a bot may send before it is a flood.
FLOOD_LIMIT = 64
#: Characters of a decision's comment that are kept.
COMMENT_LIMIT = 1000
#: A bot's memory limit unless its tournament entry says otherwise (bytes).
DEFAULT_MEMORY_LIMIT = 2 * 1024**3
#: Seconds a bot has to answer its Hello unless its tournament entry says otherwise.
DEFAULT_STARTUP_TIMEOUT = 20.0
#: The `protocol` of a bot that speaks none: an SDK class played inside the referee's own
#: process (a tournament file's ``module = "package.module:Class"``), trusted, not sandboxed.
IN_PROCESS = "in-process"
#: The `protocol` of a person at the table (a tournament file's ``human = true``): a seat
#: the run's own front asks (arena/human), one table at a time.
HUMAN = "human"
