"""In-process bots (arena/play/inprocess.py): an SDK class played in the referee's own
process plays exactly as it does behind `sdk.run` over gRPC, its failures are named
faults that leave the match going on, and the file, the command line and the tables
say what it is: trusted, not sandboxed."""

from __future__ import annotations

import subprocess
import sys
import time
from functools import partial
from pathlib import Path

import pytest
import trio

import engine
from arena import sdk
from arena.config import load_tournament
from arena.config.adhoc import AdhocTournament
from arena.errors import ConfigError
from arena.play import open_bot_pool, play_match
from arena.process import sandbox_status
from arena.protocol import IN_PROCESS
from arena.records import BotEntry, FaultKind
from arena.v1 import arena_pb2 as pb

ROOT = Path(__file__).resolve().parents[1]

# Deterministic SDK bots (seeded by match, seat and their seed), one of them listening to
# every event (conto_adaptive's on_event), with a parameter given as args.
CONTO_TABLE = (
    ("random", "bots.random_bot:RandomBot", "bots/random_bot.py", ("--seed=7",)),
    ("adaptive", "bots.conto_adaptive:AdaptiveBot", "bots/conto_adaptive.py", ()),
    ("honest", "bots.conto_honest:HonestBot", "bots/conto_honest.py", ()),
    ("bluffer", "bots.conto_bluffer:BlufferBot", "bots/conto_bluffer.py", ("--aggression=0.6",)),
)


def in_process(name: str, module: str, *args: str) -> BotEntry:
    return BotEntry(name, command=(module, *args), protocol=IN_PROCESS)


def over_grpc(name: str, script: str, *args: str) -> BotEntry:
    return BotEntry(name, command=(sys.executable, str(ROOT / script), *args), sandbox=False)


async def play(entries: list[BotEntry], game: engine.Game, tmp_path: Path, *, seed: int, deals: int, move_time=5.0):
    async with open_bot_pool({e.name: e for e in entries}, tmp_path / "logs", game=game.spec.name) as pool:
        return await play_match(
            game,
            [pool.seat(e.name, seed) for e in entries],
            seed=seed,
            deals=deals,
            move_time=move_time,
            match_id=f"m{seed}",
        )


@pytest.mark.parametrize("seed", [3, 11])
def test_same_results_as_over_grpc_on_the_same_deals(tmp_path, seed):
    game = engine.load("conto", players=4)
    local = [in_process(name, module, *args) for name, module, _, args in CONTO_TABLE]
    remote = [over_grpc(name, script, *args) for name, _, script, args in CONTO_TABLE]
    here = trio.run(lambda: play(local, game, tmp_path, seed=seed, deals=8))
    there = trio.run(lambda: play(remote, game, tmp_path, seed=seed, deals=8))
    assert here.faults == there.faults == ()
    assert here.history == there.history
    assert here.result == there.result
    assert here.standing == there.standing
    assert here.comments == there.comments
    assert here.cpu == (None,) * 4  # no process of its own to measure


@pytest.mark.parametrize(
    "name, players, deals", [("conto", 4, 4), ("invido", 2, 4), ("vegas", 3, 3), ("bridge", 4, 1), ("frederik", 4, 1)]
)
def test_every_game_hands_a_bot_the_same_messages_as_over_grpc(tmp_path, name, players, deals):
    """Each decision's comment is a digest of every request and event the bot was handed
    (tests/fixtures/bots/digests.py): the same comments, the same messages."""
    game = engine.load(name, players=players)
    module, script = "tests.fixtures.bots.digests:Digests", "tests/fixtures/bots/digests.py"
    local = [in_process(f"d{seat}", module, f"--seed={seat}") for seat in range(players)]
    remote = [over_grpc(f"d{seat}", script, f"--seed={seat}") for seat in range(players)]
    here = trio.run(lambda: play(local, game, tmp_path, seed=5, deals=deals))
    there = trio.run(lambda: play(remote, game, tmp_path, seed=5, deals=deals))
    assert here.faults == there.faults == ()
    assert here.history == there.history
    assert here.result == there.result
    assert len(here.comments) == sum(len(answered) for answered in here.latencies) > 0
    assert here.comments == there.comments


