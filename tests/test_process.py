"""Tests of arena.process.bot: starting and stopping bot processes safely."""

from __future__ import annotations

import functools
import os
import select
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
import trio

from arena.errors import BotFault, BotStartError, ProcessError
from arena.play import pool as _pool
from arena.play.pool import open_bot_pool
from arena.process import _start, _watch, signals
from arena.process import bot as _process
from arena.process._sandbox import sandbox_problem
from arena.process.bot import BotCommand, open_bot_process
from arena.process.signals import kill_all_bot_processes
from arena.protocol import ADDRESS_ENV
from arena.records import BotEntry, FaultKind

FIXTURES = Path(__file__).parent / "fixtures" / "proc"
BOT = str(FIXTURES / "bot.py")
PY = sys.executable
DEADLINE = 5.0


def trio_test(fn):
    """Run an async test function under trio.run (no pytest-trio needed)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        trio.run(functools.partial(fn, *args, **kwargs))

    return wrapper


@pytest.fixture(autouse=True)
def short_grace(monkeypatch):
    # Keep the SIGTERM -> SIGKILL escalation fast in tests.
    monkeypatch.setattr(_process, "TERMINATE_GRACE", 0.3)


def proc_state(pid: int) -> str | None:
    """The /proc state letter of pid ('R', 'S', 'Z', ...), None if no such pid."""
    try:
        stat_line = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return stat_line.rsplit(")", 1)[1].split()[0]


def pid_exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def is_dead(pid: int) -> bool:
    """Dead: no such pid, or a zombie waiting for a parent that is not ours
    (init in a container may not reap promptly)."""
    return proc_state(pid) in (None, "Z")


def wait_until(predicate, timeout: float = DEADLINE) -> bool:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


async def wait_for_log(bot, text: str, timeout: float = DEADLINE) -> str:
    with trio.fail_after(timeout):
        while text not in (content := bot.log_path.read_text(errors="replace")):
            await trio.sleep(0.01)
    return content


def log_values(content: str) -> dict[str, str]:
    return dict(line.split("=", 1) for line in content.splitlines() if "=" in line)


def bot_command(*flags: str, name: str = "testbot", **kwargs) -> BotCommand:
    return BotCommand(name=name, argv=(PY, BOT, *flags), **kwargs)


def host_pid(bot, pid: int) -> int:
    """The arena's pid of the bot's process that calls itself `pid` (inside its sandbox,
    the bot has pid namespace of its own; unsandboxed, the two are the same)."""
    if not bot.sandboxed:
        return pid
    for candidate in bot.processes():
        status = Path(f"/proc/{candidate}/status").read_text()
        nspids = next(line for line in status.splitlines() if line.startswith("NSpid:")).split()[1:]
        if int(nspids[-1]) == pid:
            return candidate
    raise AssertionError(f"no process of bot {bot.name} is {pid} in its namespace: {bot.processes()}")


def carrying(address: str) -> list[int]:
    """The processes whose environment holds this bot address: the bot's, however detached."""
    marker = f"{ADDRESS_ENV}={address}".encode()
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and not is_dead(int(entry)):
            try:
                if marker in Path(f"/proc/{entry}/environ").read_bytes().split(b"\0"):
                    found.append(int(entry))
            except OSError:
                continue
    return found


def spy_on_spawns(monkeypatch) -> list[int]:
    """The pids of the bot processes started from now on, as they are started."""
    spawned: list[int] = []
    real_spawn = _start.spawn

    def spying_spawn(*args, **kwargs):
        popen = real_spawn(*args, **kwargs)
        spawned.append(popen.pid)
        return popen

    monkeypatch.setattr(_start, "spawn", spying_spawn)
    return spawned


@pytest.fixture(params=[True, False], ids=["sandboxed", "unsandboxed"])
def sandbox(request) -> bool:
    """Whether the test's bot runs in the sandbox: both ways (sandboxed only where bwrap runs)."""
    if request.param and sandbox_problem() is not None:
        pytest.skip(f"no sandbox here: {sandbox_problem()}")
    return request.param


