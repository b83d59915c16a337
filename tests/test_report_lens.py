"""The replay's bluff lens and bridge's compass diagram in a real headless Chromium.

Conto: every mark the engine gives (`engine.counted_moments`) is in the log with its
number, "bluff ▶" (and the B key) steps from one bluff moment to the next, the summary
beside the match counts each bot's marks as the statistics do, a link opens a match at a
step, autoplay steps on by itself. Bridge: the four hands around the current trick as a
bridge diagram draws them (North above, South below, West left, East right, each trick
card toward its player), the auction in a grid under W N E S, and the board table
comparing the match's two rooms. Skipped as
tests/test_report_browser.py is, when Chromium or playwright is missing.
"""

from __future__ import annotations

import re
import struct
from pathlib import Path

import pytest

import engine
from arena.results.boards import compare_boards
from tests.test_html_report import game_file
from tests.test_report_browser import browser, named, open_page, step_text, stored
from tests.test_tournament import arena

__all__ = ["browser"]  # the fixture, used by name (conto_results: tests/conftest.py)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_bluff_lens_of_a_conto_match(browser, conto_results: Path, tmp_path: Path):
    report = tmp_path / "report.html"
    arena("report", conto_results, "-o", report)
    game, matches, _ = stored(conto_results)
    match = max(matches, key=lambda m: len(engine.counted_moments(game, m.history)))
    moments = engine.counted_moments(game, match.history)
    bluffs = sorted({m.event for m in moments if m.bluff})
    assert len(bluffs) >= 2, "the bluffer bluffs in every match of four deals"
    page, errors = open_page(browser, report)
    page.goto(report.as_uri() + f"#{match.key}/1")
    page.wait_for_selector(f"#replay-title:has-text('{match.key}')")
    assert step_text(page) == f"1 / {len(match.history)}"

    # "bluff ▶" and B: from one bluff moment to the next, each shown with its number.
    page.click("#bluff-on")
    assert step_text(page) == f"{bluffs[0] + 1} / {len(match.history)}"
    page.keyboard.press("b")
    assert step_text(page) == f"{bluffs[1] + 1} / {len(match.history)}"
    here = [m for m in moments if m.event == bluffs[1]]
    shown = page.eval_on_selector_all("#replay-marks .mark", "marks => marks.map(m => m.textContent)")
    names = match.names
    assert shown == [f"{names[m.seat]}: {m.label} — {named(m.detail, names)}" for m in here]
    page.keyboard.press("Shift+B")
    assert step_text(page) == f"{bluffs[0] + 1} / {len(match.history)}"
    assert page.evaluate("location.hash") == f"#{match.key}/{bluffs[0] + 1}"

    # The log: each step's badges are its marks; "bluff moments only" keeps just those steps.
    page.keyboard.press("End")
    badges = page.eval_on_selector_all(
        "#replay-log li", "items => items.map(li => [...li.querySelectorAll('.mark')].map(m => m.dataset.label))"
    )
    assert badges == [[str(m.label) for m in moments if m.event == k] for k in range(len(match.history))]
    page.check("#bluffs-only")
    visible = page.eval_on_selector_all("#replay-log li", "items => items.filter(li => !li.hidden).length")
    assert visible == len(bluffs)
    page.uncheck("#bluffs-only")

    # The summary beside the match: per bot, its marks of each kind, as the statistics count.
    stats = game.seat_statistics(match.history)
    counts = page.eval_on_selector_all(
        "#replay-summary tbody tr",
        "rows => rows.map(r => Object.fromEntries([...r.cells].slice(1).map((c, i) =>"
        " [r.closest('table').tHead.rows[0].cells[i + 1].textContent, Number(c.textContent)])))",
    )
    for seat, line in enumerate(stats):
        assert counts[seat].get("probably false", 0) == line.probably_false
        assert counts[seat].get("lie", 0) == line.lies
        assert counts[seat].get("bluff (unbacked)", 0) == line.bluffs

    # Autoplay at its fastest steps on by itself, and stops at a key.
    page.keyboard.press("Home")
    page.select_option("#speed", "200")
    page.click("#autoplay")
    page.wait_for_function("document.getElementById('replay-step').textContent.startsWith('3 /')")
    page.keyboard.press("Home")
    assert page.inner_text("#autoplay") == "▶ play"

    page.click("#bluff-on")
    shot = tmp_path / "conto-bluffs.png"
    page.locator("#replay").screenshot(path=str(shot))
    assert png_size(shot)[0] > 800
    assert errors == []


