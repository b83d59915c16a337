"""The stdio bridge (arena/play/stdio_bot.py): real matches through the referee with bots that
talk JSON lines over stdin/stdout, and one broken bot per fault kind."""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import trio
from google.protobuf import json_format

import engine
from arena.errors import BotFault
from arena.play import open_bot_pool, play_match, wire_for
from arena.play import stdio_bot as stdio
from arena.play.stdio_bot import encode_message, parse_answer
from arena.play.stdio_seat import StdioSeat
from arena.process import bot as _process
from arena.records import BotEntry, FaultKind
from arena.sdk import EventFeed
from arena.v1 import arena_pb2 as pb
from tests.test_stdio_json import received

ROOT = Path(__file__).resolve().parent.parent
FIRST = ROOT / "bots" / "stdio" / "first.awk"
RANDOM = ROOT / "bots" / "stdio" / "random.sh"
RANDOM_AWK = ROOT / "bots" / "stdio" / "random.awk"


@pytest.fixture(autouse=True)
def short_grace(monkeypatch):
    # Keep the stops of bots that ignore the end of their stdin fast.
    monkeypatch.setattr(_process, "TERMINATE_GRACE", 0.3)
    monkeypatch.setattr(stdio, "EXIT_GRACE", 0.5)


def seat(log_dir: Path, name: str, *argv: str, **entry) -> StdioSeat:
    return StdioSeat(BotEntry(name, command=tuple(argv), protocol="stdio", **entry), log_dir)


def bash_bot(tmp_path: Path, name: str, body: str) -> str:
    """A bash stdio bot; `body` runs once per decision request line (in $line)."""
    path = tmp_path / f"{name}.sh"
    path.write_text(
        "#!/usr/bin/env bash\n"
        "n=0\n"
        "while IFS= read -r line; do\n"
        "  case $line in\n"
        '    \'{"type":"decision_request"\'*)\n'
        "      n=$((n + 1))\n" + textwrap.indent(textwrap.dedent(body).strip(), " " * 6) + "\n"
        "      ;;\n"
        "  esac\n"
        "done\n"
    )
    path.chmod(0o755)
    return str(path)


def python_bot(tmp_path: Path, name: str, source: str) -> tuple[str, ...]:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(source))
    return (sys.executable, str(path))


def play(seats, *, deals: int = 3, move_time: float = 2.0, seed: int = 1):
    async def main():
        return await play_match(
            engine.load("conto", players=len(seats)), seats, seed=seed, deals=deals, move_time=move_time
        )

    return trio.run(main)


def process_groups() -> set[int]:
    """The process group ids of every process alive (zombies excluded)."""
    groups = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if fields[0] != "Z":
            groups.add(int(fields[2]))
    return groups


def assert_all_gone(*seats: StdioSeat) -> None:
    pids = [pid for s in seats for pid in s.pids]
    assert pids, "no process was started"
    alive = process_groups()
    # Each bot led its own process group: nothing of any of them is left.
    assert not alive.intersection(pids), f"processes left behind: {sorted(alive.intersection(pids))}"
    for pid in pids:
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)  # already reaped: no zombie of ours either


def assert_sane(record, deals: int = 3) -> None:
    assert len(record.result.deals) == deals
    assert len(record.standing) == record.players
    assert sum(record.standing) == deals  # one bill per hand


# ---- the line format -----------------------------------------------------------------


def test_encode_message_lines():
    start = pb.RefereeMessage(
        match_start=pb.MatchStart(match_id="m1", game="conto", players=3, seat=0, names=["a", "b", "c"])
    )
    line = encode_message(start)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert line.startswith(b'{"type":"match_start","matchStart":{')
    decoded = json.loads(line)
    assert decoded["matchStart"] == {"matchId": "m1", "game": "conto", "players": 3, "names": ["a", "b", "c"]}
    # Bytes of a RefereeMessage are accepted too: the line is the whole message.
    end = pb.RefereeMessage(match_end=pb.MatchEnd(history=[pb.GameEvent(text="x")]))
    assert json.loads(encode_message(end.SerializeToString())) == {
        "type": "match_end",
        "matchEnd": {"history": [{"text": "x"}]},
    }
    # Pure ASCII.
    notice = pb.RefereeMessage(event=pb.EventNotice(events=[pb.GameEvent(text="speziare → 1A")]))
    assert encode_message(notice) == b'{"type":"event","event":{"events":[{"text":"speziare \\u2192 1A"}]}}\n'
    # A request is one line, its news inside it, as over gRPC.
    request = pb.RefereeMessage(
        decision_request=pb.DecisionRequest(
            decision_id=7,
            events=[pb.GameEvent(text="a"), pb.GameEvent(text="b")],
            kind=pb.DECISION_KIND_RESPONSE,
            responding_to=0,
        )
    )
    (line,) = encode_message(request).splitlines()
    assert json.loads(line) == {
        "type": "decision_request",
        "decisionRequest": {
            "decisionId": "7",
            "events": [{"text": "a"}, {"text": "b"}],
            "kind": "DECISION_KIND_RESPONSE",
            "respondingTo": 0,  # optional: present when set, even at 0
        },
    }


