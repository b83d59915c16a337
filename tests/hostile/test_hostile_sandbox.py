"""A bot in the sandbox gains nothing: no tournament, results or log file, no other bot's
files, no arena process, no network, no writable repository; over gRPC and over stdio."""

from __future__ import annotations

import json
import os
import socket
import sys
import uuid

import pytest
import trio
from hostile_support import RANDOM, ROOT, comments_of, hostile, run_match, sandbox_or_skip

from arena.process._sandbox import SANDBOX_ENVIRONMENT
from arena.process.bot import BotCommand, open_bot_process
from arena.records import BotEntry

pytestmark = pytest.mark.usefixtures("needs_sandbox")


@pytest.fixture
def needs_sandbox():
    sandbox_or_skip()


def secrets(tmp_path):
    """What a seat must not see: files of the arena (in tmp_path/arena) and of the repository."""
    arena = tmp_path / "arena"
    arena.mkdir()
    tournament = arena / "t.toml"
    tournament.write_text('[tournament]\nname = "t"\nseed = 1\n')
    results = arena / "t.sqlite"
    results.write_bytes(b"SQLite format 3\0 every hidden card")
    logs = tmp_path / "logs"  # the pool's log folder: the bots' own logs are there
    return [
        str(tournament),
        str(results),
        str(logs),
        str(logs / "snoop-1.log"),
        str(ROOT / "tournaments" / "conto.toml"),
        "tournaments/conto.toml",  # relative to its working directory, the repository
        "results",
        "logs",
        str(ROOT / "bots" / "random_bot.py"),  # another bot's program
        str(ROOT / "tests" / "test_referee.py"),
        str(ROOT / "README.md"),
        str(ROOT / ".git"),
        "/sys",  # the machine's devices and cgroups
        "/dev/kmsg",  # the kernel's log
        "/proc/kcore",  # the machine's memory
    ]


def check_findings(findings, tmp_path, private):
    assert findings["read"] == [], f"the bot read {findings['read']}"
    assert findings["wrote"] == [private], f"the bot wrote {findings['wrote']}"
    assert not (tmp_path / "planted").exists()
    # Its own pid namespace: bwrap's init (1) and itself, nothing of the arena's.
    processes = findings["processes"]
    assert set(processes) <= {"1", "2", "3"}, processes
    assert not any("pytest" in line or "t.toml" in line for line in processes.values()), processes
    assert set(findings["environment"]) <= {*SANDBOX_ENVIRONMENT, "SNOOP_READ", "SNOOP_WRITE"}
    assert findings["cwd"] == str(ROOT)
    # Its stdin, stdout and stderr, and nothing the arena or bwrap had open.
    assert set(findings["open files"]) == {"0", "1", "2"}, findings["open files"]


def snoop_env(tmp_path, private):
    return {
        "SNOOP_READ": ":".join(secrets(tmp_path)),
        "SNOOP_WRITE": ":".join([str(ROOT / "tests" / "hostile" / "bots" / "planted"), "/planted", private]),
    }


def test_a_snooping_grpc_bot_finds_nothing_of_the_arena(tmp_path):
    private = f"/tmp/snoop-{uuid.uuid4().hex}"
    entries = {
        "snoop": BotEntry("snoop", command=hostile("snoop"), env=snoop_env(tmp_path, private)),
        "random": BotEntry("random", command=RANDOM),
    }
    record = run_match(tmp_path, entries)
    assert record.faults == ()
    [findings, *_] = comments_of(record, 0)
    check_findings(findings, tmp_path, private)
    assert not (ROOT / "tests" / "hostile" / "bots" / "planted").exists()
    assert not os.path.exists(private), "its /tmp is its own"


def test_a_snooping_stdio_bot_is_sandboxed_the_same_way(tmp_path):
    private = f"/tmp/snoop-{uuid.uuid4().hex}"
    entries = {
        "snoop": BotEntry("snoop", command=hostile("snoop_stdio"), env=snoop_env(tmp_path, private), protocol="stdio"),
        "random": BotEntry("random", command=RANDOM),
    }
    record = run_match(tmp_path, entries)
    assert record.faults == ()
    [findings, *_] = comments_of(record, 0)
    check_findings(findings, tmp_path, private)


@pytest.mark.parametrize("network", [False, True], ids=["no network", "network = true"])
def test_a_bot_connects_only_with_network_true(tmp_path, network):
    with socket.create_server(("127.0.0.1", 0)) as server:  # loopback only
        port = server.getsockname()[1]
        command = BotCommand(
            name="connects", argv=hostile("connects"), env={"CONNECT_PORT": str(port)}, network=network
        )

        async def main() -> str:
            async with open_bot_process(command, tmp_path) as bot:
                with trio.fail_after(10):
                    while "connected" not in (said := bot.log_path.read_text()):
                        await trio.sleep(0.02)
                return said

        said = trio.run(main)
    if network:
        assert said.startswith("connected"), said
    else:
        assert said.startswith("not connected"), said


def test_a_bot_sees_its_files_and_nothing_else_of_their_folder(tmp_path):
    # `files` adds paths to what it may read, read-only; what is beside them stays hidden.
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "model.bin").write_bytes(b"weights")
    (tmp_path / "beside.txt").write_text("not for the bot")
    probe = (
        "import json, os\n"
        "def can(path, mode):\n"
        "    try:\n"
        "        open(path, mode).close(); return True\n"
        "    except OSError:\n"
        "        return False\n"
        f"print(json.dumps([can({str(shared / 'model.bin')!r}, 'rb'), can({str(shared / 'new')!r}, 'w'),"
        f" can({str(tmp_path / 'beside.txt')!r}, 'rb')]), flush=True)\n"
    )
    command = BotCommand(name="reader", argv=(sys.executable, "-c", probe), files=(str(shared),))

    async def main() -> str:
        async with open_bot_process(command, tmp_path / "logs") as bot:
            with trio.fail_after(10):
                await bot.wait()
            return bot.log_path.read_text()

    assert json.loads(trio.run(main)) == [True, False, False]
