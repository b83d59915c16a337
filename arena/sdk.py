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

__all__ = ["Bot", "EventFeed", "run", "serve", "parse_params", "ADDRESS_ENV", "pb"]


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
        """Return the index of the chosen action in `request.legal_actions`."""
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

    def deliver(self, request: pb.DecisionRequest, on_event: Callable[[pb.GameEvent], None]) -> None:
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


class SdkServicer(pb_grpc.BotServicer):
    def __init__(self, bot_class: type[Bot], params: dict[str, Any]) -> None:
        self._bot_class = bot_class
        self._params = params

    def Hello(self, request: pb.HelloRequest, context: grpc.ServicerContext) -> pb.HelloReply:
        cls = self._bot_class
        return pb.HelloReply(
            name=str(self._params.get("name", cls.name)),
            version=cls.version,
            protocol_version=PROTOCOL_VERSION,
            games=list(cls.games),
            description=cls.description,
        )

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
        bot = self._bot_class(self._params)
        # A bot that does not listen to events is spared the work of handing them over.
        feed = EventFeed() if type(bot).on_event is not Bot.on_event else None
        for message in requests:
            kind = message.WhichOneof("message")
            if kind == "decision_request":
                request = message.decision_request
                if feed is not None:
                    feed.deliver(request, bot.on_event)
                bot.comment = ""
                index = _wire_index(bot.act(request), len(request.legal_actions))
                yield pb.BotMessage(
                    decision=pb.Decision(decision_id=request.decision_id, action_index=index, comment=bot.comment)
                )
            elif kind == "event" and feed is not None:
                for event in message.event.events:
                    bot.on_event(event)
            elif kind == "match_start":
                bot.match = message.match_start
                bot.on_match_start(message.match_start)
            elif kind == "match_end":
                bot.on_match_end(message.match_end)
                return


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
    )
    parser.add_argument(
        "--address", default=os.environ.get(ADDRESS_ENV), help=f"listen address (default: ${ADDRESS_ENV})"
    )
    known, rest = parser.parse_known_args(sys.argv[1:] if argv is None else list(argv))
    if not known.address:
        parser.error(f"no address: set ${ADDRESS_ENV} or pass --address (e.g. localhost:50051)")
    serve(bot_class, known.address, parse_params(rest))
