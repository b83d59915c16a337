"""Any language compiles the protocol: the C++ that protoc generates from protos/ compiles.

Needs Debian's protobuf-compiler and libprotobuf-dev (CI installs them); skipped, saying
which is missing, where they are not installed.  The name lint in test_proto_names.py
covers the other languages' accessors without a compiler.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROTOS = ROOT / "protos"
HEADER = Path("/usr/include/google/protobuf/message.h")


def _missing() -> str | None:
    if shutil.which("protoc") is None:
        return "protoc is not installed (Debian: protobuf-compiler)"
    if shutil.which("g++") is None:
        return "g++ is not installed"
    if not HEADER.exists():
        return f"{HEADER} is missing (Debian: libprotobuf-dev)"
    return None


@pytest.mark.skipif(_missing() is not None, reason=_missing() or "")
def test_the_cpp_that_protoc_generates_compiles(tmp_path):
    protos = [str(p.relative_to(PROTOS)) for p in sorted(PROTOS.glob("arena/v1/*.proto"))]
    subprocess.run(["protoc", f"-I{PROTOS}", f"--cpp_out={tmp_path}", *protos], check=True)
    sources = sorted(tmp_path.glob("arena/v1/*.pb.cc"))
    assert len(sources) == len(protos)
    for source in sources:
        result = subprocess.run(
            ["g++", "-std=c++17", "-fsyntax-only", f"-I{tmp_path}", str(source)], capture_output=True, text=True
        )
        assert result.returncode == 0, f"{source.name} does not compile:\n{result.stderr[-3000:]}"
