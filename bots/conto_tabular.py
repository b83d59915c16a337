"""conto-tabular — the policy docs/research.md trains in PettingZoo, entered as a bot.

It reads the plate's shortfall and size from its view, looks them up in the table
(`--table`, default bots/conto/tabular_policy.json) and calls the bill or declares the
legal plate its cards back best, whichever the table says loses less often.
"""

from __future__ import annotations

from pathlib import Path

from arena import sdk
from bots.conto.tabular import DEFAULT_TABLE, choose, load


class ContoTabularBot(sdk.Bot):
    name, games = "conto-tabular", ("conto",)
    description = "A two-number table trained in PettingZoo: call the bill or declare the best-backed plate."

    def on_match_start(self, start):
        self.table = load(Path(self.param("table", str(DEFAULT_TABLE))))

    def act(self, request):
        plates = [None if a.text == "il conto" else list(a.action.conto.plate) for a in request.legal_actions]
        index, _ = choose(self.table, request.view.conto, plates)
        return index


if __name__ == "__main__":
    sdk.run(ContoTabularBot)
