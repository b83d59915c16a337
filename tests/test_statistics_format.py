"""The statistics table prints each cell as the game writes it: a percentage keeps its
one decimal when it is a whole number (78.0 beside 62.4, 0.0 not 0), in text and HTML."""

import re

import engine
from arena.results.tables import BotStatistics, render, statistics_columns
from engine.conto.stats import ContoStats


def _lines() -> list[BotStatistics]:
    whole = ContoStats(hands=10, declarations=50, bluffs=39, probably_false=0, challenged=4, caught=2)
    fraction = ContoStats(hands=10, declarations=1000, bluffs=624, probably_false=1, challenged=3, caught=1)
    return [BotStatistics("whole", whole), BotStatistics("fraction", fraction)]


def test_whole_percentages_keep_their_decimal() -> None:
    text = render(statistics_columns(engine.load("conto")), _lines())
    whole = next(line for line in text.splitlines() if line.startswith("whole"))
    assert whole.split()[1:6] == ["10", "50", "78.0", "0.0", "0.0"]
    assert "50.0" in whole.split()


def test_figures_line_up_on_the_right() -> None:
    rows = render(statistics_columns(engine.load("conto")), _lines()).splitlines()
    header, whole, fraction = rows[0], rows[2], rows[3]
    end = header.index("bluff %") + len("bluff %")
    assert whole[:end].endswith("78.0") and fraction[:end].endswith("62.4")


def test_html_keeps_the_decimal_too() -> None:
    html = render(statistics_columns(engine.load("conto")), _lines(), "html")
    cells = re.findall(r">\s*([^<>]*?)\s*</td>", html)
    assert "78.0" in cells and "0.0" in cells and "78" not in cells
