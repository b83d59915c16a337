"""What one seat knows, as numbers: the shared encoding of the PettingZoo and OpenSpiel adapters.

Both adapters need, per game and player count, a *fixed* action space and a *fixed-size*
observation, while the engine's actions and views are records of varying shape.

- Actions.  Conto and frederik have tens of thousands of distinct actions (every plate
  with every reveal, every steal of every pair), so a fixed action space cannot be their
  catalogue.  Action `k` is the `k`-th legal action in the engine's canonical order
  (`State.legal_actions`), and the space has `action_slots(game)` slots: a bound on how
  many actions a decision can offer.  The mask is the first `len(legal)` slots; the
  action each slot means is in `info["legal_actions"]` (PettingZoo) or
  `action_to_string` (OpenSpiel).  Exceeding the bound raises instead of truncating.
- Observations.  The seat's view, `Turn` and the current deal's events as it saw them
  are flattened into `path=value` tokens, and each token sets one of `FEATURE_BINS`
  bins chosen by a keyed, stable hash (the "hashing trick": a fixed size for records of
  any shape, at the cost of rare collisions).  Nothing enters the tokens but what
  `State.view(seat)` and `State.turn()` return, so nothing a seat may not know can.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

import engine

__all__ = [
    "FEATURE_BINS",
    "ACTION_SLOTS",
    "action_slots",
    "view_tokens",
    "encode_tokens",
    "encode_view",
    "legal_mask",
    "information_lines",
    "TooManyActions",
]

#: Size of the flat observation: enough bins that a view's hundred or so tokens rarely share one.
FEATURE_BINS = 2048

#: Action slots per game and player count: about twice the largest number of legal actions
#: seen in one decision over 60 random matches of 3 deals for every player count and option
#: (conto 64, invido 9, vegas 3, frederik 128 to 248).  Bridge's 90 is exact: 35 bids,
#: pass, double, redouble and 52 cards is more than one decision ever offers.
ACTION_SLOTS: dict[str, dict[int, int]] = {
    "conto": dict.fromkeys(range(3, 9), 128),
    "invido": {2: 24},
    "vegas": dict.fromkeys(range(2, 7), 8),
    "bridge": {4: 90},
    "frederik": {2: 256, 3: 256, 4: 512, 5: 512, 6: 512},
}


class TooManyActions(engine.EngineError):
    """A decision offered more legal actions than the game's fixed action space holds."""


def action_slots(game: engine.Game) -> int:
    """The fixed number of actions of `game` at its player count."""
    return ACTION_SLOTS[game.spec.name][game.players]


def legal_mask(state: engine.State, slots: int) -> np.ndarray:
    """1 for each slot that is a legal action now (the first `len(legal)` slots), else 0."""
    legal = len(state.legal_actions())
    if legal > slots:
        raise TooManyActions(
            f"{state.game.describe()} offers {legal} legal actions here, more than its {slots} action slots."
        )
    mask = np.zeros(slots, dtype=np.int8)
    mask[:legal] = 1
    return mask


def _scalar(value: Any) -> str:
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _walk(path: str, value: Any) -> Iterator[str]:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            if not field.metadata.get("referee_only"):
                yield from _walk(f"{path}.{field.name}", getattr(value, field.name))
    elif isinstance(value, tuple):
        yield f"{path}#={len(value)}"
        for index, item in enumerate(value):
            yield from _walk(f"{path}[{index}]", item)
            if not (dataclasses.is_dataclass(item) or isinstance(item, tuple)):
                # Membership as well as position: a hand is a set of cards wherever each sits.
                yield f"{path}∋{_scalar(item)}"
    else:
        yield f"{path}={_scalar(value)}"


def view_tokens(view: engine.View, turn: engine.Turn | None) -> list[str]:
    """The view (its events as text, from the deal's start and from its end) and the
    decision awaited, as `path=value` tokens."""
    tokens: list[str] = []
    for field in dataclasses.fields(view):  # type: ignore[arg-type]
        if field.name != "deal_events":
            tokens.extend(_walk(field.name, getattr(view, field.name)))
    events: Sequence[engine.Event] = getattr(view, "deal_events", ())
    for index, event in enumerate(events):
        tokens.append(f"event[{index}]={event.text}")
        tokens.append(f"event[-{len(events) - index}]={event.text}")
    if turn is not None:
        tokens.extend(_walk("turn", turn))
    return tokens


def _bin(token: str) -> int:
    # blake2b, not hash(): the same bin in every process and on every machine.
    digest = hashlib.blake2b(token.encode(), digest_size=8, person=b"arena-obs").digest()
    return int.from_bytes(digest, "little") % FEATURE_BINS


def encode_tokens(tokens: Sequence[str]) -> np.ndarray:
    """Each token's bin set to 1: a float32 vector of FEATURE_BINS values in [0, 1]."""
    vector = np.zeros(FEATURE_BINS, dtype=np.float32)
    for token in tokens:
        vector[_bin(token)] = 1.0
    return vector


def encode_view(state: engine.State, seat: int) -> np.ndarray:
    """The flat encoding of what `seat` knows now; the decision awaited is included only
    when the seat is the one asked (whose turn it is is public, why is the asked seat's)."""
    turn = state.turn()
    return encode_tokens(view_tokens(state.view(seat), turn if turn is not None and turn.seat == seat else None))


def information_lines(state: engine.State, seat: int) -> list[str]:
    """Everything `seat` has seen since the match began, one event a line, as it saw
    them (perfect recall, for OpenSpiel's information state)."""
    return [event.text for event in state.events_for(seat)]
