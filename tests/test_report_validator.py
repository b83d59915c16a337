"""The HTML report passes the W3C's Nu HTML Checker (vnu): `arena report`'s page of a conto
tournament, and every game's report and match page (`arena show --html`), all checked in
one JVM start with `--errors-only` (so warnings do not fail it), the page's inline CSS
included.  vnu checks the page as written, not the DOM its script builds.

vnu.jar comes from npm (`npm ci --prefix tests/validator`, the version tests/validator's
lock file pins) and runs on Java 17 or newer (Debian: default-jre-headless).  Skipped,
saying which is missing, without either; `.ci/run` installs both.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import engine
from arena.report import match_page, write_report
from tests.test_html_report import conto_file, game_file, stored_matches

ROOT = Path(__file__).resolve().parent.parent
VNU = ROOT / "tests" / "validator" / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
JAVA = shutil.which("java")
GAMES = [spec.name for spec in engine.games()]
PAGES = ["conto-tournament", *(f"{game}-{kind}" for game in GAMES for kind in ("report", "match"))]
#: A page with known errors, checked in the same run: the checker really looks.
BROKEN = '<!DOCTYPE html>\n<html lang="en"><head><title>x</title></head>\n<body><p><div></p><img src="a.png"></body></html>\n'  # fmt: skip


def _missing() -> str | None:
    if JAVA is None:
        return "java is not installed (Debian: default-jre-headless)"
    if not VNU.exists():
        return f"{VNU.relative_to(ROOT)} is missing (npm ci --prefix tests/validator)"
    return None


pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The pages to check, by name, written by the functions `arena report` and `arena show
    --html` call: a conto tournament with faults, and each game's report and first match."""
    folder = tmp_path_factory.mktemp("validator")
    out = {"conto-tournament": folder / "conto-tournament.html"}
    write_report(conto_file(tmp_path_factory.mktemp("conto"), matches=6), out["conto-tournament"])
    for game in GAMES:
        results = game_file(tmp_path_factory.mktemp(game), game)
        out[f"{game}-report"] = folder / f"{game}-report.html"
        write_report(results, out[f"{game}-report"])
        out[f"{game}-match"] = folder / f"{game}-match.html"
        out[f"{game}-match"].write_text(match_page(results, stored_matches(results)[0].key), encoding="utf-8")
    out["broken"] = folder / "broken.html"
    out["broken"].write_text(BROKEN, encoding="utf-8")
    return out


@pytest.fixture(scope="module")
def verdicts(pages: dict[str, Path]) -> dict[str, list[dict]]:
    """vnu's error messages on each page, by name: one run of the checker on all of them."""
    assert JAVA is not None
    run = subprocess.run(
        [JAVA, "-jar", VNU, "--errors-only", "--format", "json", "--stdout", *pages.values()],
        capture_output=True,
        text=True,
        timeout=300,
    )
    try:
        messages = json.loads(run.stdout)["messages"]
    except (json.JSONDecodeError, KeyError):
        pytest.fail(f"vnu exited {run.returncode} without its JSON:\n{run.stdout}\n{run.stderr}")
    names = {path.name: name for name, path in pages.items()}
    out: dict[str, list[dict]] = {name: [] for name in pages}
    for message in messages:
        name = names.get(Path(message.get("url", "")).name)
        if name is None:  # a message on no page: the checker could not read one, say
            pytest.fail(f"vnu: {message}")
        out[name].append(message)
    return out


def described(messages: list[dict]) -> str:
    """Each message as `line LINE, column COLUMN: TEXT`, one a line."""
    return "\n".join(
        f"line {m.get('firstLine', m.get('lastLine'))}, column {m.get('firstColumn', m.get('lastColumn'))}: "
        f"{m['type']}: {m['message']}"
        for m in messages
    )


@pytest.mark.parametrize("name", PAGES)
def test_the_page_has_no_validator_error(verdicts: dict[str, list[dict]], name: str):
    errors = verdicts[name]
    assert not errors, f"vnu finds {len(errors)} errors in the {name} page:\n{described(errors)}"


def test_the_validator_finds_errors_where_there_are_some(verdicts: dict[str, list[dict]]):
    found = described(verdicts["broken"])
    assert "No “p” element in scope but a “p” end tag seen." in found
    assert "An “img” element must have an “alt” attribute" in found
    assert found.startswith("line 3, column ")
