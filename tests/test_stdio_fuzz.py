"""Fuzzing each transport's decoder: whatever bytes a bot sends, the referee gets an
answer or a named fault, and nothing escapes (issue 39, item 1).

- stdio: `parse_answer` (arena/play/_answer.py) with random and adversarial lines (deep
  nesting, huge numbers, NaN and Infinity, duplicate keys, invalid UTF-8, lone
  surrogates, NULs, empty and oversized lines, random bytes): a valid answer or a
  reason, never an exception; then the same lines through a real `StdioStream` read
  path (its line reader, fences, flood and size limits, decision ids), with real pipes
  and the test as the bot: the waiting request ends in a decision or a named fault.
- gRPC: the stream's deserializer (`grpc_bot._parse`) with random, truncated and
  0-length frames; then end to end, a real gRPC server in this process that answers
  each request with raw bytes (random, truncated, 0-length, over 64 KiB, 64 MiB): the
  arena's `GrpcBot` turns each into a decision or a named fault.
"""

from __future__ import annotations

import json
import os
from concurrent import futures
from pathlib import Path
from types import SimpleNamespace
from typing import NoReturn

import grpc
import pytest
import trio
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from arena.errors import BotFault
from arena.play import _answer
from arena.play import grpc_bot as grpc_bot
from arena.play.grpc_bot import GrpcBot
from arena.play.stdio_bot import StdioStream, parse_answer
from arena.protocol import MAX_ANSWER_DEPTH, MAX_BOT_MESSAGE_BYTES, MAX_LINE_BYTES
from arena.records import FaultKind
from arena.v1 import arena_pb2 as pb

UINT32, UINT64 = 2**32, 2**64
DEEP = b'{"action_index":0,"x":' + b"[" * 30_000 + b"]" * 30_000 + b"}"  # the line of issue 39

# -- adversarial answer lines -----------------------------------------------------------

surrogates = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)
any_text = st.text(st.one_of(st.characters(codec=None), surrogates, st.sampled_from('\0\n\r\t"\\{}[]')), max_size=30)
huge_digits = st.integers(21, MAX_LINE_BYTES - 40).map(lambda n: "9" * n)
json_numbers = st.one_of(
    st.integers(-(2**70), 2**70).map(str),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.sampled_from(["NaN", "Infinity", "-Infinity", "1e400", "-0", "1.0", "0x10", "01", "1_000"]),
    huge_digits,
)
scalars = st.one_of(st.sampled_from(["null", "true", "false"]), json_numbers, any_text.map(lambda s: json.dumps(s)))
keys = st.one_of(
    st.sampled_from(["action_index", "actionIndex", "comment", "decision_id", "decisionId", "x"]), any_text
)


def _object(pairs: list[tuple[str, str]]) -> str:
    # Written by hand, not by json.dumps: keys may repeat, values are raw JSON text.
    return "{" + ",".join(f"{json.dumps(key)}:{value}" for key, value in pairs) + "}"


json_texts = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4).map(lambda items: "[" + ",".join(items) + "]"),
        st.lists(st.tuples(keys, inner), max_size=5).map(_object),
    ),
    max_leaves=12,
)
ids = st.one_of(
    st.sampled_from(["1", '"1"', str(UINT64 - 1), f'"{UINT64 - 1}"', str(UINT64), '"²"', '"٣"', '"1e3"', "-1", "true"]),
    json_numbers,
)
answers = st.lists(
    st.one_of(
        st.tuples(
            st.sampled_from(["action_index", "actionIndex"]), st.one_of(st.integers(0, 3).map(str), json_numbers)
        ),
        st.tuples(st.just("comment"), st.one_of(any_text.map(lambda s: json.dumps(s)), json_texts)),
        st.tuples(st.sampled_from(["decision_id", "decisionId"]), ids),
        st.tuples(keys, json_texts),
    ),
    max_size=6,
).map(_object)


@st.composite
def nested(draw: st.DrawFn) -> str:
    depth = draw(st.integers(0, 30_000))
    opener = draw(st.sampled_from(["[", '{"a":', '[{"b":', '"[']))  # the last: brackets inside a string
    closer = {"[": "]", '{"a":': "}", '[{"b":': "}]", '"[': ""}[opener]
    middle = draw(st.sampled_from(["0", "[]", "{}", ""]))
    whole = draw(st.booleans())
    inner = opener * depth + middle + (closer * depth if whole else "")
    return '{"action_index":0,"x":' + inner + ("}" if whole else "")


