"""Write an Arena bot in Python: subclass `Bot`, implement `act`, call `run`.

    import random
    from arena import sdk

    class RandomBot(sdk.Bot):
        name = "random"
        games = ("conto",)
        def act(self, request):
            return random.randrange(len(request.legal_actions))

    if __name__ == "__main__":
        sdk.run(RandomBot)

`run` serves the gRPC `Bot` service on the address in $ARENA_BOT_ADDRESS (or --address).
Each match seat gets a fresh instance, so instance attributes are per-match memory.
Bot parameters come from the command line: `run(MyBot)` parses `--key=value` arguments
into `self.params` (numbers converted), so one file plays as several tuned variants.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import operator
import os
import signal
import sys
import threading
import traceback
from collections.abc import Callable, Iterator, Sequence
from concurrent import futures
from typing import Any

import grpc

from arena.protocol import ADDRESS_ENV, MAX_REFEREE_MESSAGE_BYTES, PROTOCOL_VERSION
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc as pb_grpc

__all__ = [
    "Bot",
    "EventFeed",
    "MatchSession",
    "LazyDecisionRequest",
    "BotClassError",
    "load_bot_class",
    "hello_reply",
    "run",
    "serve",
    "parse_params",
    "ADDRESS_ENV",
    "pb",
]


class Bot:
    """Base class of a bot.  Override `act`; the `on_…` hooks are optional."""

    #: Shown in Hello and in tournament tables.
    name: str = "bot"
    version: str = "1"
    #: Game names this bot plays.
    games: tuple[str, ...] = ("conto",)
    #: One sentence: how the bot plays.
    description: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.params: dict[str, Any] = dict(params or {})
        self.match: pb.MatchStart | None = None
        self.comment = ""

    def param(self, key: str, default: Any) -> Any:
        """A tuning parameter from the command line, or `default`."""
        return self.params.get(key, default)

    def on_match_start(self, start: pb.MatchStart) -> None:
        """Called once per match, before anything else."""

    def on_event(self, event: pb.GameEvent) -> None:
        """Called for every event this seat may see, once each, in order: what is new
        just before `act` is called, the rest before `on_match_end`.  A request's news
        (earlier deals) come with their `text`; the current deal's new events are taken
        from the view's `deal_events`, which carry none."""

    def act(self, request: pb.DecisionRequest) -> int:
        """Return the index of the chosen action in `request.legal_actions`.  Played
        in-process, `request` is a `LazyDecisionRequest`, which reads the same."""
        raise NotImplementedError

    def on_match_end(self, end: pb.MatchEnd) -> None:
        """Called once when the match is over, with results and the shown hands."""


def parse_params(argv: Sequence[str]) -> dict[str, Any]:
    """`--key=value` / `--key value` pairs; ints and floats converted, `true`/`false` too."""
    params: dict[str, Any] = {}
    items = list(argv)
    while items:
        item = items.pop(0)
        if not item.startswith("--"):
            raise SystemExit(f"Bot parameters look like --key=value; cannot read {item!r}.")
        key, sep, value = item[2:].partition("=")
        if not sep:
            if not items or items[0].startswith("--"):
                value = "true"
            else:
                value = items.pop(0)
        params[key.replace("-", "_")] = _convert(value)
    return params


def _convert(value: str) -> Any:
    lowered = value.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    for kind in (int, float):
        try:
            return kind(value)
        except ValueError:
            pass
    return value


class EventFeed:
    """Every event once, in order, from a seat's requests: their news (what is left of
    earlier deals), then the current deal's `deal_events` not delivered yet.  `Bot`
    gets its `on_event` calls from one; a bot that does not subclass `Bot` may use it."""

    def __init__(self) -> None:
        self._deal = 0
        self._delivered = 0

    def deliver(
        self, request: pb.DecisionRequest | LazyDecisionRequest, on_event: Callable[[pb.GameEvent], None]
    ) -> None:
        for event in request.events:
            on_event(event)
        game = request.view.WhichOneof("game")
        if game is None:
            return
        if request.standing.deal != self._deal:
            self._deal, self._delivered = request.standing.deal, 0
        deal_events = getattr(request.view, game).deal_events
        for event in deal_events[self._delivered :]:
            on_event(pb.GameEvent(**{game: event}))
        self._delivered = len(deal_events)


#: What an index from `act` that the protocol's uint32 cannot carry (a negative one, or
#: one of 2**32 or more) is sent as: out of every range, so the referee calls the answer
#: `illegal`, as it does any index out of range, rather than the stream breaking (`crash`).
_UNCARRIED_INDEX = 2**32 - 1


def _wire_index(index: int, legal: int) -> int:
    """`act`'s answer as the protocol carries it; see `_UNCARRIED_INDEX`.  Its stderr (the
    bot's log) tells the bot's author what `act` returned."""
    index = operator.index(index)
    if 0 <= index < 2**32:
        return index
    print(
        f"arena.sdk: act returned {index}, which is not an index of the {legal} legal actions "
        f"(0 to {legal - 1}); it is sent as {_UNCARRIED_INDEX}, which the referee calls illegal",
        file=sys.stderr,
        flush=True,
    )
    return _UNCARRIED_INDEX


