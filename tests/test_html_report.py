"""`arena report` and `arena show --html` without a browser: one self-contained page that
parses as HTML5 with no error, holds every match's replay (one scene per event), lists
every fault with its reason, is the same bytes for the same file, and bad input gets a
sentence and exit 2. tests/test_report_browser.py drives the page in Chromium."""

from __future__ import annotations

import base64
import dataclasses
import gzip
import json
import random
import re
from html import unescape
from pathlib import Path

import html5lib
import pytest

import engine
from arena.records import MatchRecord, MatchSlot
from arena.results import ResultStore
from arena.results.boards import compare_boards, partnership_name
from tests.test_store import NAMES, make_config, play_record, rotated
from tests.test_tournament import arena, arena_here


def conto_file(tmp_path: Path, matches: int = 4) -> Path:
    """A conto results file of random matches with timeouts charged, in one table's rotations."""
    config = make_config(tmp_path)
    with ResultStore.open(config.results, config) as store:
        for rotation in range(matches):
            record = play_record(200 + rotation, names=rotated(NAMES, rotation % 4), fault_rate=0.08)
            store.save(MatchSlot(f"r1-t1-p{rotation + 1}", 1, 1, rotation, record.seed, record.names), record)
    return config.results


def game_file(tmp_path: Path, name: str, names: tuple[str, ...] | None = None, deals: tuple[int, int] = (2, 2)) -> Path:
    """A results file of two random matches of game `name` at its default seat count,
    its seats held by `names` in the first match (default: a bot each), of `deals` deals
    (at most, for a game whose match ends by its own rule)."""
    game = engine.load(name)
    if names is None:
        names = NAMES[: game.players] if game.players <= len(NAMES) else tuple(f"bot{i}" for i in range(game.players))
    config = dataclasses.replace(
        make_config(tmp_path, game=name, seats=game.players, deals=2),
        bots=tuple(dataclasses.replace(make_config(tmp_path).bots[0], name=n) for n in names),
    )
    with ResultStore.open(config.results, config) as store:
        for rotation in range(2):
            state = game.new_match(seed=rotation + 1, deals=deals[rotation])
            rng = random.Random(rotation)
            while not state.is_terminal():
                state.apply(rng.choice(state.legal_actions()))
            seated = rotated(names, rotation)
            record = MatchRecord(
                match_id=f"m{rotation}", game=name, players=game.players, options=dict(game.options),
                seed=rotation + 1, deals=deals[rotation], names=seated, result=state.result(), standing=state.standing(),
                history=state.history, faults=(), comments=(), latencies=tuple(() for _ in seated), seconds=0.5,
            )  # fmt: skip
            store.save(MatchSlot(f"r1-t1-p{rotation + 1}", 1, 1, rotation, rotation + 1, seated), record)
    return config.results


def parse_strictly(page: str) -> None:
    """html5lib's HTML5 parser in strict mode raises on the first parse error."""
    html5lib.HTMLParser(strict=True).parse(page)


def replays(page: str) -> list[dict]:
    """Every replay the page embeds, in chunk order."""
    out = []
    for chunk in re.findall(
        r'<script type="application/octet-stream" class="replay-chunk"[^>]*>([^<]*)</script>', page
    ):
        out += json.loads(gzip.decompress(base64.b64decode(chunk)))
    return out


def listing(page: str) -> dict:
    text = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', page, re.S)
    assert text is not None
    return json.loads(text.group(1))


def stored_matches(results: Path):
    store = ResultStore.open_readonly(results)
    try:
        return sorted(store.matches(), key=lambda m: m.key)
    finally:
        store.close()


def test_the_report_is_one_valid_page_holding_every_match(tmp_path: Path):
    results = conto_file(tmp_path, matches=6)
    out = arena("report", results, "-o", tmp_path / "r.html")
    assert out.stdout.startswith(f"6 matches written to {tmp_path / 'r.html'} (")
    page = (tmp_path / "r.html").read_text()
    parse_strictly(page)
    # Self-contained: nothing fetched from elsewhere.
    assert not re.search(r"<(script|img|link|iframe)[^>]+(src|href)=", page)
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in page
    matches = stored_matches(results)
    listed, embedded = listing(page)["matches"], replays(page)
    assert sorted(entry["key"] for entry in listed) == [m.key for m in matches]
    game = engine.load("conto", players=4)
    for entry in listed:
        match = next(m for m in matches if m.key == entry["key"])
        replay = embedded[entry["chunk"] * 50 + entry["index"]]
        assert replay["names"] == list(match.names)
        assert len(replay["scenes"]) == len(match.history)
        assert [scene["t"] for scene in replay["scenes"]] == [s.text for s in game.scenes(match.history)]
        assert entry["faults"] == [{"bot": f.bot, "kind": f.kind.value, "deal": f.deal} for f in match.faults]
    faults = [fault for match in matches for fault in match.faults]
    assert faults, "the file should hold faults for this test to mean something"
    assert f"<p>{len(faults)} faults;" in page
    for fault in faults:
        assert fault.reason in page


