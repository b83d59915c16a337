"""The report as one self-contained HTML page: the tables and pictures drawn here, the
match list and the replays as embedded data for the viewer (assets/report.js)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from importlib import resources
from typing import Any

import engine
from arena.records import StoredMatch
from arena.report._bridge import rooms
from arena.report._charts import RateChart, heat_map, ladder_svg, rate_charts
from arena.report._histories import Histories
from arena.report._progress import POINTS, checkpoints, elo_over_run_svg
from arena.report._replay import CHUNK_MATCHES
from arena.report._scores import scores_section
from arena.results import (
    BotStatistics,
    RatingTable,
    elo_columns,
    elo_notes,
    elo_table,
    explain,
    render,
    statistics_columns,
)
from arena.results.crosstable import bot_order, head_to_head, los_table, outcomes
from arena.results.store import StoreInfo

__all__ = ["Ratings", "tournament_page", "match_page", "standings"]

#: Faults listed by the report; `arena list --fault KIND` lists every one.
FAULTS_SHOWN = 1000


@dataclass(frozen=True)
class Ratings:
    """How to rate, as `arena table` takes it; None: as the run that wrote the results file did."""

    anchor: tuple[str, float] | None = None
    prior_games: float | None = None

    def of(self, info: StoreInfo) -> tuple[tuple[str, float] | None, float]:
        """The anchor and prior to rate `info`'s matches with."""
        return self.anchor or info.anchor, info.prior_games if self.prior_games is None else self.prior_games


def tournament_page(
    info: StoreInfo,
    matches: Sequence[StoredMatch],
    histories: Histories,
    game: engine.Game,
    unsandboxed: Sequence[str],
    ratings: Ratings,
) -> str:
    """The whole report of a results file: `matches` in schedule order (their histories
    are not needed), `histories` their replays and statistics."""
    anchor, prior = ratings.of(info)
    text, table = elo_table(matches, game, anchor, tablefmt="html", prior_games=prior)
    notes = elo_notes(matches, info.setup.public_deals, unsandboxed, scheduled=info.scheduled)
    sections = [
        _ratings_section(text, notes, table, game),
        _progress_section(matches, game, anchor, prior, table),
        _crosstable_section(matches, game, table),
        _statistics_section(histories.statistics, game),
        scores_section(matches, game, [rating.name for rating in table.ratings] if table else info.bots),
        _faults_section(matches),
        _matches_section(info),
        _replay_section(game.spec),
    ]
    subtitle = f"{info.game} · {len(matches)} matches · {info.seats} seats · bots: {', '.join(info.bots)}"
    return _document(info.name, subtitle, sections, matches, histories, game, open_first=False)


def match_page(info: StoreInfo, match: StoredMatch, histories: Histories, game: engine.Game) -> str:
    """One match: its replay, its result and its faults (`arena show --html`)."""
    sections = [_replay_section(game.spec), _faults_section([match])]
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
    listing = [_listed(match, index, boards.get(match.key)) for index, match in enumerate(matches)]
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


def _listed(match: StoredMatch, index: int, room: dict[str, Any] | None) -> dict[str, Any]:
    best = [name for name, rank in zip(match.names, match.ranks) if rank == 0]
    return ({"room": room} if room else {}) | {
        "key": match.key,
        "names": list(match.names),
        "result": f"{', '.join(dict.fromkeys(best))} first · {standings(match.names, match.standing)}",
        "deals": len(match.deals),
        "faults": [{"bot": fault.bot, "kind": fault.kind.value, "deal": fault.deal} for fault in match.faults],
        "chunk": index // CHUNK_MATCHES,
        "index": index % CHUNK_MATCHES,
    }


def standings(names: Sequence[str], standing: Sequence[float]) -> str:
    """Each seat's bot with its standing, "random −2, honest +1": signed when a standing
    can fall below zero (chips, points against the other side), else as counted."""
    signed = any(value < 0 for value in standing)

    def shown(value: float) -> str:
        if not signed or value == 0:
            return f"{value:g}"
        return f"+{value:g}" if value > 0 else f"−{-value:g}"

    # A bot holding both seats of a side (bridge) is named once with its side's standing.
    return ", ".join(f"{name} {shown(value)}" for name, value in dict.fromkeys(zip(names, standing)))


def _ratings_section(text: str, notes: list[str], table: RatingTable | None, game: engine.Game) -> str:
    html_table, _, rest = text.partition("</table>")
    lines = [line for line in rest.splitlines() if line.strip()] + notes
    if table is None:  # nothing rated: elo_table's text is the reason
        return f'<section id="ratings"><h2>Ratings</h2>{_paragraphs(text.splitlines() + notes)}</section>'
    return (
        '<section id="ratings"><h2>Ratings</h2>'
        f'<div id="ladder">{ladder_svg(table)}</div>'
        f"{html_table}</table>{_paragraphs(lines)}"
        f"<details><summary>What the columns mean</summary>{_paragraphs(explain(elo_columns(game)).splitlines())}"
        "</details></section>"
    )


