"""The report as one self-contained HTML page: the sections (_sections.py), the match
list and the replays as embedded data for the viewer (assets/report.js)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

import engine
from arena.records import StoredMatch
from arena.report._bridge import rooms
from arena.report._choice import ReplayChoice
from arena.report._histories import Histories
from arena.report._replay import CHUNK_MATCHES
from arena.report._sections import StoredResults, faults_section, table_sections
from arena.results import ranks_named
from arena.results.store import StoreInfo

__all__ = ["Ratings", "tournament_page", "match_page", "standings"]


@dataclass(frozen=True)
class Ratings:
    """How to rate, as `arena table` takes it; None: as the run that wrote the results file did."""

    anchor: tuple[str, float] | None = None
    prior_games: float | None = None

    def of(self, info: StoreInfo) -> tuple[tuple[str, float] | None, float]:
        """The anchor and prior to rate `info`'s matches with."""
        return self.anchor or info.anchor, info.prior_games if self.prior_games is None else self.prior_games


def tournament_page(
    results: Path,
    stored: StoredResults,
    choice: ReplayChoice,
    replays: Callable[[], Histories],
    game: engine.Game,
    ratings: Ratings,
) -> str:
    """The whole report of the results file `results`: what `stored` holds, and the
    replays of the matches `choice` chose, which `replays()` gives once they are read
    (the sections are made meanwhile)."""
    info, matches = stored.info, stored.matches
    anchor, prior = ratings.of(info)
    sections = [
        *table_sections(stored, game, anchor, prior),
        _matches_section(info, choice.note(results, info.sprt), _standing_words(game)),
        _replay_section(game.spec),
    ]
    subtitle = f"{info.game} · {len(matches)} matches · {info.seats} seats · bots: {', '.join(info.bots)}"
    return _document(info.name, subtitle, sections, matches, replays(), game, open_first=False)


def match_page(info: StoreInfo, match: StoredMatch, histories: Histories, game: engine.Game) -> str:
    """One match: its replay, its result and its faults (`arena show --html`)."""
    sections = [_replay_section(game.spec), faults_section([match])]
    subtitle = f"{info.name} · {info.game} · seed {match.seed} · {', '.join(match.names)}"
    return _document(f"Match {match.key}", subtitle, sections, [match], histories, game, open_first=True)


def _document(
    title: str,
    subtitle: str,
    sections: list[str],
    matches: Sequence[StoredMatch],
    histories: Histories,
    game: engine.Game,
    open_first: bool,
) -> str:
    boards = rooms(matches, game)
    place = histories.place()
    listing = [_listed(match, place.get(match.key), boards.get(match.key)) for match in matches]
    data = {"matches": listing, "open": open_first, "suits": _suits(game.spec), "compass": _compass(game)}
    packed = "\n".join(
        f'<script type="application/octet-stream" class="replay-chunk" data-chunk="{index}">{chunk}</script>'
        for index, chunk in enumerate(histories.chunks)
    )
    links = "".join(
        f'<a href="#{anchor}">{name}</a>'
        for anchor, name in (
            ("ratings", "ratings"),
            ("progress", "over the run"),
            ("crosstable", "head to head"),
            ("statistics", "statistics"),
            ("scores", "scores"),
            ("sprt", "SPRT"),
            ("faults", "faults"),
            ("matches", "matches"),
        )
        if f'id="{anchor}"' in "".join(sections)
    )
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{escape(title)}</title>",
            f"<style>{_asset('report.css')}</style>",
            "</head>",
            "<body>",
            f"<header><h1>{escape(title)}</h1><p>{escape(subtitle)}</p><nav>{links}</nav></header>",
            "<main>",
            *sections,
            "</main>",
            f'<script type="application/json" id="report-data">{_json(data)}</script>',
            packed,
            f"<script>{_asset('report.js')}</script>",
            "</body>",
            "</html>",
            "",
        ]
    )


def _suits(spec: engine.GameSpec) -> dict[str, Any]:
    """How the viewer draws the game's cards: its suits by letter, and where the letter is."""
    faces = {face.letter: {"name": face.name, "symbol": face.symbol, "color": face.color} for face in spec.suits}
    return {"first": spec.suit_first, "faces": faces}


def _compass(game: engine.Game) -> bool:
    """Whether the replay draws the compass diagram: four seats in two partnerships
    (bridge), seat 0 North and the rest clockwise."""
    return game.spec.partnerships and game.players == 4


