"""Deterministic randomness that is the same on every machine and Python version.

`random.Random.shuffle` is not promised to stay stable across Python releases, and deals
must replay forever from a stored seed, so the engine draws from SHA-256 in counter mode.
It runs once per deal, but a conto deal is only about 17 decisions: `shuffle` draws as
`below` does, bit for bit, in one loop (a 108-card deck: 280 µs as calls, under 100 inline).
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence

from ._errors import OptionError

__all__ = ["DealRandom"]


class DealRandom:
    """A stream of uniform integers derived from a seed and a path such as ("deal", 3)."""

    def __init__(self, seed: int, *path: object) -> None:
        try:
            number = int(seed)
        except (TypeError, ValueError):
            raise OptionError(f"A match's seed is a whole number, not {seed!r}.") from None
        self._key = repr((number, *path)).encode()
        self._counter = 0
        self._pool = 0
        self._bits = 0

    def _refill(self) -> None:
        block = hashlib.sha256(self._key + b"/" + str(self._counter).encode()).digest()
        self._counter += 1
        self._pool = (self._pool << 256) | int.from_bytes(block, "big")
        self._bits += 256

    def _take(self, bits: int) -> int:
        while self._bits < bits:
            self._refill()
        self._bits -= bits
        value = self._pool >> self._bits
        self._pool &= (1 << self._bits) - 1
        return value

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), by rejection so that no value is favoured."""
        if n <= 0:
            raise RuntimeError(f"below() needs a positive bound, got {n}: a bug in its caller.")
        bits = max(1, (n - 1).bit_length())
        while True:
            value = self._take(bits)
            if value < n:
                return value

    def shuffle(self, items: MutableSequence) -> None:
        """Fisher–Yates in place, each j drawn as `below(i + 1)` draws it (the same bits,
        so the same deals), written out: a call per card cost more than the rest."""
        pool, bits = self._pool, self._bits
        key, counter = self._key + b"/", self._counter
        sha256, from_bytes = hashlib.sha256, int.from_bytes
        for i in range(len(items) - 1, 0, -1):
            need = i.bit_length()  # below(i + 1)'s bits: max(1, i.bit_length()), i >= 1
            while True:
                if bits < need:  # one block always suffices: need is at most 64
                    pool = (pool << 256) | from_bytes(sha256(key + str(counter).encode()).digest(), "big")
                    counter += 1
                    bits += 256
                bits -= need
                j = pool >> bits
                pool &= (1 << bits) - 1
                if j <= i:
                    break
            items[i], items[j] = items[j], items[i]
        self._pool, self._bits, self._counter = pool, bits, counter
