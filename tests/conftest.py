"""Test-wide settings.

In CI (CI=true) hypothesis runs derandomized and without its example database, so a
submission's result does not depend on luck; on a developer's machine it keeps
exploring new examples (and remembers failures) as usual.
"""

import fcntl
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import settings

# `arena run` plays in worker processes by default, one per core: the suite's runs keep to one
# process unless a test asks for workers (test_workers.py).  ARENA_WORKERS=2 pytest runs them all in two.
os.environ.setdefault("ARENA_WORKERS", "1")

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def played_once(tmp_path_factory: pytest.TempPathFactory, name: str, play: Callable[[Path], str]) -> tuple[Path, str]:
    """`play(folder)`, a tournament the tests only read, played once for the whole run
    however many xdist workers ask for it (a session fixture is made once per worker): the
    first plays it in a folder the run's workers share, under a lock, and keeps its stdout
    beside it; the others wait for it and read the same.  The folder and the stdout."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # xdist: <run>/popen-gwN
    folder, stdout = shared / name, shared / f"{name}.stdout"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not stdout.exists():  # written last: a worker that failed half-way left none
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            partial = shared / f"{name}.partial"
            partial.write_text(play(folder))
            partial.replace(stdout)
        return folder, stdout.read_text()


@pytest.fixture(scope="session")
def reference(tmp_path_factory):
    """The worker and cluster tests' tournament played once in one process, for the whole
    run (test_workers.py and test_cluster.py both read it): its folder and its table's
    results.  Tests copy its results file (tests/test_workers.py `same_deals`), never write it."""
    from tests.test_tournament import arena, results_of, table_lines, tournament_file
    from tests.test_workers import DEALS

    def play(folder: Path) -> str:
        run = arena("run", tournament_file(folder, "whole", deals=DEALS), "--workers", "1")
        assert "worker processes" not in run.stdout
        return run.stdout

    folder, stdout = played_once(tmp_path_factory, "reference", play)
    return folder, results_of(table_lines(stdout))


@pytest.fixture(scope="session")
def small_tournament(tmp_path_factory):
    """`arena run` of test_tournament.py's small tournament (4 bots, 3 seats, 3 deals a
    match: 12 matches), played once for the run: the run's stdout and its results file,
    which the tests only read (test_tournament.py, test_crosstable.py)."""
    from tests.test_tournament import arena, tournament_file

    folder, stdout = played_once(
        tmp_path_factory, "small", lambda folder: arena("run", tournament_file(folder, "small")).stdout
    )
    return stdout, folder / "small.sqlite"


@pytest.fixture(scope="session")
def conto_results(tmp_path_factory):
    """A small conto tournament really played (three bots, three seats, four deals), played
    once for the run: its results file, which the report's browser tests only read
    (test_report_browser.py, test_report_lens.py)."""
    from tests.test_tournament import arena, write_tournament

    def play(folder: Path) -> str:
        bots = {
            "random": ["python", "bots/random_bot.py", "--seed=3"],
            "honest": ["python", "bots/conto_honest.py"],
            "bluffer": ["python", "bots/conto_bluffer.py"],
        }
        return arena("run", write_tournament(folder, "small", bots, seats=3, deals=4, seed=11, concurrency=2)).stdout

    folder, _ = played_once(tmp_path_factory, "report-conto", play)
    return folder / "small.sqlite"


@pytest.fixture(autouse=True)
def _tmp_path_open_to_bots(request):
    """pytest makes tmp_path 0700; an arena running as root runs each sandboxed bot as a
    user of its own, which could not read a bot written there (arena/process/_sandbox.py)."""
    if os.geteuid() == 0 and "tmp_path" in request.fixturenames:
        request.getfixturevalue("tmp_path").chmod(0o755)


# The quick target, `python -m pytest -m "not slow"`: every game's rules (tests/engine, but
# for the longest property searches, marked slow where they stand) and the protocol as the
# referee speaks it, in process: no bot process, browser, tournament or cluster.  Every
# other module is slow, so a new module is left out of the quick target until it is
# listed here.
QUICK = {
    "test_bridge_pbn.py",
    "test_bridge_protocol.py",
    "test_cli_arguments.py",
    "test_config.py",
    "test_export_pbn.py",
    "test_frederik_protocol.py",
    "test_grpc_fence.py",
    "test_layout.py",
    "test_proto_names.py",
    "test_protocol.py",
    "test_ratings.py",
    "test_referee_faults.py",
    "test_schedule.py",
    "test_seat_independence.py",
    "test_stdio_fuzz.py",
    "test_stdio_json.py",
    "test_vegas_protocol.py",
    "test_wire.py",
}
_TESTS = Path(__file__).parent


def _slow_module(path: Path) -> bool:
    where = path.relative_to(_TESTS)
    return where.parts[0] != "engine" and str(where) not in QUICK


def pytest_collection_modifyitems(config, items):
    for item in items:
        if _slow_module(Path(item.fspath)):
            item.add_marker(pytest.mark.slow)


def pytest_ignore_collect(collection_path: Path, config) -> bool | None:
    """The quick target does not import the modules it would deselect whole: importing and
    rewriting their asserts was a sixth of its time."""
    quick = " ".join(config.getoption("markexpr").split()) == "not slow"
    inside = collection_path.is_relative_to(_TESTS) and collection_path != _TESTS
    if quick and inside and (collection_path.suffix == ".py" or collection_path.is_dir()):
        return _slow_module(collection_path) or None  # a folder but engine/ holds only slow ones
    return None