def _listed(match: StoredMatch, index: int | None, room: dict[str, Any] | None) -> dict[str, Any]:
    """A match in the list: its result, and where its replay is (none: not replayable here)."""
    best = [name for name, rank in zip(match.names, match.ranks) if rank == 0]
    replay = {} if index is None else {"chunk": index // CHUNK_MATCHES, "index": index % CHUNK_MATCHES}
    return (
        ({"room": room} if room else {})
        | {
            "key": match.key,
            "names": list(match.names),
            "result": f"{', '.join(dict.fromkeys(best))} first · {standings(match.names, match.standing)}",
            "deals": len(match.deals),
            "faults": [{"bot": fault.bot, "kind": fault.kind.value, "deal": fault.deal} for fault in match.faults],
        }
        | replay
    )


def standings(names: Sequence[str], standing: Sequence[float]) -> str:
    """Each seat's bot with its standing, "random −2, honest +1": signed when a standing
    can fall below zero (chips, points against the other side), else as counted."""
    signed = any(value < 0 for value in standing)

    def shown(value: float) -> str:
        if not signed or value == 0:
            return f"{value:g}"
        return f"+{value:g}" if value > 0 else f"−{-value:g}"

    # A bot holding both seats of a side (bridge) is named once with its side's standing;
    # a bot seated twice with two standings of its own (three bots at four vegas seats)
    # is named with each seat, or "bluffer −10, bluffer +35" would not say which is which.
    pairs = dict.fromkeys(zip(names, standing))
    twice = {name for name, _ in pairs if sum(other == name for other, _ in pairs) > 1}

    def who(seat: int) -> str:
        return f"{names[seat]} (seat {seat})" if names[seat] in twice else names[seat]

    named = dict.fromkeys((who(seat), value) for seat, value in enumerate(standing))
    return ", ".join(f"{name} {shown(value)}" for name, value in named)


def _standing_words(game: engine.Game) -> str:
    """What the numbers of a match's result are, in the game's words (conto's "bills paid:
    the deals the seat lost (fewer is better)"); the arena's generic words without them."""
    kind = game.statistics_kind()
    words = kind.STANDING_EXPLANATION if kind is not None else ""
    counted = f" What a standing counts here: {words}." if words else ""
    return f"Result: the bot that finished first, then each bot's standing when the match ended.{counted}"


def _matches_section(info: StoreInfo, replays: str, result_words: str) -> str:
    options = "".join(f'<option value="{escape(name)}">{escape(name)}</option>' for name in info.bots)
    return (
        f'<section id="matches"><h2>Matches</h2><p class="note" id="replays-note">{escape(replays)}</p>'
        f'<p class="note" id="result-note">{escape(result_words)}</p>'
        '<div class="controls">'
        f'<label>bot <select id="bot-filter"><option value="">all</option>{options}</select></label>'
        '<label><input type="checkbox" id="fault-filter"> with faults only</label>'
        '<label><input type="checkbox" id="replay-filter"> replayable only</label>'
        '<button type="button" id="list-prev">previous</button><button type="button" id="list-next">next</button>'
        '<span id="list-count"></span></div>'
        '<table id="match-list"><thead><tr><th>match</th><th>seats, in order</th><th>result</th><th>deals</th>'
        "<th>faults</th><th></th></tr></thead><tbody></tbody></table></section>"
    )


def _replay_section(spec: engine.GameSpec) -> str:
    speeds = "".join(
        f'<option value="{ms}"{" selected" if ms == 1000 else ""}>{label}</option>'
        for ms, label in ((2000, "0.5 step/s"), (1000, "1 step/s"), (500, "2 steps/s"), (200, "5 steps/s"))
    )
    return (
        '<section id="replay" hidden><h2 id="replay-title">Replay</h2><div class="controls">'
        '<button type="button" id="step-first" title="Home">first</button>'
        '<button type="button" id="step-back" title="←">◀ back</button>'
        '<span id="replay-step"></span>'
        '<button type="button" id="step-on" title="→">on ▶</button>'
        '<button type="button" id="step-last" title="End">last</button>'
        '<button type="button" id="autoplay" title="space">▶ play</button>'
        f'<label>speed <select id="speed">{speeds}</select></label>'
        '<label><input type="checkbox" id="show-all"> show all hands</label></div>'
        '<div class="controls"><button type="button" id="bluff-back" title="Shift+B">◀ bluff</button>'
        '<span id="bluff-count"></span><button type="button" id="bluff-on" title="B">bluff ▶</button>'
        '<label><input type="checkbox" id="bluffs-only"> log: bluff moments only</label>'
        '<span class="note">keys: ← → step, Home End, space play, B / Shift+B the next / last bluff</span></div>'
        '<p id="replay-text"></p><p id="replay-marks"></p>'
        '<div class="replay-body"><div class="felt" id="replay-seats"></div><aside id="replay-summary" hidden></aside>'
        '</div><dl class="table" id="replay-table"></dl><ol id="replay-log"></ol><div id="board-table" hidden></div>'
        f"{_legend(spec)}</section>"
    )


def _legend(spec: engine.GameSpec) -> str:
    """What the replay's texts mean, as the game declares it: its cards' letters and
    symbols (a game whose cards have suits) and how its moves read (`notation`); nothing
    for a game that needs neither."""
    lines = []
    if spec.suits:
        suits = ", ".join(
            f'<span style="color:{escape(face.color)}">{escape(face.symbol)}</span> {escape(face.letter)} {escape(face.name)}'
            for face in spec.suits
        )
        ranks = f"; ranks: {escape(ranks_named(spec))}" if spec.ranks else ""
        lines.append(f'<p class="note">Cards: suits {suits}{ranks}.</p>')
    if spec.notation:
        lines.append(f'<p class="note" id="notation">Notation: {escape(spec.notation)}</p>')
    return f'<div id="legend">{"".join(lines)}</div>' if lines else ""


def _json(data: object) -> str:
    """JSON safe inside a script element: no "</" can end it early."""
    return json.dumps(data, ensure_ascii=True, separators=(",", ":")).replace("</", "<\\/")


def _asset(name: str) -> str:
    return (resources.files("arena.report") / "assets" / name).read_text(encoding="utf-8")
