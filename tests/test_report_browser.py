"""The HTML report in a real headless Chromium (Debian's, driven by playwright): the ladder
in the table's order, a replay stepped with the keyboard showing what the engine says
after every step, hidden hands hidden until asked for, a screenshot.

Skipped with the reason when Chromium or playwright is missing; `.ci/run` installs both.
"""

from __future__ import annotations

import re
import shutil
import struct
from collections.abc import Iterator
from pathlib import Path

import pytest

import engine
from arena.results import ResultStore, elo_table
from tests.test_tournament import arena

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e '.[test]')")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)"
)

#: As the machine's closed network wants it: no background connections, no sandbox as root.
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()


def open_page(browser, path: Path):
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-ready='1']")
    return page, errors


def stored(results: Path, key: str | None = None):
    store = ResultStore.open_readonly(results)
    try:
        info = store.info()
        matches = list(store.matches())
    finally:
        store.close()
    game = engine.load(info.game, players=info.seats, **info.options)
    match = next(m for m in matches if m.key == key) if key else min(matches, key=lambda m: m.key)
    return game, matches, match


def engine_states(game: engine.Game, history) -> list:
    """After each event: the engine's state standing exactly there, or None where one
    action ran on past it (a bill runs to the showdown and the next deal)."""
    states = []
    for k in range(len(history)):
        state = game.replay(history[: k + 1])
        states.append(state if state.history == tuple(history[: k + 1]) else None)
    return states


def rgb(color: str) -> str:
    """A CSS colour "#c0392b" or "#111" as getComputedStyle gives it: "rgb(192, 57, 43)"."""
    digits = color.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    return "rgb({}, {}, {})".format(*(int(digits[i : i + 2], 16) for i in (0, 2, 4)))


def step_text(page) -> str:
    return page.inner_text("#replay-step")


def named(text: str, names) -> str:
    """A text as the viewer shows it: each "seat N" as the bot in seat N."""
    return re.sub(r"\bseat (\d+)", lambda m: names[int(m.group(1))], text)


def test_the_report_of_a_conto_tournament_in_chromium(browser, conto_results: Path, tmp_path: Path):
    report = tmp_path / "report.html"
    arena("report", conto_results, "-o", report)
    game, matches, match = stored(conto_results)
    _, rated = elo_table(matches, game)
    assert rated is not None
    page, errors = open_page(browser, report)

    ladder = page.eval_on_selector_all("#ladder .rung", "rungs => rungs.map(r => r.dataset.bot)")
    assert ladder == [rating.name for rating in rated.ratings]
    table_bots = page.eval_on_selector_all(
        "#ratings table tbody tr td:nth-child(2)", "cells => cells.map(c => c.textContent.trim())"
    )
    assert table_bots == ladder

    listed = page.eval_on_selector_all("#match-list tbody tr", "rows => rows.map(r => r.dataset.key)")
    assert sorted(listed) == sorted(m.key for m in matches)
    page.select_option("#bot-filter", "honest")
    filtered = page.eval_on_selector_all("#match-list tbody tr", "rows => rows.map(r => r.dataset.key)")
    assert filtered == [m for m in listed if "honest" in next(x for x in matches if x.key == m).names]

    page.click(f"#match-list tr[data-key='{match.key}'] .open-replay")
    page.wait_for_selector("#replay-step:has-text('/')")
    history = match.history
    total = len(history)
    assert step_text(page) == f"1 / {total}"
    states = engine_states(game, history)
    plate = ""
    for k in range(total):
        if k:
            page.keyboard.press("ArrowRight")
        assert step_text(page) == f"{k + 1} / {total}"
        state = states[k]
        if state is not None:
            plate = " ".join(portata.text for portata in state.plate)
        elif isinstance(history[k], engine.conto.Showdown):
            plate = " ".join(portata.text for portata in history[k].plate)
        assert page.inner_text("#replay-table dd[data-line='plate']") == plate, f"step {k + 1}: {history[k].text}"
        if state is not None and not isinstance(history[k], engine.conto.Showdown):
            # Hidden hands: every seat's hand face down, as many backs as cards.
            backs = page.eval_on_selector_all(
                "#replay-seats .seat", "seats => seats.map(s => s.querySelectorAll('.hand .card.back').length)"
            )
            assert backs == [len(state.view(seat).hand) for seat in range(game.players)]
    page.keyboard.press("ArrowRight")  # past the end: stays on the last step
    assert step_text(page) == f"{total} / {total}"
    page.keyboard.press("Home")
    assert step_text(page) == f"1 / {total}"
    page.keyboard.press("End")
    assert step_text(page) == f"{total} / {total}"
    page.keyboard.press("ArrowLeft")
    assert step_text(page) == f"{total - 1} / {total}"

    # "show all hands": the engine's hands, face up, and the referee's text of the deal.
    page.keyboard.press("Home")
    page.check("#show-all")
    hands = page.eval_on_selector_all(
        "#replay-seats .seat",
        "seats => seats.map(s => [...s.querySelectorAll('.hand .card')].map(c => c.dataset.card))",
    )
    first = game.replay(history[:1])
    assert hands == [list(first.view(seat).hand) for seat in range(game.players)]
    # Conto's cards have no suits: each is its rank as the notation writes it, no suit drawn.
    texts = page.eval_on_selector_all("#replay-seats .card", "cards => cards.map(c => [c.textContent, c.dataset.card])")
    assert texts and all(text == card for text, card in texts)
    assert page.eval_on_selector_all("#replay-seats .card .suit", "spans => spans.length") == 0
    # The text names the bots, not the seats.
    assert page.inner_text("#replay-text") == named(history[0].text, match.names)

    shot = tmp_path / "conto-replay.png"
    page.screenshot(path=str(shot), full_page=True)
    width, height = struct.unpack(">II", shot.read_bytes()[16:24])
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and width == 1200 and height > 900
    assert errors == []