def test_the_report_shows_the_ladder_heat_map_and_conto_rates(tmp_path: Path):
    results = conto_file(tmp_path)
    arena("report", results)
    page = results.with_suffix(".html").read_text()
    assert page.count('class="rung"') == 4
    assert '<table class="heat">' in page
    for rate in ("bluff %", "prob. false %", "lie %", "caught %", "bills right %"):
        assert f'aria-label="{rate}"' in page
    assert "Likelihood of superiority" in page


def test_the_same_file_gives_the_same_report(tmp_path: Path):
    results = conto_file(tmp_path)
    arena("report", results, "-o", tmp_path / "a.html")
    arena("report", results, "-o", tmp_path / "b.html")
    assert (tmp_path / "a.html").read_bytes() == (tmp_path / "b.html").read_bytes()


@pytest.mark.parametrize("name", [spec.name for spec in engine.games()])
def test_every_game_gets_a_report_and_a_match_page(tmp_path: Path, name: str):
    results = game_file(tmp_path, name)
    arena("report", results, "-o", tmp_path / "r.html")
    page = (tmp_path / "r.html").read_text()
    parse_strictly(page)
    matches = stored_matches(results)
    assert [len(replay["scenes"]) for replay in replays(page)] == [len(m.history) for m in matches]
    shown = arena("show", results, matches[0].key, "--html").stdout
    parse_strictly(shown)
    assert listing(shown)["open"] is True
    assert [replay["names"] for replay in replays(shown)] == [list(matches[0].names)]


def test_bad_input_is_named_with_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    # Each refused before anything is read or written: in this process, not a new one each.
    results = conto_file(tmp_path, matches=1)
    code, out, err = arena_here(capsys, "report", tmp_path / "nothing.sqlite")
    assert (code, out) == (2, "")
    assert "nothing.sqlite" in err and "Traceback" not in err
    code, _, err = arena_here(capsys, "report", results, "--anchor", "zed")
    assert code == 2 and "--anchor 'zed' is not a bot" in err and "ada" in err
    code, _, err = arena_here(capsys, "report", results, "-o", tmp_path / "no" / "such" / "r.html")
    assert code == 2 and "Cannot write" in err and "r.html" in err
    code, _, err = arena_here(capsys, "report", results, "--prior-games", "-1")
    assert code == 2 and "--prior-games" in err
    code, _, err = arena_here(capsys, "show", results, "r9-t9-p9", "--html")
    assert code == 2 and "no match 'r9-t9-p9'" in err
    code, _, err = arena_here(capsys, "show", results, "r1-t1-p1", "-o", tmp_path / "m.html")
    assert code == 2 and "--output is for --html" in err
    assert not (tmp_path / "m.html").exists()


def test_a_conto_replay_and_transcript_mark_each_counted_move_with_its_number(tmp_path: Path):
    # Two seeded random conto matches: every bluff, probably false declaration, lie and
    # caught cameriere the statistics count is in the replay's marks and in `arena show`.
    results = game_file(tmp_path, "conto")
    game = engine.load("conto")
    arena("report", results, "-o", tmp_path / "r.html")
    page = (tmp_path / "r.html").read_text()
    embedded = replays(page)
    matches = stored_matches(results)
    for match, replay in zip(matches, embedded):
        moments = engine.counted_moments(game, match.history)
        assert replay["marks"] == [[m.event, m.seat, str(m.label), m.detail, int(m.bluff)] for m in moments]
        stats = game.seat_statistics(match.history)
        for seat, line in enumerate(stats):
            mine = [mark for mark in replay["marks"] if mark[1] == seat]
            assert sum(mark[2] == "probably false" for mark in mine) == line.probably_false
            assert sum(mark[2] == "lie" for mark in mine) == line.lies
            assert sum(mark[2] == "caught" for mark in mine) == line.caught
    first = matches[0]
    marks = embedded[0]["marks"]
    doubtful = [mark for mark in marks if mark[2] == "probably false"]
    assert doubtful, "a random conto match declares some probably false plates"
    scene, seat, _, detail, bluff = doubtful[0]
    assert re.fullmatch(rf"\S+ (<1|\d+)% true from seat {seat}'s view", detail) and bluff == 1
    # The transcript: a "counted as" column, and each marked turn's numbers under its
    # deal's table, seats named by their bots.
    shown = arena("show", results, first.key).stdout
    assert "| counted as" in shown
    name = first.names[seat]
    number = detail.split()[1]
    assert re.search(rf"  turn \d+, {re.escape(name)}: .*probably false: \S+ {re.escape(number)} true from "
                     rf"{re.escape(name)} \(seat {seat}\)'s view", shown), shown  # fmt: skip
    # The match list reads each bot's standing, not a row of numbers.
    listed = listing(page)["matches"][0]
    assert listed["result"].endswith(", ".join(f"{n} {v:g}" for n, v in zip(first.names, first.standing)))
    # ... and says what those numbers count, in the game's words.
    note = re.search(r'<p class="note" id="result-note">(.*?)</p>', page)
    assert note is not None and "bills paid: the deals the seat lost (fewer is better)" in unescape(note[1])


