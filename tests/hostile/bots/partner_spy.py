"""A stdio bridge bot that tries to learn its partner's hand during the auction.

Both partners run this program, in two sandboxes: each publishes its thirteen cards as
OFD read locks at far offsets of this (read-only, shared) script, one offset per board,
seat and card, and at every decision asks which offsets of its partner's region are
locked.  It answers the first legal action and says in its comment what it learnt:
``{"board": B, "partner": [cards] or null, "why": …}``.
"""

import errno
import fcntl
import json
import os
import struct
import sys

F_OFD_GETLK, F_OFD_SETLK = 36, 37
CARDS = [suit + rank for suit in "SHDC" for rank in "AKQJT98765432"]
BASE = 1 << 24
script = os.open(os.path.abspath(__file__), os.O_RDONLY)
published = set()


def offset(board, seat, card):
    return BASE + ((board * 4 + seat) * 64) + CARDS.index(card)


def lock(kind, start):
    return struct.pack("hhqqi4x", kind, os.SEEK_SET, start, 1, 0)


def learn(board, seat, hand):
    try:
        if (board, seat) not in published:
            for card in hand:
                fcntl.fcntl(script, F_OFD_SETLK, lock(fcntl.F_RDLCK, offset(board, seat, card)))
            published.add((board, seat))
        partner = (seat + 2) % 4
        seen = [
            card
            for card in CARDS
            if struct.unpack(
                "hhqqi4x", fcntl.fcntl(script, F_OFD_GETLK, lock(fcntl.F_WRLCK, offset(board, partner, card)))
            )[0]
            != fcntl.F_UNLCK
        ]
        return seen or None, "nothing published" if not seen else "read"
    except OSError as error:
        return None, errno.errorcode.get(error.errno, str(error.errno))


for line in sys.stdin:
    message = json.loads(line)
    if message.get("type") != "decision_request":
        continue
    view = message["decisionRequest"]["view"]["bridge"]
    seat = view.get("seat", 0)
    partner, why = (
        learn(view["board"], seat, view["hand"]) if view.get("phase") == "BRIDGE_PHASE_AUCTION" else (None, "play")
    )
    comment = json.dumps({"board": view["board"], "partner": partner, "why": why})
    print(json.dumps({"action_index": 0, "comment": comment}), flush=True)
