"""One seat of a match as the referee keeps it (`MatchSeat`: its clock, its stream and
how its messages are written, the events it may see and how many it has been sent, its
faults in a row, the CPU its processes used), and what it asks of the seat's stream
(`SeatStream`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import engine
from arena.clock import Clock
from arena.play._ids import DecisionIds
from arena.process import CpuMeter, DecisionCpu
from arena.records import CpuUse

if TYPE_CHECKING:
    from arena.play._formats import RequestFormat, SeatWriter

__all__ = ["MatchSeat", "SeatStream", "Answer", "VIEW_WHEN_READ"]

#: The view a request is given when its writer makes the view only if the request is read
#: (a writer with ``views_when_read = True``: arena/play/_lazy.py's LazyRequests).
VIEW_WHEN_READ = engine.View()


class Answer(Protocol):
    """What the referee reads of a seat's decision: a pb.Decision, or the plain record an
    in-process seat answers with (arena/play/inprocess.py), which costs no message."""

    @property
    def action_index(self) -> int: ...

    @property
    def comment(self) -> str: ...


class SeatStream(Protocol):
    """One match's conversation with one seat; `cpu_meter` measures the CPU of the bot's
    processes when the arena runs them (None for a bot it does not run).

    `request_format` is the kind of seat (arena/play/_formats.py): how the referee writes
    what it gives `decide` and `send`.  A gRPC stream's is `ProtobufRequests` (serialized
    RefereeMessages), a stdio bot's `JsonRequests` (its JSON lines, JsonLine), an
    in-process seat's may be `RecordRequests` (the records themselves)."""

    @property
    def cpu_meter(self) -> CpuMeter | None: ...

    @property
    def request_format(self) -> RequestFormat: ...

    def send(self, message: Any) -> None:
        """A message of the match, as `request_format` writes it (MatchStart: a message)."""
        ...

    async def decide(self, request: Any, decision_id: int, time_limit: float) -> Answer:
        """`request` as `request_format` writes it: for ProtobufRequests, a serialized
        RefereeMessage holding the DecisionRequest."""
        ...

    def cancel(self) -> None: ...


class MatchSeat:
    """The referee's book-keeping for one seat during a match."""

    __slots__ = (
        "index",
        "name",
        "clock",
        "stream",
        "writer",
        "written",
        "consecutive_faults",
        "stopped",
        "events",
        "unsent",
        "deal_from",
        "latencies",
        "meter",
        "asked_cpu",
        "cpu",
        "ids",
        "view_now",
    )

    def __init__(self, index: int, name: str, clock: Clock, ids: DecisionIds, writer: SeatWriter) -> None:
        self.index = index
        self.name = name
        self.clock = clock
        self.stream: Any = None
        self.consecutive_faults = 0
        self.stopped: str | None = None
        self.events: list[engine.Event] = []  # every event this seat may see (as it may see it)
        self.unsent = 0  # how many of them the bot has been sent (as news, or in a view)
        self.deal_from = 0  # where the current deal's events begin in `events`
        self.latencies: list[float] = []
        self.meter: CpuMeter | None = None  # its processes' CPU, when the arena runs them
        self.asked_cpu: DecisionCpu | None = None  # the pending decision's CPU meter
        self.cpu = CpuUse(0, 0.0, 0.0)
        self.ids = ids  # its requests' ids, its own and unguessable (arena/play/_ids.py)
        self.written: Any = None  # what its writer keeps of its events (the writer's own)
        self.write_with(writer)

    def write_with(self, writer: SeatWriter) -> None:
        """Its messages are written by `writer` from now on (its stream's request_format,
        arena/play/_formats.py), which writes the events it has seen so far.  A writer
        that says `views_when_read` makes a request's view itself, when the request is
        read: the referee gives it VIEW_WHEN_READ (`view_now` False)."""
        self.writer = writer
        self.view_now = not getattr(writer, "views_when_read", False)
        writer.adopt(self)

    def open_decision(self) -> float:
        """A decision is about to be asked: what it used off turn is charged to its clock,
        and the time it may take is returned (0: the clock is spent)."""
        if self.meter is not None:
            self.asked_cpu = asked = self.meter.asked()
            if asked.owed:
                self.clock.charge(asked.owed)
        return self.clock.limit()

    def close_decision(self) -> None:
        """The pending decision got its answer, or failed: its CPU is counted."""
        asked = self.asked_cpu
        if asked is not None and self.meter is not None:
            self.asked_cpu = None
            used = self.meter.answered(asked)
            self.cpu += CpuUse(1, used + asked.owed, asked.owed)

    def owed_text(self) -> str:
        """Why the pending decision had less time, in words ("" when it had its due)."""
        asked = self.asked_cpu
        if asked is None or not asked.owed:
            return ""
        return (
            f"{asked.owed * 1000:.0f} ms of CPU its processes used while nothing was asked of it "
            "were charged to its clock"
        )

    def take_news_span(self) -> tuple[int, int]:
        """For a request: where the events of earlier deals this seat has not been sent
        yet begin and end in `events`.  The current deal's go in the view's deal_events;
        all count as sent."""
        start = self.unsent
        self.unsent = len(self.events)
        return start, self.deal_from

    def take_news(self) -> list[engine.Event]:
        """`take_news_span`'s events."""
        start, stop = self.take_news_span()
        return self.events[start:stop]

    def take_unsent_span(self) -> int:
        """For the end: where the events this seat has not been sent yet begin in
        `events`; all count as sent."""
        start = self.unsent
        self.unsent = len(self.events)
        return start

    def take_unsent(self) -> list[engine.Event]:
        """For the end: every event this seat has not been sent yet."""
        return self.events[self.take_unsent_span() :]

    @property
    def reachable(self) -> bool:
        return self.stream is not None and self.stopped is None