def test_a_bot_seated_twice_is_named_with_its_seat_in_the_transcript_and_the_match_list(tmp_path: Path):
    # Three bots at four vegas seats: "ada" alone would stand for two players.
    results = game_file(tmp_path, "vegas", names=("ada", "bea", "ada", "cy"))
    first = stored_matches(results)[0]
    assert first.names == ("ada", "bea", "ada", "cy")
    shown = arena("show", results, first.key).stdout
    players = re.findall(r"^\|\s+\d+ \| (.+?)\s+\|", shown, re.M)
    assert {"ada (seat 0)", "ada (seat 2)", "bea", "cy"} == set(players), shown
    _, body = shown.split("\n", 1)  # after the heading's list of the seats
    assert not re.search(r"\bada(?! \(seat [02])", body), shown
    # The match list's standings name each of its seats too, each with its own chips.
    arena("report", results, "-o", tmp_path / "r.html")
    listed = listing((tmp_path / "r.html").read_text())["matches"][0]
    chips = dict(zip(("ada (seat 0)", "bea", "ada (seat 2)", "cy"), first.standing))
    assert chips["ada (seat 0)"] != chips["ada (seat 2)"], "the seeded match gives the two seats different chips"
    expected = ", ".join(f"{who} {'+' if v > 0 else '−' if v < 0 else ''}{abs(v):g}" for who, v in chips.items())
    assert listed["result"].endswith(" · " + expected), listed["result"]


def test_bridge_and_italian_cards_get_their_legend_and_the_compass(tmp_path: Path):
    results = game_file(tmp_path, "bridge")
    arena("report", results, "-o", tmp_path / "bridge.html")
    bridge = (tmp_path / "bridge.html").read_text()
    assert listing(bridge)["compass"] is True and 'id="legend"' in bridge and "spades" in bridge
    (tmp_path / "invido").mkdir()
    invido = game_file(tmp_path / "invido", "invido")
    arena("report", invido, "-o", tmp_path / "invido.html")
    page = (tmp_path / "invido.html").read_text()
    assert listing(page)["compass"] is False
    assert "bastoni" in page and "F fante (jack), C cavallo (knight), R re (king)" in page


@pytest.mark.parametrize("name", [spec.name for spec in engine.games()])
def test_the_scores_section_shows_each_bots_spread(tmp_path: Path, name: str):
    # Each bot's score in every match it played, one value a match (conto: its share of
    # deals lost); bridge: each partnership's IMPs on every board compared.
    # Matches of 2 and 5 deals: the mean marked is the table's, over every deal, not the
    # mean of the two matches' means (bridge's two rooms play the same boards).
    deals = (2, 2) if name == "bridge" else (2, 5)
    results = conto_file(tmp_path) if name == "conto" else game_file(tmp_path, name, deals=deals)
    arena("report", results, "-o", tmp_path / "r.html")
    page = (tmp_path / "r.html").read_text()
    parse_strictly(page)
    section = re.search(r'<section id="scores">(.*?)</section>', page, re.S)
    assert section is not None
    bars: dict[str, int] = {}
    for bot, count in re.findall(r'<rect class="bar" data-bot="([^"]+)" data-count="(\d+)"', section.group(1)):
        bars[bot] = bars.get(bot, 0) + int(count)
    matches = stored_matches(results)
    game = engine.load(name)
    if name == "bridge":
        boards, _ = compare_boards(matches, game)
        expected = {}
        for board in boards:
            for side in board.sides:
                expected[partnership_name(side)] = expected.get(partnership_name(side), 0) + 1
        assert "IMPs per board" in section.group(1)
    else:
        expected = {bot: sum(bot in m.names for m in matches) for bot in {n for m in matches for n in m.names}}
        assert f"each bot's {game.spec.score_title}, per match" in unescape(section.group(1))
        factor = game.spec.score_factor
        for bot, count in expected.items():
            seats = [(m, m.names.index(bot)) for m in matches if bot in m.names]
            mean = (
                factor * sum(d.scores[seat] for m, seat in seats for d in m.deals) / sum(len(m.deals) for m, _ in seats)
            )
            assert f"mean {mean + 0.0:.3g} ({count})" in section.group(1)
    assert bars == expected