def hello_reply(bot_class: type[Bot], params: dict[str, Any]) -> pb.HelloReply:
    """What a bot of `bot_class` with `params` says of itself (its `name` parameter wins)."""
    return pb.HelloReply(
        name=str(params.get("name", bot_class.name)),
        version=bot_class.version,
        protocol_version=PROTOCOL_VERSION,
        games=list(bot_class.games),
        description=bot_class.description,
    )


class SdkServicer(pb_grpc.BotServicer):
    def __init__(self, bot_class: type[Bot], params: dict[str, Any]) -> None:
        self._bot_class = bot_class
        self._params = params

    def Hello(self, request: pb.HelloRequest, context: grpc.ServicerContext) -> pb.HelloReply:
        return hello_reply(self._bot_class, self._params)

    def Play(self, requests: Iterator[pb.RefereeMessage], context: grpc.ServicerContext) -> Iterator[pb.BotMessage]:
        try:
            yield from self._play(requests)
        except grpc.RpcError:
            # The referee cancelled the stream (a seat stopped after its faults, a
            # benchmark's ping-pong done) or the connection went: nothing is left to answer.
            return
        except Exception:
            # grpc would only say "Exception iterating responses"; the bot's log (its
            # stderr) gets the traceback, where its author, and the arena, read why.
            traceback.print_exc(file=sys.stderr)
            sys.stderr.flush()
            raise

    def _play(self, requests: Iterator[pb.RefereeMessage]) -> Iterator[pb.BotMessage]:
        session = MatchSession(self._bot_class(self._params))
        for message in requests:
            kind = message.WhichOneof("message")
            if kind == "decision_request":
                request = message.decision_request
                index = _wire_index(session.act(request), len(request.legal_actions))
                yield pb.BotMessage(
                    decision=pb.Decision(
                        decision_id=request.decision_id, action_index=index, comment=session.bot.comment
                    )
                )
            elif kind == "event":
                session.news(message.event.events)
            elif kind == "match_start":
                session.start(message.match_start)
            elif kind == "match_end":
                session.end(message.match_end)
                return


class LazyDecisionRequest:
    """A DecisionRequest made on its first read: what `act` gets in the referee's own
    process (a bot played in-process, arena/play/inprocess.py), so that a bot that reads
    only the number of legal actions costs no message.

    Every field and method reads as the DecisionRequest's, the very message a gRPC bot
    gets for the same decision.  `decision_id`, `time_limit_ms` and `len(legal_actions)`
    are known without making it.  `message` is the DecisionRequest itself, for code that
    needs the type (`isinstance`, `json_format`, `CopyFrom`)."""

    __slots__ = ("decision_id", "time_limit_ms", "_legal_count", "_make", "_message")

    def __init__(
        self, make: Callable[[], pb.DecisionRequest], decision_id: int, time_limit_ms: int, legal_count: int
    ) -> None:
        self.decision_id = decision_id
        self.time_limit_ms = time_limit_ms
        self._legal_count = legal_count
        self._make: Callable[[], pb.DecisionRequest] | None = make
        self._message: pb.DecisionRequest | None = None

    @property
    def legal_actions(self) -> Sequence[Any]:
        """The legal actions: their number known, the actions made on first read.  (Made
        anew at each read, not kept: kept, it would make a reference cycle of every
        request, left to the garbage collector.)"""
        message = self._message
        return _LazyLegalActions(self, self._legal_count) if message is None else message.legal_actions

    @property
    def message(self) -> pb.DecisionRequest:
        """The DecisionRequest, made the first time it is read."""
        message = self._message
        if message is None:
            assert self._make is not None
            message = self._message = self._make()
            self._make = None  # what it was made from may go
        return message

    def __getattr__(self, name: str) -> Any:  # every field and method but the three above
        return getattr(self.message, name)

    def __eq__(self, other: object) -> bool:
        return self.message == (other.message if isinstance(other, LazyDecisionRequest) else other)

    __hash__ = None  # type: ignore[assignment]  # as a message's: it has none

    def __str__(self) -> str:
        return str(self.message)

    def __repr__(self) -> str:
        return repr(self.message)


class _LazyLegalActions(Sequence[Any]):
    """A LazyDecisionRequest's `legal_actions`: their number without the message, the
    actions themselves (the message's repeated field) made on first read."""

    __slots__ = ("_request", "_count")

    def __init__(self, request: LazyDecisionRequest, count: int) -> None:
        self._request = request
        self._count = count

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index: Any) -> Any:
        return self._request.message.legal_actions[index]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._request.message.legal_actions)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._request.message.legal_actions, name)

    def __eq__(self, other: object) -> bool:
        return self._request.message.legal_actions == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._request.message.legal_actions)


