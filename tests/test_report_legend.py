"""The legend of a game's notation (`GameSpec.notation`): the report's replays and `arena
show` say how a game's moves read where their words do not (conto's "38" is three 8s),
and say nothing for a game whose notation its players read as it is (bridge); and its
cards' letters: each suit's (`GameSpec.suits`) and the ranks a reader may not know, as
the game declares them (`GameSpec.ranks`: the Italian deck's A F C R)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

import engine
from arena.report import match_page, write_report
from engine.conto import ContoAction, Declared, Move, Portata
from tests.test_html_report import conto_file, game_file, stored_matches
from tests.test_tournament import arena_here_ok

CONTO = engine.load("conto").spec


def legend(page: str) -> str | None:
    """The text of the page's legend under the replay, tags dropped; None without one."""
    found = re.search(r'<div id="legend">(.*?)</div>', page, re.S)
    return None if found is None else unescape(re.sub(r"<[^>]+>", "", found[1]))


def test_the_conto_report_and_match_page_explain_the_plates_in_their_legend(tmp_path: Path):
    results = conto_file(tmp_path, matches=1)
    write_report(results, tmp_path / "report.html")
    match = match_page(results, stored_matches(results)[0].key)
    for page in ((tmp_path / "report.html").read_text(), match):
        shown = legend(page)
        assert shown is not None, "a conto page has a legend"
        assert f"Notation: {CONTO.notation}" in shown
        assert "38 is three 8s" in shown


def test_the_plates_the_legend_describes_are_the_ones_the_engine_writes():
    # The legend's examples read the engine's own texts: quantity, then rank.
    assert "38 is three 8s, 122 twelve 2s" in CONTO.notation
    assert (Portata("8", 3).text, Portata("2", 12).text) == ("38", "122")
    # and the table's form of "1T 18", which a transcript's declaration column writes
    assert "1T 18 one ten and one 8 (a table's declaration column writes that plate 1×T + 1×8)" in CONTO.notation
    plate = (Portata("T", 1), Portata("8", 1))
    declared = Declared(1, 0, ContoAction(Move.ABBONDARE, 1, plate))
    assert ("declaration", "1×T + 1×8") in declared.columns()


def test_a_game_without_notation_shows_its_suits_and_no_notation(tmp_path: Path):
    assert engine.load("bridge").spec.notation == ""
    results = game_file(tmp_path, "bridge")
    write_report(results, tmp_path / "bridge.html")
    shown = legend((tmp_path / "bridge.html").read_text())
    assert shown is not None and "spades" in shown
    assert "Notation" not in shown


def test_the_italian_decks_games_declare_its_rank_letters():
    for name in ("vegas", "invido"):
        ranks = {rank.letter: rank.name for rank in engine.load(name).spec.ranks}
        assert ranks == {"A": "asso (ace)", "F": "fante (jack)", "C": "cavallo (knight)", "R": "re (king)"}
    # The French deck's ranks read as its players read them: nothing to name.
    assert engine.load("bridge").spec.ranks == engine.load("frederik").spec.ranks == ()


@pytest.mark.parametrize("name", [spec.name for spec in engine.games()])
def test_the_report_names_the_rank_letters_its_game_declares(tmp_path: Path, name: str):
    spec = engine.load(name).spec
    results = game_file(tmp_path, name)
    write_report(results, tmp_path / "report.html")
    shown = legend((tmp_path / "report.html").read_text()) or ""
    named = ", ".join(f"{rank.letter} {rank.name}" for rank in spec.ranks)
    if spec.ranks:
        assert f"; ranks: {named}." in shown
    else:
        assert "ranks:" not in shown
    assert all(f"{face.letter} {face.name}" in shown for face in spec.suits)


@pytest.mark.parametrize("name", [spec.name for spec in engine.games()])
def test_arena_show_prints_the_games_notation_under_its_heading(tmp_path: Path, capsys, name: str):
    results = game_file(tmp_path, name)
    out = arena_here_ok(capsys, "show", results, stored_matches(results)[0].key)
    heading, following = out.split("\n", 2)[:2]
    assert heading.startswith("match r1-t1-p")
    spec = engine.load(name).spec
    # The legend's paragraphs, each a first line and its indented rest, before the moves.
    paragraphs = re.findall(r"^(\w+): (.*(?:\n  .*)*)", out.split("\n", 1)[1], re.M)
    told = {word: " ".join(part.strip() for part in text.split("\n")) for word, text in paragraphs}
    if spec.notation:
        assert following.startswith("notation: ") and told["notation"] == spec.notation
    else:
        assert "notation" not in out
    if spec.suits:
        suits = ", ".join(f"{face.symbol} {face.letter} {face.name}" for face in spec.suits)
        ranks = f"; ranks: {', '.join(f'{rank.letter} {rank.name}' for rank in spec.ranks)}" if spec.ranks else ""
        assert told["cards"] == f"suits {suits}{ranks}."
    else:
        assert "cards" not in told
