"""`arena play`: one match between bots named on the command line; `arena games`."""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from pathlib import Path

import engine
from arena.cli._common import (
    add_command,
    add_deals_flag,
    parse_bot,
    parse_options,
    seconds,
    setup_logging,
    time_control,
    whole_number,
)
from arena.clock import TimeControl
from arena.config import usable_cores
from arena.config.bots import check_command_line_bots, module_of
from arena.config.schema import name_problem
from arena.config.values import logs_folder_problem
from arena.errors import UsageError
from arena.human import NO_CLOCK, HumanSeat, open_front
from arena.play import open_bot_pool, play_match, poll_for_answers
from arena.process import run_interruptibly
from arena.protocol import IN_PROCESS
from arena.records import BotEntry, BotSetup, MatchRecord, MatchSlot, Setup
from arena.results import (
    ResultStore,
    annotated_transcript,
    explain,
    match_result_columns,
    match_result_table,
)

__all__ = ["add_parser", "add_games_parser"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    play = add_command(
        sub,
        "play",
        "play one match and print its transcript",
        (
            'arena play conto --bot a="python bots/random_bot.py" --bot b="python bots/conto_honest.py" --bot c="python bots/conto_bluffer.py" --deals 5',
            'arena play invido --bot a="python bots/invido_rules.py" --bot b="python bots/random_bot.py"',
            'arena play conto --human me --bot a="python bots/conto_honest.py" --bot b="python bots/conto_bluffer.py"',
        ),
    )
    play.add_argument("game", help="a game name (see arena games)")
    play.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="NAME=COMMAND",
        help="one per seat, in seat order; NAME=module:package.module:Class [--key=value …] plays an SDK Bot class "
        "inside this process (trusted, not sandboxed), its parameters after it",
    )
    play.add_argument("--seed", type=int, default=1, help="the match seed: the same seed deals the same cards")
    add_deals_flag(play, "deals in the match", default=3)
    play.add_argument("--move-time", type=seconds, default=2.0, help="seconds per decision")
    play.add_argument(
        "--tc",
        type=time_control,
        metavar="BASE+INC[/deal]",
        help='a bank of time instead of --move-time: "60+0.5" (per match, +0.5 s per decision) or "10+0.5/deal"',
    )
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    play.add_argument("--stdio", action="store_true", help="the bots speak JSON lines on stdio, not gRPC")
    play.add_argument("--logs", default="logs/play", help="folder for the bots' stderr logs")
    play.add_argument("--explain", action="store_true", help="under the result table, what its columns mean")
    play.add_argument(
        "--human",
        metavar="NAME",
        help="you play a seat yourself (in the terminal, or with --web in the browser); no clock unless --tc",
    )
    play.add_argument(
        "--seat", type=whole_number(0), default=0, help="with --human: your seat (the bots fill the others in order)"
    )
    play.add_argument("--web", action="store_true", help="with --human: play in the browser (127.0.0.1, a token)")
    play.add_argument(
        "--results",
        metavar="PATH",
        help="also save the match to this results file (arena show / arena report replay it); "
        "a file holds matches of one setup: the same game, options, seats, deals, seed and players",
    )
    play.set_defaults(func=cmd_play)


def add_games_parser(sub: argparse._SubParsersAction) -> None:
    games = add_command(sub, "games", "list the games and their options", ("arena games",))
    games.set_defaults(func=cmd_games)


