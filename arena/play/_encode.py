"""Engine records straight to protobuf bytes, by field name: the referee's hot path.

`fill` (feed.py) copies a record into a upb message field by field and then serializes
it; at every decision that is most of the referee's own time.  Here each (record class,
message type) pair gets, once, a small Python function written for it (as dataclasses
writes `__init__`) that appends the record's fields in protobuf's wire format: the same
mapping rules as `fill`, the same bytes as upb's serializer (fields in number order,
proto3 defaults left out, numeric lists packed), checked by tests/test_wire.py, and at
the edges of the whole fields it keeps (small integers, short strings) by
tests/test_encode.py.  What goes where (fields, kinds, enum numbers, union members) is
the wire plan's (arena/play/_plan.py); this module only writes it as bytes.
"""

from __future__ import annotations

import enum
import struct
from collections.abc import Callable
from typing import Any

from google.protobuf.descriptor import Descriptor, FieldDescriptor

from arena.play._plan import EnumNumbers, PlannedField, field_type_error, keep, plan

__all__ = ["encode_record", "varint", "length_delimited"]

_SMALL = [bytes([i]) for i in range(128)]
_VARINT, _FIXED64, _DELIMITED, _FIXED32 = 0, 1, 2, 5

Encoder = Callable[[Any], bytes]
_ENCODERS: dict[tuple[type, Descriptor, frozenset[str]], Encoder] = {}
_NONE: frozenset[str] = frozenset()


def varint(value: int) -> bytes:
    """An unsigned varint; a negative number as protobuf writes an int32/int64 (10 bytes)."""
    if 0 <= value < 128:
        return _SMALL[value]
    if value < 0:
        value += 1 << 64
    out = bytearray()
    while value > 0x7F:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


#: The two bytes (tag, length) that start a length-delimited field of number < 16 and
#: length < 128, at [number << 7 | length]: most fields of a request, four a legal action.
_SHORT_HEADS = [bytes((number << 3 | _DELIMITED, size)) for number in range(16) for size in range(128)]


def length_delimited(field_number: int, payload: bytes | bytearray) -> bytes:
    """One length-delimited protobuf field: tag, length, payload."""
    size = len(payload)
    if field_number < 16 and size < 128:  # one byte each: made once (_SHORT_HEADS)
        return _SHORT_HEADS[field_number << 7 | size] + payload
    return varint(field_number << 3 | _DELIMITED) + varint(size) + payload


def encode_record(record: Any, descriptor: Descriptor, skip: frozenset[str] = _NONE) -> bytes:
    """`record` (a frozen dataclass of a game) as a serialized message of `descriptor`,
    leaving out the fields named in `skip`."""
    key = (type(record), descriptor, skip)
    encoder = _ENCODERS.get(key)
    if encoder is None:
        encoder = _ENCODERS[key] = _compile(type(record), descriptor, skip)
    return encoder(record)


# Per field.  Mostly each deal's dealt hands, never met again once the deal is over: at
# 20,000 they held 3.9 MB after 1,000 matches (benchmarks/run_memory.py --objects).
_CACHE_LIMIT = 2_000


def _nested_field(cache: dict[int, tuple[Any, bytes]], record: Any, descriptor: Descriptor, tag: bytes) -> bytes:
    """A nested record as a whole field (tag, length, body), kept in `cache` by identity.

    Games intern their small records (conto's portate, every action), so the same
    object recurs all run long; records made afresh each time only cycle through it.
    """
    body = encode_record(record, descriptor)
    size = len(body)
    return keep(cache, record, tag + (_SMALL[size] if size < 128 else varint(size)) + body, _CACHE_LIMIT)


def _enum_field(cache: dict[int, bytes], numbers: EnumNumbers, tag: bytes, member: enum.Enum, presence: bool) -> bytes:
    """An enum field's bytes for `member` (none for proto3's default 0 without presence),
    kept by the member's id: members live as long as their class."""
    number = numbers[member]
    field = tag + varint(number) if number or presence else b""
    cache[id(member)] = field
    return field


#: Strings kept as whole fields only up to this length: ranks, cards, names recur all run
#: long; longer texts rarely do, and would only cycle through the cache.
_KEPT_STRING = 16


def _string_field(cache: dict[str, bytes], tag: bytes, value: str) -> bytes:
    """A string field's bytes (tag, length, UTF-8), kept in `cache` by the string when short."""
    body = value.encode()
    size = len(body)
    field = tag + (_SMALL[size] if size < 128 else varint(size)) + body
    if len(value) <= _KEPT_STRING:
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[value] = field
    return field


_INTEGERS = {
    FieldDescriptor.TYPE_INT32,
    FieldDescriptor.TYPE_INT64,
    FieldDescriptor.TYPE_UINT32,
    FieldDescriptor.TYPE_UINT64,
}


