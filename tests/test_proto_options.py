"""Every language's generator finds its package in the protocol's files.

protoc's Go plugin refuses a .proto without `option go_package`, so a Go bot author's
first `protoc --go_out` failed; Java and C# fall back to names no one chose.  Every file
of arena.v1 names the same package in each language.  The Go generation itself runs
where Debian's protoc-gen-go and protoc-gen-go-grpc are installed (CI installs them);
Java and C# are built into protoc.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from arena._protogen import PROTOS, proto_files
from arena.v1 import arena_pb2

GO_PACKAGE = re.compile(r"^[a-z0-9_./-]+;([a-z][a-z0-9]*)$")
DOTTED = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")


def _files():
    return [arena_pb2.DESCRIPTOR, *arena_pb2.DESCRIPTOR.dependencies]


def _relative(paths: list[Path]) -> list[str]:
    return [str(p.relative_to(PROTOS)) for p in paths]


def test_every_proto_file_is_one_package_in_go_java_and_csharp():
    files = _files()
    assert sorted(f.name for f in files) == _relative(proto_files()), (
        "a .proto under protos/ is not imported by arena.proto"
    )
    names = {
        (
            f.GetOptions().go_package,
            f.GetOptions().java_package,
            f.GetOptions().java_multiple_files,
            f.GetOptions().csharp_namespace,
        )
        for f in files
    }
    assert len(names) == 1, f"the .proto files name different packages: {sorted(names)}"
    ((go_package, java_package, java_multiple_files, csharp_namespace),) = names
    assert GO_PACKAGE.match(go_package), f"go_package {go_package!r} is not 'import/path;name'"
    assert DOTTED.match(java_package), f"java_package {java_package!r}"
    assert java_multiple_files, "java_multiple_files: one class per message, not one file per .proto"
    assert DOTTED.match(csharp_namespace) and csharp_namespace[0].isupper(), f"csharp_namespace {csharp_namespace!r}"


@pytest.mark.skipif(shutil.which("protoc") is None, reason="protoc is not installed (Debian: protobuf-compiler)")
def test_protoc_generates_java_and_csharp_in_the_named_package(tmp_path):
    java, csharp = tmp_path / "java", tmp_path / "csharp"
    java.mkdir(), csharp.mkdir()
    protos = _relative(proto_files())
    subprocess.run(["protoc", f"-I{PROTOS}", f"--java_out={java}", f"--csharp_out={csharp}", *protos], check=True)
    assert (java / "arena" / "v1" / "DecisionRequest.java").exists()
    assert "namespace Arena.V1 {" in (csharp / "Arena.cs").read_text()


def _missing_go_plugins() -> str | None:
    if shutil.which("protoc") is None:
        return "protoc is not installed (Debian: protobuf-compiler)"
    for plugin in ("protoc-gen-go", "protoc-gen-go-grpc"):
        if shutil.which(plugin) is None:
            return f"{plugin} is not installed (Debian: {plugin})"
    return None


@pytest.mark.skipif(_missing_go_plugins() is not None, reason=_missing_go_plugins() or "")
def test_protoc_generates_go_as_protos_readme_says(tmp_path):
    protos = _relative(proto_files())
    command = [
        "protoc",
        f"-I{PROTOS}",
        f"--go_out={tmp_path}",
        "--go_opt=paths=source_relative",
        f"--go-grpc_out={tmp_path}",
        "--go-grpc_opt=paths=source_relative",
        *protos,
    ]
    result = subprocess.run(command, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    generated = sorted(tmp_path.glob("arena/v1/*.go"))
    assert len(generated) == len(protos) + 1  # and arena_grpc.pb.go, the service
    for source in generated:
        assert "\npackage arenav1\n" in source.read_text(), f"{source.name} is not in package arenav1"
    assert "func RegisterBotServer(" in (tmp_path / "arena" / "v1" / "arena_grpc.pb.go").read_text()


def _enums(file):
    yield from file.enum_types_by_name.values()
    for message in file.message_types_by_name.values():
        yield from message.enum_types


def test_the_one_enum_whose_zero_means_something_is_the_one_the_docs_name():
    # A zero is left out of the JSON: protos/README.md and frederik's page warn of this one.
    meaningful_zeros = sorted(
        enum.values_by_number[0].name
        for file in _files()
        for enum in _enums(file)
        if not enum.values_by_number[0].name.endswith("_UNSPECIFIED")
    )
    assert meaningful_zeros == ["FREDERIK_CATEGORY_HIGH_CARD"]
    readme = (PROTOS / "README.md").read_text()
    page = (PROTOS.parent / "docs" / "games" / "frederik.md").read_text()
    assert "`FREDERIK_CATEGORY_HIGH_CARD` = 0" in readme and "has no `category`" in page