def _progress_section(
    matches: Sequence[StoredMatch],
    game: engine.Game,
    anchor: tuple[str, float] | None,
    prior: float,
    table: RatingTable | None,
) -> str:
    """The ratings as the matches came in: the table's fit on the first matches, at a
    few points of the run (nothing for a run too short to show a course)."""
    if table is None:
        return ""

    def fit_first(count: int) -> RatingTable | None:
        return elo_table(matches[:count], game, anchor, prior_games=prior)[1]

    chart = elo_over_run_svg(checkpoints(len(matches), fit_first), [r.name for r in table.ratings])
    if not chart:
        return ""
    return (
        '<section id="progress"><h2>Elo over the run</h2>'
        f'<p class="note">The table\'s fit on the first matches, at {POINTS} points of the run (the last is '
        "the table above); the shaded band is each bot's 95% interval, none where the data only "
        "bound it.</p>"
        f"{chart}</section>"
    )


def _crosstable_section(matches: Sequence[StoredMatch], game: engine.Game, table: RatingTable | None) -> str:
    pairings = head_to_head(outcomes(matches, game))
    names = bot_order(pairings, table)
    if not names:
        return '<section id="crosstable"><h2>Head to head</h2><p>No rated outcome stored yet.</p></section>'
    los = los_table(table, names, tablefmt="html")
    los_html, _, los_footer = los.partition("</table>")
    return (
        '<section id="crosstable"><h2>Head to head</h2>'
        f"{heat_map(pairings, names, 'row against column')}"
        '<p class="note">The row bot\'s score against the column bot over the outcomes both took part in: '
        "1 ahead, 1/2 tied, 0 behind, as a percentage; in brackets the shared outcomes. "
        "Green: the row bot scores above 50%; red: below.</p>"
        f"<h3>Likelihood of superiority</h3>{los_html}</table>{_paragraphs(los_footer.splitlines())}</section>"
    )


def _statistics_section(lines: Sequence[BotStatistics], game: engine.Game) -> str:
    if not lines:
        return ""
    columns = statistics_columns(game)
    charts = [
        RateChart(column.heading, column.explanation, tuple((line.name, _percent(column.cell(line))) for line in lines))
        for column in columns
        if column.heading.endswith("%")
    ]
    return (
        '<section id="statistics"><h2>Statistics</h2>'
        f'<div class="rates">{rate_charts(charts)}</div>{render(columns, lines, "html")}'
        f"<details><summary>What the columns mean</summary>{_paragraphs(explain(columns).splitlines())}</details>"
        "</section>"
    )


def _percent(cell: object) -> float | None:
    try:
        return float(str(cell).rstrip("%"))
    except ValueError:
        return None


def _faults_section(matches: Sequence[StoredMatch]) -> str:
    faults = [(match.key, fault) for match in matches for fault in match.faults]
    if not faults:
        return '<section id="faults"><h2>Faults</h2><p>No bot faulted.</p></section>'
    rows = "".join(
        f"<tr><td>{escape(key)}</td><td>{fault.seat}</td><td>{escape(fault.bot)}</td><td>{fault.kind.value}</td>"
        f"<td>{fault.deal}</td><td>{escape(fault.reason)}</td></tr>"
        for key, fault in faults[:FAULTS_SHOWN]
    )
    more = (
        f'<p class="note">{len(faults) - FAULTS_SHOWN} more not listed here: arena list RESULTS --fault KIND.</p>'
        if len(faults) > FAULTS_SHOWN
        else ""
    )
    return (
        f'<section id="faults"><h2>Faults</h2><p>{len(faults)} fault{"s" if len(faults) != 1 else ""}; '
        "each forfeits the deal it happened in.</p>"
        '<table class="faults"><thead><tr><th>match</th><th>seat</th><th>bot</th><th>kind</th><th>deal</th>'
        f"<th>reason</th></tr></thead><tbody>{rows}</tbody></table>{more}</section>"
    )


def _matches_section(info: StoreInfo) -> str:
    options = "".join(f'<option value="{escape(name)}">{escape(name)}</option>' for name in info.bots)
    return (
        '<section id="matches"><h2>Matches</h2><div class="controls">'
        f'<label>bot <select id="bot-filter"><option value="">all</option>{options}</select></label>'
        '<label><input type="checkbox" id="fault-filter"> with faults only</label>'
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


#: The Italian deck's letters for its ranks that are not numbers.
_ITALIAN_RANKS = (("A", "asso (ace)"), ("F", "fante (jack)"), ("C", "cavallo (knight)"), ("R", "re (king)"))
_ITALIAN_SUITS = {"bastoni", "coppe", "denari", "spade"}


def _legend(spec: engine.GameSpec) -> str:
    """What the cards' letters and symbols mean, for a game whose cards have suits."""
    if not spec.suits:
        return ""
    suits = ", ".join(
        f'<span style="color:{escape(face.color)}">{escape(face.symbol)}</span> {escape(face.letter)} {escape(face.name)}'
        for face in spec.suits
    )
    ranks = ""
    if {face.name for face in spec.suits} == _ITALIAN_SUITS:
        ranks = "; ranks: " + ", ".join(f"{letter} {escape(name)}" for letter, name in _ITALIAN_RANKS)
    return f'<p class="note" id="legend">Cards: suits {suits}{ranks}.</p>'


def _paragraphs(lines: Sequence[str]) -> str:
    return "".join(f'<p class="note">{escape(line)}</p>' for line in lines)


def _json(data: object) -> str:
    """JSON safe inside a script element: no "</" can end it early."""
    return json.dumps(data, ensure_ascii=True, separators=(",", ":")).replace("</", "<\\/")


def _asset(name: str) -> str:
    return (resources.files("arena.report") / "assets" / name).read_text(encoding="utf-8")
