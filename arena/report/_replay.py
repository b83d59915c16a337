"""A stored match as compact replay data for the report's viewer.

A replay is the match's scenes (`engine.Game.scenes`), each a JSON object with short keys,
every part that did not change since the previous scene left out:

    t  the event as everyone saw it            x  the referee's text, when it tells more
    a  the seat that acted (absent: none)      n  the seat to act next (absent: none)
    h  each seat's hand, cards joined by " "   o  each seat's hand open to all (0/1)
    s  each seat's face-up cards, " "-joined   u  each seat's status line
    b  the table: [title, text] pairs          f  each seat's places in s of face-down cards

Beside the scenes, the replay's `marks`: every move the game's statistics count
(`engine.counted_moments`), each [scene, seat, what it counts as, the number behind it,
1 if a bluff moment else 0], the scene being the event's place in the history.

A bridge replay also has `boards`: each board's result at its table (_bridge.py), for
the board table that compares the match's two rooms.

Replays go into the page in chunks of matches, each chunk one gzip member in base64, so
the browser decodes only the chunk of a match someone opens (DecompressionStream).
"""

from __future__ import annotations

import base64
import gzip
import json
from collections.abc import Sequence
from typing import Any

import engine
from arena.report._bridge import board_results

__all__ = ["CHUNK_MATCHES", "match_replay", "replay_data", "pack"]

#: Matches per chunk: large enough that gzip finds the repeats across matches, small
#: enough that opening one match decodes little.
CHUNK_MATCHES = 50
#: The keys of a scene's parts that are left out when unchanged, in the order replay_data makes them.
_PARTS = ("h", "o", "s", "u", "b", "f")


def match_replay(game: engine.Game, history: Sequence[engine.Event], names: Sequence[str]) -> dict[str, Any]:
    """One stored match's replay, from its full history: scenes, marks and, for a game
    rated by board (bridge), its boards as its table scored them."""
    replay = replay_data(game.scenes(history), names, engine.counted_moments(game, history))
    if game.spec.rate_by is engine.RateBy.BOARD:  # as rooms() pairs them for the board table
        replay["boards"] = board_results(history)
    return replay


def replay_data(
    scenes: Sequence[engine.Scene], names: Sequence[str], moments: Sequence[engine.Moment] = ()
) -> dict[str, Any]:
    """One match's replay: its seats' bot names, its scenes, delta-encoded, and the
    marks of the moves its statistics count."""
    encoded: list[dict[str, Any]] = []
    previous: tuple[Any, ...] = (None,) * len(_PARTS)  # the first scene has every part
    # Each part a tuple, not a list: made and compared in a third of the time, and JSON
    # writes it as the same array.
    for scene in scenes:
        seats = scene.seats
        full = (
            tuple([" ".join(seat.hand) for seat in seats]),
            tuple([int(seat.open) for seat in seats]),
            tuple([" ".join(seat.shown) for seat in seats]),
            tuple([seat.status for seat in seats]),
            scene.table,
            tuple([seat.face_down for seat in seats]),
        )
        item: dict[str, Any] = {"t": scene.text}
        if scene.secret_text:
            item["x"] = scene.secret_text
        if scene.actor is not None:
            item["a"] = scene.actor
        if scene.to_act is not None:
            item["n"] = scene.to_act
        item.update((key, part) for key, part, before in zip(_PARTS, full, previous) if part != before)
        previous = full
        encoded.append(item)
    marks = [[m.event, m.seat, str(m.label), m.detail, int(m.bluff)] for m in moments]
    return {"names": list(names), "scenes": encoded, "marks": marks}


def pack(replays: list[dict[str, Any]]) -> str:
    """One chunk: the replays as a JSON list, gzipped, in base64."""
    text = json.dumps(replays, ensure_ascii=True, separators=(",", ":"))
    # mtime 0: the same replays give the same bytes, so a report is reproducible.  Level 6,
    # not 9: a third of the time for 3% more bytes (a chunk of 50 conto matches: 44 ms
    # and 372 kB against 129 ms and 361 kB).
    return base64.b64encode(gzip.compress(text.encode("ascii"), compresslevel=6, mtime=0)).decode("ascii")
