"""Test-wide settings.

In CI (CI=true) hypothesis runs derandomized and without its example database, so a
submission's result does not depend on luck; on a developer's machine it keeps
exploring new examples (and remembers failures) as usual.
"""

import os
from pathlib import Path

import pytest
from hypothesis import settings

# `arena run` plays in worker processes by default, one per core: the suite's runs keep to one
# process unless a test asks for workers (test_workers.py).  ARENA_WORKERS=2 pytest runs them all in two.
os.environ.setdefault("ARENA_WORKERS", "1")

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(scope="session")
def reference(tmp_path_factory):
    """The worker and cluster tests' tournament played once in one process, for the whole
    session (test_workers.py and test_cluster.py both read it): its folder and its table's
    results.  Tests copy its results file (tests/test_workers.py `same_deals`), never write it."""
    from tests.test_tournament import arena, results_of, table_lines, tournament_file
    from tests.test_workers import DEALS

    folder = tmp_path_factory.mktemp("reference")
    run = arena("run", tournament_file(folder, "whole", deals=DEALS), "--workers", "1")
    assert "worker processes" not in run.stdout
    return folder, results_of(table_lines(run.stdout))


@pytest.fixture(scope="session")
def small_tournament(tmp_path_factory):
    """`arena run` of test_tournament.py's small tournament (4 bots, 3 seats, 3 deals a
    match: 12 matches), played once for the session: the run's stdout and its results file,
    which the tests only read (test_tournament.py, test_crosstable.py)."""
    from tests.test_tournament import arena, tournament_file

    folder = tmp_path_factory.mktemp("small")
    run = arena("run", tournament_file(folder, "small"))
    return run.stdout, folder / "small.sqlite"


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
