"""Generate the protobuf and gRPC stubs in arena/v1 from protos/: the one generation command.

    python -m arena._protogen

The stubs are committed so that running the arena needs no grpcio-tools; a test
regenerates them into a temporary folder and fails when the committed ones are stale.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROTOS = ROOT / "protos"


def proto_files() -> list[Path]:
    return sorted(PROTOS.glob("arena/v1/*.proto"))


def generate(out_dir: Path) -> list[Path]:
    """Write the stubs for every proto under protos/ into out_dir/arena/v1/."""
    from grpc_tools import protoc  # only needed to generate: a test dependency

    files = [str(p.relative_to(PROTOS)) for p in proto_files()]
    code = protoc.main(
        [
            "grpc_tools.protoc",
            f"-I{PROTOS}",
            f"--python_out={out_dir}",
            f"--pyi_out={out_dir}",
            f"--grpc_python_out={out_dir}",
            *files,
        ]
    )
    if code != 0:
        raise SystemExit(f"protoc failed with exit code {code}.")
    package = out_dir / "arena" / "v1"
    init = package / "__init__.py"
    init.write_text('"""Generated protobuf and gRPC stubs for the arena.v1 protocol; do not edit."""\n')
    return sorted(package.iterdir())


def main() -> int:
    written = generate(ROOT)
    for path in written:
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
