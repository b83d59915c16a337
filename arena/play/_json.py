"""Protobuf's canonical JSON mapping of the arena's messages, for a fraction of the CPU.

The stdio bridge sends each message as one line of its canonical JSON (protos/README.md):
``json.dumps(json_format.MessageToDict(message), separators=(",", ":"))``.  That put
every field through Python checks for maps, wrappers, well-known types and enum options,
then built and dumped a dict for each of the hundreds of small messages in a request,
and it was over a third of a referee's CPU with stdio bots.  Here each field gets, once,
its JSON name and a converter to JSON text, and each element of a repeated message field
(a legal action, an event of the deal so far) is kept as text by its serialized bytes:
the same actions and the deal's events recur request after request.  A message type this
does not map itself (a map, a well-known type, a float, an enum with options or a closed
one) is left to json_format, so the text is always json_format's; tests/test_stdio_json.py
checks that, for every message of random matches of every game.
"""

from __future__ import annotations

import base64
import json
import math
from collections.abc import Callable
from typing import Any

from google.protobuf import json_format
from google.protobuf.descriptor import Descriptor, EnumDescriptor, FieldDescriptor
from google.protobuf.message import Message

__all__ = ["message_to_json", "quote", "float_json"]

_ToText = Callable[[Any], str]

#: Each field met so far: ``"jsonName":`` and its value's converter.
_fields: dict[FieldDescriptor, tuple[str, _ToText]] = {}
#: Each message type met so far: its converter (ours, or json_format's when it needs more).
_messages: dict[Descriptor, _ToText] = {}
#: Texts kept per repeated message field; past this many, that field's are dropped.
CACHE_LIMIT = 4096

#: A string as a JSON string, pure ASCII (as json.dumps writes it).
quote: Callable[[str], str] = json.encoder.encode_basestring_ascii
_float_text = float.__repr__  # as json.dumps writes a float
_INT64 = {FieldDescriptor.CPPTYPE_INT64, FieldDescriptor.CPPTYPE_UINT64}
_INT32 = {FieldDescriptor.CPPTYPE_INT32, FieldDescriptor.CPPTYPE_UINT32}


def message_to_json(message: Message) -> str:
    """``json.dumps(json_format.MessageToDict(message), separators=(",", ":"))``: compact,
    pure ASCII, the fields in number order."""
    return (_messages.get(message.DESCRIPTOR) or _message_converter(message.DESCRIPTOR))(message)


def _plain_to_json(message: Message) -> str:
    """`message_to_json` of a message type that `_supported` accepts."""
    fields = _fields
    parts = []
    for field, value in message.ListFields():
        name, to_text = fields.get(field) or _field(field)
        parts.append(name + to_text(value))
    return "{" + ",".join(parts) + "}"


def _by_json_format(message: Message) -> str:
    return json.dumps(json_format.MessageToDict(message), separators=(",", ":"))


def _message_converter(descriptor: Descriptor) -> _ToText:
    plain = not descriptor.full_name.startswith("google.protobuf.") and all(
        _supported(field) for field in descriptor.fields
    )
    convert = _plain_to_json if plain else _by_json_format
    _messages[descriptor] = convert
    return convert


def _supported(field: FieldDescriptor) -> bool:
    kind = field.cpp_type
    if kind == FieldDescriptor.CPPTYPE_MESSAGE:
        entry = field.message_type
        return not (entry.has_options and entry.GetOptions().map_entry)
    if kind == FieldDescriptor.CPPTYPE_ENUM:
        return _plain_enum(field.enum_type)
    return kind != FieldDescriptor.CPPTYPE_FLOAT  # json_format writes its shortest text


def _plain_enum(enum: EnumDescriptor) -> bool:
    return (
        not enum.is_closed
        and enum.full_name != "google.protobuf.NullValue"
        and not any(value.has_options for value in enum.values)
    )


def _field(field: FieldDescriptor) -> tuple[str, _ToText]:
    name = quote(f"[{field.full_name}]" if field.is_extension else field.json_name) + ":"
    one = _value_converter(field)
    to_text = one
    if field.is_repeated:
        if field.cpp_type == FieldDescriptor.CPPTYPE_MESSAGE:
            to_text = _kept_texts(one)
        else:
            to_text = lambda values: "[" + ",".join(map(one, values)) + "]"  # noqa: E731
    _fields[field] = (name, to_text)
    return name, to_text


def _kept_texts(one: _ToText) -> _ToText:
    """A repeated message field's converter that keeps each element's text by its bytes
    (one field's elements are one type, and proto3 without maps serializes equal
    messages alike)."""
    texts: dict[bytes, str] = {}

    def to_text(values: Any) -> str:
        parts = []
        for value in values:
            key = value.SerializeToString()
            text = texts.get(key)
            if text is None:
                if len(texts) >= CACHE_LIMIT:
                    texts.clear()
                text = texts[key] = one(value)
            parts.append(text)
        return "[" + ",".join(parts) + "]"

    return to_text


def _value_converter(field: FieldDescriptor) -> _ToText:
    kind = field.cpp_type
    if kind == FieldDescriptor.CPPTYPE_MESSAGE:
        return message_to_json
    if kind == FieldDescriptor.CPPTYPE_ENUM:
        names = {value.number: quote(value.name) for value in field.enum_type.values}
        return lambda number: names.get(number) or str(number)  # an open enum keeps numbers it does not know
    if kind in _INT32:
        return str
    if kind in _INT64:
        return lambda number: f'"{number}"'
    if kind == FieldDescriptor.CPPTYPE_BOOL:
        return lambda flag: "true" if flag else "false"
    if kind == FieldDescriptor.CPPTYPE_STRING:
        if field.type == FieldDescriptor.TYPE_BYTES:
            return lambda data: '"' + base64.b64encode(data).decode("ascii") + '"'
        return quote
    return float_json


def float_json(value: float) -> str:
    """A double as json_format writes it: infinities and NaN as strings."""
    if math.isinf(value):
        return '"-Infinity"' if value < 0 else '"Infinity"'
    if math.isnan(value):
        return '"NaN"'
    return _float_text(value)