class Hears(sdk.Bot):
    """Plays the first action and keeps, by seat, the events it heard and the MatchEnd."""

    games = ("vegas",)
    heard: dict[int, list] = {}

    def on_match_start(self, start):
        self.events = self.heard[start.seat] = []

    def on_event(self, event):
        self.events.append(event)

    def on_match_end(self, end):
        self.events.append(end)

    def act(self, request):
        return 0


def test_a_bot_that_hears_the_end_gets_every_event_and_the_match_end(tmp_path):
    game = engine.load("vegas", players=2)
    record = trio.run(
        lambda: play(
            [in_process("a", "tests.test_inprocess:Hears"), in_process("b", "bots.random_bot:RandomBot")],
            game,
            tmp_path,
            seed=4,
            deals=3,
        )
    )
    played = sdk.load_bot_class("tests.test_inprocess:Hears")  # as the seat loaded it (pytest's module is another)
    *events, end = played.heard.pop(0)  # type: ignore[attr-defined]
    seen = game.replay(record.history).events_for(0)
    assert len(events) == len(seen)  # the current deal's come from the view, without text
    assert [event.text for event in end.history] == [event.text for event in seen]
    assert [event.vegas for event in end.history] == [event.vegas for event in events]
    assert list(end.result.scores) == list(record.result.scores)


def test_a_lazy_request_reads_as_the_decision_request_and_is_made_once():
    made = pb.DecisionRequest(decision_id=7, time_limit_ms=900, acting_seat=2)
    made.legal_actions.add(text="il conto")
    made.legal_actions.add(text="ordinazione → 1A")
    makes = []

    def make():
        makes.append(1)
        return made

    request = sdk.LazyDecisionRequest(make, 7, 900, 2)
    assert (request.decision_id, request.time_limit_ms, len(request.legal_actions)) == (7, 900, 2)
    assert makes == []  # the number of legal actions needs no message
    assert [action.text for action in request.legal_actions] == ["il conto", "ordinazione → 1A"]
    assert request.legal_actions[1].text == "ordinazione → 1A"
    assert request.acting_seat == 2 and request.HasField("view") is False
    assert request == made and request.message is made
    assert request.SerializeToString() == made.SerializeToString()
    assert makes == [1]


class Misbehaving(sdk.Bot):
    """Plays the first action, except on the decisions its `fail` parameter picks: the
    n-th decision of the match (counted from 1) raises, returns text, returns -1, returns
    an index past the end, or takes longer than its time."""

    games = ("vegas",)

    def on_match_start(self, start):
        self.asked = 0
        self.ways = {
            int(at): way for way, at in (item.split("@") for item in str(self.param("fail", "")).split(",") if item)
        }

    def act(self, request):
        self.asked += 1
        way = self.ways.get(self.asked)
        if way == "raise":
            raise ValueError("no idea what to do")
        if way == "text":
            return "the first"
        if way == "negative":
            return -1
        if way == "past":
            return len(request.legal_actions)
        if way == "exit":
            sys.exit(3)  # as a script would: a crash of the bot, not the end of the run
        if way == "slow":
            time.sleep(0.3)  # past the 0.1 s limit: not synchronisation, the fault itself
        return 0


class Unmakeable(sdk.Bot):
    games = ("vegas",)

    def __init__(self, params=None):
        raise KeyError("weights.npz")


class Unstartable(sdk.Bot):
    games = ("vegas",)

    def on_match_start(self, start):
        raise RuntimeError("cannot start today")

    def act(self, request):
        return 0