# ---------------------------------------------------------------------------


@trio_test
async def test_address_env_private_dir_and_log(tmp_path, sandbox):
    command = bot_command(env={"EXTRA_VAR": "hello"}, sandbox=sandbox)
    async with open_bot_process(command, tmp_path) as bot:
        values = log_values(await wait_for_log(bot, "ready"))
        assert bot.sandboxed is sandbox
        assert values["address"] == bot.address
        assert host_pid(bot, int(values["pid"])) == (bot.processes()[0] if sandbox else bot.pid)
        assert values["extra"] == "hello"
        assert values["stdin"] == "/dev/null"
        assert bot.address.startswith("unix:/")
        socket_path = Path(bot.address.removeprefix("unix:"))
        socket_dir = socket_path.parent
        assert stat.S_IMODE(socket_dir.stat().st_mode) == 0o700
        # Sandboxed, the socket is in a tmpfs of the sandbox's over that path, reached
        # through an fd of the arena's (/proc/self/fd); the folder on the host stays empty.
        reached = Path((await bot.socket_address(DEADLINE)).removeprefix("unix:"))
        assert stat.S_ISSOCK(reached.stat().st_mode)
        assert (reached == socket_path) is not sandbox
        assert list(socket_dir.iterdir()) == ([] if sandbox else [socket_path])
        assert bot.log_path.parent == tmp_path
        assert bot.log_path.name == "testbot-1.log"
        assert bot.returncode() is None
        assert bot.exit_description() == "still running"
        pid = bot.pid
    assert not socket_dir.exists()
    assert not pid_exists(pid)  # reaped, not even a zombie
    assert bot.returncode() == -signal.SIGTERM
    assert "SIGTERM" in bot.exit_description()
    assert ADDRESS_ENV == "ARENA_BOT_ADDRESS"


@trio_test
async def test_exit_status_and_distinct_log_names(tmp_path):
    command = BotCommand(name="quitter", argv=(PY, "-c", "import sys; sys.exit(3)"))
    paths = []
    for _ in range(2):
        async with open_bot_process(command, tmp_path) as bot:
            with trio.fail_after(DEADLINE):
                assert await bot.wait() == 3
            assert bot.returncode() == 3
            assert bot.exit_description() == "exited with status 3"
            paths.append(bot.log_path)
    assert paths == [tmp_path / "quitter-1.log", tmp_path / "quitter-2.log"]
    assert all(p.exists() for p in paths)


@trio_test
async def test_output_is_captured_and_capped_without_blocking(tmp_path):
    limit = 64 * 1024
    command = BotCommand(
        name="spammer",
        argv=(PY, str(FIXTURES / "spam.py"), str(20 * 1024 * 1024)),
        stderr_limit=limit,
    )
    async with open_bot_process(command, tmp_path) as bot:
        # 20 MiB through a 64 KiB pipe: it only finishes if we keep draining.
        with trio.fail_after(DEADLINE):
            assert await bot.wait() == 0
    data = bot.log_path.read_bytes()
    assert data.startswith(b"started\n")
    kept, note = data[:limit], data[limit:]
    assert kept == b"started\n" + b"x" * (limit - len(b"started\n"))
    assert note.count(b"\n") == 2 and b"truncated" in note  # newline + one note line
    assert len(data) < limit + 200


@trio_test
async def test_sigterm_ignoring_bot_is_killed(tmp_path):
    async with open_bot_process(bot_command("--ignore-term"), tmp_path) as bot:
        await wait_for_log(bot, "ready")
        pid = bot.pid
    assert not pid_exists(pid)
    assert bot.returncode() == -signal.SIGKILL
    description = bot.exit_description()
    assert description.startswith("killed by signal 9 (SIGKILL)")
    assert "did not stop" in description