def _encode(text: str, how: str) -> bytes:
    if how == "ascii":  # as json.dumps would escape it
        return text.encode("ascii", "backslashreplace")
    return text.encode("utf-8", "surrogatepass")  # lone surrogates as (invalid) UTF-8 bytes


lines_text = st.one_of(answers, json_texts, nested(), huge_digits, st.integers(0, UINT64).map(str))
encoded = st.builds(_encode, lines_text, st.sampled_from(["ascii", "utf-8"]))


@st.composite
def mutated(draw: st.DrawFn, base: st.SearchStrategy[bytes]) -> bytes:
    """A line, then perhaps spoilt: bytes inserted (NUL, invalid UTF-8, CR, surrogates
    as UTF-8), cut short, or padded with spaces to exactly MAX_LINE_BYTES."""
    line = draw(base)
    for _ in range(draw(st.integers(0, 2))):
        where = draw(st.integers(0, len(line)))
        junk = draw(st.sampled_from([b"\0", b"\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\r", b"\xe2\x82", b"\x7f"]))
        line = line[:where] + junk + line[where:]
    if draw(st.booleans()):
        line = line[: draw(st.integers(0, len(line)))]
    if draw(st.integers(0, 9)) == 0 and len(line) < MAX_LINE_BYTES:
        line = line.ljust(MAX_LINE_BYTES)
    return line


answer_lines = st.one_of(st.just(b""), st.binary(max_size=300), encoded, mutated(encoded))


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_answer(line: bytes) -> tuple[int, str, int | None] | str:
    outcome = parse_answer(line)
    if isinstance(outcome, str):  # a reason: a short sentence in valid Unicode, storable
        assert outcome and len(outcome) < 300 and _is_unicode(outcome), outcome
        return outcome
    index, comment, decision_id = outcome
    assert type(index) is int and 0 <= index < UINT32
    assert type(comment) is str and _is_unicode(comment)
    assert decision_id is None or (type(decision_id) is int and 0 <= decision_id < UINT64)
    # What the stream makes of it next must not raise either.
    pb.Decision(decision_id=decision_id or 0, action_index=index, comment=comment).SerializeToString()
    return outcome


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(answer_lines)
@example(DEEP)
@example(b"")
@example(b"1" * MAX_LINE_BYTES)
@example(b'{"action_index":0,"decision_id":"\xc2\xb2"}')
@example(b'{"action_index":0,"comment":"\\udfff"}')
def test_any_line_is_an_answer_or_a_reason(line):
    check_answer(line)


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (DEEP, f"nested deeper than {MAX_ANSWER_DEPTH} levels"),
        (b'{"action_index":0,"x":"' + b"[" * 30_000 + b'"}', None),  # brackets in a string: no depth
        (b"1" * 5000, "the action index '1111"),  # int() would refuse over 4,300 digits
        (b"0" * 5000 + b"7", None),
        (b'{"action_index":' + b"9" * 60_000 + b"}", "a number of 60000 digits (at most 20)"),
        (b'{"action_index":NaN}', "NaN is not a JSON number"),
        (b'{"action_index":0,"x":-Infinity}', "-Infinity is not a JSON number"),
        (b'{"action_index":1e400}', "no non-negative integer action_index"),
        (b'{"action_index":1,"action_index":2}', "the key 'action_index' is given twice"),
        (b'{"action_index":1,"x":{"y":1,"y":1}}', "the key 'y' is given twice"),
        (b'{"action_index":0,"comment":"\xff"}', "not UTF-8 (byte 29 is b'\\xff')"),
        (b'{"action_index":0,"comment":"\xed\xa0\x80"}', "not UTF-8"),  # a surrogate, encoded
        (b'{\x00"\x00a\x00"\x00:\x001\x00}\x00', "not valid JSON"),  # no guessing UTF-16
        (b'{"action_index":0,"comment":"\\ud800"}', "the comment holds a lone surrogate"),
        (b'{"action_index":0,"comment":"a\x00b"}', "not valid JSON (Invalid control character at character 30)"),
        (b"3\x00", "not an action index nor a JSON object"),
        (b'{"action_index":0,"decision_id":"\xc2\xb2"}', "the decision_id is not a decision id"),
        (b'{"action_index":0,"decision_id":"\xd9\xa3"}', "the decision_id is not a decision id"),  # Arabic 3
        (b'{"action_index":0,"decision_id":18446744073709551616}', "the decision_id is not a decision id"),
        (b"", "an empty line"),
        (b" \r", "an empty line"),
    ],
)
def test_what_is_wrong_is_said(line, reason):
    outcome = check_answer(line)
    if reason is None:
        assert not isinstance(outcome, str), outcome
    else:
        assert isinstance(outcome, str) and reason in outcome, outcome


