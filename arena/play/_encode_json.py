"""Engine records straight to protobuf's canonical JSON: the stdio bridge's hot path.

A stdio bot gets each message as one line of canonical JSON (arena/play/stdio_bot.py).
Made from a request's protobuf bytes, that line cost about a third of a referee's CPU
with cheap stdio bots: every action and event was decoded and walked again at every
request.  Here, as arena/play/_encode.py does for the bytes, each (record class, message
type) pair gets, once, a small Python function written for it that writes the record's
JSON text, and a record met again (games intern their actions and small records; each
event is one object) is found by identity.  The same mapping rules as the bytes
(`wire_names`, unions named after the record's class, enum values by suffix), and the
same text as ``json.dumps(json_format.MessageToDict(message), separators=(",", ":"))``
of the message those bytes hold: fields in number order under their JSON names, proto3
defaults left out, 64-bit integers as strings; tests/test_stdio_json.py checks it
request by request on random matches of every game.  What goes where is the wire plan's
(arena/play/_plan.py); this module only writes it as JSON.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

from google.protobuf.descriptor import Descriptor, FieldDescriptor

from arena.play._json import float_json, quote
from arena.play._plan import EnumNumbers, PlannedField, field_type_error, keep, plan, planned_field, wire_names

__all__ = ["JsonLine", "json_record"]


class JsonLine(bytes):
    """A message already made as a stdio bot's line (JSON, ASCII, a newline at its end),
    where a serialized RefereeMessage would otherwise go."""


Writer = Callable[..., str]
_WRITERS: dict[tuple[type, Descriptor, str | None], Writer] = {}
#: Nested records kept as text per field; past this many, that field's are dropped.  Most
#: are a deal's own (its hands, its showdown), met again only within the deal, so the
#: cache need only hold the deals under way: at 20,000 a long conto run with stdio bots
#: kept about 20 MB of them that nothing would ask for again.  At 2,000, 300 random matches
#: wrote 34,908 nested records against 33,381 (4.6% more, a few µs each).
_CACHE_LIMIT = 2_000

_INT32S = {FieldDescriptor.TYPE_INT32, FieldDescriptor.TYPE_UINT32}
_INT64S = {FieldDescriptor.TYPE_INT64, FieldDescriptor.TYPE_UINT64}


def json_record(record: Any, descriptor: Descriptor, given: str | None = None, text: str = "") -> str:
    """`record` (a frozen dataclass of a game) as the JSON object of a `descriptor`
    message.  `given` names a repeated field whose JSON array the caller has made
    already: `text` is written in its place ("" leaves it out)."""
    key = (type(record), descriptor, given)
    writer = _WRITERS.get(key)
    if writer is None:
        writer = _WRITERS[key] = _compile(type(record), descriptor, given)
    return writer(record, text)


def _nested(cache: dict[int, tuple[Any, str]], record: Any, descriptor: Descriptor) -> str:
    """A nested record's JSON, kept in `cache` by identity (_plan.keep)."""
    return keep(cache, record, json_record(record, descriptor), _CACHE_LIMIT)


class _EnumNames(dict):
    """An engine enum member -> (the quoted name of its proto enum value, its number: 0,
    proto3's default, is left out without presence)."""

    def __init__(self, numbers: EnumNumbers) -> None:
        super().__init__()
        self._numbers = numbers

    def __missing__(self, member: enum.Enum) -> tuple[str, int]:
        number = self._numbers[member]
        named = self[member] = (quote(self._numbers.descriptor.values_by_number[number].name), number)
        return named


def _enum_named(by_id: dict[int, tuple[str, int]], names: _EnumNames, member: enum.Enum) -> tuple[str, int]:
    """`names[member]`, kept by the member's id too: an Enum's hash runs Python code, and
    members live as long as their class."""
    named = by_id[id(member)] = names[member]
    return named


def _compile(cls: type, descriptor: Descriptor, given: str | None) -> Writer:
    """Write and compile the JSON writer of `cls` as a `descriptor` message."""
    planned = plan(cls, descriptor)
    member = planned.member
    if member is not None:
        key, inner = "{" + quote(member.json_name) + ":", member.message
        return lambda record, text: key + json_record(record, inner) + "}"
    fields = list(planned.fields)
    if given is not None and given not in wire_names(cls):
        fields = sorted([*fields, planned_field(descriptor.fields_by_name[given])], key=lambda f: f.number)
    namespace: dict[str, Any] = {
        "json_record": json_record,
        "nested": _nested,
        "quote": quote,
        "float_json": float_json,
    }
    lines = ["def write(record, text):", "    out = []", "    add = out.append"]
    for field in fields:
        namespace[f"KEY_{field.name}"] = quote(field.json_name) + ":"
        if field.name == given:
            lines += ["    if text:", f"        add(KEY_{field.name} + text)"]
        else:
            lines += _field_lines(field, namespace)
    lines.append("    return '{' + ','.join(out) + '}'")
    exec("\n".join(lines), namespace)  # noqa: S102 - our own generated source, from descriptors
    return namespace["write"]


def _field_lines(field: PlannedField, namespace: dict[str, Any]) -> list[str]:
    name, kind = field.name, field.type
    key = f"KEY_{name}"
    get = f"    value = record.{name}"
    present = "value is not None" if field.presence else "value"
    if field.enum is not None:
        namespace[f"ENUM_{name}"] = _EnumNames(field.enum)
        namespace[f"BY_ID_{name}"] = {}
        namespace["enum_named"] = _enum_named
        named = f"(BY_ID_{name}.get(id(item)) or enum_named(BY_ID_{name}, ENUM_{name}, item))"
    if kind == FieldDescriptor.TYPE_MESSAGE:
        namespace[f"DESC_{name}"] = field.message
        namespace[f"CACHE_{name}"] = {}
        # A nested record's text, kept by identity (see _nested).
        one = (
            f"(hit[1] if (hit := CACHE_{name}.get(id(item))) is not None and hit[0] is item "
            f"else nested(CACHE_{name}, item, DESC_{name}))"
        )
    elif kind == FieldDescriptor.TYPE_STRING:
        one = "quote(item)"
    elif kind in _INT32S:
        one = "str(item)"
    elif kind in _INT64S:
        one = "'\"%d\"' % item"
    elif kind == FieldDescriptor.TYPE_BOOL:
        one = "('true' if item else 'false')"
    elif kind == FieldDescriptor.TYPE_DOUBLE:
        one = "float_json(item)"
    elif kind == FieldDescriptor.TYPE_ENUM:
        one = f"{named}[0]"
    else:
        raise field_type_error(field, "JSON writer")
    if field.repeated and kind in _INT32S:
        return [get, "    if value:", f"        add({key} + '[' + ','.join(map(str, value)) + ']')"]
    if field.repeated:
        # A loop, not a comprehension: the lists are short, and a comprehension is a call.
        return [
            get,
            "    if value:",
            "        items = []",
            "        for item in value:",
            f"            items.append({one})",
            f"        add({key} + '[' + ','.join(items) + ']')",
        ]
    if kind == FieldDescriptor.TYPE_MESSAGE:
        return [get, "    if value is not None:", "        item = value", f"        add({key} + {one})"]
    if kind == FieldDescriptor.TYPE_ENUM:
        # Proto3 leaves out the default 0 of a field without presence.
        shown = "True" if field.presence else "named[1]"
        return [
            get,
            "    if value is not None:",
            "        item = value",
            f"        named = {named}",
            f"        if {shown}:",
            f"            add({key} + named[0])",
        ]
    return [get, f"    if {present}:", "        item = value", f"        add({key} + {one})"]
