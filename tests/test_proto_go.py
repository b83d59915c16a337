"""A Go bot built from protos/ the way protos/README.md says passes `arena check-bot`.

The Go the README's protoc command generates, served on the bare path of
ARENA_BOT_ADDRESS with network "unix" (as grpc-go needs), plays every game.  Built
offline in GOPATH mode against Debian's Go packages (golang-go,
golang-google-grpc-dev, golang-google-protobuf-dev, golang-github-golang-protobuf-1-5-dev,
protoc-gen-go, protoc-gen-go-grpc; CI installs them); skipped, saying what is missing,
elsewhere.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from arena._protogen import PROTOS, proto_files

ROOT = Path(__file__).resolve().parent.parent
GOCODE = Path("/usr/share/gocode/src")
NEEDED = {
    "google.golang.org/grpc": "golang-google-grpc-dev",
    "google.golang.org/protobuf": "golang-google-protobuf-dev",
    "github.com/golang/protobuf/proto/wrappers.go": "golang-github-golang-protobuf-1-5-dev",
}


def _missing() -> str | None:
    for program, package in (
        ("go", "golang-go"),
        ("protoc", "protobuf-compiler"),
        ("protoc-gen-go", "protoc-gen-go"),
        ("protoc-gen-go-grpc", "protoc-gen-go-grpc"),
    ):
        if shutil.which(program) is None:
            return f"{program} is not installed (Debian: {package})"
    for path, package in NEEDED.items():
        if not (GOCODE / path).exists():
            return f"{GOCODE / path} is missing (Debian: {package})"
    return None


@pytest.mark.slow
@pytest.mark.skipif(_missing() is not None, reason=_missing() or "")
def test_a_go_bot_generated_as_the_readme_says_passes_check_bot(tmp_path):
    source = tmp_path / "src" / "gobot"
    source.mkdir(parents=True)
    shutil.copy(ROOT / "tests" / "fixtures" / "go_bot" / "main.go", source)
    generate = [
        "protoc",
        f"-I{PROTOS}",
        f"--go_out={source}",
        "--go_opt=paths=source_relative",
        f"--go-grpc_out={source}",
        "--go-grpc_opt=paths=source_relative",
        *(str(p.relative_to(PROTOS)) for p in proto_files()),
    ]
    subprocess.run(generate, check=True)
    env = {
        **os.environ,
        "GOPATH": f"{tmp_path}:{GOCODE.parent}",
        "GO111MODULE": "off",  # Debian's packages, no module download
        "GOFLAGS": "",
    }
    # Go's own build cache (GOCACHE, by default ~/.cache/go-build) is kept: it keys each
    # package by its sources and flags, so the generated code and the bot are compiled
    # afresh every time, and Debian's grpc and protobuf, unchanged, only once a machine
    # (about 25 of the test's 30 s, each run, with a cache of its own).
    built = subprocess.run(
        ["go", "build", "-o", str(tmp_path / "gobot"), "."], cwd=source, env=env, capture_output=True, text=True
    )
    assert built.returncode == 0, built.stderr
    checked = subprocess.run(
        [
            sys.executable,
            "-m",
            "arena.cli",
            "check-bot",
            "--game",
            "conto",
            "--deals",
            "1",
            "--",
            str(tmp_path / "gobot"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "OK: no problems found." in checked.stdout and "frederik: 4 matches" in checked.stdout