def test_faults_are_named_and_the_match_goes_on(tmp_path):
    game = engine.load("vegas", players=2)
    faulty = in_process(
        "faulty", "tests.test_inprocess:Misbehaving", "--fail=raise@1,text@3,negative@5,past@7,slow@9,exit@11"
    )
    record = trio.run(
        lambda: play(
            [faulty, in_process("steady", "tests.test_inprocess:Misbehaving")],
            game,
            tmp_path,
            seed=1,
            deals=12,
            move_time=0.1,
        )
    )
    kinds = [(f.bot, f.kind) for f in record.faults]
    assert kinds == [
        ("faulty", FaultKind.CRASH),
        ("faulty", FaultKind.MALFORMED),
        ("faulty", FaultKind.ILLEGAL),
        ("faulty", FaultKind.ILLEGAL),
        ("faulty", FaultKind.TIMEOUT),
        ("faulty", FaultKind.CRASH),
    ]
    reasons = [f.reason for f in record.faults]
    assert reasons[0] == "act raised ValueError: no idea what to do"
    assert "act returned 'the first', not the index" in reasons[1]
    assert reasons[2].startswith("action index -1 is out of range")
    assert "is out of range" in reasons[3]
    assert "past its 100 ms limit" in reasons[4] and "cannot be interrupted" in reasons[4]
    assert reasons[5] == "act raised SystemExit: 3"
    assert record.deals == 12 and len(game.replay(record.history).deal_results()) == 12


def test_three_faults_in_a_row_stop_the_seat(tmp_path):
    game = engine.load("vegas", players=2)
    faulty = in_process("faulty", "tests.test_inprocess:Misbehaving", "--fail=raise@1,raise@2,raise@3")
    record = trio.run(
        lambda: play(
            [faulty, in_process("steady", "tests.test_inprocess:Misbehaving")], game, tmp_path, seed=2, deals=5
        )
    )
    assert [f.kind for f in record.faults][:4] == [FaultKind.CRASH] * 3 + [FaultKind.STOPPED]
    assert all(f.kind in (FaultKind.CRASH, FaultKind.STOPPED) for f in record.faults if f.bot == "faulty")


def test_a_class_that_cannot_start_is_a_start_fault(tmp_path):
    game = engine.load("vegas", players=2)
    broken = in_process("broken", "tests.test_inprocess:Unstartable")
    record = trio.run(
        lambda: play(
            [broken, in_process("steady", "tests.test_inprocess:Misbehaving")], game, tmp_path, seed=3, deals=2
        )
    )
    assert record.faults[0].kind is FaultKind.START
    assert record.faults[0].reason == "on_match_start raised RuntimeError: cannot start today"
    unmade = trio.run(
        lambda: play(
            [
                in_process("unmade", "tests.test_inprocess:Unmakeable"),
                in_process("steady", "tests.test_inprocess:Misbehaving"),
            ],
            game,
            tmp_path,
            seed=3,
            deals=2,
        )
    )
    assert (unmade.faults[0].kind, unmade.faults[0].reason) == (
        FaultKind.START,
        "Unmakeable(params) raised KeyError: 'weights.npz'",
    )


def write(tmp_path: Path, bots: str) -> Path:
    path = tmp_path / "t.toml"
    path.write_text(f'[tournament]\nname = "t"\ngame = "vegas"\nseats = 2\n{bots}', encoding="utf-8")
    return path


def test_a_tournament_file_names_the_class_and_its_parameters(tmp_path):
    config = load_tournament(
        write(
            tmp_path,
            '[[bot]]\nname = "a"\nmodule = "bots.random_bot:RandomBot"\nargs = ["--seed=2"]\n'
            '[[bot]]\nname = "b"\ncommand = ["python", "bots/random_bot.py"]\n',
        )
    )
    a, b = config.bots
    assert (a.protocol, a.command) == (IN_PROCESS, ("bots.random_bot:RandomBot", "--seed=2"))
    assert [bot.protocol for bot in config.setup.bots] == [IN_PROCESS, "grpc"]  # part of the fingerprint
    assert sandbox_status([a]) == "unsandboxed: a runs in-process (trusted, not sandboxed)."
    assert sandbox_status([a, b]).startswith("unsandboxed: a runs in-process (trusted, not sandboxed)")