def test_parse_answer():
    assert parse_answer(b"3") == (3, "", None)
    assert parse_answer(b"  12 \r") == (12, "", None)
    assert parse_answer(b'{"action_index": 3, "comment": "why not"}') == (3, "why not", None)
    assert parse_answer(b'{"actionIndex": 0, "decisionId": "17"}') == (0, "", 17)
    assert parse_answer(b'{"action_index": 1, "decision_id": 9}') == (1, "", 9)
    for bad in (
        b"",
        b"-1",
        b"3.0",
        b"three",
        b"[3]",
        b'{"action_index": true}',
        b'{"comment": "x"}',
        b'{"action_index": 1, "comment": 5}',
        b"{oops",
        b"99999999999",
    ):
        assert isinstance(parse_answer(bad), str), bad


def test_lines_the_bot_reads(tmp_path):
    # A bot that keeps a copy of every line it gets.
    copy = tmp_path / "lines.jsonl"
    recorder = bash_bot(tmp_path, "recorder", "echo 0")
    script = (
        Path(recorder)
        .read_text()
        .replace("while IFS= read -r line; do\n", 'while IFS= read -r line; do\n  printf "%s\\n" "$line" >> "$COPY"\n')
    )
    Path(recorder).write_text(script)
    seats = [
        # Unsandboxed: its copy goes outside its own folder, where a sandboxed bot cannot write.
        seat(tmp_path, "recorder", recorder, env={"COPY": str(copy)}, sandbox=False),
        seat(tmp_path, "first", str(FIRST)),
        seat(tmp_path, "random", str(RANDOM)),
    ]
    record = play(seats)
    assert record.faults == ()
    lines = copy.read_text().splitlines()
    messages = [json.loads(line) for line in lines]
    kinds = [m["type"] for m in messages]
    assert kinds[0] == "match_start" and kinds[-1] == "match_end"
    assert set(kinds) <= {"match_start", "event", "decision_request", "match_end"}
    # News rides in the requests; an event line only brings the last news before the end.
    assert all(kinds[i + 1] == "match_end" for i, kind in enumerate(kinds) if kind == "event")
    for line, message in zip(lines, messages):
        assert line.startswith(f'{{"type":"{message["type"]}","')
        assert list(message) == [
            "type",
            {
                "match_start": "matchStart",
                "event": "event",
                "decision_request": "decisionRequest",
                "match_end": "matchEnd",
            }[message["type"]],
        ]
    start = messages[0]["matchStart"]
    assert start["game"] == "conto" and start["players"] == 3 and "seat" not in start  # seat 0: a default
    assert start["names"] == ["recorder", "first", "random"]
    requests = [m["decisionRequest"] for m in messages if m["type"] == "decision_request"]
    assert len(requests) == len(record.latencies[0])
    for request in requests:
        assert request["decisionId"].isdigit()  # a uint64: a string
        assert request["legalActions"][0]["text"]
        assert request["kind"] == "DECISION_KIND_TURN"
        view = request["view"]["conto"]
        assert "handDealt" in view["dealEvents"][0]  # the current hand's events, from its deal
        assert request["standing"]["deal"] == view["handNumber"]
    # Each line is the canonical JSON of the message a gRPC bot gets: read back, every
    # event the seat may see arrives once (in a view's deal events or as news), and
    # match_end holds them all again, with their text.
    got = []
    feed = EventFeed()
    for message in messages:
        decoded = json_format.ParseDict({k: v for k, v in message.items() if k != "type"}, pb.RefereeMessage())
        if decoded.WhichOneof("message") == "decision_request":
            feed.deliver(decoded.decision_request, got.append)
        elif decoded.WhichOneof("message") == "event":
            got.extend(decoded.event.events)
    game = engine.load("conto", players=3)
    assert [e.conto for e in got] == [wire_for(game).event(e.visible_to(0)).conto for e in record.history]
    assert [e["text"] for e in messages[-1]["matchEnd"]["history"]] == [e.visible_to(0).text for e in record.history]
    assert messages[-1]["matchEnd"]["result"]["ranks"]