def test_one_invido_match_replayed_in_chromium(browser, tmp_path: Path):
    folder = tmp_path
    toml = folder / "invido.toml"
    toml.write_text(
        "\n".join(
            [
                "[tournament]",
                'name = "duel"',
                'game = "invido"',
                "seed = 5",
                "rounds = 3",
                f'results = "{folder / "duel.sqlite"}"',
                f'logs = "{folder / "logs"}"',
                "",
                "[game]",
                "vado_dentro = true  # cards played face down, which only 'show all hands' turns up",
                "",
                "[[bot]]",
                'name = "random"',
                'command = ["python", "bots/random_bot.py", "--seed=2"]',
                "",
                "[[bot]]",
                'name = "bluffer"',
                'command = ["python", "bots/invido_bluffer.py"]',
                "",
            ]
        )
    )
    arena("run", toml)
    game, matches, _ = stored(folder / "duel.sqlite")
    # The random bot's choices hang on the results file's secret, new each run: most of
    # its matches have a card played face down, not every one (one run's first had none).
    match = next(
        (
            m
            for m in sorted(matches, key=lambda m: m.key)
            if any(seat.face_down for scene in game.scenes(m.history) for seat in scene.seats)
        ),
        None,
    )
    assert match is not None, f"the random bot played no card face down in any of {len(matches)} matches"
    page_file = folder / "match.html"
    arena("show", folder / "duel.sqlite", match.key, "--html", "-o", page_file)
    page, errors = open_page(browser, page_file)
    page.wait_for_selector("#replay-step:has-text('/')")
    page.check("#show-all")
    history = match.history
    states = engine_states(game, history)
    scenes = game.scenes(history)
    compared, face_down = 0, None
    for k in range(len(history)):
        if k:
            page.keyboard.press("ArrowRight")
        assert step_text(page) == f"{k + 1} / {len(history)}"
        state = states[k]
        if state is None or state.is_terminal():
            continue
        view = state.view(0)
        assert page.inner_text("#replay-table dd[data-line='worth']") == str(view.value), f"step {k + 1}"
        hands = page.eval_on_selector_all(
            "#replay-seats .seat",
            "seats => seats.map(s => [...s.querySelectorAll('.hand .card')].map(c => c.dataset.card))",
        )
        assert [sorted(hand) for hand in hands] == [sorted(state.view(s).hand) for s in range(2)], f"step {k + 1}"
        # In front of each seat, its cards of the trick: a face-down one turned up, marked "down".
        fronts = page.eval_on_selector_all(
            "#replay-seats .seat",
            "seats => seats.map(s => [...s.querySelectorAll('.shown .card')].map(c => [c.dataset.card, c.className]))",
        )
        expected = [
            [[card, "card down" if place in seat.face_down else "card"] for place, card in enumerate(seat.shown)]
            for seat in scenes[k].seats
        ]
        assert fronts == expected, f"step {k + 1}"
        if face_down is None and any(seat.face_down for seat in scenes[k].seats):
            face_down = k
        compared += 1
    assert compared > 10
    # Every card face up: its rank, and its suit's symbol in the colour invido declares,
    # the suit's name in the title; as tall as a card's back (no jump as cards turn up).
    faces = {face.letter: face for face in game.spec.suits}
    page.keyboard.press("Home")  # the first giocata dealt: three cards in each hand
    drawn = page.eval_on_selector_all(
        "#replay-seats .card:not(.back)",
        "cards => cards.map(c => [c.dataset.card, c.querySelector('.rank').textContent,"
        " c.querySelector('.suit').textContent, getComputedStyle(c.querySelector('.suit')).color, c.title,"
        " c.getBoundingClientRect().height])",
    )
    assert drawn
    for card, rank, symbol, color, title, _height in drawn:
        face = faces[card[-1]]
        assert (rank, symbol, color) == (card[:-1], face.symbol, rgb(face.color)), card
        assert title.startswith(f"{card[:-1]} of {face.name} ({card})"), title
    page.uncheck("#show-all")
    backs = page.eval_on_selector_all(
        "#replay-seats .card.back", "cards => cards.map(c => c.getBoundingClientRect().height)"
    )
    assert backs and {*backs, *(row[-1] for row in drawn)} == {backs[0]}
    page.check("#show-all")
    # Without "show all hands", a face-down card shows its back.
    assert face_down is not None, "the match has a card face down, yet no step showed one"
    page.keyboard.press("Home")
    for _ in range(face_down):
        page.keyboard.press("ArrowRight")
    page.uncheck("#show-all")
    backs = page.eval_on_selector_all(
        "#replay-seats .seat", "seats => seats.map(s => s.querySelectorAll('.shown .card.back').length)"
    )
    assert backs == [len(seat.face_down) for seat in scenes[face_down].seats]
    page.screenshot(path=str(folder / "invido-replay.png"))
    assert errors == []