def test_good_answers_at_the_limits():
    assert parse_answer(b'{"action_index":4294967295,"decision_id":"18446744073709551615"}') == (
        UINT32 - 1,
        "",
        UINT64 - 1,
    )
    assert parse_answer(b'{"action_index":2,"comment":"a\\u0000b \\u2192 \xe2\x86\x92"}') == (
        2,
        "a\0b \u2192 \u2192",
        None,
    )
    padded = b'{"action_index":1,"comment":"' + b"x" * 100 + b'"}'
    assert parse_answer(padded.ljust(MAX_LINE_BYTES)) == (1, "x" * 100, None)
    nested = b'{"action_index":1,"x":' + b"[" * (MAX_ANSWER_DEPTH - 1) + b"]" * (MAX_ANSWER_DEPTH - 1) + b"}"
    assert parse_answer(nested) == (1, "", None)
    assert "nested deeper" in parse_answer(nested.replace(b":[", b":[[", 1).replace(b"]}", b"]]}"))


@pytest.mark.parametrize(
    "error", [RecursionError("deep"), MemoryError(), ValueError("x"), UnicodeEncodeError("utf-8", "\ud800", 0, 1, "no")]
)
def test_what_still_escapes_the_checks_is_a_reason_too(monkeypatch, error):
    def broken(line: bytes) -> object:
        raise error

    monkeypatch.setattr(_answer, "_parse", broken)
    outcome = parse_answer(b'{"action_index":0}')
    assert isinstance(outcome, str) and type(error).__name__ in outcome


# -- the stdio read path, through a real StdioStream ----------------------------------


class _PipeProcess:
    """What a StdioStream needs of its BotProcess, around two real pipes: the test is
    the bot, at the other ends (`bot_in`, `bot_out`)."""

    cpu_meter = None
    limit_fault = None
    log_path = Path("fuzz.log")

    def __init__(self) -> None:
        to_bot, from_bot = os.pipe(), os.pipe()
        self.stdin = trio.lowlevel.FdStream(to_bot[1])
        self.stdout = trio.lowlevel.FdStream(from_bot[0])
        self.bot_in = trio.lowlevel.FdStream(to_bot[0])
        self.bot_out = trio.lowlevel.FdStream(from_bot[1])
        self.exited = trio.Event()

    async def wait(self) -> None:
        await self.exited.wait()

    def returncode(self) -> int | None:
        return 0 if self.exited.is_set() else None

    def exit_description(self) -> str:
        return "exited with status 0"

    def close(self) -> None:
        for stream in (self.stdin, self.stdout, self.bot_in, self.bot_out):
            stream.close()


async def _until_request(bot_in: trio.lowlevel.FdStream) -> None:
    seen = b""
    while b'{"type":"decision_request"' not in seen:
        data = await bot_in.receive_some(65536)
        if not data:
            await trio.sleep_forever()  # the arena closed our stdin: no request comes
        seen = seen[-64:] + data


