"""Everything downstream of a finished match: the results file, exports, ratings, tables.

    store = ResultStore.open_readonly("results/conto-zoo.sqlite")
    info, matches = store.info(), list(store.matches())
    game = engine.load(info.game, players=info.seats, **info.options)
    text, table = elo_table(matches, game)

    store.py        ResultStore, StoreInfo: the SQLite results file, one transaction a match
    schema.py       its tables, and a match as their rows and back
    codec.py        to_data, from_data: engine records as JSON-able data and back
    export.py       export_deals, export_stats: CSV or JSON lines for pandas & co
    ratings/        fit, Observation, Rating, RatingTable: the batch maximum-likelihood Elo
    tables.py       elo_table, statistics_table, observations (match_tables.py:
                    match_result_table, MATCH_LIST_COLUMNS): the
                    printed tables, each Column with its explanation (explain)
    transcript.py   transcript: one match as a person reads it
    summaries.py    each match's statistics and rated outcomes, stored when it is saved, which
                    the tables read instead of the histories (stored_observations for the SPRT)
    recover.py      recover_results, readable_matches: what a damaged file still holds, copied

Imports run one way: this package reads arena.records and arena.errors and the engine,
and nothing here imports arena.config, arena.play or arena.run.
"""

from arena.results.codec import from_data, to_data
from arena.results.export import (
    DEAL_EXPORT_COLUMNS,
    EXPORT_COLUMNS,
    NO_FAULTS,
    STATS_EXPORT_COLUMNS,
    export_deals,
    export_stats,
)
from arena.results.match_tables import MATCH_LIST_COLUMNS, SeatResult, match_result_columns, match_result_table
from arena.results.notes import PUBLIC_DEALS_NOTE, elo_notes
from arena.results.ratings import Observation, Rating, RatingError, RatingTable, fit
from arena.results.recover import Salvage, damage_words, readable_matches, recover_results, recovered_path
from arena.results.store import ResultStore, StoreInfo, Tournament
from arena.results.tables import (
    Align,
    BotLine,
    BotStatistics,
    Column,
    EloLine,
    bot_statistics,
    elo_columns,
    elo_table,
    explain,
    observations,
    render,
    statistics_columns,
    statistics_table,
    summarize,
)
from arena.results.transcript import annotated_transcript, counted_summary, ranks_named, transcript, transcript_legend

__all__ = [
    "ResultStore",
    "StoreInfo",
    "Tournament",
    "EXPORT_COLUMNS",
    "DEAL_EXPORT_COLUMNS",
    "STATS_EXPORT_COLUMNS",
    "NO_FAULTS",
    "to_data",
    "from_data",
    "export_deals",
    "export_stats",
    "fit",
    "Observation",
    "Rating",
    "RatingTable",
    "RatingError",
    "Align",
    "Column",
    "render",
    "explain",
    "EloLine",
    "elo_columns",
    "elo_table",
    "PUBLIC_DEALS_NOTE",
    "elo_notes",
    "BotStatistics",
    "bot_statistics",
    "statistics_columns",
    "statistics_table",
    "MATCH_LIST_COLUMNS",
    "SeatResult",
    "match_result_columns",
    "match_result_table",
    "observations",
    "summarize",
    "BotLine",
    "transcript",
    "transcript_legend",
    "annotated_transcript",
    "counted_summary",
    "ranks_named",
    "Salvage",
    "readable_matches",
    "recover_results",
    "recovered_path",
    "damage_words",
]