@trio_test
async def test_grandchildren_are_killed_with_the_bot(tmp_path, sandbox):
    async with open_bot_process(bot_command("--grandchild", sandbox=sandbox), tmp_path) as bot:
        values = log_values(await wait_for_log(bot, "ready"))
        grandchild = host_pid(bot, int(values["grandchild"]))
        assert not is_dead(grandchild)
    assert not pid_exists(bot.pid)
    # The grandchild ignores SIGTERM: it died of the group SIGKILL.
    assert wait_until(lambda: is_dead(grandchild))


@trio_test
async def test_bot_that_dies_takes_its_children_along(tmp_path, sandbox):
    async with open_bot_process(bot_command("--grandchild", "--exit", "5", sandbox=sandbox), tmp_path) as bot:
        values = log_values(await wait_for_log(bot, "ready"))
        assert int(values["grandchild"]) > 0
        with trio.fail_after(DEADLINE):
            assert await bot.wait() == 5
        # Still inside the context: the rest of its processes are already gone.
        assert wait_until(lambda: not carrying(bot.address))
        assert bot.exit_description() == "exited with status 5"


@trio_test
async def test_cancellation_stops_the_bot(tmp_path):
    with trio.CancelScope() as scope:
        async with open_bot_process(bot_command(), tmp_path) as bot:
            await wait_for_log(bot, "ready")
            scope.cancel()
            await trio.sleep_forever()
    assert scope.cancelled_caught
    assert not pid_exists(bot.pid)
    assert bot.returncode() == -signal.SIGTERM


@trio_test
async def test_cancelled_while_starting_leaves_nothing_behind(tmp_path, monkeypatch):
    spawned = spy_on_spawns(monkeypatch)
    with trio.CancelScope() as scope:
        scope.cancel()
        async with open_bot_process(bot_command(), tmp_path):
            pytest.fail("the body must not run")  # pragma: no cover
    assert scope.cancelled_caught
    [pid] = spawned
    assert not pid_exists(pid)
    assert pid not in signals.live_groups


@trio_test
async def test_exception_in_body_propagates_unwrapped(tmp_path):
    with pytest.raises(ValueError, match="boom"):
        async with open_bot_process(bot_command(), tmp_path) as bot:
            await wait_for_log(bot, "ready")
            raise ValueError("boom")
    assert not pid_exists(bot.pid)


@trio_test
async def test_memory_limit(tmp_path):
    command = BotCommand(
        name="hog",
        argv=(PY, str(FIXTURES / "allocate.py")),
        memory_limit=200 * 1024 * 1024,
    )
    async with open_bot_process(command, tmp_path) as bot:
        with trio.fail_after(DEADLINE):
            returncode = await bot.wait()
    assert returncode != 0
    assert "memory limit (200 MiB)" in bot.exit_description()


@trio_test
async def test_kill_all_bot_processes(tmp_path):
    async with open_bot_process(bot_command("--ignore-term"), tmp_path) as bot:
        await wait_for_log(bot, "ready")
        kill_all_bot_processes()
        kill_all_bot_processes()  # idempotent
        with trio.fail_after(DEADLINE):
            assert await bot.wait() == -signal.SIGKILL
        assert "kill_all_bot_processes" in bot.exit_description()
    assert not pid_exists(bot.pid)
    kill_all_bot_processes()  # nothing left: a no-op


@pytest.mark.parametrize(
    ("program", "reason"),
    [
        ("/nonexistent/arena-bot", "No such file or directory"),
        ("not-executable.py", "Permission denied"),
    ],
)
@trio_test
async def test_unstartable_command(tmp_path, monkeypatch, program, reason):
    sockets = tmp_path / "tmp"
    sockets.mkdir()
    monkeypatch.setattr("tempfile.tempdir", str(sockets))
    if not program.startswith("/"):
        script = tmp_path / program
        script.write_text("print('hi')\n")
        script.chmod(0o644)
        program = str(script)
    command = BotCommand(name="ghost", argv=(program, "--flag"))
    with pytest.raises(BotStartError) as info:
        async with open_bot_process(command, tmp_path / "logs"):
            pytest.fail("the body must not run")
    message = str(info.value)
    assert isinstance(info.value, ProcessError)
    assert "'ghost'" in message
    assert f"{program} --flag" in message
    assert reason in message
    assert message.endswith(".")
    assert list(sockets.iterdir()) == []  # no temp dir left behind