def cmd_play(args: argparse.Namespace) -> int:
    setup_logging(True)
    bots = [parse_bot(text) for text in args.bot]
    if not bots:
        raise UsageError("Name the players with --bot NAME=COMMAND, once per seat.")
    engine.game_class(args.game)  # a mistyped game is named first, before any bot's command
    if problem := logs_folder_problem(args.logs):
        raise UsageError(f"--logs: {problem}")
    check_command_line_bots([(f"--bot {name}", f"bot {name!r}", argv) for name, argv in bots], Path.cwd())
    names = [name for name, _ in bots]
    entries: dict[str, BotEntry] = {}
    for name, argv in bots:
        module = module_of(argv)
        if module is not None:  # in-process: the class, then its parameters
            entries.setdefault(name, BotEntry(name, command=(module, *argv[1:]), protocol=IN_PROCESS))
        else:
            entries.setdefault(name, BotEntry(name, command=argv, protocol="stdio" if args.stdio else "grpc"))
    human = _human_seat(args, names)
    if human is not None:
        names.insert(args.seat, human)
    spec = engine.game_class(args.game).spec
    if not spec.min_players <= len(names) <= spec.max_players:
        allowed = (
            f"{spec.min_players}"
            if spec.min_players == spec.max_players
            else f"{spec.min_players} to {spec.max_players}"
        )
        raise UsageError(
            f"{args.game} is for {allowed} players and {len(names)} were given: one --bot per seat"
            + (", --human taking one" if human is not None else "")
            + "."
        )
    game = engine.load(args.game, players=len(names), **parse_options(args.option))
    store = _open_results(Path(args.results), args, game, bots, names) if args.results else None
    front = open_front(game, web=args.web) if human is not None else None

    poll_for_answers(1, usable_cores())

    bot_control = args.tc if args.tc is not None else TimeControl.per_move(args.move_time)
    human_control = args.tc if args.tc is not None else NO_CLOCK

    async def play() -> MatchRecord:
        async with open_bot_pool(entries, Path(args.logs), game=args.game) as pool:
            seats = [
                HumanSeat(name, game, front) if front is not None and name == human else pool.seat(name, args.seed)
                for name in names  # copies: a process each
            ]
            record = await play_match(
                game,
                seats,
                seed=args.seed,
                deals=args.deals,
                time_controls=[human_control if name == human else bot_control for name in names],
                match_id=f"play-{args.seed}",
            )
        if front is not None:
            await front.farewell()
        return record

    try:
        record = run_interruptibly(play)
    except BaseException:
        if store is not None:
            store.close()  # nothing to save: the match did not end
        raise
    finally:
        if front is not None:
            front.close()
    print(annotated_transcript(record.history, record.names, game))
    print()
    print(match_result_table(record, game))
    if args.explain:
        print(f"\n{explain(match_result_columns(game))}")
    for fault in record.faults:
        print(f"fault: {fault}")
    if store is not None:
        try:
            key = _save(store, args.seed, record)
        finally:
            store.close()
        print(f"saved as match {key} in {args.results}: arena show {args.results} {key}")
    return 0


@dataclass(frozen=True)
class _OneMatch:
    """The tournament `ResultStore.open` reads, for one match played with `arena play`."""

    name: str
    game: str
    setup: Setup
    anchor: tuple[str, float] | None = None
    prior_games: float = 0.0


def _open_results(
    path: Path, args: argparse.Namespace, game: engine.Game, bots: list[tuple[str, tuple[str, ...]]], names: list[str]
) -> ResultStore:
    """The results file the match will be saved to, opened before it is played: a file of
    another setup is refused (exit 2) before anyone plays, not after."""
    commands = dict(bots)
    players = tuple(
        BotSetup(name, commands[name], None, None, {}) if name in commands else BotSetup(name, None, None, "human", {})
        for name in names
    )
    setup = Setup(
        game=game.spec.name,
        options=dict(game.options),
        seats=game.players,
        deals=args.deals,
        rounds=1,
        seed=args.seed,
        duplicate=False,
        move_time=args.move_time if args.tc is None else None,
        bots=players,
        tc=args.tc.text if args.tc is not None else None,
    )
    return ResultStore.open(path, _OneMatch(f"play-{game.spec.name}", game.spec.name, setup))


def _save(store: ResultStore, seed: int, record: MatchRecord) -> str:
    """Store `record`; its key, a new one each time."""
    key = f"play-{seed}-{time.strftime('%Y%m%d-%H%M%S')}"
    store.save(MatchSlot(key, 0, 0, 0, seed, record.names), record)
    return key


def _human_seat(args: argparse.Namespace, bots: list[str]) -> str | None:
    """The human's name when --human is given (checked as a bot's name is), else None."""
    if args.human is None:
        if args.web or args.seat:
            raise UsageError("--web and --seat are for a human seat: add --human NAME.")
        return None
    problem = name_problem(args.human, "--human name")
    if problem is not None:
        raise UsageError(f"--human: {problem}")
    if args.human in bots:
        raise UsageError(f"--human {args.human}: a bot has that name; give yourself another.")
    if args.seat > len(bots):
        raise UsageError(f"--seat {args.seat}: with {len(bots)} bots the seats are 0 to {len(bots)}.")
    return args.human


def cmd_games(args: argparse.Namespace) -> int:
    for spec in engine.games():
        count = (
            f"{spec.min_players}" if spec.min_players == spec.max_players else f"{spec.min_players}–{spec.max_players}"
        )
        print(f"{spec.name}: {spec.title} — {spec.summary} ({count} players)")
        for option in spec.options:
            choices = ", ".join(repr(c) for c in option.choices)
            print(f"    {option.name} = {option.default!r}  ({choices}): {option.help}")
    return 0
