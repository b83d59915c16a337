"""The bluff lens in every game, without a browser: each move the game's statistics count
(`engine.counted_moments`: vegas's weak bets and raises, invido's calls, bridge's
contracts, frederik's interrupts, conto's bluffs) is in the report's replay and in
`arena show` with the number behind it, the seat it names written as its bot, and
counted per bot under the moves; and a table cell that names a seat names its bot too
(frederik's "interrupted by seat 0").
tests/test_html_report.py checks conto and invido more closely; tests/test_report_lens.py
steps between the marks in Chromium."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

import engine
from tests.test_html_report import game_file, replays, stored_matches
from tests.test_tournament import arena_here_ok


def as_shown(text: str, names: tuple[str, ...]) -> str:
    """A mark's text as a transcript prints it: each "seat N" as "its bot (seat N)"."""
    return re.sub(r"\bseat (\d+)", lambda seat: f"{names[int(seat[1])]} (seat {seat[1]})", text)


@pytest.mark.parametrize("name", [spec.name for spec in engine.games()])
def test_every_counted_move_is_in_the_replay_and_the_transcript(tmp_path: Path, name: str, capsys):
    # In this process (arena.cli.main): the commands' output is what is checked, not their start.
    results = game_file(tmp_path, name)
    game = engine.load(name)
    arena_here_ok(capsys, "report", results, "-o", tmp_path / "r.html")
    embedded = replays((tmp_path / "r.html").read_text())
    marked = 0
    for match, replay in zip(stored_matches(results), embedded, strict=True):
        moments = engine.counted_moments(game, match.history)
        assert replay["marks"] == [[m.event, m.seat, str(m.label), m.detail, int(m.bluff)] for m in moments]
        shown = arena_here_ok(capsys, "show", results, match.key)
        for moment in moments:
            # On the line of its move's marks ("ada: bluff (unbacked): … · lie: …").
            who, text = f"{match.names[moment.seat]}: ", as_shown(moment.text, match.names)
            lines = [line for line in shown.splitlines() if who in line and text in line]
            assert lines, f"{match.key}: {who}{text!r} is not in the transcript"
        # After the moves, each bot's marks counted by kind, as the replay's table beside the match.
        if not moments:
            assert "counted moves" not in shown
            continue
        summary = shown.split("\ncounted moves in this match:\n", 1)[1].splitlines()
        labels = re.split(r"\s{2,}", summary[0].strip())[1:]
        assert set(labels) == {str(moment.label) for moment in moments}
        counted = Counter((moment.seat, str(moment.label)) for moment in moments)
        for seat, row in enumerate(summary[2 : 2 + game.players]):
            cells = re.split(r"\s{2,}", row.strip())
            assert cells == [f"{match.names[seat]} (seat {seat})", *(str(counted[seat, label]) for label in labels)]
        marked += len(moments)
    assert marked, f"two random {name} matches count some moves"


def test_a_cell_naming_a_seat_names_its_bot(tmp_path: Path, capsys):
    # Frederik's result column: "interrupted by seat 0" reads "interrupted by ada (seat 0)".
    results = game_file(tmp_path, "frederik")
    interrupted = 0
    for match in stored_matches(results):
        rows = [line for line in arena_here_ok(capsys, "show", results, match.key).splitlines() if line.startswith("|")]
        assert not [row for row in rows if re.search(r"(?<!\()\bseat \d", row)], match.key
        interrupted += sum("interrupted by" in row for row in rows)
    assert interrupted, "two random frederik matches interrupt an action"