@pytest.mark.parametrize(
    "bot, said",
    [
        ('module = "bots.nowhere:Bot"', "there is no module 'bots.nowhere'"),
        ('module = "bots.random_bot:Nope"', "the module bots.random_bot has no 'Nope'"),
        ('module = "bots.random_bot"', "does not name a class as package.module:Class"),
        ('module = "bots.seeds:seat_rng"', "bots.seeds:seat_rng is a function, not a subclass of arena.sdk.Bot"),
        ('module = "engine:GameSpec"', "engine:GameSpec is the class engine._spec.GameSpec, not a subclass"),
        ('module = "bots.random_bot:RandomBot"\nsandbox = true', "so sandbox does not apply to it"),
        ('module = "bots.random_bot:RandomBot"\nargs = ["seed"]', "cannot read 'seed'"),
        ('module = "bots.random_bot:RandomBot"\naddress = "localhost:1"', "has both address and module"),
    ],
)
def test_a_module_that_cannot_be_played_is_named_in_the_file(tmp_path, bot, said):
    path = write(tmp_path, f'[[bot]]\nname = "a"\n{bot}\n[[bot]]\nname = "b"\nmodule = "bots.random_bot:RandomBot"\n')
    with pytest.raises(ConfigError) as raised:
        load_tournament(path)
    assert said in str(raised.value)
    assert "bot[1]" in str(raised.value)


def test_the_command_line_writes_a_module_bot_into_the_adhoc_file():
    adhoc = AdhocTournament(
        game="vegas",
        bots=(("a", ("module:bots.random_bot:RandomBot", "--seed=3")), ("b", ("python", "bots/random_bot.py"))),
    )
    text = adhoc.text(["run"])
    assert 'name = "a"\nmodule = "bots.random_bot:RandomBot"\nargs = ["--seed=3"]\n' in text
    assert 'command = ["python", "bots/random_bot.py"]' in text


def test_arena_play_takes_a_module_bot_and_names_a_bad_one(tmp_path):
    def play(*bots: str) -> subprocess.CompletedProcess:
        flags = [arg for bot in bots for arg in ("--bot", bot)]
        command = [sys.executable, "-m", "arena", "play", "vegas", *flags, "--deals", "2", "--logs", str(tmp_path)]
        return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=120)

    played = play("a=module:bots.random_bot:RandomBot --seed=1", "b=module:bots.vegas_caller:VegasCallerBot")
    assert played.returncode == 0, played.stderr
    assert "fault" not in played.stdout
    refused = play("a=module:bots.random_bot:RandomBot", "b=module:bots.random_bot:Randombot")
    assert refused.returncode == 2
    assert "--bot b: the module of bot 'b' cannot be played: the module bots.random_bot has no 'Randombot'" in (
        refused.stderr
    )


def test_a_dry_run_checks_the_class_and_starts_no_process(tmp_path):
    path = write(
        tmp_path,
        f'results = "{tmp_path / "r.sqlite"}"\n'
        '[[bot]]\nname = "a"\nmodule = "bots.random_bot:RandomBot"\n'
        '[[bot]]\nname = "b"\nmodule = "bots.vegas_caller:VegasCallerBot"\n',
    )
    command = [sys.executable, "-m", "arena", "run", str(path), "--dry-run"]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Timing sample" in done.stdout
    assert "Start to Hello" not in done.stdout  # no process, no start to price
    assert not (tmp_path / "r.sqlite").exists()


def test_matches_of_in_process_bots_take_turns(tmp_path):
    """Such bots never await, so the driver lets trio's other tasks run every few
    milliseconds: two matches at once interleave, as the progress line, the saves and
    Ctrl-C need them to."""
    game = engine.load("vegas", players=2)
    bots = {name: in_process(name, "bots.random_bot:RandomBot") for name in ("a", "b")}
    order: list[int] = []

    async def both() -> None:
        async with open_bot_pool(bots, tmp_path / "logs", game="vegas") as pool, trio.open_nursery() as nursery:
            for seed in (1, 2):
                nursery.start_soon(
                    partial(
                        play_match,
                        game,
                        [pool.seat("a", seed), pool.seat("b", seed)],
                        seed=seed,
                        deals=400,
                        on_event=lambda event, seed=seed: order.append(seed),
                    )
                )

    trio.run(both)
    switches = sum(1 for before, after in zip(order, order[1:]) if before != after)
    assert switches >= 3  # without the turns: one switch, the first match played whole first
