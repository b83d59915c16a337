"""One match as the referee keeps it, transport aside: whom to ask, what to send, what
an answer or a fault does.  `arena.play.referee` opens the streams and drives it.

Each seat keeps every event it may see, as it may see it (the very event when it hides
nothing).  A request's news (`events`) holds only what the seat has not had of earlier
deals: the current deal is in its view, and nothing is sent twice in one request.  How
a request and the last messages are written for a seat (protobuf bytes, a JSON line, the
records themselves) is its writer's (arena/play/_formats.py: its stream's
`request_format`), which joins them from parts made once; nothing in a request grows
with the match.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import engine
from arena.clock import Clock, Period, TimeControl
from arena.errors import BotFault
from arena.play._formats import ProtobufRequests, RequestFormat, SeatWriter
from arena.play._ids import DecisionIds
from arena.play._said import as_said
from arena.play._seat import VIEW_WHEN_READ, Answer, MatchSeat, SeatStream
from arena.play.feed import GameWire, wire_for
from arena.protocol import COMMENT_LIMIT
from arena.records import Comment, Fault, FaultKind, MatchRecord
from arena.v1 import arena_pb2 as pb

__all__ = ["Match", "MatchSeat", "Ask", "RefereeProfile"]

log = logging.getLogger("arena.referee")

#: An event class that keeps engine.Event's `visible_to` shows every seat the very event.
_HIDES_NOTHING = engine.Event.visible_to


@dataclass
class RefereeProfile:
    """The referee's own time per phase, in seconds, added up over decisions.

    `legal`: the legal actions; `view`: the seat's view; `encode`: the request written
    (its bytes, its line), the events it holds for the first time included; `apply`: the
    action (or forfeit) applied; `events`: new events handed to the seats that see them.
    """

    PHASES = ("legal", "view", "encode", "apply", "events")

    decisions: int = 0
    legal: float = 0.0
    view: float = 0.0
    encode: float = 0.0
    apply: float = 0.0
    events: float = 0.0
    #: Per decision, the sum of the phases (wall-clock: a thread kept waiting for the CPU
    #: or the GIL counts).
    per_decision: list[float] = field(default_factory=list)
    #: Per decision, the driving thread's CPU time from the request's making to the
    #: answer's applying: the phases' own work, plus the little a blocked wait costs.
    cpu_per_decision: list[float] = field(default_factory=list)

    def phases(self) -> dict[str, float]:
        return {name: getattr(self, name) for name in self.PHASES}


class Ask(NamedTuple):
    """A decision to ask: of which seat, the request as the seat's writer made it for its
    stream (a serialized RefereeMessage, a JsonLine, a RecordRequest: _formats.py), its
    id, and the seconds it may take."""

    seat: MatchSeat
    request: object
    decision_id: int
    time_limit: float


class Match:
    """One match in progress between seats that answer requests."""

    STOP_AFTER = 3

    def __init__(
        self,
        game: engine.Game,
        names: Sequence[str],
        *,
        seed: int,
        deals: int,
        move_time: float = 1.0,
        time_controls: Sequence[TimeControl] | None = None,
        match_id: str = "",
        bot_match_id: str | None = None,
        hands: Sequence[str] | None = None,
        on_event: Callable[[engine.Event], None] | None = None,
        profile: RefereeProfile | None = None,
    ) -> None:
        self.started = time.monotonic()
        self.game = game
        self.seed = seed
        self.deals = deals
        self.match_id = match_id
        self.bot_match_id = match_id if bot_match_id is None else bot_match_id
        self.state = game.new_match(seed=seed, deals=deals, hands=hands)
        self.wire: GameWire = wire_for(game)
        self._writers: dict[RequestFormat, SeatWriter] = {}
        protobuf = self._writer(ProtobufRequests)  # until a seat's stream says otherwise
        controls = list(time_controls or [TimeControl.per_move(move_time)] * len(names))
        if len(controls) != len(names):
            raise ValueError(f"{len(controls)} time controls were given for {len(names)} seats")
        self.seats = [
            MatchSeat(i, name, Clock(control), DecisionIds.of_seat(seed, i), protobuf)
            for i, (name, control) in enumerate(zip(names, controls))
        ]
        self.faults: list[Fault] = []
        self.comments: list[Comment] = []
        self.profile = profile
        self._on_event = on_event
        self._recorded = 0
        self._pending_legal: tuple[engine.Action, ...] = ()
        self._asked_work = 0.0  # profiling: the wall time of the pending request's making
        self._asked_cpu = 0.0  # profiling: the thread's CPU time when it began
        self._record_events()

    # --- the conversation -----------------------------------------------------------
    def attach(self, seat: MatchSeat, stream: SeatStream) -> None:
        """`seat` is asked through `stream` from now on, in its `request_format`."""
        seat.stream = stream
        seat.meter = stream.cpu_meter
        self.use_format(seat, stream.request_format)

    def use_format(self, seat: MatchSeat, request_format: RequestFormat) -> None:
        """Write `seat`'s messages in `request_format` (the default: ProtobufRequests)."""
        writer = self._writer(request_format)
        if writer is not seat.writer:
            seat.write_with(writer)

    def _writer(self, request_format: RequestFormat) -> SeatWriter:
        writer = self._writers.get(request_format)
        if writer is None:
            writer = self._writers[request_format] = request_format(self.wire, self.state, self.deals)
        return writer

    def start_message(self, seat: MatchSeat) -> pb.MatchStart:
        control = seat.clock.control
        return pb.MatchStart(
            match_id=self.bot_match_id,
            game=self.game.spec.name,
            options=self.wire.options(),
            players=self.game.players,
            seat=seat.index,
            names=[s.name for s in self.seats],
            deals=self.deals,
            move_time_ms=_ms(control.base) if control.period is Period.MOVE else 0,
            time_control=pb.TimeControl(
                base_ms=_ms(control.base),
                increment_ms=_ms(control.increment),
                period=pb.TimeControlPeriod.Value("TIME_CONTROL_PERIOD_" + control.period.name),
            ),
        )

    def failed_to_start(self, seat: MatchSeat, fault: BotFault) -> None:
        self._charge(seat, fault)
        seat.stopped = f"{fault.kind.value}: {fault.reason}"

    def next_request(self) -> Ask | None:
        """The next decision to ask; None once the match is over.  Seats that cannot be
        asked forfeit on the way, and a seat whose clock is spent times out unasked."""
        state = self.state
        profile = self.profile
        while True:
            turn = state.turn()
            if turn is None:
                return None
            seat = self.seats[turn.seat]
            if not seat.reachable:
                self._forfeit(seat, FaultKind.STOPPED.value)
            elif (time_limit := seat.open_decision()) <= 0:
                why = f": {owed}" if (owed := seat.owed_text()) else ""
                spent = f"its clock has run out{why} ({seat.clock.control})"
                self.faulted(seat, BotFault(FaultKind.TIMEOUT, spent, clock_spent=True))
            else:
                break
        if profile:
            self._asked_cpu = time.thread_time()
        t0 = time.perf_counter() if profile else 0.0
        legal = state.legal_actions()
        t1 = time.perf_counter() if profile else 0.0
        view = state.view(seat.index) if seat.view_now else VIEW_WHEN_READ
        t2 = time.perf_counter() if profile else 0.0
        decision_id = seat.ids.next()
        request = seat.writer.request(seat, decision_id, _ms(time_limit), view, legal, turn)
        self._pending_legal = legal
        if profile:
            t3 = time.perf_counter()
            profile.legal += t1 - t0
            profile.view += t2 - t1
            profile.encode += t3 - t2
            self._asked_work = t3 - t0
        return Ask(seat, request, decision_id, time_limit)

    def answered(self, seat: MatchSeat, decision: Answer, latency: float) -> None:
        """Apply a seat's answer (an index out of range is an `illegal` fault)."""
        seat.close_decision()
        seat.latencies.append(latency)
        seat.clock.spend(latency)
        legal = self._pending_legal
        if decision.action_index >= len(legal):
            self.faulted(
                seat,
                BotFault(
                    FaultKind.ILLEGAL,
                    f"action index {decision.action_index} is out of range: "
                    f"there were {len(legal)} legal actions (0 to {len(legal) - 1})",
                ),
            )
            return
        seat.consecutive_faults = 0
        if decision.comment:
            comment = decision.comment[:COMMENT_LIMIT]
            self.comments.append(Comment(seat.index, self.current_deal(), comment))
            if log.isEnabledFor(logging.INFO):  # a bot's words, on one line: it cannot forge the log's
                log.info(
                    "match %s: seat %d (%s) says: %s", self.match_id or "-", seat.index, seat.name, as_said(comment)
                )
        profile = self.profile
        t0 = time.perf_counter() if profile else 0.0
        self.state.apply(legal[decision.action_index])
        t1 = time.perf_counter() if profile else 0.0
        self._record_events()
        if profile:
            t2 = time.perf_counter()
            profile.apply += t1 - t0
            profile.events += t2 - t1
            profile.decisions += 1
            profile.per_decision.append(self._asked_work + t2 - t0)
            profile.cpu_per_decision.append(time.thread_time() - self._asked_cpu)

    def faulted(self, seat: MatchSeat, fault: BotFault) -> None:
        """A seat failed to answer: charge it, it forfeits the deal, maybe it is stopped."""
        if fault.kind is FaultKind.TIMEOUT:
            if not fault.clock_spent:  # the spent clock's own fault says it all
                owed = seat.owed_text()
                if owed:
                    fault = BotFault(fault.kind, f"{fault.reason}; {owed}")
                if seat.clock.control.period is not Period.MOVE:
                    fault = BotFault(fault.kind, f"{fault.reason} (its clock: {seat.clock.control})")
            seat.clock.run_out()
        seat.close_decision()
        # The deal the fault happened in: forfeiting it may finish it (and the match), after
        # which `current_deal` names the next one.
        deal = self.current_deal()
        self._charge(seat, fault, deal)
        seat.consecutive_faults += 1
        # Every seat sees the forfeit; the reason may tell what this seat alone knew (how
        # many legal actions it had, its clock, its own output): its fault record keeps it.
        self._forfeit(seat, fault.kind.value)
        if seat.consecutive_faults >= self.STOP_AFTER:
            seat.stopped = f"{self.STOP_AFTER} consecutive faults"
            self._charge(
                seat,
                BotFault(
                    FaultKind.STOPPED,
                    f"stopped for the rest of the match after {self.STOP_AFTER} consecutive faults",
                ),
                deal,
            )
            seat.stream.cancel()

    def send_match_end(self) -> None:
        """The last news, then MatchEnd with the whole match, to every seat still there:
        every fault, with its reason only for the seat's own (see `faulted`)."""
        result = self.wire.result(self.state.result(), self.state.standing())
        for seat in self.seats:
            if not seat.reachable:
                continue
            faults = [
                pb.Fault(
                    seat=f.seat,
                    bot=f.bot,
                    kind=pb.FaultKind.Value("FAULT_KIND_" + f.kind.name),
                    reason=f.reason if f.seat == seat.index else "",
                    deal=f.deal,
                )
                for f in self.faults
            ]
            for message in seat.writer.last(seat, pb.MatchEnd(result=result, faults=faults)):
                seat.stream.send(message)

    def record(self) -> MatchRecord:
        state = self.state
        return MatchRecord(
            match_id=self.match_id,
            game=self.game.spec.name,
            players=self.game.players,
            options=dict(self.game.options),
            seed=self.seed,
            deals=self.deals,
            names=tuple(s.name for s in self.seats),
            result=state.result(),
            standing=state.standing(),
            history=state.history,
            faults=tuple(self.faults),
            comments=tuple(self.comments),
            latencies=tuple(tuple(s.latencies) for s in self.seats),
            cpu=tuple(s.cpu if s.meter is not None else None for s in self.seats),
            seconds=time.monotonic() - self.started,
        )

    # --- book-keeping ----------------------------------------------------------------
    def current_deal(self) -> int:
        return len(self.state.deal_results()) + 1

    def _charge(self, seat: MatchSeat, fault: BotFault, deal: int | None = None) -> None:
        """Record `fault` against `seat` in `deal` (default: the deal being played)."""
        record = Fault(seat.index, seat.name, fault.kind, fault.reason, deal or self.current_deal())
        self.faults.append(record)
        log.warning("match %s: %s", self.match_id or "-", record)

    def _forfeit(self, seat: MatchSeat, reason: str) -> None:
        profile = self.profile
        t0 = time.perf_counter() if profile else 0.0
        self.state.forfeit(seat.index, reason)
        t1 = time.perf_counter() if profile else 0.0
        self._record_events()
        if profile:
            profile.apply += t1 - t0
            profile.events += time.perf_counter() - t1

    def _record_events(self) -> None:
        """Hand new history entries to the seats that may see them, as each may see them,
        and to each seat's writer, which writes them now; a deal's first event begins
        every seat's new deal."""
        new = self.state.history_since(self._recorded)
        on_event = self._on_event
        seats = self.seats
        for event in new:
            if on_event is not None:
                on_event(event)
            if event.starts_deal:
                for seat in seats:
                    seat.clock.new_deal()
                    seat.deal_from = len(seat.events)
            if type(event).visible_to is _HIDES_NOTHING:  # most events: the very event for all
                for seat in seats:
                    seat.events.append(event)
                    seat.writer.recorded(seat, event)
                continue
            for seat in seats:
                visible = event.visible_to(seat.index)
                if visible is not None:
                    seat.events.append(visible)
                    seat.writer.recorded(seat, visible)
        self._recorded += len(new)


def _ms(seconds: float) -> int:
    return round(seconds * 1000)
