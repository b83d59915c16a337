"""Tournament files: read a TOML file, check all of it, and describe every problem at once.

    schema.py      every [tournament] and [[bot]] key: type, default, limits, flag, help
    check.py       the walker: checks a key's value by its type, collects the problems
    lines.py       line numbers of keys in the TOML text
    values.py      values in words for messages; memory sizes and times
    bots.py        [[bot]] blocks into BotEntry records
    tournament.py  load_tournament: [tournament] and [game], into a TournamentConfig

A tournament file has a ``[tournament]`` table, an optional ``[game]`` table (the game's
options) and one ``[[bot]]`` block per bot::

    [tournament]
    name = "conto-zoo"        # required; letters, digits, _ . -
    game = "conto"            # required; see `arena games`
    seats = 4                 # default: the game's default number of players
    deals = 20                # deals per match; default 10 ("hands" is read too)
    rounds = 1                # times the whole schedule is played, on new deals; default 1
    seed = 1                  # default 0
    concurrency = 2           # matches at once; default 1
    workers = 2               # worker processes the matches run in; default one per core, at most concurrency
    move_time = 1.0           # seconds per decision; default 1.0
    duplicate = true          # replay each deal with the bots rotated; default true
    anchor = "random"         # optional: this bot's Elo is fixed at anchor_elo (default 0)
    results = "results/conto-zoo.sqlite"   # default results/<name>.sqlite
    logs = "logs/conto-zoo"                # default logs/<name>

    [game]
    hand_size = 6

    [[bot]]
    name = "random"
    command = ["python", "bots/random_bot.py"]   # an argv list, never a shell string
    args = ["--aggression=0.3"]                  # appended to command
    env = { SOME_VAR = "x" }
    protocol = "grpc"                            # or "stdio"
    # address = "localhost:50051"                # instead of command: a bot already running
    memory_limit = "2GiB"                        # bytes, or KiB/MiB/GiB, or "none"
    startup_timeout = 20

Decisions worth knowing:

- Relative paths (``results``, ``logs``, bot commands and their script arguments) are
  relative to the *current directory*, not to the tournament file, as on a command line.
  Bots run with the current directory as their working directory.
- A command starting with ``python`` or ``python3`` runs with the arena's own interpreter
  (``sys.executable``), so bots see the same packages as the arena.  The fingerprint
  records it as ``python``, so moving to another virtualenv does not count as a change.
- Every problem is collected before anything is reported: `ConfigError` lists them all,
  command-line problems first, then in file order (within one line, in the order
  checked: the schema's keys, then what concerns several keys).  Problems name the key
  as ``tournament.deals``, ``game.hand_size`` or ``bot[2].command``; bots are numbered
  from 1 in file order.  Line numbers are found by scanning the text (tomllib gives none for
  a valid file): the key's line, else its table's header, else none.
- ``[game]`` options are checked one by one (unknown names, values outside the choices),
  then together by ``engine.load(game, players=seats, **options)``.
- Bot names follow the tournament name's rule (letters, digits, ``_ . -``): they become
  log file names.  Sane limits keep absurd numbers out: deals and rounds at most a
  million, concurrency 10 000, workers 1 000, times one day, seeds 64 bits.
- Without ``workers`` (file or --workers), `default_workers`: the environment's
  ARENA_WORKERS, or one worker process per core, at most ``concurrency``.
- `TournamentConfig.setup` (an `arena.records.Setup`, whose fingerprint guards a
  results file) covers what changes results (game, options with the engine's defaults
  filled in, seats, deals, rounds, seed, duplicate, move time, and each bot's name,
  full command, address, protocol and environment, in file order), so a results file
  is only resumed with the setup that produced it.  Concurrency, workers, paths and the anchor are
  left out: they change no result.
"""

from arena.config.schema import DEFAULT_DEALS, DEFAULT_MOVE_TIME
from arena.config.tournament import TournamentConfig, load_tournament
from arena.config.values import parse_memory
from arena.config.workers import WORKERS_ENV, default_workers, usable_cores
from arena.errors import ConfigError, Problem

__all__ = [
    "load_tournament",
    "TournamentConfig",
    "WORKERS_ENV",
    "default_workers",
    "usable_cores",
    "ConfigError",
    "Problem",
    "parse_memory",
    "DEFAULT_DEALS",
    "DEFAULT_MOVE_TIME",
]
