"""Playing matches: the referee and everything between it and a bot's process.

    play_match(game, seats, seed=…, deals=…, move_time=…)   one match → MatchRecord
    open_bot_pool(entries, log_dir, game=…)                 the bots of a run, as seats

`Match` is one match as the referee keeps it, transport aside (for in-process drivers
such as benchmarks/conto_quality.py); `RefereeProfile` adds up its own time by phase.
A seat's stream says how its messages are written (`SeatStream.request_format`):
`ProtobufRequests`, `JsonRequests` or `RecordRequests`, each a `RequestFormat`.

Inside, along the data path: `referee` asks the engine's State whose turn it is and
sends that seat its view; `feed` encodes engine records as the protocol's messages;
`pool` hands out seats, one process per gRPC bot (`grpc_bot`) or one per match for a
stdio bot (`stdio_bot`); the processes themselves (start, sandbox, limits, CPU, the end)
are arena/process/'s.
"""

from arena.play._formats import (
    JsonRequests,
    ProtobufRequests,
    RecordEnd,
    RecordNotice,
    RecordRequest,
    RecordRequests,
    RequestFormat,
)
from arena.play._match import Match, RefereeProfile
from arena.play._said import as_said
from arena.play.feed import GameWire, wire_for
from arena.play.pool import BotPool, open_bot_pool
from arena.play.referee import BUSY_POLL, STOP_AFTER, SeatClient, SeatStream, play_match, poll_for_answers, settle_heap

__all__ = [
    "GameWire",
    "wire_for",
    "BotPool",
    "open_bot_pool",
    "STOP_AFTER",
    "SeatClient",
    "SeatStream",
    "play_match",
    "settle_heap",
    "BUSY_POLL",
    "poll_for_answers",
    "Match",
    "RefereeProfile",
    "RequestFormat",
    "ProtobufRequests",
    "JsonRequests",
    "RecordRequests",
    "RecordRequest",
    "RecordNotice",
    "RecordEnd",
    "as_said",
]
