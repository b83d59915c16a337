"""Each bot process is alone: two processes of one bot (two rotations of a table, or the
two partners of a bridge pair: the same program in two sandboxes) cannot pass each other a
bit through what their sandboxes share.  The sender publishes a 16-bit secret every way
it can (tests/hostile/bots/channels.py) and holds it; the receiver reads every channel."""

from __future__ import annotations

import json
import random

import pytest
import trio
from hostile_support import DEADLINE, hostile, sandbox_or_skip

from arena.process import BotCommand, open_bot_process

pytestmark = pytest.mark.usefixtures("needs_sandbox")

CHANNELS = {"posix locks", "ofd locks", "flock", "inotify", "keyring", "sysv shm", "/dev/shm", "abstract socket"}


@pytest.fixture
def needs_sandbox():
    sandbox_or_skip()


async def _line(stream: trio.abc.ReceiveStream) -> str:
    received = b""
    while not received.endswith(b"\n"):
        chunk = await stream.receive_some(65536)
        if not chunk:
            break
        received += chunk
    return received.decode()


def _read_across(tmp_path, secret: int) -> dict[str, object]:
    async def main() -> dict[str, object]:
        logs = tmp_path / "logs"
        receiver_command = BotCommand(name="receiver", argv=(*hostile("channels"), "receive"))
        sender_command = BotCommand(name="sender", argv=(*hostile("channels"), "send", str(secret)))
        with trio.fail_after(DEADLINE):
            async with open_bot_process(receiver_command, logs, stdio=True) as receiver:
                assert await _line(receiver.stdout) == "ready\n"
                async with open_bot_process(sender_command, logs, stdio=True) as sender:
                    assert await _line(sender.stdout) == "sent\n"
                    await receiver.stdin.send_all(b"go\n")
                    return json.loads(await _line(receiver.stdout))

    return trio.run(main)


def test_two_processes_of_one_bot_pass_no_bit_through_what_their_sandboxes_share(tmp_path):
    secret = random.Random(39).getrandbits(16) | 1
    read = _read_across(tmp_path, secret)
    assert set(read) >= CHANNELS - {"keyring"}, read
    leaked = {channel: value for channel, value in read.items() if isinstance(value, int) and value != 0}
    assert leaked == {}, f"the secret was {secret}; the receiver read {leaked}"
    refused = {channel for channel, value in read.items() if str(value).startswith("refused")}
    # Refused outright, not merely empty: the kernel state on shared read-only files.
    assert {"posix locks", "ofd locks", "flock", "inotify", "sysv shm"} <= refused, read


def test_a_bot_is_no_one_inside_even_when_the_arena_is_root(tmp_path):
    async def main() -> dict[str, object]:
        command = BotCommand(name="no-one", argv=hostile("no_one"))
        with trio.fail_after(DEADLINE):
            async with open_bot_process(command, tmp_path / "logs", stdio=True) as bot:
                return json.loads(await _line(bot.stdout))

    tried = trio.run(main)
    assert tried["uid"] != 0 and tried["euid"] != 0, tried
    assert tried["read /etc/shadow"] in {"EACCES", "ENOENT"}, tried
    assert tried["read /etc/gshadow"] in {"EACCES", "ENOENT"}, tried
    assert tried["write /proc/sys"] in {"EACCES", "EROFS"}, tried
    assert tried["ptrace init"] == "EPERM", tried
    assert tried["setuid 0"] == "EPERM", tried