def test_a_bridge_board_in_the_compass_diagram(browser, tmp_path: Path):
    results = game_file(tmp_path, "bridge")
    report = tmp_path / "bridge.html"
    arena("report", results, "-o", report)
    game, _, match = stored(results)
    scenes = game.scenes(match.history)
    # A step in the middle of a trick: three or four cards on the table.
    step = next(k for k, scene in enumerate(scenes) if sum(len(seat.shown) for seat in scene.seats) >= 3)
    page, errors = open_page(browser, report)
    page.goto(report.as_uri() + f"#{match.key}/{step + 1}")
    page.wait_for_selector(f"#replay-step:has-text('{step + 1} /')")

    def box(selector: str) -> dict:
        found = page.locator(selector).bounding_box()
        assert found is not None, selector
        return found

    def centre(found: dict) -> tuple[float, float]:
        return found["x"] + found["width"] / 2, found["y"] + found["height"] / 2

    trick = centre(box("#replay-seats .trick"))
    north, east, south, west = (centre(box(f"#replay-seats .seat[data-seat='{seat}']")) for seat in range(4))
    assert north[1] < trick[1] < south[1] and abs(north[0] - trick[0]) < 5 and abs(south[0] - trick[0]) < 5
    assert west[0] < trick[0] < east[0] and abs(west[1] - trick[1]) < 40 and abs(east[1] - trick[1]) < 40
    # The trick's cards: each toward the seat that played it, the card the scene says.
    for seat in range(4):
        cards = scenes[step].seats[seat].shown
        spot = page.locator(f"#replay-seats .trick .played[data-seat='{seat}']")
        assert spot.locator(".card").evaluate_all("cards => cards.map(c => c.dataset.card)") == list(cards)
        if cards:
            cx, cy = centre(box(f"#replay-seats .trick .played[data-seat='{seat}'] .card"))
            toward = {0: cy < trick[1], 1: cx > trick[0], 2: cy > trick[1], 3: cx < trick[0]}
            assert toward[seat], f"seat {seat}'s card at {cx, cy}, the trick's centre {trick}"
    # The auction: one column per seat under W N E S, every call of the scene's auction in
    # its seat's column, in order.
    heads = page.eval_on_selector_all("#replay-auction th", "cells => cells.map(c => c.textContent)")
    assert heads == ["W", "N", "E", "S"]
    grid = page.eval_on_selector_all(
        "#replay-auction tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
    )
    auction = dict(scenes[step].table)["auction"].split(", ")
    columns = {"W": 0, "N": 1, "E": 2, "S": 3}
    flat = [(row, column) for row, cells in enumerate(grid) for column, text in enumerate(cells) if text]
    assert [grid[r][c] for r, c in flat] == [call.split(" ", 1)[1] for call in auction]
    assert [c for _, c in flat] == [columns[call.split(" ", 1)[0]] for call in auction]
    # The board table: every board in both rooms, as each room's engine scored it, and
    # the IMPs the duplicate comparison gives each side.
    _, matches, _ = stored(results)
    room = {m.rotation: m for m in matches}
    rows = page.eval_on_selector_all(
        "#board-table tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
    )
    scored = [[e for e in room[rotation].history if isinstance(e, engine.bridge.BoardScored)] for rotation in (0, 1)]
    comparisons, _ = compare_boards(matches, game)
    assert len(rows) == len(scored[0]) == len(comparisons) == 2
    for row, here, there, board in zip(rows, *scored, comparisons):
        assert row[0] == str(here.board) == str(there.board) == str(board.deal)
        for cells, event in ((row[1:5], here), (row[5:9], there)):
            contract = event.contract
            assert contract is not None, "random bids: no board is passed out at these seeds"
            assert cells[0] == contract.text.split(" by ")[0] and cells[1] == contract.text.split(" by ")[1]
            assert cells[2].startswith(f"{event.declarer_tricks} (") and cells[3] == str(event.score)
        assert [float(cell) for cell in row[9:]] == list(board.scores)
    shot = tmp_path / "bridge-board.png"
    page.locator("#replay").screenshot(path=str(shot))
    assert png_size(shot)[0] > 800
    assert errors == []


