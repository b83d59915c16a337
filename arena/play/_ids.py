"""Decision ids: how the referee names each seat's requests.

A request's `decision_id` is drawn for it at random, per seat: 53 bits (exact as a
JSON or JavaScript number), never 0, never twice for one seat in a match.  Not counted:

- a count shared by the seats tells each seat, by the gaps between its ids, how many
  requests the others were sent, those it never hears of included (in frederik, a pass
  reaches only the seat that passed: 110 gaps of 110 counted them exactly);
- a count of its own would let a bot name its next request before it is sent, and over
  gRPC such an answer cannot be told from a quick one (the referee sees when an answer
  is read, not when it was written).  An id nobody can guess makes every answer to a
  request not yet sent an id never asked: `malformed`.

The ids of a seat are a keyed hash (BLAKE2b) of its own count of requests, the key made
from the match's seed and the seat (`DecisionIds.of_seat`): independent of every other
seat, unpredictable to the bot, which is never told the seed (it mixes in the results
file's secret, unless the tournament says `public_deals = true`), and the same in every
run of the match, so that a bot that seeds its own choices from them still plays the same
match the same way.  A test may give the key.
"""

from __future__ import annotations

import hashlib
import secrets

__all__ = ["DecisionIds", "ID_BITS"]

#: Bits of a decision id: below 2**53, so a double (JavaScript, awk, JSON readers) holds
#: it exactly.
ID_BITS = 53


class DecisionIds:
    """One seat's decision ids in one match (`next` for each request)."""

    __slots__ = ("_key", "_count", "_given")

    def __init__(self, key: bytes | None = None) -> None:
        self._key = secrets.token_bytes(16) if key is None else key
        self._count = 0
        self._given: set[int] = set()

    @classmethod
    def of_seat(cls, match_seed: int, seat: int) -> DecisionIds:
        """The ids of `seat` in the match dealt from `match_seed`."""
        return cls(hashlib.blake2b(f"arena decision ids {match_seed} {seat}".encode(), digest_size=16).digest())

    def next(self) -> int:
        """The id of the seat's next request: new in this match, never 0."""
        while True:
            self._count += 1
            digest = hashlib.blake2b(self._count.to_bytes(8, "little"), key=self._key, digest_size=8).digest()
            decision_id = int.from_bytes(digest, "little") >> (64 - ID_BITS)
            if decision_id and decision_id not in self._given:
                self._given.add(decision_id)
                return decision_id
