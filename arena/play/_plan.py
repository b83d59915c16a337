"""The wire plan: how an engine record maps onto a protobuf message, worked out once.

Every game's frozen dataclasses (view, actions, events) have a twin message in
protos/arena/v1/<game>.proto with fields of the same names.  The mapping rules, written
here and nowhere else:
- the fields that go on the wire are the record's `wire_names` (repr=False marks an
  internal field, metadata "referee_only" one never sent to a seat);
- int, float, bool, str -> the scalar of the same name; None leaves an optional unset;
- tuple -> repeated; a nested dataclass -> the message field of the same name;
- an Enum member -> the proto enum value named as the member, or ending in "_" + its name;
- a value whose message is a union (a single oneof holding every field: a game's Event)
  fills the member named after the value's class in snake_case.

`plan(cls, descriptor)` is that mapping for one (record class, message type) pair: the
union member it fills, or its fields in number order with their kinds, nested message
types and enum numbers.  Three thin writers follow it: `fill` (feed.py: upb messages,
for tools and tests), the compiled byte encoder (_encode.py: the referee's hot path) and
the compiled JSON writer (_encode_json.py: stdio bots' lines).
"""

from __future__ import annotations

import dataclasses
import enum
import re
from functools import cache
from typing import Any, NamedTuple

from google.protobuf.descriptor import Descriptor, EnumDescriptor, FieldDescriptor

from arena.errors import WireError

__all__ = [
    "EnumNumbers",
    "Plan",
    "PlannedField",
    "enum_numbers",
    "field_type_error",
    "keep",
    "plan",
    "planned_field",
    "snake_name",
    "wire_names",
]


@cache
def snake_name(name: str) -> str:
    """A record class's name as its member of a union message: HandDealt -> hand_dealt."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


@cache
def wire_names(cls: type) -> tuple[str, ...]:
    """The fields of a record class that go on the wire.  repr=False marks an internal
    field (a cache key, say); metadata "referee_only" one never sent to a seat (conto's
    match seed)."""
    return tuple(f.name for f in dataclasses.fields(cls) if f.repr and not f.metadata.get("referee_only"))


class EnumNumbers(dict):
    """An engine enum member -> the proto enum's number (the value named as the member,
    or ending in _MEMBER), each looked up once."""

    def __init__(self, descriptor: EnumDescriptor) -> None:
        super().__init__()
        self.descriptor = descriptor

    def __missing__(self, member: enum.Enum) -> int:
        suffix = "_" + member.name
        for value in self.descriptor.values:
            if value.name == member.name or value.name.endswith(suffix):
                self[member] = value.number
                return value.number
        raise WireError(f"Proto enum {self.descriptor.full_name} has no value for {member.name}.")


@cache
def enum_numbers(descriptor: EnumDescriptor) -> EnumNumbers:
    """The engine members' numbers in a proto enum, shared by every field of that enum."""
    return EnumNumbers(descriptor)


class PlannedField(NamedTuple):
    """One field a record fills: its name (the record's attribute and the proto field's),
    its number and JSON name, its protobuf type (`FieldDescriptor.TYPE_*`), whether it
    repeats and whether it has presence (an unset optional is left out), a nested
    message's type and an enum's numbers."""

    name: str
    number: int
    json_name: str
    type: int
    repeated: bool
    presence: bool
    message: Descriptor | None
    enum: EnumNumbers | None
    descriptor: FieldDescriptor


class Plan(NamedTuple):
    """How a record class fills a message type: either `member`, the union member a record
    fills (its message the record's own), or `fields`, in number order."""

    member: PlannedField | None
    fields: tuple[PlannedField, ...]


@cache
def planned_field(field: FieldDescriptor) -> PlannedField:
    """A proto field as the writers see it."""
    is_enum = field.type == FieldDescriptor.TYPE_ENUM
    return PlannedField(
        field.name,
        field.number,
        field.json_name,
        field.type,
        field.is_repeated,
        field.has_presence,
        field.message_type if field.type == FieldDescriptor.TYPE_MESSAGE else None,
        EnumNumbers(field.enum_type) if is_enum else None,  # its own: one engine enum per field
        field,
    )


_PLANS: dict[tuple[type, Descriptor], Plan] = {}


def plan(cls: type, descriptor: Descriptor) -> Plan:
    """The plan of records of `cls` as `descriptor` messages, made once per pair."""
    found = _PLANS.get((cls, descriptor))
    if found is None:
        found = _PLANS[cls, descriptor] = _make_plan(cls, descriptor)
    return found


def _make_plan(cls: type, descriptor: Descriptor) -> Plan:
    oneofs = descriptor.oneofs
    if len(oneofs) == 1 and len(descriptor.fields) == len(oneofs[0].fields):
        member = descriptor.fields_by_name.get(snake_name(cls.__name__))
        if member is None:
            raise WireError(f"{descriptor.full_name} has no member {snake_name(cls.__name__)!r} for {cls.__name__}.")
        return Plan(planned_field(member), ())
    fields = []
    for name in wire_names(cls):
        field = descriptor.fields_by_name.get(name)
        if field is None:
            raise WireError(f"{descriptor.full_name} has no field {name!r} for {cls.__name__}.")
        fields.append(planned_field(field))
    return Plan(None, tuple(sorted(fields, key=lambda f: f.number)))


def field_type_error(field: PlannedField, writer: str) -> WireError:
    """The error of a writer (`writer`: its name in the message) for a type it does not write."""
    return WireError(f"{field.descriptor.full_name}: Arena's {writer} does not handle this field type ({field.type}).")


def keep(cache: dict[int, tuple[Any, Any]], record: Any, made: Any, limit: int) -> Any:
    """Keep what a writer `made` of a nested record in `cache`, by the record's identity
    (the entry holds the record, so its id is not reused while the entry lives); past
    `limit` entries the cache is emptied first.  Returns `made`."""
    if len(cache) >= limit:
        cache.clear()
    cache[id(record)] = (record, made)
    return made