def _compile(cls: type, descriptor: Descriptor, skip: frozenset[str]) -> Encoder:
    """Write and compile the encoder of `cls` into `descriptor`'s wire format."""
    planned = plan(cls, descriptor)
    member = planned.member
    if member is not None:
        tag, inner = varint(member.number << 3 | _DELIMITED), member.message

        def encode_member(record: Any) -> bytes:
            body = encode_record(record, inner)
            size = len(body)
            return tag + (_SMALL[size] if size < 128 else varint(size)) + body

        return encode_member

    fields = [field for field in planned.fields if field.name not in skip]
    namespace: dict[str, Any] = {
        "varint": varint,
        "SMALL": _SMALL,
        "encode_record": encode_record,
        "nested_field": _nested_field,
        "pack": struct.pack,
    }
    lines = ["def encode(record):", "    out = []", "    add = out.append"]
    for field in fields:
        lines += _field_lines(field, namespace)
    lines.append("    return b''.join(out)")
    exec("\n".join(lines), namespace)  # noqa: S102 - our own generated source, from descriptors
    return namespace["encode"]


def _field_lines(field: PlannedField, namespace: dict[str, Any]) -> list[str]:
    name, number, kind = field.name, field.number, field.type
    get = f"    value = record.{name}"
    tag_name = f"TAG_{name}"

    def tag(wire_type: int) -> None:
        namespace[tag_name] = varint(number << 3 | wire_type)

    present = "value is not None" if field.presence else "value"
    # Appends `body` as the field: its tag, its length (one byte when short), the bytes.
    delimited = f"size = len(body); add({tag_name}); add(SMALL[size] if size < 128 else varint(size)); add(body)"

    def nested(item: str) -> str:
        # A nested record's whole field, kept by identity (see _nested_field).
        namespace[f"DESC_{name}"] = field.message
        namespace[f"CACHE_{name}"] = {}
        return (
            f"hit = CACHE_{name}.get(id({item})); add(hit[1] if hit is not None and hit[0] is {item} "
            f"else nested_field(CACHE_{name}, {item}, DESC_{name}, {tag_name}))"
        )

    def string(item: str) -> str:
        # A short string's whole field, kept by the string (see _string_field).
        namespace[f"STRINGS_{name}"] = {}
        namespace["string_field"] = _string_field
        return f"add(STRINGS_{name}.get({item}) or string_field(STRINGS_{name}, {tag_name}, {item}))"

    if field.enum is not None:
        namespace[f"ENUM_{name}"] = field.enum
    if field.repeated:
        if kind == FieldDescriptor.TYPE_MESSAGE:
            tag(_DELIMITED)
            return [get, "    for item in value:", f"        {nested('item')}"]
        if kind == FieldDescriptor.TYPE_STRING:
            tag(_DELIMITED)
            return [get, "    for item in value:", f"        {string('item')}"]
        tag(_DELIMITED)  # packed
        if kind in _INTEGERS:
            # Numbers 0-127 are their own one-byte varints: counts, seats, points.
            body = "bytes(value) if 0 <= min(value) and max(value) < 128 else b''.join([varint(v) for v in value])"
        elif kind == FieldDescriptor.TYPE_BOOL:
            body = "bytes([1 if v else 0 for v in value])"
        elif kind == FieldDescriptor.TYPE_ENUM:
            body = f"b''.join([varint(ENUM_{name}[v]) for v in value])"
        elif kind == FieldDescriptor.TYPE_DOUBLE:
            body = "pack(f'<{len(value)}d', *value)"
        else:
            raise field_type_error(field, "encoder")
        return [get, "    if value:", f"        body = {body}", f"        {delimited}"]
    if kind == FieldDescriptor.TYPE_MESSAGE:
        tag(_DELIMITED)
        return [get, "    if value is not None:", f"        {nested('value')}"]
    if kind == FieldDescriptor.TYPE_STRING:
        tag(_DELIMITED)
        return [get, f"    if {present}:", f"        {string('value')}"]
    if kind in _INTEGERS:
        tag(_VARINT)
        # The whole field of each value below 128, made once: seats, counts, ranks' indices.
        namespace[f"SMALL_{name}"] = [namespace[tag_name] + small for small in _SMALL]
        return [
            get,
            f"    if {present}:",
            f"        add(SMALL_{name}[value] if 0 <= value < 128 else {tag_name} + varint(value))",
        ]
    if kind == FieldDescriptor.TYPE_BOOL:
        tag(_VARINT)
        return [get, f"    if {present}:", f"        add({tag_name}); add(b'\\x01' if value else b'\\x00')"]
    if kind == FieldDescriptor.TYPE_ENUM:
        # The whole field per member, found by identity: an Enum's hash runs Python code.
        tag(_VARINT)
        namespace[f"FIELD_{name}"] = {}
        namespace["enum_field"] = _enum_field
        return [
            get,
            "    if value is not None:",
            f"        hit = FIELD_{name}.get(id(value))",
            "        if hit is None:",
            f"            hit = enum_field(FIELD_{name}, ENUM_{name}, {tag_name}, value, {field.presence})",
            "        add(hit)",
        ]
    if kind == FieldDescriptor.TYPE_DOUBLE:
        tag(_FIXED64)
        return [get, f"    if {present}:", f"        add({tag_name}); add(pack('<d', value))"]
    raise field_type_error(field, "encoder")