def exchange(before: bytes, after: bytes, decision_id: int) -> pb.Decision | BotFault:
    """One decision of a StdioStream whose bot writes `before` at once, `after` once it
    has the request, then exits: the decision, or the fault it ended in."""
    request = pb.RefereeMessage(decision_request=pb.DecisionRequest(decision_id=decision_id)).SerializeToString()

    async def main() -> pb.Decision | BotFault:
        process = _PipeProcess()
        stream = StdioStream("fuzz", process)  # type: ignore[arg-type]

        async def bot() -> None:
            await process.bot_out.send_all(before)
            await _until_request(process.bot_in)
            await process.bot_out.send_all(after)
            process.exited.set()
            process.bot_out.close()

        try:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(stream._write_loop)
                nursery.start_soon(stream._read_loop)
                nursery.start_soon(stream._watch_exit)
                nursery.start_soon(bot)
                stream.send(pb.RefereeMessage(match_start=pb.MatchStart(match_id="fuzz")))
                try:
                    outcome: pb.Decision | BotFault = await stream.decide(request, decision_id, 20.0)
                except BotFault as fault:
                    outcome = fault
                nursery.cancel_scope.cancel()
        finally:
            process.close()
        return outcome

    return trio.run(main)


def _joined(lines: list[bytes], crlf: bool, last_newline: bool) -> bytes:
    text = (b"\r\n" if crlf else b"\n").join(lines)
    return text + b"\n" if last_newline and lines else text


stream_lines = st.one_of(
    answer_lines,
    st.sampled_from([b"0", b'{"action_index":1,"decision_id":"1"}', b'{"action_index":1,"decision_id":7}']),
    st.just(b"x" * (MAX_LINE_BYTES + 1)),  # oversized
)
outputs = st.builds(_joined, st.lists(stream_lines, max_size=6), st.booleans(), st.booleans())
floods = st.builds(lambda n, line: (line + b"\n") * n, st.integers(0, 80), st.sampled_from([b"", b"0", b"junk"]))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(before=st.one_of(outputs, floods), after=outputs, decision_id=st.sampled_from([1, 7, UINT64 - 1]))
@example(before=b"", after=DEEP + b"\n", decision_id=1)
@example(before=b"garbage\n" * 70, after=b"0\n", decision_id=1)
@example(before=b"", after=b"1" * 5000 + b"\n", decision_id=1)
@example(before=b"", after=b'{"action_index":0,"comment":"\\ud800"}\n', decision_id=1)
def test_the_stdio_read_path_ends_every_request_in_a_decision_or_a_named_fault(before, after, decision_id):
    outcome = exchange(before, after, decision_id)
    if isinstance(outcome, BotFault):
        # Every request ends once the bot has exited: never by waiting out its time.
        assert outcome.kind in {FaultKind.MALFORMED, FaultKind.FLOOD, FaultKind.OVERSIZED, FaultKind.CRASH}, outcome
        assert outcome.reason and _is_unicode(outcome.reason)
    else:
        assert outcome.decision_id == decision_id and 0 <= outcome.action_index < UINT32


def test_the_deep_line_is_malformed():
    outcome = exchange(b"", DEEP + b"\n0\n", 1)  # the first line is the answer: no second chance
    assert isinstance(outcome, BotFault) and outcome.kind is FaultKind.MALFORMED
    assert f"nested deeper than {MAX_ANSWER_DEPTH} levels" in outcome.reason


# -- gRPC: the deserializer, then raw frames from a real server --------------------------

DECISION = pb.BotMessage(decision=pb.Decision(decision_id=1, action_index=2, comment="why")).SerializeToString()
frames = st.one_of(
    st.binary(max_size=200),
    st.integers(0, len(DECISION)).map(lambda n: DECISION[:n]),  # truncated
    st.builds(
        lambda m: m.SerializeToString(),
        st.builds(
            lambda i, a, c: pb.BotMessage(decision=pb.Decision(decision_id=i, action_index=a, comment=c)),
            st.integers(0, UINT64 - 1),
            st.integers(0, UINT32 - 1),
            st.text(max_size=20),
        ),
    ),
    st.builds(lambda a, b: a + b, st.just(DECISION), st.binary(max_size=20)),  # trailing junk
    st.sampled_from([b"", b"\x0a\xff\xff\xff\xff\x0f", b"\x1a\x02\xff\xfe", b"\x0a\x03\x1a\x01\xff", b"\x0a" * 200]),
)


@settings(max_examples=500, deadline=None)
@given(frames)
def test_the_grpc_deserializer_never_raises(frame):
    parsed = grpc_bot._parse(frame)
    assert parsed is grpc_bot._GARBAGE or isinstance(parsed, pb.BotMessage)


