"""The arena's records: what flows from a tournament file through a match to the results.

    BotEntry      a bot as the tournament file (or `arena play --bot`) names it
    Setup         everything that changes results; its fingerprint guards a results file
    MatchSlot     one match the schedule asks for: key, round, table, rotation, seed, seats
    MatchRecord   everything a played match produced (the referee's answer)
    TimeUse       one seat's thinking time in a match: decisions, total, longest, CPU
    CpuUse        one seat's CPU time in a match, what it used off turn included
    StoredMatch   one match as the results file gives it back
    Fault         one fault charged to a seat, of a named FaultKind
    SprtTest      what an SPRT tests: candidate, baseline, elo0, elo1, alpha, beta, prior

All frozen; nothing here does I/O.  Imports run one way: everything in the arena may
import this package, and it imports only the engine (and the arena's leaf modules:
`arena.clock`, `arena.protocol`).  One module per kind of record: `_faults`, `_bots`,
`_setup` (and how setups differ, in sentences), `_matches`, `_sprt`; import them from here.
"""

from __future__ import annotations

import copyreg
from types import MappingProxyType
from typing import Any

from arena.records._bots import DEFAULT_MAX_PROCESSES, BotEntry
from arena.records._faults import Fault, FaultKind
from arena.records._matches import Comment, CpuUse, MatchRecord, MatchSlot, StoredMatch, TimeUse
from arena.records._setup import BotSetup, Setup
from arena.records._sprt import SprtTest

__all__ = [
    "FaultKind",
    "Fault",
    "BotEntry",
    "DEFAULT_MAX_PROCESSES",
    "BotSetup",
    "Setup",
    "MatchSlot",
    "Comment",
    "MatchRecord",
    "StoredMatch",
    "TimeUse",
    "CpuUse",
    "SprtTest",
]


def _mapping_proxy(items: dict[Any, Any]) -> MappingProxyType:
    return MappingProxyType(items)


def _reduce_mapping_proxy(proxy: MappingProxyType) -> tuple[Any, ...]:
    return _mapping_proxy, (dict(proxy),)


# The records' read-only mappings (game options, a bot's env) are pickled as what they
# hold, wherever a record travels: to a worker process, to a Dask worker.
copyreg.pickle(MappingProxyType, _reduce_mapping_proxy)
