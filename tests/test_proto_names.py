"""Every language compiles the protocol: no field name clashes with an accessor that
protobuf generates for another field of the same message (C++, Java, Go, C#, Python)."""

from __future__ import annotations

from google.protobuf.descriptor import Descriptor, FieldDescriptor

from arena.v1 import arena_pb2


# For a field x, names of accessors generated beside x's own, as field names that would
# produce the same accessor.
def _derived(field: FieldDescriptor) -> set[str]:
    x = field.name
    names = {f"has_{x}", f"clear_{x}", f"set_{x}", f"mutable_{x}", f"release_{x}", f"set_allocated_{x}"}
    if field.is_repeated:
        names |= {f"{x}_size", f"{x}_count", f"{x}_list", f"add_{x}"}
    if field.type == FieldDescriptor.TYPE_ENUM:
        names.add(f"{x}_value")
    if field.type in (FieldDescriptor.TYPE_STRING,):
        names.add(f"{x}_bytes")
    if field.type == FieldDescriptor.TYPE_MESSAGE:
        names |= {f"{x}_or_builder", f"{x}_builder"}
    return names


def _messages(descriptor: Descriptor):
    yield descriptor
    for nested in descriptor.nested_types:
        yield from _messages(nested)


def test_no_field_clashes_with_a_generated_accessor():
    files = [arena_pb2.DESCRIPTOR, *arena_pb2.DESCRIPTOR.dependencies]
    clashes = []
    for file in files:
        for top in file.message_types_by_name.values():
            for message in _messages(top):
                names = set(message.fields_by_name)
                for field in message.fields:
                    for other in sorted(_derived(field) & names):
                        clashes.append(f"{message.full_name}: {other!r} clashes with an accessor of {field.name!r}")
    assert not clashes, "\n".join(clashes)