class _RawBytesBot:
    """A gRPC bot server in this process that answers each decision request of a Play
    stream with the raw bytes queued for it under the match id (no serializer: what the
    arena receives is exactly those bytes, framed)."""

    def __init__(self) -> None:
        self.frames: dict[str, bytes] = {}
        handler = grpc.method_handlers_generic_handler(
            "arena.v1.Bot",
            {"Play": grpc.stream_stream_rpc_method_handler(self._play)},  # bytes in, bytes out
        )
        self.server = grpc.server(
            futures.ThreadPoolExecutor(max_workers=4),
            handlers=[handler],
            options=[("grpc.max_receive_message_length", -1), ("grpc.max_send_message_length", -1)],
        )
        self.port = self.server.add_insecure_port("127.0.0.1:0")
        self.server.start()

    def _play(self, requests, context):
        match = ""
        for raw in requests:
            message = pb.RefereeMessage.FromString(raw)
            if message.HasField("match_start"):
                match = message.match_start.match_id
            elif message.HasField("decision_request"):
                yield self.frames.pop(match)


@pytest.fixture(scope="module")
def raw_bot():
    bot = _RawBytesBot()
    yield bot
    bot.server.stop(None)


def decide_over_grpc(raw_bot: _RawBytesBot, frame: bytes, match: str) -> pb.Decision | BotFault:
    raw_bot.frames[match] = frame
    request = pb.RefereeMessage(decision_request=pb.DecisionRequest(decision_id=1)).SerializeToString()

    async def main() -> pb.Decision | BotFault:
        bot = GrpcBot("raw", f"127.0.0.1:{raw_bot.port}")
        try:
            async with bot.open_play(pb.MatchStart(match_id=match)) as stream:
                try:
                    return await stream.decide(request, 1, 20.0)
                except BotFault as fault:
                    return fault
        finally:
            bot.close()

    return trio.run(main)


_matches = iter(range(10**9))  # a match id per example


@settings(max_examples=60, deadline=None)
@given(frames)
@example(b"")
@example(DECISION[:3])
@example(b"\x0a" + b"\xff" * (MAX_BOT_MESSAGE_BYTES + 1))
def test_raw_grpc_frames_end_in_a_decision_or_a_named_fault(raw_bot, frame):
    outcome = decide_over_grpc(raw_bot, frame, f"m{next(_matches)}")
    if isinstance(outcome, BotFault):
        assert outcome.kind in {FaultKind.MALFORMED, FaultKind.OVERSIZED}, outcome
        assert outcome.reason
    else:
        assert outcome.decision_id == 1


@pytest.mark.parametrize(
    ("frame", "kind", "said"),
    [
        (b"", FaultKind.MALFORMED, "no decision in it"),
        (DECISION[:5], FaultKind.MALFORMED, "not a BotMessage"),
        (b"\x0a\x03\x1a\x01\xff", FaultKind.MALFORMED, "not a BotMessage"),  # a comment that is not UTF-8
        (None, FaultKind.OVERSIZED, "larger than max"),  # 64 MiB, made in the test
    ],
    ids=["empty", "truncated", "invalid-utf8", "64MiB"],
)
def test_bad_grpc_frames_are_named(raw_bot, frame, kind, said):
    if frame is None:
        frame = b"\x0a\xff\xff\xff\x1f" + bytes(64 * 1024 * 1024 - 5)
    outcome = decide_over_grpc(raw_bot, frame, f"named-{kind.value}-{len(frame)}")
    assert isinstance(outcome, BotFault) and outcome.kind is kind, outcome
    assert said in outcome.reason


@pytest.mark.parametrize("error", [RecursionError("deep"), MemoryError(), ValueError("x")])
def test_the_grpc_deserializer_is_total(monkeypatch, error):
    # Raised from a deserializer, grpc.aio logs a traceback and hands the stream None as
    # the message, which the referee would trip over (AttributeError): so nothing may be.
    class Exploding:
        @staticmethod
        def FromString(data: bytes) -> NoReturn:
            raise error

    monkeypatch.setattr(grpc_bot, "pb", SimpleNamespace(**{**vars(pb), "BotMessage": Exploding}))
    assert grpc_bot._parse(DECISION) is grpc_bot._GARBAGE