def test_bot_command_is_frozen_and_hashable():
    command = BotCommand(name="b", argv=["x", "y"], env={"A": "1"})
    assert command.argv == ("x", "y")
    with pytest.raises(TypeError):
        command.env["A"] = "2"  # type: ignore[index]
    assert hash(command) == hash(BotCommand(name="b", argv=("x", "y"), env={"A": "1"}))
    with pytest.raises(ValueError):
        BotCommand(name="b", argv=())


# ---------------------------------------------------------------------------
# The arena itself dies: its bots must not survive it.


def read_lines_until(proc: subprocess.Popen, prefix: str, timeout: float = 10.0) -> dict:
    """Read proc's stdout lines (with a deadline) until one starts with prefix."""
    values: dict[str, str] = {}
    buffer = b""
    deadline = time.monotonic() + timeout
    fd = proc.stdout.fileno()
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise AssertionError(f"no {prefix!r} line from the parent; got {buffer!r}")
        ready, _, _ = select.select([fd], [], [], remaining)
        if not ready:
            continue
        chunk = os.read(fd, 4096)
        if not chunk:
            raise AssertionError(f"parent exited early; output {buffer!r}")
        buffer += chunk
        for line in buffer.decode().splitlines():
            if "=" in line:
                key, value = line.split("=", 1)
                values[key] = value
        if prefix in values:
            return values


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL, signal.SIGINT])
def test_no_orphans_when_the_parent_dies(tmp_path, sig, sandbox):
    # Unsandboxed: as where bubblewrap is missing (an empty ARENA_BWRAP says so).
    env = dict(os.environ) if sandbox else {**os.environ, "ARENA_BWRAP": ""}
    parent = subprocess.Popen(
        [PY, str(FIXTURES / "parent.py"), str(tmp_path)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        env=env,
    )
    address = ""
    try:
        values = read_lines_until(parent, "bot")
        bot, address = int(values["bot"]), values["address"]
        socket_dir = Path(address.removeprefix("unix:")).parent
        assert socket_dir.is_dir()
        assert len(carrying(address)) >= 2  # the bot and its grandchild at least
        parent.send_signal(sig)
        parent.wait(timeout=DEADLINE)
        assert wait_until(lambda: is_dead(bot)), f"bot {bot} survived {sig.name} of its parent"
        if sandbox or sig != signal.SIGKILL:
            # Every process of the bot is gone.  (Unsandboxed, after SIGKILL only the
            # bot itself is covered, by PR_SET_PDEATHSIG: its grandchild survives.)
            assert wait_until(lambda: not carrying(address)), f"left: {carrying(address)}"
        if sig != signal.SIGKILL:
            assert parent.returncode == 130
            assert not socket_dir.exists()
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        parent.stdout.close()
        if address:  # what a SIGKILLed unsandboxed arena leaves, not leaked into other tests
            for pid in carrying(address):
                os.kill(pid, signal.SIGKILL)
            shutil.rmtree(Path(address.removeprefix("unix:")).parent, ignore_errors=True)


# --- the arena's own failures while a bot runs ------------------------------------------


@trio_test
async def test_a_failed_watch_leaves_the_bot_running_and_says_so_in_its_log(tmp_path, monkeypatch, sandbox):
    async def broken_watch(*args):
        raise OSError("no /proc today")

    monkeypatch.setattr(_watch, "_watch", broken_watch)
    async with open_bot_process(bot_command(), tmp_path) as bot:
        await wait_for_log(bot, "its limits are no longer watched: OSError: no /proc today")
        assert bot.returncode() is None  # its match goes on


async def wait_in_a_nursery_of_its_own() -> None:
    async with trio.open_nursery() as nursery:
        nursery.start_soon(trio.sleep_forever)
        await trio.sleep_forever()


@pytest.mark.parametrize("body", [trio.sleep_forever, wait_in_a_nursery_of_its_own])
@pytest.mark.parametrize("when", ["starting", "running"])
@trio_test
async def test_a_failed_task_of_the_process_is_raised_not_the_body_cancelled_for_it(tmp_path, monkeypatch, when, body):
    running = trio.Event()

    async def broken_copy(self):
        if when == "running":
            await running.wait()
        raise ValueError("the log copier broke")

    monkeypatch.setattr(_process.BotProcess, "_copy_output", broken_copy)
    spawned = spy_on_spawns(monkeypatch)
    with pytest.raises(ValueError, match="the log copier broke"):
        async with open_bot_process(bot_command(), tmp_path):
            running.set()
            await body()  # a nursery's Cancelled comes in a group
    [pid] = spawned
    assert not pid_exists(pid)


@trio_test
async def test_a_watch_that_begins_after_the_bot_was_reaped_ends_quietly(tmp_path):
    # A bot that exits at once can be reaped before its watch task first runs.
    async with open_bot_process(bot_command("--exit", "0"), tmp_path) as bot:
        await bot.wait()
        with trio.fail_after(5):
            await bot._watch()


@trio_test
async def test_the_arenas_own_failure_while_starting_a_bot_is_a_start_fault(tmp_path, monkeypatch):
    def failing_open(command, log_dir, **kwargs):
        raise RuntimeError("no luck")

    monkeypatch.setattr(_pool, "open_bot_process", failing_open)
    entries = {"b": BotEntry("b", command=(PY, BOT))}
    async with open_bot_pool(entries, tmp_path) as pool:
        with pytest.raises(BotFault) as fault:
            await pool.hello("b")
    assert fault.value.kind is FaultKind.START
    assert fault.value.reason == "the arena failed while starting it: RuntimeError: no luck"


@trio_test
async def test_a_bot_that_exits_at_once_is_a_start_fault_with_its_own_reason(tmp_path):
    entries = {"b": BotEntry("b", command=(PY, "-c", "raise SystemExit(3)"))}
    async with open_bot_pool(entries, tmp_path) as pool:
        with pytest.raises(BotFault) as fault:
            await pool.hello("b")
    assert fault.value.kind is FaultKind.START
    assert fault.value.reason.startswith("no Hello; the process exited with status 3"), fault.value.reason


@pytest.mark.parametrize(
    ("init", "own", "armed"),
    [
        # Linux 5.9 and later count the filters: the init's one more than the arena's.
        ({"Seccomp": "2", "Seccomp_filters": "1"}, {"Seccomp": "0", "Seccomp_filters": "0"}, True),
        ({"Seccomp": "0", "Seccomp_filters": "0"}, {"Seccomp": "0", "Seccomp_filters": "0"}, False),
        ({"Seccomp": "2", "Seccomp_filters": "3"}, {"Seccomp": "2", "Seccomp_filters": "2"}, True),
        ({"Seccomp": "2", "Seccomp_filters": "2"}, {"Seccomp": "2", "Seccomp_filters": "2"}, False),
        # Older kernels: the mode alone, which a filtered arena's init has from the start.
        ({"Seccomp": "2"}, {"Seccomp": "0"}, True),
        ({"Seccomp": "0"}, {"Seccomp": "0"}, False),
        ({"Seccomp": "0"}, {"Seccomp": "2"}, True),
    ],
)
def test_the_go_waits_for_the_init_s_seccomp_program_where_it_can_be_seen(init, own, armed):
    from arena.process._release import _armed

    assert _armed(init, own) is armed