def test_an_invido_transcript_gives_every_call_its_chance(tmp_path: Path):
    # Events printed as text get their marks on a line under them: every score call with
    # the caller's chance of winning the giocata, a bluff under 50%.
    results = game_file(tmp_path, "invido")
    game = engine.load("invido")
    seen = 0
    for match in stored_matches(results):
        shown = arena("show", results, match.key).stdout
        calls = [m for m in engine.counted_moments(game, match.history) if m.label in ("call", "bluff call")]
        seen += len(calls)
        assert len(calls) == sum(isinstance(e, engine.invido.Called) for e in match.history)
        for mark in calls:
            name = match.names[mark.seat]
            chance = mark.detail.split("%")[0]
            assert (
                f"  ↳ {name}: {mark.label}: {chance}% to win the giocata from {name} (seat {mark.seat})'s view" in shown
            )
            if chance != "50":  # a whole percent: 49.6% shows as 50 and is a bluff
                assert (mark.label == "bluff call") == (int(chance) < 50)
    assert seen, "the seeded matches call"


def progress_section(tmp_path: Path, results: Path) -> str:
    """The report's "Elo over the run" of `results`, its page valid and linking to it."""
    arena("report", results, "-o", tmp_path / "r.html")
    page = (tmp_path / "r.html").read_text()
    parse_strictly(page)
    section = re.search(r'<section id="progress">(.*?)</section>', page, re.S)
    assert section is not None and '<a href="#progress">' in page
    return section.group(1)


def test_elo_over_the_run_ends_at_the_table_and_starts_from_the_first_matches(tmp_path: Path):
    results = conto_file(tmp_path, matches=8)
    section = progress_section(tmp_path, results)
    last = dict(re.findall(r"<title>([^:<]+): ([+-]\d+) after 8 matches</title>", section))
    table = arena("table", results).stdout
    for bot in NAMES:
        row = re.search(rf"^\s*\d+\s+{re.escape(bot)}\s+([+-]?\d+)\s", table, re.M)
        assert row is not None, table
        assert int(last[bot]) == int(row.group(1)), (bot, last, table)
    # A line per bot through the fits of the first matches: at least the half-way point too.
    lines = re.findall(
        r'<g class="run-line" data-bot="([^"]+)">(?:<polygon[^>]*/>)?<polyline points="([^"]+)"', section
    )
    assert {bot for bot, _ in lines} == set(NAMES)
    assert all(len(points.split()) >= 2 for _, points in lines)
    # Each line over its 95% band: at every point the band has, its Elo inside it.
    banded = re.findall(r'<g class="run-line" data-bot="([^"]+)"><polygon class="band" points="([^"]+)"', section)
    assert {bot for bot, _ in banded} == set(NAMES), "8 matches give every bot an interval at some points"
    line_of = dict(lines)
    for bot, polygon in banded:
        corners = [tuple(map(float, corner.split(","))) for corner in polygon.split()]
        upper, lower = corners[: len(corners) // 2], corners[len(corners) // 2 :][::-1]
        elo_y = dict(tuple(map(float, point.split(","))) for point in line_of[bot].split())
        for (x, top), (x_low, bottom) in zip(upper, lower, strict=True):
            assert x == x_low and top <= elo_y[x] <= bottom, (bot, x)  # SVG's y grows downward


def test_a_run_too_short_for_a_course_says_so_where_the_chart_would_be(tmp_path: Path):
    section = progress_section(tmp_path, conto_file(tmp_path, matches=1))
    assert "<svg" not in section
    assert "No chart: the table's fit on the first matches of the run rates the bots at 1 of its" in section
    assert "the table above is the whole run's (1 match)" in section