# ---- matches -------------------------------------------------------------------------


def test_a_stdio_bot_gets_the_lines_the_referee_made_as_json(tmp_path, monkeypatch):
    # Only the match's start is made from a message here: the requests, the news and the
    # match's end come made as JSON lines from the records (arena/play/_encode_json.py).
    converted = []

    def counting(message):
        line = encode_message(message)
        converted.append(json.loads(line)["type"])
        return line

    monkeypatch.setattr(stdio, "encode_message", counting)
    seats = [seat(tmp_path, f"awk{n}", str(RANDOM_AWK), "-v", f"seed={n}") for n in range(4)]
    record = play(seats)
    assert record.faults == (), [str(f) for f in record.faults]
    assert sum(len(latencies) for latencies in record.latencies) > 20
    assert converted == ["match_start"] * 4


def test_stdio_bots_play_a_match(tmp_path):
    seats = [
        seat(tmp_path, "first", str(FIRST)),
        seat(tmp_path, "random", str(RANDOM)),
        seat(tmp_path, "random-2", "bash", str(RANDOM)),
        seat(tmp_path, "random-awk", str(RANDOM_AWK), "-v", "seed=3"),
    ]
    record = play(seats)
    assert record.faults == (), [str(f) for f in record.faults]
    assert_sane(record)
    assert all(deal.forfeit is None for deal in record.result.deals)
    assert all(record.latencies[i] for i in (0, 1, 3))
    assert_all_gone(*seats)


def test_the_awk_random_bot_replays_its_seed(tmp_path):
    def history(*seeds: int) -> tuple:
        seats = [seat(tmp_path, f"awk{n}", str(RANDOM_AWK), "-v", f"seed={s}") for n, s in enumerate(seeds)]
        record = play(seats, deals=4, seed=5)
        assert record.faults == (), [str(f) for f in record.faults]
        return record.history

    assert history(1, 2, 3) == history(1, 2, 3)
    assert history(1, 2, 3) != history(4, 5, 6)


@pytest.mark.parametrize("game", [spec.name for spec in engine.games()])
def test_the_awk_random_bot_counts_the_legal_actions_of_every_game(tmp_path, game):
    answer = "print (count > 0 ? int(rand() * count) : 0)"
    source = RANDOM_AWK.read_text()
    assert answer in source
    counter = tmp_path / "count.awk"
    counter.write_text(source.replace(answer, "print count"))
    spec = engine.game_class(game).spec
    messages = [m for players in (spec.min_players, spec.max_players) for m in received(game, players, players)]
    lines = b"".join(encode_message(message) for message in messages)
    counted = subprocess.run(["awk", "-f", str(counter)], input=lines, capture_output=True, check=True).stdout
    requests = [m.decision_request for m in messages if m.HasField("decision_request")]
    assert [int(n) for n in counted.split()] == [len(request.legal_actions) for request in requests]


def test_a_longer_match_and_a_comment(tmp_path):
    chatty = bash_bot(tmp_path, "chatty", """echo '{"action_index": 0, "comment": "hello from bash"}'""")
    seats = [
        seat(tmp_path, "chatty", chatty),
        seat(tmp_path, "random", str(RANDOM)),
        seat(tmp_path, "random-2", str(RANDOM)),
        seat(tmp_path, "random-3", str(RANDOM)),
    ]
    record = play(seats, deals=12, move_time=5.0, seed=7)
    assert record.faults == (), [str(f) for f in record.faults]
    assert_sane(record, deals=12)
    assert any(c.seat == 0 and c.text == "hello from bash" for c in record.comments)
    assert_all_gone(*seats)


def test_stdio_seats_from_the_pool(tmp_path):
    entries = {
        "first": BotEntry("first", command=(str(FIRST),), protocol="stdio"),
        "random": BotEntry("random", command=(str(RANDOM),), protocol="stdio"),
    }

    async def main():
        async with open_bot_pool(entries, tmp_path / "logs", game="conto") as pool:
            seats = [pool.seat("first"), pool.seat("random"), pool.seat("random")]
            assert all(isinstance(s, StdioSeat) for s in seats)
            record = await play_match(engine.load("conto", players=3), seats, seed=2, deals=3, move_time=2.0)
            return seats, record

    seats, record = trio.run(main)
    assert record.faults == ()
    assert_sane(record)
    assert_all_gone(*seats)