@pytest.mark.parametrize("width", [1600, 900])
def test_the_page_uses_the_windows_width(browser, conto_results: Path, tmp_path: Path, width: int):
    report = tmp_path / "report.html"
    arena("report", conto_results, "-o", report)
    page = browser.new_page(viewport={"width": width, "height": 900})
    _, matches, _ = stored(conto_results)
    page.goto(report.as_uri() + f"#{matches[0].key}/1")
    page.wait_for_selector(f"#replay-title:has-text('{matches[0].key}')")
    main = page.locator("main").bounding_box()
    assert main is not None and main["width"] > width - 40
    # ...and no wider: a table wider than the window (conto's statistics) scrolls in its
    # section, a chart shrinks to it; the page itself never scrolls sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_page_with_some_replays_lists_the_others_and_says_how_to_get_them(
    browser, conto_results: Path, tmp_path: Path
):
    report = tmp_path / "report.html"
    arena("report", conto_results, "-o", report, "--replays", "2")
    _, matches, _ = stored(conto_results)
    page, errors = open_page(browser, report)
    assert page.inner_text("#replays-note").startswith(f"2 of {len(matches)} matches are replayable here")
    rows = page.eval_on_selector_all(
        "#match-list tbody tr", "rows => rows.map(r => [r.dataset.key, !!r.querySelector('.open-replay')])"
    )
    assert len(rows) == len(matches) and sum(replayable for _, replayable in rows) == 2
    page.check("#replay-filter")
    shown = page.eval_on_selector_all("#match-list tbody tr", "rows => rows.map(r => r.dataset.key)")
    assert shown == [key for key, replayable in rows if replayable]
    # A link to a listed match without a replay says so where its replay would be.
    listed_only = next(key for key, replayable in rows if not replayable)
    page.goto(report.as_uri() + f"#{listed_only}/1")
    page.wait_for_selector(f"#replay-title:has-text('{listed_only}')")
    assert page.inner_text("#replay-text").startswith("This page holds no replay of this match")
    assert "--replays all" in page.inner_text("#replay-text")
    assert errors == []


def test_a_bot_seated_twice_is_named_with_its_seat_in_the_log(browser, tmp_path: Path):
    # Three bots at four vegas seats: "ada: rilancia 4" would not say which ada.
    results = game_file(tmp_path, "vegas", names=("ada", "bea", "ada", "cy"))
    report = tmp_path / "vegas.html"
    arena("report", results, "-o", report)
    game, _, match = stored(results)
    assert match.names == ("ada", "bea", "ada", "cy")
    scenes = game.scenes(match.history)
    page, errors = open_page(browser, report)
    page.goto(report.as_uri() + f"#{match.key}/{len(scenes)}")
    page.wait_for_selector(f"#replay-step:has-text('{len(scenes)} /')")
    log = page.eval_on_selector_all("#replay-log li", "items => items.map(li => li.firstChild.textContent)")
    players = {0: "ada (seat 0)", 1: "bea", 2: "ada (seat 2)", 3: "cy"}
    assert log == [re.sub(r"\bseat (\d)", lambda seat: players[int(seat[1])], scene.text) for scene in scenes]
    assert errors == []
