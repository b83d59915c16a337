"""The feed: engine records to protobuf messages, for any game, by field name.

Every game's frozen dataclasses (view, actions, events, options) have a twin message in
protos/arena/v1/<game>.proto with fields of the same names.  The envelopes in
arena.proto (GameView, GameAction, GameEvent, GameOptions) hold one field per game,
named as the game.  So a new game needs its .proto and nothing here.

Mapping rules (checked by tests/test_wire.py against every registered game):
- int, float, bool, str -> the scalar of the same name; None leaves an optional unset;
- tuple -> repeated; a nested dataclass -> the message field of the same name;
- an Enum member -> the proto enum value whose name ends in "_" + member.name;
- a value whose proto field is a message with a single oneof (a game's Event union) is
  put in the oneof field named after the value's class in snake_case.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Sequence
from functools import cache
from typing import Any

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

import engine
from arena.errors import WireError
from arena.v1 import arena_pb2 as pb

__all__ = ["GameWire", "wire_for", "fill", "length_delimited"]

_WIRES: dict[int, GameWire] = {}


@cache
def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    # repr=False marks an internal field (a cache key, say); metadata "referee_only" a
    # field that is never sent to a seat (conto's match seed): neither is on the wire.
    return tuple(f.name for f in dataclasses.fields(cls) if f.repr and not f.metadata.get("referee_only"))


_SCALAR, _ENUM, _MESSAGE, _REPEATED, _REPEATED_ENUM, _REPEATED_MESSAGE = range(6)


_Plan = tuple[tuple[str, int, Any], ...] | str
_PLANS: dict[tuple[type, Any], _Plan] = {}


def _plan(cls: type, descriptor: Any) -> _Plan:
    plan = _PLANS.get((cls, descriptor))
    if plan is None:
        plan = _PLANS[cls, descriptor] = _make_plan(cls, descriptor)
    return plan


def _make_plan(cls: type, descriptor: Any) -> _Plan:
    """How to copy a record class into a message type, worked out once per pair.

    A union message (a game's Event: one oneof holding every field) gives the name of
    the member that this record class fills instead.
    """
    oneofs = descriptor.oneofs
    if len(oneofs) == 1 and len(descriptor.fields) == len(oneofs[0].fields):
        name = _snake(cls.__name__)
        if name not in descriptor.fields_by_name:
            raise WireError(f"{descriptor.full_name} has no member {name!r} for {cls.__name__}.")
        return name
    plan = []
    for name in _field_names(cls):
        field = descriptor.fields_by_name.get(name)
        if field is None:
            raise WireError(f"{descriptor.full_name} has no field {name!r} for {cls.__name__}.")
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            kind, extra = (_REPEATED_MESSAGE if field.is_repeated else _MESSAGE), field.message_type
        elif field.type == FieldDescriptor.TYPE_ENUM:
            numbers = {v.name: v.number for v in field.enum_type.values}
            kind, extra = (_REPEATED_ENUM if field.is_repeated else _ENUM), (field.enum_type, numbers)
        else:
            kind, extra = (_REPEATED if field.is_repeated else _SCALAR), None
        plan.append((name, kind, extra))
    return tuple(plan)


def _enum_value(extra: tuple[Any, dict[str, int]], member: enum.Enum) -> int:
    descriptor, numbers = extra
    number = numbers.get(member.name)  # the plan's dict also caches member names
    if number is None:
        suffix = "_" + member.name
        for name, value in list(numbers.items()):
            if name.endswith(suffix):
                number = numbers[member.name] = value
                break
        else:
            raise WireError(f"Proto enum {descriptor.full_name} has no value for {member.name}.")
    return number


def fill(message: Message, record: object, skip: frozenset[str] = frozenset()) -> Message:
    """Copy a dataclass record into `message`, field by field; return the message."""
    plan = _plan(type(record), message.DESCRIPTOR)
    if isinstance(plan, str):
        fill(getattr(message, plan), record)
        return message
    for name, kind, extra in plan:
        value = getattr(record, name)
        if value is None or name in skip:
            continue
        if kind == _SCALAR:
            setattr(message, name, value)
        elif kind == _MESSAGE:
            fill(getattr(message, name), value)
        elif kind == _REPEATED:
            getattr(message, name).extend(value)
        elif kind == _REPEATED_MESSAGE:
            target = getattr(message, name)
            for item in value:
                fill(target.add(), item)
        elif kind == _ENUM:
            setattr(message, name, _enum_value(extra, value))
        else:
            getattr(message, name).extend(_enum_value(extra, v) for v in value)
    return message


def _set(message: Message, field: FieldDescriptor, value: Any) -> None:
    """Set one field from a plain value (used for options, which are not records)."""
    if isinstance(value, enum.Enum):
        value = _enum_value((field.enum_type, {v.name: v.number for v in field.enum_type.values}), value)
    setattr(message, field.name, value)


def _varint(value: int) -> bytes:
    out = bytearray()
    while value > 0x7F:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def length_delimited(field_number: int, payload: bytes | bytearray) -> bytes:
    """One length-delimited protobuf field: tag, length, payload."""
    return _varint(field_number << 3 | 2) + _varint(len(payload)) + payload


_REQUEST_VIEW = pb.DecisionRequest.DESCRIPTOR.fields_by_name["view"].number
_MESSAGE_REQUEST = pb.RefereeMessage.DESCRIPTOR.fields_by_name["decision_request"].number
_MESSAGE_EVENT = pb.RefereeMessage.DESCRIPTOR.fields_by_name["event"].number
_NOTICE_EVENTS = pb.EventNotice.DESCRIPTOR.fields_by_name["events"].number
_REQUEST_EVENTS = pb.DecisionRequest.DESCRIPTOR.fields_by_name["events"].number


def wire_for(game: engine.Game) -> GameWire:
    """The GameWire of a game instance, made once: its caches then serve every match."""
    wire = _WIRES.get(id(game))
    if wire is None or wire.game is not game:
        wire = _WIRES[id(game)] = GameWire(game)
    return wire


class GameWire:
    """The envelopes of one game: its view, actions, events and options as messages."""

    def __init__(self, game: engine.Game) -> None:
        self.game = game
        self.name = game.spec.name
        game_field = pb.GameView.DESCRIPTOR.fields_by_name.get(self.name)
        if game_field is None:
            raise WireError(
                f"protos/arena/v1/arena.proto has no {self.name!r} field in GameView; "
                "add the game's messages to the protocol and regenerate the stubs."
            )
        # The same actions recur all tournament long (as equal values, not the same
        # objects): convert each once, keyed by the frozen action itself.
        self._actions: dict[engine.Action, tuple[pb.LegalAction, bytes]] = {}
        self._game_field = game_field.number
        self._history_field = game_field.message_type.fields_by_name["history"].number
        self._legal_field = pb.DecisionRequest.DESCRIPTOR.fields_by_name["legal_actions"].number

    def options(self) -> pb.GameOptions:
        message = pb.GameOptions()
        target = getattr(message, self.name)
        target.SetInParent()
        fields = target.DESCRIPTOR.fields_by_name
        for key, value in self.game.options.items():
            _set(target, fields[key], value) if key in fields else None
        return message

    def event(self, event: engine.Event) -> pb.GameEvent:
        message = pb.GameEvent(text=event.text)
        fill(getattr(message, self.name), event)
        return message

    def action(self, action: engine.Action) -> pb.LegalAction:
        message = pb.LegalAction(text=action.text)
        fill(getattr(message.action, self.name), action)
        return message

    def _action_entry(self, action: engine.Action) -> tuple[pb.LegalAction, bytes]:
        hit = self._actions.get(action)
        if hit is None:
            if len(self._actions) > 100_000:
                self._actions.clear()
            message = self.action(action)
            encoded = length_delimited(self._legal_field, message.SerializeToString())
            hit = self._actions[action] = (message, encoded)
        return hit

    def actions(self, actions: Sequence[engine.Action]) -> list[pb.LegalAction]:
        return [self._action_entry(a)[0] for a in actions]

    def event_notice(self, events: Sequence[bytes]) -> bytes:
        """A serialized RefereeMessage holding an EventNotice of these serialized GameEvents."""
        return length_delimited(_MESSAGE_EVENT, b"".join(length_delimited(_NOTICE_EVENTS, e) for e in events))

    def history_entry(self, event: pb.GameEvent) -> bytes:
        """`event` encoded as one entry of the view's `history` field."""
        return length_delimited(self._history_field, getattr(event, self.name).SerializeToString())

    @staticmethod
    def request_events(events: Sequence[bytes]) -> bytes:
        """Serialized GameEvents as the `events` field of a DecisionRequest."""
        return b"".join(length_delimited(_REQUEST_EVENTS, e) for e in events)

    def decision_request(
        self,
        decision_id: int,
        time_limit_ms: int,
        view: engine.View,
        history: bytes | bytearray,
        actions: Sequence[engine.Action],
        events: bytes = b"",
    ) -> bytes:
        """A serialized RefereeMessage holding a DecisionRequest.

        Built from bytes because protobuf fields may come in any order: the seat's
        history is encoded once per event and appended, not re-encoded per decision.
        `events` is the request's `events` field, already encoded (`request_events`).
        """
        inner = pb.GameView()
        target = getattr(inner, self.name)
        fill(target, view, skip=frozenset({"history"}))
        view_bytes = target.SerializeToString() + history
        request = (
            pb.DecisionRequest(decision_id=decision_id, time_limit_ms=time_limit_ms).SerializeToString()
            + b"".join(self._action_entry(a)[1] for a in actions)
            + length_delimited(_REQUEST_VIEW, length_delimited(self._game_field, view_bytes))
            + events
        )
        return length_delimited(_MESSAGE_REQUEST, request)

    def view(self, view: engine.View, history: list[pb.GameEvent] | None = None) -> pb.GameView:
        """The view; `history`, when given, is the seat's already-converted event log.

        Converting the whole history at every decision would make the request cost grow
        with the match; the referee keeps each seat's converted events and passes them.
        """
        message = pb.GameView()
        target = getattr(message, self.name)
        if history is None:
            fill(target, view)
        else:
            fill(target, view, skip=frozenset({"history"}))
            target.history.extend(getattr(e, self.name) for e in history)
        target.SetInParent()
        return message

    def result(self, result: engine.MatchResult, standing: tuple[float, ...]) -> pb.MatchResult:
        message = pb.MatchResult(scores=result.scores, ranks=result.ranks, standing=standing)
        for deal in result.deals:
            outcome = message.deals.add(deal=deal.deal, scores=deal.scores, ranks=deal.ranks)
            if deal.forfeit is not None:
                outcome.forfeit = deal.forfeit
        return message