# ---- one broken bot per fault kind -----------------------------------------------------

BROKEN = {
    # name: (decision body, expected fault, words in the reason)
    "garbage": ("echo 'I think I will play the queen'", FaultKind.MALFORMED, "not an action index"),
    "sleeper": ("sleep 600", FaultKind.TIMEOUT, "no answer within"),
    "quitter": ("if [ $n -ge 2 ]; then exit 3; fi\necho 0", FaultKind.CRASH, "exited with status 3"),
    "deserter": ("exec 1>&-\nsleep 600", FaultKind.CRASH, "closed its stdout"),
    "illegal": ("echo 9999", FaultKind.ILLEGAL, "9999"),
    "flood": ("for i in $(seq 200); do echo 0; done", FaultKind.FLOOD, "nobody asked for"),
    "oversized": ("head -c 70000 /dev/zero | tr '\\0' 7; echo", FaultKind.OVERSIZED, "longer than"),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_broken_bot_faults_and_the_match_goes_on(tmp_path, name):
    body, kind, words = BROKEN[name]
    seats = [
        seat(tmp_path, name, bash_bot(tmp_path, name, body)),
        seat(tmp_path, "first", str(FIRST)),
        seat(tmp_path, "random", str(RANDOM)),
    ]
    # Six deals: the dealer rotates, so seat 0 opens two of them and is surely asked again
    # after a fault it can only be charged at its next request (a flood between requests).
    record = play(seats, deals=6, move_time=0.5 if name == "sleeper" else 2.0)
    assert_sane(record, deals=6)
    assert record.faults, "no fault was charged"
    assert all(f.seat == 0 for f in record.faults), [str(f) for f in record.faults]
    first = record.faults[0]
    assert first.kind is kind, str(first)
    assert words in first.reason, str(first)
    assert any(deal.forfeit == 0 for deal in record.result.deals)
    assert_all_gone(*seats)


def test_a_bot_that_cannot_start(tmp_path):
    seats = [
        seat(tmp_path, "ghost", str(tmp_path / "no-such-bot")),
        seat(tmp_path, "first", str(FIRST)),
        seat(tmp_path, "random", str(RANDOM)),
    ]
    record = play(seats)
    assert_sane(record)
    assert [f.kind for f in record.faults] == [FaultKind.START]
    # It forfeits every deal in which its turn comes (a deal can end before: the other two
    # may call the bill on each other first); it never acts.
    assert all(deal.forfeit in (0, None) for deal in record.result.deals)
    assert any(deal.forfeit == 0 for deal in record.result.deals)
    assert not any(
        isinstance(e, (engine.conto.Declared, engine.conto.BillCalled)) and e.seat == 0 for e in record.history
    )


# ---- the stream on its own -------------------------------------------------------------


def request(decision_id: int, actions: int = 3) -> bytes:
    legal = [pb.LegalAction(text=f"action {i}") for i in range(actions)]
    return pb.RefereeMessage(
        decision_request=pb.DecisionRequest(decision_id=decision_id, time_limit_ms=500, legal_actions=legal)
    ).SerializeToString()


COUNTING_BOT = """
    import json, sys, time
    n = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "decision_request":
            n += 1
            if n == 1:
                time.sleep(0.6)
            print(json.dumps(ANSWER), flush=True)
"""


def answering_bot(tmp_path: Path, name: str, first: str) -> tuple[str, ...]:
    """A Python stdio bot that runs the code `first`, then answers every request with 0."""
    answers = COUNTING_BOT.replace("ANSWER", "0").replace("time.sleep(0.6)", "pass")
    return python_bot(tmp_path, name, first + textwrap.dedent(answers))


def test_a_late_answer_is_dropped_and_logged(tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="arena")
    # Answers are matched to requests in order: the late answer to the first request is
    # not taken for the second.  The bot answers request n with index n.
    argv = python_bot(tmp_path, "counting", COUNTING_BOT.replace("ANSWER", "n"))

    async def main():
        bot = seat(tmp_path, "counting", *argv)
        async with bot.open_play(pb.MatchStart(game="conto", players=3)) as stream:
            with pytest.raises(BotFault) as caught:
                await stream.decide(request(10), 10, 0.3)
            assert caught.value.kind is FaultKind.TIMEOUT
            second = await stream.decide(request(11), 11, 2.0)
            third = await stream.decide(request(12), 12, 2.0)
            assert (second.decision_id, second.action_index) == (11, 2)
            assert (third.decision_id, third.action_index) == (12, 3)
            assert stream.stale == 1
        return bot

    assert_all_gone(trio.run(main))
    notes = [r.getMessage() for r in caplog.records if r.name == "arena.stdio"]
    assert len(notes) == 1 and re.match(
        r"bot counting: its answer to decision 10 came \d+ ms after the request, past the 300 ms limit", notes[0]
    ), notes


def test_decision_ids_in_answers(tmp_path):
    # The bot echoes the decision id it was given, except for a wrong one at request 3.
    answer = '{"action_index": 0, "decision_id": message["decisionRequest"]["decisionId"] if n != 3 else "999"}'
    argv = python_bot(tmp_path, "echo", COUNTING_BOT.replace("ANSWER", answer).replace("time.sleep(0.6)", "pass"))

    async def main():
        bot = seat(tmp_path, "echo", *argv)
        async with bot.open_play(pb.MatchStart(game="conto", players=3)) as stream:
            assert (await stream.decide(request(5), 5, 2.0)).decision_id == 5
            assert (await stream.decide(request(8), 8, 2.0)).decision_id == 8
            with pytest.raises(BotFault) as caught:
                await stream.decide(request(9), 9, 2.0)
            assert caught.value.kind is FaultKind.MALFORMED
            assert "999" in caught.value.reason and "9" in caught.value.reason.replace("999", "")
            assert (await stream.decide(request(12), 12, 2.0)).decision_id == 12
        return bot

    assert_all_gone(trio.run(main))


def test_output_between_requests_is_charged_to_the_next_one(tmp_path):
    # A banner before any request: MALFORMED at the first request, then business as usual.
    argv = answering_bot(tmp_path, "banner", "print('hello, arena!', flush=True)\n")

    async def main():
        bot = seat(tmp_path, "banner", *argv)
        async with bot.open_play(pb.MatchStart(game="conto", players=3)) as stream:
            # Written before the first request was sent or after, read before or after: the
            # banner is charged to the first request, and the answers go where they belong.
            with pytest.raises(BotFault) as caught:
                await stream.decide(request(1), 1, 2.0)
            assert caught.value.kind is FaultKind.MALFORMED
            assert "hello, arena!" in caught.value.reason
            assert (await stream.decide(request(2), 2, 2.0)).action_index == 0
        return bot

    assert_all_gone(trio.run(main))


def test_the_stream_after_a_crash_and_after_cancel(tmp_path):
    argv = python_bot(tmp_path, "crasher", "import sys; sys.stdin.readline(); sys.exit(4)")

    async def main():
        bot = seat(tmp_path, "crasher", *argv)
        async with bot.open_play(pb.MatchStart(game="conto", players=3)) as stream:
            with pytest.raises(BotFault) as caught:
                await stream.decide(request(1), 1, 5.0)
            assert caught.value.kind is FaultKind.CRASH
            assert "exited with status 4" in caught.value.reason
            with pytest.raises(BotFault) as again:
                await stream.decide(request(2), 2, 5.0)
            assert again.value.kind is FaultKind.CRASH
            assert again.value.reason.startswith("stream already closed")
        other = seat(tmp_path, "first", str(FIRST))
        async with other.open_play(pb.MatchStart(game="conto", players=3)) as stream:
            assert (await stream.decide(request(1), 1, 2.0)).action_index == 0
            stream.cancel()
            stream.send(pb.RefereeMessage(event=pb.EventNotice()))  # ignored
            with pytest.raises(BotFault) as stopped:
                await stream.decide(request(2), 2, 2.0)
            assert stopped.value.kind is FaultKind.STOPPED
        return bot, other

    assert_all_gone(*trio.run(main))


# ---- lines nobody asked for, whatever the timing ----------------------------------------------


class PipeBot:
    """A stand-in for a stdio bot's process: the test plays the bot at the other ends of its
    stdin and stdout pipes, so it decides what the bot writes before a request is sent."""

    def __init__(self) -> None:
        stdin_read, stdin_write = os.pipe()
        stdout_read, stdout_write = os.pipe()
        self.stdin = trio.lowlevel.FdStream(stdin_write)  # the arena's ends
        self.stdout = trio.lowlevel.FdStream(stdout_read)
        self._requests = trio.lowlevel.FdStream(stdin_read)  # the bot's ends
        self._output = stdout_write
        self._unread = b""
        self.log_path = Path(os.devnull)
        self.cpu_meter = None  # no process to measure

    def write(self, text: str) -> None:
        os.write(self._output, text.encode())

    async def next_request(self) -> dict:
        """The next decision request the arena wrote to the bot's stdin."""
        while True:
            while b"\n" not in self._unread:
                self._unread += await self._requests.receive_some()
            line, self._unread = self._unread.split(b"\n", 1)
            message = json.loads(line)
            if message["type"] == "decision_request":
                return message["decisionRequest"]

    def returncode(self) -> None:
        return None

    async def wait(self) -> int:
        await trio.sleep_forever()
        raise AssertionError("unreachable")

    def close(self) -> None:
        self._requests.close()
        os.close(self._output)


async def talk(play_the_bot):
    """Run `play_the_bot(bot, stream)` against a StdioStream over a PipeBot."""
    bot = PipeBot()
    stream = stdio.StdioStream("piped", bot)
    try:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(stream._read_loop)
            nursery.start_soon(stream._write_loop)
            await play_the_bot(bot, stream)
            nursery.cancel_scope.cancel()
    finally:
        bot.close()
    return stream


def test_stray_lines_written_before_a_request_are_never_its_answer():
    async def play_the_bot(bot, stream):
        async def answer(index):
            await bot.next_request()
            bot.write(f"{index}\n")

        for decision_id, index in ((7, 1), (8, 2), (9, 0)):
            # Stray lines already written when the request is sent: the stream has not read
            # them yet (no checkpoint since), and none of them may answer it.
            bot.write("0\n2\n1\n")
            async with trio.open_nursery() as nursery:
                nursery.start_soon(answer, index)
                decision = await stream.decide(request(decision_id), decision_id, 5.0)
            assert (decision.decision_id, decision.action_index) == (decision_id, index)

    stream = trio.run(talk, play_the_bot)
    assert stream.unsolicited == 9 and stream.stale == 0


def test_a_flood_written_before_the_first_request_is_a_flood_fault_at_that_request():
    async def play_the_bot(bot, stream):
        bot.write("0\n" * 100)
        with pytest.raises(BotFault) as caught:
            await stream.decide(request(1), 1, 5.0)
        assert caught.value.kind is FaultKind.FLOOD, caught.value

    trio.run(talk, play_the_bot)


def test_a_bot_flooding_at_start_then_answering_well_is_charged_a_flood(tmp_path):
    flooder = answering_bot(tmp_path, "flooder", 'import os\nos.write(1, b"0\\n" * 100)  # at once, before reading\n')
    seats = [seat(tmp_path, "flooder", *flooder), seat(tmp_path, "first", str(FIRST)), seat(tmp_path, "r", str(RANDOM))]
    record = play(seats, deals=6)
    assert_sane(record, deals=6)
    # Sent before or after the bot wrote its 100 lines, the first request cannot take more
    # than one of them: the rest are lines nobody asked for, a flood, in every run.
    assert record.faults and record.faults[0].kind is FaultKind.FLOOD, [str(f) for f in record.faults]
    assert all(f.seat == 0 for f in record.faults)
    assert_all_gone(*seats)


def test_stray_lines_beside_each_answer_are_counted_and_never_taken_as_answers(tmp_path):
    # The bot answers request n with index n % 3, two stray lines of 2 after it in the same
    # write: written before the next request is sent, so never its answer.
    source = (
        COUNTING_BOT.replace("time.sleep(0.6)", "pass")
        .replace("print(json.dumps(ANSWER), flush=True)", 'os.write(1, f"{n % 3}\\n2\\n2\\n".encode())')
        .replace("import json, sys, time", "import json, os, sys, time")
    )
    argv = python_bot(tmp_path, "stray", source)

    async def main():
        bot = seat(tmp_path, "stray", *argv)
        async with bot.open_play(pb.MatchStart(game="conto", players=3)) as stream:
            for n in range(1, 7):
                decision = await stream.decide(request(n), n, 5.0)
                assert (decision.decision_id, decision.action_index) == (n, n % 3)
            assert stream.unsolicited == 12  # each answer's strays come in its write, read with it
        return bot

    assert_all_gone(trio.run(main))
