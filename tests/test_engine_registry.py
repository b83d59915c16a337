"""The game registry loads one game without importing the others (`arena table` of a
conto file pays for conto alone), and still finds every game by name."""

import subprocess
import sys
from pathlib import Path

import pytest

import engine

ROOT = Path(__file__).resolve().parent.parent


def test_every_game_package_bears_its_spec_name() -> None:
    # `game_names` (a command line's choices) reads the package names without importing them.
    assert engine.game_names() == tuple(spec.name for spec in engine.games())


def _imported_after(program: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", f"import sys, engine\n{program}\nprint(' '.join(sorted(sys.modules)))"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    return {name for name in done.stdout.split() if name.startswith("engine.") and name.count(".") == 1}


@pytest.mark.parametrize("name", ["conto", "bridge"])
def test_loading_one_game_imports_that_game_alone(name: str) -> None:
    games = _imported_after(f"engine.load({name!r})")
    assert {module for module in games if not module.startswith("engine._")} == {f"engine.{name}"}


def test_every_game_is_still_found_after_one_was_loaded_alone() -> None:
    games = _imported_after(
        "engine.load('vegas')\n"
        "assert [spec.name for spec in engine.games()] == list(engine.game_names())\n"
        "for name in engine.game_names():\n"
        "    engine.load(name)"
    )
    assert {f"engine.{name}" for name in engine.game_names()} <= games


def test_an_unknown_game_still_names_every_game() -> None:
    with pytest.raises(engine.OptionError) as refused:
        engine.game_class("cotno")
    assert "Did you mean 'conto'?" in str(refused.value)
    assert all(name in str(refused.value) for name in engine.game_names())