class MatchSession:
    """One bot instance through one match, message by message: the hooks called in order,
    the events handed over once each.  `SdkServicer` plays one per Play stream; the
    arena's in-process seat (arena/play/inprocess.py) plays one in the referee's process,
    so a bot behaves the same either way."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        # A bot that does not listen to events is spared the work of handing them over.
        self._feed = EventFeed() if type(bot).on_event is not Bot.on_event else None

    @property
    def listens(self) -> bool:
        """Whether the bot hears events (its class overrides `on_event`): `news` hands
        them over only then."""
        return self._feed is not None

    @property
    def hears_end(self) -> bool:
        """Whether `end` calls anything of the bot's own (its class overrides `on_match_end`)."""
        return type(self.bot).on_match_end is not Bot.on_match_end

    def start(self, start: pb.MatchStart) -> None:
        self.bot.match = start
        self.bot.on_match_start(start)

    def act(self, request: pb.DecisionRequest | LazyDecisionRequest) -> Any:
        """What `act` returns for `request` (its new events delivered first); the bot's
        `comment` is reset before and read after.  In the referee's process `request` is
        a LazyDecisionRequest, which `act` reads as the DecisionRequest."""
        bot = self.bot
        if self._feed is not None:
            self._feed.deliver(request, bot.on_event)
        bot.comment = ""
        return bot.act(request)  # type: ignore[arg-type]  # a LazyDecisionRequest reads as one

    def news(self, events: Sequence[pb.GameEvent]) -> None:
        if self._feed is not None:
            for event in events:
                self.bot.on_event(event)

    def end(self, end: pb.MatchEnd) -> None:
        self.bot.on_match_end(end)


class BotClassError(ImportError):
    """A "package.module:Class" name that gives no `Bot` class; the message says why."""


def load_bot_class(name: str) -> type[Bot]:
    """The `Bot` subclass that "package.module:Class" names, its module imported as
    ``python -m`` would from the current directory (which goes on sys.path)."""
    module_name, colon, class_name = name.partition(":")
    example = 'e.g. "bots.random_bot:RandomBot"'
    if not colon or not module_name or not class_name:
        raise BotClassError(f"{name!r} does not name a class as package.module:Class ({example})")
    if not all(part.isidentifier() for part in (*module_name.split("."), *class_name.split("."))):
        raise BotClassError(f"{name!r} is not a module and class name of Python identifiers ({example})")
    here = os.getcwd()
    if here not in sys.path:
        sys.path.append(here)
    try:
        found: Any = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name is not None and (module_name + ".").startswith(error.name + "."):
            raise BotClassError(
                f"there is no module {error.name!r} (looked in {here} and the installed packages)"
            ) from None
        raise BotClassError(f"importing {module_name} failed: {error}") from None
    except Exception as error:  # noqa: BLE001 - the module's own code failed: say how
        raise BotClassError(f"importing {module_name} raised {type(error).__name__}: {error}") from None
    for part in class_name.split("."):
        try:
            found = getattr(found, part)
        except AttributeError:
            raise BotClassError(f"the module {module_name} has no {class_name!r}") from None
    if not (isinstance(found, type) and issubclass(found, Bot)):
        raise BotClassError(
            f"{name} is {_what(found)}, not a subclass of arena.sdk.Bot (class MyBot(arena.sdk.Bot): …)"
        )
    return found


def _what(found: object) -> str:
    """What a name that is not a bot class names, in words (not its repr's address)."""
    if isinstance(found, type):
        return f"the class {found.__module__}.{found.__qualname__}"
    if inspect.ismodule(found):
        return "a module"
    if callable(found):
        return "a function"
    return f"a value of type {type(found).__name__}"


def serve(bot_class: type[Bot], address: str, params: dict[str, Any] | None = None) -> None:
    """Serve `bot_class` on `address` until SIGTERM/SIGINT or the parent arena goes away."""
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=64, thread_name_prefix="bot"),
        options=[("grpc.max_receive_message_length", MAX_REFEREE_MESSAGE_BYTES)],
    )
    pb_grpc.add_BotServicer_to_server(SdkServicer(bot_class, dict(params or {})), server)
    if server.add_insecure_port(address) == 0 and not address.startswith("unix:"):
        raise SystemExit(f"Cannot listen on {address}.")
    server.start()
    stop = threading.Event()

    def on_signal(signum: int, frame: object) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    parent = os.getppid()
    # Polling the parent covers an arena killed with -9 on systems without PDEATHSIG.
    while not stop.wait(0.5):
        if os.getppid() != parent:
            break
    server.stop(grace=0.2).wait()


def run(bot_class: type[Bot], argv: Sequence[str] | None = None) -> None:
    """The `main` of a bot script: read the address and parameters, then serve."""
    parser = argparse.ArgumentParser(
        prog=bot_class.name,
        description=bot_class.description or None,
        epilog="Other --key=value arguments become the bot's parameters (self.params).",
        allow_abbrev=False,  # a parameter such as --a=1 is the bot's, not a short --address
    )
    parser.add_argument(
        "--address", default=os.environ.get(ADDRESS_ENV), help=f"listen address (default: ${ADDRESS_ENV})"
    )
    known, rest = parser.parse_known_args(sys.argv[1:] if argv is None else list(argv))
    if not known.address:
        parser.error(f"no address: set ${ADDRESS_ENV} or pass --address (e.g. localhost:50051)")
    serve(bot_class, known.address, parse_params(rest))
